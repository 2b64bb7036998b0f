"""The lock (requirements/) matches pyproject.toml, and this environment is the lock.

README's commands install with ``-c requirements/play.txt`` (the game) or
``-c requirements/test.txt`` (the tests), so a fresh machine gets the very
versions the tests passed with, whatever was released overnight. These tests
fail when pyproject.toml names a dependency the lock does not pin (or the lock
pins a direct dependency pyproject.toml no longer names), when a pin falls
outside the range pyproject.toml allows, and when the environment running the
tests (or the play environment .ci/run made) holds anything else than the lock.
The fix is one command: ``sh requirements/renew`` (README, Development).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]["name"]
RENEW = "run `sh requirements/renew` (README, Development)"
# What pip and venv put into every environment on their own.
TOOLS = {"pip", "setuptools", "wheel"}


@dataclass(frozen=True)
class Pin:
    version: str
    marker: Marker | None
    direct: bool  # pyproject.toml names it (uv writes "via imhotep-duel (pyproject.toml)")

    def applies(self) -> bool:
        return self.marker is None or self.marker.evaluate()


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _lock(name: str) -> dict[str, Pin]:
    lines = (ROOT / "requirements" / name).read_text(encoding="utf-8").splitlines()
    pins: dict[str, Pin] = {}
    current: tuple[str, str, Marker | None] | None = None
    direct = False

    def close() -> None:
        if current is not None:
            pins[current[0]] = Pin(current[1], current[2], direct)

    for line in lines:
        if line and not line.startswith((" ", "#")):
            close()
            spec, _, marker = line.partition(";")
            package, _, pinned = spec.partition("==")
            assert pinned, f"{name}: {line!r} is not an exact pin"
            current = (_canonical(package), pinned.strip(), Marker(marker) if marker else None)
            direct = False
        elif f"{PROJECT} (pyproject.toml)" in line:
            direct = True
    close()
    return pins


def _declared(extra: str | None) -> list[Requirement]:
    wanted = list(PYPROJECT["project"]["dependencies"])
    if extra:
        wanted += PYPROJECT["project"]["optional-dependencies"][extra]
    return [Requirement(text) for text in wanted]


@pytest.mark.parametrize(("lock", "extra"), [("play.txt", None), ("test.txt", "test")])
def test_the_lock_pins_exactly_what_pyproject_names(lock: str, extra: str | None) -> None:
    pins = _lock(lock)
    declared = {_canonical(r.name) for r in _declared(extra)}
    direct = {name for name, pin in pins.items() if pin.direct}
    assert declared - pins.keys() == set(), f"{lock} does not pin these yet: {RENEW}"
    assert direct == declared, f"{lock} is for another pyproject.toml: {RENEW}"


@pytest.mark.parametrize(("lock", "extra"), [("play.txt", None), ("test.txt", "test")])
def test_every_pin_is_within_the_range_pyproject_allows(lock: str, extra: str | None) -> None:
    pins = _lock(lock)
    for requirement in _declared(extra):
        pinned = pins[_canonical(requirement.name)].version
        assert requirement.specifier.contains(Version(pinned), prereleases=True), (
            f"{lock} pins {requirement.name}=={pinned}, outside {requirement}: {RENEW}"
        )


def test_the_tests_run_with_the_versions_players_get() -> None:
    play, test = _lock("play.txt"), _lock("test.txt")
    for name, pin in play.items():
        assert name in test, f"test.txt lacks {name}: {RENEW}"
        assert test[name].version == pin.version, f"{name}: the two locks disagree: {RENEW}"


def _compare(installed: dict[str, str], pins: dict[str, Pin], where: str) -> None:
    wanted = {name: pin.version for name, pin in pins.items() if pin.applies()}
    extra = {name: v for name, v in installed.items() if name not in pins}
    assert not extra, f"{where} holds what the lock does not pin: {extra}"
    differs = {
        name: (installed.get(name), version)
        for name, version in wanted.items()
        if installed.get(name) != version
    }
    assert not differs, (
        f"{where} is not the lock, (installed, locked): {differs}; install with README's command"
    )


def _here() -> dict[str, str]:
    found = {}
    for distribution in metadata.distributions():
        name = _canonical(distribution.metadata["Name"])
        if name not in TOOLS and name != PROJECT:
            found[name] = distribution.version
    return found


def test_this_environment_is_the_test_lock() -> None:
    _compare(_here(), _lock("test.txt"), "the test environment")


PLAY_ENV = os.environ.get("IMHOTEP_PLAY_ENV")


@pytest.mark.skipif(not PLAY_ENV, reason="IMHOTEP_PLAY_ENV names no play environment")
def test_the_play_environment_is_the_play_lock() -> None:
    assert PLAY_ENV
    listing = subprocess.run(
        [str(Path(PLAY_ENV) / "bin" / "python"), "-m", "pip", "list", "--format=json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    installed = {
        _canonical(row["name"]): row["version"]
        for row in json.loads(listing.stdout)
        if _canonical(row["name"]) not in TOOLS and _canonical(row["name"]) != PROJECT
    }
    assert PROJECT in {_canonical(row["name"]) for row in json.loads(listing.stdout)}
    _compare(installed, _lock("play.txt"), "the play environment")
