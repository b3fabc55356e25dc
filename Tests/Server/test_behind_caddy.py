"""The Caddy snippet of docs/guide/serve.md, run: Caddy (`tls internal`, loopback only, no admin endpoint, its
data in a temporary folder) in front of `aura serve --public-url https://localhost:PORT/`. A
sign-in and a Done go through it, the cookies come back `Secure`, and redirects and absolute links
name the public address, never the loopback one behind it."""
import os
import re
import socket
import subprocess

import pytest
import requests

from aura_test_paths import REPO
from server_support import PASSWORD, Server, wait_for


def readme_caddyfile():
    """The ```caddyfile block of docs/guide/serve.md, exactly as printed there."""
    blocks = re.findall(r"```caddyfile\n(.*?)```", (REPO / "docs" / "guide" / "serve.md").read_text(), re.S)
    assert len(blocks) == 1, "docs/guide/serve.md shows one Caddyfile snippet"
    return blocks[0]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    root = tmp_path_factory.mktemp("caddy")
    https_port, http_port = free_port(), free_port()
    public = f"https://localhost:{https_port}"
    server = Server(root / "aura", public_url=public + "/", arguments=["--trusted-proxy", "127.0.0.1"])
    upstream = server.url.removeprefix("http://")
    snippet = readme_caddyfile()
    assert "reverse_proxy 127.0.0.1:8080" in snippet and snippet.startswith("aura.example {")
    # The snippet as printed, pointed at this test's addresses, with a local CA instead of ACME.
    site = (snippet.replace("aura.example {", f"localhost:{https_port} {{\n    tls internal", 1)
            .replace("127.0.0.1:8080", upstream))
    settings = (f"{{\n    admin off\n    skip_install_trust\n    auto_https disable_redirects\n"
                f"    http_port {http_port}\n    https_port {https_port}\n    storage file_system {root / 'caddy-data'}\n}}\n\n")
    caddyfile = root / "Caddyfile"
    caddyfile.write_text(settings + site)
    home = root / "home"
    home.mkdir()
    environment = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config")}
    caddy = subprocess.Popen(["caddy", "run", "--config", str(caddyfile), "--adapter", "caddyfile"], env=environment,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    root_certificate = root / "caddy-data" / "pki" / "authorities" / "local" / "root.crt"

    def ready():
        assert caddy.poll() is None, caddy.stderr.read()
        if not root_certificate.exists():
            return False
        try:
            return requests.get(public + "/", verify=str(root_certificate), timeout=5).status_code == 200
        except (requests.exceptions.ConnectionError, requests.exceptions.Timeout):
            return False

    wait_for(ready, "Caddy to serve https")
    yield public, str(root_certificate), server
    caddy.terminate()
    caddy.wait(timeout=30)
    server.stop()


def test_sign_in_and_done_through_the_proxy(proxied):
    public, certificate, server = proxied
    browser = requests.Session()
    browser.trust_env = False  # else a CA bundle named in the environment overrides `verify`
    browser.verify = certificate
    page = browser.get(public + "/dashboard/", allow_redirects=False)
    assert page.status_code == 303 and page.headers["Location"].startswith("/login/")  # relative: the public host
    form = browser.get(public + "/login/")
    token = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
    assert "Secure" in form.headers["Set-Cookie"]
    answer = browser.post(public + "/login/", data={"csrf": token, "name": "sam", "password": PASSWORD}, allow_redirects=False)
    assert answer.status_code == 303 and answer.headers["Location"] == "/dashboard/"
    cookie = answer.headers["Set-Cookie"]
    assert "aura_session=" in cookie and "Secure" in cookie and "HttpOnly" in cookie
    dashboard = browser.get(public + "/dashboard/")
    assert dashboard.status_code == 200 and "Signed in as sam" in dashboard.text
    open_task = next(task for task in server.planner_json("tasks.json")["tasks"]
                     if not task.get("done") and not task.get("rrule"))
    done = browser.post(public + "/api/done", json={"id": open_task["id"]}, headers={"Origin": public})
    assert done.status_code == 200 and done.json()["done"] is True
    # The loopback origin behind the proxy is not the site's: refused.
    assert browser.post(public + "/api/done", json={"id": open_task["id"]}, headers={"Origin": server.url}).status_code == 403


def test_redirects_and_absolute_links_name_the_public_address(proxied):
    public, certificate, server = proxied
    loopback = server.url.removeprefix("http://")
    folder = requests.get(public + "/culture", verify=certificate, allow_redirects=False)
    assert folder.status_code == 301 and folder.headers["Location"] in ("/culture/", public + "/culture/")
    for path in ("/", "/culture/", "/sitemap.xml", "/login/"):
        answer = requests.get(public + path, verify=certificate)
        assert answer.status_code == 200, path
        assert loopback not in answer.text and "127.0.0.1" not in answer.text, path
        assert not any(loopback in value for value in answer.headers.values()), path
    landing = requests.get(public + "/", verify=certificate).text
    assert f'<link rel="canonical" href="{public}/">' in landing
    assert public + "/culture/" in requests.get(public + "/sitemap.xml", verify=certificate).text
