"""The installed app in Chromium and WebKitGTK: the service worker installs and serves the
planned days offline (and the offline page for anything else), a newer build waits for a safe
moment, the badge follows Done and Snooze, and the one deep-link parser, table-driven.

These tests serve their own copy of the default site, on a server with an offline switch: a
service worker keeps answering when the network is gone, so "offline" here is the server
dropping every connection, as a dead network does, in either engine. Both engines run service
workers on http://127.0.0.1 (WebKitGTK 2.50 does, in its automation session too). Neither
engine has the Badging API as WebDriver drives it, so the badge tests stub it."""
import datetime
import json
import pathlib
import re
import shutil
import subprocess

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import (REPO, SiteServer, aura_binary, epoch_ms, fixed_clock_script, loaded, notification_stub_script,
                      page_errors, settled, wait)


@pytest.fixture
def served(site, tmp_path):
    """A copy of the default site, served for one test (which may switch the server offline or
    rebuild the site into it)."""
    folder = tmp_path / "Public"
    shutil.copytree(site, folder)
    # The build's own record of the site lives beside it (.aura/build/Public/): it goes with the
    # copy, so that a rebuild into the copy knows its files as the build's.
    shutil.copytree(site.parent / ".aura", tmp_path / ".aura")
    server = SiteServer(folder)
    yield server
    server.close()


def version_of(folder):
    text = (pathlib.Path(folder) / "sw.js").read_text(encoding="utf-8")
    match = re.search(r'var VERSION = unescapeHTML\("([^"]*)"\)', text)
    assert match, "sw.js names no version"
    return match.group(1)


def precache_of(folder):
    """The worker's two precache lists: the app shell, which must all be there, and the personal
    files, taken where the host has them."""
    text = (pathlib.Path(folder) / "sw.js").read_text(encoding="utf-8")
    lists = []
    for name in ("SHELL", "PERSONAL"):
        match = re.search(rf"var PRECACHE_{name} = urls\(\[(.*)\]\[0\]\);", text)
        assert match, f"sw.js has no PRECACHE_{name} list"
        lists.append(json.loads(match.group(1)))
    return tuple(lists)


WAIT_FOR_CONTROL = """
var done = arguments[arguments.length - 1];
if (!navigator.serviceWorker) { done(null); return; }
navigator.serviceWorker.ready.then(function (registration) {
  (function check() {
    if (navigator.serviceWorker.controller && registration.active && registration.active.state === "activated") {
      done(registration.active.scriptURL);
    } else {
      setTimeout(check, 50);
    }
  })();
});"""

CACHES = """
var done = arguments[arguments.length - 1];
caches.keys().then(function (names) {
  return Promise.all(names.map(function (name) {
    return caches.open(name).then(function (cache) { return cache.keys(); }).then(function (requests) {
      return [name, requests.map(function (request) { return new URL(request.url).pathname; })];
    });
  }));
}).then(function (pairs) { var out = {}; pairs.forEach(function (p) { out[p[0]] = p[1]; }); done(out); });"""


def install(driver, base, path="dashboard/"):
    """Open a page and wait until the service worker controls it."""
    driver.get(f"{base}/{path}")
    wait(driver, loaded)
    script = driver.execute_async_script(WAIT_FOR_CONTROL)
    assert script == f"{base}/sw.js", f"no service worker took control (got {script!r})"


def go_offline(server):
    server.offline = True


def go_online(server):
    server.offline = False


def page_state(driver):
    return driver.execute_script("""
      var h1 = document.querySelector('h1');
      return { url: location.href, kind: document.body ? document.body.className : '',
               h1: h1 ? h1.textContent.trim() : '',
               styled: Array.prototype.some.call(document.styleSheets, function (s) {
                 try { return !!s.href && s.cssRules.length > 0; } catch (e) { return false; } }) };""")


# ---- The service worker installs and precaches this build ----

def test_service_worker_installs_and_precaches_the_build(open_browser, served):
    driver = open_browser()
    install(driver, served.url)
    version = version_of(served.directory)
    cached = driver.execute_async_script(CACHES)
    assert list(cached) == [f"aura:/:{version}"], "one cache, named by this build"
    shell, personal = precache_of(served.directory)
    wanted = shell + personal
    assert "/offline/" in wanted and "/dashboard/" in wanted and "/week/" in wanted
    missing = sorted(set(wanted) - set(cached[f"aura:/:{version}"]))
    assert missing == [], f"not precached: {missing}"
    # The app shell is in it: the stylesheet, the script, the font and the icons.
    shell = [u for u in wanted if u.startswith("/assets/")]
    assert any(u.endswith(".css") for u in shell) and any(u.endswith(".js") for u in shell)
    assert any(u.endswith(".woff2") for u in shell) and any(u.endswith("icon-192.png") for u in shell)


