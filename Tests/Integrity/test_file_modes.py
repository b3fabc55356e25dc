"""Who may read what aura writes: the built site is everyone's (files 0644, folders 0755) while
the build's records, the planner's files and the copies a killed writer leaves are their
owner's alone (0600, folders 0700), under any umask; `aura serve` removes such copies when it
starts."""
import os
import re
import shutil
import signal
import stat
import subprocess

from aura_test_paths import REPO, aura_binary
from integrity_support import kill_at


def modes(root):
    """Every file's and folder's permission bits under `root`, by path relative to it."""
    found = {}
    for folder, folders, files in os.walk(root):
        for name in folders + files:
            path = os.path.join(folder, name)
            found[os.path.relpath(path, root)] = stat.S_IMODE(os.lstat(path).st_mode)
    return found


def test_the_site_is_everyones_and_the_rest_its_owners(tmp_path):
    content = tmp_path / "Content"
    shutil.copytree(REPO / "Content", content)
    for umask in (0o022, 0o002, 0o077):
        public = tmp_path / f"Public-{umask:o}"
        previous = os.umask(umask)
        try:
            built = subprocess.run([str(aura_binary()), "build", "--content", str(content), "--templates",
                                    str(REPO / "Templates"), "--output", str(public)],
                                   capture_output=True, text=True, timeout=300)
        finally:
            os.umask(previous)
        assert built.returncode == 0, built.stderr
        published = modes(public)
        assert published and {mode for path, mode in published.items() if (public / path).is_dir()} == {0o755}
        assert {mode for path, mode in published.items() if (public / path).is_file()} == {0o644}
        state = modes(tmp_path / ".aura")
        assert {mode for path, mode in state.items() if (tmp_path / ".aura" / path).is_dir()} == {0o700}, state
        assert {mode for path, mode in state.items() if (tmp_path / ".aura" / path).is_file()} == {0o600}, state
        assert stat.S_IMODE(os.stat(public).st_mode) == 0o755


def test_a_killed_writers_copy_is_private_and_gone_when_the_server_starts(site):
    # The whole default site, for the server to build, with the fixture's empty planner.
    shutil.copytree(REPO / "Content", site.content, dirs_exist_ok=True, ignore=shutil.ignore_patterns("planner"))
    site.run("add", "first task")
    assert stat.S_IMODE(site.inbox.stat().st_mode) == 0o600
    leftover = site.content / "planner" / ".inbox.md.tmp"

    def look_while_stopped():
        assert leftover.exists() and stat.S_IMODE(leftover.stat().st_mode) == 0o600

    kill_at(site.command("add", "second task"), "atomic write: inbox.md written beside", while_stopped=look_while_stopped)
    assert leftover.exists() and site.inbox_lines() == ["first task"]

    state = site.root / "state"
    added = subprocess.run([str(site.aura), "user", "add", "sam", "--password-stdin", "--state", str(state)],
                           input="a long enough password\n", capture_output=True, text=True, timeout=60)
    assert added.returncode == 0, added.stderr
    server = subprocess.Popen([*site.command("serve", "--templates", str(REPO / "Templates"), "--listen", "127.0.0.1:0",
                                             "--state", str(state))], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        # The first line is printed once the socket listens, after the leftovers went.
        line = server.stdout.readline()
        assert re.search(r"at http://127\.0\.0\.1:\d+/", line), line + (server.stderr.read() if server.poll() else "")
        assert not leftover.exists()
        assert site.inbox_lines() == ["first task"]
        database = modes(state)
        assert database["aura.sqlite3"] == 0o600
        assert stat.S_IMODE(os.stat(state).st_mode) == 0o700
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=120)
