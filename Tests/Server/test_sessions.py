"""Sessions end: after 7 idle days or 30 in all (the server's own clock, the rows aged in its
database), when the password is replaced (`aura user add --replace` signs every session out),
and a token planted before sign-in is never the one signed in (no fixation)."""
import hashlib
import re
import time

import requests

from server_support import PASSWORD

DAY = 86_400


def age(server, browser, idle_days, total_days):
    """Moves the browser's session back in time: last used `idle_days`, opened `total_days` ago."""
    token_hash = hashlib.sha256(browser.cookies["aura_session"].encode()).hexdigest()
    now = int(time.time())
    changed = server.accounts_change("UPDATE sessions SET last_seen = ?, created = ? WHERE token_hash = ?",
                                     now - idle_days * DAY, now - total_days * DAY, token_hash)
    assert changed == 1


def signed_out(server, browser):
    page = browser.get(server.url + "/dashboard/", allow_redirects=False)
    data = browser.get(server.url + "/notifications.json", allow_redirects=False)
    return page.status_code == 303 and page.headers["Location"].startswith("/login/") and data.status_code == 401


def test_a_session_lives_six_idle_days_but_not_eight(server):
    browser = server.signed_in()
    age(server, browser, idle_days=6, total_days=20)
    assert browser.get(server.url + "/dashboard/", allow_redirects=False).status_code == 200
    age(server, browser, idle_days=8, total_days=20)
    assert signed_out(server, browser)


def test_a_session_ends_after_thirty_days_however_busy(server):
    browser = server.signed_in()
    age(server, browser, idle_days=0, total_days=31)
    assert signed_out(server, browser)


def test_a_planted_token_is_not_the_one_signed_in(server):
    browser = requests.Session()
    browser.cookies.set("aura_session", "planted-by-someone-else")
    form = browser.get(server.url + "/login/").text
    token = re.search(r'name="csrf" value="([^"]+)"', form).group(1)
    answer = browser.post(server.url + "/login/", data={"csrf": token, "name": "sam", "password": PASSWORD}, allow_redirects=False)
    assert answer.status_code == 303
    issued = answer.cookies["aura_session"]
    assert issued != "planted-by-someone-else" and len(issued) >= 43  # 256 bits, base64
    planted = requests.Session()
    planted.cookies.set("aura_session", "planted-by-someone-else")
    assert signed_out(server, planted)


def test_replacing_the_password_signs_every_session_out(server):
    """Last in this module: sam's password changes."""
    laptop, phone = server.signed_in(), server.signed_in()
    assert laptop.get(server.url + "/dashboard/", allow_redirects=False).status_code == 200
    replaced = server.user_command("add", "sam", "--replace", "--password-stdin", stdin="a whole new passphrase\n")
    assert replaced.returncode == 0, replaced.stderr
    assert signed_out(server, laptop) and signed_out(server, phone)
