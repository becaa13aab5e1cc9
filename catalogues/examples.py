"""The example lists shipped in the game packs (``catalogues/data/<game>/examples/*.json``).

They are List specs (``docs/architecture.md``, "List specs") and a starting point for players:
the game system and catalogue pages link to them, and each is shown built and validated
against the stored revisions. The files ship with the code, so they are read once per process.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _

from catalogues.models import Catalogue, GameSystem
from catalogues.services.validation import (
    ListReport,
    ListSpecRejected,
    spec_catalogue_ids,
    validate_list_spec,
)

PACKS_DIR = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class ExampleList:
    game: str  # the pack folder
    slug: str  # the file name without ``.json``, unique within its game system
    spec: Mapping[str, Any]

    @property
    def name(self) -> str:
        return str(self.spec.get("name") or self.slug)

    @property
    def description(self) -> str:
        return str(self.spec.get("description") or "")

    @property
    def game_system_id(self) -> str:
        return str(self.spec.get("gameSystemId") or "")

    @property
    def catalogue_ids(self) -> tuple[str, ...]:
        """Ids of the catalogues its forces (child forces included) are drawn from."""
        return spec_catalogue_ids(self.spec)

    @property
    def meant_legal(self) -> bool:
        """Whether the list is meant to pass (some examples show a rule being broken)."""
        return not (self.spec.get("expected") or {}).get("codes")


@cache
def shipped_examples() -> tuple[ExampleList, ...]:
    """Every example list of every pack, by pack and file name."""
    return tuple(
        ExampleList(path.parent.parent.name, path.stem, json.loads(path.read_text("utf-8")))
        for path in sorted(PACKS_DIR.glob("*/examples/*.json"))
    )


def example_lists(
    *, game_system: GameSystem, catalogue: Catalogue | None = None
) -> list[ExampleList]:
    """The examples for a stored game system (those using ``catalogue``, if given).

    Examples whose catalogues are not all stored cannot be built, so they are left out.
    """
    examples = [e for e in shipped_examples() if e.game_system_id == game_system.bs_id]
    if catalogue is not None:
        examples = [e for e in examples if catalogue.bs_id in e.catalogue_ids]
    if not examples:
        return []
    stored = set(game_system.catalogues.values_list("bs_id", flat=True))
    return [e for e in examples if stored.issuperset(e.catalogue_ids)]


def example_get(*, game_system: GameSystem, slug: str) -> ExampleList:
    """One example list of a stored game system, or 404."""
    found = next((e for e in example_lists(game_system=game_system) if e.slug == slug), None)
    if found is None:
        raise Http404(_("No such example list."))
    return found


@dataclass(frozen=True)
class EvaluatedExample:
    example: ExampleList
    report: ListReport | None
    error: ListSpecRejected | None  # set when the stored revisions cannot build it


def evaluate_example(example: ExampleList, *, explain: bool = False) -> EvaluatedExample:
    """The example built and validated against the newest stored revisions.

    With ``explain``, the report also says which entries cannot be added now and why.
    """
    try:
        report = validate_list_spec(spec=example.spec, explain=explain)
        return EvaluatedExample(example, report, None)
    except ListSpecRejected as error:
        return EvaluatedExample(example, None, error)
