"""Sign-in for the owner: personal pages and data only with a session; the same answer for an
unknown name and a wrong password; throttling with Retry-After; cookies HttpOnly and SameSite;
forms need the session's token and scripts a same-site Origin."""
import hashlib
import re
import sqlite3
import stat

import argon2
import pytest
import requests

from server_support import PASSWORD, SCHEMA_VERSION


def test_personal_pages_need_a_session(server):
    page = requests.get(server.url + "/dashboard/", allow_redirects=False)
    assert page.status_code == 303 and page.headers["Location"] == "/login/?next=%2Fdashboard%2F"
    for path, status in (("/notifications.json", 401), ("/aura.ics", 401), ("/schedule/", 303), ("/week/index.html", 303)):
        answer = requests.get(server.url + path, allow_redirects=False)
        assert answer.status_code == status, path
        assert "boiler" not in answer.text and answer.headers["Cache-Control"] == "no-store", path
    assert requests.get(server.url + "/culture/").status_code == 200


def test_sign_in_opens_the_personal_pages_and_sign_out_closes_them(server):
    browser = requests.Session()
    form = browser.get(server.url + "/login/?next=%2Fweek%2F")
    assert "Sign in" in form.text and 'value="/week/"' in form.text
    token = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
    answer = browser.post(server.url + "/login/", data={"csrf": token, "name": "sam", "password": PASSWORD, "next": "/week/"},
                          allow_redirects=False)
    assert answer.status_code == 303 and answer.headers["Location"] == "/week/"
    cookie = answer.headers["Set-Cookie"]
    assert "aura_session=" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    page = browser.get(server.url + "/dashboard/")
    assert page.status_code == 200 and "Signed in as sam" in page.text and page.headers["Cache-Control"] == "no-store"
    token = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)
    assert browser.post(server.url + "/logout/", data={"csrf": "wrong"}, allow_redirects=False).status_code == 403
    assert browser.post(server.url + "/logout/", data={"csrf": token}, allow_redirects=False).status_code == 303
    assert browser.get(server.url + "/dashboard/", allow_redirects=False).status_code == 303


def test_next_never_leads_to_another_site(server):
    for evil in ("https://evil.example/", "//evil.example/", "/\\evil.example", "/%2F%2Fevil.example"):
        browser = requests.Session()
        form = browser.get(server.url + "/login/")
        token = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
        answer = browser.post(server.url + "/login/", data={"csrf": token, "name": "sam", "password": PASSWORD, "next": evil},
                              allow_redirects=False)
        assert answer.headers["Location"] == "/dashboard/", evil


def test_the_sign_in_form_on_screen_survives_a_second_load(server):
    """The service worker's precache (a personal page's redirect here) or another tab loads the
    form again: the token the browser holds stays, so the form first shown still signs in. A
    cookie that is not one of ours is replaced."""
    browser = requests.Session()
    first = re.search(r'name="csrf" value="([^"]+)"', browser.get(server.url + "/login/").text).group(1)
    assert browser.get(server.url + "/dashboard/").url.startswith(server.url + "/login/")  # followed, as a precache does
    answer = browser.post(server.url + "/login/", data={"csrf": first, "name": "sam", "password": PASSWORD}, allow_redirects=False)
    assert answer.status_code == 303
    form = requests.get(server.url + "/login/", headers={"Cookie": "aura_sign_in=chosen-by-someone-else"})
    assert "chosen-by-someone-else" not in form.text and "aura_sign_in=chosen" not in form.headers["Set-Cookie"]


def test_a_form_without_its_token_or_from_elsewhere_is_refused(server):
    browser = requests.Session()
    browser.get(server.url + "/login/")
    assert browser.post(server.url + "/login/", data={"name": "sam", "password": PASSWORD}, allow_redirects=False).status_code == 403
    signed = server.signed_in()
    token = server.form_token(signed)
    assert signed.post(server.url + "/planner/plan", data={"inbox": "x"}, allow_redirects=False).status_code == 403
    assert signed.post(server.url + "/planner/plan", data={"inbox": "x", "csrf": token},
                       headers={"Origin": "https://evil.example"}, allow_redirects=False).status_code == 403
    assert signed.post(server.url + "/api/done", json={"id": "t1"}).status_code == 403  # no Origin
    assert signed.post(server.url + "/api/done", json={"id": "t1"}, headers={"Origin": "https://evil.example"}).status_code == 403


def test_same_answer_for_unknown_names_and_wrong_passwords_then_throttled(server):
    def attempt(name, password, address_browser=None):
        browser = address_browser or requests.Session()
        form = browser.get(server.url + "/login/")
        token = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
        return browser.post(server.url + "/login/", data={"csrf": token, "name": name, "password": password}, allow_redirects=False)

    unknown, wrong = attempt("nobody", "whatever it is"), attempt("kim", "whatever it is")
    assert unknown.status_code == wrong.status_code == 401
    assert "do not match" in unknown.text and "do not match" in wrong.text
    assert "<title>Error: Sign in · " in wrong.text
    # Another person, so that sam can still sign in for the other tests of this server.
    added = server.user_command("add", "lee", "--password-stdin", stdin=PASSWORD + "\n")
    assert added.returncode == 0, added.stderr
    answers = [attempt("lee", f"wrong password {n}") for n in range(5)]
    assert [a.status_code for a in answers] == [401] * 5
    throttled = attempt("lee", PASSWORD)
    assert throttled.status_code == 429 and int(throttled.headers["Retry-After"]) > 0
    assert "Too many attempts" in throttled.text


def test_what_the_database_keeps_is_checked_by_outside_references(server):
    """The password is an Argon2id PHC string that argon2-cffi verifies, with OWASP's
    parameters; a session's token is kept only as its SHA-256."""
    browser = server.signed_in()
    token = browser.cookies["aura_session"]
    [(encoded,)] = server.accounts_query("SELECT password_hash FROM people WHERE name = 'sam'")
    hashes = [row[0] for row in server.accounts_query("SELECT token_hash FROM sessions")]
    assert encoded.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert argon2.PasswordHasher().verify(encoded, PASSWORD)
    assert hashlib.sha256(token.encode()).hexdigest() in hashes and token not in hashes


@pytest.mark.household  # the SQLite file: its mode, schema version and journal
def test_the_accounts_file_is_the_owners_alone_at_the_current_version(server):
    database = server.state / "aura.sqlite3"
    assert stat.S_IMODE(database.stat().st_mode) == 0o600
    with sqlite3.connect(database) as connection:
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        (journal,) = connection.execute("PRAGMA journal_mode").fetchone()
    assert version == SCHEMA_VERSION and journal == "wal"
