"""`aura deploy s3://…` against moto's S3 on loopback, with credentials checked: what is sent, with
which headers, in which order; what is deleted and when; and failures that change nothing."""
import json
import re

import boto3

import pytest

from deploy_support import BUCKET, Site, changed

MANIFEST = ".aura-deploy.json"


@pytest.fixture
def site(tmp_path):
    return Site(tmp_path)


@pytest.fixture
def prefix(request):
    return re.sub(r"[^a-z0-9]+", "-", request.node.name.lower())


def deploy(site, moto, prefix, *options, env=None):
    return site.deploy(f"s3://{BUCKET}/{prefix}", "--endpoint", moto.endpoint, *options,
                       env=env if env is not None else moto.env())


def deployed(site, moto, prefix, *options):
    moto.start_recording()
    run = deploy(site, moto, prefix, *options)
    assert run.returncode == 0, run.stderr
    return moto.recorded(prefix), run


def puts(requests):
    return [path for method, path in requests if method == "PUT"]


def test_first_deploy_sends_every_file_with_its_type_and_caching(site, moto, prefix):
    requests, run = deployed(site, moto, prefix)
    files = site.deployed()
    assert set(moto.objects(prefix)) == set(files) | {MANIFEST}
    assert sorted(puts(requests)) == sorted(list(files) + [MANIFEST])
    assert f"{len(files)} sent" in run.stdout and "0 unchanged" in run.stdout
    page = moto.head(prefix, "index.html")
    assert page["ContentType"] == "text/html; charset=utf-8" and page["CacheControl"] == "no-cache"
    css = next(p for p in files if re.fullmatch(r"assets/.*\.[0-9a-f]{10}\.css", p))
    head = moto.head(prefix, css)
    assert head["ContentType"] == "text/css; charset=utf-8"
    assert head["CacheControl"] == "public, max-age=31536000, immutable"
    assert moto.head(prefix, "culture/feed.xml")["ContentType"] == "application/xml; charset=utf-8"
    # Personal pages stay home unless site.yml says otherwise; fingerprinted assets go first,
    # pages last, the manifest at the very end.
    assert not any(p.startswith(("planner/", "dashboard/")) for p in moto.objects(prefix))
    order = puts(requests)
    assets = [i for i, p in enumerate(order) if p.startswith("assets/") and re.search(r"\.[0-9a-f]{10}\.", p)]
    pages = [i for i, p in enumerate(order) if p.endswith(".html")]
    assert max(assets) < min(pages) and order[-1] == MANIFEST


def test_second_deploy_with_nothing_changed_sends_no_put(site, moto, prefix):
    deployed(site, moto, prefix)
    requests, run = deployed(site, moto, prefix)
    assert puts(requests) == []
    assert [m for m, _ in requests if m != "GET"] == []
    assert "0 sent" in run.stdout


def test_one_changed_entry_sends_only_the_files_it_changed(site, moto, prefix):
    deployed(site, moto, prefix)
    before = site.deployed()
    entry = site.content / "culture" / "fespaco.md"
    entry.write_text(entry.read_text().replace("FESPACO", "FESPACO, the Ouagadougou festival,", 1))
    site.build()
    after = site.deployed()
    expected = changed(before, after)
    assert expected and len(expected) < len(after) / 4
    requests, _ = deployed(site, moto, prefix)
    assert sorted(puts(requests)) == sorted(expected | {MANIFEST})


def test_a_removed_entry_is_deleted_after_the_new_pages_and_an_old_asset_one_deploy_later(site, moto, prefix):
    deployed(site, moto, prefix)
    before = site.deployed()
    (site.content / "culture" / "fespaco.md").unlink()
    css = site.templates / "assets" / "css" / "60-culture.css"
    css.write_text(css.read_text() + "\n.deploy-test { color: inherit; }\n")
    after = site.build()
    after = site.deployed()
    gone = set(before) - set(after)
    old_assets = {p for p in gone if p.startswith("assets/")}
    removed = gone - old_assets
    assert removed and old_assets
    requests, run = deployed(site, moto, prefix)
    deletes = [i for i, (m, _) in enumerate(requests) if m == "DELETE"]
    pages = [i for i, (m, p) in enumerate(requests) if m == "PUT" and p.endswith(".html")]
    assert {requests[i][1] for i in deletes} == removed
    assert max(pages) < min(deletes)
    held = set(moto.objects(prefix))
    assert old_assets <= held and not removed & held
    assert "retired" in run.stdout
    requests, _ = deployed(site, moto, prefix)
    assert {p for m, p in requests if m == "DELETE"} == old_assets
    assert not old_assets & set(moto.objects(prefix))


def test_more_deletions_than_allowed_stop_before_anything_changes(site, moto, prefix):
    deployed(site, moto, prefix)
    held = moto.objects(prefix)
    for name in ("fespaco.md", "a-dolls-house.md"):
        (site.content / "culture" / name).unlink()
    site.build()
    moto.start_recording()
    dry = deploy(site, moto, prefix, "--max-deletes", "1", "--dry-run")
    assert dry.returncode == 0 and "delete  culture/fespaco/index.html" in dry.stdout
    assert "more than --max-deletes 1" in dry.stdout
    run = deploy(site, moto, prefix, "--max-deletes", "1")
    assert run.returncode == 1
    assert "more than --max-deletes 1" in run.stderr and "nothing was changed" in run.stderr
    assert [m for m, _ in moto.recorded(prefix)] == ["GET", "GET"]
    assert moto.objects(prefix) == held
    requests, _ = deployed(site, moto, prefix, "--max-deletes", "1", "--force")
    assert len([m for m, _ in requests if m == "DELETE"]) > 1


