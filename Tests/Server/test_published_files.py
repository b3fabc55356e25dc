"""Nothing but the site is published: a theme file that is a link (hard or symbolic) could
bring anything into it, the accounts database included, so the build refuses it by name; and
`aura serve` refuses a state folder inside a folder it builds from or into."""
import os
import shutil
import subprocess

import pytest

from aura_test_paths import REPO, aura_binary


def build(content, templates, output):
    return subprocess.run([str(aura_binary()), "build", "--content", str(content), "--templates", str(templates),
                           "--output", str(output), "--quiet"], capture_output=True, text=True)


@pytest.mark.parametrize("link", ["hard", "symbolic"])
def test_a_static_file_that_is_a_link_is_refused_and_nothing_is_published(tmp_path, link):
    content, templates = tmp_path / "Content", tmp_path / "Templates"
    shutil.copytree(REPO / "Content", content)
    shutil.copytree(REPO / "Templates", templates)
    secret = tmp_path / "state" / "aura.sqlite3"
    secret.parent.mkdir()
    secret.write_bytes(b"SQLite format 3\0 everyone's accounts")
    (os.link if link == "hard" else os.symlink)(secret, templates / "static" / "backup.bin")
    result = build(content, templates, tmp_path / "Public")
    assert result.returncode == 1
    assert "static/backup.bin is a " + ("hard link" if link == "hard" else "symbolic link") in result.stderr, result.stderr
    assert not (tmp_path / "Public").exists()
    # A copy of one's own is published as it is.
    (templates / "static" / "backup.bin").unlink()
    shutil.copy(secret, templates / "static" / "notes.bin")
    assert build(content, templates, tmp_path / "Public").returncode == 0
    assert (tmp_path / "Public" / "notes.bin").read_bytes() == secret.read_bytes()


@pytest.mark.parametrize("link", ["hard", "symbolic"])
@pytest.mark.parametrize("place", ["assets/icons/secret.svg", "partials/secret.mustache", "assets/early/secret.js",
                                   "assets/fonts/secret.woff2"])
def test_a_link_anywhere_in_the_theme_is_refused_by_its_path(tmp_path, link, place):
    """Before: only static/ was looked at; an icon, a script or a partial that links outside was
    read and published."""
    content, templates = tmp_path / "Content", tmp_path / "Templates"
    shutil.copytree(REPO / "Content", content)
    shutil.copytree(REPO / "Templates", templates)
    secret = tmp_path / "state" / "aura.sqlite3"
    secret.parent.mkdir()
    secret.write_text("everyone's accounts")
    (os.link if link == "hard" else os.symlink)(secret, templates / place)
    result = build(content, templates, tmp_path / "Public")
    assert result.returncode == 1
    assert f"Templates/{place} is a " + ("hard link" if link == "hard" else "symbolic link") in result.stderr, result.stderr
    assert not (tmp_path / "Public").exists()


@pytest.mark.parametrize("inside", ["Content/state", "Public/state", "Templates/static/state"])
def test_serve_refuses_a_state_folder_inside_a_folder_it_builds_from_or_into(tmp_path, inside):
    shutil.copytree(REPO / "Content", tmp_path / "Content")
    shutil.copytree(REPO / "Templates", tmp_path / "Templates")
    (tmp_path / "Public").mkdir()
    answer = subprocess.run([str(aura_binary()), "serve", "--content", "Content", "--templates", "Templates",
                             "--output", "Public", "--state", inside, "--listen", "127.0.0.1:0"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert answer.returncode == 2
    assert f"--state {inside} is inside the" in answer.stderr and "keep the state folder outside it" in answer.stderr
    assert not (tmp_path / inside).exists()
