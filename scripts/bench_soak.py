"""The soak rows of `make bench` (see bench/README.md, "Soaks"): `aura serve` for MINUTES under
a load that lasts, its resident memory sampled all along.

- Half-sent heads: waves of 3,840 connections from 64 loopback addresses (127.0.1.1 to
  127.0.1.64, 60 each, under the 64 a address may hold), each sending part of a request head
  and never its end: half stay under the 16 KB head limit (held until the 30-second timeout or
  the wave's end), half go on past it (up to 390 KB, shut by the transport). Each wave is held
  for 10 s and closed. Meanwhile Sam loads the signed-in dashboard again and again; every
  answer, Sam's and what the half-sent connections are told, is counted by status.
- Replicas (inside a PostgreSQL cluster only): three replicas on one database behind nginx,
  under wrk on the dashboard and on Done the whole time; half way, one replica is killed
  (SIGKILL) and started again.

Each row gives the resident memory (VmRSS) at the start, its highest sample, and at the end
(after the last connections closed); the half-sent row's goal is an end within 20 % of the
start, and no 500.
"""

import collections
import http.client
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

import bench_serve

ADDRESSES = [f"127.0.1.{n}" for n in range(1, 65)]
PER_ADDRESS = 60
HEAD_LIMIT = 16 * 1024
WAVE_SECONDS = 10


def resident_mib(pid):
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024


class Visitor(threading.Thread):
    """Loads one signed-in page on one kept connection, 50 times a second, until stopped; counts
    answers by status (0: the connection failed) and keeps each answer's time."""

    def __init__(self, base, path, cookie):
        super().__init__(daemon=True)
        self.address = urllib.parse.urlsplit(base)
        self.path, self.cookie = path, cookie
        self.statuses = collections.Counter()
        self.times = []
        self.stopped = threading.Event()

    def run(self):
        connection = None
        while not self.stopped.is_set():
            started = time.monotonic()
            try:
                connection = connection or http.client.HTTPConnection(self.address.hostname, self.address.port,
                                                                      timeout=30)
                connection.request("GET", self.path, headers={"Cookie": self.cookie})
                answer = connection.getresponse()
                answer.read()
                self.statuses[answer.status] += 1
            except (OSError, http.client.HTTPException):
                self.statuses[0] += 1
                connection = None
                time.sleep(0.1)
            self.times.append(time.monotonic() - started)
            self.stopped.wait(max(0.0, 0.02 - (time.monotonic() - started)))

    def p99_ms(self):
        ordered = sorted(self.times)
        return ordered[int(len(ordered) * 0.99)] * 1000 if ordered else 0.0


def half_sent_wave(port, number, told):
    """Opens the wave's connections, sends each its part of a head, holds them WAVE_SECONDS and
    closes them; what the server said to them is counted in `told` by status."""
    opened = []
    for a, address in enumerate(ADDRESSES):
        for c in range(PER_ADDRESS):
            sock = socket.socket()
            try:
                sock.bind((address, 0))
                sock.connect(("127.0.0.1", port))
            except OSError:
                told["not connected"] += 1
                sock.close()
                continue
            sock.setblocking(False)
            # Under the limit for even ones, past it for odd ones, lengths spread over the wave.
            spread = (number * 7919 + a * PER_ADDRESS + c) % 997 / 997
            length = int(HEAD_LIMIT * 0.9 * spread) if c % 2 == 0 else int(HEAD_LIMIT + (390 * 1024 - HEAD_LIMIT) * spread)
            head = b"GET /dashboard/ HTTP/1.1\r\nHost: soak\r\nX-Padding: " + b"a" * length
            try:
                sock.send(head)
            except OSError:
                pass
            opened.append(sock)
    time.sleep(WAVE_SECONDS)
    for sock in opened:
        try:
            said = sock.recv(64)
        except BlockingIOError:
            said = None
        except OSError:
            said = b""
        status = re.match(rb"HTTP/1\.[01] (\d{3})", said or b"")
        told[int(status.group(1)) if status else "held open" if said is None else "closed, nothing said"] += 1
        sock.close()


