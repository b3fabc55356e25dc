"""What can be checked of deploy/replicas/ without a container runtime: the compose file parses
and wires PostgreSQL, three replicas and Caddy; Caddy and nginx send requests to the replicas
and check their health where aura answers it; the image installs every Debian library the
aura binary links."""
import os
import re
import subprocess

import requests
import yaml

from aura_test_paths import REPO, aura_binary

DEPLOY = REPO / "deploy" / "replicas"


def test_the_compose_file_runs_postgresql_three_replicas_and_caddy():
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    replicas = [name for name in services if re.fullmatch(r"aura-\d", name)]
    assert len(replicas) == 3
    for name in replicas:
        service = services[name]
        assert service["build"]["dockerfile"] == "deploy/replicas/Containerfile"
        assert service["environment"]["AURA_DATABASE"].startswith("postgres://")
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert "pg_isready" in services["postgres"]["healthcheck"]["test"]
    assert "aura db migrate" in " ".join(services["migrate"]["command"])
    assert set(services["caddy"]["depends_on"]) == set(replicas)


def test_the_balancers_send_to_every_replica_and_check_its_health():
    caddy = (DEPLOY / "Caddyfile").read_text()
    assert re.search(r"reverse_proxy aura-1:8080 aura-2:8080 aura-3:8080", caddy)
    assert "health_uri /api/health" in caddy
    nginx = (DEPLOY / "nginx-upstream.conf").read_text()
    assert len(re.findall(r"^\s+server \S+:8080", nginx, re.M)) == 3 and "proxy_pass http://aura_replicas" in nginx


def test_the_image_installs_every_library_aura_links():
    containerfile = (DEPLOY / "Containerfile").read_text()
    installed = set(re.search(r"apt-get install -y --no-install-recommends\s*\\\n(.*?)\n &&", containerfile, re.S)
                    .group(1).replace("\\", " ").split())
    # What aura itself names (NEEDED), found where the loader finds it; apt brings their own.
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]",
                        subprocess.run(["readelf", "-d", str(aura_binary())], capture_output=True, text=True,
                                       check=True).stdout)
    linked = subprocess.run(["ldd", str(aura_binary())], capture_output=True, text=True, check=True).stdout
    found_at = dict(re.findall(r"^\s*(\S+) => (/\S+)", linked, re.M))
    paths = [found_at[name] for name in needed if name in found_at]
    assert len(paths) >= 10, needed
    packages = set()
    for path in paths:
        if "/swift/" in path:
            continue  # the release binary links its Swift standard library in
        # Debian names a library under /usr/lib or /lib, whichever it shipped it in.
        candidates = {path, os.path.realpath(path)}
        candidates |= {"/usr" + name for name in candidates if name.startswith("/lib")}
        candidates |= {name.removeprefix("/usr") for name in candidates if name.startswith("/usr/lib")}
        owners = [subprocess.run(["dpkg", "-S", name], capture_output=True, text=True) for name in sorted(candidates)]
        found = [owner.stdout.split(":")[0] for owner in owners if owner.returncode == 0]
        assert found, f"no Debian package owns {path}"
        packages.add(found[0])
    essential = {"libc6", "libgcc-s1", "libstdc++6", "zlib1g", "libbz2-1.0", "liblzma5", "libzstd1", "libxml2",
                 "libicu72", "libnghttp2-14", "libssl3", "libcrypt1"}
    missing = {package for package in packages - essential if package.split(":")[0] not in installed}
    assert not missing, f"the Containerfile does not install {sorted(missing)}"
    # libpq and libcurl are loaded when first used, so ldd does not name them: installed all the same.
    assert {"libpq5", "libcurl4"} <= installed


def test_the_health_address_the_balancers_ask_answers(tmp_path):
    from aura_served import Server
    server = Server(tmp_path)
    try:
        answer = requests.get(server.url + "/api/health")
        assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    finally:
        server.stop()
