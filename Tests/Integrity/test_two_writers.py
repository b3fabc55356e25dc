"""Two aura commands at once on one content folder, 50 rounds of each pair: nothing lost,
nothing duplicated. Every writer takes the content folder's lock (planner/.aura.lock)."""
import collections

from integrity_support import DAY, finish, token

ROUNDS = 50


def test_add_beside_add(site):
    for number in range(ROUNDS):
        finish(site.start("add", f"water plants {token(2 * number)}"),
               site.start("add", f"water plants {token(2 * number + 1)}"))
    lines = site.inbox_lines()
    assert sorted(lines) == sorted(f"water plants {token(n)}" for n in range(2 * ROUNDS))


def test_plan_beside_add(site):
    for number in range(ROUNDS):
        finish(site.start("plan", "--date", DAY), site.start("add", f"file receipts {token(number)}"))
    site.run("plan", "--date", DAY)
    counts = collections.Counter(site.titles())
    assert counts == {f"file receipts {token(n)}": 1 for n in range(ROUNDS)}
    assert site.inbox_lines() == []


def test_done_beside_done(site):
    site.inbox.write_text("".join(f"sort mail {token(n)}\n" for n in range(2 * ROUNDS)))
    site.run("plan", "--date", DAY)
    ids = [task["id"] for task in site.tasks()]
    assert len(ids) == 2 * ROUNDS
    for number in range(ROUNDS):
        finish(site.start("done", ids[2 * number], "--date", DAY), site.start("done", ids[2 * number + 1], "--date", DAY))
    assert all(task.get("done") for task in site.tasks()), [t["id"] for t in site.tasks() if not t.get("done")]


def test_plan_beside_plan(site):
    for number in range(ROUNDS):
        site.inbox.write_text("".join(f"call plumber {token(5 * number + k)}\n" for k in range(5)))
        finish(site.start("plan", "--date", DAY), site.start("plan", "--date", DAY))
    counts = collections.Counter(site.titles())
    assert counts == {f"call plumber {token(n)}": 1 for n in range(5 * ROUNDS)}


def test_plan_beside_done(site):
    site.inbox.write_text("".join(f"sort mail {token(n)}\n" for n in range(ROUNDS)))
    site.run("plan", "--date", DAY)
    ids = [task["id"] for task in site.tasks()]
    for number in range(ROUNDS):
        site.run("add", f"book dentist {token(1000 + number)}")
        finish(site.start("plan", "--date", DAY), site.start("done", ids[number], "--date", DAY))
    tasks = site.tasks()
    assert [t["id"] for t in tasks if t["id"] in ids and not t.get("done")] == []
    counts = collections.Counter(t["title"] for t in tasks)
    assert all(count == 1 for count in counts.values()), [t for t, c in counts.items() if c > 1]
    assert len(tasks) == 2 * ROUNDS
    assert site.inbox_lines() == []


def test_a_second_writer_waits_for_the_lock_and_says_so(site):
    """While something holds the content folder's lock, `aura add` waits, says why after a
    second, and finishes as soon as the lock is free."""
    import fcntl
    import select

    site.run("add", "water plants zzfirst")
    with open(site.content / "planner" / ".aura.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        waiting = site.start("add", "water plants zzsecond")
        ready, _, _ = select.select([waiting.stderr], [], [], 30)
        assert ready, "aura add neither waited with a message nor finished"
        assert "waiting for another aura command to finish with" in waiting.stderr.readline()
        assert waiting.poll() is None
        fcntl.flock(lock, fcntl.LOCK_UN)
    finish(waiting)
    assert site.inbox_lines() == ["water plants zzfirst", "water plants zzsecond"]