def half_sent_heads(aura, content, templates, minutes, folder):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    # The people of the replicas row's Dones, kept for it in the state folder it imports.
    process, base, _ = bench_serve.start_aura(aura, folder, content, templates, with_a_task=bench_serve.DONE_PEOPLE)
    port = urllib.parse.urlsplit(base).port
    visitor = Visitor(base, "/dashboard/", bench_serve.sign_in(base))
    told = collections.Counter()
    try:
        visitor.start()
        time.sleep(2)  # Sam's page rendered and kept before the start is read
        start = resident_mib(process.pid)
        highest, waves = start, 0
        deadline = time.monotonic() + minutes * 60
        while time.monotonic() < deadline:
            half_sent_wave(port, waves, told)
            waves += 1
            highest = max(highest, resident_mib(process.pid))
        bench_serve.settled(base)
        # The memory goes back as the closed connections are swept (a few hundred milliseconds).
        end_deadline = time.monotonic() + 30
        while resident_mib(process.pid) > start * 1.2 and time.monotonic() < end_deadline:
            time.sleep(0.5)
        end = resident_mib(process.pid)
        visitor.stopped.set()
        visitor.join()
        return {"soak": f"half-sent heads, {waves} waves of {len(ADDRESSES) * PER_ADDRESS:,} connections",
                "minutes": minutes, "start": start, "highest": highest, "end": end,
                "answers": dict(visitor.statuses), "p99": visitor.p99_ms(), "told": dict(told)}
    finally:
        visitor.stopped.set()
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def replicas_with_one_killed(aura, content, templates, minutes, folder, url):
    """Three replicas behind nginx, under wrk the whole time; one killed and started again on its
    own port half way (nginx's list stays as it was, so the port must be the same one)."""
    replicas = [bench_serve.start_replica(aura, content, templates, url, folder / f"soak-replica-{n}")
                for n in range(3)]
    balancer, balanced = bench_serve.start_balancer(folder / "soak", [base for _, base in replicas])
    loads = []
    try:
        cookie = bench_serve.sign_in(balanced)
        seconds = int(minutes * 60)
        done = bench_serve.done_script(folder, balanced)
        loads = [subprocess.Popen(["wrk", "-t1", "-c16", f"-d{seconds}s", "--latency", "--timeout", "10s",
                                   "-H", f"Cookie: {cookie}", *arguments, balanced + path],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
                 for arguments, path in (([], "/dashboard/"), (["-s", str(done)], "/api/done"))]
        samples = {n: [] for n in range(3)}
        started = time.monotonic()
        killed = False
        while any(load.poll() is None for load in loads):
            elapsed = time.monotonic() - started
            if not killed and elapsed >= seconds / 2:
                replicas[1][0].kill()
                replicas[1][0].wait()
                replicas[1] = bench_serve.start_replica(aura, content, templates, url, folder / "soak-replica-1",
                                                        listen=urllib.parse.urlsplit(replicas[1][1]).netloc)
                killed = True
            for n, (process, _) in enumerate(replicas):
                if process.poll() is None:
                    samples[n].append((elapsed, resident_mib(process.pid)))
            time.sleep(5)
        figures = [bench_serve.wrk_figures(load.communicate()[0]) for load in loads]
        rates, errors = [figure["rate"] for figure in figures], [figure["errors"] for figure in figures]
        # Flat: the two replicas never killed, from the end of the first minute to the end.
        kept = [samples[n] for n in (0, 2)]
        after_warmup = [next(mib for at, mib in series if at >= min(60, seconds / 4)) for series in kept]
        return {"soak": "3 replicas on PostgreSQL behind nginx, one killed and started again half way",
                "minutes": minutes, "start": sum(after_warmup), "highest": sum(max(mib for _, mib in s) for s in kept),
                "end": sum(series[-1][1] for series in kept), "rates": rates, "errors": errors,
                "restarted": (samples[1][-1][1] if samples[1] else 0.0)}
    finally:
        for load in loads:
            if load.poll() is None:
                load.kill()
        for process in [balancer] + [process for process, _ in replicas]:
            if process.poll() is None:
                process.send_signal(signal.SIGQUIT if process is balancer else signal.SIGTERM)
                process.wait(timeout=60)


def table(rows):
    lines = ["| soak | minutes | RSS at start (MiB) | highest (MiB) | at the end (MiB) | end vs start | what was answered |",
             "| --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    for row in rows:
        if "told" in row:
            answered = (f"Sam's dashboard: {row['answers']}, p99 {row['p99']:.1f} ms; "
                        f"the half-sent connections: {row['told']}")
        else:
            answered = (f"dashboard {row['rates'][0]:,.0f}/s ({row['errors'][0]} errors), "
                        f"Done {row['rates'][1]:,.0f}/s ({row['errors'][1]} errors); "
                        f"the restarted replica at the end: {row['restarted']:.1f} MiB")
        lines.append(f"| {row['soak']} | {row['minutes']} | {row['start']:.1f} | {row['highest']:.1f} | "
                     f"{row['end']:.1f} | {row['end'] / row['start']:.2f} | {answered} |")
    return "\n".join(lines)


def run(aura, content, templates, minutes):
    """The half-sent row, and inside a PostgreSQL cluster the replicas row; each `minutes` long."""
    if not minutes > 0:
        raise bench_serve.ServeSetupError("--soak-minutes must be more than 0")
    folder = Path(tempfile.mkdtemp(prefix="aura-bench-soak-"))
    folder.chmod(0o755)  # nginx's workers run as nobody
    shutil.copytree(content, folder / "Content")
    (folder / "Content" / "planner" / "DEMO.md").unlink(missing_ok=True)
    name = "aura_soak_" + str(os.getpid())
    try:
        rows = [half_sent_heads(aura, folder / "Content", templates, minutes, folder)]
        if os.environ.get("PGHOST"):
            url = bench_serve.household_database(aura, folder, name)
            rows.append(replicas_with_one_killed(aura, folder / "Content", templates, minutes, folder, url))
        return rows
    finally:
        if os.environ.get("PGHOST"):
            bench_serve.drop_database(name)
        shutil.rmtree(folder, ignore_errors=True)
