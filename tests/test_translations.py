"""Every user-facing string is marked for translation, and the Italian catalogue is complete and
compiled: a template's text outside {% translate %}/{% blocktranslate %}, a refusal or a message
given a bare string, an untranslated or fuzzy entry, or a stale django.mo fails here (and so in
``bin/test`` and CI)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import polib
import pytest

from tests.conftest import REPO_ROOT

CATALOGUE = REPO_ROOT / "locale" / "it" / "LC_MESSAGES" / "django.po"
COMPILED = CATALOGUE.with_suffix(".mo")
TEMPLATE_DIRS = [REPO_ROOT / "templates", *REPO_ROOT.glob("*/templates")]
# Python packages whose strings people read (the engine words nothing a page shows: pages word
# its codes through ``armybuilder.messages``; its rules registry is marked with gettext_noop).
PYTHON_DIRS = ["accounts", "armybuilder", "catalogues", "lists"]
PYTHON_SKIPPED = ("armybuilder/engine/", "/migrations/", "/management/")

# Text a template may show as it is, in any language: names, formats and symbols.
ALLOWED_TEXT = {
    "armybuilder",  # the product's name
    "API",
    "JSON",
    "Markdown",
    "BattleScribe",
    "New Recruit",
    "UTC",
    "v",  # a version's number, "v12"
    "Swagger UI",
    "English",  # each language in its own name, in the switcher
    "Italiano",
    "ETag",
    "rosz",  # a file's extension, ".rosz"
}
# attributes whose value people read (or hear)
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "aria-description")

_BLOCKTRANSLATE = re.compile(r"{%\s*blocktrans(?:late)?\b.*?{%\s*endblocktrans(?:late)?\s*%}", re.S)
_COMMENT = re.compile(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}|{#.*?#}|<!--.*?-->", re.S)
_SCRIPT = re.compile(r"<(script|style)\b.*?</\1>", re.S | re.I)
_TEMPLATE_CODE = re.compile(r"{%.*?%}|{{.*?}}", re.S)
_ATTRIBUTE = re.compile(r"\s({})=\"([^\"]*)\"".format("|".join(READ_ATTRIBUTES)))
_TAG = re.compile(r"<[^>]*>", re.S)
_ENTITY = re.compile(r"&[#\w]+;")
_WORD = re.compile(r"[^\W\d_]{2,}")
# punctuation between words (separators, brackets) carries no language
_SEPARATORS = re.compile(r"(?:[^\w\s'\u2019]|\s)+")


def _template_files() -> Iterator[Path]:
    for folder in TEMPLATE_DIRS:
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".html", ".txt"):
                yield path


def unmarked_text(source: str) -> list[str]:
    """The words a template shows that no translation tag holds."""
    source = _COMMENT.sub(" ", source)
    source = _BLOCKTRANSLATE.sub(" ", source)
    source = _SCRIPT.sub(" ", source)
    found = [
        value
        for _name, value in _ATTRIBUTE.findall(source)
        if _WORD.search(_TEMPLATE_CODE.sub(" ", value))
    ]
    text = _ENTITY.sub(" ", _TAG.sub("\n", _TEMPLATE_CODE.sub("\n", source)))
    found += [line.strip() for line in text.splitlines() if _WORD.search(line)]
    shown = (_SEPARATORS.sub(" ", _TEMPLATE_CODE.sub("", item)).strip() for item in found)
    return [item for item in shown if item not in ALLOWED_TEXT]


@pytest.mark.parametrize(
    "path", list(_template_files()), ids=lambda p: str(p.relative_to(REPO_ROOT))
)
def test_templates_show_only_translated_text(path: Path) -> None:
    assert unmarked_text(path.read_text(encoding="utf-8")) == []


def test_the_template_check_finds_unmarked_text() -> None:
    assert unmarked_text('<p title="Open it">{% translate "Fine" %} Not marked</p>') == [
        "Open it",
        "Not marked",
    ]
    assert unmarked_text("<p>{% blocktranslate %}All {{ n }} fine{% endblocktranslate %}</p>") == []
    assert unmarked_text("<p>{{ name }} · armybuilder</p>") == []


def _python_files() -> Iterator[Path]:
    for folder in PYTHON_DIRS:
        for path in sorted((REPO_ROOT / folder).rglob("*.py")):
            relative = path.relative_to(REPO_ROOT).as_posix()
            if not any(part in f"/{relative}" for part in PYTHON_SKIPPED):
                yield path


def _is_text(node: ast.expr) -> bool:
    """A literal with words in it, or an f-string: never a translation call's result."""
    if isinstance(node, ast.JoinedStr):
        return True
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and bool(_WORD.search(node.value))
    )


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_name(node.value)}.{node.attr}"
    return ""


