"""The day re-flowing by itself, in a real browser against a real `aura serve` whose wall clock
the test moves (libfaketime, Tests/pythonlib/faked_clock.py): a person plans a block, leaves
the schedule open and lets the block pass undone. The server plans the rest of the day again
from then; the open page, when the person looks at it again, comes back saying what moved, with
its Undo; the block's reminder comes at its new time, once (a fake push service decrypts what
arrives, Tests/pythonlib/fake_push.py); and Undo puts the block back where it was planned."""
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


def test_a_block_passed_undone_moves_with_an_undo_and_its_reminder_follows(open_browser, tmp_path):
    service = FakePushService()
    server = None
    try:
        clock = FakedClock(tmp_path / "clock", datetime.datetime.now(datetime.timezone.utc))
        server = Server(tmp_path / "served", wrapper=clock.wrapper, content_edit=morning_with_no_tasks,
                        arguments=["--push-service", service.origin + "/push/", "--push-contact", CONTACT])
        sam = server.signed_in()
        phone = BrowserSubscription(f"{service.origin}/push/phone")
        subscribed = sam.post(server.url + "/api/push/subscriptions", json={"subscription": phone.json},
                              headers={"Origin": server.url})
        assert subscribed.status_code == 201, subscribed.text

        def pushes(word):
            """The server's times at which a reminder naming `word` arrived."""
            return [clock.at(when) for _, _, body, when in list(service.received)
                    if word in json.dumps(phone.decrypt(body), ensure_ascii=False)]

        driver = open_browser()
        sign_in(driver, server.url)
        driver.get(server.url + "/planner/")
        field = wait(driver, lambda d: d.find_elements("id", "inbox-input"))[0]
        # A block to let pass, and an appointment whose reminder closes the test (it never moves).
        for line in ("draft the zzbrief 30m", f"call the zzbank at {LATER} 5m"):  # WebKitWebDriver types no "\n"
            field.send_keys(line, Keys.ENTER)
        click(driver, driver.find_element("css selector", "form[action$='/planner/plan'] button[type=submit]"))
        wait(driver, lambda d: d.current_url.endswith("/schedule/") and "zzbrief" in d.page_source,
             message=lambda: f"not on the schedule: {driver.current_url}")
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
        where = f'[data-timeline] .block[data-block-id="{planned["id"]}"]'
        wait(driver, lambda d: [b for b in d.find_elements("css selector", where)
                                if b.get_attribute("data-start-minutes") == str(planned["span"]["start"])],
             message=lambda: f"the block is not back: {driver.current_url}")
        assert block_holding(plan(server), brief)["span"] == planned["span"]
    finally:
        if server:
            server.stop()
        service.server.shutdown()
