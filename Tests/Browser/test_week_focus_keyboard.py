"""The week board, focus mode, the keyboard shortcuts and swipe to complete, in Chromium and
WebKitGTK against the built default site (fixtures in conftest.py): the 3/5/7 switch survives a
reload, the gravity ramp, every shortcut (and none with Ctrl or Alt held), one Done state shared
with the notifications page, focus mode at a fixed clock, and Exit back to where you were."""
import re

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import epoch_ms, fixed_clock_script, loaded, page_errors, set_javascript, settled, wait


def clock_at(plan_date, time_zone, clock):
    return fixed_clock_script(epoch_ms(plan_date, clock, time_zone))


@pytest.fixture
def at_nine(plan_date, time_zone):
    """09:00 on the plan's date (2026-12-02 in the default site) in the site's time zone."""
    return clock_at(plan_date, time_zone, "09:00")


def press(driver, *keys, modifier=None):
    actions = ActionChains(driver)
    if modifier:
        actions.key_down(modifier)
    for key in keys:
        actions.send_keys(key)
    if modifier:
        actions.key_up(modifier)
    actions.perform()


def as_phone(driver):
    """A phone's 390 px wide window (conftest's `open_browser` says what differs from a phone)."""
    driver.set_window_size(390, 844)
    wait(driver, lambda d: d.execute_script("return document.documentElement.clientWidth") == 390,
         message="the window did not narrow to 390 px")
    return driver


def open_page(driver, base_url, path):
    driver.get(f"{base_url}/{path}")
    wait(driver, settled, message=f"{path} never settled")


def stored(driver, key):
    return driver.execute_script("return JSON.parse(localStorage.getItem(arguments[0]) || '{}')", key)


def selected_id(driver):
    return driver.execute_script(
        "var row = document.querySelector('.is-selected'); return row ? (row.id || row.getAttribute('data-block-id')) : null")


def focused_id(driver):
    return driver.execute_script("return document.activeElement && document.activeElement.id")


def visible_days(driver):
    return driver.execute_script(
        "return Array.prototype.filter.call(document.querySelectorAll('.week-day'), function (d) {"
        " return d.getClientRects().length > 0; }).map(function (d) { return d.getAttribute('data-date'); })")


def choose_columns(driver, count):
    driver.find_element(By.CSS_SELECTOR, f".week-columns__input[value='{count}']").click()


# ---- The week board ----

def test_week_switches_between_3_5_and_7_columns_and_remembers(open_browser, base_url, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "week/")
    switch = driver.find_element(By.CSS_SELECTOR, "[data-week-columns]")
    assert switch.is_displayed()
    days = visible_days(driver)
    assert len(days) == 7, "the default is seven days"
    assert driver.find_element(By.CSS_SELECTOR, ".week-columns__input[value='7']").is_selected()

    choose_columns(driver, 3)
    assert visible_days(driver) == days[:3]
    driver.refresh()
    wait(driver, loaded)
    assert visible_days(driver) == days[:3], "3 columns were not kept after a reload"
    assert driver.find_element(By.CSS_SELECTOR, ".week-columns__input[value='3']").is_selected()

    choose_columns(driver, 5)
    assert visible_days(driver) == days[:5]
    driver.refresh()
    wait(driver, loaded)
    assert visible_days(driver) == days[:5], "5 columns were not kept after a reload"

    choose_columns(driver, 7)
    driver.refresh()
    wait(driver, loaded)
    assert visible_days(driver) == days
    assert driver.execute_script("return localStorage.getItem('aura.week.columns')") == "7"


def test_week_without_javascript_shows_all_seven_days(open_browser, base_url):
    driver = open_browser()
    driver.get(f"{base_url}/week/")
    driver.execute_script("localStorage.setItem('aura.week.columns', '3')")
    set_javascript(driver, False)
    driver.refresh()
    wait(driver, loaded)
    assert driver.execute_script("return typeof window.Aura") == "undefined", "the page's scripts ran"
    assert len(visible_days(driver)) == 7
    assert not driver.find_element(By.CSS_SELECTOR, "[data-week-columns]").is_displayed()
    assert not driver.find_element(By.CSS_SELECTOR, "[data-week-done]").is_displayed()
    link = driver.find_element(By.CSS_SELECTOR, ".week-task__title")
    assert "/schedule/" in link.get_attribute("href") and "#block-" in link.get_attribute("href")


