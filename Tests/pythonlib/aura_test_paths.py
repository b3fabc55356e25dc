"""Where the Python suites find the project and the `aura` binary under test."""
import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def aura_binary():
    """.build/debug/aura (`swift build --product aura`), or the binary AURA_BIN names."""
    configured = os.environ.get("AURA_BIN")
    path = pathlib.Path(configured) if configured else REPO / ".build" / "debug" / "aura"
    path = path if path.is_absolute() else REPO / path
    if not path.exists():
        pytest.fail(f"{path} not found: run `swift build --product aura`, or set AURA_BIN")
    return path
