"""The Imhotep games as a Textual app (see :mod:`tui.app`)."""
