"""What each version of a list did, stored as a code and its params and worded when read, so
the history reads in the reader's language whoever made the edit and in whatever language.

A version stored before summaries were codes keeps its words in ``ListVersion.summary`` and
shows them as they are (``LEGACY``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

# a name is cut here in a summary's params: the summary names it, the list holds it whole
NAME_LENGTH = 100
# an import's summary names at most this many of the entries it left out
LEFT_OUT_NAMED = 20

LEGACY = "legacy"

TEMPLATES: dict[str, Promise] = {
    "list.created": _("Created"),
    "list.copied": _("Copied from %(name)s"),
    "list.forked": _("Forked from %(name)s, version %(number)d"),
    "list.imported": _("Imported from %(file)s"),
    "list.imported_left_out": _("Imported from %(file)s; left out: %(entries)s"),
    "list.from_example": _("Copied from the example list “%(name)s”"),
    "list.renamed": _("Renamed the list"),
    "list.notes": _("Edited the notes"),
    "list.limit": _("Changed the limit"),
    "list.option": _("Changed a list option"),
    "list.restored": _("Restored version %(number)d"),
    "force.added": _("Added %(name)s"),
    "force.removed": _("Removed %(name)s"),
    "selection.added": _("Added %(name)s"),
    "selection.removed": _("Removed %(name)s"),
    "selection.chose": _("Chose %(option)s for %(name)s"),
    "selection.count": _("%(name)s set to %(count)d"),
    "selection.unchanged": _("%(name)s unchanged"),
    "selection.duplicated": _("Duplicated %(name)s"),
    "selection.edited": _("Edited %(name)s"),
    "edit.gone": _("an edit no longer kept"),
    "list.migrated": _("Updated to newer data"),
    "list.migrated_left_out": _(
        "Updated to newer data, leaving out %(count)d selection(s) it no longer has"
    ),
}


# The params naming game data, each beside the param holding the element's id (absent for a
# player's own name): the name read from the reader's table when it has one.
NAMED_PARAMS = (("name", "name_id"), ("option", "option_id"))


@dataclass(frozen=True)
class Summary:
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.worded({})

    def worded(self, names: Mapping[str, str]) -> str:
        """The summary in the active language, naming game data as ``names`` (the reader's
        name table) does."""
        if self.code == LEGACY:
            return str(self.params.get("text", ""))
        values = {
            key: ", ".join(map(str, value)) if isinstance(value, list) else value
            for key, value in self.params.items()
        }
        for name_key, id_key in NAMED_PARAMS:
            element_id = self.params.get(id_key)
            if isinstance(element_id, str) and element_id in names:
                values[name_key] = names[element_id][:NAME_LENGTH]
        return str(TEMPLATES[self.code]) % values


def summary(code: str, **params: Any) -> Summary:
    """A summary of a known code (``TEMPLATES``), names cut to ``NAME_LENGTH``."""
    if code not in TEMPLATES:
        raise KeyError(code)
    return Summary(
        code, {k: v[:NAME_LENGTH] if isinstance(v, str) else v for k, v in params.items()}
    )
