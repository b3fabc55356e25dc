"""The personal pages in Chromium and WebKitGTK: Done and Snooze, the permission switch, your own
reflection, where a notification's click goes, and the "now" line on the schedule."""
import datetime
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import epoch_ms, fixed_clock_script, loaded, notification_stub_script, page_errors, settled, wait

PAGES = ["dashboard/", "planner/", "schedule/", "notifications/", "reflections/"]


@pytest.fixture
def at_nine(plan_date, time_zone):
    """A clock fixed at 09:00 on the plan's date, in the site's time zone."""
    return fixed_clock_script(epoch_ms(plan_date, "09:00", time_zone))


# ---- No console errors ----

@pytest.mark.parametrize("path", PAGES + ["schedule/DATE/"])
def test_personal_page_has_no_console_errors(open_browser, base_url, plan_date, at_nine, path):
    driver = open_browser(at_nine)
    driver.get(f"{base_url}/{path.replace('DATE', plan_date)}")
    wait(driver, settled, message="the page never settled")
    assert driver.find_element(By.CSS_SELECTOR, "meta[name=robots]").get_attribute("content") == "noindex"
    assert page_errors(driver) == []


# ---- (1) Done and Snooze survive a reload ----

def add_minutes(clock, minutes):
    moment = datetime.datetime.strptime(clock, "%H:%M") + datetime.timedelta(minutes=minutes)
    return moment.strftime("%H:%M")


def notice_actions_ready(driver):
    actions = driver.find_elements(By.CSS_SELECTOR, "[data-notice] [data-notice-actions]")
    return actions and all(a.is_displayed() for a in actions)


def test_done_and_snooze_survive_a_reload(open_browser, base_url, plan_date, at_nine):
    driver = open_browser(at_nine)
    driver.get(f"{base_url}/notifications/")
    wait(driver, notice_actions_ready, message="Done and Snooze never appeared")
    notices = driver.find_elements(By.CSS_SELECTOR, "[data-notice]")
    assert len(notices) >= 2
    first_id = notices[0].get_attribute("data-notification-id")
    second_id = notices[1].get_attribute("data-notification-id")
    fire_time = notices[1].get_attribute("data-fire-time")
    assert notices[1].find_element(By.CSS_SELECTOR, "[data-trigger]").text == fire_time

    notices[0].find_element(By.CSS_SELECTOR, "[data-action=done]").click()
    notices[1].find_element(By.CSS_SELECTOR, "[data-action=snooze]").click()
    stored = driver.execute_script("return localStorage.getItem(arguments[0])", f"aura.notifications.{plan_date}")
    assert first_id in stored and second_id in stored

    driver.refresh()
    wait(driver, notice_actions_ready)
    done = driver.find_element(By.ID, f"notice-{first_id}")
    snoozed = driver.find_element(By.ID, f"notice-{second_id}")
    assert "is-done" in done.get_attribute("class")
    assert done.find_element(By.CSS_SELECTOR, "[data-action=done]").get_attribute("aria-pressed") == "true"
    assert done.find_element(By.CSS_SELECTOR, "[data-state]").text == "Done"
    assert "is-snoozed" in snoozed.get_attribute("class")
    assert snoozed.find_element(By.CSS_SELECTOR, "[data-action=snooze]").get_attribute("aria-pressed") == "true"
    trigger = snoozed.find_element(By.CSS_SELECTOR, "[data-trigger]")
    assert trigger.text == add_minutes(fire_time, 15) == snoozed.get_attribute("data-snoozed-time")
    assert fire_time in snoozed.find_element(By.CSS_SELECTOR, "[data-state]").text

    # Pressing again undoes it, and that survives a reload too.
    done.find_element(By.CSS_SELECTOR, "[data-action=done]").click()
    driver.refresh()
    wait(driver, notice_actions_ready)
    done = driver.find_element(By.ID, f"notice-{first_id}")
    assert "is-done" not in done.get_attribute("class")
    assert done.find_element(By.CSS_SELECTOR, "[data-action=done]").get_attribute("aria-pressed") == "false"
    assert "is-snoozed" in driver.find_element(By.ID, f"notice-{second_id}").get_attribute("class")


