"""A game being played: its record and undo history, its seats, and the store.

Plain Python, no Textual: the app, the SSH server's sessions, the tests and
headless scripts drive games through :class:`match.match.Match` alike.

``match.files``    the data folder; safe reading and atomic writing of files
``match.seats``    who plays each side, from where (no engine import)
``match.history``  undo and redo over a list of states
``match.saves``    the JSON save format (named saves, export, import)
``match.store``    the SQLite store of every game, shared between processes
``match.match``    :class:`Match`: one game as one process plays it, the facade of
                   ``opening``, ``keeping``, ``follow``, ``undo``, ``takebacks``,
                   ``presence``, ``computer``, ``log`` and ``events``
``match.table``    the match as those parts see it (protocols; they never import
                   ``match.match``, which imports them)
``match.stored``   a stored game read back through its rules
``match.legacy``   bringing the saves of earlier versions into the store

This module imports none of them, so that the start screen can read the data
folder's names without loading the rules engine.
"""
