"""What any client may send: the public site with validators and caching, and every hostile
or malformed request answered with a status — never a crash, never a file outside the site."""
import socket
import subprocess

import requests


def raw(server, data, read=4096):
    """Sends bytes as they are and returns the first line of the answer."""
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(data)
        answer = b""
        while b"\r\n" not in answer:
            chunk = connection.recv(read)
            if not chunk:
                break
            answer += chunk
    return answer.split(b"\r\n", 1)[0].decode("latin-1")


def test_public_pages_with_validators_and_security_headers(server):
    landing = requests.get(server.url + "/")
    assert landing.status_code == 200 and "text/html" in landing.headers["Content-Type"]
    for name in ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy"):
        assert name in landing.headers
    assert "frame-ancestors 'none'" in landing.headers["Content-Security-Policy"]
    again = requests.get(server.url + "/", headers={"If-None-Match": landing.headers["ETag"]})
    assert again.status_code == 304 and again.content == b""
    stylesheet = next(part for part in landing.text.split('"') if part.startswith("/assets/aura.") and part.endswith(".css"))
    asset = requests.get(server.url + stylesheet)
    assert asset.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert requests.head(server.url + "/design/").status_code == 200
    folder = requests.get(server.url + "/culture", allow_redirects=False)
    assert folder.status_code == 301 and folder.headers["Location"] == "/culture/"


def test_nothing_outside_the_site_is_served(server):
    # The site is in memory: files beside it on disk (the state folder, the content folder) are never its own.
    server.state.mkdir(exist_ok=True)  # (with a database, nothing may have needed it yet)
    (server.state / "secret.txt").write_text("secret")
    (server.content / "secret.txt").write_text("secret")
    for path in ["/../secret.txt", "/%2e%2e/secret.txt", "/culture/%2e%2e/%2e%2e/secret.txt", "/culture%2f..%2f..%2fsecret.txt",
                 "/culture/..%5c..%5csecret.txt", "/secret.txt", "/site.yml", "/.aura-build",
                 "/.aura-output", "/%00", "/index.html%00.txt"]:
        answer = raw(server, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        assert answer.split(" ")[1] in ("400", "404"), f"{path}: {answer}"


def test_malformed_and_unexpected_requests_get_a_status(server):
    assert requests.delete(server.url + "/").status_code == 405
    assert requests.post(server.url + "/", data="x").status_code == 405
    assert raw(server, b"NONSENSE\r\n\r\n") == "HTTP/1.1 400 Bad Request"
    assert raw(server, b"GET / HTTP/1.1\r\n\r\n").split(" ")[1] == "400"  # no Host
    # picohttpparser reads HTTP/1.x only: another version is a request it cannot parse.
    assert raw(server, b"GET / HTTP/9.9\r\nHost: x\r\n\r\n").split(" ")[1] == "400"
    assert raw(server, b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n").split(" ")[1] == "400"
    assert raw(server, b"GET / HTTP/1.1\r\nHost: x\r\n" + b"X-Long: " + b"a" * 100_000 + b"\r\n\r\n").split(" ")[1] == "431"
    too_big = requests.post(server.url + "/api/done", data=b"x" * (2 * 1024 * 1024), headers={"Content-Type": "application/json"})
    assert too_big.status_code == 413
    no_length = raw(server, b"POST /api/done HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n")
    assert no_length.split(" ")[1] == "411"
    assert requests.post(server.url + "/api/done", data="x", headers={"Content-Type": "text/plain"}).status_code == 415
    assert requests.post(server.url + "/api/frobnicate", data="{}", headers={"Content-Type": "application/json"}).status_code == 404
    # Still serving after all of it.
    assert requests.get(server.url + "/").status_code == 200


def test_every_page_keeps_to_the_content_security_policy(server):
    """No inline script or style attribute anywhere, so `default-src 'self'` (no unsafe-inline)
    leaves every page whole; the design page paints its samples with classes."""
    import re

    browser = server.signed_in()
    # Every page of the site, as a static build of the same content lists them.
    built = server.root / "every-page"
    subprocess.run([str(server.aura), "build", "--content", str(server.content), "--templates", str(server.templates),
                    "--output", str(built), "--quiet"], check=True)
    pages = [path.relative_to(built).as_posix() for path in built.rglob("index.html")]
    assert len(pages) > 50
    for page in pages:
        html = browser.get(f"{server.url}/{page}").text
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), page
        assert " style=" not in html, page
    design = browser.get(server.url + "/design/").text
    assert "ds-token--color-accent-light" in design