# ---- (2) The permission switch asks only when tapped ----

def toggle_ready(driver):
    return driver.execute_script("var t = document.querySelector('[data-notify-toggle]'); return !!t && !t.disabled")


def permission_calls(driver):
    return driver.execute_script("return window.__notifyStub.calls")


@pytest.mark.parametrize("answer", ["denied", "granted"])
def test_permission_is_asked_only_from_the_switch(open_browser, base_url, at_nine, answer):
    driver = open_browser(at_nine, notification_stub_script(answer))
    driver.get(f"{base_url}/notifications/")
    wait(driver, toggle_ready, message="the switch never became usable")
    wait(driver, settled)  # the page has set itself up: had it asked on load, it would have by now
    assert permission_calls(driver) == 0, "permission was asked on page load"
    toggle = driver.find_element(By.CSS_SELECTOR, "[data-notify-toggle]")
    status = driver.find_element(By.CSS_SELECTOR, "[data-notify-status]")
    assert not toggle.is_selected()

    driver.find_element(By.CSS_SELECTOR, "label.switch").click()
    wait(driver, lambda d: permission_calls(d) == 1, message="the switch did not ask for permission")

    if answer == "denied":
        wait(driver, lambda d: "settings" in status.text, message="no explanation for the denied state")
        assert "blocked" in status.text
        assert status.is_displayed()
        assert len(status.text.splitlines()) == 1
        assert not toggle.is_selected()
        assert not toggle.is_enabled()
    else:
        wait(driver, lambda d: toggle.is_selected(), message="granted, but the switch is not on")
        assert status.text.startswith("On.")
        # Turning it off and on again does not ask again: permission is already granted.
        driver.find_element(By.CSS_SELECTOR, "label.switch").click()
        wait(driver, lambda d: not toggle.is_selected())
        driver.find_element(By.CSS_SELECTOR, "label.switch").click()
        wait(driver, lambda d: toggle.is_selected())
    assert permission_calls(driver) == 1

    driver.refresh()
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-notify-status]").text != "")
    wait(driver, settled)
    assert permission_calls(driver) == 0, "permission was asked again on reload"


def test_missing_notification_api_is_explained(open_browser, base_url, at_nine):
    driver = open_browser(at_nine, "delete window.Notification;")
    driver.get(f"{base_url}/notifications/")
    status = driver.find_element(By.CSS_SELECTOR, "[data-notify-status]")
    wait(driver, lambda d: "cannot show notifications" in status.text)
    assert not driver.find_element(By.CSS_SELECTOR, "[data-notify-toggle]").is_enabled()


# ---- (3) Your own reflection: typed, reloaded, exported ----

CAPTURE_EXPORTS = """
window.__exports = [];
var original = URL.createObjectURL;
URL.createObjectURL = function (blob) {
  blob.text().then(function (text) { window.__exports.push({ text: text, type: blob.type }); });
  return original.call(URL, blob);
};
"""


