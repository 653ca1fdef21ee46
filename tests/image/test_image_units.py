"""The systemd units and drop-ins that the image installs."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from image_recipe import IMAGE_BUILD, ROOTFS, UNIT_DIR, environment, parse_unit

SYSTEMD_ANALYZE = shutil.which("systemd-analyze")
OUR_UNITS = ["tactibox.service", "tactibox-data-partition.service", "tactibox-wifi.service",
             "tactibox-poweroff.path", "tactibox-poweroff.service"]
# Debian/Raspberry Pi OS units that we only extend with drop-ins, and the command each runs.
EXTENDED = {
    "ssh.service": "/usr/sbin/sshd -D",
    "systemd-networkd.service": "/lib/systemd/systemd-networkd",
    "systemd-resolved.service": "/lib/systemd/systemd-resolved",
}


def test_game_runs_on_tty1_as_its_own_user_and_always_restarts(tactibox_unit):
    service = tactibox_unit["Service"]
    assert service["User"] == ["tactibox"]
    assert service["Restart"] == ["always"]
    assert service["TTYPath"] == ["/dev/tty1"]
    assert service["StandardInput"] == ["tty"]
    # systemd must never stop restarting the game on an unattended appliance.
    assert tactibox_unit["Unit"]["StartLimitIntervalSec"] == ["0"]
    assert "getty@tty1.service" in " ".join(tactibox_unit["Unit"]["Conflicts"]).split()
    assert tactibox_unit["Install"]["WantedBy"] == ["multi-user.target"]


def test_restarts_lead_to_safe_mode_not_a_silent_loop(tactibox_unit):
    """Restart=always every 2 s for ever (issue 21, item 22): the unit switches on the game's
    crash guard, so the 4th start after 3 failed ones is a safe-mode start."""
    from game.store.start_guard import ENV, limit_from_env
    env = environment(tactibox_unit)
    assert limit_from_env(env) == 3
    assert ENV in env
    assert tactibox_unit["Service"]["RestartSec"] == ["2"]
    # the guard runs before the command line is parsed: a bad TACTIBOX_ARGS counts too
    assert tactibox_unit["Service"]["ExecStart"] == ["/opt/tactibox/venv/bin/tactibox $TACTIBOX_ARGS"]


def test_game_environment_points_at_kms_the_data_partition_and_the_boot_rulesets(tactibox_unit):
    env = environment(tactibox_unit)
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert env["TACTIBOX_DATA"] == "/var/lib/tactibox"
    ruleset_dirs = env["TACTIBOX_RULESET_PATH"].split(":")
    assert "/boot/firmware/tactibox/rulesets" in ruleset_dirs
    # that folder is shipped on the boot partition (boot-files/ is copied to /boot/firmware/tactibox)
    assert (IMAGE_BUILD / "boot-files/rulesets").is_dir()
    # owner overrides come from the boot partition; '-' = optional file
    assert tactibox_unit["Service"]["EnvironmentFile"] == ["-/boot/firmware/tactibox/tactibox.env"]
    assert (IMAGE_BUILD / "boot-files/tactibox.env.example").is_file()


def test_exec_start_is_the_venv_console_script_that_setup_installs(tactibox_unit):
    exec_start = tactibox_unit["Service"]["ExecStart"]
    assert len(exec_start) == 1
    program = exec_start[0].split()[0]
    setup = (IMAGE_BUILD / "setup.sh").read_text()
    venv = next(line.split("=", 1)[1] for line in setup.splitlines() if line.startswith("VENV="))
    assert program == f"{venv}/bin/tactibox"


def test_game_user_groups_in_setup_cover_the_hardware_the_game_touches():
    setup = (IMAGE_BUILD / "setup.sh").read_text()
    line = next(line for line in setup.splitlines() if line.startswith("GAME_GROUPS="))
    groups = set(line.split("=", 1)[1].strip('"').split())
    assert {"input", "gpio", "dialout", "video", "audio"} <= groups


def test_data_mount_and_unit_agree_on_the_label_and_mount_point():
    setup = (IMAGE_BUILD / "setup.sh").read_text()
    script = (ROOTFS / "usr/lib/tactibox/data-partition").read_text()
    assert "LABEL=tbdata" in script
    assert "LABEL=tbdata /var/lib/tactibox ext4" in setup
    unit = parse_unit(UNIT_DIR / "tactibox-data-partition.service")
    assert "var-lib-tactibox.mount" in " ".join(unit["Unit"]["Before"]).split()
    assert unit["Service"]["ExecStart"] == ["/usr/lib/tactibox/data-partition"]


def test_network_services_only_start_when_a_file_on_the_boot_partition_asks_for_them():
    ssh = parse_unit(UNIT_DIR / "ssh.service.d/tactibox.conf")
    assert ssh["Unit"]["ConditionPathExists"] == ["/boot/firmware/tactibox/authorized_keys"]
    wifi = parse_unit(UNIT_DIR / "tactibox-wifi.service")
    assert wifi["Unit"]["ConditionPathExists"] == ["/boot/firmware/tactibox/wpa_supplicant.conf"]
    for name in ("systemd-networkd.service.d", "systemd-resolved.service.d"):
        conditions = parse_unit(UNIT_DIR / name / "tactibox.conf")["Unit"]["ConditionPathExists"]
        # '|' makes them "any of": Wi-Fi, SSH or plain wired networking
        assert all(c.startswith("|/boot/firmware/tactibox/") for c in conditions), conditions
        assert len(conditions) == 3
    for example in ("authorized_keys.example", "wpa_supplicant.conf.example"):
        assert (IMAGE_BUILD / "boot-files" / example).is_file()


def test_sshd_never_accepts_passwords_and_keeps_host_keys_on_the_data_partition():
    conf = (ROOTFS / "etc/ssh/sshd_config.d/tactibox.conf").read_text().splitlines()
    settings = [line.split(None, 1) for line in conf if line and not line.startswith("#")]
    assert ["PasswordAuthentication", "no"] in settings
    assert ["PermitRootLogin", "prohibit-password"] in settings
    host_keys = [value for key, value in settings if key == "HostKey"]
    assert host_keys and all(k.startswith("/var/lib/tactibox/.system/ssh/") for k in host_keys)
    helper = (ROOTFS / "usr/lib/tactibox/ssh-host-keys").read_text()
    assert "ssh-keygen -A -f" in helper and "/var/lib/tactibox" in helper and "$sys/ssh" in helper


def _fake_root(tmp_path: Path) -> Path:
    """The image's files plus stand-ins for the programs and base units they refer to."""
    root = tmp_path / "root"
    shutil.copytree(ROOTFS, root, symlinks=True)
    for program in ("opt/tactibox/venv/bin/tactibox", "sbin/wpa_supplicant", "usr/sbin/sshd", "usr/bin/systemctl",
                    "lib/systemd/systemd-networkd", "lib/systemd/systemd-resolved"):
        path = root / program
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("#!/bin/sh\n")
        path.chmod(0o755)
    base = root / "lib/systemd/system"
    base.mkdir(parents=True, exist_ok=True)
    for unit, command in EXTENDED.items():
        (base / unit).write_text(f"[Unit]\nDescription=stand-in\n[Service]\nExecStart={command}\n")
    return root


