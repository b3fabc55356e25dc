"""The service worker's Web Push handler in Chromium, driven through the DevTools protocol
(`ServiceWorker.deliverPushMessage`, which hands the worker a push as the browser's push
service would, already decrypted): the reminder is shown with its title, body, tag, both
actions and the address it opens; its Done marks the block's tasks done on the server without
opening a window, for the person the reminder is for; a click takes the open Aura window to the
exact block, even a window the worker does not control yet. (WebKitGTK has no such door; the
server's side of a push is tested against a fake push service in Tests/Server.)

No protocol clicks a notification, so the click is dispatched in the worker itself, through a
DevTools session of its own on the worker's target: an event named `notificationclick` that
carries the shown notification and the action, and collects what the handler waits for. Being
the page's script rather than a person's click, it may not bring a window forward (`focus()`,
`openWindow()`); the handler navigates the open window, which needs no such allowance."""
import json
import urllib.request

import pytest
import websocket
from selenium.common.exceptions import TimeoutException

from conftest import wait
from test_served_actions import open_served, served, sign_in, stored  # noqa: F401 (served: the fixture)

REMINDER = {"id": "notify-2026-12-04-t7", "title": "🧠 Write the brief", "body": "45 min of deep work",
            "url": "/schedule/?profile=sam#block-2026-12-04-t7", "tag": "notify-2026-12-04-t7", "badge": 2,
            "actions": ["done", "snooze"], "profile": "sam"}

SHOWN = """var done = arguments[arguments.length - 1];
navigator.serviceWorker.ready.then(function (registration) { return registration.getNotifications(); })
  .then(function (shown) {
    done(shown.map(function (n) {
      return { title: n.title, body: n.body, tag: n.tag, data: n.data,
               actions: (n.actions || []).map(function (a) { return [a.action, a.title]; }) };
    }));
  }, function (error) { done(String(error)); });"""


def push(driver, origin, payload):
    """Hands the site's service worker a push. The profile is fresh and holds this one
    registration; its number is not exposed to WebDriver, and a number with no registration is
    ignored, so the first few are tried."""
    for registration in range(4):
        driver.execute_cdp_cmd("ServiceWorker.deliverPushMessage",
                               {"origin": origin, "registrationId": str(registration), "data": json.dumps(payload)})


def pushed(driver, origin, payload):
    """Pushes `payload` until the worker shows it, and returns every notification shown then.
    DevTools answers a delivery without saying whether the worker took it, and under load one is
    now and then lost before the worker shows anything; so it is handed again every 2 s, 15 s at
    most. A reminder pushed again replaces itself (the first test checks it is never doubled)."""
    def shown_now(driver):
        shown = driver.execute_async_script(SHOWN)
        return shown if any(n["tag"] == payload["tag"] for n in shown) else None

    for _ in range(8):
        push(driver, origin, payload)
        try:
            return wait(driver, shown_now, timeout=2)
        except TimeoutException:
            pass
    pytest.fail(f"{payload['tag']} never shown: {driver.execute_async_script(SHOWN)}")


def signed_in_with_notifications(open_browser, proxy):
    """A browser signed in on the notifications page, its service worker in control of the
    site, notifications allowed and the worker's DevTools domain on."""
    driver = open_browser()
    sign_in(driver, proxy.url)
    open_served(driver, proxy.url + "/notifications/")
    scope = driver.execute_async_script(
        "var done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(function (r) { done(r.scope); });")
    assert scope == proxy.url + "/"
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": proxy.url, "permissions": ["notifications"]})
    driver.execute_cdp_cmd("ServiceWorker.enable", {})
    return driver


@pytest.mark.parametrize("engine", ["chromium"])
def test_a_pushed_reminder_is_shown_with_done_and_snooze(open_browser, served, engine):
    server, proxy = served
    driver = signed_in_with_notifications(open_browser, proxy)
    shown = pushed(driver, proxy.url, REMINDER)
    assert shown == [{"title": REMINDER["title"], "body": REMINDER["body"], "tag": REMINDER["tag"],
                      "data": {"url": REMINDER["url"], "id": REMINDER["id"], "profile": "sam", "dashboardURL": "/dashboard/"},
                      "actions": [["done", "Done"], ["snooze", "Snooze 15 min"]]}]

    # The same reminder again (a page's own timer, or a push repeated): replaced, never doubled.
    push(driver, proxy.url, REMINDER)
    pushed(driver, proxy.url, dict(REMINDER, id="notify-b", tag="notify-b", title="Second"))
    assert sorted(n["tag"] for n in driver.execute_async_script(SHOWN)) == ["notify-2026-12-04-t7", "notify-b"]


