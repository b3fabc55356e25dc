"""The served app end to end, in a real browser against a real `aura serve`: sign in, type three
lines on the planner, press Plan My Day and see them on the schedule, marked new; mark one Done
and see it done in a second browser; lose the network, snooze one, get it back, and find the
snooze on the server exactly once.

The browser reaches the server through a small loopback proxy written here, so the network can
go away while the page stays open (the server, its port and its state stay as they are): off,
the proxy cuts every open connection and refuses new ones, as a dead network would."""
import datetime
import json
import socket
import sqlite3
import threading

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from aura_served import PASSWORD, Server, morning_somewhere
from conftest import wait

LINES = ["write the zzbrief 45m", "file the zzreceipts 20m", "call the zzplumber 15m"]
TITLES = ["write the zzbrief", "file the zzreceipts", "call the zzplumber"]


class SwitchableProxy:
    """127.0.0.1:<free port> → the server, byte for byte, with an off switch."""

    def __init__(self, target_port):
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self._offline = False
        self._open = set()
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, name="proxy", daemon=True).start()

    @property
    def offline(self):
        return self._offline

    @offline.setter
    def offline(self, value):
        self._offline = bool(value)
        if value:
            with self._lock:
                sockets, self._open = self._open, set()
            for sock in sockets:
                self._cut(sock)

    @staticmethod
    def _cut(sock):
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        sock.close()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return  # closed
            if self._offline:
                self._cut(client)
                continue
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port))
            except OSError:
                self._cut(client)
                continue
            with self._lock:
                self._open |= {client, upstream}
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with self._lock:
                    self._open.discard(sock)
                self._cut(sock)

    def close(self):
        self.offline = True
        self.listener.close()


def serve(root, content_edit):
    server = Server(root, content_edit=content_edit)
    proxy = SwitchableProxy(int(server.url.rsplit(":", 1)[1]))
    return server, proxy


@pytest.fixture
def served(tmp_path):
    server, proxy = serve(tmp_path / "served", morning_somewhere)
    yield server, proxy
    proxy.close()
    server.stop()


def morning_with_no_tasks(content):
    """`morning_somewhere`, with none of the default content's tasks: a block is named for its
    first task, so a new line batched after an older task of its category would mark that older
    block moved, and which older tasks are still open depends on the day the test runs."""
    morning_somewhere(content)
    for name in ("tasks.json", "plan.json"):
        (content / "planner" / name).unlink()
    inbox = content / "planner" / "inbox.md"
    inbox.write_text(inbox.read_text().split("-->")[0] + "-->\n")


@pytest.fixture
def served_empty(tmp_path):
    server, proxy = serve(tmp_path / "served", morning_with_no_tasks)
    yield server, proxy
    proxy.close()
    server.stop()


def click(driver, element):
    """A click on `element` once it is in the middle of the window, clear of sticky bars."""
    # Instantly: the site scrolls smoothly, and a click lands where the element is now.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
    element.click()


def sign_in(driver, url):
    driver.get(url + "/login/")
    wait(driver, lambda d: d.find_elements("id", "sign-in-name"))
    driver.find_element("id", "sign-in-name").send_keys("sam")
    driver.find_element("id", "sign-in-password").send_keys(PASSWORD)
    click(driver, driver.find_element("css selector", "form button[type=submit]"))
    wait(driver, lambda d: "/dashboard/" in d.current_url and d.find_elements("css selector", "[data-aura-live]"),
         message=lambda: f"not signed in: {driver.current_url} {driver.page_source[-3000:]}")


def sync_state(driver):
    return driver.execute_script("return window.Aura && Aura.sync ? Aura.sync.state() : null")


def synced(driver):
    state = sync_state(driver)
    return state if state and state["ready"] and state["pending"] == 0 else None


def open_served(driver, url):
    driver.get(url)
    wait(driver, synced, message=lambda: f"the page never synced: {sync_state(driver)}")


def stored(server):
    return {task["title"]: task for task in json.loads((server.content / "planner" / "tasks.json").read_text())["tasks"]}


def block_of(server, title):
    plan = json.loads((server.content / "planner" / "plan.json").read_text())
    task = stored(server)[title]["id"]
    return next(block["id"] for block in plan["days"][0]["blocks"] if any(t["id"] == task for t in block["tasks"]))