def rects(driver, selector):
    return driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll(arguments[0]), function (e) {"
        " var r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, width: r.width }; })",
        selector)


def test_week_days_side_by_side_on_a_desktop_lanes_below(open_browser, base_url, at_nine):
    """At 1280 px the days that fit sit side by side in one row inside the page's column, whole;
    the undated lanes follow below them."""
    driver = open_browser(at_nine, width=1280)
    open_page(driver, base_url, "week/")
    shown = driver.execute_script("""
      var box = document.querySelector('.week-days').getBoundingClientRect();
      return Array.prototype.map.call(document.querySelectorAll('.week-day'), function (day) {
        var r = day.getBoundingClientRect();
        return { top: r.top, left: r.left, right: r.right, bottom: r.bottom };
      }).filter(function (r) { return r.right > box.left + 1 && r.left < box.right - 1; });""")
    assert len(shown) >= 3, "fewer than three whole days side by side at 1280 px"
    assert len({round(d["top"]) for d in shown}) == 1, "the days are not in one row"
    assert all(a["right"] <= b["left"] for a, b in zip(shown, shown[1:]))
    main = rects(driver, ".week")[0]
    assert shown[0]["left"] >= main["left"] - 1 and shown[-1]["right"] <= main["right"] + 1
    lanes = rects(driver, ".week-lanes")[0]
    assert lanes["top"] >= max(d["bottom"] for d in shown) - 1, "the undated lanes are not below the days"
    titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".week-lane__title")]
    assert titles == ["Later", "Ideas", "Reminders"]


def test_week_days_scroll_with_snap_points_on_a_phone(open_browser, base_url, at_nine):
    driver = as_phone(open_browser(at_nine))
    open_page(driver, base_url, "week/")
    style = driver.execute_script(
        "var s = getComputedStyle(document.querySelector('.week-days'));"
        "return { snap: s.scrollSnapType, overflow: s.overflowX,"
        " align: getComputedStyle(document.querySelector('.week-day')).scrollSnapAlign }")
    assert style["snap"].startswith("x") and "mandatory" in style["snap"]
    assert style["overflow"] == "auto"
    assert style["align"].startswith("start")
    days = rects(driver, ".week-day")
    assert len({round(d["top"]) for d in days}) == 1
    assert days[1]["left"] < 390 < days[-1]["left"], "the next day should peek in, the rest scroll"
    scroller_width = driver.execute_script("var s = document.querySelector('.week-days'); return [s.scrollWidth, s.clientWidth]")
    assert scroller_width[0] > scroller_width[1]


def test_gravity_ramp_sets_rank_as_size_and_fades_the_tail(open_browser, base_url, at_nine):
    driver = as_phone(open_browser(at_nine))
    open_page(driver, base_url, "week/")
    ramp = driver.execute_script("""
      var day = document.querySelector('.week-day--today');
      var root = getComputedStyle(document.documentElement);
      var px = function (name) { return parseFloat(root.getPropertyValue(name)) * 16; };
      return { steps: [px('--step-3'), px('--step-2'), px('--step-1'), px('--step-0')],
               muted: root.getPropertyValue('--color-text-muted').trim(),
               tasks: Array.prototype.map.call(day.querySelectorAll('.week-task'), function (row) {
                 var title = getComputedStyle(row.querySelector('.week-task__title'));
                 return { gravity: +row.className.match(/week-task--g(\\d)/)[1], size: parseFloat(title.fontSize),
                          family: title.fontFamily, color: title.color };
               }) };
    """)
    tasks = ramp["tasks"]
    assert [t["gravity"] for t in tasks] == sorted(t["gravity"] for t in tasks), "not best first"
    sizes = [t["size"] for t in tasks]
    assert sizes == sorted(sizes, reverse=True), "a lower-ranked task is set larger"
    # Tied tasks share the top size (test_week_durations checks the tie against the dashboard);
    # the ramp itself scales with the column's width, from step 0 up.
    top, tail = tasks[0], tasks[-1]
    assert top["size"] > tail["size"] and tail["size"] >= ramp["steps"][3] - 0.5
    assert "Inter Tight" in top["family"]
    muted = ramp["muted"].lstrip("#")
    rgb = "rgb({}, {}, {})".format(*(int(muted[i:i + 2], 16) for i in (0, 2, 4)))
    assert tail["color"] == rgb, "the tail fades to the muted text colour (still AA)"
    assert top["color"] != rgb


