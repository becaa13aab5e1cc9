"""A list out as a file: forum text, Markdown, JSON (our roster document), ``.ros``, ``.rosz``.

Every export states the list's verdict (legal, or how many errors), the data revisions it
was checked against, when, its version and its share link, and carries a verification code:
an HMAC, keyed by a secret derived from ``SECRET_KEY``, over the export's canonical content.
Verification is stateless: ``verify`` recomputes the code from what is pasted or uploaded,
so nothing is stored per export and any later change to any line (a unit, a cost, the
verdict itself) makes the code wrong. See ``docs/architecture.md`` ("Verification codes").

- Text and Markdown: the canonical content is the words of every line but the code's own,
  in order, whatever whitespace or line breaks separate them (forums re-flow whitespace and
  wrap lines, and a note's line breaks arrive as CRLF or LF; words matter). User text is
  written so it cannot pass for structure: each line of notes is quoted (``> ``), and in
  Markdown every punctuation mark of it is escaped, so no note makes a heading, a verdict
  line, live HTML or a link.
- JSON and ``.ros``/``.rosz``: the verdict, revisions, link and code travel as roster tags
  (the one place BattleScribe's schema leaves for data of ours; other tools ignore them and
  our import reads only list options from tags); the canonical content is the ``.ros`` XML
  of the document without the code tag, so the same code verifies the JSON and the XML.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from django.conf import settings
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from armybuilder import messages
from armybuilder.engine.document import roster_document
from armybuilder.engine.formats import (
    FormatError,
    Limits,
    parse_json,
    parse_xml,
    suffix,
    write_xml,
)
from armybuilder.engine.formats.archive import unzip_document
from armybuilder.engine.formats.errors import TOO_LARGE, WRONG_ROOT
from armybuilder.engine.report import ERROR, WARNING
from armybuilder.engine.rosterfile import document_file
from armybuilder.engine.view import ForceView, SelectionView
from catalogues.models import Revision
from catalogues.services.validation import CostTotal, ListReport
from lists.diff import format_number

# The exports' labels (words in an f-string are not found by the message extractor).
VERDICT = gettext_lazy("Verdict")
NOTES = gettext_lazy("Notes")
PROBLEMS = gettext_lazy("Problems")
CHECKED_AGAINST = gettext_lazy("Checked against")
SHARE_LINK = gettext_lazy("Share link")
CHECK_AT = gettext_lazy("Check this text at")


class ExportFormat(StrEnum):
    TEXT = "txt"
    MARKDOWN = "md"
    JSON = "json"
    ROS = "ros"
    ROSZ = "rosz"


CONTENT_TYPES = {
    ExportFormat.TEXT: "text/plain; charset=utf-8",
    ExportFormat.MARKDOWN: "text/markdown; charset=utf-8",
    ExportFormat.JSON: "application/json",
    ExportFormat.ROS: "application/xml",
    ExportFormat.ROSZ: "application/zip",
}

_KEY_SALT = "armybuilder.lists.exports.verification"
# 80 bits of HMAC, written as four groups of four base32 letters: short enough to read out,
# far too many to guess (the verify page answers one guess per request).
_CODE_BYTES = 10
CODE_PATTERN = re.compile(r"\b([A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4})\b")
ROSTER_FILE_SUFFIXES = (".json", ".ros", ".rosz")
TAG_PREFIX = "armybuilder:"
CODE_TAG = f"{TAG_PREFIX}verification"
# What one pasted or uploaded export may weigh (a 150-selection list's .ros is about 100 KB).
VERIFY_LIMITS = Limits(
    max_input_bytes=2 * 1024 * 1024, max_document_bytes=8 * 1024 * 1024, max_depth=100
)


@dataclass(frozen=True)
class ExportContext:
    """What an export states beside the list itself."""

    report: ListReport
    share_url: str
    verify_url: str
    version: int
    checked_at: datetime


@dataclass(frozen=True)
class ExportFile:
    filename: str
    content_type: str
    content: bytes


@dataclass(frozen=True)
class Verification:
    valid: bool
    format: str  # "text" or "roster" (JSON or .ros/.rosz); "" when no code was found
    code: str
    content: str  # what the code vouches for: the pasted text, or the roster's .ros XML


def export(context: ExportContext, fmt: ExportFormat) -> ExportFile:
    """The list in ``fmt``, with its verdict, revisions, link and verification code."""
    stem = slugify(context.report.view.name) or "list"
    filename = f"{stem}.{fmt.value}"
    if fmt is ExportFormat.TEXT:
        content = _signed_text(list(_text_lines(context))).encode()
    elif fmt is ExportFormat.MARKDOWN:
        content = _signed_text(list(_markdown_lines(context)), markdown=True).encode()
    elif fmt is ExportFormat.JSON:
        content = json.dumps(signed_document(context), indent=2, ensure_ascii=False).encode()
    else:
        content = document_file(signed_document(context), filename)
    return ExportFile(filename, CONTENT_TYPES[fmt], content)


# ------------------------------------------------------------------------ verification


def verification_code(canonical: str, *, secret: str | None = None) -> str:
    digest = salted_hmac(_KEY_SALT, canonical, secret=secret, algorithm="sha256").digest()
    letters = base64.b32encode(digest[:_CODE_BYTES]).decode()
    return "-".join(letters[i : i + 4] for i in range(0, len(letters), 4))


def _code_matches(canonical: str, code: str) -> bool:
    """Whether ``code`` is the code of ``canonical`` under the secret key or a fallback
    (so rotating ``SECRET_KEY`` with ``SECRET_KEY_FALLBACKS`` keeps old exports checkable)."""
    secrets = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    return any(
        constant_time_compare(verification_code(canonical, secret=secret), code)
        for secret in secrets
    )


def canonical_text(lines: Sequence[str]) -> str:
    """Lines as the code sees them: their words in order, one space apart (line breaks,
    blank lines and runs of whitespace are all alike)."""
    return " ".join(word for line in lines for word in line.split())


def _line_canonical_text(lines: Sequence[str]) -> str:
    """The canonical text of exports written before words alone were signed (whitespace
    collapsed per line, blank lines dropped): they still verify."""
    collapsed = (" ".join(line.split()) for line in lines)
    return "\n".join(line for line in collapsed if line)


def canonical_document(document: dict[str, Any]) -> str:
    """A roster document as the code sees it: its ``.ros`` XML, the code tag left out."""
    body = dict(document["roster"])
    body["tags"] = [t for t in body.get("tags") or [] if t.get("id") != CODE_TAG]
    if not body["tags"]:
        del body["tags"]
    return write_xml({"roster": body}).decode()


def verify(data: bytes, filename: str = "") -> Verification:
    """Whether a pasted or uploaded export is exactly what the server wrote.

    Text and Markdown are checked line by line; JSON, ``.ros`` and ``.rosz`` through their
    roster document. Raises ``FormatError`` for a roster file that cannot be read safely.
    """
    if len(data) > VERIFY_LIMITS.max_input_bytes:
        raise FormatError(TOO_LARGE, {"size": len(data), "limit": VERIFY_LIMITS.max_input_bytes})
    if filename.lower().endswith(".rosz"):
        data = unzip_document(data, limits=VERIFY_LIMITS)[1]
    stripped = data.lstrip()
    if stripped.startswith((b"{", b"<")):
        try:
            return _verify_document(stripped)
        except FormatError:
            # Not a roster document: a text export may well start with "<" or "{" (its
            # first line is the list's name). A roster file that cannot be read is refused.
            if suffix(filename) in ROSTER_FILE_SUFFIXES:
                raise
    text = data.decode("utf-8", errors="replace")
    lines = text.splitlines()
    code_lines = [i for i, line in enumerate(lines) if CODE_PATTERN.search(line)]
    if not code_lines:
        return Verification(False, "", "", text)
    index = code_lines[-1]
    match = CODE_PATTERN.search(lines[index])
    assert match is not None
    code = match.group(1)
    rest = lines[:index] + lines[index + 1 :]
    valid = _code_matches(canonical_text(rest), code) or _code_matches(
        _line_canonical_text(rest), code
    )
    return Verification(valid, "text", code, text)


def _verify_document(data: bytes) -> Verification:
    if data.startswith(b"{"):
        document = parse_json(data, limits=VERIFY_LIMITS)
    else:
        document = parse_xml(data, limits=VERIFY_LIMITS)
    if "roster" not in document:
        (kind,) = document
        raise FormatError(WRONG_ROOT, {"found": kind, "expected": "roster"})
    tags = document["roster"].get("tags") or []
    code = next((str(t.get("name", "")) for t in tags if t.get("id") == CODE_TAG), "")
    if not code:
        return Verification(False, "", "", "")
    canonical = canonical_document(document)
    return Verification(_code_matches(canonical, code), "roster", code, canonical)


def _signed_text(lines: list[str], *, markdown: bool = False) -> str:
    code = verification_code(canonical_text(lines))
    label = _("Verification code")
    lines.append(f"**{label}:** `{code}`" if markdown else f"{label}: {code}")
    return "\n".join(lines) + "\n"


def signed_document(context: ExportContext) -> dict[str, Any]:
    """Our roster document with the verdict, revisions, link and code as roster tags."""
    document = roster_document(context.report.view)
    body = document["roster"]
    _write_enforced_limits(body, context.report.totals)
    body["tags"] = [
        *(body.get("tags") or []),
        {"id": f"{TAG_PREFIX}verdict", "name": verdict(context.report)},
        {"id": f"{TAG_PREFIX}revisions", "name": "; ".join(revision_labels(context.report))},
        {"id": f"{TAG_PREFIX}share", "name": context.share_url},
        {"id": f"{TAG_PREFIX}checked", "name": _checked(context)},
    ]
    body["tags"].append({"id": CODE_TAG, "name": verification_code(canonical_document(document))})
    return document


def _write_enforced_limits(body: dict[str, Any], totals: Sequence[CostTotal]) -> None:
    """Each cost limit as the list was checked against it: a limit the game's rules impose (a
    40k battle size's points) replaces the document's own "none" or looser one, so other
    tools check the file against what the builder enforced."""
    enforced = {t.type_id: t for t in totals if t.limit is not None}
    limits = [dict(limit) for limit in body.get("costLimits") or []]
    for limit in limits:
        total = enforced.pop(str(limit.get("typeId")), None)
        if total is not None:
            limit["value"] = total.limit
    limits += [{"name": t.name, "typeId": t.type_id, "value": t.limit} for t in enforced.values()]
    if limits:
        body["costLimits"] = limits


# ---------------------------------------------------------------------- what exports say


def verdict(report: ListReport) -> str:
    if report.legal and report.costs_not_entered:
        names = report.costs_not_entered
        return ngettext(
            "Legal, but the cost of %(names)s is not entered",
            "Legal, but the costs of %(names)s are not entered",
            len(names),
        ) % {"names": ", ".join(names)}
    if report.legal:
        return _("Legal")
    return ngettext(
        "Not legal: %(count)d error", "Not legal: %(count)d errors", report.error_count
    ) % {"count": report.error_count}


def revision_labels(report: ListReport) -> list[str]:
    """The data the list was checked against, e.g. "Ultramarines (revision 5)"."""
    closure = report.closure
    return [revision_label(r) for r in (closure.game_system_revision, *closure.catalogue_revisions)]


def revision_label(revision: Revision, names: Mapping[str, str] | None = None) -> str:
    """E.g. "Ultramarines (revision 5)"; named from ``names`` (a page's name table in the
    reader's language) where given, exports keeping the data's own names."""
    name = (names or {}).get(revision.owner.bs_id, revision.name)
    return _("%(name)s (revision %(number)s)") % {"name": name, "number": revision.number}


def cost_text(costs: Sequence[tuple[str, float]]) -> str:
    """Costs as "85 pts, 1 CP" (zero costs left out)."""
    return ", ".join(f"{format_number(value)} {name}" for name, value in costs if value)


def total_text(total: CostTotal) -> str:
    if total.limit is None:
        return f"{format_number(total.value)} {total.name}"
    return f"{format_number(total.value)} / {format_number(total.limit)} {total.name}"


@dataclass(frozen=True)
class CategorySection:
    """The units of one force under one (primary) category, with their summed costs."""

    name: str
    costs: tuple[tuple[str, float], ...]
    units: tuple[SelectionView, ...]


def force_sections(force: ForceView, totals: Sequence[CostTotal]) -> list[CategorySection]:
    """A force's root selections grouped by primary category, in the force's category order
    (uncategorised ones last), each group with its cost totals per visible cost type."""
    groups: dict[str | None, list[SelectionView]] = {}
    for selection in force.selections:
        groups.setdefault(selection.primary_category, []).append(selection)
    names = {c.entry_id: c.name for c in force.categories}
    for selection in force.selections:
        for category in selection.categories:
            names.setdefault(category.entry_id, category.name)
    order = [c.entry_id for c in force.categories]
    keys = sorted(groups, key=lambda k: (k is None, order.index(k) if k in order else len(order)))
    return [
        CategorySection(
            names.get(key, "") if key is not None else _("Other"),
            tuple((t.name, sum(s.total_cost(t.type_id) for s in groups[key])) for t in totals),
            tuple(groups[key]),
        )
        for key in keys
    ]


def selection_costs(selection: SelectionView, totals: Sequence[CostTotal]) -> str:
    return cost_text([(t.name, selection.total_cost(t.type_id)) for t in totals])


def options_text(selection: SelectionView, user: Callable[[str], str] = str) -> str:
    """A selection's visible options inline: "2 x Bolt rifle, Sergeant (Power sword)".
    ``user`` writes the player's own text (custom names) for the format at hand."""
    parts = []
    for child in selection.children:
        if child.hidden:
            continue
        label = user(child.custom_name) if child.custom_name else child.name
        if child.number != 1:
            label = f"{child.number}\u00d7 {label}"
        inner = options_text(child, user)
        parts.append(f"{label} ({inner})" if inner else label)
    return ", ".join(parts)


def unit_label(selection: SelectionView, user: Callable[[str], str] = str) -> str:
    label = selection.name
    if selection.number != 1:
        label = f"{selection.number}\u00d7 {label}"
    if selection.custom_name:
        label = f"{user(selection.custom_name)} ({label})"
    return label


# ------------------------------------------------------------------- the player's own text

# Every ASCII punctuation mark can be backslash-escaped in Markdown (CommonMark), and an
# escaped one is literal: no emphasis, heading, list, HTML tag, entity, autolink or link.
_MARKDOWN_PUNCTUATION = re.compile(r"""([!"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~])""")


def _one_line(text: str) -> str:
    """A name as one line (stored names are one line; older ones may not be)."""
    return " ".join(text.split())


def _markdown(text: str) -> str:
    return _MARKDOWN_PUNCTUATION.sub(r"\\\1", _one_line(text))


def _quoted(notes: str, indent: str = "", user: Callable[[str], str] = _one_line) -> list[str]:
    """Notes as quoted lines (``> ``), one per line of the notes, blank ones dropped: no line
    of a note can start like a line of the export's own."""
    return [f"{indent}> {user(line)}" for line in notes.splitlines() if line.strip()]


def faction_names(report: ListReport) -> list[str]:
    return list(dict.fromkeys(f.catalogue_name for f in report.view.all_forces()))


def _bracketed(costs: str, brackets: str) -> str:
    """ " [85 pts]" after a name, or nothing for a name that costs nothing."""
    return f" {brackets[0]}{costs}{brackets[1]}" if costs else ""


def _checked(context: ExportContext) -> str:
    return _("version %(version)s, checked %(when)s UTC") % {
        "version": context.version,
        "when": context.checked_at.strftime("%Y-%m-%d %H:%M"),
    }


def _problems(report: ListReport, user: Callable[[str], str]) -> list[str]:
    """Errors and warnings; their owners' labels and messages may name the player's text."""
    return [
        f"{messages.severity(p.severity)}: {user(report.owner_label(p))}: {user(messages.word(p))}"
        for p in report.problems
        if p.severity in (ERROR, WARNING)
    ]


def _text_lines(context: ExportContext) -> Iterator[str]:
    report = context.report
    view = report.view
    yield _one_line(view.name)
    yield f"{view.game_system_name} \u2014 {', '.join(faction_names(report))}"
    yield " | ".join(total_text(t) for t in report.totals)
    yield f"{VERDICT}: {verdict(report)}"
    if view.custom_notes:
        yield from _quoted(view.custom_notes)
    for force in view.all_forces():
        yield ""
        force_name = _one_line(force.custom_name) if force.custom_name else force.name
        yield f"== {force_name} ({force.catalogue_name}) =="
        if force.custom_notes:
            yield from _quoted(force.custom_notes)
        for section in force_sections(force, report.totals):
            yield f"-- {section.name}{_bracketed(cost_text(section.costs), '[]')} --"
            for unit in section.units:
                label = unit_label(unit, _one_line)
                costs = _bracketed(selection_costs(unit, report.totals), "[]")
                line = f"* {label}{costs}"
                options = options_text(unit, _one_line)
                yield f"{line}: {options}" if options else line
                if unit.custom_notes:
                    yield f"  {NOTES}:"
                    yield from _quoted(unit.custom_notes, "  ")
    problems = _problems(report, _one_line)
    if problems:
        yield ""
        yield f"{PROBLEMS}:"
        yield from (f"- {p}" for p in problems)
    yield ""
    yield f"{CHECKED_AGAINST}: {'; '.join(revision_labels(report))}"
    yield f"{SHARE_LINK}: {context.share_url}"
    yield _checked(context)
    yield f"{CHECK_AT}: {context.verify_url}"


def _markdown_lines(context: ExportContext) -> Iterator[str]:
    report = context.report
    view = report.view
    yield f"# {_markdown(view.name)}"
    yield ""
    yield f"*{view.game_system_name} \u2014 {', '.join(faction_names(report))}*"
    yield ""
    yield f"**{' | '.join(total_text(t) for t in report.totals)}**"
    yield ""
    yield f"**{VERDICT}:** {verdict(report)}"
    if view.custom_notes:
        yield ""
        yield from _quoted(view.custom_notes, user=_markdown)
    for force in view.all_forces():
        yield ""
        force_name = _markdown(force.custom_name) if force.custom_name else force.name
        yield f"## {force_name} ({force.catalogue_name})"
        if force.custom_notes:
            yield ""
            yield from _quoted(force.custom_notes, user=_markdown)
        for section in force_sections(force, report.totals):
            yield ""
            yield f"### {section.name}{_bracketed(cost_text(section.costs), '()')}"
            yield ""
            for unit in section.units:
                label = unit_label(unit, _markdown)
                costs = _bracketed(selection_costs(unit, report.totals), "()")
                line = f"- **{label}**{costs}"
                options = options_text(unit, _markdown)
                yield f"{line}: {options}" if options else line
                if unit.custom_notes:
                    yield f"  - *{NOTES}:*"
                    yield ""
                    yield from _quoted(unit.custom_notes, "    ", _markdown)
    problems = _problems(report, _markdown)
    if problems:
        yield ""
        yield f"## {PROBLEMS}"
        yield ""
        yield from (f"- {p}" for p in problems)
    yield ""
    yield f"{CHECKED_AGAINST}: {'; '.join(revision_labels(report))}  "
    yield f"{SHARE_LINK}: <{context.share_url}>  "
    yield f"{_checked(context)}  "
    yield f"{CHECK_AT}: <{context.verify_url}>  "
