"""Living with the plan in a real browser against a real `aura serve`: drag a task to another
day on the week board and find it there after a reload in a second browser; move it a day with
Shift+← and take that back with z; change a task's time from the schedule and see its block
move there."""
import datetime
import json

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from aura_served import Server, morning_somewhere
from conftest import wait
from test_served_actions import click, morning_with_no_tasks, open_served, sign_in, stored, sync_state, synced

LINES = "write the zzbrief 45m\nfile the zzreceipts 20m"


@pytest.fixture
def planned(tmp_path):
    """A server whose planner holds the two lines, planned this morning."""
    server = Server(tmp_path / "served", content_edit=morning_with_no_tasks)
    try:
        sam = server.signed_in()
        answer = sam.post(server.url + "/api/plan", json={"inbox": LINES}, headers={"Origin": server.url})
        assert answer.status_code == 200, answer.text
        yield server
    finally:
        server.stop()


def column(driver, date):
    return driver.find_element(By.CSS_SELECTOR, f'[data-week-day][data-date="{date}"]')


def row_of(driver, title):
    return next(row for row in driver.find_elements(By.CSS_SELECTOR, ".week-task[data-task-id]")
                if title in row.find_element(By.CSS_SELECTOR, ".week-task__title").text)


def day_of(driver, title):
    return row_of(driver, title).find_element(By.XPATH, "ancestor::*[@data-week-day]").get_attribute("data-date")


def shown_dates(driver):
    """The board's days that are on screen, in order."""
    return driver.execute_script("""
        var box = document.querySelector('[data-week-days]').getBoundingClientRect();
        return Array.prototype.filter.call(document.querySelectorAll('[data-week-day]'), function (day) {
            var rect = day.getBoundingClientRect();
            return rect.width > 0 && rect.left >= box.left - 1 && rect.right <= box.right + 1;
        }).map(function (day) { return day.getAttribute('data-date'); });""")


def reloaded(driver):
    """Waits for the page to reload at its safe moment (nothing hovered, focused or touched)."""
    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo({top: 0, behavior: 'instant'})")
    ActionChains(driver).move_to_element(driver.find_element(By.CSS_SELECTOR, ".wordmark")).perform()
    wait(driver, lambda d: d.execute_script("return window.__beforeReload") is None and synced(d), timeout=30,
         message=lambda: f"the page did not reload at a safe moment: {sync_state(driver)}")


