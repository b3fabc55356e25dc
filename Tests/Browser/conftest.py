"""Browser tests for the personal pages, in two engines: headless Chromium (Debian's chromium and
/usr/bin/chromedriver, as ../shared/webcheck/check_a11y.py drives it) and WebKitGTK, Safari's
engine (Debian's webkit2gtk-driver driving MiniBrowser, which needs an X display: run the suite
under `xvfb-run`, as `make test-browser` does). Every test that takes `open_browser` runs once
per engine; its id names the engine, e.g. `test_deep_link_parser[webkit]`.

Only standard WebDriver commands reach the browsers. What Chromium's DevTools protocol did before
is done the same way for both engines here:
  - scripts that run before a page's own: the test server puts them at the top of every HTML page
    it sends to that browser (each browser carries a cookie naming its harness session);
  - the site's time zone: the TZ variable of the driver, inherited by the browser;
  - a phone's width: the window size (see `open_browser`);
  - console errors: a collector script (uncaught errors, failed loads, unhandled rejections,
    console.error) plus the server's own record of requests it answered with an error;
  - going offline: a switch on the test server that drops every connection;
  - scripting switched off: a `script-src 'none'` Content-Security-Policy on the pages;
  - downloads: a download folder set through Chromium's preferences, and through the XDG
    download directory that WebKitGTK reads.
"""
import datetime
import functools
import http.cookies
import http.server
import io
import itertools
import os
import pathlib
import re
import subprocess
import sys
import threading
import urllib.parse
import zoneinfo

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
WEBKIT_BROWSER = os.environ.get("WEBKIT_BROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
# Both engines by default; AURA_ENGINES=webkit (or chromium) narrows a run while working on one.
ENGINES = tuple(name.strip() for name in os.environ.get("AURA_ENGINES", "chromium,webkit").split(",") if name.strip())
XVFB_HINT = 'xvfb-run -a -s "-screen 0 1920x1080x24" python3 -m pytest -q Tests/Browser  (or: make test-browser)'


def pytest_configure(config):
    # Selenium's own WebKitGTK driver sets an address the deprecated way; nothing to act on here.
    config.addinivalue_line("filterwarnings", "ignore:setting remote_server_addr in RemoteConnection:DeprecationWarning")


def aura_binary():
    configured = os.environ.get("AURA_BIN")
    if configured:
        path = pathlib.Path(configured)
        return path if path.is_absolute() else (REPO / path)
    return REPO / ".build" / "debug" / "aura"


# ---- Harness sessions: what the test server does for one browser ----

COOKIE = "aura-harness"
START_PATH = "/__harness__/start"


class HarnessSession:
    """One browser's scripts, its JavaScript switch and the errors the server answered it with."""

    def __init__(self, scripts):
        self.id = f"s{next(_session_ids)}"
        self.scripts = list(scripts)
        self.javascript = True
        self._errors = []
        self._lock = threading.Lock()

    def record_error(self, text):
        with self._lock:
            self._errors.append(text)

    def take_errors(self):
        with self._lock:
            errors, self._errors = self._errors, []
        return errors


_session_ids = itertools.count(1)
_sessions = {}
_sessions_lock = threading.Lock()


def _register(session):
    with _sessions_lock:
        _sessions[session.id] = session
    return session


def _forget(session):
    with _sessions_lock:
        _sessions.pop(session.id, None)


def _inline(script):
    return "<script>" + script.replace("</", "<\\/") + "</script>"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The site's files, with no access log; for a browser with a harness cookie, its scripts at
    the top of every HTML page (before the page's own), its JavaScript switch as a
    Content-Security-Policy, and every error answer written down for `page_errors`."""

    def log_message(self, fmt, *args):  # no access log in the test output
        pass

    def session(self):
        cookies = http.cookies.SimpleCookie()
        try:
            cookies.load(self.headers.get("Cookie", ""))
        except http.cookies.CookieError:
            return None
        morsel = cookies.get(COOKIE)
        if not morsel:
            return None
        with _sessions_lock:
            return _sessions.get(morsel.value)

    def log_request(self, code="-", size="-"):
        status = getattr(code, "value", code)
        if isinstance(status, int) and status >= 400 and not self.path.split("?")[0].endswith("/favicon.ico"):
            session = self.session()
            if session:
                session.record_error(f"{self.command} {self.path} answered {status}")

    def send_head(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == START_PATH:
            return self.start_session(urllib.parse.parse_qs(url.query).get("id", [""])[0])
        session = self.session()
        path = pathlib.Path(self.translate_path(self.path))
        if path.is_dir() and url.path.endswith("/"):
            path = path / "index.html"
        if session is None or path.suffix != ".html" or not path.is_file():
            return super().send_head()
        html = path.read_text(encoding="utf-8")
        if session.javascript:
            tags = "".join(_inline(script) for script in session.scripts)
            # Right after <meta charset> (which must stay in the first 1024 bytes), else after <head>.
            anchor = re.search(r"<meta charset=[^>]*>", html, re.I) or re.search(r"<head[^>]*>", html, re.I)
            at = anchor.end() if anchor else 0
            html = html[:at] + tags + html[at:]
        body = html.encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        if not session.javascript:
            self.send_header("Content-Security-Policy", "script-src 'none'")
        self.end_headers()
        return io.BytesIO(body)

    def start_session(self, session_id):
        body = b"<!doctype html><title>harness</title>"
        self.send_response(200)
        self.send_header("Set-Cookie", f"{COOKIE}={session_id}; Path=/; SameSite=Lax")
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        return io.BytesIO(body)


class HarnessHTTPServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    offline = False  # when on, every connection is dropped unanswered: the network is gone

    def verify_request(self, request, client_address):
        return not self.offline

    def handle_error(self, request, client_address):
        # A browser that navigates away mid-answer hangs up; anything else is printed as before.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class SiteServer:
    """A folder served over http on 127.0.0.1 (a secure context) in a thread, on a free port, with
    an offline switch: `server.offline = True` drops every connection, as a dead network would,
    while the origin (and with it a service worker) stays the same."""

    def __init__(self, directory):
        self.directory = pathlib.Path(directory)
        handler = functools.partial(QuietHandler, directory=str(self.directory))
        self.httpd = HarnessHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="http", daemon=True)
        self.thread.start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    @property
    def offline(self):
        return self.httpd.offline

    @offline.setter
    def offline(self, value):
        self.httpd.offline = bool(value)

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


# ---- The site ----

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
    """The built site, served for the whole session."""
    server = SiteServer(site)
    yield server.url
    server.close()


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


# ---- Scripts that run before a page's own ----

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


# The page's errors, in any engine (Chromium's console log is not a WebDriver feature), and when
# the page has settled: loaded, its fetches answered and one task run after the load event.
HARNESS = """(function () {
  var harness = window.__harness = { errors: [], fetches: 0, loaded: false };
  function text(value) {  // an Error's message and where it came from (JavaScriptCore's stack has no message)
    try { return String(value) + (value && value.stack ? " @ " + String(value.stack).split("\\n")[0] : ""); } catch (error) { return "?"; }
  }
  window.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target !== window && (target.src || target.href)) {
      harness.errors.push("failed to load " + (target.src || target.href));
    } else {
      harness.errors.push(text(event.error || event.message) + " (" + event.filename + ":" + event.lineno + ")");
    }
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    harness.errors.push("unhandled rejection: " + text(event.reason));
  });
  document.addEventListener("securitypolicyviolation", function (event) {
    harness.errors.push("blocked by the content security policy: " + event.blockedURI);
  });
  var consoleError = console.error;
  console.error = function () {
    harness.errors.push("console.error: " + Array.prototype.map.call(arguments, text).join(" "));
    return consoleError.apply(console, arguments);
  };
  var realFetch = window.fetch;
  if (realFetch) {
    window.fetch = function () {
      harness.fetches += 1;
      var settle = function () { harness.fetches -= 1; };
      var answer = realFetch.apply(window, arguments);
      answer.then(settle, settle);
      return answer;
    };
  }
  window.addEventListener("load", function () { setTimeout(function () { harness.loaded = true; }, 0); });
})();"""

INSTANT_SCROLL = """document.addEventListener("DOMContentLoaded", function () {
  var style = document.createElement("style");
  style.textContent = "html { scroll-behavior: auto !important; }";
  document.head.appendChild(style);
});"""


def wait(driver, condition, timeout=15, message=""):
    """Wait until `condition(driver)` is true and return what it returned. On a timeout, fail with
    `message`, or with what `message()` says then (the state the wait last saw, say)."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: condition(d))
    except TimeoutException:
        raise TimeoutException(message() if callable(message) else message) from None


