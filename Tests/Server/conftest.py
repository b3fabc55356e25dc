"""Fixtures; the helpers are in server_support.py."""
import pytest

from server_support import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("serve"))
    yield running
    running.stop()
