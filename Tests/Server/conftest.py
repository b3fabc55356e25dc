"""Fixtures; the helpers are in server_support.py. Tests marked `household` are about what only
the household engine has (its files and folders): the PostgreSQL pass leaves them out with
`-m "not household"` (Makefile, test-server)."""
import pytest

from server_support import Server, morning_somewhere


def pytest_configure(config):
    config.addinivalue_line("markers", "household: about the household's own files (planner folders, the SQLite "
                                       "file, the terminal's commands on Content/planner), which a database server has not")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # Whatever the hour, the site's day is just beginning: Plan My Day has room, and the plan
    # has notifications to come.
    running = Server(tmp_path_factory.mktemp("serve"), content_edit=morning_somewhere)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    """A server behind a trusted proxy (127.0.0.0/8), so each test can come from addresses of its
    own (X-Forwarded-For)."""
    running = Server(tmp_path_factory.mktemp("proxied"), content_edit=morning_somewhere,
                     arguments=["--trusted-proxy", "127.0.0.0/8"])
    yield running
    running.stop()
