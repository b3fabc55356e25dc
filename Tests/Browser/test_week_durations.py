"""Durations, the week board's sizes and layout, Done and Snooze on the dashboard, measured in
the browser against the built default site (fixtures in conftest.py). Only standard WebDriver
calls, so the same tests run in Chromium and in WebKit; every wait is for a condition.

- One duration format: Aura.duration gives exactly Tests/Fixtures/durations.json (the table the
  Swift tests hold durationText to), and no duration or count on /dashboard/ breaks across lines.
- /week/ agrees with the dashboard: the tasks it lists as tied share one size, and sizes never
  grow down a day.
- /week/ layout at 320, 390, 768, 1024 and 1280 px: the board keeps to the page's column, the
  page never scrolls sideways, and at rest every day column is wholly in view or wholly out.
- Done and Snooze made on /notifications/ show on /dashboard/."""
import json
import pathlib
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WIDTHS = [320, 390, 768, 1024, 1280]
DURATIONS = pathlib.Path(__file__).resolve().parents[1] / "Fixtures" / "durations.json"


def wait(driver, condition, timeout=10, message=""):
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: condition(d), message)


def loaded(driver):
    return driver.execute_script("return document.readyState") == "complete"


def open_at(open_browser, base_url, path, width, height=900):
    """The page in a viewport exactly `width` px wide: an iframe of that width on a page of the
    same origin (the server's own "not found" page, with no script of its own), the driver
    switched into it. Media and container queries inside answer to the iframe's width, and a
    browser window need not be that narrow (WebKit's will not go below about 450 px)."""
    driver = open_browser(width=max(width, 500) + 120, height=height + 120)
    driver.get(f"{base_url}/viewport-under-test/")
    wait(driver, loaded)
    driver.execute_script("""
      var frame = document.createElement("iframe");
      frame.id = "viewport-under-test";
      frame.title = "Page under test";
      frame.style.cssText = "position:fixed;left:0;top:0;border:0;margin:0;width:" + arguments[1] + "px;height:" + arguments[2] + "px";
      frame.src = arguments[0];
      document.body.textContent = "";
      document.body.appendChild(frame);
    """, f"{base_url}/{path}", width, height)
    driver.switch_to.frame(driver.find_element(By.ID, "viewport-under-test"))
    wait(driver, lambda d: d.execute_script("return location.pathname") == f"/{path}" and loaded(d),
         message=f"/{path} did not load in the frame")
    assert driver.execute_script("return window.innerWidth") == width, "the viewport is not the width under test"
    return driver


# ---- (1) One duration format ----

def test_script_durations_match_the_shared_table(open_browser, base_url):
    cases = json.loads(DURATIONS.read_text(encoding="utf-8"))["cases"]
    assert len(cases) >= 10
    driver = open_browser()
    # A personal page: the formatter is planner code, which the landing page does not load.
    driver.get(f"{base_url}/dashboard/")
    wait(driver, lambda d: d.execute_script("return !!(window.Aura && window.Aura.duration)"), message="no Aura.duration")
    written = driver.execute_script(
        "return arguments[0].map(function (c) { return window.Aura.duration(c.minutes); })", cases)
    assert written == [case["text"] for case in cases]


# Every duration ("45 min", "2 h", "6 h 35 min") in the page's text and every count in its
# figures ("9 blocks"), found across element boundaries, with the line boxes its text sits on.
# Hidden text is left out, and so are counts in prose ("9 blocks today, from 08:30").
DURATION_LINES = r"""
  var root = document.querySelector("main");
  var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  var pieces = [], text = "";
  while (walker.nextNode()) {
    var node = walker.currentNode, parent = node.parentElement;
    if (!parent || parent.closest(".visually-hidden, [hidden]") || parent.getClientRects().length === 0) continue;
    pieces.push({ node: node, start: text.length });
    text += node.data;
  }
  function at(offset) {
    for (var i = pieces.length - 1; i >= 0; i -= 1) {
      if (pieces[i].start <= offset) return { node: pieces[i].node, offset: offset - pieces[i].start };
    }
  }
  var pattern = /\d+\s+(?:h|min)(?:\s+\d+\s+min)?(?![A-Za-z])|\d+\s+(?:blocks?|tasks?)(?![A-Za-z])/g;
  var found = [], match;
  while ((match = pattern.exec(text))) {
    var from = at(match.index), to = at(match.index + match[0].length - 1);
    if (/[a-z]s?$/.test(match[0]) && !/(h|min)$/.test(match[0]) && !from.node.parentElement.closest(".day-facts")) continue;
    var range = document.createRange();
    range.setStart(from.node, from.offset);
    range.setEnd(to.node, to.offset + 1);
    var rects = Array.prototype.filter.call(range.getClientRects(), function (r) { return r.width > 0 && r.height > 0; });
    var top = Math.max.apply(null, rects.map(function (r) { return r.top; }));
    var bottom = Math.min.apply(null, rects.map(function (r) { return r.bottom; }));
    found.push({ text: match[0], rects: rects.length, oneLine: rects.length > 0 && top < bottom });
  }
  return found;
"""


