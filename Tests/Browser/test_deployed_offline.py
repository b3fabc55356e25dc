"""The deployed site installs offline, in Chromium and WebKitGTK: `aura deploy` leaves the
personal pages home by default, and the service worker installs all the same from what was
deployed. The real `aura deploy` publishes the default site to a folder through rsync, and that
folder is what the test server serves (its offline switch drops every connection, as in
test_offline_app.py)."""
import subprocess

import pytest

from conftest import REPO, SiteServer, aura_binary, loaded, wait
from test_offline_app import CACHES, go_offline, page_state, precache_of, version_of

# PersonalPaths, and a private build's secret calendar folder: what a default deploy leaves out.
PERSONAL = ("/dashboard/", "/planner/", "/schedule/", "/week/", "/focus/", "/notifications/", "/reflections/",
            "/calendar/", "/notifications.json", "/aura.ics")

# The worker's state as the page sees it, without waiting: an install that failed leaves no
# registration at all, so a wait on `navigator.serviceWorker.ready` would never say why.
WORKER_STATE = """
var done = arguments[arguments.length - 1];
navigator.serviceWorker.getRegistration().then(function (registration) {
  done({ registration: !!registration,
         installing: !!(registration && registration.installing),
         active: registration && registration.active ? registration.active.state : null,
         controller: navigator.serviceWorker.controller ? navigator.serviceWorker.controller.scriptURL : null });
}, function (error) { done({ error: String(error) }); });"""


def personal(path):
    return path.startswith(PERSONAL)


@pytest.fixture
def deployed(site, tmp_path):
    """The default site as `aura deploy` publishes it to a folder, served for one test."""
    target = tmp_path / "www"
    run = subprocess.run([str(aura_binary()), "deploy", "--quiet", "--content", str(REPO / "Content"), "--output",
                          str(site), str(target)], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    published = ["/" + p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file()]
    assert "/index.html" in published and "/sw.js" in published
    assert [p for p in published if personal(p)] == [], "the default deploy sent a personal page"
    server = SiteServer(target)
    yield server
    server.close()


def test_a_deployed_site_without_its_personal_pages_works_offline(open_browser, deployed):
    driver = open_browser()
    driver.get(f"{deployed.url}/")
    wait(driver, loaded)
    landing = page_state(driver)

    def controlled(d):
        state = d.execute_async_script(WORKER_STATE)
        return state if state.get("controller") and state.get("active") == "activated" else False

    wait(driver, controlled, timeout=30,
         message=lambda: f"the service worker never took control: {driver.execute_async_script(WORKER_STATE)}")
    assert driver.execute_async_script(WORKER_STATE)["controller"] == f"{deployed.url}/sw.js"

    driver.get(f"{deployed.url}/culture/hamlet/")
    wait(driver, loaded)
    culture = page_state(driver)
    assert culture["h1"] and "page--offline" not in culture["kind"]
    # The worker keeps a page it answered from the network once the answer is read: wait for that.
    wait(driver, lambda d: "/culture/hamlet/" in sum(d.execute_async_script(CACHES).values(), []),
         message="the culture page read online was not kept")

    go_offline(deployed)
    for path, online in [("", landing), ("culture/hamlet/", culture)]:
        driver.get(f"{deployed.url}/{path}")
        wait(driver, loaded)
        state = page_state(driver)
        assert "page--offline" not in state["kind"], f"/{path} showed the offline page: {state}"
        assert (state["url"], state["kind"], state["h1"]) == (online["url"], online["kind"], online["h1"])
        assert state["styled"], f"/{path} loaded offline without its stylesheet"

    cached = driver.execute_async_script(CACHES)
    version = version_of(deployed.directory)
    assert list(cached) == [f"aura:/:{version}"], "one cache, named by this build"
    held = cached[f"aura:/:{version}"]
    assert [path for path in held if personal(path)] == [], "the cache holds a personal page the host does not have"
    shell, optional = precache_of(deployed.directory)
    assert sorted(set(shell) - set(held)) == [], "the app shell is not all precached"
    assert "/dashboard/" in optional, "the worker did not ask for the personal pages at all"
