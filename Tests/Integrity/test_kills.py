"""`kill -9` at every pause point (Sources/Platform/PausePoint.swift) of `aura plan` and of
`aura build`, not at random moments: each point a whole run passes is killed at its first pass,
and a point passed many times (a file written, a file moved into place) at its middle and last
passes too. After a killed plan nothing is captured twice and nothing is lost; while a build
is stopped at a point, and after it is killed there, Public is whole (or, before a first build
swaps its site in, exactly as it was) and the person's own files are in it; the next build
leaves nothing beside Public and makes what a cold build makes. The points killed are listed
at the end of the run."""
import collections
import shutil
import subprocess

import pytest
from integrity_support import (DAY, HAND_ADDED, add_hand_made_files, built_site, change_entries,
                               expect_cold_build_tree, finish, hand_made_files_survive, kill_at, points_passed,
                               passes_to_kill, run_or_kill_at, token, whole)

# Where a plan that finds the last one killed between saving its capture and draining the
# inbox finishes that drain; only such a plan passes it.
FINISHING_THE_LAST_DRAIN = "planner: the last drain finished"
PLAN_POINTS = {"planner: lock taken", "planner: capture saved", "planner: plan written", "planner: inbox drained",
               "atomic write: tasks.json written beside", "atomic write: plan.json written beside",
               "atomic write: inbox.md written beside"}


def test_kill_plan_at_every_point(site):
    added = []

    def add_lines(number):
        lines = [f"renew permit {token(3 * number + k)}" for k in range(3)]
        with site.inbox.open("a") as inbox:
            inbox.writelines(line + "\n" for line in lines)
        added.extend(lines)

    def expect_nothing_doubled_or_lost(where):
        titles = site.titles()
        duplicated = [title for title, count in collections.Counter(titles).items() if count > 1]
        assert duplicated == [], f"{where}: captured twice {duplicated}"
        # What a killed plan captured is in the store exactly once; the rest waits in the inbox.
        waiting = set(site.inbox_lines())
        missing = [line for line in added if line not in titles and line not in waiting]
        assert missing == [], f"{where}: lost {missing}"

    plan = site.command("plan", "--date", DAY)
    add_lines(0)
    passed = points_passed(plan)
    assert PLAN_POINTS <= set(passed), f"a whole plan passed only {sorted(set(passed))}"
    seen, killed = set(passed), set()
    for number, (point, count) in enumerate(passes_to_kill(passed), start=1):
        add_lines(number)
        seen.update(kill_at(plan, point, count))
        killed.add(point)
        expect_nothing_doubled_or_lost(f"killed at {point} (pass {count})")
        # The next plan finishes what the killed one left undone; it is killed there too.
        passed, finishing_killed = run_or_kill_at(plan, FINISHING_THE_LAST_DRAIN)
        seen.update(passed)
        if finishing_killed:
            killed.add(FINISHING_THE_LAST_DRAIN)
        expect_nothing_doubled_or_lost(f"after {point} (pass {count}), {'killed' if finishing_killed else 'the next plan'}")
    site.run("plan", "--date", DAY)
    assert collections.Counter(site.titles()) == {line: 1 for line in added}
    assert site.inbox_lines() == []
    assert FINISHING_THE_LAST_DRAIN in killed, "no killed plan left a drain for the next to finish"
    assert sorted(seen - killed) == [], "points passed but never killed"


@pytest.mark.parametrize("first_build", [True, False], ids=["first build, swapped in", "rebuild in place"])
def test_kill_build_at_every_point(tmp_path, first_build):
    content, public, command = built_site(tmp_path)
    # A first build finds a folder holding only the person's own files (say a GitHub Pages
    # checkout) and swaps a whole new site in; a rebuild updates the site in place, here adding
    # an entry and retiring one each round, so the commit's journal and removals are in play.
    hand_made = {"CNAME": HAND_ADDED["CNAME"]} if first_build else HAND_ADDED

    def prepare(number):
        """The state the traced build started from, so each point is passed as often again."""
        if first_build:
            shutil.rmtree(public)
            shutil.rmtree(public.parent / ".aura")  # no build of it recorded either
            public.mkdir()
        else:
            # The build after a kill repairs what it left (and is checked against a cold build
            # at the end); the one to kill then makes the same change as the traced one.
            finish(subprocess.Popen(command, stderr=subprocess.PIPE, text=True))
        change_entries(content, number)
        add_hand_made_files(public, hand_made)

    def expect_a_whole_site(where):
        untouched = first_build and sorted(p.name for p in public.iterdir()) == ["CNAME"]
        assert untouched or whole(public), f"{where}: Public is not whole"
        assert hand_made_files_survive(public, hand_made), f"{where}: a hand-made file was lost"

    # From here on each round adds an entry and retires the one the round before added.
    change_entries(content, 0)
    subprocess.run(command, check=True)
    prepare(1)
    passed = points_passed(command)
    expect_a_whole_site("after a whole build")
    build_steps = {point for point in passed if point.startswith("build: ")}
    assert len(build_steps) >= 10, f"a whole build passed only {sorted(set(passed))}"
    assert any(point.startswith("swap: " if first_build else "commit: ") for point in passed), sorted(set(passed))
    seen, killed = set(passed), set()
    for number, (point, count) in enumerate(passes_to_kill(passed), start=2):
        prepare(number)
        seen.update(kill_at(command, point, count, while_stopped=lambda: expect_a_whole_site(f"stopped at {point}")))
        killed.add(point)
        expect_a_whole_site(f"killed at {point} (pass {count})")
    finish(subprocess.Popen(command, stderr=subprocess.PIPE, text=True))
    assert sorted(p.name for p in tmp_path.iterdir()) == [".aura", "Content", "Public"]
    assert whole(public) and hand_made_files_survive(public, hand_made)
    expect_cold_build_tree(tmp_path / "cold", content, public, "after the kills")
    assert sorted(seen - killed) == [], "points passed but never killed"