@pytest.mark.parametrize("width", [320, 390])
def test_no_duration_on_the_dashboard_breaks_across_lines(open_browser, base_url, width):
    driver = open_at(open_browser, base_url, "dashboard/", width)
    found = driver.execute_script(DURATION_LINES)
    texts = [f["text"] for f in found]
    assert len(found) >= 8, f"too few durations found to judge: {texts}"
    assert any("\u00a0h\u00a0" in t and "min" in t for t in texts), f"no hours-and-minutes duration: {texts}"
    broken = [f["text"] for f in found if not f["oneLine"]]
    assert broken == [], f"split across lines at {width} px"
    assert all("\u00a0" in t for t in texts), "a duration or count is joined by a breaking space"


# ---- (2) /week/ agrees with the dashboard ----

TITLE_SIZES = """
  return Array.prototype.map.call(document.querySelectorAll(".week-day"), function (day) {
    return { date: day.getAttribute("data-date"),
             tasks: Array.prototype.map.call(day.querySelectorAll(".week-task"), function (row) {
               var title = row.querySelector(".week-task__title");
               return { title: title.textContent.trim(), size: parseFloat(getComputedStyle(title).fontSize) };
             }) };
  });
"""


def dashboard_ties(open_browser, base_url):
    driver = open_browser()
    driver.get(f"{base_url}/dashboard/")
    wait(driver, loaded)
    heading = driver.find_element(By.ID, "first-title").text
    tied = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('.first__tasks .first__task'), function (li) {"
        " return li.firstChild.textContent.trim(); })")
    date = driver.find_element(By.CSS_SELECTOR, "[data-day-list]").get_attribute("data-date")
    return heading, tied, date


@pytest.mark.parametrize("width", WIDTHS)
def test_tasks_the_dashboard_calls_tied_share_one_size_on_the_week(open_browser, base_url, width):
    heading, tied, date = dashboard_ties(open_browser, base_url)
    assert heading == "No single first" and len(tied) == 3, "the default plan ties three tasks at the top"
    assert any("electricity" in title for title in tied)

    driver = open_at(open_browser, base_url, "week/", width)
    days = driver.execute_script(TITLE_SIZES)
    today = next(day for day in days if day["date"] == date)
    sizes = {task["title"]: task["size"] for task in today["tasks"]}
    assert set(tied) <= set(sizes), f"a tied task is missing from the week: {tied}"
    assert len({sizes[title] for title in tied}) == 1, f"tied tasks at different sizes: { {t: sizes[t] for t in tied} }"
    assert sizes[tied[0]] == max(sizes.values()), "the tied tasks are not set at the day's largest size"
    assert min(sizes.values()) < sizes[tied[0]], "the ramp has gone: every task at one size"
    for day in days:
        column = [task["size"] for task in day["tasks"]]
        assert column == sorted(column, reverse=True), f"a size grows down {day['date']}: {column}"


# ---- (3) /week/ layout ----

LAYOUT = """
  var header = document.querySelector(".site-header__inner");
  var style = getComputedStyle(header), box = header.getBoundingClientRect();
  var column = { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) };
  var scroller = document.querySelector("[data-week-days]");
  var frame = scroller.getBoundingClientRect();
  var view = { left: frame.left + scroller.clientLeft, right: frame.left + scroller.clientLeft + scroller.clientWidth };
  var days = Array.prototype.filter.call(scroller.querySelectorAll(".week-day"), function (day) {
    return day.getClientRects().length > 0;
  }).map(function (day) {
    var r = day.getBoundingClientRect(), head = day.querySelector(".week-day__head").getBoundingClientRect();
    return { left: r.left, right: r.right, headLeft: head.left, headRight: head.right, headWidth: head.width };
  });
  var rect = function (selector) { var r = document.querySelector(selector).getBoundingClientRect(); return { left: r.left, right: r.right }; };
  var pager = document.querySelector("[data-week-pager]");
  return { column: column, view: view, days: days, scrollLeft: scroller.scrollLeft,
           board: rect(".week-board"), lanes: rect(".week-lanes"),
           page: { scrollWidth: document.querySelector("main").scrollWidth, clientWidth: document.documentElement.clientWidth },
           pager: pager.hidden ? null : document.querySelector("[data-week-pager-status]").textContent };
"""


