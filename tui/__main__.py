"""``python -m tui``: the app alone, at its start screen.

The command line with its options and sub-commands is :mod:`cli` (``imhotep-duel``).
"""

import sys

from tui.app import ImhotepApp

if __name__ == "__main__":
    app = ImhotepApp()
    app.run()
    sys.exit(app.return_code or (1 if app.failed else 0))
