"""Living with the plan without a script: each task has its own page, `/tasks/<id>/`, whose forms
(found and sent here as a browser without JavaScript would: `requests` and an HTML parser) change
its words, mark it done and not done, move it and remove it; each comes back with a line saying
what changed and an Undo form that puts it back. Ids resolve in the signed-in person's own store."""
import datetime

from server_support import Forms, Server, morning_somewhere, plan_my_day, send


def stored(server, title_part):
    tasks = server.planner_json("tasks.json")["tasks"]
    return [task for task in tasks if title_part in task["title"]]


def test_a_task_is_changed_moved_removed_and_put_back_through_its_page(tmp_path):
    server = Server(tmp_path, content_edit=morning_somewhere)
    try:
        sam = server.signed_in()
        answer = plan_my_day(server, sam, "zzdraft the report 30m")
        [task] = stored(server, "zzdraft")
        page = f"/tasks/{task['id']}/"
        assert f'href="{page}"' in answer.text, "the schedule links the task to its page"
        for shown in ("/week/", "/notifications/", "/dashboard/"):
            assert f'href="{page}"' in sam.get(server.url + shown).text, f"{shown} does not link the task to its page"

        # New words, read as capture reads them.
        location, shown = send(server, sam, page, "Save", words="zzpolish the report 45m")
        assert location == page + "?undo=1"
        assert "zzpolish the report" in shown and "Edited" in shown
        [edited] = stored(server, "zzpolish")
        assert edited["id"] == task["id"] and edited["minutes"] == 45
        # Undo puts the words back.
        location, shown = send(server, sam, page + "?undo=1", "Undo")
        assert location == page
        assert stored(server, "zzdraft") and not stored(server, "zzpolish")
        assert "Undo" not in Forms(shown).forms

        # Done, then not done.
        location, shown = send(server, sam, page, "Done")
        assert "Done." in shown and stored(server, "zzdraft")[0]["done"] is True
        location, shown = send(server, sam, page, "Mark not done")
        assert "Not done yet." in shown and stored(server, "zzdraft")[0]["done"] is False

        # Another day, by a day's name.
        before = datetime.date.fromisoformat(stored(server, "zzdraft")[0]["date"])
        send(server, sam, page, "Move", date="tomorrow")
        assert stored(server, "zzdraft")[0]["date"] == (before + datetime.timedelta(days=1)).isoformat()

        # Removed: the person lands on the schedule, whose Undo brings the task back.
        location, shown = send(server, sam, page, "Remove")
        assert location == "/schedule/?undo=1" and not stored(server, "zzdraft")
        assert "Removed" in shown
        send(server, sam, location, "Undo")
        assert stored(server, "zzdraft")[0]["id"] == task["id"]

        # A form sent twice (a reload of the POST) is carried out once.
        form = Forms(sam.get(server.url + page).text).forms["Done"]
        for _ in range(2):
            assert sam.post(server.url + form["action"], data=form["fields"], allow_redirects=False).status_code == 303
        assert stored(server, "zzdraft")[0]["done"] is True

        # Someone else finds no such task of theirs; a visitor is sent to sign in.
        server.add_person("alex")
        alex = server.signed_in("alex")
        assert alex.get(server.url + page).status_code == 404
        assert "zzdraft" not in alex.get(server.url + "/schedule/").text
        visitor = sam.__class__()
        answer = visitor.get(server.url + page, allow_redirects=False)
        assert answer.status_code == 303 and "/login/" in answer.headers["Location"]
        assert sam.get(server.url + "/tasks/t99999/").status_code == 404
        assert sam.get(server.url + "/tasks/x1/").status_code == 404
    finally:
        server.stop()


def test_a_changed_time_moves_the_block_on_the_schedule(tmp_path):
    """The change re-plans the day it touched: the schedule shows the task at its new time, and
    a task moved to tomorrow leaves today's schedule for tomorrow's."""
    server = Server(tmp_path, content_edit=morning_somewhere)
    try:
        sam = server.signed_in()
        plan_my_day(server, sam, "zzcall the bank 20m")
        [task] = stored(server, "zzcall")
        page = f"/tasks/{task['id']}/"
        send(server, sam, page, "Save", time="23:00")
        plan = server.planner_json("plan.json")
        [block] = [b for b in plan["days"][0]["blocks"] if any(t["id"] == task["id"] for t in b["tasks"])]
        assert block["span"]["start"] == 23 * 60 and block["isFixed"], block
        schedule = sam.get(server.url + "/schedule/").text
        assert '<time datetime="23:00">23:00</time>' in schedule and "zzcall the bank" in schedule

        send(server, sam, page, "Move", date="tomorrow")
        assert "zzcall the bank" not in sam.get(server.url + "/schedule/").text
        tomorrow = server.planner_json("plan.json")["days"][1]
        assert any(t["id"] == task["id"] for b in tomorrow["blocks"] for t in b["tasks"])
    finally:
        server.stop()


def test_before_the_first_plan_the_days_pages_lead_to_the_planner(tmp_path):
    server = Server(tmp_path, content_edit=morning_somewhere)
    try:
        server.add_person("kim")
        kim = server.signed_in("kim")
        for page in ("/schedule/", "/week/", "/focus/", "/notifications/"):
            answer = kim.get(server.url + page, allow_redirects=False)
            assert answer.status_code == 303 and answer.headers["Location"] == "/planner/", page
            assert answer.headers["Cache-Control"] == "no-store"
        plan_my_day(server, kim, "zzwater the plants 10m")
        for page in ("/schedule/", "/week/", "/focus/", "/notifications/"):
            assert kim.get(server.url + page, allow_redirects=False).status_code == 200, page
        assert kim.get(server.url + "/schedule/2001-01-01/", allow_redirects=False).status_code == 404
    finally:
        server.stop()
