"""`aura serve --output DIR` keeps a static build current: a change the server makes to the
store (Plan My Day, Done) shows up in DIR's files without anyone running `aura build`."""
import re

import pytest

from server_support import Server, wait_for


def captured_row(public, title):
    """The planner page's row for `title` in the static build: its class, or None."""
    page = public / "planner" / "index.html"
    text = page.read_text() if page.exists() else ""
    match = re.search(r'<li class="(list-row capture[^"]*)">(?:(?!</li>).)*?' + re.escape(title), text, re.S)
    return match.group(1) if match else None


@pytest.mark.household  # the static build is of Content/, whose planner is the owner's only in a household
def test_a_done_through_the_server_reaches_the_static_build(tmp_path):
    public = tmp_path / "Public"
    server = Server(tmp_path, arguments=["--output", str(public)])
    try:
        browser = server.signed_in()
        origin = {"Origin": server.url}
        assert not public.exists()  # nothing changed yet, nothing built
        assert browser.post(server.url + "/api/plan", json={"inbox": "zzpublish the newsletter"}, headers=origin).status_code == 200
        assert wait_for(lambda: captured_row(public, "zzpublish the newsletter"), "the new task in Public/") == "list-row capture"
        store = server.planner_json("tasks.json")["tasks"]
        task = next(task["id"] for task in store if task["title"] == "zzpublish the newsletter")
        assert browser.post(server.url + "/api/done", json={"id": task}, headers=origin).status_code == 200
        wait_for(lambda: captured_row(public, "zzpublish the newsletter") == "list-row capture capture--done", "the Done in Public/")
        assert (public / "index.html").exists() and not any(path.name.startswith(".") for path in public.iterdir())
        assert (public.parent / ".aura" / "build" / public.name / "files").exists()
    finally:
        server.stop()
