"""A served day lived in a real browser against a real `aura serve` whose wall clock the test
moves (libfaketime, Tests/pythonlib/faked_clock.py), with reminders sent to a fake push service
that decrypts what arrives (Tests/pythonlib/fake_push.py).

An appointment before the day window opens is on the schedule at its time, and its reminder
comes then. A block the person lets pass undone moves: the server plans the rest of the day
again from then; the open page, when the person looks at it again, comes back saying what
moved, with its Undo; the block's reminder comes at its new time, once; and Undo puts the block
back where it was planned."""
import datetime
import json
import re
from zoneinfo import ZoneInfo

from selenium.webdriver.common.keys import Keys

from conftest import wait
from aura_served import Server, wait_for
from faked_clock import FakedClock
from fake_push import CONTACT, BrowserSubscription, FakePushService
from test_served_actions import click, morning_with_no_tasks, open_served, sign_in, stored

LATER = "11:50"  # an appointment that is sent a reminder after everything else: the test's last


def plan(server):
    return json.loads((server.content / "planner" / "plan.json").read_text())["days"][0]


def block_holding(day, task_id):
    return next(block for block in day["blocks"] if any(task["id"] == task_id for task in block["tasks"]))


def instant(server, day, minutes):
    """The moment `minutes` after midnight of `day`'s date, in the site's time zone."""
    zone = ZoneInfo(re.search(r"^time_zone: (\S+)", (server.content / "site.yml").read_text(), re.M).group(1))
    midnight = datetime.datetime.combine(datetime.date.fromisoformat(day["date"]), datetime.time(), zone)
    return midnight + datetime.timedelta(minutes=minutes)


def fire_date(day, block):
    text = next(note["fireDate"] for note in day["notifications"] if note["blockId"] == block["id"])
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def no_tasks(content):
    """The default content's site (Europe/London, a window of 08:30-18:30) with none of its
    tasks, plan or calendar: every block and reminder is the test's own."""
    for name in ("tasks.json", "plan.json", "calendar.ics"):
        (content / "planner" / name).unlink()
    inbox = content / "planner" / "inbox.md"
    inbox.write_text(inbox.read_text().split("-->")[0] + "-->\n")


def plan_in_the_browser(driver, server, lines):
    """Types `lines` on the planner page and presses Plan My Day; waits for the schedule."""
    driver.get(server.url + "/planner/")
    field = wait(driver, lambda d: d.find_elements("id", "inbox-input"))[0]
    for line in lines:  # Enter between the lines: WebKitWebDriver types no "\n"
        field.send_keys(line, Keys.ENTER)
    click(driver, driver.find_element("css selector", "form[action$='/planner/plan'] button[type=submit]"))
    wait(driver, lambda d: d.current_url.endswith("/schedule/") and all(next(w for w in line.split() if w.startswith("zz")) in d.page_source for line in lines),
         message=lambda: f"not on the schedule: {driver.current_url}")


def subscribed(server, service, sam):
    """A browser's push subscription for sam, at the fake service."""
    phone = BrowserSubscription(f"{service.origin}/push/phone")
    answer = sam.post(server.url + "/api/push/subscriptions", json={"subscription": phone.json},
                      headers={"Origin": server.url})
    assert answer.status_code == 201, answer.text
    return phone


def arrivals(service, clock, phone, word):
    """The server's times at which a reminder naming `word` arrived."""
    return [clock.at(when) for _, _, body, when in list(service.received)
            if word in json.dumps(phone.decrypt(body), ensure_ascii=False)]


def test_an_appointment_before_the_day_window_is_kept_and_reminded(open_browser, tmp_path):
    service = FakePushService()
    server = None
    try:
        zone = ZoneInfo("Europe/London")
        day = (datetime.datetime.now(zone) + datetime.timedelta(days=3)).date()
        clock = FakedClock(tmp_path / "clock", datetime.datetime.combine(day, datetime.time(6, 30), zone))
        server = Server(tmp_path / "served", wrapper=clock.wrapper, content_edit=no_tasks,
                        arguments=["--push-service", service.origin + "/push/", "--push-contact", CONTACT])
        phone = subscribed(server, service, server.signed_in())
        driver = open_browser()
        sign_in(driver, server.url)
        plan_in_the_browser(driver, server, ["the zzgym at 07:00 45m", "draft the zzbrief 30m"])

        # On the schedule at 07:00, before the 08:30 window opens; not in Later.
        gym = block_holding(plan(server), stored(server)["the zzgym"]["id"])
        assert gym["span"] == {"start": 7 * 60, "end": 7 * 60 + 45}, gym
        shown = driver.find_element("css selector", f'[data-timeline] .block[data-block-id="{gym["id"]}"]')
        assert shown.get_attribute("data-start-minutes") == "420" and "07:00" in shown.text
        assert "zzgym" not in " ".join(e.text for e in driver.find_elements("css selector", "#later"))
        # With its reminder, on the notifications page and at 07:00 on the phone.
        driver.get(server.url + "/notifications/")
        notice = wait(driver, lambda d: d.find_elements("css selector", f'[data-block-id="{gym["id"]}"] [data-trigger]'))[0]
        assert notice.text == "07:00"
        clock.set(datetime.datetime.combine(day, datetime.time(6, 59, 57), zone))
        came = wait_for(lambda: arrivals(service, clock, phone, "zzgym"), "the gym's reminder", timeout=60)[0]
        at = datetime.datetime.combine(day, datetime.time(7), zone)
        assert abs((came - at).total_seconds()) <= 5, f"{came:%H:%M:%S}"
    finally:
        if server:
            server.stop()
        service.server.shutdown()