def loaded(driver):
    return driver.execute_script("return document.readyState") == "complete"


def settled(driver):
    """The page has loaded, run a task after its load event, and has no fetch in flight: its
    deferred scripts (one bundle) and what they started on load have had their say."""
    return driver.execute_script(
        "return document.readyState === 'complete' && !!window.__harness && window.__harness.loaded"
        " && window.__harness.fetches === 0")


def page_errors(driver):
    """Errors on the current page (uncaught, failed loads, unhandled rejections, console.error) and
    every request this browser's pages got an error answer to since the last call."""
    errors = driver.execute_script("return window.__harness ? window.__harness.errors.slice() : ['no harness script on the page']")
    return errors + driver.harness.take_errors()


def set_javascript(driver, enabled):
    """Switch the page's own scripts on or off for this browser's next page loads (off: a
    `script-src 'none'` policy; WebDriver's own scripts still run)."""
    driver.harness.javascript = bool(enabled)


# ---- The browsers ----

def _chromium(env, folder, width, height, downloads, services):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    # --hide-scrollbars: overlay scrollbars, as on a phone and in WebKitGTK, so widths agree.
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                 "--no-first-run", "--disable-extensions", "--disable-background-networking", "--mute-audio",
                 f"--window-size={width},{height}"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    service = Service(executable_path=CHROMEDRIVER, env=env)
    services.append(service)
    return webdriver.Chrome(service=service, options=options)


