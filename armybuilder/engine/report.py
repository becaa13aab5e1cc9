"""Problems: the validation results the engine and the game hooks return.

Codes are stable and dotted (tests and API clients assert on them); messages are plain words
for people and never asserted on. Each problem carries ``params``: what its message names
(numbers, ids, names, limits) as JSON data, so a client can word it in any language from code
and params alone. The English message is made from the same params by its code's template
(``words``), so the two cannot disagree.

A code with more than one sentence names the one it uses in the param ``form``: its template
is registered as ``<code>#<form>``. A code the data defines (a constraint's or modifier's own
``code``) has no template here: its params carry the data's ``text``, or, for a constraint or
an association, the engine code whose template words it (``kind``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

ERROR = "error"
WARNING = "warning"
INFO = "info"

# Generic codes raised by the engine itself.
CONSTRAINT_MAX = "constraint.max"
CONSTRAINT_MIN = "constraint.min"
COST_LIMIT_EXCEEDED = "cost_limit.exceeded"
ROSTER_NO_FORCES = "roster.no_forces"
SELECTION_HIDDEN = "selection.hidden"
SELECTION_UNKNOWN_ENTRY = "selection.unknown_entry"
SELECTION_MISPLACED = "selection.misplaced"
DATA_ERROR = "data.error"
DATA_WARNING = "data.warning"
DATA_INFO = "data.info"
ASSOCIATION_MIN = "association.min"
ASSOCIATION_MAX = "association.max"
ASSOCIATION_TARGET = "association.target"

# code (or ``code#form``) -> the English template of its message; ``messages`` adds to it.
TEMPLATES: dict[str, str] = {}
# code -> the English phrases its template names that are worked out from its structured params
# (where a limit counts, the conditions that hide an entry): other languages word the same
# params their own way, so the phrases are never params themselves.
PHRASES: dict[str, Callable[[Mapping[str, Any]], dict[str, str]]] = {}


def messages(templates: Mapping[str, str]) -> dict[str, str]:
    """Register the English templates of a module's codes (one template per code and form)."""
    for key, template in templates.items():
        if TEMPLATES.setdefault(key, template) != template:
            raise ValueError(f"two templates for {key}")
    return dict(templates)


def phrases(code: str, make: Callable[[Mapping[str, Any]], dict[str, str]]) -> None:
    """Register how a code's English phrases are made from its params (see ``PHRASES``)."""
    if PHRASES.setdefault(code, make) is not make:
        raise ValueError(f"two phrase makers for {code}")


def template(code: str, params: Mapping[str, Any]) -> str:
    """The English template of a problem's or reason's code and params (see the module doc):
    the data's own words first, then the engine's template of a constraint or association
    (whatever code the data gives it), then the code's own."""
    if "text" in params:
        return "{text}"
    own = str(params.get("kind") or code)
    form = params.get("form")
    return TEMPLATES[f"{own}#{form}" if form else own]


def words(code: str, params: Mapping[str, Any]) -> str:
    """The English message of a code with its params."""
    make = PHRASES.get(code)
    return template(code, params).format_map({**params, **make(params)} if make else params)


_GONE = "{path} ({entry_id}) is no longer in the data and was left out"
_GONE_UNDER = (
    "{path} ({entry_id}) was under {under}, which is no longer in the data and was left out"
)
_KEPT = "; its recorded cost ({costs}) stays in the totals."
MESSAGES = messages(
    {
        CONSTRAINT_MAX: "{name} has {count}, more than the maximum of {limit}.",
        CONSTRAINT_MIN: "{name} has {count}, fewer than the minimum of {limit}.",
        COST_LIMIT_EXCEEDED: "The roster costs {total} {cost_type}, over the limit of {limit}.",
        ROSTER_NO_FORCES: "The list has no force: add one to build an army.",
        SELECTION_HIDDEN: "{name} is hidden and cannot be selected.",
        SELECTION_HIDDEN
        + "#group": "{name} is in {group}, which is hidden: it cannot be selected.",
        SELECTION_MISPLACED: "{name} is offered only in {where}: it is kept where the list has it.",
        SELECTION_MISPLACED
        + "#force": "{name} is offered only in a force: it is kept where the list has it.",
        SELECTION_UNKNOWN_ENTRY: _GONE + ".",
        SELECTION_UNKNOWN_ENTRY + "#cost": _GONE + _KEPT,
        SELECTION_UNKNOWN_ENTRY + "#under": _GONE_UNDER + ".",
        SELECTION_UNKNOWN_ENTRY + "#under_cost": _GONE_UNDER + _KEPT,
        ASSOCIATION_TARGET: "{name}: a partner is not allowed.",
        ASSOCIATION_MIN: "{name} needs at least {min}.",
        ASSOCIATION_MAX: "{name} allows at most {max}.",
        DATA_ERROR: "{text}",
        DATA_WARNING: "{text}",
        DATA_INFO: "{text}",
    }
)


@dataclass(frozen=True, slots=True)
class Problem:
    """One validation result, owned by the roster, a force, a category or a selection."""

    code: str
    severity: str
    owner_type: str  # roster | force | category | selection
    owner_id: str
    owner_entry_id: str
    entry_id: str
    constraint_id: str
    message: str
    rule: dict[str, Any] | None = field(default=None, compare=False)
    # what the message names, as JSON data (see the module doc)
    params: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def as_dict(self) -> dict[str, Any]:
        """The problem as the JSON object the API and the adapter expose."""
        out: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "owner_type": self.owner_type,
            "owner_id": self.owner_id,
            "owner_entry_id": self.owner_entry_id,
            "entry_id": self.entry_id,
            "constraint_id": self.constraint_id,
            "message": self.message,
            "params": dict(self.params),
        }
        if self.rule is not None:
            out["rule"] = self.rule
        return out
