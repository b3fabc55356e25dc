"""`aura serve --watch` in the browser: a page listens for rebuilds; a broken edit puts the
problem (file:line:column) in a banner over the page, a fixed one reloads it with the change.
The page comes from a real `aura serve --watch` on loopback, not the harness's server."""
import re
import shutil
import signal
import subprocess

import pytest

from conftest import REPO, aura_binary, wait


@pytest.fixture(scope="module")
def watched(tmp_path_factory):
    root = tmp_path_factory.mktemp("watched")
    shutil.copytree(REPO / "Content", root / "Content")
    server = subprocess.Popen([str(aura_binary()), "serve", "--watch", "--content", str(root / "Content"),
                               "--templates", str(REPO / "Templates"), "--listen", "127.0.0.1:0", "--state", str(root / "state")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    match = re.search(r"at (http://127\.0\.0\.1:\d+)/", server.stdout.readline())
    assert match, server.stderr.read()
    yield match.group(1), root / "Content"
    server.send_signal(signal.SIGTERM)
    assert server.wait(timeout=60) == 0


def test_a_broken_edit_shows_its_place_and_a_fix_reloads(open_browser, watched):
    url, content = watched
    page = content / "culture" / "hamlet.md"
    good = page.read_text()
    driver = open_browser()
    driver.get(url + "/culture/hamlet/")
    wait(driver, lambda d: d.execute_script("return document.documentElement.dataset.liveReload") == "listening",
         message="the page listens for rebuilds")
    driver.execute_script("window.__beforeReload = true")
    try:
        page.write_text(good.replace("energy: high", "energy: [high"))
        banner = "return document.getElementById('aura-build-problems')"
        wait(driver, lambda d: d.execute_script(banner) is not None, timeout=120, message="the build-problems banner")
        text = driver.execute_script(banner + ".textContent")
        assert re.search(r"culture/hamlet\.md:\d+:\d+: invalid YAML", text), text
        box = driver.execute_script(banner + ".getBoundingClientRect().toJSON()")
        assert box["top"] == 0 and box["height"] > 40 and box["width"] == driver.execute_script("return innerWidth")
        assert driver.execute_script(banner + ".getAttribute('role')") == "alert"
        assert driver.execute_script("return getComputedStyle(document.getElementById('aura-build-problems')).position") == "fixed"
    finally:
        page.write_text(good.replace("feigns madness", "feigns zzlive madness"))
    wait(driver, lambda d: d.execute_script("return window.__beforeReload === undefined && document.readyState === 'complete'"),
         timeout=120, message="the reload after the fix")
    wait(driver, lambda d: "zzlive" in d.execute_script("return document.body.textContent"), message="the fixed page")
    assert driver.execute_script("return document.getElementById('aura-build-problems')") is None
