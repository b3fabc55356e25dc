"""Done and Snooze without a script on the week board and the focus page, as on the schedule:
each task's ring on `/week/` and the focus block's buttons are forms inside `<noscript>`, found
and sent here as a browser without JavaScript would (`requests` and an HTML parser); each comes
back to its page with the change in words and an Undo form."""
from server_support import Forms, Server, morning_somewhere, plan_my_day, send


def stored(server, title):
    tasks = server.planner_json("tasks.json")["tasks"]
    return next(task for task in tasks if task["title"] == title)


def test_week_and_focus_mark_done_and_snooze_through_forms(tmp_path):
    server = Server(tmp_path, content_edit=morning_somewhere)
    try:
        sam = server.signed_in()
        plan_my_day(server, sam, "zzfile the receipts 20m")

        # The week: the task's ring is a form that marks it done and comes back to the week.
        location, shown = send(server, sam, "/week/", "Done: zzfile the receipts")
        assert location == "/week/?undo=1"
        assert stored(server, "zzfile the receipts")["done"] is True
        assert "zzfile the receipts" in shown and "Undo" in Forms(shown).forms
        send(server, sam, location, "Undo")
        assert stored(server, "zzfile the receipts")["done"] is False

        # The focus page: its block's Done and Snooze are forms too.
        focus = Forms(sam.get(server.url + "/focus/").text).forms
        block = focus["Done"]["fields"]["id"]
        assert focus["Snooze 15 min"]["fields"]["id"] == block
        location, shown = send(server, sam, "/focus/", "Snooze 15 min")
        assert location == "/focus/?undo=1" and "Snoozed" in shown
        plan = server.planner_json("plan.json")
        first = next(b for b in plan["days"][0]["blocks"] if "notify-" + b["id"] == block)
        tasks = server.planner_json("tasks.json")["tasks"]
        assert all(t["snoozedUntil"] for t in tasks if t["id"] in {task["id"] for task in first["tasks"]})
        location, _ = send(server, sam, "/focus/", "Done")
        tasks = server.planner_json("tasks.json")["tasks"]
        assert all(t["done"] or t.get("recurrence") for t in tasks if t["id"] in {task["id"] for task in first["tasks"]})
    finally:
        server.stop()

