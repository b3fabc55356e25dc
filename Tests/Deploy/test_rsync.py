"""`aura deploy FOLDER` through the system's rsync: every file arrives, nothing is rewritten when
nothing changed, a changed entry rewrites only its files, a removed entry's files go (an old asset
one deploy later), and too many deletions stop before anything changes."""
import os

import pytest

from deploy_support import Site, changed

MANIFEST = ".aura-deploy.json"


@pytest.fixture
def site(tmp_path):
    return Site(tmp_path / "site")


@pytest.fixture
def target(tmp_path):
    return tmp_path / "published" / "www"


def deploy(site, target, *options):
    run = site.deploy(str(target), *options)
    assert run.returncode == 0, run.stderr
    return run


def held(target):
    """Every file in the target but the manifest, with its inode (a rewritten file gets a new one)."""
    return {p.relative_to(target).as_posix(): os.stat(p).st_ino
            for p in target.rglob("*") if p.is_file() and p.name != MANIFEST}


def test_first_deploy_copies_every_file_but_the_personal_ones(site, target):
    run = deploy(site, target)
    files = site.deployed()
    assert set(held(target)) == set(files)
    assert (target / MANIFEST).is_file()
    assert f"{len(files)} sent" in run.stdout
    for path in ("index.html", "culture/feed.xml"):
        assert (target / path).read_bytes() == (site.public / path).read_bytes()
    assert not (target / "planner").exists()


def test_nothing_changed_rewrites_nothing(site, target):
    deploy(site, target)
    before = held(target)
    run = deploy(site, target)
    assert "0 sent" in run.stdout
    assert held(target) == before


def test_one_changed_entry_rewrites_only_its_files(site, target):
    deploy(site, target)
    before_files, before = site.deployed(), held(target)
    entry = site.content / "culture" / "fespaco.md"
    entry.write_text(entry.read_text().replace("FESPACO", "FESPACO, the Ouagadougou festival,", 1))
    site.build()
    expected = changed(before_files, site.deployed())
    assert expected
    deploy(site, target)
    after = held(target)
    rewritten = {path for path in after if before.get(path) != after[path]}
    assert rewritten == expected


def test_a_removed_entry_is_deleted_and_an_old_asset_one_deploy_later(site, target):
    deploy(site, target)
    before = site.deployed()
    (site.content / "culture" / "fespaco.md").unlink()
    css = site.templates / "assets" / "css" / "60-culture.css"
    css.write_text(css.read_text() + "\n.deploy-test { color: inherit; }\n")
    site.build()
    gone = set(before) - set(site.deployed())
    old_assets = {p for p in gone if p.startswith("assets/")}
    assert old_assets and gone - old_assets
    deploy(site, target)
    assert set(held(target)) == set(site.deployed()) | old_assets
    deploy(site, target)
    assert set(held(target)) == set(site.deployed())


def test_more_deletions_than_allowed_stop_before_anything_changes(site, target):
    deploy(site, target)
    before = held(target)
    manifest = (target / MANIFEST).read_bytes()
    for name in ("fespaco.md", "a-dolls-house.md"):
        (site.content / "culture" / name).unlink()
    site.build()
    run = site.deploy(str(target), "--max-deletes", "1")
    assert run.returncode == 1 and "more than --max-deletes 1" in run.stderr
    assert held(target) == before and (target / MANIFEST).read_bytes() == manifest
