"""Fixtures, and the list of pause points killed; the helpers are in integrity_support.py."""
import pytest

from integrity_support import KILLED, Site


@pytest.fixture
def site(tmp_path):
    return Site(tmp_path)


def pytest_terminal_summary(terminalreporter):
    if not KILLED:
        return
    terminalreporter.section("pause points killed")
    for point in sorted(KILLED):
        passes = ", ".join(str(count) for count in sorted(KILLED[point]))
        terminalreporter.write_line(f"{point}  (pass {passes})")
