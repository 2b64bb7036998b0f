"""The command line, ``imhotep-duel``: the one entry point above the app and the server.

- :mod:`cli.main`: the app's options, ``host``, ``join``, ``--resume``,
  ``--load``, and handing ``serve`` on.
- :mod:`cli.serve`: ``imhotep-duel serve``: the SSH server and its key commands.

``python -m cli`` is the same command; the SSH server starts each player's app
with it.
"""