CLICK = """(async function () {
  var shown = await self.registration.getNotifications({ tag: %(tag)s });
  if (shown.length !== 1) return "shown: " + shown.length;
  var waits = [];
  var event = new Event("notificationclick");
  Object.defineProperties(event, {
    notification: { value: shown[0] }, action: { value: %(action)s },
    waitUntil: { value: function (promise) { waits.push(promise); } }
  });
  self.dispatchEvent(event);
  var failed = (await Promise.all(waits.map(function (promise) {
    return promise.then(function () { return null; }, String);
  }))).filter(Boolean);
  return { left: (await self.registration.getNotifications({ tag: %(tag)s })).length, failed: failed };
})()"""


def evaluate(target, expression):
    """`expression`'s value (a promise's, once settled) in a DevTools target, through a session of
    its own."""
    channel = websocket.create_connection(target["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
    try:
        channel.send(json.dumps({"id": 1, "method": "Runtime.evaluate",
                                 "params": {"expression": expression, "awaitPromise": True, "returnByValue": True}}))
        while True:
            message = json.loads(channel.recv())
            if message.get("id") == 1:
                break
    finally:
        channel.close()
    assert "exceptionDetails" not in message["result"], message
    return message["result"]["result"].get("value")


def in_worker(driver, expression):
    """Evaluates `expression` in the site's active service worker (an earlier version of it may
    still be listed, on its way out) and returns its value."""
    address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    with urllib.request.urlopen(f"http://{address}/json/list", timeout=10) as answer:
        workers = [target for target in json.loads(answer.read()) if target["type"] == "service_worker"]
    active = [worker for worker in workers
              if evaluate(worker, "self.registration.active && self.registration.active.scriptURL === self.serviceWorker.scriptURL"
                                  " && self.serviceWorker.state === 'activated'")]
    assert len(active) == 1, workers
    return evaluate(active[0], expression)


def click_in_worker(driver, tag, action):
    """Clicks the notification tagged `tag` (on `action`'s button, or on itself when empty) and
    returns how many such notifications are left and why each promise it waited for failed."""
    return in_worker(driver, CLICK % {"tag": json.dumps(tag), "action": json.dumps(action)})


@pytest.mark.parametrize("engine", ["chromium"])
def test_done_from_a_reminder_acts_on_the_server_and_its_click_opens_the_block(open_browser, served, engine):
    server, proxy = served
    driver = signed_in_with_notifications(open_browser, proxy)
    def done(task_ids):
        by_id = {task["id"]: task for task in stored(server).values()}
        return [by_id[task_id]["done"] for task_id in task_ids]

    plan = json.loads((server.content / "planner" / "plan.json").read_text())
    blocks = [block for block in plan["days"][0]["blocks"]
              if block["tasks"] and not any(done([task["id"] for task in block["tasks"]]))]
    assert len(blocks) >= 2, plan["days"][0]["blocks"]
    first, second = blocks[0], blocks[1]

    def reminder(block):
        return dict(REMINDER, id=f"notify-{block['id']}", tag=f"notify-{block['id']}",
                    url=f"/schedule/?profile=sam#block-{block['id']}", profile="sam")

    # Done from the notification: the block's tasks are done in the store; no window opens.
    pushed(driver, proxy.url, reminder(first))
    # The notification is closed, and nothing the click waited for failed.
    assert click_in_worker(driver, f"notify-{first['id']}", "done") == {"left": 0, "failed": []}
    assert all(done([task["id"] for task in first["tasks"]])), stored(server)
    assert len(driver.window_handles) == 1
    assert driver.current_url == proxy.url + "/notifications/"

    # A click on the notification: the open window goes to that block of the day's schedule,
    # even a window the worker does not control (reloaded past it, as Shift+Reload does, or
    # opened while it was installing), which it takes over first.
    driver.execute_cdp_cmd("Page.reload", {"ignoreCache": True})
    wait(driver, lambda d: d.execute_script(
        "return document.readyState === 'complete' && navigator.serviceWorker.controller === null"),
         message="the hard reload left the page under the worker")
    pushed(driver, proxy.url, reminder(second))
    assert click_in_worker(driver, f"notify-{second['id']}", "") == {"left": 0, "failed": []}
    wait(driver, lambda d: d.current_url == proxy.url + f"/schedule/#block-{second['id']}",
         message=lambda: f"the window is at {driver.current_url}")
    assert driver.find_element("id", f"block-{second['id']}").is_displayed()
    assert not any(done([task["id"] for task in second["tasks"]]))
