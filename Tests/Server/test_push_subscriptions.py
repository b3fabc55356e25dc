"""Web Push, first half: the server's VAPID key is made once and kept (in its database), and a signed-in
person's browser subscriptions are kept for them, only for endpoints of an allowed push service,
matched on the parsed URL. (Sending comes with the scheduler.)"""
import base64
import os
import sqlite3
import subprocess

import pytest
import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from aura_test_paths import aura_binary
from server_support import Server

SERVICE = "http://127.0.0.1:8123/push/"


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def browser_subscription(endpoint):
    """What a browser's `PushSubscription.toJSON()` holds: its endpoint, a P-256 public key and
    a 16-byte auth secret."""
    key = ec.generate_private_key(ec.SECP256R1())
    point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return {"endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": b64url(point), "auth": b64url(os.urandom(16))}}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("push"), arguments=["--push-service", SERVICE])
    server.add_person("kim")
    yield server
    server.stop()


def subscribe(server, browser, subscription, method="POST", **extra):
    return browser.request(method, server.url + "/api/push/subscriptions", json={"subscription": subscription, **extra},
                           headers={"Origin": server.url})


def test_the_vapid_key_is_made_once_and_kept_private(server):
    key = requests.get(server.url + "/api/push/key").json()["publicKey"]
    point = unb64url(key)
    assert len(point) == 65 and point[0] == 4
    ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)  # a point on P-256
    [(pem,)] = server.accounts_query("SELECT value FROM server_keys WHERE name = 'vapid'")
    private = serialization.load_pem_private_key(pem.encode(), password=None)
    assert private.public_key().public_bytes(serialization.Encoding.X962,
                                             serialization.PublicFormat.UncompressedPoint) == point
    server.stop()
    server.start()
    assert requests.get(server.url + "/api/push/key").json()["publicKey"] == key


