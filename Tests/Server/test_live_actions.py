"""The actions the served pages send: Done, Snooze and Undo on the ids a page knows (its
notifications and blocks), each once however often it is replayed, merged by last writer wins
per task field; the pages' state from the store; what Plan My Day changed; and the database
that remembers all this, migrated from every earlier schema version."""
import sqlite3
import subprocess
import time

import pytest
import requests

from server_support import SCHEMA_VERSION, Server, as_schema_version


def tasks(server):
    return {task["id"]: task for task in server.planner_json("tasks.json")["tasks"]}


def plan(server):
    return server.planner_json("plan.json")


def post(server, browser, action, **body):
    return browser.post(server.url + "/api/" + action, json=body, headers={"Origin": server.url})


def now_ms():
    return int(time.time() * 1000)


def block_with(server, count):
    """A block of the current plan holding `count` one-off tasks or more, and its day."""
    for day in plan(server)["days"]:
        for block in day["blocks"]:
            stored = [tasks(server)[task["id"]] for task in block["tasks"]]
            if len(stored) >= count and not any(task.get("rrule") for task in stored):
                return block, day["date"]
    raise AssertionError(f"no block with {count} one-off tasks in the plan")


def task_titled(server, title):
    return next(id for id, task in tasks(server).items() if task["title"] == title)


@pytest.fixture(scope="module")
def planned(server):
    """sam's plan made by Plan My Day from the browser, with lines of our own."""
    browser = server.signed_in()
    answer = post(server, browser, "plan", inbox="write the zzbrief 45m\nfile the zzreceipts 20m\nsort the zzphotos 30m")
    assert answer.status_code == 200, answer.text
    return browser


def test_a_notification_id_stands_for_every_task_of_its_block(server, planned):
    block, date = block_with(server, 2)
    ids = [task["id"] for task in block["tasks"]]
    answer = post(server, planned, "done", id="notify-" + block["id"], at=now_ms())
    assert answer.status_code == 200, answer.text
    assert answer.json()["applied"] is True and answer.json()["done"] is True
    assert all(tasks(server)[id]["done"] for id in ids)
    assert answer.json()["state"]["days"][date]["blocks"]["notify-" + block["id"]] == "done"
    # The same state for any page that asks, in a browser signed in elsewhere.
    state = server.signed_in().get(server.url + "/api/state")
    assert state.status_code == 200 and state.headers["Cache-Control"] == "no-store"
    assert state.json()["days"][date]["blocks"]["notify-" + block["id"]] == "done"

    undone = post(server, planned, "undo", id=block["id"], undo="done", at=now_ms())
    assert undone.status_code == 200 and undone.json()["done"] is False
    assert not any(tasks(server)[id]["done"] for id in ids)
    assert "notify-" + block["id"] not in undone.json()["state"]["days"][date]["blocks"]


def test_one_task_of_a_block_and_undo_of_a_snooze(server, planned):
    block, date = block_with(server, 2)
    first = block["tasks"][0]["id"]
    done = post(server, planned, "done", id=first, date=date, at=now_ms())
    state = done.json()["state"]["days"][date]
    assert state["tasks"] == {first: "done"} or first in state["tasks"]
    assert "notify-" + block["id"] not in state["blocks"]

    snoozed = post(server, planned, "snooze", id="notify-" + block["id"], minutes=45, at=now_ms())
    assert snoozed.status_code == 200 and snoozed.json()["snoozedUntil"]
    assert all(tasks(server)[task["id"]].get("snoozedUntil") for task in block["tasks"])
    assert snoozed.json()["state"]["days"][date]["blocks"]["notify-" + block["id"]] == "snoozed"
    unsnoozed = post(server, planned, "undo", id="notify-" + block["id"], undo="snooze", at=now_ms())
    assert unsnoozed.status_code == 200 and unsnoozed.json()["snoozedUntil"] is None
    assert not any(tasks(server)[task["id"]].get("snoozedUntil") for task in block["tasks"])
    assert post(server, planned, "undo", id=first, date=date, undo="done", at=now_ms()).json()["done"] is False
    assert post(server, planned, "undo", id=first, undo="everything").status_code == 400


def test_a_replayed_action_id_is_carried_out_once(server, planned):
    task = task_titled(server, "file the zzreceipts")
    first = post(server, planned, "snooze", id=task, minutes=15, actionId="replay-1", at=now_ms())
    assert first.status_code == 200 and "replayed" not in first.json()
    until = tasks(server)[task]["snoozedUntil"]
    # Taken back by another action; then the queue sends the first one again.
    assert post(server, planned, "undo", id=task, undo="snooze", actionId="replay-2", at=now_ms()).status_code == 200
    again = post(server, planned, "snooze", id=task, minutes=15, actionId="replay-1", at=now_ms())
    assert again.status_code == 200 and again.json()["replayed"] is True
    assert again.json()["snoozedUntil"] == first.json()["snoozedUntil"] and until
    assert tasks(server)[task].get("snoozedUntil") is None
    # A capture replayed adds its line once.
    for _ in range(2):
        assert post(server, planned, "capture", line="call the zzplumber", actionId="capture-1", at=now_ms()).status_code == 200
    assert server.planner_document("inbox.md").decode().count("call the zzplumber") == 1
    [(rows,)] = server.accounts_query("SELECT count(*) FROM applied_actions WHERE action_id = 'replay-1'")
    assert rows == 1
    assert post(server, planned, "done", id=task, actionId="../../etc").status_code == 400
    assert post(server, planned, "done", id=task, actionId="x" * 101).status_code == 400


