"""The reset link by e-mail, through a real SMTP server on loopback (aiosmtpd): the message
arrives with the link, the link works once, and header values cannot start headers of their own."""
import email
import email.policy
import pathlib
import re

import pytest
import requests
from aura_mail import LoopbackSMTP

from server_support import PASSWORD, Server, wait_for

ADDRESS = "ann@example.org"


@pytest.fixture(scope="module")
def smtp():
    running = LoopbackSMTP()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def mailing(tmp_path_factory, smtp):
    def add_mail(content):
        site = content / "site.yml"
        text = re.sub(r"^title:.*$", 'title: "Aura\\r\\nBcc: thief@example.org"', site.read_text(), flags=re.M)
        site.write_text(text + smtp.site_lines())

    running = Server(tmp_path_factory.mktemp("mail"), content_edit=add_mail)
    running.add_person(ADDRESS)
    yield running
    running.stop()


def ask_for_a_link(server, name):
    browser = requests.Session()
    page = browser.get(server.url + "/forgot/")
    assert 'name="name"' in page.text  # with mail, the form asks for the name
    return browser.post(server.url + "/forgot/", data={"csrf": browser.cookies["aura_sign_in"], "name": name})


def loaded_libraries(server):
    return pathlib.Path(f"/proc/{server.process.pid}/maps").read_text()


def test_the_reset_link_arrives_by_mail_and_works_once(mailing, smtp):
    inbox = smtp
    # libcurl (and the thirty libraries it brings) is loaded by the first mail, not at start.
    assert "libcurl" not in loaded_libraries(mailing)
    old = mailing.signed_in(ADDRESS)
    known, unknown = ask_for_a_link(mailing, ADDRESS), ask_for_a_link(mailing, "nobody@example.org")
    same = [re.sub(r'name="csrf" value="[^"]+"', "", answer.text) for answer in (known, unknown)]  # each browser's own token aside
    assert known.status_code == unknown.status_code == 200 and same[0] == same[1] and "on its way" in same[0]
    sender, recipients, content = wait_for(lambda: inbox.messages and inbox.messages[0], "the reset mail")
    assert "libcurl.so.4" in loaded_libraries(mailing)
    assert sender == "aura@example.org" and recipients == [ADDRESS] and len(inbox.messages) == 1
    message = email.message_from_bytes(content, policy=email.policy.default)
    # The title's CR LF stayed inside the Subject's one line: no header of its own.
    assert message["To"] == ADDRESS and message["Bcc"] is None and "Bcc: thief" in message["Subject"]
    assert message.keys() == ["From", "To", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type", "Content-Transfer-Encoding"]
    body = message.get_content()
    # On the site's address (base_url, the server here has no --public-url): the same path on loopback.
    link = mailing.url + re.search(r"^https://aura\.example(/reset/\?token=[\w-]+)\r?$", body, flags=re.M).group(1)
    browser = requests.Session()
    page = browser.get(link)
    assert page.status_code == 200
    form = {"csrf": browser.cookies["aura_sign_in"], "token": link.split("token=")[1], "password": PASSWORD + "!", "again": PASSWORD + "!"}
    assert browser.post(mailing.url + "/reset/", data=form, allow_redirects=False).status_code == 303
    assert browser.post(mailing.url + "/reset/", data=form, allow_redirects=False).status_code == 410
    assert old.get(mailing.url + "/api/state").status_code == 401


def test_a_flood_of_forgot_requests_sends_three_mails_at_most(mailing, smtp):
    def to(address):
        return [message for message in smtp.messages if message[1] == [address]]

    before = len(to(ADDRESS))
    answers = [ask_for_a_link(mailing, ADDRESS) for _ in range(6)]
    assert all(answer.status_code == 200 and "on its way" in answer.text for answer in answers)
    # A request for someone else after the flood: once its mail is here, the flood's are too.
    mailing.add_person("ben@example.org")
    ask_for_a_link(mailing, "ben@example.org")
    wait_for(lambda: to("ben@example.org"), "ben's mail")
    # The first test's request counted too: 3 per name in 15 minutes, so 2 more here.
    wait_for(lambda: len(to(ADDRESS)) >= before + 2, "the two mails left in the window")
    assert len(to(ADDRESS)) == before + 2


def test_a_crowd_asking_for_links_waits_in_an_outbox_of_eight(tmp_path):
    """Forty addresses ask for a link to one account while the mail server is slow: the messages
    go one at a time, eight are kept to send, and the rest are given up with a line each on
    standard error. Before: each went on a thread of its own, all to the mail server at once."""
    smtp = LoopbackSMTP()
    smtp.hold()

    def add_mail(content):
        (content / "site.yml").write_text((content / "site.yml").read_text() + smtp.site_lines())

    server = Server(tmp_path, content_edit=add_mail, arguments=["--trusted-proxy", "127.0.0.0/8"])
    try:
        server.add_person(ADDRESS)

        def ask_from(number):
            browser = requests.Session()
            browser.headers["X-Forwarded-For"] = f"198.51.100.{number}"
            browser.get(server.url + "/forgot/")
            answer = browser.post(server.url + "/forgot/", data={"csrf": browser.cookies["aura_sign_in"], "name": ADDRESS})
            assert answer.status_code == 200 and "on its way" in answer.text

        for number in range(1, 41):
            ask_from(number)
        wait_for(lambda: smtp.at_once == 1, "the first message at the mail server")
        smtp.release()
        wait_for(lambda: len(smtp.messages) == 8, "the eight messages of the outbox")
        # The outbox is empty now; one more is sent, and it is the ninth.
        ask_from(41)
        wait_for(lambda: len(smtp.messages) == 9, "the message asked for after")
        assert smtp.most_at_once == 1
    finally:
        server.stop()
        smtp.stop()
    assert server.process.stderr.read().count("a reset link was not mailed: 8 are waiting for the mail server") == 32
