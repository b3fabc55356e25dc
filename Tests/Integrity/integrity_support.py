"""Real `aura` processes racing each other and being killed, on a content folder of their own.
The binary is .build/debug/aura (`swift build --product aura`), or AURA_BIN."""
import json
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