def test_last_writer_wins_per_field_by_the_clients_time(server, planned):
    task = task_titled(server, "sort the zzphotos")
    late = now_ms()
    assert post(server, planned, "done", id=task, at=late).json()["applied"] is True
    # An undo made offline a minute earlier arrives now: acknowledged, not applied.
    older = post(server, planned, "undo", id=task, undo="done", at=late - 60_000)
    assert older.status_code == 200 and older.json()["applied"] is False and older.json()["done"] is True
    assert tasks(server)[task]["done"] is True
    # Another field of the same task is its own: an old snooze still applies.
    assert post(server, planned, "snooze", id=task, minutes=15, at=late - 60_000).json()["applied"] is True
    # A clock far ahead cannot hold the field: its time counts as the server's.
    assert post(server, planned, "undo", id=task, undo="done", at=late + 10 ** 9).json()["applied"] is True
    assert post(server, planned, "done", id=task, at=now_ms() + 1000).json()["applied"] is True
    assert tasks(server)[task]["done"] is True


def test_ids_resolve_only_within_the_persons_plan_and_store(server, planned):
    for id in ["notify-2000-01-01-t1", "2000-01-01-t1", "notify-t1", "t99999", "notify-", "../tasks.json", "notify-../../x"]:
        answer = post(server, planned, "done", id=id, at=now_ms())
        assert answer.status_code == 404, (id, answer.text)
    assert post(server, planned, "done", id="t1" * 101).status_code == 400


@pytest.mark.parametrize("action,body", [("undo", {"id": "t1", "undo": "done"}), ("done", {"id": "t1"}),
                                         ("snooze", {"id": "t1"}), ("capture", {"line": "x"})])
def test_json_actions_need_a_session_and_the_sites_origin(server, action, body):
    url = server.url + "/api/" + action
    assert requests.post(url, json=body, headers={"Origin": server.url}).status_code == 401
    browser = server.signed_in()
    assert browser.post(url, json=body).status_code == 403
    assert browser.post(url, json=body, headers={"Origin": "http://evil.example"}).status_code == 403
    # The same action as a form needs the page's token.
    assert browser.post(url, data=body, allow_redirects=False).status_code == 403
    assert browser.post(url, data={**body, "csrf": "forged"}, allow_redirects=False).status_code == 403


def test_the_state_needs_a_session(server):
    assert requests.get(server.url + "/api/state").status_code == 401


def test_undo_as_a_form_lands_back_on_a_page(server, planned):
    block, _ = block_with(server, 1)
    token = server.form_token(planned)
    answer = planned.post(server.url + "/api/undo", data={"csrf": token, "id": block["id"], "undo": "snooze"}, allow_redirects=False)
    assert answer.status_code == 303


def test_plan_my_day_marks_what_it_changed_on_the_schedule(server, planned):
    token = server.form_token(planned)
    answer = planned.post(server.url + "/planner/plan", data={"csrf": token, "inbox": "tidy the zzdesk 25m"}, allow_redirects=False)
    assert answer.status_code == 303 and answer.headers["Location"] == "/schedule/?changed=1"
    snapshot = plan(server)
    ids = {task["id"]: block["id"] for day in snapshot["days"] for block in day["blocks"] for task in block["tasks"]}
    desk = next(id for id, task in tasks(server).items() if task["title"] == "tidy the zzdesk")
    page = planned.get(server.url + "/schedule/?changed=1").text
    marks = dict(mark.split(":") for mark in page.split('data-aura-changes="')[1].split('"')[0].split())
    assert marks[ids[desk]] == "new"
    expected = {id: "new" if event["sequence"] == 0 else "moved" for id, event in snapshot["events"].items()
                if event["stamp"] == snapshot["generated"]}
    assert marks == expected
    # The schedule reached any other way is not marked.
    assert "data-aura-changes" not in planned.get(server.url + "/schedule/").text


@pytest.mark.household  # the SQLite file's own schema versions
def test_the_database_is_migrated_from_every_earlier_version(tmp_path):
    """Version 0 (no file) is every other test's start; here a version 1 database, with its
    person and session, is brought to the current version by the server and keeps both
    (test_people.py starts from version 2)."""
    first = Server(tmp_path / "one")
    browser = first.signed_in()
    first.stop()
    database = first.state / "aura.sqlite3"
    as_schema_version(database, 1)
    first.start()
    assert browser.get(first.url + "/api/state").status_code == 200  # the version 1 session still opens
    replay = browser.post(first.url + "/api/done", json={"id": "t1", "actionId": "migrated-1"}, headers={"Origin": first.url})
    assert replay.status_code == 200, replay.text
    first.stop()
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert connection.execute("SELECT count(*) FROM applied_actions").fetchone()[0] == 1
    # A database from a newer Aura is refused, not changed.
    with sqlite3.connect(database) as connection:
        connection.execute("PRAGMA user_version = 99")
    listed = subprocess.run([str(first.aura), "user", "list", "--state", str(first.state)], capture_output=True, text=True)
    assert listed.returncode != 0 and "newer" in listed.stderr
