"""Command line: ``imhotep-duel`` or ``python -m tui``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="imhotep-duel", description="Imhotep: The Duel, in the terminal."
    )
    parser.add_argument(
        "--ascii", action="store_true", help="draw with plain ASCII (for fonts without symbols)"
    )
    opening = parser.add_mutually_exclusive_group()
    opening.add_argument("--resume", action="store_true", help="continue the last game")
    opening.add_argument(
        "--load", metavar="PATH", type=Path, help="open a saved game or a game record"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    # Imported late so that --help and argument errors answer at once.
    from tui import storage
    from tui.app import ImhotepApp

    loaded = None
    try:
        if args.resume:
            loaded = storage.read_autosave()
            if loaded is None:
                print("imhotep-duel: there is no game to resume.", file=sys.stderr)
                return 1
        elif args.load is not None:
            loaded = storage.import_file(args.load)
    except storage.StorageError as exc:
        print(f"imhotep-duel: {exc}", file=sys.stderr)
        return 2
    ImhotepApp(ascii=True if args.ascii else None, open_game=loaded).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