MESSAGE_CALLS = {f"messages.{level}" for level in ("error", "warning", "info", "success")}
REFUSALS = ("Error", "Rejected", "Exceeded", "Denied")
# Refusals that carry a code and params alone, worded where they are shown
# (``armybuilder.messages``): any words given to one, even translated, are words stored.
CODED_REFUSALS = {"FormatError", "Refused", "RosterError", "ListSpecError", "CompileError"}
TRANSLATIONS = {"_", "gettext", "ngettext", "pgettext", "gettext_lazy", "pgettext_lazy"}
LABELS = {"label", "help_text", "verbose_name", "verbose_name_plural", "empty_label"}
# what the API's schema says of a field, a parameter or an operation
SCHEMA_TEXTS = {"help_text", "description", "summary"}


def _is_words(node: ast.expr) -> bool:
    """Text, translated or not: a literal with words, an f-string, a translation, or one of
    them formatted with ``%``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _is_words(node.left)
    if isinstance(node, ast.Call) and _name(node.func) in TRANSLATIONS:
        return True
    return _is_text(node)


def _is_sentence(node: ast.expr) -> bool:
    """A bare literal or f-string with words and a space (not a name such as ".ros")."""
    parts = node.values if isinstance(node, ast.JoinedStr) else [node]
    return _is_text(node) and any(
        isinstance(p, ast.Constant) and isinstance(p.value, str) and " " in p.value for p in parts
    )


def unmarked_calls(source: str, *, forms: bool) -> list[str]:
    """Refusals and messages given bare strings, coded refusals given any words, (in forms and
    models) bare labels, the API schema's bare help texts and descriptions, and translations
    inside f-strings (the extractor never finds those)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr) and any(
            isinstance(part, ast.FormattedValue)
            and isinstance(part.value, ast.Call)
            and _name(part.value.func) in TRANSLATIONS
            for part in node.values
        ):
            found.append(f"{node.lineno}: a translation inside an f-string")
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if (
            (name.endswith(REFUSALS) and any(_is_text(arg) for arg in node.args[1:]))
            or (
                name.rpartition(".")[2] in CODED_REFUSALS
                and any(_is_words(arg) for arg in node.args[1:])
            )
            or (name in MESSAGE_CALLS and any(_is_text(arg) for arg in node.args[1:]))
            or (forms and any(k.arg in LABELS and _is_text(k.value) for k in node.keywords))
            or any(k.arg in SCHEMA_TEXTS and _is_sentence(k.value) for k in node.keywords)
        ):
            found.append(f"{node.lineno}: {name}")
    return found


@pytest.mark.parametrize("path", list(_python_files()), ids=lambda p: str(p.relative_to(REPO_ROOT)))
def test_python_refusals_and_messages_are_marked(path: Path) -> None:
    forms = path.name in ("forms.py", "models.py") or path.parent.name == "forms"
    assert unmarked_calls(path.read_text(encoding="utf-8"), forms=forms) == []


def test_the_python_check_finds_bare_strings() -> None:
    source = (
        "raise EditRejected(CODE, 'Nothing here.')\n"
        "raise EditRejected(CODE, _('Nothing here.'))\n"
        "messages.error(request, f'{name} is gone')\n"
        "forms.CharField(label='Name')\n"
        "line = f\"{_('Verdict')}: {verdict}\"\n"
        "raise FormatError(CODE, _('%(name)s is not XML') % {'name': name})\n"
        "raise FormatError(CODE, {'name': name})\n"
        "serializers.CharField(help_text='In the language asked for.')\n"
        "extend_schema(summary=f'Sign {who} out', description=_('Signs out.'))\n"
        "OpenApiResponse(schema, description='.ros')\n"
    )
    assert unmarked_calls(source, forms=True) == [
        "1: EditRejected",
        "3: messages.error",
        "4: forms.CharField",
        "5: a translation inside an f-string",
        "6: FormatError",
        "8: serializers.CharField",
        "9: extend_schema",
    ]


def _catalogue() -> polib.POFile:
    return polib.pofile(str(CATALOGUE))


def test_the_italian_catalogue_is_complete() -> None:
    catalogue = _catalogue()

    assert len(catalogue) > 500
    assert [e.msgid for e in catalogue.untranslated_entries()] == []
    assert [e.msgid for e in catalogue.fuzzy_entries()] == []
    assert [
        e.msgid for e in catalogue if e.msgid_plural and not all(e.msgstr_plural.values())
    ] == []


def test_the_compiled_catalogue_matches_the_catalogue() -> None:
    """django.mo is committed beside django.po: compile it again (bin/messages) after an edit."""
    compiled = {
        (e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in polib.mofile(str(COMPILED))
    }
    written = {
        (e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in _catalogue().translated_entries()
    }

    assert {k: v for k, v in written.items() if compiled.get(k) != v} == {}
    assert set(compiled) - set(written) - {(None, "")} == set()
