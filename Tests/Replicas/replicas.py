"""Replicas of `aura serve` sharing one PostgreSQL database, and nginx in front of them, as
processes on loopback for Tests/Replicas. The database is a fresh one in the cluster
`pg_virtualenv` started (its PG* environment), migrated with `aura db migrate`."""
import datetime
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import threading

import requests

from aura_served import PASSWORD, morning_somewhere, new_postgres_database, postgres_url, wait_for
from aura_test_paths import REPO, aura_binary

__all__ = ["Household", "Nginx", "Replica", "psql", "wait_for"]


def psql(sql, variables=None, database=None):
    """Runs `sql` (read from standard input, so `:'name'` takes `variables`); its rows, each a
    list of texts (values may span lines)."""
    # Records end with a zero byte and fields with a unit separator: values span lines.
    command = ["psql", "-X", "-q", "-At", "-0", "-F", "\x1f", "-v", "ON_ERROR_STOP=1"]
    for name, value in (variables or {}).items():
        command += ["-v", f"{name}={value}"]
    if database:
        command += ["-d", database]
    done = subprocess.run(command, input=sql, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return [record.split("\x1f") for record in done.stdout.split("\0") if record]


class Household:
    """A fresh database with the schema, the default content (its day just beginning), and
    `people` who may sign in with PASSWORD (the first is the owner)."""

    def __init__(self, root, people):
        self.name = new_postgres_database()
        self.url = postgres_url(self.name)
        self.content = root / "Content"
        shutil.copytree(REPO / "Content", self.content, symlinks=False)
        (self.content / "planner" / "DEMO.md").unlink()
        morning_somewhere(self.content)
        self.aura = aura_binary()
        migrated = subprocess.run([str(self.aura), "db", "migrate", "--database", self.url], capture_output=True, text=True)
        assert migrated.returncode == 0, migrated.stderr
        for name in people:
            added = subprocess.run([str(self.aura), "user", "add", name, "--password-stdin", "--database", self.url,
                                    "--content", str(self.content)], input=PASSWORD + "\n", capture_output=True, text=True)
            assert added.returncode == 0, added.stderr

    def query(self, sql, *parameters):
        """Rows of `sql` in this database, `$1`… bound to `parameters`."""
        for index in range(len(parameters), 0, -1):
            sql = sql.replace(f"${index}", f":'p{index}'")
        return psql(sql + ";\n", {f"p{index + 1}": value for index, value in enumerate(parameters)}, self.name)

    def planner_part(self, person, part):
        rows = self.query(f"SELECT coalesce({part}, '') FROM aura_planners p JOIN people n ON n.id = p.person "
                          "WHERE n.name = $1", person)
        return rows[0][0] if rows else ""

    def tasks(self, person):
        store = self.planner_part(person, "store")
        return json.loads(store)["tasks"] if store else []

    def task(self, person, task_id):
        return next(task for task in self.tasks(person) if task["id"] == task_id)

    def planner_text(self, person):
        """The person's inbox and task store, as text: where a captured line lands."""
        return self.planner_part(person, "inbox") + self.planner_part(person, "store")

    def reminder_id(self, person, title_prefix):
        """The id of the reminder of the block whose first task's title starts `title_prefix`."""
        plan = json.loads(self.planner_part(person, "plan"))
        for day in plan["days"]:
            for block in day["blocks"]:
                if any(task["title"].startswith(title_prefix) for task in block["tasks"]):
                    return next(note["id"] for note in day["notifications"] if note["blockId"] == block["id"])
        raise AssertionError(f"no block of {title_prefix} in {plan}")

    def clock_in_site(self, minutes):
        """HH:MM on the site's clock, `minutes` from now."""
        zone = re.search(r"time_zone: (\S+)", (self.content / "site.yml").read_text()).group(1)
        hours = -int(zone[len("Etc/GMT"):] or 0)
        moment = datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=hours)))
        return (moment + datetime.timedelta(minutes=minutes)).strftime("%H:%M")

    def signed_in(self, name, url):
        browser = requests.Session()
        form = browser.get(url + "/login/")
        token = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
        answer = browser.post(url + "/login/", data={"csrf": token, "name": name, "password": PASSWORD},
                              allow_redirects=False)
        assert answer.status_code == 303, answer.text
        return browser


class Replica:
    """`aura serve --database` on a port of its own, with a state folder of its own. With
    `pause_at`, a debug build stops itself at that pause point (`PausePoint`)."""

    def __init__(self, household, state, arguments=(), pause_at=None):
        environment = dict(os.environ)
        if pause_at:
            environment["AURA_PAUSE_AT"] = pause_at
        command = [str(household.aura), "serve", "--content", str(household.content), "--templates",
                   str(REPO / "Templates"), "--database", household.url, "--listen", "127.0.0.1:0",
                   "--state", str(state), *arguments]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                        env=environment)
        line = self.process.stdout.readline()
        match = re.search(r"at (http://127\.0\.0\.1:(\d+))/", line)
        assert match, f"aura serve did not start: {line}{self.process.stderr.read() if self.process.poll() is not None else ''}"
        self.url, self.port = match.group(1), int(match.group(2))
        self.paused = threading.Event()
        self.errors = []
        threading.Thread(target=self._read_errors, daemon=True).start()
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def _read_errors(self):
        for line in self.process.stderr:
            self.errors.append(line)
            if line.startswith("aura: paused at"):
                self.paused.set()

    def wait_until_paused(self):
        assert self.paused.wait(timeout=180), "".join(self.errors)

    def kill(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)


class Nginx:
    """nginx on a free loopback port, round robin over `replicas`."""

    def __init__(self, folder, replicas):
        folder.mkdir()
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        upstreams = "".join(f"        server 127.0.0.1:{replica.port} max_fails=1 fail_timeout=30s;\n"
                            for replica in replicas)
        temporary = "".join(f"    {kind}_temp_path {folder}/{kind};\n"
                            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (folder / "nginx.conf").write_text(f"""
daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 1024; }}
http {{
    access_log off;
{temporary}    upstream aura {{
{upstreams}        keepalive 16;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://aura;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_next_upstream error timeout;
            proxy_buffering off;
        }}
    }}
}}
""")
        self.process = subprocess.Popen(["nginx", "-c", str(folder / "nginx.conf"), "-p", str(folder)],
                                        stderr=subprocess.PIPE, text=True)
        self.url = f"http://127.0.0.1:{port}"

        def answers():
            try:
                return requests.get(self.url + "/api/health", timeout=5).status_code == 200
            except requests.RequestException:
                return False

        wait_for(answers, "nginx in front of the replicas")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)
