"""Web Push delivery against a fake push service on loopback (Tests/pythonlib/fake_push.py) that
does what a browser's push service and the browser do: it checks the VAPID JWT (ES256
signature with the server's public key, `aud`, `exp`, `sub`) and decrypts the body (RFC 8291
`aes128gcm`, with `http_ece` and the subscription's private key), as `POST /api/push/test` sends a
reminder to every browser of the person. A service that answers 410 loses the subscription."""
import concurrent.futures
import json
import subprocess
import threading

import pytest
from cryptography.hazmat.primitives import serialization

from aura_test_paths import aura_binary
from fake_push import CONTACT, BrowserSubscription, FakePushService, b64url, check_vapid
from server_support import Server, wait_for


@pytest.fixture(scope="module")
def service():
    service = FakePushService()
    yield service
    service.server.shutdown()


def without_plan(content):
    """The default content's plan has reminders at fixed times: one due while this module runs
    would reach sam's browsers beside the pushes a test counts."""
    (content / "planner" / "plan.json").unlink()


@pytest.fixture(scope="module")
def server(tmp_path_factory, service):
    server = Server(tmp_path_factory.mktemp("delivery"), content_edit=without_plan,
                    arguments=["--push-service", service.origin + "/push/", "--push-contact", CONTACT])
    yield server
    server.stop()


def post(server, browser, path, body):
    return browser.post(server.url + path, json=body, headers={"Origin": server.url})


def test_a_test_reminder_is_encrypted_for_each_browser_and_signed(server, service):
    sam = server.signed_in()
    browsers = [BrowserSubscription(f"{service.origin}/push/{name}") for name in ("phone", "laptop")]
    for browser in browsers:
        assert post(server, sam, "/api/push/subscriptions", {"subscription": browser.json}).status_code == 201
    service.received.clear()
    answer = post(server, sam, "/api/push/test", {})
    assert answer.status_code == 200 and answer.json() == {"delivered": 2, "problems": []}, answer.text
    key = sam.get(server.url + "/api/push/key").json()["publicKey"]
    assert "data-push-off" not in sam.get(server.url + "/notifications/").text
    assert sorted(path for path, *_ in service.received) == ["/push/laptop", "/push/phone"]
    for path, headers, body, _ in service.received:
        browser = next(b for b in browsers if b.endpoint.endswith(path))
        assert headers["Content-Encoding"] == "aes128gcm" and headers["Content-Type"] == "application/octet-stream"
        assert int(headers["TTL"]) > 0 and headers["Urgency"] == "normal"
        assert 0 < len(headers["Topic"]) <= 32
        check_vapid(headers["Authorization"], key, service.origin)
        payload = browser.decrypt(body)
        assert payload["id"] == "aura-test" and payload["url"] == "/notifications/" and payload["title"]
        # Anyone else's key cannot read it.
        with pytest.raises(Exception):
            BrowserSubscription(browser.endpoint).decrypt(body)


def test_a_subscription_the_service_says_is_gone_is_forgotten(server, service):
    sam = server.signed_in()
    browser = BrowserSubscription(f"{service.origin}/push/gone")
    assert post(server, sam, "/api/push/subscriptions", {"subscription": browser.json}).status_code == 201
    service.status = 410
    try:
        answer = post(server, sam, "/api/push/test", {}).json()
    finally:
        service.status = 201
    assert answer["delivered"] == 0 and any("answered 410" in problem for problem in answer["problems"])
    endpoints = [row[0] for row in server.accounts_query("SELECT endpoint FROM push_subscriptions")]
    assert browser.endpoint not in endpoints


def test_without_a_contact_a_reserved_site_address_turns_reminders_off(tmp_path, service):
    server = Server(tmp_path, arguments=["--push-service", service.origin + "/push/"])  # base_url https://aura.example/
    try:
        sam = server.signed_in()
        answer = post(server, sam, "/api/push/test", {})
        assert answer.status_code == 409 and "reserved name" in answer.json()["error"]
        assert "Reminders with Aura closed are off on this server" in sam.get(server.url + "/notifications/").text
    finally:
        server.stop()


