"""The server's small parts: back-off, the name prompt, the app's environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.child import MAX_COLS, MAX_ROWS, clamp_size
from server.prompt import LineReader
from server.session import child_environment
from server.throttle import AuthThrottle, ThrottleRules, origin


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_back_off_grows_then_shuts_out_then_forgets() -> None:
    clock = Clock()
    throttle = AuthThrottle(
        ThrottleRules(window=60, free=2, base_delay=1, max_delay=8, lockout=7), clock
    )
    delays = []
    for _ in range(7):
        delays.append(throttle.delay("10.0.0.1"))
        assert not throttle.locked("10.0.0.1")
        throttle.record_failure("10.0.0.1")
    assert delays == [0, 0, 1, 2, 4, 8, 8]
    assert throttle.locked("10.0.0.1")
    assert throttle.delay("10.0.0.2") == 0  # another address is not touched
    clock.now += 61
    assert not throttle.locked("10.0.0.1")
    assert throttle.delay("10.0.0.1") == 0


def test_limits_count_an_ipv4_address_or_an_ipv6_block() -> None:
    assert origin("192.0.2.7") == "192.0.2.7"
    # One subscriber holds a whole /64: its addresses are one origin.
    assert origin("2001:db8:1:2::5") == origin("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert origin("2001:db8:1:3::5") != origin("2001:db8:1:2::5")
    assert origin("::ffff:192.0.2.7") == "192.0.2.7"
    assert origin("fe80::1%eth0") == "fe80::/64"
    assert origin("?") == "?"


def test_the_throttle_remembers_a_bounded_number_of_addresses() -> None:
    throttle = AuthThrottle(ThrottleRules(max_addresses=100, lockout=3), Clock())
    for n in range(1000):
        for _ in range(10):
            throttle.record_failure(f"10.0.{n // 256}.{n % 256}")
    assert len(throttle._failures) == 100
    assert all(len(times) <= 3 for times in throttle._failures.values())


def test_the_prompt_edits_and_skips_escape_sequences() -> None:
    reader = LineReader()
    echo, line = reader.feed(b"bx\x7fo\x1b[Ab")
    assert line is None
    assert echo == "bx\b \bob"
    echo, line = reader.feed("\u00eb\r".encode())
    assert line == "bobë"


def test_the_prompt_takes_utf8_split_across_packets_and_can_be_cancelled() -> None:
    reader = LineReader()
    _, line = reader.feed(b"Zo\xc3")
    _, line = reader.feed(b"\xab\n")
    assert line == "Zoë"
    reader = LineReader()
    _, line = reader.feed(b"abc\x03")
    assert line is None and reader.cancelled


def test_the_prompt_ignores_controls_and_caps_length() -> None:
    reader = LineReader()
    _, line = reader.feed(b"\x00\x07\x1b]0;title\x07" + b"a" * 500 + b"\r")
    assert line is not None
    assert len(line) <= 64
    assert "\x00" not in line and "\x07" not in line


@pytest.mark.parametrize(
    ("size", "expected"),
    [((80, 24), (80, 24)), ((10_000, 10_000), (MAX_COLS, MAX_ROWS)), ((0, 0), (80, 24))],
)
def test_window_sizes_are_clamped(size: tuple[int, int], expected: tuple[int, int]) -> None:
    assert clamp_size(*size) == expected


def test_the_app_gets_the_clients_terminal_and_nothing_of_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "hush")
    monkeypatch.setenv("SSH_AUTH_SOCK", "/tmp/agent")
    env = child_environment(
        "xterm-256color",
        {"LANG": "de_DE.UTF-8", "LC_ALL": "$(reboot)", "COLORTERM": "truecolor", "EVIL": "1"},
        tmp_path,
    )
    assert env["TERM"] == "xterm-256color"
    assert env["LANG"] == "de_DE.UTF-8"
    assert env["COLORTERM"] == "truecolor"
    assert env["IMHOTEP_DATA_DIR"] == str(tmp_path)
    assert env["IMHOTEP_SERVER"] == "1"
    assert env["HOME"] == str(tmp_path)
    for absent in ("LC_ALL", "EVIL", "AWS_SECRET_ACCESS_KEY", "SSH_AUTH_SOCK"):
        assert absent not in env
    assert child_environment("vt100\x1b[2J", {}, tmp_path)["TERM"] == "xterm-256color"
