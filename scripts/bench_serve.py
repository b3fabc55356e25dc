"""The `serve` rows of `make bench`: `aura serve` under wrk on loopback, beside nginx serving the
same built files (see bench/README.md, "aura serve").

Both servers get the default site: aura serve answers a personal page (/dashboard/ for a
signed-in cookie), the pages' state, a Done and a fingerprinted stylesheet; nginx (an unprivileged
temporary configuration on loopback, no access log, sendfile) answers the same stylesheet and
the dashboard's pre-built file from the same folder. Each target gets one wrk run of
CONNECTIONS connections for SECONDS seconds (at most 20) after a 2-second warm-up; the row keeps
requests/s, p99 latency, errors (non-2xx answers and socket errors) and the server's peak
resident memory (VmHWM, summed over nginx's processes).

Inside a PostgreSQL cluster (`make bench` runs under `pg_virtualenv`, so PGHOST is set), the
same household is moved into a fresh database (`aura db import`) and three more replicas serve
it (`--database`): one answers the dashboard and Done on its own, then nginx spreads the
dashboard over one of them, and over all three, round robin.

The Done rows mark the tasks of DONE_PEOPLE, 64 people signed in, in turn (a person's actions
take turns on the server, three at a time).

The rounds rows time what a person waits for after a Done: one connection, as a browser keeps it,
sends POST /api/done (then /api/undone, in turn) and GET /dashboard/, ROUNDS times; the row keeps
the median and the 90th percentile of each pair, for the household's owner (the first task of the
day Content/planner/ plans) and for a person with a planner of their own (p01).

The hostile neighbour row is Sam's dashboard on a server of its own while another signed-in
person makes it wait on a push service that never answers and upload heavy calendars
(`hostile_neighbour_row`).
"""

import http.client
import http.cookiejar
import http.server
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

CONNECTIONS = 32
ROUNDS = 120
PASSWORD = "bench password, long enough"


class ServeSetupError(Exception):
    pass


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def peak_memory_kib(pid):
    """VmHWM of a process and its children, in KiB."""
    total = 0
    for process in [pid, *children(pid)]:
        status = Path(f"/proc/{process}/status").read_text()
        total += int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1))
    return total


def children(pid):
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        listed = (task / "children").read_text().split()
        found += [int(child) for child in listed]
    return found


def wrk(url, seconds, cookie=None, script=None):
    """One bounded wrk run (a GET, or what the Lua `script` sends); returns requests/s, p99 (ms) and errors."""
    header = ["-H", f"Cookie: {cookie}"] if cookie else []
    shown = ["-H", "'Cookie: aura_session=…'"] if cookie else []
    header += ["-s", str(script)] if script else []
    shown += ["-s", "done.lua"] if script else []
    command = ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency", "--timeout", "10s", *header, url]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    command_shown = ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency", "--timeout", "10s", *shown, "URL"]
    return {**wrk_figures(out), "command": " ".join(command_shown)}