# ---- Keyboard shortcuts ----

def test_n_goes_to_the_planners_capture_field(open_browser, base_url, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "week/")
    press(driver, "n")
    wait(driver, lambda d: d.current_url.endswith("/planner/#inbox-input"), message="n did not open the planner")
    wait(driver, lambda d: focused_id(d) == "inbox-input", message="the capture field has no focus")
    # On the planner itself, n focuses the field without typing an "n" into it.
    driver.execute_script("document.activeElement.blur()")
    press(driver, "n")
    assert focused_id(driver) == "inbox-input"
    assert driver.find_element(By.ID, "inbox-input").get_attribute("value") == ""
    # In the field, letters are text, not shortcuts.
    press(driver, "jd")
    assert driver.find_element(By.ID, "inbox-input").get_attribute("value") == "jd"
    assert driver.current_url.endswith("/planner/#inbox-input")


def test_k_opens_quick_capture_with_the_command_to_copy(open_browser, base_url, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "dashboard/")
    press(driver, "k")
    dialog = driver.find_element(By.ID, "aura-capture")
    wait(driver, lambda d: dialog.get_attribute("open") is not None, message="k did not open quick capture")
    title = driver.find_element(By.ID, dialog.get_attribute("aria-labelledby"))
    assert title.text == "Quick capture"
    assert focused_id(driver) == "aura-capture-input"
    assert driver.find_element(By.CSS_SELECTOR, "label[for=aura-capture-input]").text
    press(driver, 'call Sam "friday" at 3pm')
    command = dialog.find_element(By.CSS_SELECTOR, "[data-command]")
    assert command.text == 'aura add "call Sam \\"friday\\" at 3pm"'
    assert driver.current_url.endswith("/dashboard/"), "typing j or t in the field acted as a shortcut"
    press(driver, Keys.ESCAPE)
    wait(driver, lambda d: dialog.get_attribute("open") is None, message="Escape did not close it")


def test_j_opens_focus_mode(open_browser, base_url, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "schedule/")
    press(driver, "j")
    wait(driver, lambda d: d.current_url.endswith("/focus/"), message="j did not open focus mode")


def test_t_shows_the_push_command_and_what_it_does(open_browser, base_url, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "week/")
    press(driver, "t")
    dialog = driver.find_element(By.ID, "aura-push")
    wait(driver, lambda d: dialog.get_attribute("open") is not None, message="t did not open the push overlay")
    assert driver.find_element(By.ID, dialog.get_attribute("aria-labelledby")).text == "Push the rest of today to tomorrow"
    command = dialog.find_element(By.CSS_SELECTOR, "[data-command]").text
    assert "aura push" in command.splitlines()
    what = dialog.find_element(By.CSS_SELECTOR, "[data-push-what]").text
    tomorrow = driver.find_elements(By.CSS_SELECTOR, ".week-day .week-day__link")[1].text
    assert "unfinished" in what and tomorrow in what
    assert dialog.find_elements(By.CSS_SELECTOR, "[data-push-list] li"), "today's open tasks are not listed"
    press(driver, Keys.ESCAPE)
    wait(driver, lambda d: dialog.get_attribute("open") is None)


def test_shift_arrow_on_a_static_week_shows_the_move_command(open_browser, base_url, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "week/")
    first = driver.find_elements(By.CSS_SELECTOR, ".week-day--today .week-task")[0]
    tomorrow = driver.find_element(By.CSS_SELECTOR, ".week-day--today + .week-day").get_attribute("data-date")
    press(driver, Keys.ARROW_DOWN)
    press(driver, Keys.ARROW_RIGHT, modifier=Keys.SHIFT)
    dialog = driver.find_element(By.ID, "aura-move")
    wait(driver, lambda d: dialog.get_attribute("open") is not None, message="Shift+→ did not open the move overlay")
    command = dialog.find_element(By.CSS_SELECTOR, "[data-command]").text.splitlines()
    assert command == [f"aura move {first.get_attribute('data-task-id')} {tomorrow}", "aura plan --build"]
    # Nothing moved on the page: a static page cannot change the plan.
    assert first.find_element(By.XPATH, "ancestor::*[@data-week-day]").get_attribute("data-date") != tomorrow
    press(driver, Keys.ESCAPE)
    wait(driver, lambda d: dialog.get_attribute("open") is None)


