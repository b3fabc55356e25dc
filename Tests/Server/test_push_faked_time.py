"""Reminders end to end with the server's wall clock faked (libfaketime, see faked_clock.py):
the day is a fixed morning three days ahead, and the test moves the server's clock, so every
trigger is met within seconds of real time whatever the hour the suite runs. The server is the
real `aura serve`; the push service is the fake one that decrypts and checks what it gets.

Each reminder arrives once within 5 s of its trigger (measured on the server's clock); Done
before the trigger → never sent; Snooze → sent again at the snooze's end; a restart sends
nothing twice; a trigger missed while the server was down is sent late when under 10 minutes
old, and dropped when older."""
import datetime
import json
import re
from zoneinfo import ZoneInfo

from faked_clock import FakedClock
from server_support import Server, plan_my_day, wait_for
from fake_push import CONTACT, BrowserSubscription, FakePushService, check_vapid
from test_push_delivery import post

def site_zone(server):
    return ZoneInfo(re.search(r"^time_zone: (\S+)", (server.content / "site.yml").read_text(), re.M).group(1))


def only_our_tasks(content):
    """No tasks, plan or calendar of the default content: each reminder is one of ours."""
    for name in ("tasks.json", "plan.json", "calendar.ics"):
        (content / "planner" / name).unlink()
    inbox = content / "planner" / "inbox.md"
    inbox.write_text(inbox.read_text().split("-->")[0] + "-->\n")


TASKS = {"plumber": "09:00", "rent": "09:01", "plants": "09:02", "cat": "09:10", "lamp": "09:30", "bins": "09:46"}


def test_reminders_at_their_triggers_on_a_faked_clock(tmp_path):
    service = FakePushService()
    zone = None
    server = None
    try:
        clock = FakedClock(tmp_path / "clock", datetime.datetime.now(datetime.timezone.utc))
        server = Server(tmp_path / "served", wrapper=clock.wrapper, content_edit=only_our_tasks,
                        arguments=["--push-service", service.origin + "/push/", "--push-contact", CONTACT])
        zone = site_zone(server)
        day = (datetime.datetime.now(zone) + datetime.timedelta(days=3)).date()

        def at(hhmm, seconds=0):
            hour, minute = map(int, hhmm.split(":"))
            return datetime.datetime.combine(day, datetime.time(hour, minute, seconds), zone)

        # The server's clock at 08:59:30 of that day (a restart keeps the clock file).
        server.stop()
        clock.set(at("08:59", 30))
        server.start()
        sam = server.signed_in()
        browser = BrowserSubscription(f"{service.origin}/push/faked")
        assert post(server, sam, "/api/push/subscriptions", {"subscription": browser.json}).status_code == 201
        plan_my_day(server, sam, "\n".join(f"zz{name} at {time} 1m" for name, time in TASKS.items()))
        plan = server.planner_json("plan.json")
        assert plan["days"][0]["date"] == day.isoformat(), "the server did not plan on its faked day"
        stored = {t["title"]: t for t in server.planner_json("tasks.json")["tasks"]}
        blocks = {name: next(block["id"] for block in plan["days"][0]["blocks"]
                             if any(task["id"] == stored[f"zz{name}"]["id"] for task in block["tasks"]))
                  for name in TASKS}
        assert post(server, sam, "/api/done", {"id": stored["zzrent"]["id"]}).status_code == 200

        def arrived():
            """(name, the server's time it arrived at, payload) of each push, in order."""
            pushes = []
            for path, headers, body, when in list(service.received):
                payload = browser.decrypt(body)
                check_vapid(headers["Authorization"], json.loads(server_key)["publicKey"], service.origin,
                            now=clock.at(when).timestamp())
                name = next(name for name in TASKS if f"zz{name}" in payload["title"] + payload["body"])
                pushes.append((name, clock.at(when, zone), payload))
            return pushes

        def arrives(name, count=1):
            """Waits for `name`'s `count`-th push; returns the server's time it came at."""
            found = wait_for(lambda: [a for a in arrived() if a[0] == name][count - 1:] or None,
                             f"{name}'s reminder ({count}); so far {[(n, f'{w:%H:%M:%S}') for n, w, _ in arrived()]}",
                             timeout=120)
            return found[0][1]

        server_key = sam.get(server.url + "/api/push/key").text

        # On time: the first trigger, with the server's timers on the real steady clock.
        came = arrives("plumber")
        assert abs((came - at("09:00")).total_seconds()) <= 5, f"{came:%H:%M:%S}"
        [(_, _, payload)] = arrived()
        assert payload["url"] == f"/schedule/{day.isoformat()}/?profile=sam#block-{blocks['plumber']}" and payload["profile"] == "sam"
        snoozed = post(server, sam, "/api/snooze", {"id": f"notify-{blocks['plumber']}", "minutes": 15})
        assert snoozed.status_code == 200, snoozed.text
        snoozed_until = clock.now(zone).replace(microsecond=0) + datetime.timedelta(minutes=15)

        # Past the rent (done) to just before the plants: only the plants come.
        clock.set(at("09:01", 55))
        came = arrives("plants")
        assert abs((came - at("09:02")).total_seconds()) <= 5, f"{came:%H:%M:%S}"

        # Down from 09:02 to 09:13: the cat's 09:10 is 3 minutes late and comes at the start; nothing twice.
        server.stop()
        clock.set(at("09:13"))
        server.start()
        came = arrives("cat")
        assert at("09:13") <= came <= at("09:13", 10), f"{came:%H:%M:%S}"

        # The snooze's end: the plumber again.
        clock.set(at("09:14", 50))
        came = arrives("plumber", 2)
        assert abs((came - snoozed_until).total_seconds()) <= 5, f"{came:%H:%M:%S}, snoozed until {snoozed_until:%H:%M:%S}"

        # Down from 09:15 to 09:45: the lamp's 09:30 is 15 minutes old and dropped; the bins' 09:46 comes.
        server.stop()
        clock.set(at("09:45", 50))
        server.start()
        came = arrives("bins")
        assert abs((came - at("09:46")).total_seconds()) <= 5, f"{came:%H:%M:%S}"
        assert [name for name, _, _ in arrived()] == ["plumber", "plants", "cat", "plumber", "bins"]
    finally:
        if server:
            server.stop()
        service.server.shutdown()
