"""A person's own reflection under `aura serve`, in a real browser: saved to the account as it
is written; written with the network gone, kept in the page and sent once it is back; then in a
second browser, once."""
import sqlite3

from selenium.webdriver.common.by import By

from conftest import wait
from test_served_actions import open_served, served, sign_in, sync_state, synced  # noqa: F401 (served: the fixture)


def kept(server):
    """The reflections the server holds: (part, text) rows."""
    with sqlite3.connect(server.state / "aura.sqlite3") as database:
        return database.execute("SELECT part, text FROM reflections ORDER BY part").fetchall()


def status(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-journal-status]").text


def test_a_reflection_written_offline_reaches_the_server_once(open_browser, served):
    server, proxy = served
    driver = open_browser()
    sign_in(driver, proxy.url)
    open_served(driver, proxy.url + "/reflections/")
    assert "saved to your account" in driver.find_element(By.CSS_SELECTOR, "[data-journal]").text.lower()

    morning = driver.find_element(By.ID, "journal-morning")
    morning.send_keys("zzslept well")
    wait(driver, lambda d: status(d).startswith("Saved to your account at"), message=lambda: status(driver))
    assert kept(server) == [("morning", "zzslept well")]

    # The network goes: the evening's answer waits in the page, which says so.
    proxy.offline = True
    evening = driver.find_element(By.ID, "journal-evening")
    evening.send_keys("zzwritten with no network")
    driver.execute_script("arguments[0].blur()", evening)  # the field loses focus: saved at once
    wait(driver, lambda d: status(d).startswith("No connection") and (sync_state(d) or {}).get("pending", 0) >= 1,
         message=lambda: f"{status(driver)} {sync_state(driver)}")
    assert kept(server) == [("morning", "zzslept well")]

    # It comes back: the queue is sent, and the server holds the evening once.
    proxy.offline = False
    wait(driver, lambda d: (synced(d) or {}).get("replayed", 0) >= 1, timeout=30,
         message=lambda: f"the queue was not replayed: {sync_state(driver)}")
    assert kept(server) == [("evening", "zzwritten with no network"), ("morning", "zzslept well")]

    second = open_browser()
    sign_in(second, proxy.url)
    open_served(second, proxy.url + "/reflections/")
    assert second.find_element(By.ID, "journal-evening").get_attribute("value") == "zzwritten with no network"
    assert second.find_element(By.ID, "journal-morning").get_attribute("value") == "zzslept well"
    assert second.page_source.count("zzwritten with no network") == 1
