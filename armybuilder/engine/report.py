"""Problems: the validation results the engine and the game hooks return.

Codes are stable and dotted (tests and API clients assert on them); messages are plain words
for people and never asserted on.
"""

from __future__ import annotations

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
        }
        if self.rule is not None:
            out["rule"] = self.rule
        return out
