"""A person's own reflections are kept on the server, per person: the form saves them without
scripts, the scripts' JSON action keeps the later of two changes and carries out a replay once,
and nobody else's page, no public page and nobody else's export ever holds them."""
import datetime
import io
import json
import re
import zipfile

import pytest
import requests

from server_support import Forms, Server, morning_somewhere

SAM_MORNING = "Slept well; the <b>brief</b> first & then a walk."
SAM_EVENING = "Kept the deep block whole.\nLess email tomorrow."


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("reflections"), content_edit=morning_somewhere)
    server.add_person("kim")
    yield server
    server.stop()


def journal_form(server, browser):
    return Forms(browser.get(server.url + "/reflections/").text).forms["Save"]


def reflect(server, browser, **fields):
    """The JSON action the page's script sends."""
    return browser.post(server.url + "/api/reflection", json=fields, headers={"Origin": server.url})


def exported(server, browser):
    archive = zipfile.ZipFile(io.BytesIO(browser.get(server.url + "/account/export.zip").content))
    return json.loads(archive.read("reflections.json"))["reflections"]


def test_the_form_saves_both_answers_without_scripts_and_shows_them_again(server):
    sam = server.signed_in()
    form = journal_form(server, sam)
    assert form["fields"]["morning"] == "" and form["fields"]["evening"] == ""
    day = form["fields"]["date"]
    answer = sam.post(server.url + form["action"],
                      data={**form["fields"], "morning": SAM_MORNING, "evening": SAM_EVENING.replace("\n", "\r\n")},
                      allow_redirects=False)
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/reflections/?saved=1")
    page = sam.get(server.url + answer.headers["Location"]).text
    assert "Saved to your account." in page
    again = Forms(page).forms["Save"]["fields"]
    assert again["morning"] == SAM_MORNING and again["evening"] == SAM_EVENING
    assert "<b>brief</b>" not in page and "&lt;b&gt;brief&lt;/b&gt;" in page
    assert exported(server, sam) == [{"date": day, "morning": SAM_MORNING, "evening": SAM_EVENING}]


def test_nobody_else_sees_them(server):
    sam, kim = server.signed_in(), server.signed_in("kim")
    day = journal_form(server, sam)["fields"]["date"]
    assert reflect(server, sam, date=day, part="morning", text="zzsamsown morning").json()["applied"]
    kims = kim.get(server.url + "/reflections/").text
    assert "zzsamsown" not in kims and Forms(kims).forms["Save"]["fields"]["morning"] == ""
    assert exported(server, kim) == []
    for path in ("/", "/culture/", "/reflections/", "/dashboard/"):
        assert "zzsamsown" not in requests.get(server.url + path).text, path
    assert reflect(server, kim, date=day, part="morning", text="zzkimsown").json()["applied"]
    assert "zzkimsown" not in sam.get(server.url + "/reflections/").text
    assert "zzsamsown" in sam.get(server.url + "/reflections/").text


def test_the_later_change_wins_and_a_replay_is_carried_out_once(server):
    sam = server.signed_in()
    # A day of its own: the other tests' changes are not in the way of these times.
    day = (datetime.date.fromisoformat(journal_form(server, sam)["fields"]["date"]) - datetime.timedelta(days=1)).isoformat()
    now = int(datetime.datetime.now().timestamp() * 1000)
    assert reflect(server, sam, date=day, part="evening", text="zzwritten later", at=now - 1000,
                   actionId="later-1").json()["applied"] is True
    # Written earlier offline, arriving now: acknowledged, not applied.
    late = reflect(server, sam, date=day, part="evening", text="zzwritten earlier", at=now - 60_000, actionId="earlier-1")
    assert late.status_code == 200 and late.json()["applied"] is False
    assert evening_of(server, sam, day) == "zzwritten later"
    # The same action sent again (a queue replayed twice) answers as before and changes nothing.
    assert reflect(server, sam, date=day, part="evening", text="zzwritten later, edited", at=now,
                   actionId="later-2").json()["applied"]
    replay = reflect(server, sam, date=day, part="evening", text="zzwritten later", at=now - 1000, actionId="later-1")
    assert replay.json()["replayed"] is True
    assert evening_of(server, sam, day) == "zzwritten later, edited"


def evening_of(server, browser, day):
    return next(kept["evening"] for kept in exported(server, browser) if kept["date"] == day)


def test_earlier_days_are_listed_below(server):
    sam = server.signed_in()
    day = datetime.date.fromisoformat(journal_form(server, sam)["fields"]["date"])
    before = (day - datetime.timedelta(days=3)).isoformat()
    assert reflect(server, sam, date=before, part="evening", text="zzthree days ago").json()["applied"]
    page = sam.get(server.url + "/reflections/").text
    assert "Earlier days" in page and "zzthree days ago" in page
    assert f'data-journal-entry data-date="{before}"' in page
    assert Forms(page).forms["Save"]["fields"]["evening"] != "zzthree days ago"


@pytest.mark.parametrize("fields, status", [
    ({"date": "2026-02-30", "part": "morning", "text": "x"}, 422),
    ({"date": "today", "part": "morning", "text": "x"}, 422),
    ({"date": "2026-12-01", "part": "night", "text": "x"}, 422),
    ({"date": "2026-12-01"}, 422),
    ({"date": "2026-12-01", "part": "morning", "text": "x" * 20_001}, 413),
])
def test_a_bad_reflection_is_refused_and_nothing_is_kept(server, fields, status):
    sam = server.signed_in()
    before = exported(server, sam)
    answer = reflect(server, sam, **fields)
    assert answer.status_code == status and answer.json()["error"], answer.text
    assert exported(server, sam) == before


def test_scripts_must_be_signed_in_and_same_origin(server):
    assert reflect(server, requests.Session(), date="2026-12-01", part="morning", text="x").status_code == 401
    sam = server.signed_in()
    foreign = sam.post(server.url + "/api/reflection", json={"date": "2026-12-01", "part": "morning", "text": "zzforeign"},
                       headers={"Origin": "https://elsewhere.example"})
    assert foreign.status_code == 403
    assert all("zzforeign" not in json.dumps(day) for day in exported(server, sam))


def test_tonights_picks_on_the_reflections_page_are_the_persons_own(server):
    for name in ("sam", "kim"):
        browser = server.signed_in(name)
        picks = {page: re.findall(r'class="pick__link" href="([^"]+)"', browser.get(server.url + page).text)
                 for page in ("/reflections/", "/dashboard/")}
        assert picks["/reflections/"] and picks["/reflections/"] == picks["/dashboard/"], (name, picks)
    assert "pick__why" not in requests.get(server.url + "/culture/").text
