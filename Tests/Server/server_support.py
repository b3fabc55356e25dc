"""Each test module gets a server of its own on a free port, with a copy of the default content,
a fresh state folder and one person (sam) who may sign in (Tests/pythonlib/aura_served.py); and
the pages' forms, found and sent as a browser without JavaScript would."""
from html.parser import HTMLParser

from aura_served import PASSWORD, SCHEMA_VERSION, Server, as_schema_version, events, morning_somewhere, sent_until_taken, wait_for  # noqa: F401 (the suite's helpers)


class Forms(HTMLParser):
    """Every form of a page: its action and its fields (hidden and visible, with their values),
    by the text of its submit button."""

    def __init__(self, html):
        super().__init__()
        self.forms, self.current, self.button, self.textarea = {}, None, False, None
        self.feed(html)

    def handle_starttag(self, tag, attributes):
        attributes = dict(attributes)
        if tag == "form":
            self.current = {"action": attributes.get("action"), "fields": {}}
        elif self.current is not None and tag in ("input", "select") and "name" in attributes \
                and "disabled" not in attributes:
            self.current["fields"][attributes["name"]] = attributes.get("value") or ""
        elif self.current is not None and tag == "option" and "selected" in attributes:
            self.current["fields"]["category"] = attributes["value"]
        elif self.current is not None and tag == "textarea" and "name" in attributes:
            self.textarea = attributes["name"]
            self.current["fields"][self.textarea] = ""
        elif self.current is not None and tag == "button":
            self.button = True

    def handle_data(self, data):
        if self.textarea:
            self.current["fields"][self.textarea] += data
        if self.button and data.strip():
            self.forms[data.strip()] = self.current
            self.button = False

    def handle_endtag(self, tag):
        if tag == "textarea":
            self.textarea = None
        if tag == "form":
            self.current = None


def send(server, browser, page, button, **changes):
    """Sends the form of `page` whose button reads `button`, with `changes` to its fields, as a
    browser would; returns the redirect's Location and the page it leads to."""
    form = Forms(browser.get(server.url + page).text).forms[button]
    answer = browser.post(server.url + form["action"], data={**form["fields"], **changes}, allow_redirects=False)
    assert answer.status_code == 303, answer.text
    location = answer.headers["Location"]
    return location, browser.get(server.url + location).text


def plan_my_day(server, browser, inbox):
    """Sends the planner page's Plan My Day form with `inbox`, as a browser without scripts
    would; returns the page it leads to (the schedule)."""
    form = Forms(browser.get(server.url + "/planner/").text).forms["Plan My Day"]
    answer = browser.post(server.url + form["action"], data={**form["fields"], "inbox": inbox})
    assert answer.status_code == 200, answer.text
    return answer
