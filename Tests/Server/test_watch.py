"""`aura serve --watch`: an edit under Content/ or Templates/ builds the site again and open
pages hear `reload` over Server-Sent Events; a broken edit sends its file:line:column problems
(and the escaped banner that shows them) while the last good site is still served; a fixed one
reloads. The client script is loaded only in this mode, and open streams hold no server thread."""
import html
import re

import pytest
import requests

from server_support import Server, events

STREAM_TIMEOUT = (10, 120)  # connect, then the longest wait for the next event (a rebuild)


@pytest.fixture(scope="module")
def watched(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("watch"), arguments=["--watch"], own_templates=True)
    yield running
    running.stop()


def reload_stream(server):
    response = requests.get(server.url + "/_aura/reload", stream=True, timeout=STREAM_TIMEOUT)
    assert response.status_code == 200 and response.headers["Content-Type"].startswith("text/event-stream")
    stream = events(response)
    name, _ = next(stream)
    assert name == "hello"
    return response, stream


def next_event(stream, *names):
    """The next event named one of `names` (heartbeats and others are passed over)."""
    for name, data in stream:
        if name in names:
            return name, data
    raise AssertionError(f"the stream ended before {names}")


def test_only_watch_mode_loads_the_client_script(server, watched):
    plain = requests.get(server.url + "/culture/")
    assert "_aura/" not in plain.text
    assert requests.get(server.url + "/_aura/reload").status_code == 404
    page = requests.get(watched.url + "/culture/")
    assert '<script src="/_aura/live-reload.js" defer></script>' in page.text
    assert page.headers["Content-Security-Policy"] == plain.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in page.headers["Content-Security-Policy"]
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page.text) and " style=" not in page.text
    script = requests.get(watched.url + "/_aura/live-reload.js")
    assert script.status_code == 200 and "EventSource" in script.text and "javascript" in script.headers["Content-Type"]
    assert requests.get(watched.url + "/_aura/live-reload.css").headers["Content-Type"].startswith("text/css")


def test_an_edit_reloads_open_pages(watched):
    response, stream = reload_stream(watched)
    with response:
        page = watched.content / "culture" / "hamlet.md"
        page.write_text(page.read_text().replace("A ghost tells Hamlet", "A zzghost tells Hamlet"))
        assert next_event(stream, "reload", "build-error")[0] == "reload"
    assert "zzghost" in requests.get(watched.url + "/culture/hamlet/").text


def test_a_broken_edit_shows_where_and_the_last_good_site_stays(watched):
    page = watched.content / "culture" / "hamlet.md"
    good = page.read_text()
    before = requests.get(watched.url + "/culture/hamlet/").text
    response, stream = reload_stream(watched)
    with response:
        page.write_text(good.replace("energy: high", "energy: [high"))
        name, data = next_event(stream, "reload", "build-error")
        assert name == "build-error"
        assert any(re.search(r"culture/hamlet\.md:\d+:\d+: ", problem) for problem in data["problems"]), data
        # The banner lists each problem escaped: it is inserted as HTML by the client script.
        shown = re.findall(r"<code>(.*?)</code>", data["html"], re.S)
        assert [html.unescape(text) for text in shown] == data["problems"]
        assert not any(c in text for text in shown for c in "<>'\"")
        assert 'role="alert"' in data["html"]
        # Still the last good site, and a page opened now hears the problem at once.
        assert requests.get(watched.url + "/culture/hamlet/").text == before
        late, late_stream = reload_stream(watched)
        with late:
            assert next_event(late_stream, "reload", "build-error") == ("build-error", data)
        page.write_text(good.replace("feigns madness", "feigns zzfixed madness"))
        assert next_event(stream, "reload", "build-error")[0] == "reload"
    assert "zzfixed" in requests.get(watched.url + "/culture/hamlet/").text


def test_a_broken_template_is_reported_at_its_line_and_column(watched):
    template = watched.templates / "partials" / "footer.mustache"
    good = template.read_text()
    response, stream = reload_stream(watched)
    with response:
        template.write_text("{{#unclosed}}\n" + good)
        name, data = next_event(stream, "reload", "build-error")
        assert name == "build-error" and any(re.search(r"partials/footer\.mustache:\d+:\d+: ", p) for p in data["problems"]), data
        assert requests.get(watched.url + "/").status_code == 200
        template.write_text(good)
        assert next_event(stream, "reload", "build-error")[0] == "reload"


def test_open_streams_are_capped_and_hold_no_thread(tmp_path):
    """32 open streams on a 4-thread pool: every page is still answered, and the 33rd stream is
    refused. (A server of its own: streams the other tests closed are let go at a heartbeat.)"""
    watched = Server(tmp_path, arguments=["--watch"])
    opened = [reload_stream(watched) for _ in range(32)]
    try:
        refused = requests.get(watched.url + "/_aura/reload", stream=True, timeout=STREAM_TIMEOUT)
        assert refused.status_code == 503 and int(refused.headers["Retry-After"]) > 0
        for _ in range(8):
            assert requests.get(watched.url + "/culture/", timeout=10).status_code == 200
    finally:
        for response, _ in opened:
            response.close()
        watched.stop()  # with streams still open on its side: it ends them and exits 0
