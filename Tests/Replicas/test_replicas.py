"""Three `aura serve` replicas on loopback behind nginx (round robin), one PostgreSQL (the
cluster `pg_virtualenv` starts around this suite, `make test-server`): any replica answers any
request, each person sees their own change on the next page from every replica and never
anyone else's, a replica killed under load loses no acknowledged change and doubles none, and
a reminder a killed replica had claimed is pushed by another, exactly once."""
import concurrent.futures
import functools
import json
import re
import subprocess
import threading
import time

import pytest
import requests

from fake_push import CONTACT, BrowserSubscription, FakePushService
from aura_served import new_postgres_database, postgres_url, sent_until_taken
from aura_test_paths import REPO, aura_binary
from replicas import Household, Nginx, Replica, psql, wait_for


@pytest.fixture
def household(tmp_path):
    return Household(tmp_path, people=["sam", "kim"])


@pytest.fixture
def three(household, tmp_path):
    replicas = [Replica(household, tmp_path / f"replica-{n}") for n in (1, 2, 3)]
    nginx = Nginx(tmp_path / "nginx", replicas)
    yield replicas, nginx
    nginx.stop()
    for replica in replicas:
        replica.kill()


def plan(browser, url, inbox):
    token = form_token(browser, url)
    answer = browser.post(url + "/planner/plan", data={"csrf": token, "inbox": inbox}, allow_redirects=False)
    assert answer.status_code == 303, answer.text
    return answer


def form_token(browser, url):
    return re.search(r'name="csrf" value="([^"]+)"', browser.get(url + "/planner/").text).group(1)


def test_each_person_sees_their_own_change_from_every_replica_and_never_the_others(household, three):
    replicas, nginx = three
    sam, kim = household.signed_in("sam", replicas[0].url), household.signed_in("kim", replicas[1].url)
    for replica in replicas:  # a session made on one replica holds on all
        assert sam.get(replica.url + "/dashboard/", allow_redirects=False).status_code == 200
    plan(sam, replicas[0].url, "zzsam water the plants 20m")
    plan(kim, replicas[2].url, "zzkim call the bank 15m")
    for replica in replicas:
        mine, theirs = sam.get(replica.url + "/schedule/").text, kim.get(replica.url + "/schedule/").text
        assert "zzsam" in mine and "zzkim" not in mine, replica.url
        assert "zzkim" in theirs and "zzsam" not in theirs, replica.url
    # A page kept by one replica is dropped when another changes what it was made from.
    [task] = [t for t in household.tasks("sam") if t["title"].startswith("zzsam")]
    for _ in range(2):
        assert sam.get(replicas[2].url + "/api/state").status_code == 200
        assert "data-done-at" not in sam.get(replicas[2].url + "/schedule/").text
    done = sam.post(replicas[1].url + "/api/done", json={"id": task["id"]}, headers={"Origin": replicas[1].url})
    assert done.status_code == 200, done.text
    assert household.task("sam", task["id"]).get("done") is True
    state = sam.get(replicas[2].url + "/api/state").json()
    assert "done" in [s for day in state["days"].values() for s in day["blocks"].values()], state
    assert "data-done-at" in sam.get(replicas[2].url + "/schedule/").text
    # Signing out through one replica ends the session on all.
    token = form_token(sam, replicas[0].url)
    sam.post(replicas[0].url + "/logout/", data={"csrf": token}, allow_redirects=False)
    for replica in replicas:
        assert sam.get(replica.url + "/dashboard/", allow_redirects=False).status_code == 303, replica.url
    # Through the load balancer, round robin, it is one site.
    kim_again = household.signed_in("kim", nginx.url)
    for _ in range(6):
        assert "zzkim" in kim_again.get(nginx.url + "/schedule/").text


