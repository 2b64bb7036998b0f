"""``python -m cli``: the command line, as ``imhotep-duel`` runs it."""

import sys

from cli.main import main

sys.exit(main())