def test_manifest_and_icons(served):
    manifest = json.loads((served.directory / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"].endswith("/dashboard/")
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    from PIL import Image
    for icon in manifest["icons"]:
        if icon["type"] != "image/png":
            continue
        with Image.open(served.directory / icon["src"].lstrip("/")) as image:
            assert f"{image.width}x{image.height}" == icon["sizes"]
    with Image.open(served.directory / "assets/icons/apple-touch-icon.png") as touch:
        assert touch.size == (180, 180) and touch.mode == "RGB", "the apple-touch-icon has no transparency"
    html = (served.directory / "dashboard" / "index.html").read_text(encoding="utf-8")
    assert '<link rel="apple-touch-icon" href="/assets/icons/apple-touch-icon.png">' in html


# ---- Offline: the planned days load, anything else is the offline page ----

def test_planned_days_load_offline_and_anything_else_shows_the_offline_page(open_browser, served, plan_date):
    driver = open_browser()
    install(driver, served.url)
    # A culture entry read while online stays readable offline; one never opened does not.
    driver.get(f"{served.url}/culture/hamlet/")
    wait(driver, loaded)
    read_title = page_state(driver)["h1"]

    go_offline(served)
    try:
        for path, kind in [("dashboard/", "page--dashboard"), ("schedule/", "page--schedule"),
                           (f"schedule/{plan_date}/", "page--schedule"), ("week/", "page--week"),
                           ("focus/", "page--focus"), ("notifications/", "page--notifications"),
                           ("reflections/", "page--reflections"), ("planner/", "page--planner")]:
            driver.get(f"{served.url}/{path}")
            wait(driver, loaded)
            state = page_state(driver)
            assert state["url"] == f"{served.url}/{path}"
            assert kind in state["kind"], f"{path} did not load offline: {state}"
            assert state["styled"], f"{path} loaded offline without its stylesheet"

        driver.get(f"{served.url}/culture/hamlet/")
        wait(driver, loaded)
        assert page_state(driver)["h1"] == read_title

        for path in ["no-such-page/", "culture/waiting-for-godot/", "schedule/2026-01-01/"]:
            driver.get(f"{served.url}/{path}")
            wait(driver, loaded)
            state = page_state(driver)
            assert "page--offline" in state["kind"], f"{path}: {state}"
            assert state["h1"] == "You are offline" and state["styled"]
            assert state["url"] == f"{served.url}/{path}", "the offline page answers in place"
        links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "main a.quick-links__link")]
        assert links == [f"{served.url}/dashboard/", f"{served.url}/schedule/"]
        driver.find_element(By.LINK_TEXT, "Schedule").click()
        wait(driver, lambda d: "page--schedule" in page_state(d)["kind"])
    finally:
        go_online(served)

    # Back online, pages come from the network again (and unknown ones are the server's 404).
    driver.get(f"{served.url}/no-such-page/")
    wait(driver, loaded)
    assert "page--offline" not in page_state(driver)["kind"]


# ---- A newer build waits for a safe moment ----

def rebuild(served, tmp_path, note):
    """A newer build of the same site, written into the served folder: one template changed."""
    templates = tmp_path / f"Templates-{note}"
    if not templates.exists():
        shutil.copytree(REPO / "Templates", templates)
        offline = templates / "pages" / "offline.mustache"
        offline.write_text(offline.read_text(encoding="utf-8") + f"<!-- {note} -->\n", encoding="utf-8")
    before = version_of(served.directory)
    subprocess.run([str(aura_binary()), "build", "--content", str(REPO / "Content"), "--templates", str(templates),
                    "--output", str(served.directory), "--quiet"], check=True, cwd=REPO)
    after = version_of(served.directory)
    assert after != before, "the rebuild did not change sw.js's version"
    return after


def app_state(driver):
    return driver.execute_script("return window.Aura && Aura.app ? Aura.app.state() : null")


