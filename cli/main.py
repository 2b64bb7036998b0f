"""Command line: ``imhotep-duel`` or ``python -m cli``.

``imhotep-duel``              the start screen
``imhotep-duel --resume``     go on with a game in progress (a list if several)
``imhotep-duel --game KIND``  the new game form, set to that game
``imhotep-duel --load PATH``  open a save file or a game record
``imhotep-duel host``         open a table for a player in another terminal
``imhotep-duel join CODE``    take the other seat of a table, or come back to yours
``imhotep-duel serve``        serve the game over SSH (:mod:`cli.serve` has its options)
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tui import i18n
from tui.games import GAMES as PLAYABLE
from tui.i18n import LANGUAGES, _, tr_error

# Imported late (see build_app) so that --help and argument errors answer at once.
if TYPE_CHECKING:
    from match.match import Match
    from match.store import Store
    from tui.app import ImhotepApp


def _common(parser: argparse.ArgumentParser, *, top: bool) -> None:
    # Given again after a sub-command; SUPPRESS keeps a sub-command's parser
    # from overwriting what was given before it.
    default = None if top else argparse.SUPPRESS
    parser.add_argument(
        "--ascii",
        action="store_true",
        default=False if top else argparse.SUPPRESS,
        help="draw with plain ASCII (for fonts without symbols)",
    )
    parser.add_argument(
        "--lang",
        # tui.i18n is light (no Textual, no engine), so --help can list these.
        choices=tuple(LANGUAGES),
        default=default,
        help="the language to play in (default: the setting, else LC_ALL, LC_MESSAGES, LANG)",
    )
    parser.add_argument(
        "--store",
        metavar="PATH",
        type=Path,
        default=default,
        help="the game database to use (two accounts may share one file)",
    )
    parser.add_argument(
        "--name", metavar="NAME", default=default, help="your name at a table you host or join"
    )
    parser.add_argument(
        "--player", metavar="ID", default=default, help=argparse.SUPPRESS
    )  # who the person at this keyboard is (the SSH server passes a key's id)


# How a flag of the host command is held on the parsed arguments.
def _dest(name: str) -> str:
    return f"option_{name}"


def _host_options(host: argparse.ArgumentParser) -> None:
    """The host command's flags, built from each game's table options (the
    contract's): ``--game``, ``--seat`` and one flag per option name, its
    values in the help. Whether a value suits the chosen game is the game's
    to say when it deals (its words reach the player)."""
    from engine.game import RANDOM
    from engine.games import DEFAULT_KIND, GAMES

    host.add_argument("--game", choices=tuple(GAMES), default=DEFAULT_KIND, help="the game to play")
    most = max(max(rules.seat_counts) for rules in GAMES.values())
    host.add_argument(
        "--seat",
        type=int,
        choices=range(1, most + 1),
        default=1,
        metavar="N",
        help="the seat you play, from 1 (default 1)",
    )
    uses: dict[str, list[str]] = {}
    for kind, rules in GAMES.items():
        for option in rules.table_options:
            values = [
                value if not option.per_seat or value == RANDOM else str(int(value) + 1)
                for value in option.values
            ]
            if len(values) > 6:
                values = [*values[:4], "..."]
            words = f"{option.label}: {', '.join(values)} (default {option.default})"
            uses.setdefault(option.name, []).append(f"{kind}: {words}")
    for name, said in uses.items():
        host.add_argument(f"--{name}", dest=_dest(name), metavar="VALUE", help="; ".join(said))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="imhotep-duel",
        description="Imhotep: The Duel and Imhotep: Builders of Egypt, in the terminal.",
    )
    _common(parser, top=True)
    opening = parser.add_mutually_exclusive_group()
    opening.add_argument("--resume", action="store_true", help="continue a game in progress")
    # The SSH server's sessions start in the lobby of its shared store.
    opening.add_argument("--lobby", action="store_true", help=argparse.SUPPRESS)
    opening.add_argument(
        "--load", metavar="PATH", type=Path, help="open a saved game or a game record"
    )
    # The games with screens (tui.games is light: no rules are loaded for --help).
    # Held apart from host's --game, whose default would overwrite it.
    opening.add_argument(
        "--game",
        dest="form_game",
        choices=tuple(PLAYABLE),
        help="open the new game form set to this game",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    host = commands.add_parser(
        "host",
        help="open a table for players in other terminals and show its code",
        allow_abbrev=False,
    )
    _common(host, top=False)
    if "host" in (argv if argv is not None else sys.argv[1:]):
        # Only a table being hosted loads the games' rules for their options:
        # a plain start should not wait for them.
        _host_options(host)
    host.add_argument(
        "--hints",
        action="store_true",
        help="allow hints at this table (the other player is told of each one)",
    )
    join = commands.add_parser("join", help="take the other seat of a table by its code")
    _common(join, top=False)
    join.add_argument("code", help="the table's code, as the host's screen shows it")
    # Listed for --help only: main() hands "serve" to cli.serve before parsing.
    commands.add_parser("serve", help="serve the game over SSH (see imhotep-duel serve --help)")
    return parser.parse_args(argv)


class CommandLineError(Exception):
    """A game named on the command line cannot be opened."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def _player_name(args: argparse.Namespace) -> str:
    from match.clean import clean_name

    if args.name:
        return clean_name(args.name, "Player")
    import getpass

    try:
        return clean_name(getpass.getuser().capitalize(), "Player")
    except (KeyError, OSError):
        return "Player"


def _store(args: argparse.Namespace, *, required: bool) -> tuple[Store | None, str | None]:
    """The store the command line names (or the data folder's), else why not."""
    from match import service

    try:
        return service.open_store(args.store), None
    except service.Unavailable as exc:
        if required or args.store is not None:
            raise CommandLineError(
                _("the game store cannot be used: {problem}").format(problem=tr_error(exc)), 2
            ) from exc
        return None, exc.reason


def _host(args: argparse.Namespace, store: Store, me: str) -> Match:
    from engine.game import RANDOM, SEATS_OPTION
    from engine.games import GAMES, game
    from match import service
    from match.seats import Seat

    rules = game(args.game)
    own = {option.name: option for option in rules.table_options}
    options: dict[str, str] = {}
    for name in {o.name for other in GAMES.values() for o in other.table_options}:
        value = getattr(args, _dest(name), None)
        if value is None:
            continue
        option = own.get(name)
        if option is None:
            raise CommandLineError(
                _("{game} has no option --{option}.").format(game=args.game, option=name), 2
            )
        if option.per_seat and value != RANDOM:
            # Players count seats from 1; the game numbers them from 0.
            value = str(int(value) - 1) if value.isdigit() and value != "0" else f"?{value}"
        options[name] = value
    count = options.pop(SEATS_OPTION, str(rules.seat_counts[0]))
    seats = int(count) if count.isdigit() else 0
    if seats not in rules.seat_counts:
        raise CommandLineError(
            _("{game} is played by {counts} players, not {seats}.").format(
                game=args.game,
                counts=", ".join(map(str, rules.seat_counts)),
                seats=count[:10],
            ),
            2,
        )
    mine = args.seat - 1
    if mine >= seats:
        raise CommandLineError(
            _("there is no seat {seat} at a table of {count}.").format(seat=args.seat, count=seats),
            2,
        )
    names = [_("Player {number}").format(number=index + 1) for index in range(seats)]
    names[mine] = _player_name(args)
    setup = service.deal(args.game, options, seats=seats)
    return service.host(
        store,
        setup,
        tuple(Seat(name=name) for name in names),
        mine=mine,
        me=me,
        hints=args.hints,
        kind=args.game,
    )


def build_app(args: argparse.Namespace) -> ImhotepApp:
    """The app the command line asks for, with its opening game if one was named.

    Raises :class:`CommandLineError` when that game cannot be opened.
    """
    # The engine and the saves are loaded only when a game is named here: a
    # plain start should not wait for them.
    from match.seats import local_player
    from tui.app import ImhotepApp

    me = args.player or local_player()
    ascii = True if args.ascii else None
    command = getattr(args, "command", None)
    if command in ("host", "join"):
        from match import service

        store = _store(args, required=True)[0]
        assert store is not None
        try:
            if command == "host":
                match = _host(args, store, me)
            else:
                match = service.join(store, args.code, me=me, name=_player_name(args))
        except service.Unavailable as exc:
            store.close()
            raise CommandLineError(tr_error(exc), 2) from exc
        except CommandLineError:
            store.close()
            raise
        return ImhotepApp(
            ascii=ascii,
            open_match=match,
            store=store,
            me=me,
            lang=args.lang,
            name=_player_name(args),
        )
    if args.lobby:
        store = _store(args, required=True)[0]
        # IMHOTEP_SERVER: an SSH session, whose app must offer no dialog on the server's disk.
        disk = os.environ.get("IMHOTEP_SERVER") != "1"
        return ImhotepApp(
            ascii=ascii, store=store, me=me, lobby=_player_name(args), disk=disk, lang=args.lang
        )
    if args.load is not None:
        from match import service

        try:
            loaded = service.read_file(args.load)
        except service.Unavailable as exc:
            raise CommandLineError(tr_error(exc), 2) from exc
        store, problem = _store(args, required=False)
        return ImhotepApp(
            ascii=ascii, open_game=loaded, store=store, store_problem=problem, me=me, lang=args.lang
        )
    if args.form_game is not None:
        store, problem = (None, None) if args.store is None else _store(args, required=False)
        return ImhotepApp(
            ascii=ascii,
            store=store,
            store_problem=problem,
            me=me,
            lang=args.lang,
            new_game=args.form_game,
        )
    if args.store is None and not args.resume:
        return ImhotepApp(ascii=ascii, me=me, lang=args.lang)
    store, problem = _store(args, required=args.resume)
    app = ImhotepApp(ascii=ascii, store=store, store_problem=problem, me=me, lang=args.lang)
    if args.resume:
        games = app.unfinished_games()
        if not games:
            raise CommandLineError(_("there is no game to resume."), 1)
        app.resume_first = games[0].id if len(games) == 1 else "list"
    return app


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["serve"]:
        # The SSH server keeps its own options; it is loaded only when asked for.
        from cli.serve import main as serve

        return serve(arguments[1:])
    args = parse_args(argv)
    # The app chooses again when it starts; a game that cannot be opened is
    # explained here, before there is an app, in the language it would speak.
    from tui.files import read_settings

    i18n.use(i18n.choose_language(args.lang, read_settings().lang))
    try:
        app = build_app(args)
    except CommandLineError as exc:
        print(f"imhotep-duel: {exc}", file=sys.stderr)
        return exc.code
    app.run()
    # Non-zero when the app failed (a traceback is on standard error), so that
    # whoever started it, the SSH server included, knows.
    return app.return_code or (1 if app.failed else 0)


if __name__ == "__main__":
    sys.exit(main())
