"""A person on the web adds their calendar on /account/: an .ics file uploaded, or its address,
fetched with libcurl now and again on a schedule. The days are planned around its events. Only
hosts on the site's list are fetched, only public addresses (unless the owner named the host),
nothing too large, no redirect; a file libical cannot read is refused with its line, and nothing
changes. One person's calendar is never another's."""
import http.server
import re
import threading

import pytest

from server_support import Forms, Server, morning_somewhere, wait_for


def calendar(title, day, start="14:00", end="15:00"):
    stamp = day.replace("-", "")
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Aura tests//EN\r\nBEGIN:VEVENT\r\nUID:zz-1@aura.test\r\n"
            f"DTSTAMP:20260101T000000Z\r\nDTSTART:{stamp}T{start.replace(':', '')}00\r\n"
            f"DTEND:{stamp}T{end.replace(':', '')}00\r\nSUMMARY:{title}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")


class CalendarHost:
    """An http server on loopback answering each path with what `files` holds for it now."""

    def __init__(self):
        self.files = {}
        files = self.files

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                status, body, headers = files.get(self.path, (404, b"no such calendar", {}))
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def with_calendar_hosts(content):
    morning_somewhere(content)
    site = content / "site.yml"
    site.write_text(site.read_text() + '\naccounts:\n  calendar_hosts: ["*.0.0.2", "calendar.google.com"]\n'
                    '  calendar_local_hosts: ["127.0.0.1"]\n  calendar_refresh: 1\n')


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("calendars"), content_edit=with_calendar_hosts)
    server.add_person("kim")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def host():
    host = CalendarHost()
    yield host
    host.server.shutdown()


def plan_today(server, browser):
    token = server.form_token(browser)
    assert browser.post(server.url + "/planner/plan", data={"csrf": token, "inbox": "zztidy the desk 30m"},
                        allow_redirects=False).status_code == 303


def busy(server, person):
    day = server.planner_json("plan.json", person)["days"][0]
    return [entry["title"] for entry in day["busy"]]


def today(server, person):
    return server.planner_json("plan.json", person)["days"][0]["date"]


def account_form(server, browser, button):
    return Forms(browser.get(server.url + "/account/").text).forms[button]


def upload(server, browser, text):
    form = account_form(server, browser, "Upload the calendar")
    return browser.post(server.url + form["action"], data={"csrf": form["fields"]["csrf"]},
                        files={"calendar": ("work.ics", text.encode(), "text/calendar")})


def give_address(server, browser, address):
    form = account_form(server, browser, "Fetch the calendar")
    return browser.post(server.url + form["action"], data={"csrf": form["fields"]["csrf"], "address": address})


def message(page):
    found = re.search(r'class="sign-in__message" role="alert">([^<]*)<', page)
    return found.group(1) if found else ""


