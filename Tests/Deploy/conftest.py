"""One moto server for the suite; each test module builds its own copy of the site."""
import pytest

from deploy_support import Moto


@pytest.fixture(scope="session")
def moto(tmp_path_factory):
    server = Moto(tmp_path_factory.mktemp("moto"))
    yield server
    server.stop()
