"""Who a seat's person is, from game to game: whose turn notices a player
gets, and whose rating a game moves.

A seat's ``owner`` is the id of whoever took it: a key's id over SSH
(``key:SHA256:...``), which is the player whatever name they give, or the
account at a keyboard (``local:user``, see :func:`match.seats.local_player`).
Two terminals of one account share that id, so at a keyboard the name typed
(``--name``) tells the players apart: there a person is the account and the
name together.
"""

from __future__ import annotations

from match.seats import Seat

LOCAL_PREFIX = "local:"


def _local(owner: str) -> bool:
    return owner.startswith(LOCAL_PREFIX)


def person(seat: Seat) -> str | None:
    """The person who played ``seat``, as the ratings know them (None for a
    computer or a seat nobody took)."""
    if seat.computer or not seat.owner:
        return None
    if _local(seat.owner):
        return f"{seat.owner}/{seat.name.casefold()}"
    return seat.owner


def reader(me: str, name: str | None) -> str:
    """The person reading a screen: the player id ``me``, with the ``name``
    they go by when the id is a keyboard's."""
    if _local(me) and name:
        return f"{me}/{name.casefold()}"
    return me


def is_mine(seat: Seat, me: str, name: str | None) -> bool:
    """Whether ``seat`` is played by the person ``me`` (going by ``name``).

    Without a name, every seat of the id is theirs (one account at one
    keyboard), as the lobby's lists count them.
    """
    if seat.computer or seat.owner != me:
        return False
    if _local(me) and name:
        return seat.name.casefold() == name.casefold()
    return True
