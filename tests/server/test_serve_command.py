"""``imhotep-duel serve`` as a process: its first start, its key, its clean stop."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

import pytest
from ssh_support import Keys, connect

from cli.main import main

ROOT = Path(__file__).resolve().parents[2]


async def _start(data: Path, *args: str) -> tuple[asyncio.subprocess.Process, int, str]:
    env = {**os.environ, "IMHOTEP_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "cli",
        "serve",
        "--listen",
        "127.0.0.1:0",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    lines = []
    while len(lines) < 2:
        line = await asyncio.wait_for(proc.stdout.readline(), 60)
        assert line, "the server stopped before it was ready"
        lines.append(line.decode())
    port = int(re.search(r":(\d+)$", lines[0].strip()).group(1))  # type: ignore[union-attr]
    return proc, port, "".join(lines)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_serve_creates_a_private_host_key_and_stops_cleanly(
    tmp_path: Path, keys: Keys, sig: signal.Signals
) -> None:
    data = tmp_path / "data"
    allow = tmp_path / "allowed"
    proc, port, banner = await _start(data, "--allow", str(allow))
    try:
        key_file = data / "server" / "ssh_host_ed25519_key"
        assert key_file.stat().st_mode & 0o777 == 0o600
        assert "Host key (created now): SHA256:" in banner
        conn = await connect(port, keys.by_name["alice"])
        seen = conn.get_server_host_key()
        assert seen is not None and seen.get_fingerprint("sha256") in banner
        fingerprint = seen.get_fingerprint("sha256")
        conn.close()
    finally:
        proc.send_signal(sig)
        out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0
    assert b"stopping" in out
    assert b"connect from 127.0.0.1" in err
    assert b"login key:SHA256:" in err
    # The log carries fingerprints, never key material.
    assert keys.by_name["alice"].export_public_key("openssh").split()[1] not in err
    # The second start keeps the same key, and says so (it printed
    # "Host key (host key)", issue 33).
    proc, port, banner = await _start(data, "--allow", str(allow))
    proc.send_signal(signal.SIGTERM)
    await asyncio.wait_for(proc.communicate(), 60)
    assert f"Host key (kept from an earlier start): {fingerprint}" in banner


def test_add_key_writes_the_allow_file(tmp_path: Path, keys: Keys, capsys) -> None:
    pub = tmp_path / "mallory.pub"
    pub.write_bytes(keys.by_name["mallory"].export_public_key("openssh"))
    allow = tmp_path / "friends"
    assert main(["serve", "--allow", str(allow), "--add-key", str(pub), "--as", "mal"]) == 0
    assert "mal may now connect" in capsys.readouterr().out
    assert "mal" in allow.read_text()
    assert main(["serve", "--allow", str(allow), "--add-key", str(pub), "--as", "mal2"]) == 2
    assert "already allowed" in capsys.readouterr().err


def test_bad_listen_addresses_are_refused(capsys) -> None:
    for bad in ("2222", "host:port", "127.0.0.1:70000"):
        with pytest.raises(SystemExit) as exit_:
            main(["serve", "--listen", bad])
        assert exit_.value.code == 2
