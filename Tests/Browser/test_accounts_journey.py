"""Joining and recovering in a real browser against a real `aura serve` with mail through a
real SMTP server on loopback (aiosmtpd): sign up with an invitation and accept the terms, plan
a day, sign out, forget the password, set a new one from the e-mail's link, sign in again and
find the day."""
import re
import subprocess

import pytest
from aura_mail import LoopbackSMTP
from selenium.webdriver.common.keys import Keys

from aura_served import Server, morning_somewhere
from conftest import wait
from test_served_actions import click

ADDRESS = "nia@example.org"
FIRST, SECOND = "a kettle of river stones", "the tide comes in twice"


@pytest.fixture
def mailed(tmp_path):
    inbox = LoopbackSMTP()

    def content_edit(content):
        morning_somewhere(content)
        site = content / "site.yml"
        site.write_text(site.read_text() + inbox.site_lines())

    server = Server(tmp_path / "served", content_edit=content_edit)
    yield server, inbox
    server.stop()
    inbox.stop()


def fill(driver, values):
    for id, text in values.items():
        driver.find_element("id", id).send_keys(text)


def main_text(driver):
    """The page's main text, read in one script call (an element found a moment before may
    belong to the page being left)."""
    return driver.execute_script("const main = document.querySelector('main'); return main ? main.textContent : ''")


def submit(driver):
    click(driver, driver.find_element("css selector", "main form button[type=submit]"))


def test_sign_up_plan_forget_reset_and_find_the_day(open_browser, mailed):
    server, inbox = mailed
    invite = subprocess.run([str(server.aura), "user", "invite", "--state", str(server.state), "--content", str(server.content),
                             "--public-url", server.url + "/"], capture_output=True, text=True, check=True).stdout.strip()
    driver = open_browser()

    driver.get(invite)
    wait(driver, lambda d: d.find_elements("id", "sign-up-name"))
    fill(driver, {"sign-up-full-name": "Nia", "sign-up-name": ADDRESS, "sign-up-password": FIRST, "sign-up-again": FIRST})
    click(driver, driver.find_element("id", "sign-up-terms"))
    submit(driver)
    wait(driver, lambda d: d.current_url.endswith("/planner/") and d.find_elements("id", "inbox-input"),
         message=lambda: f"not on the planner: {driver.current_url}")

    driver.find_element("id", "inbox-input").send_keys("water the zzferns 30m", Keys.ENTER)
    click(driver, driver.find_element("css selector", "form[action$='/planner/plan'] button[type=submit]"))
    wait(driver, lambda d: "/schedule/" in d.current_url and "zzferns" in main_text(d),
         message=lambda: f"the day was not planned: {driver.current_url}")

    click(driver, driver.find_element("css selector", ".session__sign-out"))
    wait(driver, lambda d: not d.find_elements("css selector", "[data-aura-live]") and d.current_url.rstrip("/") == server.url)

    driver.get(server.url + "/login/")
    wait(driver, lambda d: d.find_elements("link text", "Forgot password?"))
    click(driver, driver.find_element("link text", "Forgot password?"))
    wait(driver, lambda d: d.find_elements("id", "forgot-name"))
    fill(driver, {"forgot-name": ADDRESS})
    submit(driver)
    wait(driver, lambda d: "on its way" in main_text(d))

    wait(driver, lambda d: inbox.messages, message="no mail arrived")
    path = re.search(r"^https://aura\.example(/reset/\?token=[\w-]+)\r?$", inbox.messages[0][2].decode(), flags=re.M).group(1)
    driver.get(server.url + path)
    wait(driver, lambda d: d.find_elements("id", "reset-password"))
    fill(driver, {"reset-password": SECOND, "reset-again": SECOND})
    submit(driver)
    wait(driver, lambda d: d.find_elements("id", "sign-in-name"))

    fill(driver, {"sign-in-name": ADDRESS, "sign-in-password": SECOND})
    submit(driver)
    wait(driver, lambda d: "/dashboard/" in d.current_url and d.find_elements("css selector", "[data-aura-live]"))
    driver.get(server.url + "/schedule/")
    wait(driver, lambda d: "zzferns" in main_text(d),
         message=lambda: "the day was not found after the reset")