def check_for_update(driver):
    driver.execute_async_script("""
      var done = arguments[arguments.length - 1];
      navigator.serviceWorker.getRegistration().then(function (r) { return r.update(); }).then(function () { done(); }, function () { done(); });""")


def mark_page(driver):
    driver.execute_script("window.__samePage = true;")


def same_page(driver):
    return driver.execute_script("return window.__samePage === true")


def updated_lines(driver):
    return driver.execute_script("""
      return Array.prototype.map.call(document.querySelectorAll('[aria-live=polite].app-update'),
        function (line) { return line.textContent; });""")


def kept_waiting_by(driver, blockers):
    """Wait until a safe-moment check (the app makes one every half second while a newer build
    waits) kept the build waiting for exactly `blockers`, and nothing else: "touched less than
    four seconds ago" must have passed too, so this is the moment it would otherwise apply."""
    def decided(d):
        state = app_state(d) or {}
        return state if (state.get("lastCheck") or {}).get("blockers") == blockers else False
    return wait(driver, decided, timeout=30, message=lambda: f"no check was held back by {blockers} alone: {app_state(driver)}")


def activated_in_a_new_document(driver):
    """The controlling worker is activated, as a freshly loaded document sees it. (WebKitGTK 2.50
    never moves on the state of a worker object that a document was given while the worker was
    still activating: that document reads "activating" for good, a later one "activated".)"""
    if driver.execute_script("return navigator.serviceWorker.controller.state") == "activated":
        return True
    driver.refresh()
    wait(driver, loaded)
    return False


def reloaded_by_the_update(driver):
    """Wait for the update's reload and return what it decided ({ idle, onArrival })."""
    wait(driver, lambda d: not same_page(d), timeout=30, message="the update never applied")
    wait(driver, loaded)
    wait(driver, lambda d: updated_lines(d) == ["The plan was updated."], message="no quiet line after the update")
    return app_state(driver)["updated"]


def test_a_newer_build_waits_while_a_field_is_focused_or_holds_text(open_browser, served, tmp_path):
    driver = open_browser()
    install(driver, served.url, "planner/")
    old = version_of(served.directory)
    mark_page(driver)
    field = driver.find_element(By.ID, "inbox-input")
    heading = driver.find_element(By.CSS_SELECTOR, "h1")
    field.click()

    new = rebuild(served, tmp_path, "focus")
    check_for_update(driver)
    wait(driver, lambda d: (app_state(d) or {}).get("waiting"), message="the newer build was not detected")
    assert app_state(driver)["blocker"] == "a text field has focus"

    # Focused: left alone for four seconds, the focus alone holds it back.
    state = kept_waiting_by(driver, ["a text field has focus"])
    assert state["waiting"] and not state["asked"] and state["lastCheck"]["idle"] >= 4000
    assert same_page(driver), "the page reloaded while a field had focus"
    assert driver.execute_async_script(CACHES).keys() == {f"aura:/:{old}", f"aura:/:{new}"}, \
        "the newer build should be installed and waiting, the older still in use"

    # Unsaved text, focus gone: still nothing.
    field.send_keys("call Sam friday")
    heading.click()
    state = kept_waiting_by(driver, ["a text field holds unsaved text"])
    assert same_page(driver), "the page reloaded while a field held unsaved text"
    assert not state["asked"]

    # Emptied and left: it applies only once nothing was touched for four seconds.
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    assert field.get_attribute("value") == ""
    heading.click()
    decision = reloaded_by_the_update(driver)
    assert decision["idle"] >= 4000, f"applied after {decision['idle']} ms untouched, not four seconds"
    assert decision["onArrival"] is False
    # The page reloads as the newer worker takes control, which is as it starts activating: the
    # older build's cache goes while it activates.
    wait(driver, lambda d: d.execute_async_script(CACHES).keys() == {f"aura:/:{new}"},
         message="the older build's cache is still there")
    # One line, once: a reload does not repeat it. The line is put in as the app script runs, so
    # by the time the document is complete it is there or it will not come.
    driver.refresh()
    wait(driver, loaded)
    assert app_state(driver)["announced"] is False
    assert updated_lines(driver) == []
    wait(driver, activated_in_a_new_document, message="the newer build never finished activating")


