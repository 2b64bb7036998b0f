"""Imhotep: The Duel as a Textual app (see :mod:`tui.app`)."""
