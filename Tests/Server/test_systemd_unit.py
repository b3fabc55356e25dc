"""deploy/aura.service as systemd reads it: `systemd-analyze verify` finds nothing to say about
it, its sandbox rates "OK" in `systemd-analyze security`, and it runs the command this repository
builds with the options `aura serve` knows."""
import re
import subprocess

from aura_test_paths import REPO, aura_binary

UNIT = REPO / "deploy" / "aura.service"


def installed(tmp_path, text=None):
    """The unit as shipped, with the binary where this checkout builds it (verify checks it exists)."""
    unit = tmp_path / "aura.service"
    unit.write_text((text or UNIT.read_text()).replace("/usr/local/bin/aura", str(aura_binary())))
    return unit


def analyze(*arguments):
    return subprocess.run(["systemd-analyze", *arguments], capture_output=True, text=True, timeout=120)


def test_the_unit_verifies_clean(tmp_path):
    verified = analyze("verify", str(installed(tmp_path)))
    assert verified.returncode == 0 and verified.stderr.strip() == "", verified.stderr


def test_verify_would_notice_a_mistake(tmp_path):
    """The check above can fail: the same unit with a misspelt setting does not pass quietly."""
    broken = UNIT.read_text().replace("ProtectSystem=strict", "ProtectSytem=strict")
    verified = analyze("verify", str(installed(tmp_path, broken)))
    assert "ProtectSytem" in verified.stderr


def test_the_sandbox_is_tight(tmp_path):
    text = UNIT.read_text()
    for setting in ("NoNewPrivileges=yes", "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes",
                    "ReadWritePaths=/var/lib/aura", "CapabilityBoundingSet=\n"):
        assert setting in text, setting
    report = analyze("security", "--offline=true", str(installed(tmp_path)))
    level = re.search(r"Overall exposure level for aura\.service: ([\d.]+) (\w+)", report.stdout)
    assert level, report.stdout + report.stderr
    assert float(level.group(1)) <= 2.0 and level.group(2) == "OK", level.group(0)


def test_the_command_is_one_aura_serve_accepts():
    command = re.search(r"^ExecStart=(\S+) (.*)$", UNIT.read_text(), re.M).group(2).split()
    assert command[0] == "serve"
    usage = subprocess.run([str(aura_binary()), "serve", "--help"], capture_output=True, text=True).stdout
    for option in (word for word in command if word.startswith("--")):
        assert option in usage, option


def test_the_unit_gives_room_for_every_connection_the_server_admits():
    """Before: no LimitNOFILE, so 1,024 descriptors for 4,096 connections."""
    limit = re.search(r"^LimitNOFILE=(\d+)$", UNIT.read_text(), re.M)
    assert limit and int(limit.group(1)) >= 4096 + 256