def test_dry_run_lists_and_changes_nothing(site, moto, prefix):
    moto.start_recording()
    run = deploy(site, moto, prefix, "--dry-run")
    assert run.returncode == 0, run.stderr
    assert "send    index.html" in run.stdout and "nothing was changed" in run.stdout
    assert [m for m, _ in moto.recorded(prefix)] == ["GET"]
    assert moto.objects(prefix) == {}


@pytest.mark.parametrize("case", ["wrong secret", "unknown key", "missing bucket", "closed port"])
def test_failures_give_one_clear_line_and_change_nothing(site, moto, prefix, case):
    deployed(site, moto, prefix)
    held = moto.objects(prefix)
    entry = site.content / "culture" / "fespaco.md"
    entry.write_text(entry.read_text() + "\nOne more line.\n")
    site.build()
    target, endpoint, env = f"s3://{BUCKET}/{prefix}", moto.endpoint, moto.env()
    if case == "wrong secret":
        env = moto.env(AWS_SECRET_ACCESS_KEY="not-the-secret")
        expected = "refused the credentials (SignatureDoesNotMatch)"
    elif case == "unknown key":
        env = moto.env(AWS_ACCESS_KEY_ID="AKIANOSUCHKEY0000000")
        expected = "refused the credentials (InvalidAccessKeyId)"
    elif case == "missing bucket":
        target = f"s3://no-such-bucket/{prefix}"
        expected = "bucket 'no-such-bucket' does not exist"
    else:
        from deploy_support import free_port
        endpoint = f"http://127.0.0.1:{free_port()}"
        expected = "could not reach"
    run = site.deploy(target, "--endpoint", endpoint, env=env)
    assert run.returncode == 1
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], run.stderr
    assert moto.secret not in run.stderr + run.stdout and "not-the-secret" not in run.stderr
    assert moto.objects(prefix) == held


def test_personal_pages_go_when_site_yml_allows_them(site, moto, prefix):
    with open(site.content / "site.yml", "a", encoding="utf-8") as settings:
        settings.write(f"\ndeploy:\n  targets:\n    - name: store\n      url: s3://{BUCKET}/{prefix}\n"
                       f"      endpoint: {moto.endpoint}\n  personal: true\n"
                       "  headers:\n    - pattern: '*.xml'\n      cache_control: max-age=600\n")
    run = site.deploy("store", env=moto.env())
    assert run.returncode == 0, run.stderr
    held = moto.objects(prefix)
    assert "planner/index.html" in held
    assert moto.head(prefix, "culture/feed.xml")["CacheControl"] == "max-age=600"


def test_a_connection_dropped_mid_deploy_leaves_the_pages_as_they_were(site, moto, prefix):
    deployed(site, moto, prefix)
    held = moto.objects(prefix)
    before = site.deployed()
    css = site.templates / "assets" / "css" / "60-culture.css"
    css.write_text(css.read_text() + "\n.deploy-test { color: inherit; }\n")
    entry = site.content / "culture" / "fespaco.md"
    entry.write_text(entry.read_text() + "\nOne more line.\n")
    site.build()
    pages = {p for p in changed(before, site.deployed()) if p.endswith(".html")}
    assert pages
    moto.proxy.drop_after(1)
    try:
        run = deploy(site, moto, prefix)
    finally:
        moto.proxy.drop_after(None)
    assert run.returncode == 1
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "could not reach" in lines[0] and "assets/" in lines[0], run.stderr
    after = moto.objects(prefix)
    assert all(after[p] == held[p] for p in pages | {MANIFEST})
    # The next deploy sends what the failed one did not confirm.
    requests, _ = deployed(site, moto, prefix)
    assert pages <= set(puts(requests))


def test_temporary_credentials_send_their_session_token(site, moto, prefix):
    keys = dict(endpoint_url=moto.direct, region_name="us-east-1", aws_access_key_id=moto.key,
                aws_secret_access_key=moto.secret)
    role = boto3.client("iam", **keys).create_role(RoleName=prefix, AssumeRolePolicyDocument=json.dumps(
        {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Principal": {"AWS": "*"},
                                                "Action": "sts:AssumeRole"}]}))["Role"]
    boto3.client("iam", **keys).put_role_policy(RoleName=prefix, PolicyName="all", PolicyDocument=json.dumps(
        {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]}))
    temporary = boto3.client("sts", **keys).assume_role(RoleArn=role["Arn"], RoleSessionName="deploy")["Credentials"]
    env = moto.env(AWS_ACCESS_KEY_ID=temporary["AccessKeyId"], AWS_SECRET_ACCESS_KEY=temporary["SecretAccessKey"],
                   AWS_SESSION_TOKEN=temporary["SessionToken"])
    run = deploy(site, moto, prefix, env=env)
    assert run.returncode == 0, run.stderr
    assert "index.html" in moto.objects(prefix)
    assert temporary["SecretAccessKey"] not in run.stdout + run.stderr


def test_a_busy_store_is_retried_with_back_off(site, moto, prefix):
    moto.proxy.refuse_puts(3)
    requests, run = deployed(site, moto, prefix)
    assert set(moto.objects(prefix)) == set(site.deployed()) | {MANIFEST}
    assert len(puts(requests)) == len(site.deployed()) + 1 + 3
    moto.proxy.refuse_puts(100)
    try:
        entry = site.content / "culture" / "fespaco.md"
        entry.write_text(entry.read_text() + "\nOne more line.\n")
        site.build()
        run = deploy(site, moto, prefix)
    finally:
        moto.proxy.refuse_puts(0)
    assert run.returncode == 1 and "answered SlowDown: Please reduce your request rate." in run.stderr, run.stderr