def test_an_uploaded_calendar_is_planned_around_and_is_only_its_owners(server):
    sam, kim = server.signed_in(), server.signed_in("kim")
    plan_today(server, sam)
    plan_today(server, kim)
    day = today(server, "sam")
    answer = upload(server, sam, calendar("zzdentist", day))
    assert answer.status_code == 200 and "Your calendar is in (1 event)" in answer.text, message(answer.text)
    assert "zzdentist" in busy(server, "sam")
    assert "planned around the calendar you uploaded" in sam.get(server.url + "/account/").text
    assert server.planner_document("calendar.ics", "kim") is None and "zzdentist" not in busy(server, "kim")
    assert "zzdentist" not in kim.get(server.url + "/schedule/").text
    assert "zzdentist" in sam.get(server.url + "/schedule/").text

    # A file libical cannot read is refused with its line and column; the calendar stays.
    broken = upload(server, sam, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART:nonsense\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    assert broken.status_code == 422 and re.search(r"Nothing was kept: calendar\.ics:\d+:\d+: ", message(broken.text)), message(broken.text)
    assert "zzdentist" in busy(server, "sam")

    # Removed: planned without it.
    form = account_form(server, sam, "Remove the calendar")
    assert sam.post(server.url + form["action"], data=form["fields"]).status_code == 200
    assert server.planner_document("calendar.ics") is None and "zzdentist" not in busy(server, "sam")


def many_events(count, rule, start="DTSTART;TZID=Europe/Paris:20260101T090000"):
    events = "".join(f"BEGIN:VEVENT\r\nUID:zz-{n}@aura.test\r\nDTSTAMP:20260101T000000Z\r\n{start}\r\n"
                     f"DURATION:PT5M\r\nRRULE:{rule}\r\nSUMMARY:zzping {n}\r\nEND:VEVENT\r\n" for n in range(count))
    return f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Aura tests//EN\r\n{events}END:VCALENDAR\r\n"


def test_a_calendar_that_would_cost_every_plan_seconds_is_refused_where_it_does(server):
    """Before: 100 zoned hourly events counted to 9,999 were kept (18 s to upload, and every
    later plan as long); more events than a person keeps were kept too."""
    server.add_person("lou")
    lou = server.signed_in("lou")
    plan_today(server, lou)
    walked = upload(server, lou, many_events(100, "FREQ=HOURLY;COUNT=9999"))
    assert walked.status_code == 422 and "calendar.ics:49:1: the counted repeats (COUNT)" in message(walked.text), message(walked.text)
    crowded = upload(server, lou, many_events(5001, "FREQ=YEARLY"))
    assert crowded.status_code == 422 and "a calendar may hold at most 5000 events" in message(crowded.text)
    assert server.planner_document("calendar.ics", "lou") is None
    # The same hundred in UTC are counted a week at a time, not walked: kept, and planned around.
    counted = upload(server, lou, many_events(100, "FREQ=HOURLY;COUNT=9999", start="DTSTART:20260101T000000Z"))
    assert counted.status_code == 200 and "Your calendar is in (100 events)" in counted.text, message(counted.text)
    assert "zzping 0" in busy(server, "lou")


def test_an_address_is_fetched_now_and_again_on_the_schedule(server, host):
    kim = server.signed_in("kim")
    plan_today(server, kim)  # whether or not an earlier test planned Kim's day
    day = today(server, "kim")
    host.files["/kim.ics"] = (200, calendar("zzstandup", day).encode(), {"Content-Type": "text/calendar"})
    answer = give_address(server, kim, host.url + "/kim.ics")
    assert answer.status_code == 200 and "Your calendar was fetched (1 event)" in answer.text, message(answer.text)
    assert "zzstandup" in busy(server, "kim")
    assert host.url + "/kim.ics" in kim.get(server.url + "/account/").text

    # The calendar changes at its source; the next scheduled fetch (each minute here) brings it.
    host.files["/kim.ics"] = (200, calendar("zzretro", day).encode(), {})
    wait_for(lambda: "zzretro" in busy(server, "kim"), "the scheduled fetch", timeout=150)
    assert "zzstandup" not in busy(server, "kim")

    # The source breaks: the calendar fetched before stays, and the account page says why.
    host.files["/kim.ics"] = (500, b"oops", {})
    wait_for(lambda: "answered 500" in kim.get(server.url + "/account/").text, "the failed fetch noted", timeout=150)
    assert "zzretro" in busy(server, "kim")


@pytest.mark.parametrize("address, why", [
    ("https://10.1.2.3/cal.ics", "is not one of them"),
    ("https://calendar.google.com.evil.example/cal.ics", "is not one of them"),
    ("http://calendar.google.com/cal.ics", "Only https"),
    ("https://127.0.0.2/cal.ics", "not a public address"),
    ("file:///etc/passwd", "is not an address"),
    ("ftp://calendar.google.com/cal.ics", "Only https"),
    ("not an address", "is not an address"),
])
def test_addresses_outside_the_list_or_the_public_internet_are_never_fetched(server, address, why):
    sam = server.signed_in()
    answer = give_address(server, sam, address)
    assert answer.status_code == 422 and why in message(answer.text), message(answer.text)
    assert address not in sam.get(server.url + "/account/").text


@pytest.mark.parametrize("path, served, why", [
    ("/big.ics", (200, b"BEGIN:VCALENDAR\r\n" + b"X" * (3 * 1024 * 1024), {}), "larger than 2 MB"),
    ("/moved.ics", (302, b"", {"Location": "http://169.254.169.254/latest/meta-data/"}), "redirect (302)"),
    ("/missing.ics", (404, b"", {}), "answered 404"),
    ("/text.ics", (200, b"hello", {}), "text.ics:1:1: not an iCalendar file"),
])
def test_a_bad_answer_keeps_nothing(server, host, path, served, why):
    sam = server.signed_in()
    host.files[path] = served
    answer = give_address(server, sam, host.url + path)
    assert answer.status_code == 422 and why in message(answer.text), message(answer.text)
    assert server.planner_document("calendar.ics") is None
