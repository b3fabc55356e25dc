"""The server keeps its site in memory, as `strace` sees the process's every `openat`: one Plan
My Day from the browser, and the schedule it lands on, read `site.yml`, `plan.json`, `tasks.json`
and the inbox at most once each, take the planner's lock once, and write no site file to disk (no `Public/`, no built copy under the state folder); the build after a Done
reads no culture entry or reflection again but an edited one."""
import json
import pathlib
import re
import subprocess
import time

import pytest

from server_support import Server, morning_somewhere, wait_for

OPENAT = re.compile(r'^\d+\s+(\d+\.\d+) openat\([^,]+, "([^"]+)", ([A-Z_|]+)')


class TracedServer(Server):
    """`aura serve` under `strace -f -e trace=openat`, each call stamped with the wall clock."""

    def __init__(self, root, **kwargs):
        self.trace = root / "openat.trace"
        super().__init__(root, wrapper=["strace", "-f", "-ttt", "-qq", "-e", "trace=openat", "-o", str(self.trace)],
                         **kwargs)

    def stop(self):
        # The signal goes to the server itself; strace ends with it and passes on its status.
        server = int(subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True,
                                    check=True).stdout.split()[0])
        subprocess.run(["kill", "-TERM", str(server)], check=True)
        self.process.wait(timeout=120)
        assert self.process.returncode == 0, self.process.stderr.read()

    def opened_between(self, start, end):
        """(path, flags) of every openat the server made between the two wall-clock times."""
        calls = []
        for line in self.trace.read_text().splitlines():
            match = OPENAT.match(line)
            if match and start <= float(match.group(1)) <= end:
                calls.append((match.group(2), match.group(3)))
        return calls


@pytest.mark.household  # the planner folder's files, locks and writes, as strace sees them
def test_one_plan_my_day_reads_site_yml_once_and_writes_no_site_file(tmp_path):
    server = TracedServer(tmp_path, content_edit=morning_somewhere)
    try:
        browser = server.signed_in()
        token = server.form_token(browser)
        start = time.time()
        # The POST, and the schedule it sends the person to, which shows the new plan.
        answer = browser.post(server.url + "/planner/plan", data={"csrf": token, "inbox": "write the zzbrief 1h"})
        end = time.time()
        assert answer.history[0].status_code == 303 and "/schedule/" in answer.url, answer.text
        assert "zzbrief" in answer.text
        # strace writes its log as the calls return; the POST's last openat is in by the time
        # the answer arrived, but wait until the log shows the planner's store was written (to
        # its temporary copy, then renamed).
        calls = wait_for(lambda: [call for call in server.opened_between(start, end)
                                  if call[0].endswith("/.tasks.json.tmp")] and server.opened_between(start, end),
                         "the Plan My Day's openat calls in the trace")
        settings = [path for path, _ in calls if path.endswith("/site.yml")]
        assert len(settings) <= 1, f"site.yml opened {len(settings)} times: {calls}"
        # The planner is read as one value, kept in memory by the change that wrote it: the plan
        # and the store are each read at most once, and the lock is taken once, by the plan.
        for name in ("plan.json", "tasks.json", "inbox.md"):
            reads = [path for path, flags in calls if path.endswith("/planner/" + name) and flags.startswith("O_RDONLY")]
            assert len(reads) <= 1, f"{name} read {len(reads)} times: {calls}"
        locks = [path for path, _ in calls if path.endswith("/.aura.lock")]
        assert len(locks) == 1, f"the planner's lock taken {len(locks)} times: {locks}"
        written = [path for path, flags in calls if re.search(r"O_WRONLY|O_RDWR|O_CREAT", flags)]
        site_files = [path for path in written
                      if "/Public" in path or str(server.state / "site") in path or "/people-sites/" in path]
        assert site_files == [], f"site files written to disk: {site_files}"
        assert not (server.state / "site").exists()
        # The plan's JSON comes from memory too, as the site's other files do.
        assert "zzbrief" in browser.get(server.url + "/notifications.json").text
        assert re.search(r"^SUMMARY:[^\r]*write the zzbrief", browser.get(server.url + "/aura.ics").text, re.M)
        assert browser.get(server.url + "/culture/").status_code == 200
    finally:
        server.stop()


@pytest.mark.household  # the planner folder's files, locks and writes, as strace sees them
def test_a_done_reads_no_content_file(tmp_path):
    """A Done changes the person's pages, not the site's: the pages after it are made from the
    build in memory and the planner the Done kept, so no content file is opened for them (an
    edit of the content is built with --watch, or at the next start)."""
    server = TracedServer(tmp_path, content_edit=morning_somewhere)
    origin = {"Origin": server.url}
    try:
        browser = server.signed_in()
        token = server.form_token(browser)
        planned = browser.post(server.url + "/planner/plan", data={"csrf": token, "inbox": "write the zzbrief 1h"})
        assert "zzbrief" in planned.text
        task = next(task["id"] for task in json.loads((server.content / "planner" / "tasks.json").read_text())["tasks"]
                    if task["title"] == "write the zzbrief")
        for action in ("/api/done", "/api/undone"):
            start = time.time()
            assert browser.post(server.url + action, json={"id": task}, headers=origin).status_code == 200
            dashboard = browser.get(server.url + "/dashboard/")
            end = time.time()
            assert dashboard.status_code == 200 and "zzbrief" in dashboard.text
            calls = wait_for(lambda: [call for call in server.opened_between(start, end)
                                      if call[0].endswith("/.tasks.json.tmp")] and server.opened_between(start, end),
                             "the Done's openat calls in the trace")
            opened = [path for path, flags in calls if flags.startswith("O_RDONLY")]
            # The plan and the store come from memory: the Done kept the store it wrote.
            assert [path for path in opened if path.endswith(("/plan.json", "/tasks.json"))] == [], opened
            assert [path for path in opened if "/culture/" in path or "/reflections/" in path
                    or "/Templates/" in path or "/docs/" in path] == [], opened
    finally:
        server.stop()