@pytest.mark.household  # vapid.pem in the state folder, as an older household server kept it
def test_a_key_an_older_aura_kept_in_the_state_folder_is_taken_in(tmp_path):
    older = Server(tmp_path)
    older.stop()
    with sqlite3.connect(older.state / "aura.sqlite3") as accounts:
        accounts.execute("DELETE FROM server_keys")
    private = ec.generate_private_key(ec.SECP256R1())
    (older.state / "vapid.pem").write_bytes(private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    older.start()
    try:
        point = private.public_key().public_bytes(serialization.Encoding.X962,
                                                  serialization.PublicFormat.UncompressedPoint)
        assert unb64url(requests.get(older.url + "/api/push/key").json()["publicKey"]) == point
    finally:
        older.stop()


def test_a_subscription_is_kept_once_per_person(server):
    sam, kim = server.signed_in(), server.signed_in("kim")
    subscription = browser_subscription(SERVICE + "abc123")
    assert subscribe(server, sam, subscription).status_code == 201
    assert subscribe(server, sam, subscription).status_code == 200
    # The same browser signed in as someone else: their own row.
    assert subscribe(server, kim, subscription, profile="kim").status_code == 201
    rows = server.accounts_query("SELECT person_id, profile FROM push_subscriptions WHERE endpoint = ?",
                                 subscription["endpoint"])
    assert len(rows) == 2
    gone = sam.delete(server.url + "/api/push/subscriptions", json={"endpoint": subscription["endpoint"]},
                      headers={"Origin": server.url})
    assert gone.status_code == 204
    assert server.accounts_query("SELECT COUNT(*) FROM push_subscriptions WHERE endpoint = ?",
                                 subscription["endpoint"]) == [(1,)]


@pytest.mark.parametrize("endpoint", [
    "http://127.0.0.1:8123/pushy/abc",          # the path prefix ends at a slash
    "http://127.0.0.1:81234/push/abc",
    "http://127.0.0.1:8124/push/abc",
    "https://127.0.0.1:8123/push/abc",
    "http://127.0.0.1.evil.example:8123/push/abc",
    "http://user@127.0.0.1:8123/push/abc",
    "http://169.254.169.254/latest/meta-data/",
    "https://fcm.googleapis.com.evil.example/send/abc",
    "http://fcm.googleapis.com/send/abc",
    "not a url",
    # Read by a client library as another path than the prefix (before: kept, and posted to /admin).
    "http://127.0.0.1:8123/push/../admin",
    "http://127.0.0.1:8123/push/%2e%2e/admin",
    "http://127.0.0.1:8123/push/.%2E/admin",
    "http://127.0.0.1:8123/push/./../admin",
    "http://127.0.0.1:8123/push/x%2f..%2f..%2fadmin",
    "http://127.0.0.1:8123/push/x\\..\\admin",
    "http://127.0.0.1%2e:8123/push/abc",
])
def test_only_allowed_push_services_are_kept(server, endpoint):
    answer = subscribe(server, server.signed_in(), browser_subscription(endpoint))
    assert answer.status_code == 422 and "fcm.googleapis.com" in answer.json()["error"] and SERVICE in answer.json()["error"]


def test_the_browsers_services_are_allowed(server):
    sam = server.signed_in()
    for endpoint in ("https://fcm.googleapis.com/fcm/send/x1", "https://web.push.apple.com/QGx1",
                     "https://updates.push.services.mozilla.com/wpush/v2/x", "https://wns2-par02p.notify.windows.com/w/?token=x"):
        assert subscribe(server, sam, browser_subscription(endpoint)).status_code == 201, endpoint


def test_bad_keys_signed_out_and_cross_site_are_refused(server):
    sam = server.signed_in()
    subscription = browser_subscription(SERVICE + "k")
    short = dict(subscription, keys={"p256dh": b64url(b"\x04" + b"1" * 30), "auth": subscription["keys"]["auth"]})
    assert subscribe(server, sam, short).status_code == 422
    assert subscribe(server, sam, {"endpoint": SERVICE + "k"}).status_code == 400
    assert subscribe(server, requests.Session(), subscription).status_code == 401
    foreign = sam.post(server.url + "/api/push/subscriptions", json={"subscription": subscription},
                       headers={"Origin": "https://elsewhere.example"})
    assert foreign.status_code == 403


def test_a_bad_push_service_option_is_a_usage_error(tmp_path):
    answer = subprocess.run([str(aura_binary()), "serve", "--push-service", "ftp://x/", "--state", str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert answer.returncode == 2 and "--push-service 'ftp://x/' is not a push service" in answer.stderr


def test_a_key_that_is_not_a_point_on_the_curve_is_refused(server):
    """Before: any 65 bytes starting 0x04 were kept, and that person's pushes then failed (500)."""
    sam = server.signed_in()
    subscription = browser_subscription(SERVICE + "offcurve")
    point = bytearray(unb64url(subscription["keys"]["p256dh"]))
    point[-1] ^= 1  # y no longer fits x
    for key in (bytes(point), b"\x04" + b"\x00" * 64, b"\x04" + b"\xff" * 64):
        off_curve = dict(subscription, keys={"p256dh": b64url(key), "auth": subscription["keys"]["auth"]})
        answer = subscribe(server, sam, off_curve)
        assert answer.status_code == 422 and "P-256 point" in answer.json()["error"]
    assert subscribe(server, sam, subscription).status_code == 201


def test_a_person_keeps_at_most_twenty_subscriptions_the_newest(server):
    """Before: 1,500 were kept for one person, and a test push went to each."""
    server.add_person("lee")
    lee = server.signed_in("lee")
    endpoints = [SERVICE + f"many-{n:03}" for n in range(45)]
    for endpoint in endpoints:
        assert subscribe(server, lee, browser_subscription(endpoint)).status_code == 201
    kept = [row[0] for row in server.accounts_query(
        "SELECT endpoint FROM push_subscriptions WHERE person_id = ?", server.person_id("lee"))]
    assert len(kept) == 20 and endpoints[-1] in kept
    # Sam's are not touched by Lee's.
    assert server.accounts_query("SELECT COUNT(*) FROM push_subscriptions WHERE person_id = ?",
                                 server.person_id("sam"))[0][0] >= 1