def test_reflection_survives_a_reload_and_exports_as_markdown(open_browser, base_url, plan_date, at_nine, tmp_path):
    lines = ["Kept the deep block whole.", "Next time: *less* email before 09:50 — and a walk."]
    text = "\n".join(lines)
    driver = open_browser(at_nine, downloads=tmp_path)
    driver.get(f"{base_url}/reflections/")
    field = driver.find_element(By.ID, "journal-evening")
    label = driver.find_element(By.CSS_SELECTOR, "label[for=journal-evening]")
    assert label.text == "This evening"
    # The Enter key between the lines: WebKitGTK's WebDriver types a "\n" character as nothing.
    field.send_keys(lines[0], Keys.ENTER, lines[1])
    assert field.get_attribute("value") == text
    status = driver.find_element(By.CSS_SELECTOR, "[data-journal-status]")
    wait(driver, lambda d: status.text.startswith("Saved in this browser at"), message="never saved while typing")

    driver.refresh()
    field = driver.find_element(By.ID, "journal-evening")
    wait(driver, lambda d: field.get_attribute("value") == text, message="the reflection did not come back")
    assert driver.find_element(By.ID, "journal-morning").get_attribute("value") == ""
    entries = driver.find_elements(By.CSS_SELECTOR, "[data-journal-list] .journal__entry")
    assert len(entries) == 1
    assert [part.text for part in entries[0].find_elements(By.CSS_SELECTOR, ".journal__part")] == ["Evening"]
    assert entries[0].find_element(By.CSS_SELECTOR, ".journal__entry-text[data-part=evening]").text == text
    assert entries[0].find_element(By.CSS_SELECTOR, "time").get_attribute("datetime") == plan_date

    driver.execute_script(CAPTURE_EXPORTS)
    driver.find_element(By.CSS_SELECTOR, "[data-journal-export]").click()
    wait(driver, lambda d: d.execute_script("return window.__exports.length") == 1, message="no export")
    exported = driver.execute_script("return window.__exports[0]")
    assert exported["type"].startswith("text/markdown")
    assert exported["text"].startswith("# Reflections\n")
    assert re.search(r"^## \w+day \d{1,2} \w+ \d{4}\n\n### Evening$", exported["text"], re.M)
    assert text in exported["text"]

    # The browser saved it as a file: Chromium through its download preferences, WebKitGTK into
    # its XDG download directory (conftest points both at tmp_path).
    download = tmp_path / f"aura-reflections-{plan_date}.md"
    wait(driver, lambda d: download.exists() and text in download.read_text(encoding="utf-8"),
         message="the export did not download a Markdown file")


# ---- (4) Where a notification's click goes ----

def test_notification_opens_its_block_or_the_dashboard(open_browser, base_url, plan_date, at_nine):
    driver = open_browser(at_nine)
    driver.get(f"{base_url}/notifications/")
    wait(driver, loaded)
    notice = driver.find_element(By.CSS_SELECTOR, "[data-notice]")
    url = notice.get_attribute("data-url")
    anchor = "block-" + notice.get_attribute("data-block-id")
    assert url.endswith("#" + anchor)

    assert driver.execute_script("return Aura.notificationURL({ id: 'x', url: arguments[0] })", url) == url
    gone = f"/schedule/{plan_date}/#block-{plan_date}-gone"
    assert driver.execute_script("return Aura.notificationURL({ id: 'notify-gone', url: arguments[0] })", gone) == "/dashboard/"
    # With the current plan's blocks given, the same rule holds.
    known = [notice.get_attribute("data-block-id")]
    assert driver.execute_script("return Aura.notificationURL({ url: arguments[0] }, arguments[1])", url, known) == url
    assert driver.execute_script("return Aura.notificationURL({ url: arguments[0] }, [])", url) == "/dashboard/"

    # Opening one whose block is gone lands on the dashboard, with nothing further to chase.
    driver.execute_script("Aura.openNotification({ id: 'notify-gone', url: arguments[0] })", gone)
    wait(driver, lambda d: d.current_url.startswith(f"{base_url}/dashboard/"))
    assert driver.current_url == f"{base_url}/dashboard/"

    # Opening a live one lands on its block.
    driver.get(f"{base_url}/notifications/")
    wait(driver, loaded)
    driver.execute_script("Aura.openNotification({ url: arguments[0] })", url)
    wait(driver, lambda d: d.current_url.endswith("#" + anchor))
    assert driver.execute_script("return document.querySelector(':target').id") == anchor