def test_arrows_move_the_selection_across_rows_and_days(open_browser, base_url, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "week/")
    today = driver.find_elements(By.CSS_SELECTOR, ".week-day--today .week-task")
    tomorrow = driver.find_elements(By.CSS_SELECTOR, ".week-day--today + .week-day .week-task")
    press(driver, Keys.ARROW_DOWN)
    assert selected_id(driver) == today[0].get_attribute("id")
    assert focused_id(driver) == today[0].get_attribute("id"), "the selection is not focused (announced)"
    outline = driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "the selection has no visible ring"
    press(driver, Keys.ARROW_DOWN)
    assert selected_id(driver) == today[1].get_attribute("id")
    press(driver, Keys.ARROW_RIGHT)
    assert selected_id(driver) == tomorrow[1].get_attribute("id")
    press(driver, Keys.ARROW_UP)
    assert selected_id(driver) == tomorrow[0].get_attribute("id")
    press(driver, Keys.ARROW_LEFT)
    assert selected_id(driver) == today[0].get_attribute("id")


def row_state(driver, row_id):
    return driver.execute_script(
        "var r = document.getElementById(arguments[0]); return r.classList.contains('is-done') ? 'done' :"
        " r.classList.contains('is-snoozed') ? 'snoozed' : ''", row_id)


def test_d_s_and_z_on_the_week_board(open_browser, base_url, plan_date, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "week/")
    first = driver.find_element(By.CSS_SELECTOR, ".week-day--today .week-task")
    row_id = first.get_attribute("id")
    notification = first.get_attribute("data-notification-id")
    press(driver, Keys.ARROW_DOWN, "d")
    assert row_state(driver, row_id) == "done"
    assert first.find_element(By.CSS_SELECTOR, "[data-week-done]").get_attribute("aria-pressed") == "true"
    assert stored(driver, f"aura.notifications.{plan_date}").get(notification) == "done" or \
        stored(driver, f"aura.tasks.{plan_date}").get(first.get_attribute("data-task-id")) == "done"
    status = driver.find_element(By.CSS_SELECTOR, "[data-aura-status]")
    # A visually hidden live region: what a screen reader reads is its text content (WebKitGTK's
    # WebDriver reports no rendered text for a 1 px clipped box, Chromium's does).
    wait(driver, lambda d: status.get_attribute("textContent").startswith("Done:"), message="Done was not announced")

    press(driver, "z")
    assert row_state(driver, row_id) == ""
    assert stored(driver, f"aura.notifications.{plan_date}") == {}
    assert stored(driver, f"aura.tasks.{plan_date}") == {}

    press(driver, "s")
    assert row_state(driver, row_id) == "snoozed"
    assert stored(driver, f"aura.notifications.{plan_date}") == {notification: "snoozed"}
    press(driver, "z")
    assert row_state(driver, row_id) == ""
    assert stored(driver, f"aura.notifications.{plan_date}") == {}


# Each keydown as the page's own handlers (on the document) left it: this listener, on the window,
# hears it after them, and a key the page acted on has had its default prevented.
KEY_LOG = """window.__keys = [];
window.addEventListener('keydown', function (event) {
  window.__keys.push({ key: event.key, ctrl: event.ctrlKey, alt: event.altKey, handled: event.defaultPrevented });
});"""


