"""The deploy rows of `make bench`: `aura deploy` of a built corpus to moto's S3 on loopback,
a first deploy (every file sent: before each run the target's manifest is deleted) and a
deploy with nothing changed (one GET and one PUT of the manifest).

moto runs as `python -m moto.server` without credential checks (the Tests/Deploy suite checks
those); its Python request handling, not aura, bounds the first row: the figure is a floor for
what a real store on a network would take, and the no-change row is what every cron run costs.

`python3 scripts/bench_deploy.py forget ENDPOINT` deletes the manifest (the first row's prepare).
"""

import json
import socket
import subprocess
import sys
import time
import urllib.request

BUCKET, PREFIX = "bench", "site"
KEYS = {"AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench", "AWS_REGION": "us-east-1"}


def s3(endpoint):
    import boto3
    return boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="bench",
                        aws_secret_access_key="bench")


def start_moto():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    endpoint = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(endpoint + "/moto-api/", timeout=1)
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise OSError("moto.server did not start (python3 -m pip install 'moto[server]' boto3)")
            time.sleep(0.1)
    s3(endpoint).create_bucket(Bucket=BUCKET)
    return process, endpoint


def run(aura, content, site, folder):
    """Times the two rows for the site built in `site` (from `content`); returns them."""
    import shlex
    q = shlex.quote
    process, endpoint = start_moto()
    try:
        environment = " ".join(f"{name}={value}" for name, value in KEYS.items())
        deploy = (f"env {environment} {q(str(aura))} deploy --quiet --content {q(str(content))} --output {q(str(site))} "
                  f"--endpoint {endpoint} --max-deletes 0 s3://{BUCKET}/{PREFIX}")
        forget = f"{q(sys.executable)} {q(__file__)} forget {endpoint}"
        subprocess.run(deploy, shell=True, check=True)
        files = sum(1 for _ in s3(endpoint).get_paginator("list_objects_v2").paginate(Bucket=BUCKET)
                    for _ in _.get("Contents", [])) - 1
        results = folder / "hyperfine-deploy.json"
        subprocess.run(["hyperfine", "--style", "basic", "--export-json", str(results),
                        "--runs", "3", "--prepare", forget, "--command-name", "aura deploy (first)", deploy],
                       check=True)
        first = json.loads(results.read_text())["results"][0]
        subprocess.run(["hyperfine", "--style", "basic", "--export-json", str(results), "--warmup", "1",
                        "--runs", "10", "--command-name", "aura deploy (no change)", deploy], check=True)
        unchanged = json.loads(results.read_text())["results"][0]
    finally:
        process.kill()
        process.wait()
    return [{"name": r["command"], "mean": r["mean"], "stddev": r["stddev"] or 0.0, "files": files,
             "command": deploy.replace(endpoint, "http://127.0.0.1:PORT")} for r in (first, unchanged)]


def table(rows):
    lines = ["| row | files | mean ± σ (s) | files/s |", "| --- | ---: | ---: | ---: |"]
    for row in rows:
        rate = f"{row['files'] / row['mean']:,.0f}" if "first" in row["name"] else "—"
        lines.append(f"| {row['name']} | {row['files']:,} | {row['mean']:.3f} ± {row['stddev']:.3f} | {rate} |")
    return "\n".join(lines)


if __name__ == "__main__" and sys.argv[1:2] == ["forget"]:
    s3(sys.argv[2]).delete_object(Bucket=BUCKET, Key=f"{PREFIX}/.aura-deploy.json")
