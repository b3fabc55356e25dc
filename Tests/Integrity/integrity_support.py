"""Real `aura` processes racing each other and being killed, on a content folder of their own.
The binary is .build/debug/aura (`swift build --product aura`), or AURA_BIN."""
import collections
import json
import os
import shutil
import subprocess


from aura_test_paths import REPO, aura_binary

DAY = "2026-12-02"


def token(number):
    """A word no date, time or duration reader knows: zz + base-26 letters."""
    letters = ""
    while True:
        letters = chr(ord("a") + number % 26) + letters
        number //= 26
        if number == 0:
            return "zz" + letters


class Site:
    """A content folder with the default site.yml, an empty planner and the default theme."""

    def __init__(self, root):
        self.root = root
        self.content = root / "Content"
        (self.content / "planner").mkdir(parents=True)
        shutil.copy(REPO / "Content" / "site.yml", self.content / "site.yml")
        self.inbox = self.content / "planner" / "inbox.md"
        self.store = self.content / "planner" / "tasks.json"
        self.aura = aura_binary()

    def command(self, *arguments):
        return [str(self.aura), *arguments, "--content", str(self.content)]

    def start(self, *arguments):
        return subprocess.Popen(self.command(*arguments), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def run(self, *arguments):
        result = subprocess.run(self.command(*arguments), capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, f"aura {' '.join(arguments)}: {result.stderr}"
        return result

    def titles(self):
        if not self.store.exists():
            return []
        return [task["title"] for task in json.loads(self.store.read_text())["tasks"]]

    def tasks(self):
        return json.loads(self.store.read_text())["tasks"] if self.store.exists() else []

    def inbox_lines(self):
        if not self.inbox.exists():
            return []
        return [line for line in self.inbox.read_text().splitlines() if line.strip()]


def finish(*processes):
    """Waits for every process; each must succeed."""
    for process in processes:
        _, errors = process.communicate(timeout=60)
        assert process.returncode == 0, f"{process.args}: exit {process.returncode}: {errors}"


# Pause points (Sources/Platform/PausePoint.swift): a debug `aura` says each point it passes,
# and stops itself at the one a test names, so a kill lands exactly there.
POINT = "aura: point "
PAUSED = "aura: paused at "

# Every point killed in this run, by name, with the passes it was killed at; conftest.py
# prints them at the end of the run.
KILLED = {}


def pause_environment(point=None, count=1):
    environment = dict(os.environ, AURA_PAUSE_TRACE="1")
    if point is not None:
        environment.update(AURA_PAUSE_AT=point, AURA_PAUSE_COUNT=str(count))
    return environment


def points_passed(command):
    """Runs `command` to the end; the points it passed, in order (one name per pass)."""
    result = subprocess.run(command, env=pause_environment(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, timeout=120)
    assert result.returncode == 0, f"{command}: exit {result.returncode}: {result.stderr}"
    passed = [line[len(POINT):] for line in result.stderr.splitlines() if line.startswith(POINT)]
    assert passed, f"{command} passed no pause point: is {command[0]} a debug build (swift build)?"
    return passed


def run_or_kill_at(command, point, count=1, while_stopped=lambda: None):
    """Runs `command`; if it stops itself at the `count`th pass of `point`, calls
    `while_stopped` and kills it (SIGKILL). Returns the points it passed on the way and
    whether it was killed; one that ran to the end must have succeeded."""
    process = subprocess.Popen(command, env=pause_environment(point, count), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    passed, errors = [], []
    with process:
        for line in process.stderr:
            if line.startswith(POINT):
                passed.append(line[len(POINT):].rstrip("\n"))
            elif line.startswith(PAUSED):
                _, status = os.waitpid(process.pid, os.WUNTRACED)
                assert os.WIFSTOPPED(status), f"{command}: said it paused at {point} but did not stop"
                try:
                    while_stopped()
                finally:
                    process.kill()
                    process.wait()
                KILLED.setdefault(point, set()).add(count)
                return passed, True
            else:
                errors.append(line)
        process.wait()
    assert process.returncode == 0, f"{command}: exit {process.returncode}: {''.join(errors)}"
    return passed, False


def kill_at(command, point, count=1, while_stopped=lambda: None):
    """As `run_or_kill_at`, for a command that must reach the point; the points it passed."""
    passed, killed = run_or_kill_at(command, point, count, while_stopped)
    assert killed, f"{command} ended without reaching {point!r} pass {count}"
    return passed


def passes_to_kill(passed):
    """For each point in `passed`: its first pass, and for a point passed more than once its
    middle and last passes too. In the order first reached."""
    counts = collections.Counter(passed)
    return [(point, count) for point in counts
            for count in sorted({1, (counts[point] + 1) // 2, counts[point]})]


def build_state(public, name):
    """A file of the build state Aura keeps for `public`, outside it (.aura/build/<name>/ beside it)."""
    return public.parent / ".aura" / "build" / public.name / name


def whole(public):
    """The site is there and every file its marker lists exists. Between a first build's swap
    and its marker, the journal lists the new site's files instead."""
    marker = build_state(public, "files")
    if not marker.exists():
        marker = build_state(public, "pending")
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


# Files a person added to Public by hand; every build keeps them.
HAND_ADDED = {"CNAME": "aura.example\n", "culture/notes.txt": "my reading notes\n"}


def add_hand_made_files(public, files=HAND_ADDED):
    for path, text in files.items():
        (public / path).write_text(text)


def hand_made_files_survive(public, files=HAND_ADDED):
    return all((public / path).exists() and (public / path).read_text() == text for path, text in files.items())


def change_entries(content, number):
    """Adds an entry named for `number` and removes the one the previous round added."""
    culture = content / "culture"
    source = (culture / "gitanjali.md").read_text()
    (culture / f"{token(number)}.md").write_text(source.replace('title: "Gitanjali"', f'title: "Gitanjali {token(number)}"'))
    if number > 0:
        (culture / f"{token(number - 1)}.md").unlink()


def tree(public):
    """Every file and folder under public by relative path (folders as None, files by bytes),
    without the hand-made files, and the build record (kept outside it) as "(record)" with its
    file stamps left out."""
    entries = {}
    for path in sorted(public.rglob("*")):
        relative = path.relative_to(public).as_posix()
        if relative in HAND_ADDED:
            continue
        entries[relative] = None if path.is_dir() else path.read_bytes()
    record = build_state(public, "record")
    if record.exists():
        lines = [line.split(" ", 3) for line in record.read_text().splitlines()]
        entries["(record)"] = [fields[:2] + fields[3:] if len(fields) == 4 else fields for fields in lines]
    return entries


def expect_cold_build_tree(folder, content, public, step):
    cold = folder / f"cold-{step}" / "Public"
    subprocess.run([str(aura_binary()), "build", "--content", str(content), "--templates", str(REPO / "Templates"),
                    "--output", str(cold), "--quiet"], check=True)
    made, expected = tree(public), tree(cold)
    assert sorted(set(made) ^ set(expected)) == [], f"{step}: files or folders differ from a cold build"
    assert [path for path in made if made[path] != expected[path]] == [], f"{step}: bytes differ from a cold build"
