"""``python -m tui``: the app alone, at its start screen.

The command line with its options and sub-commands is :mod:`cli` (``imhotep-duel``).
"""

from tui.app import ImhotepApp

if __name__ == "__main__":
    ImhotepApp().run()
