"""One plain and one private build of the default content, shared by the suite's tests."""
import pytest

from aura_test_paths import REPO
from private_support import PASSPHRASE, build, private_content


@pytest.fixture(scope="session")
def builds(tmp_path_factory):
    root = tmp_path_factory.mktemp("private")
    plain = build(REPO / "Content", root / "plain")
    assert plain.returncode == 0, plain.stderr
    content = private_content(root / "private" / "Content")
    sealed = build(content, root / "sealed", PASSPHRASE)
    assert sealed.returncode == 0, sealed.stderr
    return {"plain": root / "plain", "sealed": root / "sealed", "content": content, "root": root,
            "plain_log": plain.stdout, "sealed_log": sealed.stdout}