def notice_button(driver, block_id, action):
    return driver.find_element("css selector", f'[data-notification-id="notify-{block_id}"] [data-action="{action}"]')


def test_plan_done_in_a_second_browser_and_a_snooze_made_offline(open_browser, served_empty):
    server, proxy = served_empty
    driver = open_browser()
    sign_in(driver, proxy.url)

    # Three lines, Plan My Day, and the schedule shows them, marked new.
    driver.get(proxy.url + "/planner/")
    wait(driver, lambda d: d.find_elements("id", "inbox-input"))
    field = driver.find_element("id", "inbox-input")
    for line in LINES:  # Enter between the lines: WebKitWebDriver types no "\n"
        field.send_keys(line, Keys.ENTER)
    click(driver, driver.find_element("css selector", "form[action$='/planner/plan'] button[type=submit]"))
    wait(driver, lambda d: d.current_url.endswith("/schedule/") and synced(d),
         message=lambda: f"not on the schedule: {driver.current_url}")
    page = driver.find_element("css selector", "[data-timeline]").text
    assert all(title in page for title in TITLES), page
    assert all(title in stored(server) for title in TITLES), list(stored(server))[-5:]
    blocks = {title: block_of(server, title) for title in TITLES}
    for title, block in blocks.items():
        marked = driver.find_element("css selector", f'[data-timeline] .block[data-block-id="{block}"]')
        assert marked.get_attribute("data-plan-change") == "new", title
        assert "(new)" in marked.get_attribute("textContent")
        # A calm accent inside the box: the block keeps its size and place.
        assert "inset" in marked.value_of_css_property("box-shadow")

    # Done from the notifications page reaches the server...
    done = blocks[TITLES[0]]
    snoozed_title = next((title for title in TITLES if blocks[title] != done), None)
    assert snoozed_title, f"the three lines share one block: {blocks}"
    snoozed = blocks[snoozed_title]
    open_served(driver, proxy.url + "/notifications/")
    click(driver, notice_button(driver, done, "done"))
    wait(driver, lambda d: stored(server)[TITLES[0]]["done"] and synced(d),
         message=lambda: f"Done never reached the server: {sync_state(driver)}")

    # ... and a second browser, signed in on its own, shows it done.
    second = open_browser()
    sign_in(second, proxy.url)
    open_served(second, proxy.url + "/schedule/")
    wait(second, lambda d: "is-done" in d.find_element("css selector", f'[data-timeline] .block[data-block-id="{done}"]').get_attribute("class"),
         message="the second browser does not show the block done")

    # The network goes; a snooze is kept in the page and shown applied.
    proxy.offline = True
    click(driver, notice_button(driver, snoozed, "snooze"))
    wait(driver, lambda d: (sync_state(d) or {}).get("pending") == 1, message=lambda: f"not queued: {sync_state(driver)}")
    assert notice_button(driver, snoozed, "snooze").get_attribute("aria-pressed") == "true"
    assert "snoozedUntil" not in stored(server)[snoozed_title] or stored(server)[snoozed_title]["snoozedUntil"] is None

    # It comes back: the queue is sent once, and the server holds the snooze once.
    proxy.offline = False
    wait(driver, lambda d: (synced(d) or {}).get("replayed") == 1, timeout=30,
         message=lambda: f"the queue was not replayed: {sync_state(driver)}")
    assert stored(server)[snoozed_title]["snoozedUntil"]
    with sqlite3.connect(server.state / "aura.sqlite3") as database:
        answers = [json.loads(row[0]) for row in database.execute("SELECT answer FROM applied_actions")]
    snoozes = [answer for answer in answers if answer.get("snoozedUntil") and answer["id"] in
               (stored(server)[snoozed_title]["id"], "notify-" + snoozed)]
    assert len(snoozes) == 1, answers
    # The page, drawn again from the server's state, still shows it snoozed.
    wait(driver, lambda d: notice_button(d, snoozed, "snooze").get_attribute("aria-pressed") == "true",
         message=lambda: f"not shown snoozed: {sync_state(driver)} {driver.execute_script('return JSON.stringify(localStorage)')} {stored(server)[snoozed_title]} {snoozes} {snoozed}")


WHERE = """var a = document.activeElement, s = document.querySelector('.is-selected'), t = document.querySelector('[data-aura-status]');
return [a && a.outerHTML.slice(0, 120), s && s.outerHTML.slice(0, 150), t && t.textContent];"""


