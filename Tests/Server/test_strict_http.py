"""The transport reads a request one way only: what a proxy in front could read differently
(two lengths, a length beside chunking, a bare CR, a NUL) is refused with 400 and the connection
closed; oversized heads and bodies get 431 and 413; every answer the server writes, errors
included, carries the security headers; and the server goes on serving."""
import socket

import requests

SECURITY_HEADERS = ("content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options")


def exchange(server, data):
    """Sends bytes as they are; returns the status, the headers by lower-case name and whether
    the server closed the connection after its answer."""
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(data)
        answer = b""
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                closed = True
                break
            answer += chunk
            head, _, body = answer.partition(b"\r\n\r\n")
            if _ and b"content-length:" in head.lower():
                length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
                if len(body) >= length:
                    # The close is the condition; the timeout only bounds the wait for it (a
                    # connection kept alive is read as not closed, however loaded the machine).
                    connection.settimeout(10)
                    try:
                        closed = connection.recv(1) == b""
                    except socket.timeout:
                        closed = False
                    break
    lines = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split(" ")[1]), headers, closed


def test_ambiguous_lengths_are_refused_and_the_connection_closed(server):
    post = b"POST /api/done HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    for framing in (b"Content-Length: 2\r\nContent-Length: 2\r\n", b"Content-Length: 2\r\nContent-Length: 3\r\n",
                    b"Content-Length: 2\r\nTransfer-Encoding: chunked\r\n",
                    b"Transfer-Encoding: chunked\r\nContent-Length: 2\r\n"):
        status, headers, closed = exchange(server, post + framing + b"\r\n{}")
        assert status == 400, framing
        assert closed, framing
        assert all(name in headers for name in SECURITY_HEADERS), framing


def test_control_characters_in_fields_are_refused(server):
    for field in (b"X-A: one\rtwo\r\n", b"X-A: one\x00two\r\n", b"X-A\x00: one\r\n", b"X-A: one\r\r\n"):
        status, _, closed = exchange(server, b"GET / HTTP/1.1\r\nHost: x\r\n" + field + b"\r\n")
        assert (status, closed) == (400, True), field


def test_oversized_heads_and_bodies_get_their_status_with_the_security_headers(server):
    status, headers, closed = exchange(server, b"GET / HTTP/1.1\r\nHost: x\r\nCookie: " + b"a" * 70_000 + b"\r\n\r\n")
    assert (status, closed) == (431, True)
    assert all(name in headers for name in SECURITY_HEADERS)
    status, headers, closed = exchange(
        server, b"POST /api/done HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n")
    assert (status, closed) == (413, True)
    assert all(name in headers for name in SECURITY_HEADERS)
    # A cookie near 8 KB, as a browser may send, is an ordinary request.
    assert requests.get(server.url + "/", cookies={"crumbs": "b" * 8000}).status_code == 200


def test_errors_carry_the_security_headers_and_the_server_goes_on(server):
    for answer in (requests.get(server.url + "/no-such-page/"), requests.delete(server.url + "/"),
                   requests.post(server.url + "/api/done", data="x", headers={"Content-Type": "text/plain"})):
        assert answer.status_code >= 400
        assert all(name in {key.lower() for key in answer.headers} for name in SECURITY_HEADERS), answer.status_code
    status, headers, _ = exchange(server, b"GET / HTTP/1.1\r\n\r\n")
    assert status == 400 and all(name in headers for name in SECURITY_HEADERS)
    assert requests.get(server.url + "/").status_code == 200


def test_pipelined_requests_are_answered_in_order(server):
    status, _, _ = exchange(server, b"GET /design/ HTTP/1.1\r\nHost: x\r\n\r\nGET /nope/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert status == 200
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(b"HEAD /design/ HTTP/1.1\r\nHost: x\r\n\r\nGET /nope/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    statuses = [line.split(b" ")[1] for line in answer.split(b"\r\n") if line.startswith(b"HTTP/1.1 ")]
    assert statuses == [b"200", b"404"]
