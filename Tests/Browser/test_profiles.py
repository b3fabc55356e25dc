"""Profiles on one device in a real browser against a real `aura serve`: sam and bo signed in
in one browser; the header's switcher changes the person; a deep link that names a held profile
switches to it before it opens; one that names a profile this browser does not hold opens the
dashboard, still as the same person."""
import pytest

from aura_served import PASSWORD, Server
from conftest import wait


@pytest.fixture
def served(tmp_path):
    server = Server(tmp_path / "served")
    server.add_person("bo")
    server.add_person("cy")
    yield server
    server.stop()


def active(driver):
    return driver.execute_script("var p = window.Aura && Aura.profiles && Aura.profiles(); return p && p.active")


def sign_in(driver, url, name):
    driver.get(url + "/login/")
    wait(driver, lambda d: d.find_elements("id", "sign-in-name"))
    driver.find_element("id", "sign-in-name").send_keys(name)
    driver.find_element("id", "sign-in-password").send_keys(PASSWORD)
    driver.find_element("css selector", "form button[type=submit]").click()
    wait(driver, lambda d: "/dashboard/" in d.current_url and active(d) == name,
         message=lambda: f"not signed in as {name}: {driver.current_url}")


def test_switcher_and_deep_links_choose_among_the_held_profiles(served, open_browser):
    driver = open_browser()
    sign_in(driver, served.url, "sam")
    sign_in(driver, served.url, "bo")
    assert driver.execute_script("return Aura.profiles().held") == ["bo", "sam"]

    switch = driver.find_element("css selector", '.session__profiles button[value="sam"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", switch)
    switch.click()
    wait(driver, lambda d: active(d) == "sam", message="the switcher did not switch to sam")

    # A notification's deep link for bo: switched first, then the clean address.
    driver.execute_script("Aura.deepLink(Aura.root() + 'planner/?profile=bo')")
    wait(driver, lambda d: d.current_url == served.url + "/planner/" and active(d) == "bo",
         message=lambda: f"the link did not switch to bo: {driver.current_url} {active(driver)}")

    # cy exists but is not signed in here; nobody does not exist: the dashboard, still bo.
    for name in ["cy", "nobody"]:
        assert driver.execute_script(f"return Aura.resolve(Aura.route(Aura.root() + 'week/?profile={name}'))") == "/dashboard/"
    driver.execute_script("Aura.deepLink(Aura.root() + 'week/?profile=cy')")
    wait(driver, lambda d: d.current_url == served.url + "/dashboard/" and active(d) == "bo",
         message=lambda: f"an unknown profile went elsewhere: {driver.current_url} {active(driver)}")
