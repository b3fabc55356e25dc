"""A signed-in page is rendered once per change of its person's plan and then answered from
memory: the same bytes and tag until the plan changes, 304 to a client that holds them, and
never one person's (or one session's) page for another."""
import subprocess

import pytest
import requests


def test_a_page_is_kept_until_the_plan_changes(server):
    browser = server.signed_in()
    first = browser.get(server.url + "/dashboard/")
    again = browser.get(server.url + "/dashboard/")
    assert first.status_code == again.status_code == 200
    assert first.headers["ETag"] == again.headers["ETag"] and first.content == again.content
    assert first.headers["Cache-Control"] == "no-store"
    unchanged = browser.get(server.url + "/dashboard/", headers={"If-None-Match": first.headers["ETag"]})
    assert unchanged.status_code == 304 and unchanged.content == b""
    # A plan made in another browser is seen on the next visit.
    elsewhere = server.signed_in()
    planned = elsewhere.post(server.url + "/planner/plan", data={"csrf": server.form_token(elsewhere),
                                                                "inbox": "zzrender the new plan 20m"}, allow_redirects=False)
    assert planned.status_code == 303
    changed = browser.get(server.url + "/dashboard/", headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and changed.headers["ETag"] != first.headers["ETag"]
    schedule = browser.get(server.url + "/schedule/")
    assert "zzrender the new plan" in schedule.text


@pytest.mark.household  # `aura plan` in a terminal, on Content/planner/
def test_a_plan_made_in_a_terminal_is_seen_on_the_next_visit(server):
    browser = server.signed_in()
    first = browser.get(server.url + "/dashboard/")
    (server.content / "planner" / "inbox.md").write_text("zzrender the terminal plan 20m\n")
    subprocess.run([str(server.aura), "plan", "--content", str(server.content), "--quiet"], check=True)
    changed = browser.get(server.url + "/dashboard/", headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and changed.headers["ETag"] != first.headers["ETag"]
    assert "zzrender the terminal plan" in browser.get(server.url + "/schedule/").text


def test_a_kept_page_is_its_sessions_alone(server):
    server.add_person("kim")
    sam, kim, sam_again = server.signed_in(), server.signed_in("kim"), server.signed_in()
    pages = [browser.get(server.url + "/dashboard/") for browser in (sam, kim, sam_again)]
    tokens = [page.text.split('name="csrf" value="')[1].split('"')[0] if 'name="csrf"' in page.text else None
              for page in pages]
    assert "Signed in as kim" in pages[1].text and "Signed in as sam" not in pages[1].text
    assert len({page.headers["ETag"] for page in pages}) == 3
    assert tokens[0] != tokens[2]
    # Signed out, the kept page is not given to the old cookie.
    token = server.form_token(sam)
    assert sam.post(server.url + "/logout/", data={"csrf": token}, allow_redirects=False).status_code == 303
    stale = requests.get(server.url + "/dashboard/", cookies={"aura_session": sam.cookies.get("aura_session", "gone")},
                         allow_redirects=False)
    assert stale.status_code == 303 and "Signed in" not in stale.text


def test_the_page_state_is_kept_until_a_task_changes(server):
    browser = server.signed_in()
    origin = {"Origin": server.url}
    first = browser.get(server.url + "/api/state")
    again = browser.get(server.url + "/api/state", headers={"If-None-Match": first.headers["ETag"]})
    assert first.status_code == 200 and again.status_code == 304
    plan = server.planner_json("plan.json")
    block = next(block for day in plan["days"] for block in day["blocks"] if block.get("tasks"))
    task = block["tasks"][0]["id"]
    assert browser.post(server.url + "/api/snooze", json={"id": task, "minutes": 30}, headers=origin).status_code == 200
    snoozed = browser.get(server.url + "/api/state", headers={"If-None-Match": first.headers["ETag"]})
    assert snoozed.status_code == 200 and snoozed.headers["ETag"] != first.headers["ETag"]
    assert '"snoozed"' in snoozed.text
    assert browser.post(server.url + "/api/done", json={"id": task}, headers=origin).status_code == 200
    done = browser.get(server.url + "/api/state", headers={"If-None-Match": snoozed.headers["ETag"]})
    assert done.status_code == 200 and '"done"' in done.text
