"""`aura serve` as a real process on loopback, for the suites that drive it (Tests/Server over
`requests`, Tests/Browser through a browser): a copy of the default content (`content_edit` may
change it first), a fresh state folder and one person (sam) who may sign in.

The server keeps its accounts and planners in one of two engines, chosen by the environment's
AURA_TEST_DATABASE: `sqlite` (the default: the household, `<state>/aura.sqlite3` and the planner
folders) or `postgres` (a fresh database of the PostgreSQL server the PG* variables name, as
`pg_virtualenv` sets them, given to `aura serve` and `aura user` with `--database`). The helpers
`planner_document`, `accounts_query`, `user_command`… read and change what the server keeps
the same way on both, so a test that is not about the household's files runs on either."""
import contextlib
import datetime
import fcntl
import json
import os
import re
import sqlite3
import shutil
import signal
import subprocess
import time
import urllib.parse
import uuid

from aura_test_paths import REPO, aura_binary
import pytest
import requests

PASSWORD = "correct horse battery staple"
# Where the server keeps accounts and planners: "sqlite" (the household) or "postgres".
ENGINE = os.environ.get("AURA_TEST_DATABASE", "sqlite")
# A planner's documents: the planner folder's files, and the columns of `aura_planners`.
PLANNER_COLUMNS = {"inbox.md": "inbox", "tasks.json": "store", "plan.json": "plan", "calendar.ics": "calendar"}
# The accounts database's schema version (Sources/AuraServer/Accounts/AccountsSchema.swift).
SCHEMA_VERSION = 9
# What each version added, undone: a database as the Aura before it left it.
UNDO = {
    9: ["DROP INDEX people_by_name_key", "ALTER TABLE people DROP COLUMN name_key"],
    8: ["DROP TABLE server_keys", "ALTER TABLE calendar_sources DROP COLUMN claimed"],
    7: ["ALTER TABLE push_sent DROP COLUMN claimed", "ALTER TABLE push_sent DROP COLUMN sent"],
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
        # `--database URL` for every aura command that opens the server's database; none for SQLite,
        # whose file is found in the state folder.
        self.database, self.database_arguments = None, []
        if ENGINE == "postgres":
            self.database = new_postgres_database()
            self.database_arguments = ["--database", postgres_url(self.database)]
            migrated = subprocess.run([str(self.aura), "db", "migrate", *self.database_arguments], capture_output=True,
                                      text=True)
            assert migrated.returncode == 0, migrated.stderr
        elif ENGINE != "sqlite":
            pytest.fail(f"AURA_TEST_DATABASE={ENGINE}: expected sqlite or postgres")
        self.add_person("sam")
        if self.database and not demo:
            # A household's owner plans in Content/planner/; in the database the owner's planner
            # starts as that folder, as `aura db import` would bring it.
            for name in PLANNER_COLUMNS:
                if (self.content / "planner" / name).exists():
                    self.write_planner_document(name, (self.content / "planner" / name).read_bytes())
        self.public_url = public_url
        self.start()

    def start(self):
        """Starts the server on the content and state it has (again, after stop())."""
        command = [*self.wrapper, str(self.aura), "serve", "--content", str(self.content), "--templates", str(self.templates),
                   "--listen", "127.0.0.1:0", "--state", str(self.state), *self.database_arguments, *self.arguments]
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
        added = self.user_command("add", name, "--password-stdin", stdin=PASSWORD + "\n")
        assert added.returncode == 0, added.stderr

    def user_command(self, *arguments, stdin=None):
        """`aura user ARGUMENTS` on this server's accounts (its state folder, content and
        database); the finished process, its output as text."""
        return subprocess.run([str(self.aura), "user", *arguments, "--state", str(self.state), "--content", str(self.content),
                               *self.database_arguments], input=stdin, capture_output=True, text=True)

    # What the server keeps, read and changed as on either engine. SQL is written once for both:
    # `?` stands for each parameter, and only what SQLite and PostgreSQL both read is used.

    def accounts_query(self, sql, *parameters):
        """The rows (tuples) a SELECT on the accounts database gives."""
        if not self.database:
            with contextlib.closing(sqlite3.connect(self.state / "aura.sqlite3")) as connection:
                return connection.execute(sql, parameters).fetchall()
        text = psql(self.database, f"SELECT coalesce(json_agg(found), '[]') FROM ({postgres_sql(sql, parameters)}) AS found")
        return json.loads(text, object_pairs_hook=lambda pairs: tuple(value for _, value in pairs))

    def accounts_change(self, sql, *parameters):
        """Carries out an UPDATE, INSERT or DELETE on the accounts database behind the server's
        back (a session moved back in time, a link expired); how many rows it changed. The server
        hears of it as of any change to its accounts: the SQLite file's change, or a notice on
        `aura_accounts`."""
        if not self.database:
            with contextlib.closing(sqlite3.connect(self.state / "aura.sqlite3")) as connection, connection:
                return connection.execute(sql, parameters).rowcount
        return int(psql(self.database, f"WITH changed AS ({postgres_sql(sql, parameters)} RETURNING 1) "
                                       "SELECT count(*), pg_notify('aura_accounts', '') FROM changed").split("|")[0])

    def person_id(self, name):
        """The id of `name`'s account."""
        [(id,)] = self.accounts_query("SELECT id FROM people WHERE name = ?", name)
        return id

    def planner_folder(self, person):
        """SQLite: the folder `person` (a name or an id) plans in: the owner's is Content/planner/
        (unless the content is the demo's), everyone else's <state>/people/<id>/planner/."""
        id = person if isinstance(person, int) else self.person_id(person)
        [(owner,)] = self.accounts_query("SELECT MIN(id) FROM people")
        if id == owner and not (self.content / "planner" / "DEMO.md").exists():
            return self.content / "planner"
        return self.state / "people" / str(id) / "planner"

    def planner_exists(self, person):
        """Whether `person` (a name or an id) has a planner kept: its folder, or its row."""
        id = person if isinstance(person, int) else self.person_id(person)
        if not self.database:
            return self.planner_folder(id).is_dir()
        return psql(self.database, postgres_sql("SELECT count(*) FROM aura_planners WHERE person = ?", [id])) == "1"

    def planner_document(self, name, person="sam"):
        """The bytes of one document of `person`'s planner (inbox.md, tasks.json, plan.json or
        calendar.ics), as the folder's file or the column of `aura_planners` holds it; None when
        there is none."""
        column = PLANNER_COLUMNS[name]
        id = person if isinstance(person, int) else self.person_id(person)
        if not self.database:
            path = self.planner_folder(id) / name
            return path.read_bytes() if path.exists() else None
        kept = psql(self.database, postgres_sql(f"SELECT CASE WHEN {column} IS NULL THEN '-' "
                                                f"ELSE '+' || encode(convert_to({column}, 'UTF8'), 'hex') END "
                                                "FROM aura_planners WHERE person = ?", [id]))
        return bytes.fromhex(kept[1:]) if kept.startswith("+") else None

    def planner_json(self, name, person="sam"):
        """A JSON document of `person`'s planner (tasks.json, plan.json), parsed."""
        return json.loads(self.planner_document(name, person))

    def planner_documents(self, person="sam"):
        """Every document `person`'s planner holds, by name."""
        documents = {name: self.planner_document(name, person) for name in PLANNER_COLUMNS}
        return {name: data for name, data in documents.items() if data is not None}

    def write_planner_document(self, name, data, person="sam"):
        """Replaces one document of `person`'s planner, as a hand edit of the folder's file would,
        or as another replica's change would (the row's next generation, and its notice)."""
        data = data.encode() if isinstance(data, str) else data
        id = person if isinstance(person, int) else self.person_id(person)
        if not self.database:
            path = self.planner_folder(id) / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            return
        column = PLANNER_COLUMNS[name]
        psql(self.database, postgres_sql(f"INSERT INTO aura_planners (person, generation, {column}) VALUES (?, 1, ?) "
                                         f"ON CONFLICT (person) DO UPDATE SET {column} = EXCLUDED.{column}, "
                                         "generation = aura_planners.generation + 1; "
                                         "SELECT pg_notify('aura_planners', ?)", [id, data.decode(), id]))

    @contextlib.contextmanager
    def holding_planner(self, person):
        """Holds `person`'s planner locked for a change, as another writer in the middle of one
        would (the folder's lock file, or the row's lock in a transaction), until the block ends.
        The planner must exist."""
        id = person if isinstance(person, int) else self.person_id(person)
        if not self.database:
            with open(self.planner_folder(id) / ".aura.lock", "a+") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                yield
            return
        holder = subprocess.Popen(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", self.database],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        holder.stdin.write("BEGIN;\n" + postgres_sql("SELECT 'held' FROM aura_planners WHERE person = ? FOR UPDATE;\n", [id]))
        holder.stdin.flush()
        assert holder.stdout.readline() == "held\n", "the planner's row was not there to lock"
        try:
            yield
        finally:
            holder.stdin.write("COMMIT;\n")
            holder.stdin.close()
            assert holder.wait(timeout=30) == 0

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


def postgres_url(database):
    """The libpq URL of `database` on the PostgreSQL server the PG* variables name."""
    user = urllib.parse.quote(os.environ.get("PGUSER", "postgres"), safe="")
    password = os.environ.get("PGPASSWORD")
    login = user + (":" + urllib.parse.quote(password, safe="") if password else "")
    host, port = os.environ.get("PGHOST", "localhost"), os.environ.get("PGPORT", "5432")
    if host.startswith("/"):  # a socket's folder
        return f"postgres://{login}@/{database}?host={urllib.parse.quote(host, safe='')}&port={port}"
    return f"postgres://{login}@{host}:{port}/{database}"


def psql(database, sql):
    """Runs `sql` with psql on `database`; the output (unaligned, without headers), its last line
    break taken off."""
    ran = subprocess.run(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", database],
                         input=sql, capture_output=True, text=True)
    assert ran.returncode == 0, f"psql: {ran.stderr}"
    return ran.stdout.removesuffix("\n")


def new_postgres_database():
    """A fresh, empty database on the PostgreSQL server the PG* variables name (pg_virtualenv)."""
    if "PGHOST" not in os.environ and "PGPORT" not in os.environ:
        pytest.fail("AURA_TEST_DATABASE=postgres needs a PostgreSQL server: run under `pg_virtualenv -t`")
    name = "aura_" + uuid.uuid4().hex[:16]
    psql(os.environ.get("PGDATABASE", "postgres"), f"CREATE DATABASE {name}")
    return name


def postgres_sql(sql, parameters):
    """`sql` with each `?` replaced by its parameter as a string constant (dollar-quoted, so any
    text goes as it is; PostgreSQL reads it as the type the place needs)."""
    values = iter(parameters)

    def constant(_):
        text = str(next(values))
        tag = "$aura$"
        while tag in text:
            tag = f"$aura{uuid.uuid4().hex[:8]}$"
        return tag + text + tag

    replaced = re.sub(r"\?", constant, sql)
    assert next(values, None) is None, f"{len(parameters)} parameters for {sql}"
    return replaced


def sent_until_taken(post, url, **arguments):
    """`post(url, **arguments)` (requests' or a session's post), sent again after its
    `Retry-After` for as long as it is answered 429, as the pages' script does: a person's
    actions take turns on the server, three at a time."""
    while True:
        answer = post(url, **arguments)
        if answer.status_code != 429:
            return answer
        time.sleep(int(answer.headers["Retry-After"]))


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
