"""Joining and recovering over loopback: /signup/ as site.yml's accounts.signup allows (closed,
invite, open), with the terms from Content/terms.md, the password rules (12 characters, not a
common one) and throttling; /forgot/ and a reset link that works once and ends every other
session; a calendar feed address that rotate-feed replaces."""
import re

import requests

from server_support import PASSWORD

NEW_PASSWORD = "a quiet lantern by the sea"


def user(server, *arguments):
    done = server.user_command(*arguments, "--public-url", server.url + "/")
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def set_signup(server, mode):
    site = server.content / "site.yml"
    text = re.sub(r"\naccounts:.*", "", site.read_text(), flags=re.S)
    site.write_text(text.rstrip("\n") + f"\naccounts:\n  signup: {mode}\n")


def sign_up(server, name, invite="", terms=True, password=PASSWORD, again=None):
    browser = requests.Session()
    browser.get(server.url + "/signup/" + (f"?invite={invite}" if invite else ""))
    token = browser.cookies["aura_sign_in"]  # the form's token (a closed sign-up shows no form)
    form = {"csrf": token, "invite": invite, "fullName": name.title(), "name": name, "password": password,
            "again": password if again is None else again}
    if terms:
        form["terms"] = "accepted"
    return browser, browser.post(server.url + "/signup/", data=form, allow_redirects=False)


def test_the_terms_are_rendered_from_content(server):
    page = requests.get(server.url + "/terms/")
    assert page.status_code == 200 and "<h1>Terms of use</h1>" in page.text
    assert 'href="/terms/"' in requests.get(server.url + "/signup/").text
    login = requests.get(server.url + "/login/").text
    assert 'href="/forgot/"' in login and 'href="/signup/"' in login


def test_sign_up_closed_refuses_everyone(server):
    set_signup(server, "closed")
    assert requests.get(server.url + "/signup/").status_code == 403
    _, answer = sign_up(server, "dee", invite=user(server, "invite").split("invite=")[1])
    assert answer.status_code == 403 and "aura_session" not in answer.cookies


def test_an_invitation_works_once(server):
    set_signup(server, "invite")
    _, without = sign_up(server, "eve")
    assert without.status_code == 403
    invite = user(server, "invite").split("invite=")[1]
    _, no_terms = sign_up(server, "eve", invite=invite, terms=False)
    assert no_terms.status_code == 422 and "accept the terms" in no_terms.text
    _, common = sign_up(server, "eve", invite=invite, password="password1234")
    assert common.status_code == 422 and "most common" in common.text
    _, differ = sign_up(server, "eve", invite=invite, again=PASSWORD + "x")
    assert differ.status_code == 422
    # A name someone has leaves the invitation open for another try.
    _, taken = sign_up(server, "sam", invite=invite)
    assert taken.status_code == 422 and "taken" in taken.text
    # The page sent back says in its title that something needs mending.
    assert "<title>Error: Sign up · " in differ.text and "The two passwords differ" in differ.text
    browser, joined = sign_up(server, "eve", invite=invite)
    assert joined.status_code == 303 and joined.headers["Location"] == "/planner/"
    assert browser.get(server.url + "/planner/").status_code == 200
    assert "eve" in user(server, "list").splitlines()
    _, again = sign_up(server, "fay", invite=invite)
    assert again.status_code == 403 and "used or has expired" in again.text


def test_an_expired_invitation_is_refused(server):
    invite = user(server, "invite").split("invite=")[1]
    server.accounts_change("UPDATE invitations SET expires = 0 WHERE used IS NULL")
    assert "used or has expired" in requests.get(server.url + f"/signup/?invite={invite}").text
    _, answer = sign_up(server, "gus", invite=invite)
    assert answer.status_code == 403


