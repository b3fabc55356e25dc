"""Fixtures; the helpers are in integrity_support.py."""
import pytest

from integrity_support import Site


@pytest.fixture
def site(tmp_path):
    return Site(tmp_path)
