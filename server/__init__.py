"""The SSH front door (``imhotep-duel serve``, whose options are :mod:`cli.serve`).

Friends reach the game with plain ``ssh -p 2222 host``. Each SSH session that
asks for a terminal gets the full app in a process of its own under a
pseudo-terminal; the server itself only admits players by their public key,
bridges bytes between the SSH channel and that terminal, and keeps the limits
that let it stay up. Games live in the store, never in the server, so a crash
of one player's app, a dropped connection or a server restart loses nothing.

- :mod:`server.config`: the settings a running server needs.
- :mod:`server.identity`: who a key belongs to (player ids, names, the allow file).
- :mod:`server.passwords`: password logins, for an operator who asks for them.
- :mod:`server.hostkey`: the server's own key, created once.
- :mod:`server.admission`: where connections wait to log in, and who leaves a full room.
- :mod:`server.throttle`: the back-off for wrong passwords.
- :mod:`server.child`: an app process under its own pseudo-terminal.
- :mod:`server.prompt`: the one-line name prompt for first visitors of an open server.
- :mod:`server.session`: one SSH session, from its terminal request to its end.
- :mod:`server.events`: the log's game events, and the server's own store connection.
- :mod:`server.proxy`: the PROXY header a TCP proxy puts before a connection (`--proxy-protocol`).
- :mod:`server.ssh`: the asyncssh server, its gatekeeping and its shutdown.
"""