def keys(driver, *pressed):
    actions = ActionChains(driver)
    for key in pressed:
        actions.send_keys(key)
    actions.perform()


def test_k_and_t_act_on_the_server_and_a_newer_plan_waits_for_a_safe_moment(open_browser, served):
    server, proxy = served
    driver = open_browser()
    sign_in(driver, proxy.url)
    open_served(driver, proxy.url + "/schedule/")

    # k: the line goes to the inbox on the server.
    keys(driver, "k")
    field = wait(driver, lambda d: d.find_elements(By.ID, "aura-capture-live-input"))[0]
    field.send_keys("renew the zzlicence 20m", Keys.ENTER)
    wait(driver, lambda d: "Added to your inbox" in d.find_element(By.CSS_SELECTOR, "[data-capture-status]").text,
         message=lambda: driver.find_element(By.CSS_SELECTOR, "[data-capture-status]").text)
    assert "renew the zzlicence 20m" in (server.content / "planner" / "inbox.md").read_text()
    keys(driver, Keys.ESCAPE)
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog[open]"))

    # Planned again elsewhere while the pointer rests on a block: the page hears of it (as its
    # minute's poll would) and reloads only once nothing is hovered, focused or touched.
    elsewhere = server.signed_in()
    assert elsewhere.post(server.url + "/api/plan", json={"inbox": ""}, headers={"Origin": server.url}).status_code == 200
    driver.execute_script("window.__beforeReload = true")
    block = driver.find_element(By.CSS_SELECTOR, "[data-timeline] .block[data-block-id]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", block)
    ActionChains(driver).move_to_element(block).perform()
    driver.execute_script("Aura.sync.flush()")
    wait(driver, lambda d: (sync_state(d) or {}).get("reloadWaiting") and sync_state(d)["blocker"],
         message=lambda: f"no reload waiting: {sync_state(driver)} {driver.execute_script(WHERE)}")
    assert driver.execute_script("return window.__beforeReload") is True
    driver.execute_script("window.scrollTo({top: 0, behavior: 'instant'})")
    ActionChains(driver).move_to_element(driver.find_element(By.CSS_SELECTOR, ".wordmark")).perform()
    wait(driver, lambda d: d.execute_script("return window.__beforeReload") is None and synced(d), timeout=30,
         message=lambda: f"the page did not reload at a safe moment: {sync_state(driver)}")
    assert "renew the zzlicence" in driver.find_element(By.CSS_SELECTOR, "[data-timeline]").text

    # t: today's unfinished one-off tasks move to tomorrow, and today is planned again.
    today = json.loads((server.content / "planner" / "plan.json").read_text())["days"][0]["date"]
    tomorrow = (datetime.date.fromisoformat(today) + datetime.timedelta(days=1)).isoformat()
    driver.execute_script("window.__beforeReload = true")
    keys(driver, "t")
    click(driver, wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#aura-push-live [data-push]"))[0])
    wait(driver, lambda d: d.execute_script("return window.__beforeReload") is None and synced(d), timeout=30,
         message="the page did not reload after the push")
    assert stored(server)["renew the zzlicence"]["date"] == tomorrow
    assert "renew the zzlicence" not in driver.find_element(By.CSS_SELECTOR, "[data-timeline]").text


def test_changes_answered_429_while_earlier_ones_are_being_made_are_sent_again(open_browser, served):
    """Five captures at once while the planner is held by another writer: the server takes three
    in turn and answers 429 to two, which the page keeps and sends again, so each line lands once."""
    server, proxy = served
    driver = open_browser()
    sign_in(driver, proxy.url)
    open_served(driver, proxy.url + "/dashboard/")
    lines = [f"zzcrowd line {number}" for number in range(5)]
    with server.holding_planner("sam"):
        driver.execute_script("arguments[0].forEach(function (line) { Aura.sync.send({ action: 'capture', line: line }); });",
                              lines)
        wait(driver, lambda d: (sync_state(d) or {}).get("pending") == 2, message=lambda: f"not queued: {sync_state(driver)}")
    wait(driver, synced, timeout=30, message=lambda: f"the queue was not sent again: {sync_state(driver)}")
    inbox = (server.content / "planner" / "inbox.md").read_text()
    assert [inbox.count(line) for line in lines] == [1] * 5, inbox
