"""A crowd of half-open connections (slowloris) from several addresses: the event loops hold
them at no cost to anyone else, each address is capped, and a visitor from another address is
answered at once all along."""
import socket
import time

import requests

PER_ADDRESS = 64  # HTTPServer.Settings.connectionsPerAddress


def connect_from(address, server):
    host, port = server.url.removeprefix("http://").split(":")
    connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    connection.bind((address, 0))
    connection.settimeout(10)
    connection.connect((host, int(port)))
    return connection


def first_line(connection):
    answer = b""
    while b"\r\n" not in answer:
        chunk = connection.recv(4096)
        if not chunk:
            break
        answer += chunk
    return answer.split(b"\r\n", 1)[0].decode("latin-1")


def test_a_slow_header_crowd_does_not_delay_a_visitor(server):
    crowd = []
    try:
        for last in range(2, 7):
            for _ in range(PER_ADDRESS):
                connection = connect_from(f"127.0.0.{last}", server)
                connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
                crowd.append(connection)
        for _ in range(5):
            for connection in crowd:
                connection.sendall(b"X-Slow: 1\r\n")
            started = time.monotonic()
            answer = requests.get(server.url + "/", timeout=5)
            assert answer.status_code == 200
            assert time.monotonic() - started < 1.0
        # One connection past the cap from an address already holding its share gets an answer
        # saying so, not silence; the crowd's connections are still open.
        extra = connect_from("127.0.0.2", server)
        assert first_line(extra) == "HTTP/1.1 503 Service Unavailable"
        extra.close()
        crowd[0].sendall(b"\r\n")
        assert first_line(crowd[0]) == "HTTP/1.1 200 OK"
    finally:
        for connection in crowd:
            connection.close()
    # Once the crowd leaves, its addresses are welcome again.
    deadline = time.monotonic() + 10
    while True:
        again = connect_from("127.0.0.2", server)
        again.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        line = first_line(again)
        again.close()
        if line == "HTTP/1.1 200 OK" or time.monotonic() > deadline:
            break
    assert line == "HTTP/1.1 200 OK"
