"""Command line: ``imhotep-duel`` or ``python -m tui``."""

from __future__ import annotations

import argparse
import sys


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="imhotep-duel", description="Imhotep: The Duel, in the terminal."
    )
    parser.add_argument(
        "--ascii", action="store_true", help="draw with plain ASCII (for fonts without symbols)"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from tui.app import ImhotepApp

    ImhotepApp(ascii=args.ascii).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