def test_modifiers_leave_keys_to_the_browser(open_browser, base_url, plan_date, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "week/")
    press(driver, Keys.ARROW_DOWN)
    row_id = selected_id(driver)
    driver.execute_script(KEY_LOG)
    for modifier in (Keys.CONTROL, Keys.ALT):
        for key in "dsznkjt?":
            press(driver, key, modifier=modifier)
    heard = lambda d: [k for k in d.execute_script("return window.__keys") if k["key"] not in ("Control", "Alt")]
    wait(driver, lambda d: len(heard(d)) == 16, message="the page did not hear every key")
    keys = heard(driver)
    assert [(k["ctrl"], k["alt"]) for k in keys] == [(True, False)] * 8 + [(False, True)] * 8
    assert [k for k in keys if k["handled"]] == [], "the page acted on a key with a modifier held"
    assert row_state(driver, row_id) == ""
    assert stored(driver, f"aura.notifications.{plan_date}") == {}
    assert driver.current_url.endswith("/week/")
    assert not driver.find_elements(By.CSS_SELECTOR, "dialog[open]")
    press(driver, "d")  # the same key without a modifier does act
    assert row_state(driver, row_id) == "done"


SHORTCUT_KEYS = ["n", "k", "j", "t", "d", "s", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "z", "?", "Escape"]


def test_question_mark_lists_every_shortcut(open_browser, base_url, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "notifications/")
    press(driver, "?")
    dialog = driver.find_element(By.ID, "aura-shortcuts")
    wait(driver, lambda d: dialog.get_attribute("open") is not None, message="? did not open the list")
    assert driver.find_element(By.ID, dialog.get_attribute("aria-labelledby")).text == "Keyboard shortcuts"
    listed = " ".join(dt.get_attribute("data-shortcut") for dt in dialog.find_elements(By.CSS_SELECTOR, "dt")).split()
    for key in SHORTCUT_KEYS:
        assert key in listed, f"{key} is not in the shortcut list"
    shown = [kbd.text.splitlines()[0] for kbd in dialog.find_elements(By.CSS_SELECTOR, "dt kbd")]
    for glyph in ["n", "k", "j", "t", "d", "s", "↑", "↓", "←", "→", "z", "?", "Esc"]:
        assert glyph in shown, f"{glyph} is not shown"
    descriptions = dialog.find_elements(By.CSS_SELECTOR, "dd")
    assert len(descriptions) == len(dialog.find_elements(By.CSS_SELECTOR, "dt"))
    assert all(dd.text for dd in descriptions)
    press(driver, Keys.ESCAPE)
    wait(driver, lambda d: dialog.get_attribute("open") is None)


def test_done_on_the_week_board_is_the_notifications_done(open_browser, base_url, plan_date, at_nine):
    """A block of several tasks is done when its last task is; one of them alone is not."""
    driver = open_browser(at_nine)
    open_page(driver, base_url, "week/")
    groups = driver.execute_script("""
      var seen = {};
      document.querySelectorAll('.week-day--today .week-task').forEach(function (row) {
        var id = row.getAttribute('data-notification-id');
        (seen[id] = seen[id] || []).push(row.id);
      });
      return seen;""")
    notification, rows = max(groups.items(), key=lambda item: len(item[1]))
    assert len(rows) > 1, "the default plan has a block of several tasks"
    for index, row_id in enumerate(rows):
        driver.find_element(By.CSS_SELECTOR, f"#{row_id} [data-week-done]").click()
        state = stored(driver, f"aura.notifications.{plan_date}").get(notification)
        assert state == ("done" if index == len(rows) - 1 else None)

    open_page(driver, base_url, "notifications/")
    notice = driver.find_element(By.ID, f"notice-{notification}")
    assert "is-done" in notice.get_attribute("class")

    # Undone on the notifications page: every task of the block is open again on the board.
    notice.find_element(By.CSS_SELECTOR, "[data-action=done]").click()
    open_page(driver, base_url, "week/")
    assert all(row_state(driver, row_id) == "" for row_id in rows)