def wrk_figures(out):
    """Requests/s, p99 (ms) and errors (socket errors and non-2xx/3xx answers) from wrk's output
    (run with --latency)."""
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"^\s+99%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
    p99_ms = float(p99.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    non_success = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors += int(non_success.group(1)) if non_success else 0
    return {"rate": rate, "p99": p99_ms, "errors": errors}


def wait_until_listening(port, process, what):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServeSetupError(f"{what} exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise ServeSetupError(f"{what} did not listen on {port}")


# The people whose Dones the Done rows send, each marking their own task: a person's actions take
# turns on the server (three at a time), so one person's thirty-two connections would be answered
# 429 but for three.
DONE_PEOPLE = [f"p{n:02d}" for n in range(1, 65)]


def start_aura(aura, folder, content, templates, arguments=(), people=("sam",), with_a_task=()):
    """aura serve on `content` with `people` who may sign in (the first one the owner), and
    `with_a_task` more, each with one task of their own planned (id t1)."""
    state = folder / "state"
    for name in [*people, *with_a_task]:
        subprocess.run([str(aura), "user", "add", name, "--password-stdin", "--state", str(state)],
                       input=PASSWORD + "\n", capture_output=True, text=True, check=True)
    for name in with_a_task:
        for command in (["add", "file the bench receipts 30m"], ["plan", "--quiet"]):
            subprocess.run([str(aura), *command, "--user", name, "--state", str(state), "--content", str(content)],
                           capture_output=True, check=True)
    process = subprocess.Popen([str(aura), "serve", "--content", str(content), "--templates", str(templates),
                                "--listen", "127.0.0.1:0", "--state", str(state), "--quiet", *arguments],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    match = re.search(r"at (http://127\.0\.0\.1:\d+)/", process.stdout.readline())
    if not match:
        process.kill()
        raise ServeSetupError("aura serve did not start")
    # aura serve keeps its site in memory: nginx gets the same content built to files.
    built = folder / "built"
    subprocess.run([str(aura), "build", "--content", str(content), "--templates", str(templates),
                    "--output", str(built), "--quiet"], capture_output=True, check=True)
    for path in [built, *built.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)  # nginx's workers run as nobody
    return process, match.group(1), built


def sign_in(base, name="sam"):
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    form = opener.open(base + "/login/").read().decode()
    token = re.search(r'name="csrf" value="([^"]+)"', form).group(1)
    body = urllib.parse.urlencode({"csrf": token, "name": name, "password": PASSWORD}).encode()
    opener.open(base + "/login/", data=body)
    session = next(cookie for cookie in jar if cookie.name == "aura_session")
    return f"aura_session={session.value}"


def start_nginx(folder, site):
    port = free_port()
    temp = folder / "nginx"
    temp.mkdir()
    user = "user nobody nogroup;\n" if os.geteuid() == 0 else ""
    (temp / "nginx.conf").write_text(f"""{user}worker_processes auto;
daemon off;
pid {temp}/nginx.pid;
error_log {temp}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {site};
        location / {{ try_files $uri $uri/ =404; }}
    }}
}}
""")
    process = subprocess.Popen(["nginx", "-c", str(temp / "nginx.conf"), "-e", str(temp / "error.log")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wait_until_listening(port, process, "nginx")
    return process, f"http://127.0.0.1:{port}"


def open_connections(port):
    """Connections the server at `port` still holds open (ESTABLISHED or CLOSE_WAIT), from /proc/net/tcp."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            if int(local.split(":")[1], 16) == port and state in ("01", "08"):
                count += 1
    return count


def settled(url):
    """Waits until the previous run's connections are gone: aura serve allows 64 per address,
    and wrk's 64 new ones must not be refused while the old ones are still being closed."""
    port = urllib.parse.urlsplit(url).port
    deadline = time.monotonic() + 30
    while open_connections(port) and time.monotonic() < deadline:
        time.sleep(0.05)


def measure(name, target, url, seconds, pid, cookie=None, script=None):
    settled(url)
    wrk(url, 2, cookie, script)  # warm-up: caches, connections, the first render
    settled(url)
    row = wrk(url, seconds, cookie, script)
    row.update(server=name, target=target, memory=peak_memory_kib(pid) / 1024)
    return row


def run(aura, content, templates, seconds):
    """The four serve rows (aura and nginx, personal page and asset)."""
    if not 1 <= seconds <= 20:
        raise ServeSetupError("--serve-seconds must be between 1 and 20")
    for tool in ("wrk", "nginx"):
        if shutil.which(tool) is None:
            raise ServeSetupError(f"{tool} is not installed (scripts/deps.sh bench installs it)")
    folder = Path(tempfile.mkdtemp(prefix="aura-bench-serve-"))
    folder.chmod(0o755)  # nginx's workers run as nobody
    shutil.copytree(content, folder / "Content")
    # A household's content: its one person plans in it (the demo day's mark would give them an
    # empty planner of their own, where the Done row's task is not).
    (folder / "Content" / "planner" / "DEMO.md").unlink(missing_ok=True)
    aura_process = nginx_process = None
    try:
        aura_process, aura_url, site = start_aura(aura, folder, folder / "Content", templates, with_a_task=DONE_PEOPLE)
        cookie = sign_in(aura_url)
        landing = urllib.request.urlopen(aura_url + "/").read().decode()
        asset = re.search(r'href="(/assets/aura\.[a-z]+\.[0-9a-f]+\.css)"', landing).group(1)
        nginx_process, nginx_url = start_nginx(folder, site)
        done = done_script(folder, aura_url)
        rows = [measure("aura serve", "/dashboard/ (signed in)", aura_url + "/dashboard/", seconds, aura_process.pid, cookie),
                measure("aura serve", "/api/state (signed in)", aura_url + "/api/state", seconds, aura_process.pid, cookie),
                measure("aura serve", "POST /api/done (64 people signed in)", aura_url + "/api/done", seconds,
                        aura_process.pid, script=done),
                measure("aura serve", asset, aura_url + asset, seconds, aura_process.pid)]
        rows += [measure("nginx", "/dashboard/ (the built file)", nginx_url + "/dashboard/", seconds, nginx_process.pid),
                 measure("nginx", asset, nginx_url + asset, seconds, nginx_process.pid)]
        first_task = json.loads((folder / "Content" / "planner" / "plan.json").read_text())["days"][0]["blocks"]
        owners = next(task["id"] for block in first_task for task in block.get("tasks", []))
        rows += [done_then_dashboard("aura serve", "the household's owner", aura_url, cookie, owners),
                 done_then_dashboard("aura serve", "a person with a planner of their own", aura_url,
                                     sign_in(aura_url, DONE_PEOPLE[0]), "t1")]
        rows.append(hostile_neighbour_row(aura, folder, templates, seconds))
        if os.environ.get("PGHOST"):
            rows += database_rows(aura, folder, templates, seconds)
        return rows
    finally:
        for process in (aura_process, nginx_process):
            if process and process.poll() is None:
                process.send_signal(signal.SIGTERM if process is aura_process else signal.SIGQUIT)
                process.wait(timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def hostile_neighbour_row(aura, folder, templates, seconds):
    """Sam's dashboard while Mal, another signed-in person, does what cost everyone before: test
    pushes to 20 subscriptions at a push service that never answers, eight at a time, and
    calendars of 100 hourly events counted to 9,999 uploaded again and again."""
    released = threading.Event()

    class Hanging(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            released.wait()
            self.send_response(201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *arguments):
            pass

    service = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hanging)
    threading.Thread(target=service.serve_forever, daemon=True).start()
    push_service = f"http://127.0.0.1:{service.server_address[1]}/push/"
    hostile = folder / "hostile"
    shutil.copytree(folder / "Content", hostile / "Content")
    process, base, _ = start_aura(aura, hostile, hostile / "Content", templates, people=("sam", "mal"),
                                  arguments=["--push-service", push_service, "--push-contact", "mailto:bench@aura-bench.dev"])
    stop = threading.Event()
    try:
        sam, mal = sign_in(base), sign_in(base, "mal")
        headers = {"Cookie": mal, "Origin": base, "Content-Type": "application/json"}
        point = json.loads(urllib.request.urlopen(urllib.request.Request(
            base + "/api/push/key", headers={"Cookie": mal})).read())["publicKey"]  # a point on P-256
        for n in range(20):
            subscription = {"endpoint": f"{push_service}{n}", "keys": {"p256dh": point, "auth": "AAAAAAAAAAAAAAAAAAAAAA"}}
            urllib.request.urlopen(urllib.request.Request(base + "/api/push/subscriptions", headers=headers,
                                                          data=json.dumps({"subscription": subscription}).encode()))
        events = "".join(f"BEGIN:VEVENT\r\nUID:{n}@bench\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260101T000000Z\r\n"
                         f"DURATION:PT5M\r\nRRULE:FREQ=HOURLY;COUNT=9999\r\nSUMMARY:ping {n}\r\nEND:VEVENT\r\n"
                         for n in range(100))
        calendar = f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n{events}END:VCALENDAR\r\n".encode()

        def attack(kind):
            while not stop.is_set():
                try:
                    if kind == "push":
                        urllib.request.urlopen(urllib.request.Request(base + "/api/push/test", data=b"{}", headers=headers),
                                               timeout=60).read()
                    else:
                        form = urllib.request.urlopen(urllib.request.Request(base + "/account/", headers={"Cookie": mal}))
                        token = re.search(r'name="csrf" value="([^"]+)"', form.read().decode()).group(1)
                        boundary = "aurabench"
                        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{token}\r\n"
                                f"--{boundary}\r\nContent-Disposition: form-data; name=\"calendar\"; filename=\"c.ics\"\r\n"
                                f"Content-Type: text/calendar\r\n\r\n").encode() + calendar + f"\r\n--{boundary}--\r\n".encode()
                        urllib.request.urlopen(urllib.request.Request(
                            base + "/account/calendar", data=body,
                            headers={"Cookie": mal, "Origin": base,
                                     "Content-Type": f"multipart/form-data; boundary={boundary}"}), timeout=60).read()
                except OSError:
                    time.sleep(0.05)  # refused (429/503) or cut off: the attacker just tries again

        attackers = [threading.Thread(target=attack, args=("push" if n < 8 else "calendar",), daemon=True)
                     for n in range(10)]
        for attacker in attackers:
            attacker.start()
        row = measure("aura serve", "/dashboard/ (signed in, a hostile neighbour)", base + "/dashboard/", seconds,
                      process.pid, sam)
        return row
    finally:
        stop.set()
        released.set()  # the pushes waiting are answered, and the server can stop
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)
        service.shutdown()


def household_database(aura, folder, name):
    """A fresh database `name` on the cluster the PG* variables name, holding the household in
    `folder` (its state and Content), as `aura db import` moves it; its libpq URL."""
    subprocess.run(["psql", "-q", "-c", f"DROP DATABASE IF EXISTS {name}", "-c", f"CREATE DATABASE {name}"],
                   check=True, capture_output=True)
    environment = os.environ
    url = (f"postgres://{environment['PGUSER']}:{environment['PGPASSWORD']}@{environment['PGHOST']}:"
           f"{environment['PGPORT']}/{name}")
    for command in (["db", "migrate", "--database", url],
                    ["db", "import", "--database", url, "--state", str(folder / "state"), "--content",
                     str(folder / "Content")]):
        subprocess.run([str(aura), *command], check=True, capture_output=True)
    return url


def drop_database(name):
    subprocess.run(["psql", "-q", "-c", f"DROP DATABASE IF EXISTS {name}"], capture_output=True)


def database_rows(aura, folder, templates, seconds):
    """The household in PostgreSQL behind three replicas: the dashboard and Done through one,
    and the dashboard through nginx in front of all three."""
    name = "aura_bench_" + str(os.getpid())
    url = household_database(aura, folder, name)
    content = folder / "Content"
    replicas, balancers = [], []
    try:
        for number in range(3):
            replicas.append(start_replica(aura, content, templates, url, folder / f"replica-{number}"))
        process, base = replicas[0]
        cookie = sign_in(base)
        rows = [measure("aura serve (PostgreSQL)", "/dashboard/ (signed in)", base + "/dashboard/", seconds,
                        process.pid, cookie),
                measure("aura serve (PostgreSQL)", "POST /api/done (64 people signed in)", base + "/api/done", seconds,
                        process.pid, script=done_script(folder, base))]
        # The proxy's hop costs the same in front of one replica as of three: what three add is
        # the difference between these two rows.
        for count in (1, 3):
            balancer, balanced = start_balancer(folder / f"to-{count}", [base for _, base in replicas[:count]])
            balancers.append(balancer)
            rows.append(measure(f"nginx → {count} replica{'s' if count > 1 else ''} (PostgreSQL)",
                                "/dashboard/ (signed in)", balanced + "/dashboard/", seconds, process.pid, cookie))
        return rows
    finally:
        for process in balancers + [process for process, _ in replicas]:
            if process.poll() is None:
                process.send_signal(signal.SIGQUIT if process in balancers else signal.SIGTERM)
                process.wait(timeout=60)
        drop_database(name)


def start_replica(aura, content, templates, url, state, listen="127.0.0.1:0"):
    """A replica serving the database at `url`; the process and its base URL."""
    process = subprocess.Popen([str(aura), "serve", "--content", str(content), "--templates", str(templates),
                                "--database", url, "--listen", listen, "--state", str(state), "--quiet"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    match = re.search(r"at (http://127\.0\.0\.1:\d+)/", process.stdout.readline())
    if not match:
        process.kill()
        raise ServeSetupError("aura serve --database did not start")
    return process, match.group(1)


def start_balancer(folder, upstreams):
    """nginx proxying to `upstreams` round robin, with kept connections."""
    port = free_port()
    temp = folder / "balancer"
    temp.mkdir(parents=True)
    servers = "".join(f"        server {urllib.parse.urlsplit(url).netloc};\n" for url in upstreams)
    (temp / "nginx.conf").write_text(f"""worker_processes auto;
daemon off;
pid {temp}/nginx.pid;
error_log {temp}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    upstream aura {{
{servers}        keepalive 64;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://aura;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
        }}
    }}
}}
""")
    process = subprocess.Popen(["nginx", "-c", str(temp / "nginx.conf"), "-e", str(temp / "error.log")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wait_until_listening(port, process, "nginx in front of the replicas")
    return process, f"http://127.0.0.1:{port}"


def done_then_dashboard(name, person, base, cookie, task):
    """ROUNDS pairs of a Done (or an Undone) of `task` and the dashboard after it, on one kept
    connection: the median and 90th percentile of a pair, in ms."""
    address = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
    headers = {"Cookie": cookie, "Origin": base}

    def ask(method, path, body=None):
        connection.request(method, path, body=body, headers=headers | ({"Content-Type": "application/json"}
                                                                         if body else {}))
        answer = connection.getresponse()
        answer.read()
        if answer.status != 200:
            raise ServeSetupError(f"{method} {path} answered {answer.status}")

    pairs = []
    for number in range(ROUNDS):
        started = time.perf_counter()
        ask("POST", "/api/undone" if number % 2 else "/api/done", json.dumps({"id": task}))
        ask("GET", "/dashboard/")
        pairs.append((time.perf_counter() - started) * 1000)
    connection.close()
    pairs.sort()
    return {"server": name, "target": f"a Done, then /dashboard/ ({person})", "rounds": ROUNDS,
            "median": pairs[len(pairs) // 2], "p90": pairs[int(len(pairs) * 0.9)]}


def done_script(folder, base):
    """A wrk Lua script that marks Done, again and again, the task of each of DONE_PEOPLE in
    turn (each signed in at `base`), as the pages' script does (JSON, same origin): each one a
    real action, read back and written. wrk's two threads start half the list apart."""
    cookies = [sign_in(base, name) for name in DONE_PEOPLE]
    script = folder / f"done-{urllib.parse.urlsplit(base).port}.lua"
    listed = ", ".join(f'"{cookie}"' for cookie in cookies)
    script.write_text(f"""local cookies = {{{listed}}}
local threads = 0
function setup(thread)
    thread:set("turn", threads * {len(cookies) // 2})
    threads = threads + 1
end
function request()
    turn = turn + 1
    return wrk.format("POST", nil, {{["Cookie"] = cookies[turn % #cookies + 1],
        ["Content-Type"] = "application/json", ["Origin"] = "{base}"}}, '{{"id": "t1"}}')
end
""")
    return script


def table(rows):
    """Markdown tables: wrk's rows, where aura's carry the ratio to nginx on the same kind of
    target and the rate's ratio to nginx's stylesheet (the issue's yardstick for every row); then
    the rounds rows."""
    rounds = [row for row in rows if "rounds" in row]
    rows = [row for row in rows if "rounds" not in row]
    nginx = {("page" if "dashboard" in r["target"] else "asset"): r for r in rows if r["server"] == "nginx"}
    kind = {"/dashboard/ (signed in)": "page", "/api/state (signed in)": "page",
            "POST /api/done (64 people signed in)": "page"}
    lines = ["| server | target | requests/s | p99 (ms) | errors | peak RSS (MiB) | req/s vs nginx | p99 vs nginx "
             "| req/s vs nginx's stylesheet |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for row in rows:
        other = nginx[kind.get(row["target"], "page" if "dashboard" in row["target"] else "asset")]
        ratios = ("—", "—", "—") if row["server"] == "nginx" else (
            f"{row['rate'] / other['rate']:.2f}", f"{row['p99'] / other['p99']:.1f}",
            f"{row['rate'] / nginx['asset']['rate']:.2f}")
        lines.append(f"| {row['server']} | {row['target']} | {row['rate']:,.0f} | {row['p99']:.2f} | {row['errors']} | "
                     f"{row['memory']:.1f} | {ratios[0]} | {ratios[1]} | {ratios[2]} |")
    if rounds:
        lines += ["", "| server | what a person waits for | rounds | median (ms) | p90 (ms) |",
                  "| --- | --- | ---: | ---: | ---: |"]
        lines += [f"| {row['server']} | {row['target']} | {row['rounds']} | {row['median']:.2f} | {row['p90']:.2f} |"
                  for row in rounds]
    return "\n".join(lines)