def whole_or_hidden(layout):
    """Each day column wholly inside the scroller's visible box or wholly outside it (1 px)."""
    view = layout["view"]
    cut = [i for i, d in enumerate(layout["days"])
           if not (d["left"] >= view["left"] - 1 and d["right"] <= view["right"] + 1)
           and not (d["right"] <= view["left"] + 1 or d["left"] >= view["right"] - 1)]
    return cut == []


def in_view(layout):
    view = layout["view"]
    return [i for i, d in enumerate(layout["days"]) if d["left"] >= view["left"] - 1 and d["right"] <= view["right"] + 1]


def at_rest(driver):
    """The layout once the scroller has settled: whole columns, and still since the last look."""
    seen = {}

    def settled(d):
        layout = d.execute_script(LAYOUT)
        still = seen.get("left") == layout["scrollLeft"]
        seen["left"] = layout["scrollLeft"]
        return layout if still and whole_or_hidden(layout) else False

    return wait(driver, settled, message="the days never came to rest on whole columns")


@pytest.mark.parametrize("width", WIDTHS)
def test_week_board_keeps_to_the_column_and_shows_whole_days(open_browser, base_url, width):
    driver = open_at(open_browser, base_url, "week/", width)
    layout = at_rest(driver)
    column = layout["column"]
    for name in ("board", "lanes"):
        assert layout[name]["left"] >= column["left"] - 0.5, f"the {name} sticks out left of the column"
        assert layout[name]["right"] <= column["right"] + 0.5, f"the {name} sticks out right of the column"
    # The page's main part (the footer is another page-wide matter) never reaches past the viewport.
    assert layout["page"]["scrollWidth"] <= layout["page"]["clientWidth"], "the week makes the page scroll sideways"

    shown = in_view(layout)
    assert shown and shown[0] == 0, "the board does not open on today"
    first, last = layout["days"][shown[0]], layout["days"][shown[-1]]
    assert abs(first["headLeft"] - column["left"]) <= 1, "the first day does not line up with the column"
    assert last["headRight"] <= column["right"] + 1
    for index in shown:
        assert layout["days"][index]["headWidth"] >= 14.5 * 16 - 1, "a day column narrower than 14.5rem"

    if len(shown) < len(layout["days"]):
        assert layout["pager"] == (f"Day 1 of {len(layout['days'])}" if len(shown) == 1
                                   else f"Days 1–{len(shown)} of {len(layout['days'])}")
        # Scrolled by hand to between two columns, it comes to rest on whole ones again.
        step = layout["days"][1]["left"] - layout["days"][0]["left"]
        driver.execute_script("document.querySelector('[data-week-days]').scrollLeft = arguments[0]", step * 1.4)
        moved = at_rest(driver)
        assert in_view(moved) and in_view(moved)[0] >= 1, "the scroller did not move"
        assert moved["page"]["scrollWidth"] <= moved["page"]["clientWidth"]
    else:
        assert layout["pager"] is None, "a pager with nothing to page to"


@pytest.mark.parametrize("width", WIDTHS)
def test_week_pager_turns_to_the_last_days_on_whole_columns(open_browser, base_url, width):
    driver = open_at(open_browser, base_url, "week/", width)
    layout = at_rest(driver)
    total = len(layout["days"])
    assert len(in_view(layout)) < total, "all seven days fit: nothing to page"
    later = driver.find_element(By.CSS_SELECTOR, "[data-week-page='1']")
    earlier = driver.find_element(By.CSS_SELECTOR, "[data-week-page='-1']")
    assert earlier.get_attribute("disabled") is not None
    while later.get_attribute("disabled") is None:
        before = in_view(layout)[0]
        later.click()
        wait(driver, lambda d: in_view(d.execute_script(LAYOUT))[:1] != [before], message="the pager did not turn")
        layout = at_rest(driver)
    shown = in_view(layout)
    assert shown[-1] == total - 1, "the last day is never reached"
    assert layout["pager"] == (f"Day {total} of {total}" if len(shown) == 1 else f"Days {shown[0] + 1}–{total} of {total}")
    assert earlier.get_attribute("disabled") is None


