"""Fixtures; the helpers are in server_support.py."""
import pytest

from server_support import Server, morning_somewhere


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # Whatever the hour, the site's day is just beginning: Plan My Day has room, and the plan
    # has notifications to come.
    running = Server(tmp_path_factory.mktemp("serve"), content_edit=morning_somewhere)
    yield running
    running.stop()
