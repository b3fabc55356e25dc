"""deploy/aura-deploy.timer and .service as systemd reads them: `systemd-analyze verify` finds
nothing to say, the timer starts the service, and the service runs what the README's cron line
runs, with options aura knows."""
import re
import subprocess

from aura_test_paths import REPO, aura_binary

SERVICE = REPO / "deploy" / "aura-deploy.service"
TIMER = REPO / "deploy" / "aura-deploy.timer"


def test_the_timer_and_service_verify_clean(tmp_path):
    (tmp_path / SERVICE.name).write_text(SERVICE.read_text().replace("/usr/local/bin/aura", str(aura_binary())))
    (tmp_path / TIMER.name).write_text(TIMER.read_text())
    verified = subprocess.run(["systemd-analyze", "verify", str(tmp_path / TIMER.name), str(tmp_path / SERVICE.name)],
                              capture_output=True, text=True, timeout=120)
    assert verified.returncode == 0 and verified.stderr.strip() == "", verified.stderr


def test_the_service_plans_builds_and_deploys_with_options_aura_knows():
    commands = [line.split()[1:] for line in re.findall(r"^ExecStart=(.*)$", SERVICE.read_text(), re.M)]
    assert [command[0] for command in commands] == ["plan", "deploy"]
    assert "--build" in commands[0]
    for command in commands:
        usage = subprocess.run([str(aura_binary()), command[0], "--help"], capture_output=True, text=True).stdout
        for option in (word for word in command if word.startswith("--")):
            assert option in usage, f"{command[0]} {option}"