def test_a_newer_build_waits_for_a_hovered_row(open_browser, served, tmp_path, plan_date):
    driver = open_browser()
    install(driver, served.url, f"schedule/{plan_date}/")
    mark_page(driver)
    block = driver.find_element(By.CSS_SELECTOR, "[data-block-id]")
    # The pointer can only go where the viewport is (WebKitGTK holds WebDriver to that; Chromium scrolls).
    driver.execute_script("arguments[0].scrollIntoView({ block: 'center' })", block)
    ActionChains(driver).move_to_element(block).perform()
    rebuild(served, tmp_path, "hover")
    check_for_update(driver)
    wait(driver, lambda d: (app_state(d) or {}).get("waiting"))
    state = kept_waiting_by(driver, ["a row is hovered"])
    assert same_page(driver) and not state["asked"]
    heading = driver.find_element(By.CSS_SELECTOR, "h1")
    driver.execute_script("arguments[0].scrollIntoView({ block: 'center' })", heading)
    ActionChains(driver).move_to_element(heading).perform()
    decision = reloaded_by_the_update(driver)
    assert decision["idle"] >= 4000 and decision["onArrival"] is False


def test_a_newer_build_applies_on_the_next_visit(open_browser, served, tmp_path):
    driver = open_browser()
    install(driver, served.url, "reflections/")
    driver.find_element(By.ID, "journal-evening").click()
    new = rebuild(served, tmp_path, "visit")
    check_for_update(driver)
    wait(driver, lambda d: (app_state(d) or {}).get("waiting"))
    # The next visit: another page opened, nothing touched yet.
    driver.get(f"{served.url}/dashboard/")
    wait(driver, lambda d: updated_lines(d) == ["The plan was updated."], timeout=30,
         message="the waiting build was not applied on the next visit")
    assert app_state(driver)["updated"]["onArrival"] is True
    assert driver.current_url == f"{served.url}/dashboard/"
    assert driver.execute_async_script(CACHES).keys() == {f"aura:/:{new}"}


# ---- The badge follows Done and Snooze ----

BADGE_STUB = """(function () {
  var calls = [];
  window.__badge = calls;
  var set = function (n) { calls.push(n === undefined ? null : n); return Promise.resolve(); };
  var clear = function () { calls.push(0); return Promise.resolve(); };
  Object.defineProperty(Navigator.prototype, "setAppBadge", { value: set, configurable: true, writable: true });
  Object.defineProperty(Navigator.prototype, "clearAppBadge", { value: clear, configurable: true, writable: true });
})();"""


def badge_calls(driver):
    return driver.execute_script("return window.__badge.slice()")


def test_badge_follows_done_and_snooze(open_browser, base_url, plan_date, time_zone):
    driver = open_browser(fixed_clock_script(epoch_ms(plan_date, "09:00", time_zone)), BADGE_STUB)
    driver.get(f"{base_url}/notifications/")
    notices = driver.find_elements(By.CSS_SELECTOR, "[data-notice]")
    total = len(notices)
    assert total >= 3
    wait(driver, lambda d: badge_calls(d) == [total], message="the badge was not set on opening")

    def press(index, action):
        count = len(badge_calls(driver))
        button = notices[index].find_element(By.CSS_SELECTOR, f"[data-action={action}]")
        wait(driver, lambda d: button.is_displayed())
        button.click()
        wait(driver, lambda d: len(badge_calls(d)) > count, message=f"{action} did not recompute the badge")
        return badge_calls(driver)[-1]

    assert press(0, "done") == total - 1
    assert press(1, "snooze") == total - 1, "a snoozed task is still open"
    assert press(1, "done") == total - 2, "snoozed, then done"
    assert press(0, "done") == total - 1, "pressing Done again undoes it"
    for index in range(total):
        if "is-done" not in notices[index].get_attribute("class"):
            last = press(index, "done")
    assert last == 0 and badge_calls(driver)[-1] == 0, "cleared at zero"

    # Another page of the app, same browser: the same count from the shared state.
    driver.get(f"{base_url}/dashboard/")
    wait(driver, lambda d: badge_calls(d) == [0])


