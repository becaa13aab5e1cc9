"""What the canonical JSON form knows about BattleScribe's element and attribute names.

Taken from the 2.03 schema and New Recruit's extended schema (both MIT, BSData). Anything not
listed here is still kept: unknown attributes as strings, unknown elements by the generic
rules in ``xml_reader``.
"""

from collections.abc import Mapping

ROOT_KINDS: tuple[str, ...] = ("gameSystem", "catalogue", "roster")

NAMESPACES: Mapping[str, str] = {
    "gameSystem": "http://www.battlescribe.net/schema/gameSystemSchema",
    "catalogue": "http://www.battlescribe.net/schema/catalogueSchema",
    "roster": "http://www.battlescribe.net/schema/rosterSchema",
}
NAMESPACE_PREFIX = "http://www.battlescribe.net/schema/"

# Container element -> the tag of its items. Items with another tag carry "$tag".
CONTAINERS: Mapping[str, str] = {
    "associations": "association",
    "attributeTypes": "attributeType",
    "catalogueLinks": "catalogueLink",
    "categories": "category",
    "categoryEntries": "categoryEntry",
    "categoryLinks": "categoryLink",
    "characteristicTypes": "characteristicType",
    "characteristics": "characteristic",
    "conditionGroups": "conditionGroup",
    "conditions": "condition",
    "constraints": "constraint",
    "costLimits": "costLimit",
    "costTypes": "costType",
    "costs": "cost",
    "entryLinks": "entryLink",
    "forceEntries": "forceEntry",
    "forces": "force",
    "infoGroups": "infoGroup",
    "infoLinks": "infoLink",
    # our extension (docs/architecture.md): the choices a list makes
    "listOptions": "listOption",
    "localConditionGroups": "localConditionGroup",
    "modifierGroups": "modifierGroup",
    "modifiers": "modifier",
    "profileTypes": "profileType",
    "profiles": "profile",
    "publications": "publication",
    "repeats": "repeat",
    "rules": "rule",
    "selectionEntries": "selectionEntry",
    "selectionEntryGroups": "selectionEntryGroup",
    "selections": "selection",
    "sharedAssociations": "association",
    "sharedForceEntries": "forceEntry",
    "sharedInfoGroups": "infoGroup",
    "sharedProfiles": "profile",
    "sharedRules": "rule",
    "sharedSelectionEntries": "selectionEntry",
    "sharedSelectionEntryGroups": "selectionEntryGroup",
    # our extension (docs/architecture.md, "Game packs"): the sources a pack cites
    "sources": "source",
    "tags": "tag",
}

# Elements holding only text, which become string fields of their parent.
TEXT_FIELDS: frozenset[str] = frozenset({"description", "readme", "comment", "customNotes"})

# Elements whose text is their value: it is always kept as "$text", even when empty.
TEXT_VALUE_ELEMENTS: frozenset[str] = frozenset({"characteristic", "attribute"})

BOOLEAN_ATTRIBUTES: frozenset[str] = frozenset(
    {
        "automatic",
        "collective",
        "hidden",
        "import",
        "importRootEntries",
        "includeChildForces",
        "includeChildSelections",
        "library",
        "negative",
        "percentValue",
        "primary",
        "roundUp",
        "shared",
        # our extension: a value no source gives
        "unverified",
    }
)

# Numeric attributes depend on the element: a modifier's "value" stays a string (the engine
# parses it against the field it modifies), a constraint's "value" is a number.
_QUERY_NUMBERS = frozenset({"value"})
NUMERIC_ATTRIBUTES: Mapping[str, frozenset[str]] = {
    "association": frozenset({"value", "min", "max"}),
    "catalogue": frozenset({"revision", "gameSystemRevision"}),
    "condition": _QUERY_NUMBERS,
    "constraint": _QUERY_NUMBERS,
    "cost": _QUERY_NUMBERS,
    "costLimit": _QUERY_NUMBERS,
    "costType": frozenset({"defaultCostLimit"}),
    "force": frozenset({"catalogueRevision"}),
    "gameSystem": frozenset({"revision"}),
    "localConditionGroup": frozenset({"value", "repeats"}),
    "repeat": frozenset({"value", "repeats"}),
    "roster": frozenset({"gameSystemRevision"}),
    # our extension: the digest line a constraint's or modifier's "rule" object cites
    # (BattleScribe's own <rule> elements have neither attribute)
    "rule": frozenset({"line", "seedLine"}),
    "selection": frozenset({"number"}),
}

# Extensions that imply the kind of document inside.
EXTENSION_KINDS: Mapping[str, str] = {
    ".gst": "gameSystem",
    ".gstz": "gameSystem",
    ".cat": "catalogue",
    ".catz": "catalogue",
    ".ros": "roster",
    ".rosz": "roster",
}
XML_EXTENSIONS: frozenset[str] = frozenset({".gst", ".cat", ".ros", ".xml"})
ZIP_EXTENSIONS: frozenset[str] = frozenset({".gstz", ".catz", ".rosz"})
JSON_EXTENSIONS: frozenset[str] = frozenset({".json"})
# A ".zip" is a bundle of many documents (e.g. a BSData repository), not one document.
BUNDLE_EXTENSION = ".zip"
BUNDLE_EXTENSIONS: frozenset[str] = XML_EXTENSIONS | ZIP_EXTENSIONS | JSON_EXTENSIONS
