"""The service worker's Web Push handler in Chromium, driven through the DevTools protocol
(`ServiceWorker.deliverPushMessage`, which hands the worker a push as the browser's push
service would, already decrypted): the reminder is shown with its title, body, tag, both
actions and the address it opens. (WebKitGTK has no such door; the server's side of a push is
tested against a fake push service in Tests/Server.)"""
import json

import pytest

from conftest import wait
from test_served_actions import open_served, served, sign_in  # noqa: F401 (served: the fixture)

REMINDER = {"id": "notify-2026-12-04-t7", "title": "🧠 Write the brief", "body": "45 min of deep work",
            "url": "/schedule/?profile=sam#block-2026-12-04-t7", "tag": "notify-2026-12-04-t7", "badge": 2,
            "actions": ["done", "snooze"]}

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


@pytest.mark.parametrize("engine", ["chromium"])
def test_a_pushed_reminder_is_shown_with_done_and_snooze(open_browser, served, engine):
    server, proxy = served
    driver = open_browser()
    sign_in(driver, proxy.url)
    open_served(driver, proxy.url + "/notifications/")
    scope = driver.execute_async_script(
        "var done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(function (r) { done(r.scope); });")
    assert scope == proxy.url + "/"
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": proxy.url, "permissions": ["notifications"]})
    driver.execute_cdp_cmd("ServiceWorker.enable", {})
    push(driver, proxy.url, REMINDER)
    shown = wait(driver, lambda d: d.execute_async_script(SHOWN) or None,
                 message=lambda: f"no notification: {driver.execute_async_script(SHOWN)}")
    assert shown == [{"title": REMINDER["title"], "body": REMINDER["body"], "tag": REMINDER["tag"],
                      "data": {"url": REMINDER["url"], "id": REMINDER["id"], "dashboardURL": "/dashboard/"},
                      "actions": [["done", "Done"], ["snooze", "Snooze 15 min"]]}]

    # The same reminder again (a page's own timer, or a push repeated): replaced, never doubled.
    push(driver, proxy.url, REMINDER)
    push(driver, proxy.url, dict(REMINDER, id="notify-b", tag="notify-b", title="Second"))
    wait(driver, lambda d: len(d.execute_async_script(SHOWN)) == 2,
         message=lambda: f"{driver.execute_async_script(SHOWN)}")
    assert sorted(n["tag"] for n in driver.execute_async_script(SHOWN)) == ["notify-2026-12-04-t7", "notify-b"]
