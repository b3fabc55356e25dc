"""Answers the server gives again from memory without asking the app (a signed-in page, the page
state, a public file) are never older than what they were made from: a page asked for after a
change has finished shows it, whichever process made the change; an ended session gets none of
them; a range or a tag is answered as the app would. And Dones that arrive together are all
written: the store takes them in groups, none lost."""
import re
import subprocess
import threading

import pytest
import requests

from server_support import Server, sent_until_taken


def open_tasks(server):
    store = server.planner_json("tasks.json")
    return [task["id"] for task in store["tasks"] if not task.get("done") and not task.get("rrule")]


def planned_task(server):
    """An open one-off task of the current plan: Done shows in the page state."""
    plan = server.planner_json("plan.json")
    planned = [task["id"] for day in plan["days"] for block in day["blocks"] for task in block.get("tasks", [])]
    return next(task for task in open_tasks(server) if task in planned)


fresh_requests = iter(range(1_000_000))


def kept_and_fresh(browser, server, path):
    """`path` as given again (the same cookies as before) and as made now (a cookie never sent
    before, which no kept answer matches)."""
    kept = browser.get(server.url + path)
    fresh = browser.get(server.url + path, cookies={"fresh": str(next(fresh_requests))})
    assert kept.status_code == fresh.status_code == 200
    return kept.content, fresh.content


def test_each_change_is_seen_by_the_next_request(server):
    browser = server.signed_in()
    origin = {"Origin": server.url}
    task = planned_task(server)
    for round in range(12):
        before = [kept_and_fresh(browser, server, path)[0] for path in ("/api/state", "/dashboard/", "/api/state")]
        action = "done" if round % 2 == 0 else "undone"
        assert browser.post(server.url + f"/api/{action}", json={"id": task}, headers=origin).status_code == 200
        kept, fresh = kept_and_fresh(browser, server, "/api/state")
        assert kept == fresh and kept != before[2], round


@pytest.mark.household  # `aura done` and `aura undo` in a terminal, on Content/planner/
def test_a_change_from_the_terminal_is_seen_at_once(server):
    browser = server.signed_in()
    task = planned_task(server)
    for command in (["done", task], ["undo"]):
        before = [kept_and_fresh(browser, server, "/api/state")[0] for _ in range(2)]
        changed = subprocess.run([str(server.aura), *command, "--content", str(server.content)], capture_output=True,
                                 text=True)
        assert changed.returncode == 0, changed.stderr
        kept, fresh = kept_and_fresh(browser, server, "/api/state")
        assert kept == fresh and kept != before[1], command
    # The page the server serves next shows it too.
    dashboard = browser.get(server.url + "/dashboard/").text
    assert f'data-task-id="{task}"' in dashboard


def test_a_planner_changed_elsewhere_is_seen_at_once(server):
    """A hand edit of the inbox (the household), or another replica's change (the database)."""
    browser = server.signed_in()
    assert "zzhanded" not in browser.get(server.url + "/planner/").text
    inbox = server.planner_document("inbox.md").decode()
    server.write_planner_document("inbox.md", inbox + "water the zzhanded plants 10m\n")
    assert "water the zzhanded plants" in browser.get(server.url + "/planner/").text


def test_a_removed_person_is_answered_nothing_kept(tmp_path):
    server = Server(tmp_path)
    try:
        server.add_person("kim")
        kim = server.signed_in("kim")
        for _ in range(3):
            assert kim.get(server.url + "/dashboard/").status_code == 200
            assert kim.get(server.url + "/api/state").status_code == 200
        removed = server.user_command("remove", "kim")
        assert removed.returncode == 0, removed.stderr
        assert kim.get(server.url + "/dashboard/", allow_redirects=False).status_code == 303
        assert kim.get(server.url + "/api/state").status_code == 401
    finally:
        server.stop()


def test_other_cookies_and_a_second_session_get_their_own_answers(server):
    sam, again = server.signed_in(), server.signed_in()
    first = sam.get(server.url + "/dashboard/")
    with_more = sam.get(server.url + "/dashboard/", cookies={"theme": "dark"})
    other = again.get(server.url + "/dashboard/")
    assert first.text == with_more.text
    token = lambda page: page.text.split('name="csrf" value="')[1].split('"')[0]
    assert token(first) != token(other)
    assert requests.get(server.url + "/dashboard/", cookies={"aura_session": "forged"}, allow_redirects=False).status_code == 303


def test_a_public_file_given_again_honours_tags_heads_and_ranges(server):
    landing = requests.get(server.url + "/").text
    url = server.url + re.search(r'href="(/assets/aura\.[a-z]+\.[0-9a-f]+\.css)"', landing).group(1)
    first, again = requests.get(url), requests.get(url, cookies={"aura_session": "anyone"})
    assert first.status_code == again.status_code == 200 and first.content == again.content
    assert first.headers["ETag"] == again.headers["ETag"] and "immutable" in again.headers["Cache-Control"]
    assert again.headers["X-Content-Type-Options"] == "nosniff"
    unchanged = requests.get(url, headers={"If-None-Match": "\"other\", " + first.headers["ETag"]})
    assert unchanged.status_code == 304 and unchanged.content == b""
    head = requests.head(url)
    assert head.status_code == 200 and head.content == b"" and int(head.headers["Content-Length"]) == len(first.content)
    part = requests.get(url, headers={"Range": "bytes=0-9"})
    plain = requests.get(url, headers={"Range": "bytes=0-9", "If-None-Match": "\"other\""})
    assert part.status_code == plain.status_code
    assert part.content == plain.content and len(part.content) in (10, len(first.content))


def test_dones_that_arrive_together_are_all_written(server):
    browser = server.signed_in()
    origin = {"Origin": server.url}
    tasks = open_tasks(server)[:12]
    assert len(tasks) >= 6
    cookies = browser.cookies.get_dict()
    answers = {}

    def mark(task, action):
        answers[(task, action)] = sent_until_taken(requests.post, server.url + f"/api/{action}", json={"id": task},
                                                   headers=origin, cookies=cookies)

    for action in ("done", "undone"):
        threads = [threading.Thread(target=mark, args=(task, action)) for task in tasks for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert all(answers[(task, action)].status_code == 200 for task in tasks)
        store = {task["id"]: task for task in server.planner_json("tasks.json")["tasks"]}
        assert all(bool(store[task].get("done")) == (action == "done") for task in tasks), action