def test_d_on_the_schedule_and_on_the_notifications_page(open_browser, base_url, plan_date, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, f"schedule/{plan_date}/")
    press(driver, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    block = driver.find_element(By.CSS_SELECTOR, ".block.is-selected")
    block_id = block.get_attribute("data-block-id")
    press(driver, "d")
    assert "is-done" in block.get_attribute("class")
    # Marked with the time, as a click on its Done marks it.
    assert re.fullmatch(r"Done 09:0\d", block.find_element(By.CSS_SELECTOR, "[data-aura-state]").text)
    assert stored(driver, f"aura.notifications.{plan_date}") == {f"notify-{block_id}": "done"}

    open_page(driver, base_url, "notifications/")
    assert "is-done" in driver.find_element(By.ID, f"notice-notify-{block_id}").get_attribute("class")
    press(driver, Keys.ARROW_DOWN)
    first = driver.find_element(By.CSS_SELECTOR, "[data-notice].is-selected")
    first_id = first.get_attribute("data-notification-id")
    press(driver, "s")
    assert "is-snoozed" in first.get_attribute("class")
    assert first.find_element(By.CSS_SELECTOR, "[data-action=snooze]").get_attribute("aria-pressed") == "true"
    press(driver, "z")
    assert "is-snoozed" not in first.get_attribute("class")
    assert stored(driver, f"aura.notifications.{plan_date}").get(first_id) is None
    # z again reaches back to the Done made on the schedule page, in the same tab.
    press(driver, "z")
    assert stored(driver, f"aura.notifications.{plan_date}") == {}
    assert "is-done" not in driver.find_element(By.ID, f"notice-notify-{block_id}").get_attribute("class")


# ---- Swipe to complete ----

SWIPE = """
var row = arguments[0], distance = arguments[1];
var box = row.getBoundingClientRect(), x = box.left + 40, y = box.top + box.height / 2;
function fire(type, dx) {
  row.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, pointerType: 'touch',
    isPrimary: true, pointerId: 7, clientX: x + dx, clientY: y }));
}
fire('pointerdown', 0);
for (var step = 1; step <= 8; step += 1) fire('pointermove', distance * step / 8);
var swiping = row.closest('.is-swiping') !== null || row.querySelector('.is-swiping') !== null
  || row.parentElement.classList.contains('is-swiping') || row.classList.contains('is-swiping');
var moved = (row.querySelector('.week-task__inner') || row).style.transform;
fire('pointerup', distance);
return { swiping: swiping, moved: moved };
"""


def test_swipe_completes_a_schedule_block_and_z_undoes_it(open_browser, base_url, plan_date, at_nine):
    driver = as_phone(open_browser(at_nine))
    open_page(driver, base_url, f"schedule/{plan_date}/")
    block = driver.find_element(By.CSS_SELECTOR, "[data-timeline] .block[data-block-id]")
    short = driver.execute_script(SWIPE, block, 40)
    assert "is-done" not in block.get_attribute("class"), "a short swipe should not complete"
    assert short["moved"].startswith("translateX")
    full = driver.execute_script(SWIPE, block, 120)
    assert full["swiping"], "no visible slide while swiping"
    assert "is-done" in block.get_attribute("class")
    press(driver, "z")
    assert "is-done" not in block.get_attribute("class")


def test_swipe_right_completes_a_week_task(open_browser, base_url, plan_date, at_nine):
    driver = as_phone(open_browser(at_nine))
    open_page(driver, base_url, "week/")
    row = driver.find_element(By.CSS_SELECTOR, ".week-day--today .week-task")
    # The board takes a rightward swipe only where the row can leave the other directions to the
    # days' scroller: `touch-action: pan-y pan-right`. Chromium has it; WebKit (Safari's engine)
    # has no one-way pan values, so there a sideways swipe stays the scroller's, and the same
    # outcome by touch, the task done, comes from the row's Done check.
    one_way = driver.execute_script("return CSS.supports('touch-action', 'pan-y pan-right')")
    assert one_way == (driver.engine == "chromium"), f"touch-action: pan-y pan-right support changed in {driver.engine}"
    swiped = driver.execute_script(SWIPE, row, 120)
    if one_way:
        assert swiped["swiping"], "no visible slide while swiping"
    else:
        assert not swiped["swiping"] and "is-done" not in row.get_attribute("class"), "the board took the swipe"
        row.find_element(By.CSS_SELECTOR, "[data-week-done]").click()
    assert "is-done" in row.get_attribute("class")
    press(driver, "z")
    assert "is-done" not in row.get_attribute("class")


# ---- Focus mode ----

def focus_blocks(driver):
    return driver.execute_script("""
      return Array.prototype.map.call(document.querySelector('template[data-focus-blocks]').content
        .querySelectorAll('[data-focus-source]'), function (b) {
          return { start: +b.getAttribute('data-start-minutes'), end: +b.getAttribute('data-end-minutes'),
                   startText: b.getAttribute('data-start'), notification: b.getAttribute('data-notification-id'),
                   tasks: Array.prototype.map.call(b.querySelectorAll('[data-task-id]'), function (t) { return t.textContent.trim(); }) };
        });""")


def test_focus_shows_one_task_and_its_time_at_a_fixed_clock(open_browser, base_url, plan_date, time_zone, at_nine):
    assert (plan_date, time_zone) == ("2026-12-02", "Europe/London"), "the default site's plan moved"
    driver = open_browser(at_nine)
    open_page(driver, base_url, "focus/")
    assert driver.find_element(By.CSS_SELECTOR, ".page--focus .site-header").is_displayed() is False
    blocks = focus_blocks(driver)
    upcoming = next(b for b in blocks if b["end"] > 9 * 60)
    tasks = driver.find_elements(By.CSS_SELECTOR, "[data-focus-tasks] > li")
    assert tasks[0].text.lower() == upcoming["tasks"][0].lower()
    assert len(tasks) == len(upcoming["tasks"])
    sizes = [float(t.value_of_css_property("font-size").rstrip("px")) for t in tasks]
    assert sizes[0] >= 60 and all(size < sizes[0] / 2 for size in sizes[1:]), "not one task, large"
    assert "Inter Tight" in tasks[0].value_of_css_property("font-family")
    assert driver.find_element(By.CSS_SELECTOR, "[data-focus-when]").text == "Next"
    wait_minutes = upcoming["start"] - 9 * 60
    assert driver.find_element(By.CSS_SELECTOR, "[data-focus-left]").text == \
        f"Starts in {wait_minutes} min, at {upcoming['startText']}"
    assert page_errors(driver) == []


def test_focus_counts_down_the_running_block(open_browser, base_url, plan_date, time_zone):
    driver = open_browser(clock_at(plan_date, time_zone, "10:00"))
    open_page(driver, base_url, "focus/")
    running = next(b for b in focus_blocks(driver) if b["start"] <= 600 < b["end"])
    left = running["end"] - 600
    expected = (f"{left // 60} h {left % 60} min" if left % 60 else f"{left // 60} h") if left >= 60 else f"{left} min"
    assert driver.find_element(By.CSS_SELECTOR, "[data-focus-when]").text == "Now"
    assert driver.find_element(By.CSS_SELECTOR, "[data-focus-left]").text == f"{expected} left in this block"
    assert driver.find_element(By.CSS_SELECTOR, "[data-focus-progress]").is_displayed()


def test_done_in_focus_is_done_on_the_notifications_page(open_browser, base_url, plan_date, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "focus/")
    upcoming = next(b for b in focus_blocks(driver) if b["end"] > 9 * 60)
    assert len(upcoming["tasks"]) == 1, "the block at 09:00 holds one task in the default plan"
    driver.find_element(By.CSS_SELECTOR, "[data-focus-action=done]").click()
    after = next(b for b in focus_blocks(driver) if b["end"] > 9 * 60 and b["notification"] != upcoming["notification"])
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-focus-tasks] > li").text.lower() == after["tasks"][0].lower(),
         message="focus did not move on to the next task")
    assert stored(driver, f"aura.notifications.{plan_date}") == {upcoming["notification"]: "done"}

    open_page(driver, base_url, "notifications/")
    notice = driver.find_element(By.ID, f"notice-{upcoming['notification']}")
    assert "is-done" in notice.get_attribute("class")
    assert notice.find_element(By.CSS_SELECTOR, "[data-action=done]").get_attribute("aria-pressed") == "true"


