"""`kill -9` at a random moment: of `aura plan` (100 rounds), nothing captured twice and
nothing lost; of `aura build` (50 rounds), Public is there and whole at every instant, and the
next build leaves no staging or retired folder behind. The random delay is where the kill lands,
not a wait for something to happen."""
import collections
import random
import shutil
import signal
import subprocess

from integrity_support import DAY, aura_binary, finish, token

from aura_test_paths import REPO


def test_kill_plan_at_any_moment(site):
    chance = random.Random(12)
    added = []
    kills = 0
    for number in range(100):
        lines = [f"renew permit {token(3 * number + k)}" for k in range(3)]
        with site.inbox.open("a") as inbox:
            inbox.writelines(line + "\n" for line in lines)
        added += lines
        plan = site.start("plan", "--date", DAY)
        try:
            plan.wait(timeout=chance.uniform(0, 0.06))
        except subprocess.TimeoutExpired:
            plan.send_signal(signal.SIGKILL)
            kills += 1
        plan.communicate()
        duplicated = [title for title, count in collections.Counter(site.titles()).items() if count > 1]
        assert duplicated == [], f"round {number}: captured twice {duplicated}"
        # What the killed plan captured is in the store exactly once; the rest waits in the inbox.
        counts = collections.Counter(site.titles()) + collections.Counter(
            line for line in site.inbox_lines() if line not in site.titles())
        missing = [line for line in added if counts[line] == 0]
        assert missing == [], f"round {number}: lost {missing}"
    assert kills >= 30, f"only {kills} of 100 plans were killed; the test would prove little"
    site.run("plan", "--date", DAY)
    counts = collections.Counter(site.titles())
    assert counts == {line: 1 for line in added}
    assert site.inbox_lines() == []


def whole(public):
    """The site is there and every file its marker lists exists."""
    marker = public / ".aura-output"
    if not marker.exists():
        return False
    listed = marker.read_text().splitlines()[1:]
    return len(listed) > 50 and all((public / path).exists() for path in listed)


def built_site(folder):
    """A copy of the default content built into folder/Public; returns (content, Public, build command)."""
    content = folder / "Content"
    shutil.copytree(REPO / "Content", content)
    public = folder / "Public"
    command = [str(aura_binary()), "build", "--content", str(content),
               "--templates", str(REPO / "Templates"), "--output", str(public), "--quiet"]
    subprocess.run(command, check=True)
    return content, public, command


def test_kill_build_at_any_moment(tmp_path):
    chance = random.Random(7)
    content, public, command = built_site(tmp_path)
    (public / "CNAME").write_text("aura.example\n")
    kills = 0
    for number in range(50):
        # Each round changes the site, so every build has something to swap in.
        (content / "planner" / "inbox.md").write_text(f"call the bank {token(number)}\n")
        build = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        deadline = chance.uniform(0, 0.4)
        try:
            build.wait(timeout=deadline)
        except subprocess.TimeoutExpired:
            build.send_signal(signal.SIGKILL)
            kills += 1
        build.communicate()
        assert (public / "index.html").exists() and whole(public), f"round {number}: Public is not whole"
        assert (public / "CNAME").read_text() == "aura.example\n"
    assert kills >= 15, f"only {kills} of 50 builds were killed; the test would prove little"
    finish(subprocess.Popen(command, stderr=subprocess.PIPE, text=True))
    assert sorted(p.name for p in tmp_path.iterdir()) == [".Public.lock", "Content", "Public"]
    assert whole(public)


def test_public_is_never_missing_while_builds_run(tmp_path):
    """A reader polling Public while 20 builds replace it never finds it missing or partial."""
    content, public, command = built_site(tmp_path)
    looks = 0
    for number in range(20):
        (content / "planner" / "inbox.md").write_text(f"call the bank {token(number)}\n")
        build = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        while build.poll() is None:
            assert (public / "index.html").exists() and (public / ".aura-output").exists(), f"round {number}: Public missing"
            looks += 1
        finish(build)
    assert looks >= 20, "the reader never looked while a build ran"