# MiniBrowser's toolbar keeps its window at least ~450 px wide; with the toolbar's widgets shrunk
# to nothing, the window (and so the page) can be as narrow as a phone. Web content is drawn by
# WebKit itself, so this style does not reach the pages.
GTK_CSS = "* { font-size: 1px; padding: 0; margin: 0; min-width: 0; min-height: 0; border-width: 0; }\n"


def _webkit(env, folder, width, height, downloads, services):
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        pytest.fail("WebKitGTK (MiniBrowser) needs a display and none is set: run the browser tests under Xvfb:\n  "
                    + XVFB_HINT, pytrace=False)
    config = folder / "config"
    (config / "gtk-3.0").mkdir(parents=True, exist_ok=True)
    (config / "gtk-3.0" / "gtk.css").write_text(GTK_CSS, encoding="utf-8")
    # WebKitGTK saves downloads in the XDG download directory, which it reads from here.
    (config / "user-dirs.dirs").write_text(f'XDG_DOWNLOAD_DIR="{downloads}"\n', encoding="utf-8")
    env = dict(env, XDG_CONFIG_HOME=str(config), XDG_DATA_HOME=str(folder / "data"), XDG_CACHE_HOME=str(folder / "cache"))
    options = Options()
    options.binary_location = WEBKIT_BROWSER
    options.add_argument("--automation")  # an ephemeral session of its own: own storage, own service workers
    service = Service(executable_path=WEBKIT_DRIVER, env=env)
    services.append(service)
    return webdriver.WebKitGTK(service=service, options=options)


LAUNCHERS = {"chromium": _chromium, "webkit": _webkit}

# How long a browser may take to start on a loaded machine before it is taken for dead.
LAUNCH_DEADLINE = 90


def _launch(launch, env, folder, width, height, downloads):
    """Starts a browser. One that dies while starting leaves WebKitWebDriver waiting for it
    forever (seen once in about a thousand starts under load): its driver is stopped after
    LAUNCH_DEADLINE and the browser started once more; a second failure fails the test."""
    for attempt in (1, 2):
        services, outcome = [], {}

        def run():
            try:
                outcome["driver"] = launch(env, folder / f"try{attempt}", width, height, downloads, services)
            except BaseException as error:  # handed to the test below
                outcome["error"] = error

        starter = threading.Thread(target=run, name="browser-start", daemon=True)
        starter.start()
        starter.join(LAUNCH_DEADLINE)
        if "driver" in outcome:
            return outcome["driver"]
        for service in services:
            if getattr(service, "process", None):
                service.process.kill()
        starter.join(30)
        if "error" in outcome and not starter.is_alive() and attempt == 2:
            raise outcome["error"]
    pytest.fail(f"the browser did not start twice in a row within {LAUNCH_DEADLINE} s", pytrace=False)


@pytest.fixture(params=ENGINES)
def engine(request):
    """The browser engine this test runs in: "chromium" or "webkit"."""
    if request.param not in LAUNCHERS:
        pytest.fail(f"unknown engine {request.param!r} in AURA_ENGINES (known: {', '.join(LAUNCHERS)})", pytrace=False)
    return request.param


@pytest.fixture
def open_browser(engine, time_zone, base_url, tmp_path_factory):
    """Start a fresh browser of `engine` (its own empty profile, so its own localStorage and
    service workers) in the site's time zone, with `scripts` to run before each page's own, a
    window of `width` × `height` and, when given, downloads saved into the folder `downloads`.

    A width below 500 px is a phone's: Chromium's DevTools could emulate one (mobile viewport,
    touch), WebDriver cannot, so both engines get a window that narrow instead. The CSS width
    and the media queries on width are a phone's; the page is still a desktop page (no mobile
    viewport scaling; hover and pointer media features are the engine's own: none in headless
    Chromium, a mouse in WebKitGTK)."""
    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager download anything
    launch = LAUNCHERS[engine]
    started = []

    def start(*scripts, width=1280, height=900, downloads=None):
        folder = tmp_path_factory.mktemp(engine)
        downloads = pathlib.Path(downloads) if downloads else folder / "downloads"
        downloads.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, TZ=time_zone)  # the browser inherits the driver's time zone
        session = _register(HarnessSession((HARNESS, INSTANT_SCROLL) + scripts))
        try:
            driver = _launch(launch, env, folder, width, height, downloads)
        except BaseException:
            _forget(session)
            raise
        driver.engine = engine
        driver.harness = session
        started.append(driver)
        driver.set_page_load_timeout(30)
        driver.set_script_timeout(30)
        driver.set_window_size(width, height)
        driver.get(f"{base_url}{START_PATH}?id={session.id}")  # sets the cookie that names the session
        return driver

    yield start
    for driver in started:
        try:
            driver.quit()
        finally:
            _forget(driver.harness)
