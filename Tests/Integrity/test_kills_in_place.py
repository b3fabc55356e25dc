"""`kill -9` of rebuilds that update Public in place while culture entries come and go, at
every step of the commit: strace delivers SIGKILL on entry to the Nth rename or unlink, for
every N the rebuild reaches. After every kill Public is whole and the files added by hand are
there, and the next build makes exactly what a cold build of the same content makes, leaving
nothing beside Public."""
import signal
import subprocess

from integrity_support import (add_hand_made_files, built_site, change_entries, expect_cold_build_tree,
                               hand_made_files_survive, whole)


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
            assert sorted(p.name for p in (tmp_path / "site").iterdir()) == [".aura", "Content", "Public"]
            expect_cold_build_tree(tmp_path / "cold", content, public, f"killed at {call} {when}")
            if not killed:
                break
        # The rebuild renames each changed file, the journal and the marker; it removes the
        # retired page and the journal.
        assert when > (5 if call == "rename" else 2), f"the rebuild made only {when - 1} calls to {call}"