def test_a_replica_killed_under_load_loses_no_acknowledged_change_and_doubles_none(household, three):
    replicas, nginx = three
    sam = household.signed_in("sam", nginx.url)
    plan(sam, nginx.url, "".join(f"file zzload {chr(97 + n // 26)}{chr(97 + n % 26)}\n" for n in range(100)))
    ids = [t["id"] for t in household.tasks("sam") if t["title"].startswith("file zzload")]
    assert len(ids) == 100
    clients = 50
    acknowledged, failed = [], []
    lock = threading.Lock()
    killed = threading.Event()

    def client(number):
        browser = requests.Session()
        browser.cookies.update(sam.cookies)
        mine = ids[number * 2:number * 2 + 2]
        for round in range(12):
            task = mine[round % 2]
            kind = ("done", "undone")[(round // 2) % 2]
            steps = [("POST", "/api/" + kind, {"id": task}), ("GET", "/schedule/", None)]
            if round % 4 == 3:
                steps.append(("POST", "/api/capture", {"line": f"zzcap {number} {round} 10m"}))
            for method, path, body in steps:
                try:
                    # Fifty clients of one person: past three at once on a replica, an action is
                    # answered 429 and sent again, as the page does.
                    answer = sent_until_taken(functools.partial(browser.request, method), nginx.url + path, json=body,
                                              timeout=60, headers={"Origin": nginx.url} if body else {})
                    ok = answer.status_code == 200
                except requests.RequestException:
                    ok = False
                with lock:
                    (acknowledged if ok else failed).append((number, round, method, path, body))
                    kill_now = len(acknowledged) == 300 and not killed.is_set()
                    if kill_now:
                        killed.set()
                if kill_now:
                    replicas[1].kill()

    with concurrent.futures.ThreadPoolExecutor(max_workers=clients) as pool:
        list(pool.map(client, range(clients)))
    assert killed.is_set() and replicas[1].process.poll() is not None
    total = clients * 12 * 2 + clients * 3
    assert len(acknowledged) + len(failed) == total
    # Errors only for what was in flight on the killed replica: at most one per client.
    assert len(failed) <= clients, failed[:5]
    assert len(acknowledged) >= total - clients
    # Every acknowledged Done or Undone is what the store holds, unless a later one on the same
    # task failed (it may or may not have been carried out).
    store = {t["id"]: t for t in household.tasks("sam")}
    outcomes = {}
    for entry in sorted(acknowledged + failed, key=lambda e: (e[0], e[1])):
        number, round, method, path, body = entry
        if method == "POST" and path != "/api/capture":
            outcomes.setdefault(body["id"], []).append((path == "/api/done", entry in acknowledged))
    for task, history in outcomes.items():
        last_known = max(index for index, (_, ok) in enumerate(history) if ok)
        possible = {history[last_known][0]} | {done for done, ok in history[last_known + 1:]}
        assert bool(store[task].get("done")) in possible, (task, history)
    # Each acknowledged capture is kept exactly once; one that failed at most once.
    kept = household.planner_text("sam")
    for number, round, method, path, body in acknowledged + failed:
        if path == "/api/capture":
            count = kept.count(f"zzcap {number} {round} ")
            assert count == 1 if (number, round, method, path, body) in acknowledged else count <= 1, body
    assert len([t for t in store.values() if t["title"].startswith("file zzload")]) == 100


def test_a_reminder_claimed_by_a_replica_that_died_is_pushed_by_another_exactly_once(household, tmp_path):
    service = FakePushService()
    arguments = ["--push-service", service.origin + "/push/", "--push-contact", CONTACT]
    first = Replica(household, tmp_path / "replica-1", arguments, pause_at="push: claimed")
    others = []
    try:
        sam = household.signed_in("sam", first.url)
        browser = BrowserSubscription(service.origin + "/push/phone")
        assert sam.post(first.url + "/api/push/subscriptions", json={"subscription": browser.json},
                        headers={"Origin": first.url}).status_code == 201
        # A block starting in two minutes: its reminder fires then.
        plan(sam, first.url, f"zzremind call the vet at {household.clock_in_site(minutes=2)} 15m")
        first.wait_until_paused()
        others = [Replica(household, tmp_path / f"replica-{n}", arguments) for n in (2, 3)]
        first.kill()
        expected = household.reminder_id("sam", "zzremind")

        def all_pushed():
            held = household.query("SELECT count(*) FROM push_sent WHERE sent = 0")[0][0]
            delivered = [browser.decrypt(body)["id"] for _, _, body, _ in list(service.received)]
            return held == "0" and expected in delivered and delivered

        delivered = wait_for(all_pushed, "the reminder the dead replica held pushed by another", timeout=180)
        assert len(delivered) == len(set(delivered)), f"a reminder pushed twice: {delivered}"
        [(fire, sent)] = household.query(
            "SELECT fire, sent FROM push_sent WHERE notification_id = $1", expected)
        assert sent == "1"
        # Pushed within the ten minutes a reminder may be late (the claim lapsed after 30 s).
        assert time.time() - int(fire) < 10 * 60
    finally:
        service.server.shutdown()
        for replica in [first, *others]:
            replica.kill()


def test_a_database_that_goes_away_is_503_with_retry_after_and_comes_back_without_a_restart(household, tmp_path):
    replica = Replica(household, tmp_path / "replica")
    try:
        sam = household.signed_in("sam", replica.url)
        assert sam.get(replica.url + "/dashboard/").status_code == 200
        psql(f"ALTER DATABASE {household.name} ALLOW_CONNECTIONS false")
        psql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{household.name}'")
        down = sam.get(replica.url + "/api/state")
        assert down.status_code == 503 and down.headers["Retry-After"] == "5", down.text
        assert requests.get(replica.url + "/api/health").status_code == 503
        # Public pages need no database.
        assert requests.get(replica.url + "/culture/").status_code == 200
        psql(f"ALTER DATABASE {household.name} ALLOW_CONNECTIONS true")
        assert sam.get(replica.url + "/api/state").status_code == 200
        assert requests.get(replica.url + "/api/health").status_code == 200
        assert replica.process.poll() is None
    finally:
        replica.kill()


def test_a_replica_refuses_a_database_whose_schema_it_does_not_know_or_a_static_output(tmp_path):
    url = postgres_url(new_postgres_database())
    refused = subprocess.run([str(aura_binary()), "serve", "--database", url, "--content", str(REPO / "Content"),
                              "--templates", str(REPO / "Templates"), "--state", str(tmp_path / "state"),
                              "--listen", "127.0.0.1:0"], capture_output=True, text=True, timeout=60)
    assert refused.returncode == 1 and "run 'aura db migrate --database URL' first" in refused.stderr, refused
    static = subprocess.run([str(aura_binary()), "serve", "--database", url, "--output", str(tmp_path / "Public")],
                            capture_output=True, text=True, timeout=60)
    assert static.returncode == 2 and "--output keeps a static build of Content/planner/" in static.stderr, static
    down = subprocess.run([str(aura_binary()), "serve", "--database", "postgres://nobody@127.0.0.1:1/none",
                           "--state", str(tmp_path / "state")], capture_output=True, text=True, timeout=60)
    assert down.returncode == 1 and down.stderr.startswith("error: cannot connect to PostgreSQL:"), down
