"""The harness itself, in each engine: what conftest.py promises the other browser tests (scripts
before the page's own, the site's time zone, a phone's width, errors collected, the offline
switch, scripting off) holds, so a test that leans on it can fail."""
import pytest

from conftest import SiteServer, loaded, page_errors, set_javascript, settled, wait

EARLY = "window.__early = { aura: typeof window.Aura, zone: Intl.DateTimeFormat().resolvedOptions().timeZone };"


def test_scripts_run_before_the_pages_own_in_the_sites_time_zone(open_browser, base_url, time_zone):
    driver = open_browser(EARLY)
    driver.get(f"{base_url}/dashboard/")
    wait(driver, settled)
    assert driver.execute_script("return window.__early") == {"aura": "undefined", "zone": time_zone}
    assert driver.execute_script("return typeof window.Aura") == "object", "the page's own scripts did not run after"
    assert page_errors(driver) == []


@pytest.mark.parametrize("width", [320, 390, 1280])
def test_the_page_is_as_wide_as_asked(open_browser, base_url, width):
    driver = open_browser(width=width, height=800)
    driver.get(f"{base_url}/week/")
    wait(driver, settled)
    assert driver.execute_script("return [window.innerWidth, document.documentElement.clientWidth]") == [width, width]
    assert driver.execute_script("return matchMedia('(max-width: %dpx)').matches && !matchMedia('(max-width: %dpx)').matches"
                                 % (width, width - 1))


# Faults of every kind a page's own script can make, once it has loaded.
FAULTS = """window.addEventListener("load", function () {
  setTimeout(function () { throw new Error("thrown late"); }, 0);
  Promise.reject(new Error("never caught"));
  console.error("said as an error");
  var image = document.createElement("img"); image.src = "/no-such-image.png"; document.body.appendChild(image);
  fetch("/no-such-data.json");
});"""


def test_errors_are_collected(open_browser, base_url):
    driver = open_browser()
    driver.get(f"{base_url}/dashboard/")
    wait(driver, settled)
    assert page_errors(driver) == []
    driver = open_browser(FAULTS)
    driver.get(f"{base_url}/dashboard/")
    wanted = ["thrown late", "never caught", "said as an error", "failed to load", "GET /no-such-data.json answered 404",
              "GET /no-such-image.png answered 404"]
    seen = []

    def all_seen(d):
        seen.extend(e for e in page_errors(d) if e not in seen)
        return all(any(w in e for e in seen) for w in wanted)
    wait(driver, all_seen, message=lambda: f"not every error was collected: {seen}")


def test_the_offline_switch_drops_connections(open_browser, site):
    server = SiteServer(site)
    try:
        driver = open_browser()
        driver.get(f"{server.url}/offline/")
        wait(driver, settled)
        # HEAD: the site's service worker (which may have taken the page by now) answers GETs only.
        fetch = ("var done = arguments[0]; fetch('/robots.txt', { method: 'HEAD', cache: 'no-store' })"
                 ".then(function (r) { done(r.status); }, function (e) { done('failed'); });")
        assert driver.execute_async_script(fetch) == 200
        server.offline = True
        assert driver.execute_async_script(fetch) == "failed"
        server.offline = False
        assert driver.execute_async_script(fetch) == 200
    finally:
        server.close()


def test_scripting_can_be_switched_off(open_browser, base_url):
    driver = open_browser(EARLY)
    driver.get(f"{base_url}/week/")
    wait(driver, settled)
    set_javascript(driver, False)
    driver.refresh()
    wait(driver, loaded)
    assert driver.execute_script("return [typeof window.Aura, typeof window.__early]") == ["undefined", "undefined"]
    set_javascript(driver, True)
    driver.refresh()
    wait(driver, settled)
    assert driver.execute_script("return typeof window.Aura") == "object"
