"""The catalogs: complete, consistent with their sources, and compiled."""

from __future__ import annotations

from collections import Counter

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from i18n_support import (
    LOCALE,
    ROOT,
    TRANSLATED,
    ids,
    markup,
    messages,
    mo_path,
    placeholders,
    po_path,
    read_catalog,
    strings,
)


def _source_messages() -> set[tuple[str | None, str]]:
    """(context, msgid) of every marked string in the code, read as pybabel reads it."""
    with (ROOT / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found = set()
    for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, options_map):
        msgid = message if isinstance(message, str) else message[0]
        found.add((context, msgid))
    return found


def test_every_language_has_a_catalog() -> None:
    assert set(TRANSLATED) == {"de", "hu", "ru"}
    for language in TRANSLATED:
        assert po_path(language).is_file(), language
        assert mo_path(language).is_file(), f"{language}: run pybabel compile (README)"
    assert (LOCALE / "imhotep.pot").is_file()


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_is_complete_and_nothing_is_fuzzy(language: str) -> None:
    catalog = read_catalog(language)
    assert not catalog.fuzzy, f"{language}: the header is marked fuzzy"
    assert messages(catalog), language
    for message in messages(catalog):
        assert "fuzzy" not in message.flags, (language, message.id)
        assert all(s.strip() for s in strings(message)), (language, message.id)
    assert not catalog.obsolete, f"{language}: obsolete entries: {list(catalog.obsolete)}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_holds_every_string_of_the_code(language: str) -> None:
    # Fails when a marked string was added or changed without
    # `pybabel extract` and `pybabel update` (README, Development).
    in_code = _source_messages()
    in_catalog = {(m.context, ids(m)[0]) for m in messages(read_catalog(language))}
    missing = in_code - in_catalog
    assert not missing, f"{language}: not in the catalog: {sorted(missing, key=str)[:5]}"
    stale = in_catalog - in_code
    assert not stale, f"{language}: no longer in the code: {sorted(stale, key=str)[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_placeholders_and_markup_match_the_source(language: str) -> None:
    for message in messages(read_catalog(language)):
        wanted = set().union(*(placeholders(i) for i in ids(message)))
        tags = Counter(markup(ids(message)[-1]))
        for translation in strings(message):
            assert placeholders(translation) == wanted, (language, message.id, translation)
            assert Counter(markup(translation)) == tags, (language, message.id, translation)
