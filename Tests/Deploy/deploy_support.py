"""A built copy of the default site that tests change and rebuild, a moto S3 server on loopback
with real credentials checked (an IAM user, auth switched on once the bucket exists), and
`aura deploy` run as a process."""
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
from urllib.parse import unquote

import boto3
import requests

from aura_served import wait_for
from aura_test_paths import REPO, aura_binary

BUCKET = "site"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Site:
    """Content/ and Templates/ copied into `root`, built into root/Public."""

    def __init__(self, root):
        self.root = root
        self.content = root / "Content"
        self.templates = root / "Templates"
        self.public = root / "Public"
        shutil.copytree(REPO / "Content", self.content)
        shutil.copytree(REPO / "Templates", self.templates)
        self.build()

    def build(self):
        run = subprocess.run([str(aura_binary()), "build", "--quiet", "--content", str(self.content), "--templates",
                              str(self.templates), "--output", str(self.public)], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        return self.files()

    def files(self):
        """Every file of the built site by path, with its SHA-256."""
        return {p.relative_to(self.public).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in self.public.rglob("*") if p.is_file()}

    def deployed(self):
        """The files `aura deploy` sends by default: not Public's README.md, no personal page."""
        personal = ("dashboard/", "planner/", "schedule/", "week/", "focus/", "notifications/", "reflections/",
                    "calendar/")
        return {path: digest for path, digest in self.files().items()
                if path != "README.md" and not path.startswith(personal)
                and path not in ("notifications.json", "aura.ics")}

    def deploy(self, target, *options, env=None):
        return subprocess.run([str(aura_binary()), "deploy", "--content", str(self.content), "--output",
                               str(self.public), *options, target], capture_output=True, text=True,
                              env=env if env is not None else os.environ, cwd=self.root)


def changed(before, after):
    return {path for path, digest in after.items() if before.get(path) != digest}


class Moto:
    """`python -m moto.server` on a free loopback port, recording every request it gets."""

    def __init__(self, folder):
        self.port = free_port()
        self.direct = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(self.port)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(self.answers, "moto to listen", timeout=60)
        setup = dict(endpoint_url=self.direct, region_name="us-east-1", aws_access_key_id="setup",
                     aws_secret_access_key="setup")
        iam = boto3.client("iam", **setup)
        iam.create_user(UserName="deployer")
        iam.put_user_policy(UserName="deployer", PolicyName="all", PolicyDocument=json.dumps(
            {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]}))
        key = iam.create_access_key(UserName="deployer")["AccessKey"]
        self.key, self.secret = key["AccessKeyId"], key["SecretAccessKey"]
        boto3.client("s3", **setup).create_bucket(Bucket=BUCKET)
        # From here on every request must be signed with the deployer's keys.
        requests.post(self.direct + "/moto-api/reset-auth", data="0").raise_for_status()
        # aura talks to moto through a proxy that notes its requests.
        from counting_proxy import CountingProxy
        self.proxy = CountingProxy(self.port)
        self.endpoint = self.proxy.endpoint
        self.s3 = boto3.client("s3", endpoint_url=self.direct, region_name="us-east-1", aws_access_key_id=self.key,
                               aws_secret_access_key=self.secret)

    def answers(self):
        try:
            return requests.get(self.direct + "/moto-api/", timeout=1).ok
        except requests.ConnectionError:
            return False

    def env(self, **changes):
        environment = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
        environment.update(AWS_ACCESS_KEY_ID=self.key, AWS_SECRET_ACCESS_KEY=self.secret,
                           AWS_SHARED_CREDENTIALS_FILE="/nonexistent")
        environment.update(changes)
        return environment

    def start_recording(self):
        self.proxy.take()

    def recorded(self, prefix):
        """(method, path under `prefix`) of every request aura sent since start_recording, in order."""
        start = f"/{BUCKET}/{prefix}/"
        return [(method, unquote(path.split("?")[0]).removeprefix(start)) for method, path in self.proxy.take()]

    def objects(self, prefix):
        """Every object under `prefix`, by its path there, with its ETag."""
        keys = {}
        for page in self.s3.get_paginator("list_objects_v2").paginate(Bucket=BUCKET):
            for item in page.get("Contents", []):
                if item["Key"].startswith(prefix + "/"):
                    keys[item["Key"][len(prefix) + 1:]] = item["ETag"]
        return keys

    def head(self, prefix, path):
        return self.s3.head_object(Bucket=BUCKET, Key=f"{prefix}/{path}")

    def stop(self):
        self.proxy.stop()
        self.process.kill()
        self.process.wait()