def test_a_block_passed_undone_moves_with_an_undo_and_its_reminder_follows(open_browser, tmp_path):
    service = FakePushService()
    server = None
    try:
        clock = FakedClock(tmp_path / "clock", datetime.datetime.now(datetime.timezone.utc))
        server = Server(tmp_path / "served", wrapper=clock.wrapper, content_edit=morning_with_no_tasks,
                        arguments=["--push-service", service.origin + "/push/", "--push-contact", CONTACT])
        phone = subscribed(server, service, server.signed_in())

        def pushes(word):
            return arrivals(service, clock, phone, word)

        driver = open_browser()
        sign_in(driver, server.url)
        # A block to let pass, and an appointment whose reminder closes the test (it never moves).
        plan_in_the_browser(driver, server, ["draft the zzbrief 30m", f"call the zzbank at {LATER} 5m"])
        brief = stored(server)["draft the zzbrief"]["id"]
        planned = block_holding(plan(server), brief)
        open_served(driver, server.url + "/schedule/")

        # The block ends, and ten minutes later it has still not been marked.
        # (At a minute one past a multiple of five: the rest of the day starts at the next one,
        # four minutes on, so the moved block's reminder is still ahead.)
        minute = planned["span"]["end"] + 10
        passed_at = instant(server, plan(server), minute + (1 - minute) % 5)
        clock.set(passed_at)
        moved = wait_for(lambda: (lambda block: block if block["span"]["start"] > planned["span"]["start"] else None)(
            block_holding(plan(server), brief)), "the server to plan the rest of the day again", timeout=60)

        # The person looks at the page again: it comes back saying what moved, with its Undo.
        driver.execute_script("document.dispatchEvent(new Event('visibilitychange'))")
        summary = wait(driver, lambda d: d.find_elements("css selector", ".session__undo-summary"), timeout=30,
                       message=lambda: f"the page did not come back: {driver.current_url}")[0].text
        assert summary == "Planned the rest of today again: “draft the zzbrief” had passed undone.", summary
        shown = driver.find_element("css selector", f'[data-timeline] .block[data-block-id="{moved["id"]}"]')
        assert "zzbrief" in shown.text and shown.get_attribute("data-start-minutes") == str(moved["span"]["start"])

        # Its reminder comes at its new time, once; then the appointment's, and no other.
        new_fire = fire_date(plan(server), moved)
        assert new_fire > clock.now(), f"{new_fire:%H:%M:%S} is not ahead of {clock.now():%H:%M:%S}"
        before = len(pushes("zzbrief"))
        clock.set(new_fire - datetime.timedelta(seconds=3))
        came = wait_for(lambda: pushes("zzbrief")[before:], "the moved block's reminder", timeout=60)[0]
        assert abs((came - new_fire).total_seconds()) <= 5, f"{came:%H:%M:%S} for {new_fire:%H:%M:%S}"
        bank = fire_date(plan(server), block_holding(plan(server), stored(server)["call the zzbank"]["id"]))
        clock.set(bank - datetime.timedelta(seconds=3))
        wait_for(lambda: pushes("zzbank"), "the appointment's reminder", timeout=60)
        assert len(pushes("zzbrief")) == before + 1, pushes("zzbrief")

        # Undo puts the block back where it was planned.
        click(driver, driver.find_element("css selector", ".session__undo button[type=submit]"))
        back = f'[data-timeline] .block[data-block-id="{planned["id"]}"][data-start-minutes="{planned["span"]["start"]}"]'
        # Asked of the page in one step: the page it was on goes as the answer to Undo comes.
        wait(driver, lambda d: d.execute_script("return document.querySelector(arguments[0]) !== null", back),
             message=lambda: f"the block is not back: {driver.current_url}")
        assert block_holding(plan(server), brief)["span"] == planned["span"]
    finally:
        if server:
            server.stop()
        service.server.shutdown()
