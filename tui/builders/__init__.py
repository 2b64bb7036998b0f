"""Imhotep: Builders of Egypt on screen: its widgets, screens, keys and help."""
