"""A private build in the browser (docs/guide/private-pages.md): a sealed page
asks for the passphrase, a wrong one says so, the right one shows the page exactly as built,
working; a remembered device stays unlocked across reloads and offline, and a forgotten one or
a changed passphrase asks again."""
import shutil
import subprocess

import pytest
from selenium.webdriver.common.by import By

from conftest import REPO, SiteServer, aura_binary, epoch_ms, fixed_clock_script, page_errors, settled, wait
from test_offline_app import WAIT_FOR_CONTROL, go_offline
from test_personal_pages import notice_actions_ready

PASSPHRASE = "correct horse battery staple"


def build_private(content, output, passphrase):
    subprocess.run([str(aura_binary()), "build", "--content", str(content), "--templates", str(REPO / "Templates"),
                    "--output", str(output), "--quiet"], check=True, env={"AURA_PASSPHRASE": passphrase, "PATH": "/usr/bin:/bin"})


@pytest.fixture(scope="module")
def private_content(tmp_path_factory):
    content = tmp_path_factory.mktemp("private") / "Content"
    shutil.copytree(REPO / "Content", content)
    with open(content / "site.yml", "a", encoding="utf-8") as settings:
        settings.write("\nprivate:\n  passphrase_env: AURA_PASSPHRASE\n")
    return content


@pytest.fixture
def private_site(private_content, tmp_path):
    output = tmp_path / "Public"
    build_private(private_content, output, PASSPHRASE)
    server = SiteServer(output)
    server.content = private_content
    yield server
    server.close()


@pytest.fixture
def at_nine(plan_date, time_zone):
    return fixed_clock_script(epoch_ms(plan_date, "09:00", time_zone))


INSTANT_SCROLL = """var style = document.createElement('style');
style.textContent = 'html { scroll-behavior: auto !important; }';
document.head.appendChild(style);"""


def unlocked(driver):
    """The decrypted page is in place and settled. The harness's instant-scroll style was in the
    locked page's head, which the decrypted document replaced, so it is added again."""
    if not (driver.execute_script("return document.documentElement.hasAttribute('data-unlocked')") and settled(driver)):
        return False
    driver.execute_script(INSTANT_SCROLL)
    return True


def login_shown(driver):
    return "/login/" in driver.current_url and driver.find_element(By.ID, "unlock-passphrase").is_displayed()


def message(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-unlock-message]").text


def unlock(driver, passphrase, remember=False):
    field = driver.find_element(By.ID, "unlock-passphrase")
    field.clear()
    field.send_keys(passphrase)
    switch = driver.find_element(By.ID, "unlock-remember")
    if switch.is_selected() != remember:
        driver.execute_script("arguments[0].click()", switch)
    driver.find_element(By.CSS_SELECTOR, "[data-unlock-submit]").click()


def open_unlocked(driver, url, remember=True):
    """Opens a sealed page, which asks for the passphrase, and unlocks it."""
    driver.get(url)
    wait(driver, login_shown, message=f"{url} did not ask for the passphrase")
    unlock(driver, PASSPHRASE, remember=remember)
    wait(driver, unlocked, timeout=30, message=f"{url} did not open with the passphrase")


