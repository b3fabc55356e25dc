"""Plan My Day after the day window, over HTTP: the evening until bedtime holds what fits it,
the rest is planned tomorrow, and the pages say so — the JSON answer, the schedule, tomorrow's
schedule, and the form's Undo that takes the move back."""
import datetime
import re

from aura_served import Server, evening_somewhere


def no_tasks_in_the_evening(content):
    """An evening somewhere, on a planner with none of the default tasks, so only the lines the
    test plans are in play."""
    evening_somewhere(content)
    for name in ("tasks.json", "plan.json"):
        (content / "planner" / name).unlink()
    inbox = content / "planner" / "inbox.md"
    inbox.write_text(inbox.read_text().split("-->")[0] + "-->\n")


LINES = "write the zzreport 60m\nfile the zzreceipts 20m\nwatch a zzfilm tonight 45m\nbook the zzdentist friday"


def stored(server):
    return {task["title"]: task for task in server.planner_json("tasks.json")["tasks"]}


def test_plan_my_day_in_the_evening_plans_tonight_and_tomorrow(tmp_path):
    server = Server(tmp_path, content_edit=no_tasks_in_the_evening)
    try:
        browser = server.signed_in()
        answer = browser.post(server.url + "/api/plan", json={"inbox": LINES}, headers={"Origin": server.url})
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["planned"] == "tonight-and-tomorrow"
        tasks = stored(server)
        assert body["movedToTomorrow"] == [tasks["write the zzreport"]["id"]]
        plan = server.planner_json("plan.json")
        today, tomorrow = plan["days"][0], plan["days"][1]
        assert today["evening"] is True and today["window"] == {"start": 18 * 60 + 30, "end": 22 * 60 + 30}
        tonight = {task["title"] for block in today["blocks"] for task in block["tasks"]}
        # (On a Friday the dentist's day is today, and booking it is light work for tonight.)
        assert tonight - {"book the zzdentist"} == {"file the zzreceipts", "watch a zzfilm"}
        assert tasks["write the zzreport"]["date"] == tomorrow["date"]
        # A line that names a day keeps it.
        dentist = datetime.date.fromisoformat(tasks["book the zzdentist"]["date"])
        assert dentist.weekday() == 4 and dentist >= datetime.date.fromisoformat(today["date"])

        schedule = browser.get(server.url + "/schedule/").text
        assert "This evening" in schedule and "The day’s window has closed" in schedule
        assert "zzreceipts" in schedule and "zzreport" not in schedule
        link = re.search(r'<a href="(/schedule/' + tomorrow["date"] + '/)">see ', schedule)
        assert link, schedule
        assert "zzreport" in browser.get(server.url + link.group(1)).text
    finally:
        server.stop()


def test_the_form_offers_to_undo_the_move_to_tomorrow(tmp_path):
    server = Server(tmp_path, content_edit=no_tasks_in_the_evening)
    try:
        browser = server.signed_in()
        token = server.form_token(browser)
        answer = browser.post(server.url + "/planner/plan", data={"csrf": token, "inbox": LINES},
                              headers={"Origin": server.url}, allow_redirects=False)
        assert answer.status_code == 303, answer.text
        assert answer.headers["Location"].endswith("/schedule/?changed=1&undo=1")
        page = browser.get(server.url + answer.headers["Location"]).text
        assert "zzreport" in page  # the offer names what moved
        today = server.planner_json("plan.json")["days"][0]["date"]
        undo = browser.post(server.url + "/api/undo", data={"csrf": server.form_token(browser, "/schedule/"), "undo": "latest"},
                            headers={"Origin": server.url}, allow_redirects=False)
        assert undo.status_code == 303, undo.text
        assert stored(server)["write the zzreport"]["date"] == today
    finally:
        server.stop()