def test_open_sign_up_needs_no_invitation_and_does_not_tell_a_taken_name(server):
    set_signup(server, "open")
    _, answer = sign_up(server, "hal")
    _, taken = sign_up(server, "HAL", password=NEW_PASSWORD)
    _, owner = sign_up(server, "sam", password=NEW_PASSWORD)
    for made in (answer, taken, owner):
        assert made.status_code == 303 and made.headers["Location"] == "/login/?joined=1" and made.text == answer.text
        assert "aura_session" not in made.headers.get("Set-Cookie", "")
    browser = requests.Session()
    welcome = browser.get(server.url + "/login/?joined=1")
    assert "Sign in with your new user name" in welcome.text
    assert server.sign_in(browser, "hal").status_code == 303  # hal's own password
    for name in ("hal", "sam"):  # the second sign-ups changed nothing
        form = requests.Session()
        form.get(server.url + "/login/")
        refused = form.post(server.url + "/login/", data={"csrf": form.cookies["aura_sign_in"], "name": name,
                                                          "password": NEW_PASSWORD}, allow_redirects=False)
        assert refused.status_code != 303


def test_forgot_gives_one_answer_and_says_to_ask_the_owner(server):
    browser = requests.Session()
    page = browser.get(server.url + "/forgot/")
    assert "ask its owner" in page.text and "<form" not in page.text.split("<main")[1]
    token = browser.cookies["aura_sign_in"]
    known = browser.post(server.url + "/forgot/", data={"csrf": token, "name": "sam"})
    unknown = browser.post(server.url + "/forgot/", data={"csrf": token, "name": "nobody-at-all"})
    assert known.status_code == unknown.status_code == 200 and known.text == unknown.text


def test_a_reset_link_works_once_and_ends_other_sessions(server):
    old = server.signed_in()
    link = user(server, "reset", "sam")
    browser = requests.Session()
    page = browser.get(link)
    assert page.status_code == 200 and "For sam" in page.text and page.headers["Referrer-Policy"] == "same-origin"  # the secret never leaves the site
    token = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)
    secret = link.split("token=")[1]
    weak = browser.post(server.url + "/reset/", data={"csrf": token, "token": secret, "password": "short", "again": "short"})
    assert weak.status_code == 422
    done = browser.post(server.url + "/reset/", data={"csrf": token, "token": secret, "password": NEW_PASSWORD, "again": NEW_PASSWORD},
                        allow_redirects=False)
    assert done.status_code == 303 and done.headers["Location"] == "/login/"
    assert old.get(server.url + "/api/state").status_code == 401  # the old session ended
    twice = browser.post(server.url + "/reset/", data={"csrf": token, "token": secret, "password": PASSWORD, "again": PASSWORD})
    assert twice.status_code == 410
    assert browser.get(link).status_code == 410
    # sam signs in with the new password; put the suite's password back for the rest.
    user_reset = user(server, "reset", "sam").split("token=")[1]
    browser.post(server.url + "/reset/", data={"csrf": token, "token": user_reset, "password": PASSWORD, "again": PASSWORD})
    assert server.signed_in().get(server.url + "/api/state").status_code == 200


def test_an_expired_reset_link_is_refused(server):
    link = user(server, "reset", "sam")
    server.accounts_change("UPDATE reset_tokens SET expires = 0")
    assert requests.get(link).status_code == 410


def test_the_calendar_feed_address_rotates(server):
    first = user(server, "rotate-feed", "sam")
    calendar = requests.get(first)
    assert calendar.status_code == 200 and calendar.text.startswith("BEGIN:VCALENDAR")
    second = user(server, "rotate-feed", "sam")
    assert requests.get(first).status_code == 404 and requests.get(second).status_code == 200
    assert requests.get(server.url + "/feed/" + "x" * 43 + ".ics").status_code == 404


def test_sign_up_is_throttled_per_address(server):
    set_signup(server, "open")
    # Every attempt from one address counts (this module's earlier ones too): at most 10 in 15 minutes.
    answers = [sign_up(server, f"spam{n}", password="short")[1] for n in range(12)]
    codes = [answer.status_code for answer in answers]
    assert codes[0] == 422 and codes[-1] == 429 and codes == sorted(codes)
    assert int(answers[-1].headers["Retry-After"]) > 0
