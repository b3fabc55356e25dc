"""`aura user`: add, list, remove, reset, invite and rotate-feed against a state folder (or a
database), with clear errors and exit codes; and a database from schema version 3 upgraded (1
and 2: test_live_actions.py, test_people.py)."""
import sqlite3

import pytest

from server_support import PASSWORD, SCHEMA_VERSION, Server, as_schema_version


def user(server, *arguments, stdin=None):
    return server.user_command(*arguments, stdin=stdin)


def test_people_are_added_listed_and_removed(server):
    assert user(server, "add", "cy", "--password-stdin", stdin="password1234\n").returncode == 1  # a common one
    refused = user(server, "add", "cy", "--password-stdin", stdin="short\n")
    assert refused.returncode == 1 and "12 characters" in refused.stderr
    assert user(server, "add", "cy", "--password-stdin", stdin=PASSWORD + "\n").returncode == 0
    assert user(server, "list").stdout.splitlines() == ["cy", "sam (owner)"]
    cy = server.signed_in("cy")
    assert cy.post(server.url + "/api/capture", json={"line": "zzcy's errand"}, headers={"Origin": server.url}).status_code == 200
    id = server.person_id("cy")
    assert server.planner_exists(id)
    owner = user(server, "remove", "sam")
    assert owner.returncode == 1 and "owner" in owner.stderr
    assert user(server, "remove", "cy").returncode == 0 and not server.planner_exists(id)
    unknown = user(server, "remove", "cy")
    assert unknown.returncode == 1 and "no one is called 'cy'" in unknown.stderr
    assert user(server, "frob").returncode == 2


def test_an_empty_password_is_named_as_such(server):
    for arguments, stdin in [(("--password-stdin",), "\n"), ((), "\n\n"), ((), "")]:
        empty = user(server, "add", "dee", *arguments, stdin=stdin)
        assert empty.returncode == 1 and "the password is empty" in empty.stderr, (arguments, empty.stderr)
        assert "differ" not in empty.stderr
    assert "dee" not in user(server, "list").stdout


def test_links_are_printed_on_the_site_address(server):
    invite = user(server, "invite")
    assert invite.returncode == 0 and invite.stdout.startswith("https://") and "/signup/?invite=" in invite.stdout
    reset = user(server, "reset", "sam", "--public-url", "https://aura.example/")
    assert reset.returncode == 0 and reset.stdout.startswith("https://aura.example/reset/?token=")
    assert user(server, "reset", "nobody").returncode == 1
    feed = user(server, "rotate-feed", "sam")
    assert feed.returncode == 0 and feed.stdout.strip().endswith(".ics")
    kept = [row[0] for row in server.accounts_query("SELECT token_hash FROM invitations UNION ALL SELECT token_hash FROM reset_tokens")]
    assert kept and not any(secret in invite.stdout + reset.stdout for secret in kept)  # only hashes are kept


@pytest.mark.household  # the SQLite file's own schema versions
def test_a_version_3_database_is_upgraded(tmp_path):
    first = Server(tmp_path / "three")
    first.signed_in()
    first.stop()
    database = first.state / "aura.sqlite3"
    as_schema_version(database, 3)
    first.start()
    assert first.signed_in().get(first.url + "/dashboard/").status_code == 200
    assert user(first, "invite").returncode == 0
    first.stop()
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
