"""Plural forms: the catalogs against what we decided to ship (locale/GLOSSARY.md).

gettext chooses a form with the ``Plural-Forms`` header of the catalog it
reads, so the header is the product's decision, written down with its reason
in the glossary. These tests judge the catalogs by that decision, never by the
newest release of Babel's (CLDR's) data; the one comparison with Babel runs
only against the version the lock holds (requirements/).
"""

from __future__ import annotations

import gettext
import re
from importlib.metadata import version

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from i18n_support import LOCALE, ROOT, TRANSLATED, ids, messages, mo_path, po_path, strings

GLOSSARY = LOCALE / "GLOSSARY.md"
LOCK = ROOT / "requirements" / "test.txt"
DECISION_ROW = re.compile(r"^\| (\w\w) \| (\d) \| `(.+)` \|$")


def _normal(forms: str) -> str:
    """A Plural-Forms value with its spaces and the expression's outer brackets dropped."""
    nplurals, plural = (part.strip() for part in forms.strip().rstrip(";").split(";"))
    expression = plural.removeprefix("plural=").replace(" ", "")
    if expression.startswith("(") and expression.endswith(")"):
        expression = expression[1:-1]
    return f"{nplurals.replace(' ', '')};plural={expression}"


def _shipped() -> dict[str, tuple[int, str]]:
    """language -> (number of forms, Plural-Forms), as the glossary's table decides."""
    text = GLOSSARY.read_text(encoding="utf-8")
    section = text.split("## Plural forms: what we ship", 1)[1]
    rows = {}
    for line in section.splitlines():
        found = DECISION_ROW.match(line.replace("\\|", "|"))
        if found:
            rows[found[1]] = (int(found[2]), found[3])
    return rows


def _header(language: str) -> str:
    """The Plural-Forms header as the .po file spells it (read without Babel)."""
    lines = po_path(language).read_text(encoding="utf-8").splitlines()
    start = lines.index('msgstr ""') + 1
    quoted = []
    for line in lines[start:]:
        if not line.startswith('"'):
            break
        quoted.append(line[1:-1])
    for field in "".join(quoted).split("\\n"):
        if field.startswith("Plural-Forms:"):
            return field.removeprefix("Plural-Forms:").strip()
    raise AssertionError(f"{language}: the catalog has no Plural-Forms header")


def _rule(forms: str):  # type: ignore[no-untyped-def]
    plural = forms.split("plural=", 1)[1].strip().rstrip(";")
    return gettext.c2py(plural)


def _catalog(language: str) -> Catalog:
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language)


def test_the_glossary_decides_every_language() -> None:
    assert set(_shipped()) == set(TRANSLATED)
    for language, (count, forms) in _shipped().items():
        assert forms.startswith(f"nplurals={count};"), language


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_catalog_ships_what_the_glossary_decided(language: str) -> None:
    count, forms = _shipped()[language]
    assert _normal(_header(language)) == _normal(forms)
    with mo_path(language).open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    assert _normal(compiled.info()["plural-forms"]) == _normal(forms)
    assert _catalog(language).num_plurals == count


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_counted_message_has_the_forms_its_header_names(language: str) -> None:
    count = int(_header(language).split(";")[0].split("=")[1])
    counted = [m for m in messages(_catalog(language)) if m.pluralizable]
    assert counted, f"{language}: no message with a count (the tests would check nothing)"
    for message in counted:
        assert len(strings(message)) == count, (language, message.id)


@pytest.mark.parametrize("language", TRANSLATED)
def test_compiled_catalog_matches_its_source(language: str) -> None:
    # The .mo files are committed (so `pip install .` needs no Babel); this is
    # what keeps them from going stale: run `pybabel compile` after editing.
    rule = _rule(_header(language))
    with mo_path(language).open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for message in messages(_catalog(language)):
        context = message.context
        if message.pluralizable:
            singular, plural = ids(message)
            for n in range(112):
                if context:
                    form = compiled.npgettext(context, singular, plural, n)
                else:
                    form = compiled.ngettext(singular, plural, n)
                assert form == strings(message)[rule(n)], (language, message.id, n)
        elif context:
            assert compiled.pgettext(context, message.id) == message.string, message.id
        else:
            assert compiled.gettext(message.id) == message.string, (language, message.id)


def test_the_rules_decline_as_the_languages_do() -> None:
    ru = _rule(_shipped()["ru"][1])
    numbers = (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112, 1001)
    assert {n: ru(n) for n in numbers} == {
        0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 14: 2,
        21: 0, 22: 1, 25: 2, 101: 0, 111: 2, 112: 2, 1001: 0,
    }  # fmt: skip
    hu = _rule(_shipped()["hu"][1])
    assert {hu(n) for n in range(200)} == {0}
    de = _rule(_shipped()["de"][1])
    assert {n: de(n) for n in (0, 1, 2, 21)} == {0: 1, 1: 0, 2: 1, 21: 1}


def _locked(package: str) -> str | None:
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        name, _, pinned = line.partition("==")
        if name.strip().lower() == package:
            return pinned.split(";")[0].strip()
    return None


@pytest.mark.parametrize("language", ["de", "ru"])
def test_the_locked_babel_agrees_where_the_glossary_says_it_does(language: str) -> None:
    # Hungarian is left out on purpose: the glossary says why we keep one form
    # where CLDR (and Babel from 2.19) has two.
    if version("babel") != _locked("babel"):
        pytest.skip("this environment's Babel is not the locked one (requirements/test.txt)")
    from babel.messages.plurals import get_plural

    ours = _rule(_shipped()[language][1])
    theirs = gettext.c2py(get_plural(language).plural_expr)
    assert all(ours(n) == theirs(n) for n in range(1001)), language
