"""`aura serve` as a real process on loopback, for the suites that drive it (Tests/Server over
`requests`, Tests/Browser through a browser): a copy of the default content (`content_edit` may
change it first), a fresh state folder and one person (sam) who may sign in."""
import datetime
import json
import re
import sqlite3
import shutil
import signal
import subprocess
import time

from aura_test_paths import REPO, aura_binary
import requests

PASSWORD = "correct horse battery staple"
# The accounts database's schema version (Sources/AuraServer/Accounts/AccountsSchema.swift).
SCHEMA_VERSION = 6
# What each version added, undone: a database as the Aura before it left it.
UNDO = {
    6: ["ALTER TABLE sessions DROP COLUMN notice", "ALTER TABLE people DROP COLUMN failed_sign_ins",
        "ALTER TABLE login_failures RENAME COLUMN last_failure TO window_start"],
    5: ["DROP TABLE reflections", "DROP TABLE calendar_sources", "DROP TABLE push_subscriptions", "DROP TABLE push_sent"],
    4: ["DROP TABLE invitations", "DROP TABLE reset_tokens", "DROP TABLE feed_secrets", "ALTER TABLE people DROP COLUMN full_name"],
    3: ["CREATE TABLE old_changes (task_id TEXT NOT NULL, field TEXT NOT NULL, changed INTEGER NOT NULL, PRIMARY KEY (task_id, field))",
        "INSERT OR IGNORE INTO old_changes SELECT task_id, field, changed FROM field_changes",
        "DROP TABLE field_changes", "ALTER TABLE old_changes RENAME TO field_changes"],
    2: ["DROP TABLE applied_actions", "DROP TABLE field_changes"],
}


def as_schema_version(database, version):
    """Turns a current accounts database (its server stopped) back into schema `version`."""
    with sqlite3.connect(database) as connection:
        for undone in range(SCHEMA_VERSION, version, -1):
            for statement in UNDO[undone]:
                connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {version}")


def hour_somewhere(content, hour, day_end):
    """Moves `content`'s site to a fixed-offset time zone where the clock now reads `hour`
    (and some minutes), with its day window ending at `day_end`."""
    hours = (hour - datetime.datetime.now(datetime.timezone.utc).hour) % 24
    hours = hours - 24 if hours > 14 else hours
    zone = "Etc/GMT" + (f"{-hours:+d}" if hours else "")
    site = content / "site.yml"
    text = site.read_text()
    assert "time_zone: Europe/London" in text and '  end: "18:30"' in text
    site.write_text(text.replace("time_zone: Europe/London", f"time_zone: {zone}").replace('  end: "18:30"', f'  end: "{day_end}"'))


def morning_somewhere(content):
    """Moves `content`'s site to a fixed-offset time zone where it is about 9:00 now, and lets its
    day run to midnight, so today has room for what a test plans whenever it runs. Otherwise the
    test would depend on the hour (after 18:30 Plan My Day plans the evening and tomorrow, and a
    late plan has no notifications left) and on the weekday (in the evening, UTC, the morning
    somewhere is tomorrow's, and the default content fills some days' 08:30-18:30)."""
    hour_somewhere(content, 9, "24:00")


def evening_somewhere(content):
    """Moves `content`'s site to a fixed-offset time zone where it is about 20:00 now: its
    08:30-18:30 window has closed, and the evening runs to the default bedtime, 22:30."""
    hour_somewhere(content, 20, "18:30")


class Server:
    def __init__(self, root, public_url=None, arguments=(), own_templates=False, content_edit=None, wrapper=(),
                 demo=False):
        self.root = root
        # A command the server runs under (strace), its arguments before the server's own.
        self.wrapper = list(wrapper)
        self.content = root / "Content"
        shutil.copytree(REPO / "Content", self.content)
        # A household's content: its planner is the owner's, unless `demo` keeps the demo day's mark.
        if not demo:
            (self.content / "planner" / "DEMO.md").unlink()
        if content_edit:
            content_edit(self.content)
        self.templates = REPO / "Templates"
        if own_templates:  # a copy the test may edit
            self.templates = root / "Templates"
            shutil.copytree(REPO / "Templates", self.templates)
        self.arguments = list(arguments)
        self.state = root / "state"
        self.aura = aura_binary()
        self.add_person("sam")
        self.public_url = public_url
        self.start()

    def start(self):
        """Starts the server on the content and state it has (again, after stop())."""
        command = [*self.wrapper, str(self.aura), "serve", "--content", str(self.content), "--templates", str(self.templates),
                   "--listen", "127.0.0.1:0", "--state", str(self.state), *self.arguments]
        if self.public_url:
            command += ["--public-url", self.public_url]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # The first line is printed once the socket listens: that is the condition to wait for.
        line = self.process.stdout.readline()
        match = re.search(r"at (http://127\.0\.0\.1:\d+)/", line)
        assert match, f"aura serve did not start: {line}{self.process.stderr.read() if self.process.poll() is not None else ''}"
        self.url = match.group(1)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=120)
        assert self.process.returncode == 0, self.process.stderr.read()

    def add_person(self, name):
        """Lets `name` sign in with PASSWORD (the first one added, sam, is the owner)."""
        added = subprocess.run([str(self.aura), "user", "add", name, "--password-stdin", "--state", str(self.state)],
                               input=PASSWORD + "\n", capture_output=True, text=True)
        assert added.returncode == 0, added.stderr

    def signed_in(self, name="sam"):
        """A requests session signed in as `name` (sam unless told)."""
        browser = requests.Session()
        answer = self.sign_in(browser, name)
        assert answer.status_code == 303, answer.text
        return browser

    def sign_in(self, browser, name):
        """Signs `name` in on `browser` (which may hold other people already); the answer to the form."""
        form = browser.get(self.url + "/login/")
        token = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
        return browser.post(self.url + "/login/", data={"csrf": token, "name": name, "password": PASSWORD},
                            allow_redirects=False)

    def form_token(self, browser, path="/planner/"):
        return re.search(r'name="csrf" value="([^"]+)"', browser.get(self.url + path).text).group(1)


def wait_for(condition, what, timeout=90):
    """Polls `condition` until it returns something true (and returns that); fails after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        outcome = condition()
        if outcome:
            return outcome
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)


def events(response):
    """The Server-Sent Events of a streamed `requests` response, as (name, parsed JSON data)."""
    name, data = None, []
    for line in response.iter_lines(decode_unicode=True):
        if line == "":
            if name is not None:
                yield name, json.loads("\n".join(data))
            name, data = None, []
        elif line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].strip())
