"""Whether the terminal takes UTF-8, judged from the locale it was started in.

A terminal set up for plain ASCII (``LANG=C``, ``LC_ALL=C``, ``POSIX`` or a
legacy code page) shows box-drawing characters and symbols as question marks or
worse, so the app falls back to its ASCII look there by itself.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

# The locales that mean "no encoding but ASCII".
_PLAIN = frozenset({"C", "POSIX"})
# What Python itself puts in LC_CTYPE when it finds the C locale (PEP 538): it
# says nothing of the terminal, which is still the one LANG described.
_COERCED = "C.UTF-8"


def _is_utf8(locale_name: str) -> bool:
    codeset = locale_name.partition(".")[2].partition("@")[0]
    return codeset.lower().replace("-", "").replace("_", "") == "utf8"


def terminal_is_utf8(environ: Mapping[str, str] | None = None) -> bool:
    """False only when the locale names an encoding other than UTF-8.

    LC_ALL, then LC_CTYPE, then LANG decide, as for the C library. When none is
    set the answer is True: a bare environment (a container, an SSH session
    without locale forwarding) far more often sits in a UTF-8 terminal.
    """
    env = os.environ if environ is None else environ
    lang = env.get("LANG", "")
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        if name == "LC_CTYPE" and value == _COERCED and lang and not _is_utf8(lang):
            # Python coerced a C locale into UTF-8 for itself; LANG is what
            # the terminal was set up with.
            continue
        if value in _PLAIN:
            return False
        return _is_utf8(value)
    return True
