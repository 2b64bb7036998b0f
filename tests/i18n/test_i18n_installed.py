"""`pip install .` into a fresh virtual environment speaks the player's language.

The project is built into a wheel and installed into a new environment, then
run from a folder outside the checkout with ``LANG=hu_HU.UTF-8``: only the
catalogs inside the wheel can answer in Hungarian. The build and the install
use no network: the build backend comes from this environment (the test extra
lists it), and so do the dependencies, made visible to the new environment
only after the project is installed in it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from i18n_support import ROOT

CHECK = """
import engine.duel as engine, tui
from tui.app import ImhotepApp
from tui.i18n import locale_dir, tr
app = ImhotepApp()
print(tui.__file__)
print(locale_dir())
print(app.language)
print(tr(engine.step_prompt(engine.new_game(1))))
"""


def _run(*args: str | Path, **kwargs: object) -> str:
    done = subprocess.run(
        [str(a) for a in args], check=False, capture_output=True, text=True, **kwargs
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_pip_install_into_a_fresh_environment_speaks_hungarian(tmp_path: Path) -> None:
    pytest.importorskip("hatchling", reason="the offline build needs the test extra's hatchling")
    dist = tmp_path / "dist"
    _run(
        sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-index",
        "--no-build-isolation", "-w", dist, ROOT,
    )  # fmt: skip
    (wheel,) = dist.glob("imhotep_duel-*.whl")
    venv = tmp_path / "venv"
    # This environment's pip installs into the new one (--python): quicker
    # than giving the new one a pip of its own.
    _run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    _run(
        sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps",
        "--no-index", wheel,
    )  # fmt: skip
    # Now, and not before, the dependencies: appended after the new
    # environment's own packages, so its copy of the game comes first.
    where = _run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    purelib = Path(where.strip())
    (purelib / "zz_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")

    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env |= {"LANG": "hu_HU.UTF-8", "IMHOTEP_DATA_DIR": str(tmp_path / "data")}
    env.pop("PYTHONPATH", None)
    away = tmp_path / "elsewhere"
    away.mkdir()
    lines = _run(python, "-c", CHECK, cwd=away, env=env).splitlines()
    module, catalogs, language, prompt = lines
    assert Path(module).is_relative_to(purelib), module  # the installed game, not the checkout
    assert Path(catalogs) == purelib / "tui" / "locale"
    assert language == "hu"
    assert prompt == "rakj le munkást, rakodj ki, vagy játssz ki lapkát"