@pytest.mark.skipif(SYSTEMD_ANALYZE is None, reason="systemd-analyze is not installed (CI installs systemd)")
@pytest.mark.parametrize("unit", OUR_UNITS + list(EXTENDED))
def test_systemd_analyze_verify_accepts_the_unit(tmp_path, unit):
    root = _fake_root(tmp_path)
    path = root / "etc/systemd/system" / unit
    if not path.exists():
        path = root / "lib/systemd/system" / unit
    result = subprocess.run(
        [SYSTEMD_ANALYZE, "verify", "--man=no", "--recursive-errors=no", f"--root={root}", str(path)],
        capture_output=True, text=True, timeout=60, env={**os.environ, "SYSTEMD_LOG_COLOR": "0"},
    )
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr


@pytest.mark.skipif(SYSTEMD_ANALYZE is None, reason="systemd-analyze is not installed (CI installs systemd)")
def test_systemd_analyze_verify_catches_a_broken_unit(tmp_path):
    """The check above can fail: a misspelt key in the game's unit is reported."""
    root = _fake_root(tmp_path)
    path = root / "etc/systemd/system/tactibox.service"
    path.write_text(path.read_text().replace("Restart=always", "Restart=alwayz"))
    result = subprocess.run(
        [SYSTEMD_ANALYZE, "verify", "--man=no", "--recursive-errors=no", f"--root={root}", str(path)],
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode != 0 or "alwayz" in result.stderr
    assert "alwayz" in result.stderr


def test_game_still_starts_when_the_data_partition_is_missing(tactibox_unit):
    """A hard dependency on /var/lib/tactibox would leave a black screen if the card's data
    partition is broken: WorkingDirectory without '-' implies RequiresMountsFor= in systemd."""
    unit, service = tactibox_unit["Unit"], tactibox_unit["Service"]
    assert service["WorkingDirectory"] == ["-/var/lib/tactibox"]
    assert "RequiresMountsFor" not in unit and "Requires" not in unit and "BindsTo" not in unit
    assert "var-lib-tactibox.mount" in unit["Wants"] and "var-lib-tactibox.mount" in unit["After"]


def test_shutdown_request_reaches_a_root_path_unit():
    """The unprivileged game powers off by creating a file that a root path unit watches."""
    game = parse_unit(UNIT_DIR / "tactibox.service")
    env = environment(game)
    assert env["TACTIBOX_APPLIANCE"] == "1"
    request = env["TACTIBOX_POWEROFF_REQUEST"]
    assert game["Service"]["RuntimeDirectory"] == ["tactibox"] and request.startswith("/run/tactibox/")
    path = parse_unit(UNIT_DIR / "tactibox-poweroff.path")
    assert path["Path"]["PathExists"] == [request]
    assert path["Path"]["Unit"] == ["tactibox-poweroff.service"]
    svc = parse_unit(UNIT_DIR / "tactibox-poweroff.service")
    assert "poweroff" in svc["Service"]["ExecStart"][0]
    assert "tactibox-poweroff.path" in (IMAGE_BUILD / "setup.sh").read_text()
