"""Each test module gets a server of its own on a free port, with a copy of the default content,
a fresh state folder and one person (sam) who may sign in (Tests/pythonlib/aura_served.py)."""
from aura_served import PASSWORD, SCHEMA_VERSION, Server, as_schema_version, events, morning_somewhere, wait_for  # noqa: F401 (the suite's helpers)