LINES = """
  function lines(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var rects = Array.prototype.filter.call(range.getClientRects(), function (r) { return r.width > 0 && r.height > 0; })
      .sort(function (a, b) { return a.top - b.top; });
    var count = 0, bottom = -Infinity;
    rects.forEach(function (r) { if (r.top >= bottom - 1) { count += 1; bottom = r.bottom; } else { bottom = Math.max(bottom, r.bottom); } });
    return count;
  }
  return Array.prototype.map.call(document.querySelectorAll(".week-task__title"), function (title) {
    return { title: title.textContent.trim(), lines: lines(title) };
  });
"""


@pytest.mark.parametrize("width", [1024, 1280])
def test_week_titles_take_at_most_two_lines_on_a_desktop(open_browser, base_url, width):
    driver = open_at(open_browser, base_url, "week/", width)
    titles = driver.execute_script(LINES)
    assert len(titles) > 20
    assert all(t["lines"] >= 1 for t in titles)
    assert [t["title"] for t in titles if t["lines"] > 2] == []


# ---- (4) Done and Snooze on the dashboard ----

STATES = """
  return Array.prototype.map.call(document.querySelectorAll("main [data-aura-task]"), function (element) {
    var label = null;
    Array.prototype.forEach.call(element.querySelectorAll("[data-aura-state]"), function (l) {
      if (!label && l.closest("[data-aura-task]") === element) label = l;
    });
    return { kind: element.matches(".block") ? "block" : element.matches(".first__task") ? "first"
                 : element.matches(".day-list__row") ? "row" : "task",
             next: !!element.closest("[data-next-slot]"),
             id: element.getAttribute("data-notification-id"), task: element.getAttribute("data-task-id"),
             state: element.classList.contains("is-done") ? "done" : element.classList.contains("is-snoozed") ? "snoozed" : "",
             label: label && !label.hidden && label.getClientRects().length ? label.textContent : null };
  });
"""


def test_done_and_snooze_from_notifications_show_on_the_dashboard(open_browser, base_url):
    driver = open_browser()
    driver.get(f"{base_url}/dashboard/")
    wait(driver, loaded)
    before = driver.execute_script(STATES)
    assert before and all(s["state"] == "" for s in before)
    top = next(s for s in before if s["kind"] == "first")
    next_block = next(s for s in before if s["kind"] == "block" and s["next"])
    snoozed = next_block["id"] if next_block["id"] != top["id"] else \
        next(s["id"] for s in before if s["kind"] == "row" and s["id"] != top["id"])

    driver.get(f"{base_url}/notifications/")
    wait(driver, lambda d: d.find_element(By.ID, f"notice-{top['id']}").find_element(By.CSS_SELECTOR, "[data-action=done]").is_displayed(),
         message="Done never appeared on the notifications page")
    for notice, action in ((top["id"], "done"), (snoozed, "snooze")):
        button = driver.find_element(By.ID, f"notice-{notice}").find_element(By.CSS_SELECTOR, f"[data-action={action}]")
        # In view at once: the theme scrolls smoothly, and a click must land where the button is.
        driver.execute_script("arguments[0].scrollIntoView({ block: 'center', behavior: 'instant' })", button)
        button.click()
        wait(driver, lambda d: button.get_attribute("aria-pressed") == "true", message=f"{action} did not take")

    driver.get(f"{base_url}/dashboard/")
    wait(driver, loaded)

    def expected(state):
        return "done" if state["id"] == top["id"] else "snoozed" if state["id"] == snoozed else ""

    after = wait(driver, lambda d: (lambda states: states if all(s["state"] == expected(s) for s in states) else False)(
        d.execute_script(STATES)), message="the dashboard does not show the notifications page's Done and Snooze")
    first = next(s for s in after if s["kind"] == "first" and s["task"] == top["task"])
    # Done, with the time it was marked in this browser.
    done = re.compile(r"Done \d\d:\d\d")
    assert done.fullmatch(first["label"] or ""), f"the top task does not say it is done: {first['label']}"
    rows = {s["id"]: s for s in after if s["kind"] == "row"}
    assert done.fullmatch(rows[top["id"]]["label"] or "")
    assert rows[snoozed]["label"] == "Snoozed 15\u00a0min"
    shown = next(s for s in after if s["kind"] == "block" and s["next"])
    assert shown["state"] in ("done", "snoozed")
    assert done.fullmatch(shown["label"] or "") or shown["label"] == "Snoozed 15\u00a0min"
    others = [s for s in after if s["id"] not in (top["id"], snoozed)]
    assert others and all(s["label"] is None for s in others)
