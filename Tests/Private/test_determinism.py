"""A private rebuild keeps what did not change byte for byte, and never seals changed bytes
under an old nonce; a new passphrase seals everything anew."""
import json
import shutil

from private_support import PASSPHRASE, build, files


def snapshot(site):
    return {path: (site / path).read_bytes() for path in files(site)}


def rebuild(content, output, passphrase=PASSPHRASE):
    result = build(content, output, passphrase)
    assert result.returncode == 0, result.stderr
    return snapshot(output)


def test_an_unchanged_rebuild_is_byte_identical(builds, tmp_path):
    content = tmp_path / "Content"
    shutil.copytree(builds["content"], content)
    first = rebuild(content, tmp_path / "out")
    assert rebuild(content, tmp_path / "out") == first


def test_a_changed_task_reseals_only_its_files_with_new_nonces(builds, tmp_path):
    content = tmp_path / "Content"
    shutil.copytree(builds["content"], content)
    before = rebuild(content, tmp_path / "out")
    tasks = json.loads((content / "planner" / "tasks.json").read_text())
    task = next(t for t in tasks["tasks"] if t["id"] == "t18")
    task["title"] = "order printer paper"
    (content / "planner" / "tasks.json").write_text(json.dumps(tasks))
    plan = (content / "planner" / "plan.json").read_text().replace("order printer ink", "order printer paper")
    (content / "planner" / "plan.json").write_text(plan)
    after = rebuild(content, tmp_path / "out")
    sealed = [path for path in before if path.endswith(".enc")]
    changed = [path for path in sealed if before[path] != after.get(path)]
    assert changed and len(changed) < len(sealed)
    for path in changed:
        assert before[path][1:13] != after[path][1:13], path
    assert after["private.json"] == before["private.json"]


def test_a_new_passphrase_seals_everything_anew(builds, tmp_path):
    content = tmp_path / "Content"
    shutil.copytree(builds["content"], content)
    before = rebuild(content, tmp_path / "out")
    after = rebuild(content, tmp_path / "out", PASSPHRASE + "!")
    assert json.loads(after["private.json"])["salt"] != json.loads(before["private.json"])["salt"]
    sealed = [path for path in before if path.endswith(".enc")]
    assert all(before[path][1:13] != after[path][1:13] for path in sealed)
    # The calendar moves to a new secret address, and the old one is gone.
    calendars = lambda files: [p for p in files if p.startswith("calendar/")]
    assert len(calendars(after)) == 1 and calendars(after) != calendars(before)
