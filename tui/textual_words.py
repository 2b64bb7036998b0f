"""Textual's own words that players read, marked so that the catalogs carry them.

Textual words its command palette entries and its widgets' keys in English;
the app shows each in the player's language by looking it up in the catalog
(see :meth:`tui.app.ImhotepApp.get_system_commands` and the keys panel), so
the English must be marked somewhere: here, apart from the app's own code.
"""

from __future__ import annotations

from typing import Final

from tui.i18n import N_

# Textual's own command palette entries, marked here so that the catalogs
# carry them (App.get_system_commands words them in English).
TEXTUAL_COMMANDS: Final = (
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
)

# The descriptions of Textual's own keys that the Keys panel lists (the
# screen's and the app's, and those of its widgets: lists, menus, text
# fields, scrolling), marked here so that the catalogs carry them; the panel
# words every description it shows.
TEXTUAL_KEYS: Final = (
    N_("Focus Next"),
    N_("Focus Previous"),
    N_("Copy selected text"),
    # TRANSLATORS: ctrl+p, which opens the command palette.
    N_("palette"),
    N_("Select"),
    N_("Cursor up"),
    N_("Cursor down"),
    N_("Cursor right"),
    N_("Cursor left"),
    N_("Page up"),
    N_("Page down"),
    N_("Top"),
    N_("Bottom"),
    N_("Home"),
    N_("End"),
    N_("Show menu"),
    N_("Dismiss menu"),
    N_("Press button"),
    N_("First"),
    N_("Last"),
    N_("Page Up"),
    N_("Page Down"),
    N_("Scroll Up"),
    N_("Scroll Down"),
    N_("Scroll Left"),
    N_("Scroll Right"),
    N_("Scroll Home"),
    N_("Scroll End"),
    N_("Page Left"),
    N_("Page Right"),
    N_("Move cursor left"),
    N_("Move cursor left and select"),
    N_("Move cursor left a word"),
    N_("Move cursor left a word and select"),
    N_("Move cursor right or accept the completion suggestion"),
    N_("Move cursor right and select"),
    N_("Move cursor right a word"),
    N_("Move cursor right a word and select"),
    N_("Delete character left"),
    N_("Select all"),
    N_("Go to start"),
    N_("Go to end"),
    N_("Select line start"),
    N_("Select line end"),
    N_("Delete character right"),
    N_("Submit"),
    N_("Delete left to start of word"),
    N_("Delete all to the left"),
    N_("Delete right to start of word"),
    N_("Delete all to the right"),
    N_("Cut selected text"),
    N_("Paste text from the clipboard"),
)

__all__ = ["TEXTUAL_COMMANDS", "TEXTUAL_KEYS"]
