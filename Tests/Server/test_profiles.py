"""Profiles on one device: one browser (one cookie jar) signed in as sam and bo at once. Each
page shows only the active person's tasks; the header's switcher and a script's POST switch
among the held sessions only, a `?profile=` link never; signing one out keeps the other; a browser holds at most five."""
import re

import pytest

SAM_WORDS = ["Middlemarch", "grant proposal"]
BO_WORDS = ["zzbosecret", "zzboprivate"]


@pytest.fixture(scope="module")
def browser(server):
    for name in ["bo", "cy", "di", "ed", "fa", "gu"]:
        server.add_person(name)
    jar = server.signed_in("sam")
    answer = server.sign_in(jar, "bo")
    assert answer.status_code == 303, answer.text
    token = server.form_token(jar)
    planned = jar.post(server.url + "/planner/plan", data={"csrf": token, "inbox": "zzbosecret draft 1h\nzzboprivate call 30m"},
                       allow_redirects=False)
    assert planned.status_code == 303, planned.text
    return jar


def active(server, browser):
    return re.search(r'data-aura-profile="([^"]+)"', browser.get(server.url + "/dashboard/").text).group(1)


def switch(server, browser, name, csrf=None):
    return browser.post(server.url + "/profiles/switch", data={"csrf": csrf or server.form_token(browser), "profile": name},
                        headers={"Origin": server.url}, allow_redirects=False)


def shows_only(page, mine, theirs):
    return all(word in page for word in mine) and not any(word in page for word in theirs)


def test_the_last_sign_in_is_active_and_the_other_is_offered(server, browser):
    page = browser.get(server.url + "/schedule/").text
    assert 'data-aura-profile="bo"' in page
    assert shows_only(page, BO_WORDS, SAM_WORDS)
    assert re.search(r'name="profile" value="sam"', page) and "Add another person" in page


def test_switching_shows_only_the_active_persons_tasks(server, browser):
    assert switch(server, browser, "sam").status_code == 303
    for path in ["/schedule/", "/planner/", "/week/"]:
        assert shows_only(browser.get(server.url + path).text, SAM_WORDS, BO_WORDS), path
    assert switch(server, browser, "bo").status_code == 303
    assert shows_only(browser.get(server.url + "/schedule/").text, BO_WORDS, SAM_WORDS)


def test_a_switch_needs_the_form_token_and_a_held_profile(server, browser):
    assert switch(server, browser, "sam", csrf="forged").status_code == 403
    assert switch(server, browser, "cy").status_code == 404
    assert active(server, browser) == "bo"


def test_a_link_never_switches_a_script_switches_by_post_first(server, browser):
    """Anyone can send a link: `?profile=` opens the clean address for the active person, and
    the dashboard for any other, as is. A reminder's click (the service worker) and a deep link
    (the page's script) switch with `POST /api/profile` first, which needs a same-origin Origin."""
    answer = browser.get(server.url + "/schedule/?profile=sam", allow_redirects=False)
    assert answer.status_code == 303 and answer.headers["Location"] == "/dashboard/"
    assert "aura_session" not in answer.headers.get("Set-Cookie", "")
    assert active(server, browser) == "bo"
    assert browser.get(server.url + "/schedule/?profile=bo").url == server.url + "/schedule/"

    def post(body, origin=server.url):
        headers = {"Origin": origin} if origin else {}
        return browser.post(server.url + "/api/profile", json=body, headers=headers, allow_redirects=False)

    assert post({"profile": "sam"}, origin=None).status_code == 403
    assert post({"profile": "sam"}, origin="https://evil.example").status_code == 403
    assert post({"profile": "cy"}).status_code == 404
    assert post({"name": "sam"}).status_code == 400
    assert active(server, browser) == "bo"
    switched = post({"profile": "sam"})
    assert switched.status_code == 204 and "aura_session=" in switched.headers["Set-Cookie"]
    assert shows_only(browser.get(server.url + "/schedule/").text, SAM_WORDS, BO_WORDS)
    assert browser.get(server.url + "/schedule/?profile=sam").url == server.url + "/schedule/"
    assert post({"profile": "bo"}).status_code == 204
    assert active(server, browser) == "bo"


