"""kill -9 of the server in the middle of 1,000 actions: the store is whole and holds every
action that was answered 2xx."""
import concurrent.futures
import json
import random
import signal
import threading

import requests

from server_support import Server


def test_kill_in_the_middle_of_a_thousand_actions(tmp_path):
    server = Server(tmp_path)
    browser = server.signed_in()
    inbox = "".join(f"file zzform {chr(97 + n // 26 % 26)}{chr(97 + n % 26)}\n" for n in range(200))
    token = server.form_token(browser)
    assert browser.post(server.url + "/planner/plan", data={"csrf": token, "inbox": inbox}, allow_redirects=False).status_code == 303
    store = server.content / "planner" / "tasks.json"
    ids = [task["id"] for task in json.loads(store.read_text())["tasks"] if task["title"].startswith("file zzform")]
    assert len(ids) == 200
    chance = random.Random(3)
    actions = [(chance.choice(ids), chance.choice(["done", "snooze"])) for _ in range(1000)]
    answered = []
    lock = threading.Lock()

    def act(action):
        task, kind = action
        body = {"id": task} if kind == "done" else {"id": task, "minutes": 30}
        try:
            answer = browser.post(server.url + "/api/" + kind, json=body, headers={"Origin": server.url}, timeout=30)
        except requests.RequestException:
            return
        if answer.status_code == 200:
            with lock:
                answered.append(action)
                # Decided under the lock: exactly one answer is the 150th.
                kill_now = len(answered) == 150
            if kill_now:
                server.process.send_signal(signal.SIGKILL)

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(act, actions))
    server.process.wait(timeout=30)
    assert server.process.returncode == -signal.SIGKILL
    assert 150 <= len(answered) < 1000, "the kill did not land in the middle"
    tasks = {task["id"]: task for task in json.loads(store.read_text())["tasks"]}  # whole: it parses
    for task, kind in answered:
        if kind == "done":
            assert tasks[task].get("done") is True, task
        else:
            assert tasks[task].get("snoozedUntil"), task
    leftovers = [path.name for path in store.parent.iterdir() if path.name.endswith(".tmp")]
    assert len(leftovers) <= 1, leftovers  # at most the write the kill cut short, written over next time