def test_a_sealed_page_unlocks_and_works_like_the_plain_one(open_browser, private_site, at_nine, site):
    driver = open_browser(at_nine)
    driver.get(f"{private_site.url}/dashboard/")
    wait(driver, login_shown, message="the dashboard did not ask for the passphrase")
    assert "next=%2Fdashboard%2F" in driver.current_url

    unlock(driver, "not the passphrase")
    wait(driver, lambda d: "does not open" in message(d), timeout=30, message="a wrong passphrase said nothing")
    assert "/login/" in driver.current_url

    unlock(driver, PASSPHRASE, remember=True)
    wait(driver, unlocked, timeout=30, message="the right passphrase did not open the dashboard")
    assert driver.current_url == f"{private_site.url}/dashboard/"
    plain_title = (site / "dashboard" / "index.html").read_text().split("<h1", 1)[1].split(">", 1)[1].split("</h1>")[0]
    assert driver.find_element(By.TAG_NAME, "h1").get_attribute("innerHTML").strip() == plain_title.strip()
    assert "page--dashboard" in driver.find_element(By.TAG_NAME, "body").get_attribute("class")
    assert page_errors(driver) == []

    # Done and Snooze, on the notifications page, unlocked by the remembered key.
    driver.get(f"{private_site.url}/notifications/")
    wait(driver, unlocked, timeout=30)
    wait(driver, notice_actions_ready, message="Done and Snooze never appeared")
    notices = driver.find_elements(By.CSS_SELECTOR, "[data-notice]")
    notices[0].find_element(By.CSS_SELECTOR, "[data-action=done]").click()
    notices[1].find_element(By.CSS_SELECTOR, "[data-action=snooze]").click()
    wait(driver, lambda d: "is-done" in d.find_elements(By.CSS_SELECTOR, "[data-notice]")[0].get_attribute("class"))
    wait(driver, lambda d: "is-snoozed" in d.find_elements(By.CSS_SELECTOR, "[data-notice]")[1].get_attribute("class"))

    # A reload stays unlocked, and Done is still done.
    driver.refresh()
    wait(driver, unlocked, timeout=30, message="a remembered device asked again after a reload")
    wait(driver, lambda d: "is-done" in d.find_elements(By.CSS_SELECTOR, "[data-notice]")[0].get_attribute("class"))
    assert "/login/" not in driver.current_url
    assert page_errors(driver) == []


def test_a_deep_link_lands_on_its_block_after_unlocking(open_browser, private_site, at_nine, plan_date):
    driver = open_browser(at_nine)
    link = f"{private_site.url}/schedule/{plan_date}/"
    open_unlocked(driver, link, remember=False)
    # The day's last block: below the fold, so landing on it means a scroll.
    block = driver.find_elements(By.CSS_SELECTOR, "[id^='block-'][data-block-id]")[-1].get_attribute("id")
    below = "return document.getElementById(arguments[0]).getBoundingClientRect().top > innerHeight"
    assert driver.execute_script(below, block)
    driver.get(f"{private_site.url}/login/")
    driver.find_element(By.CSS_SELECTOR, "[data-unlock-forget]").click()
    wait(driver, lambda d: "no longer holds" in d.find_element(By.CSS_SELECTOR, "[data-unlock-forgotten]").text)

    driver.get(f"{link}#{block}")
    wait(driver, login_shown, message="a forgotten device was not asked again")
    unlock(driver, PASSPHRASE)
    wait(driver, unlocked, timeout=30)
    assert driver.current_url == f"{link}#{block}"
    in_view = "var r = document.getElementById(arguments[0]).getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight"
    wait(driver, lambda d: d.execute_script(in_view, block), message="the linked block is not in view")


def test_a_remembered_device_unlocks_offline(open_browser, private_site, at_nine):
    driver = open_browser(at_nine)
    open_unlocked(driver, f"{private_site.url}/dashboard/")
    script = driver.execute_async_script(WAIT_FOR_CONTROL)
    assert script == f"{private_site.url}/sw.js"
    go_offline(private_site)
    driver.get(f"{private_site.url}/week/")
    wait(driver, unlocked, timeout=30, message="offline, the remembered key did not open a precached page")
    assert "page--week" in driver.find_element(By.TAG_NAME, "body").get_attribute("class")


def test_a_changed_passphrase_asks_again_and_says_why(open_browser, private_site, at_nine):
    driver = open_browser(at_nine)
    open_unlocked(driver, f"{private_site.url}/focus/")
    build_private(private_site.content, private_site.directory, PASSPHRASE + " anew")
    driver.get(f"{private_site.url}/focus/")
    wait(driver, login_shown, timeout=30, message="an old key was still taken")
    assert "passphrase has changed" in message(driver)
    unlock(driver, PASSPHRASE + " anew")
    wait(driver, unlocked, timeout=30)
    assert driver.current_url == f"{private_site.url}/focus/"