def test_due_notification_is_shown_with_its_block_url(open_browser, base_url, site, time_zone):
    html = (site / "notifications" / "index.html").read_text(encoding="utf-8")
    high = re.search(r'<li class="notice notice--high"[^>]*>', html)
    assert high, "no high-priority (Deep Work) notification on the page"
    fire = re.search(r'data-fire-date="([^"]+)"', high.group(0)).group(1)
    url = re.search(r'\sdata-url="([^"]+)"', high.group(0)).group(1)
    moment = datetime.datetime.fromisoformat(fire.replace("Z", "+00:00"))
    just_before = int(moment.timestamp() * 1000) - 1500
    driver = open_browser(fixed_clock_script(just_before), notification_stub_script("granted", permission="granted"),
                          "localStorage.setItem('aura.notifications.enabled', 'on');")
    driver.get(f"{base_url}/notifications/")
    wait(driver, lambda d: d.execute_script("return window.__notifyStub.shown.length") >= 1, timeout=15,
         message="the due notification was not shown")
    shown = driver.execute_script("return window.__notifyStub.shown[0]")
    assert shown["options"]["data"]["url"] == url
    assert shown["options"]["tag"].startswith("notify-")
    assert shown["options"]["requireInteraction"] is True  # Deep Work is high priority
    assert driver.execute_script("return window.__notifyStub.calls") == 0


# ---- (5) The "now" line on the schedule ----

def marker_state(driver):
    return driver.execute_script("""
      var marker = document.querySelector('[data-now-marker]');
      function item(node, step) {
        for (node = node && node[step]; node; node = node[step]) {
          if (node.querySelector && node.querySelector('.block')) return node;
        }
        return null;
      }
      var before = item(marker, 'previousElementSibling'), after = item(marker, 'nextElementSibling');
      return { hidden: marker.hidden, visible: marker.offsetParent !== null, text: marker.textContent.trim(),
               beforeEnd: before && +before.getAttribute('data-end-minutes'),
               afterStart: after && +after.getAttribute('data-start-minutes'),
               afterEnd: after && +after.getAttribute('data-end-minutes') };
    """)


@pytest.mark.parametrize("path", ["schedule/", "schedule/DATE/"])
def test_now_marker_sits_between_the_right_blocks(open_browser, base_url, plan_date, at_nine, path):
    driver = open_browser(at_nine)
    driver.get(f"{base_url}/{path.replace('DATE', plan_date)}")
    wait(driver, lambda d: d.execute_script("return !document.querySelector('[data-now-marker]').hidden"),
         message="no now marker on the plan's own day")
    state = marker_state(driver)
    now = 9 * 60
    assert state["visible"] and "09:00" in state["text"]
    assert state["beforeEnd"] is not None and state["beforeEnd"] <= now
    assert state["afterStart"] is not None and state["afterEnd"] > now
    sides = driver.execute_script("""
      var marker = document.querySelector('[data-now-marker]'), before = [], after = [], seen = false;
      Array.prototype.forEach.call(document.querySelector('[data-timeline]').children, function (li) {
        if (li === marker) { seen = true; return; }
        (seen ? after : before).push(+li.getAttribute('data-end-minutes'));
      });
      return { before: before, after: after };""")
    # Everything before the line has ended by 09:00; everything after it is still to end.
    assert sides["before"] and all(end <= now for end in sides["before"])
    assert sides["after"] and all(end > now for end in sides["after"])


def marker_decided(driver):
    """The marker as the schedule script left it. The script is part of the page's one deferred
    bundle and draws synchronously when it runs, which is before DOMContentLoaded: once the
    document is complete, this is its decision (the built page starts with the marker hidden,
    so the bundle having run without an error is checked too)."""
    assert driver.execute_script("return typeof (window.Aura && Aura.wallClock)") == "function", "the bundle did not run"
    assert page_errors(driver) == []
    return driver.execute_script("""
      return { hidden: document.querySelector('[data-now-marker]').hidden,
               past: document.querySelectorAll('[data-timeline] .is-past').length };""")


def test_now_marker_is_absent_on_other_days(open_browser, base_url, site, plan_date, time_zone, at_nine):
    other = sorted(p.name for p in (site / "schedule").iterdir() if re.match(r"\d{4}-\d{2}-\d{2}$", p.name) and p.name != plan_date)
    assert other, "the default plan has only one day"
    driver = open_browser(at_nine)
    driver.get(f"{base_url}/schedule/{other[0]}/")
    wait(driver, loaded)
    assert marker_decided(driver) == {"hidden": True, "past": 0}

    # The plan's own page, on the next day's clock, has no marker either.
    next_day = (datetime.date.fromisoformat(plan_date) + datetime.timedelta(days=1)).isoformat()
    driver = open_browser(fixed_clock_script(epoch_ms(next_day, "09:00", time_zone)))
    driver.get(f"{base_url}/schedule/{plan_date}/")
    wait(driver, loaded)
    assert marker_decided(driver) == {"hidden": True, "past": 0}


