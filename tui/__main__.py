"""Command line: ``imhotep-duel`` or ``python -m tui``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tui.i18n import LANGUAGES

# tui.i18n is light (no Textual, no engine), so --help can list the languages.
LANGUAGE_CHOICES = tuple(LANGUAGES)

# Imported late (see build_app) so that --help and argument errors answer at once.
if TYPE_CHECKING:
    from tui.app import ImhotepApp


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="imhotep-duel", description="Imhotep: The Duel, in the terminal."
    )
    parser.add_argument(
        "--ascii", action="store_true", help="draw with plain ASCII (for fonts without symbols)"
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGE_CHOICES,
        help="the language to play in (default: the setting, else LC_ALL, LC_MESSAGES, LANG)",
    )
    opening = parser.add_mutually_exclusive_group()
    opening.add_argument("--resume", action="store_true", help="continue the last game")
    opening.add_argument(
        "--load", metavar="PATH", type=Path, help="open a saved game or a game record"
    )
    return parser.parse_args(argv)


class CommandLineError(Exception):
    """A game named on the command line cannot be opened."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def build_app(args: argparse.Namespace) -> ImhotepApp:
    """The app the command line asks for, with its opening game if one was named.

    Raises :class:`CommandLineError` when that game cannot be read.
    """
    # The save format (and with it the engine) is loaded only when a game is
    # named here: a plain start should not wait for it.
    from tui.app import ImhotepApp

    loaded = None
    if args.resume or args.load is not None:
        from tui import storage

        try:
            if args.resume:
                loaded = storage.read_autosave()
                if loaded is None:
                    raise CommandLineError("there is no game to resume.", 1)
            else:
                loaded = storage.import_file(args.load)
        except storage.StorageError as exc:
            raise CommandLineError(str(exc), 2) from exc
    return ImhotepApp(ascii=True if args.ascii else None, open_game=loaded, lang=args.lang)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        app = build_app(args)
    except CommandLineError as exc:
        print(f"imhotep-duel: {exc}", file=sys.stderr)
        return exc.code
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