def test_a_task_dragged_to_another_day_is_there_in_a_second_browser(open_browser, planned):
    server = planned
    driver = open_browser(width=1600)
    sign_in(driver, server.url)
    open_served(driver, server.url + "/week/")
    today = driver.find_element(By.CSS_SELECTOR, "[data-week]").get_attribute("data-today")
    assert day_of(driver, "write the zzbrief") == today

    # Thursday when it is on screen and not today, else the first shown day after tomorrow.
    later = [date for date in shown_dates(driver) if date > today]
    assert len(later) >= 2, shown_dates(driver)
    target = next((date for date in later if datetime.date.fromisoformat(date).weekday() == 3), later[1])
    driver.execute_script("window.__beforeReload = true")
    handle = row_of(driver, "write the zzbrief").find_element(By.CSS_SELECTOR, ".week-task__meta")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", handle)
    # Across to the middle of Thursday's column, at the row's own height.
    across = driver.execute_script("""var from = arguments[0].getBoundingClientRect(), to = arguments[1].getBoundingClientRect();
        return Math.round(to.left + to.width / 2 - (from.left + from.width / 2));""", handle, column(driver, target))
    (ActionChains(driver).click_and_hold(handle).move_by_offset(12, 0).move_by_offset(across // 2, 0)
     .move_by_offset(across - 12 - across // 2, 0).release().perform())

    # At once: the row is in Thursday's column, marked moved, and no link was followed.
    assert day_of(driver, "write the zzbrief") == target
    assert "/week/" in driver.current_url
    assert row_of(driver, "write the zzbrief").find_element(By.CSS_SELECTOR, "[data-week-moved]").text == "Moved"
    wait(driver, lambda d: stored(server)["write the zzbrief"]["date"] == target,
         message=lambda: f"the move never reached the server: {stored(server)['write the zzbrief']} {sync_state(driver)}")
    plan = json.loads((server.content / "planner" / "plan.json").read_text())
    assert any(task["title"] == "write the zzbrief" for day in plan["days"] if day["date"] == target
               for block in day["blocks"] for task in block["tasks"]), "the day it went to was not planned again"

    # The page reloads at a safe moment and draws the new plan: there, with a time.
    reloaded(driver)
    assert day_of(driver, "write the zzbrief") == target
    assert row_of(driver, "write the zzbrief").find_element(By.CSS_SELECTOR, ".week-task__when time").text

    second = open_browser(width=1600)
    sign_in(second, server.url)
    open_served(second, server.url + "/week/")
    assert day_of(second, "write the zzbrief") == target
    assert day_of(second, "file the zzreceipts") == today


def test_shift_arrows_move_the_selected_task_a_day_and_z_takes_it_back(open_browser, planned):
    server = planned
    driver = open_browser(width=1600)
    sign_in(driver, server.url)
    open_served(driver, server.url + "/week/")
    today = driver.find_element(By.CSS_SELECTOR, "[data-week]").get_attribute("data-today")
    tomorrow = (datetime.date.fromisoformat(today) + datetime.timedelta(days=1)).isoformat()
    assert tomorrow in shown_dates(driver)

    # Arrow keys select a row; Shift+→ takes the receipts to tomorrow, and keeps it selected.
    select(driver, "zzreceipts")
    driver.execute_script("window.__beforeReload = true")
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.SHIFT).perform()
    assert day_of(driver, "file the zzreceipts") == tomorrow
    assert "zzreceipts" in driver.find_element(By.CSS_SELECTOR, ".is-selected").text
    wait(driver, lambda d: "Moved: file the zzreceipts" in status(d))
    wait(driver, lambda d: stored(server)["file the zzreceipts"]["date"] == tomorrow and synced(d),
         message=lambda: f"not moved on the server: {stored(server)['file the zzreceipts']} {sync_state(driver)}")

    # z takes the move back, on the page at once and on the server.
    ActionChains(driver).send_keys("z").perform()
    assert day_of(driver, "file the zzreceipts") == today
    assert not row_of(driver, "file the zzreceipts").find_elements(By.CSS_SELECTOR, "[data-week-moved]:not([hidden])")
    wait(driver, lambda d: stored(server)["file the zzreceipts"].get("date") in (None, today) and synced(d),
         message=lambda: f"the undo never reached the server: {stored(server)['file the zzreceipts']}")
    reloaded(driver)
    assert day_of(driver, "file the zzreceipts") == today

    # Shift+← on today's column has nowhere to go, says so and moves nothing.
    select(driver, "zzreceipts")
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ARROW_LEFT).key_up(Keys.SHIFT).perform()
    wait(driver, lambda d: "No earlier day" in status(d))
    assert day_of(driver, "file the zzreceipts") == today
    assert stored(server)["file the zzreceipts"].get("date") in (None, today)


def status(driver):
    """What the page last said in its (visually hidden) live region."""
    return driver.find_element(By.CSS_SELECTOR, "[data-aura-status]").get_attribute("textContent")


def select(driver, text):
    """Selects the week row holding `text` with the arrow keys, from the first row down."""
    for _ in range(20):
        ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
        selected = driver.find_elements(By.CSS_SELECTOR, ".is-selected")
        if selected and text in selected[0].text:
            return selected[0]
    pytest.fail(f"the arrow keys never selected {text!r}")


def test_a_time_changed_from_the_schedule_moves_the_block(open_browser, planned):
    server = planned
    driver = open_browser()
    sign_in(driver, server.url)
    open_served(driver, server.url + "/schedule/")
    click(driver, driver.find_element(By.LINK_TEXT, "write the zzbrief"))
    wait(driver, lambda d: "/tasks/" in d.current_url and d.find_elements(By.ID, "task-time"))
    # A time input's typing differs by engine and locale; its value is what the form sends.
    driver.execute_script("document.getElementById('task-time').value = '16:15'")
    click(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Save']"))
    # Back on the task's page, with what changed and Undo; then back to the day.
    wait(driver, lambda d: "undo=1" in d.current_url and d.find_elements(By.ID, "task-time"),
         message=lambda: driver.current_url)
    assert driver.find_element(By.ID, "task-time").get_attribute("value") == "16:15"
    click(driver, driver.find_element(By.CSS_SELECTOR, ".task-page__back a"))
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-timeline]"), message=lambda: driver.current_url)
    block = next(block for block in driver.find_elements(By.CSS_SELECTOR, "[data-timeline] .block[data-block-id]")
                 if "write the zzbrief" in block.text)
    assert block.find_element(By.CSS_SELECTOR, "time").get_attribute("datetime").endswith("16:15"), block.get_attribute("outerHTML")
    assert "16:15" in block.text
    assert stored(server)["write the zzbrief"]["time"] == "16:15"


def test_a_task_held_at_the_edge_turns_the_board_to_a_day_out_of_view(open_browser, planned):
    server = planned
    driver = open_browser(width=800)
    sign_in(driver, server.url)
    open_served(driver, server.url + "/week/")
    shown = shown_dates(driver)
    days = [day.get_attribute("data-date") for day in driver.find_elements(By.CSS_SELECTOR, "[data-week-day]")]
    assert len(shown) < len(days), f"every day is on screen at 800 px: {shown}"

    handle = row_of(driver, "file the zzreceipts").find_element(By.CSS_SELECTOR, ".week-task__meta")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", handle)
    edge = driver.execute_script("""var from = arguments[0].getBoundingClientRect(),
        box = document.querySelector('[data-week-days]').getBoundingClientRect();
        return Math.round(box.right - 10 - (from.left + from.width / 2));""", handle)
    ActionChains(driver).click_and_hold(handle).move_by_offset(12, 0).move_by_offset(edge - 12, 0).perform()
    # Held there, the board turns a day at a time until a day that was out of view is under it.
    wait(driver, lambda d: shown_dates(d)[-1] not in shown, message=lambda: f"the board did not turn: {shown_dates(driver)}")
    ActionChains(driver).release().perform()
    target = wait(driver, lambda d: day_of(d, "file the zzreceipts") not in shown and day_of(d, "file the zzreceipts"),
                  message=lambda: f"not dropped on a day out of view at first: {day_of(driver, 'file the zzreceipts')} {shown}")
    wait(driver, lambda d: stored(server)["file the zzreceipts"]["date"] == target,
         message=lambda: f"the move never reached the server: {stored(server)['file the zzreceipts']}")
