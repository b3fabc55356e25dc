"""A push service on loopback that does what a browser's push service and the browser do, for
the suites that test Web Push (Tests/Server, Tests/Browser): it keeps each push it receives,
answers what the test says, and a subscription's keys decrypt the body (RFC 8291 `aes128gcm`,
with `http_ece`); `check_vapid` verifies the VAPID JWT with the server's public key."""
import base64
import http.server
import json
import os
import threading
import time

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

CONTACT = "mailto:reminders@aura-tests.dev"


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class FakePushService:
    """Receives pushes at /push/<id>, answering `status`; keeps what arrived."""

    def __init__(self):
        self.received = []
        self.status = 201
        self.answers = {}  # path → [(status, headers)] answered first, in turn
        # Paths under this prefix are answered only once `released` is set: a service that hangs.
        self.held_prefix = None
        self.released = threading.Event()
        self.holding = threading.Semaphore(0)  # released once per push held
        service = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                service.received.append((self.path, self.headers, body, time.time()))  # names in any case
                if service.held_prefix and self.path.startswith(service.held_prefix):
                    service.holding.release()
                    service.released.wait()
                queued = service.answers.get(self.path)
                status, headers = queued.pop(0) if queued else (service.status, {})
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


class BrowserSubscription:
    """A browser's side of a subscription: its P-256 key pair and auth secret."""

    def __init__(self, endpoint):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint
        point = self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.json = {"endpoint": endpoint, "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)}}

    def decrypt(self, body):
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


def check_vapid(authorization, server_key, audience, now=None):
    """The VAPID header's JWT, verified at `now` (the server's clock; this one's unless told):
    returns its claims."""
    now = time.time() if now is None else now
    scheme, _, rest = authorization.partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in rest.split(","))
    assert fields["k"] == server_key
    header, claims, signature = fields["t"].split(".")
    assert json.loads(unb64url(header)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64url(signature)
    assert len(raw) == 64
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(server_key))
    public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                  f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    claims = json.loads(unb64url(claims))
    assert claims["aud"] == audience and claims["sub"] == CONTACT
    assert now < claims["exp"] <= now + 24 * 3600
    return claims