def test_snooze_in_focus_and_d_s_keys_there(open_browser, base_url, plan_date, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "focus/")
    upcoming = next(b for b in focus_blocks(driver) if b["end"] > 9 * 60)
    press(driver, "s")
    snooze = driver.find_element(By.CSS_SELECTOR, "[data-focus-action=snooze]")
    assert snooze.get_attribute("aria-pressed") == "true"
    assert stored(driver, f"aura.notifications.{plan_date}") == {upcoming["notification"]: "snoozed"}
    assert driver.find_element(By.CSS_SELECTOR, "[data-focus-state]").is_displayed()
    press(driver, "z")
    assert snooze.get_attribute("aria-pressed") == "false"
    press(driver, "d")
    assert stored(driver, f"aura.notifications.{plan_date}") == {upcoming["notification"]: "done"}


# Where you are on the week board: the scroll offset, and the first task row whose top is in view.
WHERE = """
var rows = document.querySelectorAll('.week-task[id]');
for (var i = 0; i < rows.length; i += 1) {
  var top = rows[i].getBoundingClientRect().top;
  if (top >= 0) return { y: window.scrollY, row: rows[i].id, top: top, fonts: document.fonts.status };
}
return { y: window.scrollY, row: null, top: null, fonts: document.fonts.status };"""