def test_badge_is_recomputed_when_a_notification_is_shown(open_browser, base_url, site):
    html = (site / "notifications" / "index.html").read_text(encoding="utf-8")
    fire = re.findall(r'data-fire-date="([^"]+)"', html)[0]
    moment = datetime.datetime.fromisoformat(fire.replace("Z", "+00:00"))
    driver = open_browser(fixed_clock_script(int(moment.timestamp() * 1000) - 2500),
                          notification_stub_script("granted", permission="granted"),
                          "localStorage.setItem('aura.notifications.enabled', 'on');", BADGE_STUB)
    driver.get(f"{base_url}/notifications/")
    wait(driver, lambda d: len(badge_calls(d)) == 1)
    wait(driver, lambda d: d.execute_script("return window.__notifyStub.shown.length") >= 1, timeout=15)
    wait(driver, lambda d: len(badge_calls(d)) >= 2, message="showing a notification did not recompute the badge")
    shown = driver.execute_script("return window.__notifyStub.shown[0].options")
    assert shown["silent"] is False, "foreground notifications are shown with sound"


def test_badge_is_skipped_where_the_api_is_absent(open_browser, base_url):
    driver = open_browser("delete Navigator.prototype.setAppBadge; delete Navigator.prototype.clearAppBadge;")
    driver.get(f"{base_url}/notifications/")
    wait(driver, settled)
    notice = driver.find_element(By.CSS_SELECTOR, "[data-notice]")
    notice.find_element(By.CSS_SELECTOR, "[data-action=done]").click()
    wait(driver, lambda d: "is-done" in notice.get_attribute("class"), message="Done did not take")
    wait(driver, settled)
    assert driver.execute_script("return 'setAppBadge' in navigator") is False
    assert page_errors(driver) == []
    # The count is still there for anything that asks.
    assert driver.execute_async_script("var done = arguments[0]; Aura.updateBadge().then(done);") >= 0


# ---- One deep-link parser ----

def route_table(date, block, notice, canonical, base):
    """(url, expected route) rows; `None` for a field means JSON null."""
    schedule = {"kind": "schedule", "date": date, "blockId": None, "anchor": None}
    return [
        ("/schedule/", dict(schedule, date=None)),
        (f"/schedule/{date}/", schedule),
        (f"/schedule/{date}", schedule),
        (f"/schedule/{date}/index.html", schedule),
        (f"/schedule/{date}/#block-{block}", dict(schedule, blockId=block)),
        (f"{base}/schedule/{date}/#block-{block}", dict(schedule, blockId=block)),
        (f"{canonical}schedule/{date}/#block-{block}", dict(schedule, blockId=block)),  # an ICS URL
        (f"/schedule/{date}/#later", dict(schedule, anchor="later")),
        ("./#later", dict(schedule, anchor="later")),  # relative to this schedule page
        (f"/notifications/#notice-{notice}", {"kind": "notification", "id": notice}),
        (f"/notifications/?id={notice}", {"kind": "notification", "id": notice}),
        ("/notifications/", {"kind": "notifications"}),
        ("/culture/hamlet/", {"kind": "culture", "slug": "hamlet"}),
        ("/culture/", {"kind": "culture-list", "facet": None, "value": None}),
        ("/culture/kinds/drama/", {"kind": "culture-list", "facet": "kinds", "value": "drama"}),
        ("/reflections/", {"kind": "reflection", "date": None}),
        (f"/reflections/#reflection-{date}", {"kind": "reflection", "date": date}),
        ("/dashboard/", {"kind": "dashboard"}),
        ("/dashboard", {"kind": "dashboard"}),
        ("/week/", {"kind": "week"}),
        ("/focus/", {"kind": "focus"}),
        ("/", {"kind": "landing"}),
        # Unknown kinds and malformed targets.
        ("/nope/", {"kind": "unknown"}),
        ("/schedule/2026-13-45/", {"kind": "unknown"}),
        ("/schedule/2026-02-30/", {"kind": "unknown"}),
        (f"/schedule/{date}/extra/", {"kind": "unknown"}),
        ("/culture/hamlet/act/one/", {"kind": "unknown"}),
        ("/notifications.json", {"kind": "unknown"}),
        ("https://elsewhere.example/dashboard/", {"kind": "unknown"}),
        ("mailto:someone@example.org", {"kind": "unknown"}),
        ("javascript:alert(1)", {"kind": "unknown"}),
        ("http://[bad", {"kind": "unknown"}),
        ("", {"kind": "unknown"}),
        (None, {"kind": "unknown"}),
    ]


