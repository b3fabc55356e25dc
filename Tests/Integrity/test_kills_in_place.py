"""`kill -9` of rebuilds that update Public in place while culture entries come and go, so the
journal of new and retired files is in play: at random moments (40 rounds), and at every step
of the commit (strace delivers SIGKILL on entry to the Nth rename or unlink). After every kill
Public is whole and the files added by hand are there, and the next build makes exactly what a
cold build of the same content makes, leaving nothing beside Public."""
import random
import signal
import subprocess
import time

from integrity_support import aura_binary, finish, token
from test_kills import built_site, whole

from aura_test_paths import REPO

HAND_ADDED = {"CNAME": "aura.example\n", "culture/notes.txt": "my reading notes\n"}


def add_hand_made_files(public):
    for path, text in HAND_ADDED.items():
        (public / path).write_text(text)


def hand_made_files_survive(public):
    return all((public / path).exists() and (public / path).read_text() == text for path, text in HAND_ADDED.items())


def change_entries(content, number):
    """Adds an entry named for `number` and removes the one the previous round added."""
    culture = content / "culture"
    source = (culture / "gitanjali.md").read_text()
    (culture / f"{token(number)}.md").write_text(source.replace('title: "Gitanjali"', f'title: "Gitanjali {token(number)}"'))
    if number > 0:
        (culture / f"{token(number - 1)}.md").unlink()


def tree(public):
    """Every file and folder under public by relative path (folders as None, files by bytes),
    without the hand-made files and with the build record's file stamps left out."""
    entries = {}
    for path in sorted(public.rglob("*")):
        relative = path.relative_to(public).as_posix()
        if relative in HAND_ADDED:
            continue
        entries[relative] = None if path.is_dir() else path.read_bytes()
    record = entries.get(".aura-build")
    if record is not None:
        lines = [line.split(" ", 3) for line in record.decode().splitlines()]
        entries[".aura-build"] = [fields[:2] + fields[3:] if len(fields) == 4 else fields for fields in lines]
    return entries


def expect_cold_build_tree(folder, content, public, step):
    cold = folder / f"cold-{step}" / "Public"
    subprocess.run([str(aura_binary()), "build", "--content", str(content), "--templates", str(REPO / "Templates"),
                    "--output", str(cold), "--quiet"], check=True)
    made, expected = tree(public), tree(cold)
    assert sorted(set(made) ^ set(expected)) == [], f"{step}: files or folders differ from a cold build"
    assert [path for path in made if made[path] != expected[path]] == [], f"{step}: bytes differ from a cold build"


def test_kill_rebuilds_that_add_and_remove_entries(tmp_path):
    chance = random.Random(11)
    content, public, command = built_site(tmp_path)
    add_hand_made_files(public)
    started = time.monotonic()
    change_entries(content, 0)
    subprocess.run(command, check=True)
    # Kills land anywhere in a rebuild, its commit at the end included.
    span = 1.2 * (time.monotonic() - started)
    kills = 0
    for number in range(1, 41):
        change_entries(content, number)
        build = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        try:
            build.wait(timeout=chance.uniform(0, span))
        except subprocess.TimeoutExpired:
            build.send_signal(signal.SIGKILL)
            kills += 1
        build.communicate()
        assert whole(public), f"round {number}: Public is not whole"
        assert hand_made_files_survive(public), f"round {number}: a hand-made file was lost"
    assert kills >= 15, f"only {kills} of 40 rebuilds were killed; the test would prove little"
    finish(subprocess.Popen(command, stderr=subprocess.PIPE, text=True))
    assert sorted(p.name for p in tmp_path.iterdir()) == [".Public.lock", "Content", "Public"]
    expect_cold_build_tree(tmp_path / "cold", content, public, "after the kills")
    assert hand_made_files_survive(public)


def test_kill_at_every_step_of_an_in_place_commit(tmp_path):
    content, public, command = built_site(tmp_path / "site")
    add_hand_made_files(public)
    change_entries(content, 0)
    steps = 0
    for call in ("rename", "unlink"):
        for when in range(1, 100):
            steps += 1
            change_entries(content, steps)
            traced = ["strace", "-f", "-qq", "-o", "/dev/null", "-e", f"trace={call}",
                      "-e", f"inject={call}:signal=KILL:when={when}", *command]
            killed = subprocess.run(traced, stderr=subprocess.PIPE, text=True).returncode == -signal.SIGKILL
            assert whole(public), f"killed at {call} {when}: Public is not whole"
            assert hand_made_files_survive(public), f"killed at {call} {when}: a hand-made file was lost"
            subprocess.run(command, check=True)
            assert sorted(p.name for p in (tmp_path / "site").iterdir()) == [".Public.lock", "Content", "Public"]
            expect_cold_build_tree(tmp_path / "cold", content, public, f"killed at {call} {when}")
            if not killed:
                break
        # The rebuild renames each changed file, the journal and the marker; it removes the
        # retired page and the journal.
        assert when > (5 if call == "rename" else 2), f"the rebuild made only {when - 1} calls to {call}"
