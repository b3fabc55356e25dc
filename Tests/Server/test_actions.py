"""The planner's actions from the browser: Plan My Day lands on the schedule with the new
lines; Done and Snooze over JSON; and 50 Done requests at once beside `aura plan` from a
terminal lose nothing (each sent again after a 429, as the page does)."""
import concurrent.futures
import json
import subprocess

import pytest

from server_support import sent_until_taken


def tasks(server):
    return server.planner_json("tasks.json")["tasks"]


def test_plan_my_day_from_the_planner_page(server):
    browser = server.signed_in()
    token = server.form_token(browser)
    answer = browser.post(server.url + "/planner/plan", data={"csrf": token, "inbox": "renew the zzpermit\nwrite the zzreport 2h"},
                          allow_redirects=False)
    assert answer.status_code == 303 and answer.headers["Location"] == "/schedule/?changed=1"
    titles = [task["title"] for task in tasks(server)]
    assert "renew the zzpermit" in titles and "write the zzreport" in titles
    assert "zzreport" in browser.get(server.url + "/planner/").text


def test_a_line_that_does_not_read_is_shown_on_the_planner(server):
    browser = server.signed_in()
    token = server.form_token(browser)
    answer = browser.post(server.url + "/planner/plan", data={"csrf": token, "inbox": "tomorrow at 3pm"}, allow_redirects=False)
    assert answer.status_code == 422 and "Column" in answer.text and 'role="alert"' in answer.text


def test_an_impossible_time_stays_in_the_title_with_a_warning_on_the_planner(server):
    browser = server.signed_in()
    token = server.form_token(browser)
    answer = browser.post(server.url + "/planner/plan", data={"csrf": token, "inbox": "call the zzdentist at 25:00"},
                          allow_redirects=False)
    assert answer.status_code == 303
    task = next(task for task in tasks(server) if task["title"] == "call the zzdentist at 25:00")
    assert "time" not in task or task["time"] is None
    page = browser.get(server.url + "/planner/").text
    assert "“at 25:00” is not a time of day; expected 00:00 to 23:59, or a time such as 3pm; it stays in the title." in page


def test_done_and_snooze_over_json(server):
    browser = server.signed_in()
    origin = {"Origin": server.url}
    open_task = next(task for task in tasks(server) if not task.get("done") and not task.get("rrule"))
    done = browser.post(server.url + "/api/done", json={"id": open_task["id"]}, headers=origin)
    assert done.status_code == 200 and done.json()["done"] is True
    assert next(t for t in tasks(server) if t["id"] == open_task["id"])["done"] is True
    snoozed = browser.post(server.url + "/api/snooze", json={"id": open_task["id"], "minutes": 30}, headers=origin)
    assert snoozed.status_code == 200 and snoozed.json()["snoozedUntil"]
    assert browser.post(server.url + "/api/snooze", json={"id": open_task["id"], "minutes": 100000}, headers=origin).status_code == 400
    assert browser.post(server.url + "/api/done", json={"id": "t99999"}, headers=origin).status_code == 404
    assert browser.post(server.url + "/api/done", data="[", headers={**origin, "Content-Type": "application/json"}).status_code == 400


@pytest.mark.household  # `aura plan` in a terminal, on Content/planner/
def test_fifty_dones_beside_a_terminal_plan_lose_nothing(server):
    browser = server.signed_in()
    origin = {"Origin": server.url}
    (server.content / "planner" / "inbox.md").write_text("".join(f"sort zzmail {chr(97 + n // 26)}{chr(97 + n % 26)}\n" for n in range(50)))
    subprocess.run([str(server.aura), "plan", "--content", str(server.content), "--quiet"], check=True)
    ids = [task["id"] for task in tasks(server) if task["title"].startswith("sort zzmail")]
    assert len(ids) == 50
    (server.content / "planner" / "inbox.md").write_text("water the zzplants\n")
    with concurrent.futures.ThreadPoolExecutor(max_workers=16) as pool:
        plan = pool.submit(subprocess.run, [str(server.aura), "plan", "--content", str(server.content), "--quiet"], check=True)
        answers = list(pool.map(lambda id: sent_until_taken(browser.post, server.url + "/api/done", json={"id": id},
                                                            headers=origin), ids))
        plan.result()
    assert [answer.status_code for answer in answers] == [200] * 50
    by_id = {task["id"]: task for task in tasks(server)}
    assert [id for id in ids if not by_id[id].get("done")] == []
    assert sum(1 for task in by_id.values() if task["title"] == "water the zzplants") == 1