# The race this test once lost under load: entering focus mode on a first visit, the service
# worker's first clients.claim() lands while the week page sits in Chromium's back/forward cache,
# which drops it; Exit then loads the week again, and Chromium's own scroll restoration put it a
# few rows off (602 to 664 px for 600) or at the top (0) about one time in seven under
# `stress-ng --cpu 2`. The app now keeps the place itself (85-place.js), so it is exact.
SLACK = 1  # sub-pixel rounding


def test_exit_returns_to_the_referring_page(open_browser, base_url, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "week/")
    wait(driver, lambda d: d.execute_script("return document.fonts.status") == "loaded")  # the final layout
    driver.execute_script("window.scrollTo(0, 600)")
    before = driver.execute_script(WHERE)
    assert before["y"] == 600 and before["row"], before
    press(driver, "j")
    wait(driver, lambda d: d.current_url.endswith("/focus/"))
    wait(driver, loaded)
    driver.find_element(By.CSS_SELECTOR, "[data-focus-exit]").click()
    wait(driver, lambda d: d.current_url.endswith("/week/"), message="Exit did not return to the week")

    seen = []

    def back_where_you_were(d):
        seen.append(d.execute_script(WHERE))
        now = seen[-1]
        return (now["fonts"] == "loaded" and now["row"] == before["row"] and abs(now["top"] - before["top"]) <= SLACK
                and abs(now["y"] - before["y"]) <= SLACK)
    wait(driver, back_where_you_were, message=lambda: f"not where you were: left at {before}, back at {seen[-1:]}")

    open_page(driver, base_url, "schedule/")
    press(driver, "j")
    wait(driver, lambda d: d.current_url.endswith("/focus/"))
    wait(driver, settled)
    press(driver, Keys.ESCAPE)
    wait(driver, lambda d: d.current_url.endswith("/schedule/"), message="Escape did not return to the schedule")


def test_a_page_loaded_again_keeps_your_place(open_browser, base_url, at_nine):
    """What Exit relies on when the browser loads the page again: the app, not the browser (whose
    restoration it turns off for that page), puts it back where it was."""
    driver = open_browser(at_nine)
    open_page(driver, base_url, "week/")
    driver.execute_script("window.scrollTo(0, 500)")
    wait(driver, lambda d: d.execute_script("return sessionStorage.getItem('aura.place:/week/')") == '{"x":0,"y":500}',
         message="the place was not noted")
    driver.refresh()
    wait(driver, settled)
    wait(driver, lambda d: d.execute_script("return window.scrollY") == 500, message="the place was not kept")
    assert driver.execute_script("return history.scrollRestoration") == "manual"


def test_exit_without_a_referrer_goes_to_the_dashboard(open_browser, base_url, at_nine):
    driver = open_browser(at_nine)
    open_page(driver, base_url, "focus/")
    exit_link = driver.find_element(By.CSS_SELECTOR, "[data-focus-exit]")
    assert exit_link.get_attribute("href").endswith("/dashboard/")
    exit_link.click()
    wait(driver, lambda d: d.current_url.endswith("/dashboard/"))


@pytest.mark.parametrize("path", ["week/", "focus/"])
def test_no_console_errors(open_browser, base_url, at_nine, path):
    driver = open_browser(at_nine)
    open_page(driver, base_url, path)
    assert driver.find_element(By.CSS_SELECTOR, "meta[name=robots]").get_attribute("content") == "noindex"
    assert page_errors(driver) == []
