"""Browser tests for the personal pages: build the default site once, serve it on 127.0.0.1,
and drive headless Chromium through selenium the way ../shared/webcheck/check_a11y.py does
(Debian's chromium and /usr/bin/chromedriver, Selenium Manager kept offline)."""
import datetime
import functools
import http.server
import os
import pathlib
import re
import subprocess
import threading
import zoneinfo

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


def aura_binary():
    configured = os.environ.get("AURA_BIN")
    if configured:
        path = pathlib.Path(configured)
        return path if path.is_absolute() else (REPO / path)
    return REPO / ".build" / "debug" / "aura"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):  # no access log in the test output
        pass


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The default site, built once per session into a temporary folder."""
    aura = aura_binary()
    if not aura.exists():
        pytest.fail(f"{aura} not found: run `swift build --product aura`, or set AURA_BIN")
    output = tmp_path_factory.mktemp("aura") / "Public"
    subprocess.run([str(aura), "build", "--content", str(REPO / "Content"), "--templates", str(REPO / "Templates"),
                    "--output", str(output), "--quiet"], check=True, cwd=REPO)
    return output


@pytest.fixture(scope="session")
def base_url(site):
    """The built site served by http.server in a thread, on a free port."""
    handler = functools.partial(QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, name="http", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def time_zone():
    """The site's time zone, from Content/site.yml."""
    text = (REPO / "Content" / "site.yml").read_text(encoding="utf-8")
    match = re.search(r"^time_zone:\s*['\"]?([A-Za-z_/+-]+)", text, re.M)
    return match.group(1) if match else "UTC"


@pytest.fixture(scope="session")
def plan_date(site):
    """The date the default plan was made for: the day /schedule/ shows."""
    html = (site / "schedule" / "index.html").read_text(encoding="utf-8")
    match = re.search(r'data-timeline data-date="(\d{4}-\d{2}-\d{2})"', html)
    assert match, "schedule/index.html has no timeline"
    return match.group(1)


def epoch_ms(date, clock, zone):
    """Milliseconds since the epoch of `date` (YYYY-MM-DD) at `clock` (HH:MM[:SS]) in `zone`."""
    parts = [int(p) for p in clock.split(":")] + [0]
    day = datetime.date.fromisoformat(date)
    local = datetime.datetime(day.year, day.month, day.day, parts[0], parts[1], parts[2], tzinfo=zoneinfo.ZoneInfo(zone))
    return int(local.timestamp() * 1000)


def fixed_clock_script(ms):
    """Date starts at `ms` and then runs at the real pace."""
    return """(function () {
  var RealDate = Date, start = RealDate.now(), fixed = %d;
  function now() { return fixed + (RealDate.now() - start); }
  class FixedDate extends RealDate {
    constructor() { if (arguments.length === 0) { super(now()); } else { super(...arguments); } }
    static now() { return now(); }
  }
  window.Date = FixedDate;
})();""" % ms


def notification_stub_script(result, permission="default"):
    """A stand-in for the Notification API that counts requestPermission() calls."""
    return """(function () {
  var state = { calls: 0, permission: %r, result: %r, shown: [] };
  function StubNotification(title, options) {
    state.shown.push({ title: title, options: options || {} });
    this.title = title;
    this.data = options && options.data;
  }
  StubNotification.prototype.close = function () {};
  Object.defineProperty(StubNotification, "permission", { get: function () { return state.permission; } });
  StubNotification.requestPermission = function (callback) {
    state.calls += 1;
    state.permission = state.result;
    if (callback) callback(state.result);
    return Promise.resolve(state.result);
  };
  Object.defineProperty(window, "Notification", { value: StubNotification, configurable: true, writable: true });
  window.__notifyStub = state;
})();""" % (permission, result)


INSTANT_SCROLL = """document.addEventListener("DOMContentLoaded", function () {
  var style = document.createElement("style");
  style.textContent = "html { scroll-behavior: auto !important; }";
  document.head.appendChild(style);
});"""


@pytest.fixture
def open_browser(time_zone):
    """Start a fresh headless Chromium (its own empty profile, so its own localStorage)
    with the site's time zone and any scripts to run before each page's own."""
    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager download anything
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    drivers = []

    def start(*scripts, width=1280, height=900, downloads=None):
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-extensions", "--disable-background-networking", "--mute-audio",
                     f"--window-size={width},{height}"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
        drivers.append(driver)
        driver.set_page_load_timeout(30)
        driver.set_script_timeout(30)
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": time_zone})
        if downloads:
            driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
        # The theme scrolls smoothly; selenium clicks where an element is, not where it is going.
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": INSTANT_SCROLL})
        for script in scripts:
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
        return driver

    yield start
    for driver in drivers:
        driver.quit()