@pytest.mark.parametrize("contact", ["mailto:me@localhost", "https://aura.local/", "mailto:a@b.invalid", "ftp://x.org/"])
def test_a_contact_apple_would_refuse_is_a_usage_error(tmp_path, contact):
    answer = subprocess.run([str(aura_binary()), "serve", "--push-contact", contact, "--state", str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert answer.returncode == 2 and "--push-contact" in answer.stderr, answer.stderr


def test_the_fake_services_checks_agree_with_pywebpush(service, tmp_path):
    """pywebpush, an independent sender, through the same checks: the test's decryption and JWT
    verification are known to read a standard message."""
    from py_vapid import Vapid02
    from pywebpush import webpush
    vapid = Vapid02()
    vapid.generate_keys()
    browser = BrowserSubscription(f"{service.origin}/push/pywebpush")
    service.received.clear()
    webpush(browser.json, json.dumps({"id": "cross-check", "title": "t"}), vapid_private_key=vapid,
            vapid_claims={"sub": CONTACT}, ttl=60)
    [(path, headers, body, _)] = service.received
    point = vapid.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    check_vapid(headers["Authorization"], b64url(point), service.origin)
    assert browser.decrypt(body) == {"id": "cross-check", "title": "t"}


def test_a_busy_service_is_tried_again_after_its_retry_after(server, service):
    sam = server.signed_in()
    browser = BrowserSubscription(f"{service.origin}/push/busy")
    assert post(server, sam, "/api/push/subscriptions", {"subscription": browser.json}).status_code == 201
    service.answers["/push/busy"] = [(429, {"Retry-After": "3"})]
    service.received.clear()
    answer = post(server, sam, "/api/push/test", {}).json()
    assert any("answered 429" in problem and "tried again in 3 s" in problem for problem in answer["problems"]), answer
    tries = wait_for(lambda: [r for r in list(service.received) if r[0] == "/push/busy"][1:] and
                     [r for r in service.received if r[0] == "/push/busy"], "the second try", timeout=30)
    assert len(tries) == 2 and tries[1][3] - tries[0][3] >= 3
    assert browser.decrypt(tries[1][2])["id"] == "aura-test"


def test_a_hanging_push_service_holds_one_request_per_person_and_two_in_all(server, service):
    """Before: every test push held a request worker for as long as the service took, so eight
    at once from one person held all eight, and everyone's pages waited."""
    names = ["ada", "bo", "cy"]
    browsers = {}
    for name in names:
        server.add_person(name)
        browsers[name] = server.signed_in(name)
        subscription = BrowserSubscription(f"{service.origin}/push/held-{name}")
        assert post(server, browsers[name], "/api/push/subscriptions", {"subscription": subscription.json}).status_code == 201
    service.held_prefix, service.released = "/push/held-", threading.Event()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=12)
    try:
        first = pool.submit(post, server, browsers["ada"], "/api/push/test", {})
        assert service.holding.acquire(timeout=30)  # Ada's push is at the service, which hangs
        again = [pool.submit(post, server, browsers["ada"], "/api/push/test", {}) for _ in range(8)]
        assert [answer.result(timeout=30).status_code for answer in again] == [429] * 8
        second = pool.submit(post, server, browsers["bo"], "/api/push/test", {})
        assert service.holding.acquire(timeout=30)
        crowded = post(server, browsers["cy"], "/api/push/test", {})
        assert crowded.status_code == 503 and crowded.headers["Retry-After"]
        # Meanwhile everyone's pages are answered.
        assert server.signed_in().get(server.url + "/planner/", timeout=30).status_code == 200
    finally:
        service.released.set()
        service.held_prefix = None
    assert first.result(timeout=60).json()["delivered"] == 1 and second.result(timeout=60).json()["delivered"] == 1
    assert post(server, browsers["cy"], "/api/push/test", {}).json()["delivered"] == 1
    pool.shutdown()