def test_deep_link_parser(open_browser, base_url, plan_date):
    driver = open_browser()
    driver.get(f"{base_url}/schedule/{plan_date}/")
    wait(driver, loaded)
    block = driver.find_element(By.CSS_SELECTOR, ".day-timeline [data-block-id]").get_attribute("data-block-id")
    canonical = driver.find_element(By.CSS_SELECTOR, "link[rel=canonical]").get_attribute("href")
    canonical = re.match(r"https?://[^/]+/", canonical).group(0)
    notice = f"notify-{block}"
    rows = route_table(plan_date, block, notice, canonical, base_url)
    got = driver.execute_script("return arguments[0].map(function (url) { return Aura.route(url); })",
                                [url for url, _ in rows])
    mismatches = [(url, want, have) for (url, want), have in zip(rows, got) if have != want]
    assert mismatches == []


def test_deep_link_resolve(open_browser, base_url, plan_date):
    driver = open_browser()
    driver.get(f"{base_url}/schedule/{plan_date}/")
    wait(driver, loaded)
    block = driver.find_element(By.CSS_SELECTOR, ".day-timeline [data-block-id]").get_attribute("data-block-id")
    here = f"/schedule/{plan_date}/"
    other = f"/schedule/{plan_date[:-2]}{int(plan_date[-2:]) % 28 + 1:02d}/"
    rows = [
        # (url, known block ids or None, where it opens)
        (f"{here}#block-{block}", None, f"{here}#block-{block}"),
        (f"{here}#block-{plan_date}-gone", None, "/dashboard/"),     # removed from this very page
        (f"{other}#block-elsewhere", None, f"{other}#block-elsewhere"),  # another page: trusted
        (f"{other}#block-elsewhere", ["elsewhere"], f"{other}#block-elsewhere"),
        (f"{here}#block-{block}", [], "/dashboard/"),                # the current plan no longer has it
        ("/culture/hamlet/", None, "/culture/hamlet/"),
        ("https://aura.example/culture/hamlet/", None, "/culture/hamlet/"),
        ("/reflections/", None, "/reflections/"),
        ("/notifications/#notice-notify-x", None, "/notifications/#notice-notify-x"),
        ("/nope/", None, "/dashboard/"),
        ("https://elsewhere.example/schedule/", None, "/dashboard/"),
        ("", None, "/dashboard/"),
    ]
    got = driver.execute_script("""
      return arguments[0].map(function (row) {
        return Aura.resolve(Aura.route(row[0]), document, row[1] === null ? undefined : row[1]);
      });""", [[url, known] for url, known, _ in rows])
    assert [(url, have) for (url, _, _), have in zip(rows, got)] == [(url, want) for url, _, want in rows]

    # A copy of the target page (fetched, or from the cache) is checked too.
    fetched = driver.execute_async_script("""
      var url = arguments[0], block = arguments[1], done = arguments[arguments.length - 1];
      fetch(url).then(function (r) { return r.text(); }).then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var live = doc.querySelector("[data-block-id]").getAttribute("data-block-id");
        done([live, Aura.resolve(Aura.route(url + "#block-" + live), doc),
              Aura.resolve(Aura.route(url + "#block-gone"), doc)]);
      });""", other, block)
    assert fetched[1:] == [f"{other}#block-{fetched[0]}", "/dashboard/"]

    # The notification helpers go through the same parser.
    assert driver.execute_script("return Aura.notificationURL({ url: '/nope/' })") == "/dashboard/"


def test_arriving_on_a_vanished_block_opens_the_dashboard(open_browser, base_url, plan_date):
    driver = open_browser()
    driver.get(f"{base_url}/schedule/{plan_date}/#block-{plan_date}-vanished")
    wait(driver, lambda d: d.current_url == f"{base_url}/dashboard/", message="stayed on a vanished block")
    driver.get(f"{base_url}/schedule/{plan_date}/")
    wait(driver, loaded)
    live = driver.find_element(By.CSS_SELECTOR, ".day-timeline [data-block-id]").get_attribute("data-block-id")
    # Arriving, not scrolling within the page: from here the same path with a fragment would be
    # a same-document navigation, which runs no arrival check.
    driver.get(f"{base_url}/dashboard/")
    driver.get(f"{base_url}/schedule/{plan_date}/#block-{live}")
    wait(driver, loaded)
    # The arrival check runs at DOMContentLoaded and says what it decided.
    assert driver.execute_script("return Aura.arrival") == {"kind": "schedule", "checked": True, "replacedBy": None}
    assert driver.current_url == f"{base_url}/schedule/{plan_date}/#block-{live}"
