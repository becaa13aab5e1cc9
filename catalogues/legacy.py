"""BattleScribe 1.x data files -> the current (2.03) format, with the BSData XSLT chain.

The stylesheets (MIT, vendored in ``catalogues/xslt/``) each lift a document by one format
version. Both the stylesheets and the document are parsed with no DTD, no entity resolution
and no network, and the transforms may not read or write any file or URL.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lxml import etree

from armybuilder.engine.formats import FormatError
from armybuilder.engine.formats.errors import DTD, MALFORMED
from armybuilder.engine.refusals import refusal

CANNOT_CONVERT = refusal("format.legacy_kind", "A {kind} in format {version} cannot be converted.")
UNKNOWN_VERSION = refusal("format.legacy_version", "Unknown BattleScribe data version “{version}”.")
CONVERSION_FAILED = refusal("format.legacy_failed", "Converting to format {version} failed.")

XSLT_DIR = Path(__file__).resolve().parent / "xslt"
# (version reached, stylesheet suffix), in order.
STEPS: tuple[tuple[tuple[int, int], str], ...] = (
    ((1, 15), "1_15"),
    ((2, 0), "2_00"),
    ((2, 1), "2_01"),
    ((2, 2), "2_02"),
    ((2, 3), "2_03"),
)
CURRENT = STEPS[-1][0]
_STYLESHEET_PREFIX = {"gameSystem": "GameSystem", "catalogue": "Catalogue"}


def _safe_parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
    )


def parse_version(text: object) -> tuple[int, int] | None:
    """``"1.15"`` -> ``(1, 15)``; None when absent or unreadable."""
    if not isinstance(text, str):
        return None
    major, _, minor = text.strip().partition(".")
    if not (major.isdigit() and (minor.isdigit() or not minor)):
        return None
    return int(major), int(minor or 0)


def is_legacy(version: object) -> bool:
    parsed = parse_version(version)
    return parsed is not None and parsed < CURRENT


@cache
def _transform(kind: str, suffix: str) -> etree.XSLT:
    path = XSLT_DIR / f"{_STYLESHEET_PREFIX[kind]}_{suffix}.xsl"
    stylesheet = etree.parse(str(path), _safe_parser())
    return etree.XSLT(stylesheet, access_control=etree.XSLTAccessControl.DENY_ALL)


def convert(xml: bytes, *, kind: str, version: str) -> bytes:
    """Lift a 1.x game system or catalogue (XML) to the current format (XML)."""
    if kind not in _STYLESHEET_PREFIX:
        raise FormatError(CANNOT_CONVERT, {"kind": kind, "version": version})
    parsed = parse_version(version)
    if parsed is None:
        raise FormatError(UNKNOWN_VERSION, {"version": version})
    try:
        document = etree.fromstring(xml, _safe_parser())
    except etree.XMLSyntaxError as error:
        raise FormatError(MALFORMED, {"line": error.lineno, "column": error.offset}) from None
    if document.getroottree().docinfo.doctype:
        raise FormatError(DTD)
    tree = document.getroottree()
    for reached, suffix in STEPS:
        if reached > parsed:
            try:
                tree = _transform(kind, suffix)(tree)
            except etree.XSLTApplyError:
                raise FormatError(CONVERSION_FAILED, {"version": suffix}) from None
    result: bytes = etree.tostring(tree, xml_declaration=True, encoding="UTF-8")
    return result
