"""Two people use the served app at once without JavaScript: each plans their own lines, then
walks every personal page and sends every form on it that changes their day (Done, Snooze,
Undo, Mark not done, a task's Save, Move and Remove, their reflection), as a browser without
scripts would (`requests` and an HTML parser). Every form lands on a page that answers; each
person's changes are in their own planner only; and nothing of one person ever appears on the
other's pages, on a public page or in the other's export."""
import io
import json
import re
import zipfile

import pytest
import requests

from server_support import Forms, Server, morning_somewhere, plan_my_day

PAGES = ["/dashboard/", "/planner/", "/schedule/", "/week/", "/focus/", "/notifications/", "/reflections/", "/account/"]
PUBLIC = ["/", "/culture/", "/design/", "/docs/", "/login/", "/sitemap.xml", "/robots.txt", "/aura.ics"]
# Forms that end the session, change the account or fetch a calendar: tested on their own elsewhere.
LEFT_ALONE = {"Sign out", "Sign out everywhere", "Delete my account", "Change the password", "New calendar address",
              "Subscribe to your days",
              "Upload the calendar", "Fetch the calendar", "Remove the calendar", "Plan My Day", "Add to inbox",
              "Export as Markdown"}
MARKERS = {"sam": "zzsamonly", "kim": "zzkimonly"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("two"), content_edit=morning_somewhere)
    server.add_person("kim")
    yield server
    server.stop()


def changes_for(button, marker):
    """What a person types into a form before sending it."""
    if button == "Move":
        return {"date": "tomorrow"}
    if button == "Save":
        return {"time": "16:00", "morning": f"{marker} morning thoughts"}
    return {}


def walk(server, browser, name, sent):
    """Sends every form of every personal page (and of each task page they link) once."""
    marker, other = MARKERS[name], next(m for n, m in MARKERS.items() if n != name)
    pages = list(PAGES)
    seen = set()
    while pages:
        page = pages.pop(0)
        if page in seen:
            continue
        seen.add(page)
        answer = browser.get(server.url + page)
        assert answer.status_code == 200, (name, page, answer.status_code)
        assert other not in answer.text, (name, page)
        pages += sorted(set(re.findall(r'href="(/tasks/[^"/]+/)"', answer.text)) - seen)
        for button, form in Forms(answer.text).forms.items():
            if button in LEFT_ALONE or form["action"] is None:
                continue
            fields = {**form["fields"], **changes_for(button.split(":")[0], marker)}
            done = browser.post(server.url + form["action"], data=fields, allow_redirects=False)
            assert done.status_code == 303, (name, page, button, done.status_code, done.text[:300])
            landed = browser.get(server.url + done.headers["Location"])
            assert landed.status_code == 200, (name, page, button, done.headers["Location"])
            assert other not in landed.text, (name, page, button)
            sent.append((page, button))
            undo = Forms(landed.text).forms.get("Undo")
            if undo and button == "Remove":
                undone = browser.post(server.url + undo["action"], data=undo["fields"], allow_redirects=False)
                assert undone.status_code == 303, (name, page, button, "Undo", undone.text[:300])
                assert browser.get(server.url + undone.headers["Location"]).status_code == 200
                sent.append((page, "Undo"))


def test_two_people_walk_every_form_and_never_see_each_other(server):
    browsers = {name: server.signed_in(name) for name in MARKERS}
    for name, browser in browsers.items():
        plan_my_day(server, browser, f"{MARKERS[name]} call the bank 20m\n{MARKERS[name]} write the notes 45m\n"
                                     f"{MARKERS[name]} file receipts 15m")
    sent = {name: [] for name in MARKERS}
    for name, browser in browsers.items():
        walk(server, browser, name, sent[name])
    for name in MARKERS:
        buttons = {button.split(":")[0] for _, button in sent[name]}
        assert {"Done", "Snooze 15 min", "Undo", "Save", "Move", "Remove", "Mark not done"} <= buttons, (name, buttons)

    # Each person's own changes are in their own planner and export only.
    for name, browser in browsers.items():
        other = next(m for n, m in MARKERS.items() if n != name)
        assert other not in server.planner_document("tasks.json", name).decode()
        assert MARKERS[name] in server.planner_document("tasks.json", name).decode()
        archive = zipfile.ZipFile(io.BytesIO(browser.get(server.url + "/account/export.zip").content))
        everything = b"".join(archive.read(entry) for entry in archive.namelist()).decode()
        assert MARKERS[name] in everything and other not in everything
        assert MARKERS[name] in json.loads(archive.read("reflections.json"))["reflections"][0]["morning"]
    for path in PUBLIC:
        answer = requests.get(server.url + path)
        assert answer.status_code in (200, 401, 404), path
        assert all(marker not in answer.text for marker in MARKERS.values()), path
