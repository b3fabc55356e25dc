"""Several people on one Aura, each with a planner of their own: sam (the owner, the first
person added) plans in Content/planner/, bo in <state>/people/<id>/planner/ (with a database,
each in their own row). For every personal URL and action, one person's session never sees the
other's task titles, never changes a byte of the other's planner, and the other's ids are
unknown (404)."""
import json
import sqlite3

import pytest

from server_support import SCHEMA_VERSION, Server, as_schema_version

# Words only in sam's default planner (Content/planner/), and only in what bo plans.
SAM_WORDS = ["Middlemarch", "lighthouse keepers", "grant proposal", "boiler", "Acme"]
BO_WORDS = ["zzbosecret", "zzboprivate"]
PERSONAL = ["/dashboard/", "/planner/", "/schedule/", "/schedule/?changed=1", "/week/", "/focus/",
            "/notifications/", "/reflections/", "/notifications.json", "/aura.ics", "/api/state"]


@pytest.fixture(scope="module")
def bo(server):
    server.add_person("bo")
    browser = server.signed_in("bo")
    token = server.form_token(browser)
    answer = browser.post(server.url + "/planner/plan", data={"csrf": token, "inbox": "zzbosecret draft 1h\nzzboprivate call 30m"},
                          allow_redirects=False)
    assert answer.status_code == 303, answer.text
    return browser


def test_each_person_plans_in_their_own_planner(server, bo):
    stored = server.planner_json("tasks.json", "bo")["tasks"]
    assert sorted(task["title"] for task in stored) == ["zzboprivate call", "zzbosecret draft"]
    owner = server.planner_document("tasks.json").decode()
    assert "zzbo" not in owner and "Middlemarch" in owner
    assert "zzbosecret" in bo.get(server.url + "/schedule/").text


@pytest.mark.parametrize("path", PERSONAL)
def test_no_personal_url_shows_the_other_persons_tasks(server, bo, path):
    sam = server.signed_in()
    mine, theirs = sam.get(server.url + path), bo.get(server.url + path)
    assert mine.status_code == 200 and theirs.status_code == 200
    for word in BO_WORDS:
        assert word not in mine.text
    for word in SAM_WORDS:
        assert word not in theirs.text


def test_the_owners_ids_are_unknown_to_another_person(server, bo):
    origin = {"Origin": server.url}
    owner_before = server.planner_documents("sam")
    plan = server.planner_json("plan.json")
    blocks = [block["id"] for day in plan["days"] for block in day["blocks"] if not block["id"].endswith(("-t1", "-t2"))]
    for id in ["t9", "t22", blocks[0], "notify-" + blocks[0]]:
        for action, extra in [("done", {}), ("snooze", {"minutes": 15}), ("undo", {"undo": "done"})]:
            answer = bo.post(server.url + f"/api/{action}", json={"id": id, **extra}, headers=origin)
            assert answer.status_code == 404, (action, id, answer.text)
    assert server.planner_documents("sam") == owner_before


def test_actions_change_only_the_actors_planner(server, bo):
    origin = {"Origin": server.url}
    sam = server.signed_in()
    bo_before = server.planner_documents("bo")
    assert sam.post(server.url + "/api/done", json={"id": "t1"}, headers=origin).status_code == 200
    token = server.form_token(sam)
    assert sam.post(server.url + "/planner/plan", data={"csrf": token, "inbox": "zzsamonly errand"}, allow_redirects=False).status_code == 303
    assert server.planner_documents("bo") == bo_before
    assert "zzsamonly" not in bo.get(server.url + "/planner/").text
    # bo's own t1 is bo's task: done there, and the owner's last-writer stamps do not hold it back.
    answer = bo.post(server.url + "/api/done", json={"id": "t1", "at": 1}, headers=origin)
    assert answer.status_code == 200 and answer.json()["applied"] is True
    assert server.planner_json("tasks.json", "bo")["tasks"][0]["done"] is True


@pytest.mark.household  # the SQLite file's own schema versions
def test_a_version_2_database_keeps_the_owners_last_changes(tmp_path):
    """Before version 3 a task field's last change had no person: it was the owner's. The times
    kept in the database move into each person's tasks.json when the server starts."""
    first = Server(tmp_path / "two")
    first.add_person("bo")
    first.stop()
    database = first.state / "aura.sqlite3"
    as_schema_version(database, 2)
    with sqlite3.connect(database) as connection:
        connection.execute("INSERT INTO field_changes VALUES ('t1', 'done', 4102444800000)")
    first.start()
    owners_store = json.loads((first.content / "planner" / "tasks.json").read_text())
    assert owners_store["tasks"][0]["id"] == "t1" and owners_store["tasks"][0]["changed"] == {"done": 4102444800000}
    origin = {"Origin": first.url}
    # The owner's change noted far ahead still wins over an older one; bo's t1 is not held back.
    assert first.signed_in().post(first.url + "/api/done", json={"id": "t1", "at": 1000}, headers=origin).json()["applied"] is False
    bo = first.signed_in("bo")
    assert bo.post(first.url + "/api/done", json={"id": "t1"}, headers=origin).status_code == 404  # nothing planned yet
    assert bo.post(first.url + "/api/push", json={}, headers=origin).json() == {"moved": []}
    assert bo.post(first.url + "/api/plan", json={"inbox": "zzbo errand"}, headers=origin).status_code == 200
    answer = bo.post(first.url + "/api/done", json={"id": "t1", "at": 1000}, headers=origin)
    assert answer.status_code == 200 and answer.json()["applied"] is True, answer.text
    first.stop()
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert connection.execute("SELECT COUNT(*) FROM field_changes").fetchone()[0] == 0
    # Bo's Done is kept at its own time, not the owner's; a plan made in the evening after the
    # day window moves the task to tomorrow, which adds a `date` change of its own.
    changed = first.planner_json("tasks.json", "bo")["tasks"][0]["changed"]
    assert changed["done"] == 1000 and set(changed) <= {"done", "date"}, changed