def test_dashboard_moves_next_on_by_the_clock(open_browser, base_url, at_nine):
    driver = open_browser(at_nine)
    driver.get(f"{base_url}/dashboard/")
    wait(driver, loaded)  # the clock script moves "Next" on as the deferred bundle runs, before this
    shown = driver.find_element(By.CSS_SELECTOR, "[data-next-slot] [data-block-id]")
    start, end = int(shown.get_attribute("data-start-minutes")), int(shown.get_attribute("data-end-minutes"))
    assert end > 9 * 60, "the dashboard still shows a block that has ended"
    label = driver.find_element(By.CSS_SELECTOR, "[data-next-label]").text
    assert label == ("Now" if start <= 9 * 60 else "Next")


# ---- A task's deadline and part of the day, and unread words, fit a phone ----
# Deadlines and parts of the day are captions (smaller than the body); an unread warning is a
# sentence, so body copy (at least 12 px, as test_layout's reading rule asks).

@pytest.mark.parametrize("width", [320, 390, 1280])
def test_task_notes_and_unread_words_fit_inside_their_rows(open_browser, base_url, plan_date, at_nine, width):
    driver = open_browser(at_nine, width=width)
    for path, selector in [(f"schedule/{plan_date}/", ".block .task-notes"), ("week/", ".week-task .task-notes"),
                           ("planner/", ".capture__unread")]:
        driver.get(f"{base_url}/{path}")
        wait(driver, settled, message=f"{path} never settled")
        facts = driver.execute_script("""
            const notes = [...document.querySelectorAll(arguments[0])].filter(n => n.getClientRects().length);
            const body = parseFloat(getComputedStyle(document.body).fontSize);
            return {count: notes.length, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
                    sizes: notes.map(n => parseFloat(getComputedStyle(n).fontSize)), body: body,
                    inside: notes.every(n => { const r = n.getBoundingClientRect(), p = n.parentElement.closest('li').getBoundingClientRect();
                                               return r.left >= p.left - 0.5 && r.right <= p.right + 0.5; }),
                    text: notes.map(n => n.textContent.replace(/\\s+/g, ' ').trim())};
        """, selector)
        assert facts["count"] >= 1, (path, facts)
        assert facts["overflow"] <= 0, (path, facts)
        assert facts["inside"], (path, facts)
        if path == "planner/":
            assert all(size >= 12 for size in facts["sizes"]), facts
            assert "Didn’t understand “twice a week”: no date, time or repeat was set from it." in facts["text"]
        else:
            assert all(size < facts["body"] for size in facts["sizes"]), facts
            assert any(text.endswith("due Fri 11 Dec") for text in facts["text"]), facts["text"]


# ---- The dashboard's reflection follows the part of the day ----

def test_the_dashboards_reflection_is_the_mornings_until_the_window_closes(open_browser, base_url, site, plan_date,
                                                                          time_zone):
    html = (site / "dashboard" / "index.html").read_text(encoding="utf-8")
    match = re.search(r'data-day-part="evening" data-date="([0-9-]+)" data-evening-from="(\d\d:\d\d)"', html)
    assert match and match.group(1) == plan_date, "the dashboard has no evening reflection for the plan's day"
    evening_from = match.group(2)
    before = add_minutes(evening_from, -1)
    for clock, shown in ((before, "morning"), (evening_from, "evening")):
        driver = open_browser(fixed_clock_script(epoch_ms(plan_date, clock, time_zone)))
        driver.get(f"{base_url}/dashboard/")
        wait(driver, loaded)
        hidden = "evening" if shown == "morning" else "morning"
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f'[data-day-part="{shown}"]').is_displayed()
             and not d.find_element(By.CSS_SELECTOR, f'[data-day-part="{hidden}"]').is_displayed(),
             message=f"at {clock} the dashboard does not show the {shown}'s reflection alone")
        title = driver.find_element(By.CSS_SELECTOR, f'[data-day-part="{shown}"] .section-title').text
        assert title == ("This morning" if shown == "morning" else "This evening")


