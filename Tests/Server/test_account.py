"""/account/ over loopback: change the password (the old one and every session stop working,
this browser gets a new one; wrong current passwords are throttled per person), sign out
everywhere, a new calendar feed address, and deleting an account with its files after a typed
confirmation and the password (never the owner's)."""
import re

import requests

from server_support import PASSWORD

NEW_PASSWORD = "plums in the icebox again"


def post(server, browser, action, **fields):
    token = re.search(r'name="csrf" value="([^"]+)"', browser.get(server.url + "/account/").text).group(1)
    return browser.post(server.url + "/account/" + action, data={"csrf": token, **fields}, allow_redirects=False)


def test_the_account_page_needs_a_session_and_is_linked(server):
    assert requests.get(server.url + "/account/", allow_redirects=False).status_code == 303
    browser = server.signed_in()
    assert 'href="/account/"' in browser.get(server.url + "/dashboard/").text
    page = browser.get(server.url + "/account/")
    assert page.status_code == 200 and "Delete my account" not in page.text  # sam is the owner
    assert requests.post(server.url + "/account/sign-out-everywhere", data={"csrf": "forged"}, cookies=browser.cookies,
                         allow_redirects=False).status_code == 403


def test_changing_the_password_rotates_this_session_and_ends_the_others(server):
    server.add_person("ivy")
    here, elsewhere = server.signed_in("ivy"), server.signed_in("ivy")
    wrong = post(server, here, "password", current="not it at all", password=NEW_PASSWORD, again=NEW_PASSWORD)
    assert wrong.status_code == 422 and "not right" in wrong.text
    before = here.cookies.get("aura_session")
    changed = post(server, here, "password", current=PASSWORD, password=NEW_PASSWORD, again=NEW_PASSWORD)
    assert changed.status_code == 303 and changed.headers["Location"] == "/account/?changed=password"
    assert here.cookies.get("aura_session") not in (None, before)
    assert "Your password was changed" in here.get(server.url + changed.headers["Location"]).text
    assert here.get(server.url + "/api/state").status_code == 200
    # The token seen before the change opens nothing after it, here or anywhere.
    assert requests.get(server.url + "/api/state", cookies={"aura_session": before}).status_code == 401
    assert elsewhere.get(server.url + "/api/state").status_code == 401
    assert post(server, here, "sign-out-everywhere").status_code == 303
    assert here.get(server.url + "/api/state").status_code == 401


def test_the_current_password_check_is_throttled_per_person(server):
    server.add_person("kai")
    browser = server.signed_in("kai")
    for _ in range(5):
        assert "not right" in post(server, browser, "password", current="guess", password=NEW_PASSWORD,
                                   again=NEW_PASSWORD).text
    slowed = post(server, browser, "password", current=PASSWORD, password=NEW_PASSWORD, again=NEW_PASSWORD)
    assert slowed.status_code == 422 and "Too many wrong passwords" in slowed.text
    assert browser.get(server.url + "/api/state").status_code == 200  # nothing else is locked
    # Another person's check is their own.
    server.add_person("max")
    other = server.signed_in("max")
    assert post(server, other, "password", current=PASSWORD, password=NEW_PASSWORD, again=NEW_PASSWORD).status_code == 303


def test_a_new_calendar_address(server):
    browser = server.signed_in()
    first = re.search(r'/feed/([\w-]{43})\.ics', post(server, browser, "feed").text).group(1)
    second = re.search(r'/feed/([\w-]{43})\.ics', post(server, browser, "feed").text).group(1)
    assert requests.get(server.url + f"/feed/{first}.ics").status_code == 404
    assert requests.get(server.url + f"/feed/{second}.ics").text.startswith("BEGIN:VCALENDAR")


def test_deleting_an_account_takes_its_files(server):
    server.add_person("jo")
    browser = server.signed_in("jo")
    browser.get(server.url + "/dashboard/")
    assert browser.post(server.url + "/api/capture", json={"line": "zzjo's errand"},
                        headers={"Origin": server.url}).status_code == 200
    jo = server.person_id("jo")
    assert b"zzjo's errand" in server.planner_document("inbox.md", jo)
    mistyped = post(server, browser, "delete", confirm="j o", password=PASSWORD)
    assert mistyped.status_code == 422
    # The name alone is not enough: whoever holds the session must know the password too.
    unproven = post(server, browser, "delete", confirm="jo", password="a guess")
    assert unproven.status_code == 422 and "not right" in unproven.text
    assert post(server, browser, "delete", confirm="jo", password=PASSWORD).status_code == 303
    assert browser.get(server.url + "/api/state").status_code == 401
    assert not server.planner_exists(jo)
    owner = server.signed_in()
    assert post(server, owner, "delete", confirm="sam", password=PASSWORD).status_code == 403
    assert server.planner_document("tasks.json") is not None


def test_export_is_a_zip_of_the_persons_own_files(server):
    import io
    import zipfile

    assert requests.get(server.url + "/account/export.zip").status_code == 401
    server.add_person("lee")
    lee = server.signed_in("lee")
    token = re.search(r'name="csrf" value="([^"]+)"', lee.get(server.url + "/planner/").text).group(1)
    assert lee.post(server.url + "/planner/plan", data={"csrf": token, "inbox": "zzleeonly chore 1h"}, allow_redirects=False).status_code == 303
    answer = lee.get(server.url + "/account/export.zip")
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(answer.content))
    assert archive.testzip() is None
    names = archive.namelist()
    assert "planner/tasks.json" in names and "planner/plan.json" in names and not any("lock" in name for name in names)
    assert b"zzleeonly" in archive.read("planner/tasks.json")
    assert archive.read("planner/tasks.json") == server.planner_document("tasks.json", "lee")
    owner = zipfile.ZipFile(io.BytesIO(server.signed_in().get(server.url + "/account/export.zip").content))
    assert owner.read("planner/tasks.json") == server.planner_document("tasks.json")