@pytest.mark.parametrize("name", ["cy", "nobody"])
def test_a_link_with_a_profile_not_held_opens_the_dashboard_without_switching(server, browser, name):
    answer = browser.get(server.url + f"/schedule/?profile={name}", allow_redirects=False)
    assert answer.status_code == 303 and answer.headers["Location"] == "/dashboard/"
    assert "aura_session" not in answer.headers.get("Set-Cookie", "")
    assert active(server, browser) == "bo"


def test_a_stranger_cannot_switch_into_a_session_it_does_not_hold(server):
    stranger = server.signed_in("cy")
    assert stranger.get(server.url + "/dashboard/?profile=sam").url == server.url + "/dashboard/"
    assert active(server, stranger) == "cy"
    assert switch(server, stranger, "sam").status_code == 404


def test_signing_one_out_keeps_the_other(server):
    jar = server.signed_in("sam")
    assert server.sign_in(jar, "bo").status_code == 303
    out = jar.post(server.url + "/logout/", data={"csrf": server.form_token(jar)}, headers={"Origin": server.url}, allow_redirects=False)
    assert out.status_code == 303
    page = jar.get(server.url + "/schedule/").text
    assert 'data-aura-profile="sam"' in page and 'value="bo"' not in page
    assert shows_only(page, SAM_WORDS, BO_WORDS)
    assert browser_is_signed_out(server, jar) is False


def browser_is_signed_out(server, jar):
    return "/login/" in jar.get(server.url + "/dashboard/", allow_redirects=False).headers.get("Location", "")


def test_a_browser_holds_at_most_five_people(server):
    jar = server.signed_in("sam")
    for name in ["bo", "cy", "di", "ed"]:
        assert server.sign_in(jar, name).status_code == 303
    page = jar.get(server.url + "/dashboard/").text
    assert "Add another person" not in page
    refused = server.sign_in(jar, "fa")
    assert refused.status_code == 409 and "Sign one of them out first" in refused.text
    assert active(server, jar) == "ed"
    # Signing in again as someone held is no sixth person: it replaces their session.
    assert server.sign_in(jar, "sam").status_code == 303
    assert active(server, jar) == "sam"
    page = jar.get(server.url + "/dashboard/").text
    assert sorted(re.findall(r'name="profile" value="([^"]+)"', page)) == ["bo", "cy", "di", "ed"]


def test_notification_and_calendar_links_name_their_person(server, browser):
    assert active(server, browser) == "bo"
    for name in ["bo", "sam"]:
        assert browser.post(server.url + "/api/profile", json={"profile": name},
                            headers={"Origin": server.url}).status_code == 204
        notes = browser.get(server.url + "/notifications.json").json()
        urls = [note["url"] for note in notes["notifications"]]
        assert urls and all(f"?profile={name}" in url for url in urls), urls
        calendar = browser.get(server.url + "/aura.ics").text.replace("\r\n ", "")
        links = re.findall(r"^URL[^:]*:(.*)$", calendar, re.M)
        assert links and all(f"?profile={name}" in link for link in links), links
        # The link opens the active person's page at its clean address.
        opened = browser.get(server.url + urls[0], allow_redirects=False)
        assert opened.status_code == 303 and opened.headers["Location"] == urls[0].split("?")[0]
    assert active(server, browser) == "sam"


def test_an_action_naming_a_held_profile_acts_for_that_person_whoever_is_active(server):
    """A reminder's Done from the service worker, or an action queued before a switch, names its
    person (`?profile=`): it lands in that person's store, the active profile stays, and a person
    not signed in on this browser gets nothing done."""
    jar = server.signed_in("sam")
    assert server.sign_in(jar, "bo").status_code == 303
    sams = server.planner_json("plan.json")
    stored = {task["id"]: task for task in server.planner_json("tasks.json")["tasks"]}
    block = next(block for day in sams["days"] for block in day["blocks"]
                 if block["tasks"] and not any(stored[task["id"]]["done"] or stored[task["id"]].get("rrule")
                                               for task in block["tasks"]))

    def done(profile):
        return jar.post(server.url + f"/api/done?profile={profile}", json={"id": "notify-" + block["id"]},
                        headers={"Origin": server.url})

    for stranger in ["cy", "nobody"]:
        assert done(stranger).status_code == 401
    answer = done("sam")
    assert answer.status_code == 200 and answer.json()["done"] is True, answer.text
    stored = {task["id"]: task for task in server.planner_json("tasks.json")["tasks"]}
    assert all(stored[task["id"]]["done"] for task in block["tasks"])
    assert active(server, jar) == "bo"