# ---- Done and Snooze where the person looks: on every block, and on each task of a block ----

def block_actions_ready(driver):
    return driver.execute_script(
        "var rows = document.querySelectorAll('[data-timeline] [data-block-actions]');"
        "return rows.length > 0 && Array.prototype.every.call(rows, function (r) { return !r.hidden; });")


@pytest.mark.parametrize("width", [390, 1280])
def test_a_mouse_marks_one_task_of_a_block_done_and_it_stays_marked(open_browser, base_url, plan_date, at_nine,
                                                                     width):
    driver = open_browser(at_nine, width=width)
    driver.get(f"{base_url}/schedule/{plan_date}/")
    wait(driver, block_actions_ready, message="the blocks' Done and Snooze never appeared")
    blocks = [block for block in driver.find_elements(By.CSS_SELECTOR, "[data-timeline] .block[data-block-id]")
              if len(block.find_elements(By.CSS_SELECTOR, "[data-task-id]")) >= 2]
    assert blocks, "the plan has no block of several tasks"
    block_id = blocks[0].get_attribute("data-block-id")
    rows = blocks[0].find_elements(By.CSS_SELECTOR, "[data-task-id]")
    first = rows[0].get_attribute("data-task-id")
    check = rows[0].find_element(By.CSS_SELECTOR, "[data-task-done]")
    assert check.is_displayed() and check.size["width"] >= 16
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", check)
    check.click()

    def marked(d):
        block = d.find_element(By.CSS_SELECTOR, f"[data-timeline] [data-block-id='{block_id}']")
        row = block.find_element(By.CSS_SELECTOR, f"[data-task-id='{first}']")
        others = [r for r in block.find_elements(By.CSS_SELECTOR, "[data-task-id]") if r.get_attribute("data-task-id") != first]
        return ("is-done" in row.get_attribute("class")
                and row.find_element(By.CSS_SELECTOR, "[data-aura-state]").text.startswith("Done")
                and row.find_element(By.CSS_SELECTOR, "[data-task-done]").get_attribute("aria-pressed") == "true"
                and all("is-done" not in r.get_attribute("class") for r in others)
                and "is-done" not in block.get_attribute("class"))

    wait(driver, marked, message="the task was not marked done, alone, in its place")
    assert re.fullmatch(r"Done 09:0\d", driver.find_element(
        By.CSS_SELECTOR, f"[data-task-id='{first}'] [data-aura-state]").text)
    driver.refresh()
    wait(driver, block_actions_ready)
    wait(driver, marked, message="after a reload the task is no longer marked done")
    # With the time it was done, which this browser keeps.
    assert re.fullmatch(r"Done 09:0\d", driver.find_element(
        By.CSS_SELECTOR, f"[data-task-id='{first}'] [data-aura-state]").text)

    # The block's own Done finishes the rest; its Snooze goes with it.
    done = driver.find_element(By.CSS_SELECTOR, f"[data-timeline] [data-block-id='{block_id}'] [data-block-done]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", done)
    done.click()
    wait(driver, lambda d: "is-done" in d.find_element(
        By.CSS_SELECTOR, f"[data-timeline] [data-block-id='{block_id}']").get_attribute("class")
        and not d.find_element(By.CSS_SELECTOR, f"[data-timeline] [data-block-id='{block_id}'] [data-block-snooze]")
        .is_displayed(), message="the block's Done did not finish the block")
    driver.refresh()
    wait(driver, block_actions_ready)
    label = driver.find_element(By.CSS_SELECTOR, f"[data-timeline] [data-block-id='{block_id}'] [data-aura-state]")
    assert re.fullmatch(r"Done 09:0\d", label.text), label.text
    assert page_errors(driver) == []
