"""A private build publishes nothing of the plan in the clear, and its sealed files open, with
the passphrase alone, to exactly what the plain build publishes."""
import html
import json
import re

import pytest
from cryptography.exceptions import InvalidTag

from aura_test_paths import REPO
from private_support import PASSPHRASE, build, derive, files, open_sealed


def secrets():
    """Every task title, inbox line, event, block time and reflection sentence of the plan."""
    planner = REPO / "Content" / "planner"
    tasks = json.loads((planner / "tasks.json").read_text())["tasks"]
    plan = json.loads((planner / "plan.json").read_text())
    found = {task["title"] for task in tasks}
    inbox = (planner / "inbox.md").read_text()
    inbox = re.sub(r"<!--.*?-->", "", inbox, flags=re.S)
    found |= {line.strip() for line in inbox.splitlines() if line.strip() and not line.startswith("#")}
    found |= {event["title"] for event in plan["events"] if "title" in event}
    for day in plan["days"]:
        for block in day["blocks"]:
            found |= {day["date"] + "T%02d:%02d" % divmod(block["span"]["start"], 60)}
    return found


def reflection_sentences(plain):
    text = (plain / "reflections" / "index.html").read_text()
    main = text[text.index("<main"):text.index("</main>")]
    paragraphs = [re.sub(r"<[^>]+>", "", p).strip() for p in re.findall(r"<p[^>]*>(.*?)</p>", main, flags=re.S)]
    return {html.unescape(p) for p in paragraphs if len(p) > 40}


def test_no_file_of_a_private_build_holds_anything_of_the_plan(builds):
    plain, sealed = builds["plain"], builds["sealed"]
    needles = secrets() | reflection_sentences(plain)
    assert len(needles) > 20
    # Each needle is in the plain build, so its absence from the private one means something.
    plain_text = b"".join((plain / path).read_bytes() for path in files(plain))
    forms = lambda needle: {needle, html.escape(needle), html.escape(needle, quote=False), json.dumps(needle)[1:-1]}
    present = {n for n in needles if any(form.encode() in plain_text for form in forms(n))}
    assert len(present) > 0.8 * len(needles), needles - present
    # The templates' own examples (the capture hint's "call Sam friday at 3pm") are not the plan.
    templates = b"".join(p.read_bytes() for p in (REPO / "Templates").rglob("*") if p.is_file())
    needles = {n for n in needles if n.encode() not in templates}
    # The documentation section quotes the default content in its examples ("run 5k"): in its own
    # pages those words are the docs', not the plan's; anywhere else they would still be a leak.
    docs = b"".join(p.read_bytes() for p in (REPO / "docs").rglob("*.md"))
    leaks = []
    # The calendar feed stays readable, for calendar apps, at its secret address (docs/guide/private-pages.md).
    for path in [p for p in files(sealed) if p != calendar_path(sealed)]:
        data = (sealed / path).read_bytes()
        quoted = docs if path.startswith("docs/") else b""
        leaks += [(path, n) for n in needles if n.encode() not in quoted for form in forms(n) if form.encode() in data]
    assert leaks == [], "\n".join(map(repr, sorted(set(leaks))))


def sealed_files(site):
    return [path[:-len(".enc")] for path in files(site) if path.endswith(".enc")]


def comparable(path, data, calendar):
    """The notifications page names the calendar's secret address where the plain one says /aura.ics."""
    return data.replace(calendar.encode(), b"aura.ics") if path.startswith("notifications/") else data


def calendar_path(site):
    return next(p for p in files(site) if p.startswith("calendar/"))


def test_every_personal_file_is_sealed_and_opens_to_the_plain_builds_bytes(builds):
    plain, sealed = builds["plain"], builds["sealed"]
    personal = [p for p in files(plain) if re.match(r"(dashboard|planner|schedule|week|focus|notifications|reflections)/|notifications\.json$", p)]
    assert sorted(personal) == sorted(sealed_files(sealed))
    key = derive(sealed, PASSPHRASE)
    calendar = calendar_path(sealed)
    for path in personal:
        opened = open_sealed((sealed / (path + ".enc")).read_bytes(), path, key)
        assert comparable(path, opened, calendar) == (plain / path).read_bytes(), path
    assert not (sealed / "aura.ics").exists()
    assert (sealed / calendar).read_bytes() == (plain / "aura.ics").read_bytes()


def test_a_tampered_byte_a_swapped_file_or_a_wrong_passphrase_fails(builds):
    sealed = builds["sealed"]
    key = derive(sealed, PASSPHRASE)
    data = (sealed / "dashboard/index.html.enc").read_bytes()
    for index in (1, 13, len(data) // 2, len(data) - 1):
        tampered = bytearray(data)
        tampered[index] ^= 0x01
        with pytest.raises(InvalidTag):
            open_sealed(bytes(tampered), "dashboard/index.html", key)
    with pytest.raises(InvalidTag):
        open_sealed(data, "week/index.html", key)
    with pytest.raises(InvalidTag):
        open_sealed(data, "dashboard/index.html", derive(sealed, "correct horse battery stapler"))


def test_the_header_is_public_and_names_the_parameters(builds):
    header = json.loads((builds["sealed"] / "private.json").read_text())
    assert header["version"] == 1 and header["kdf"] == "PBKDF2-HMAC-SHA256" and header["iterations"] >= 600_000
    assert open_sealed(__import__("private_support").unpadded(header["check"]), "private.json", derive(builds["sealed"], PASSPHRASE)) == b"aura"


def test_a_build_says_whether_personal_pages_are_public(builds):
    assert builds["plain_log"].count("personal pages are public") == 1
    assert "personal pages are public" not in builds["sealed_log"]
    assert "protected by its address alone" in builds["sealed_log"]


def test_a_missing_passphrase_stops_the_build_and_writes_nothing(builds, tmp_path):
    result = build(builds["content"], tmp_path / "out")
    assert result.returncode != 0
    assert "AURA_PASSPHRASE is not set" in result.stderr
    assert not (tmp_path / "out").exists()
