"""Every root entry of every catalogue (the community data in ``../shared/bsdata`` and our
shipped packs), added with auto-select to a force that offers it, is legal on its own: no
error on the new selection or anything under it, and none new at the force or roster level.

Where the data itself makes that impossible, the error must be one of the reasons below,
worked out from the data, never from a list of names:

- a required choice without a default: a group (or an option) with a minimum that names no
  default entry and marks none of its members as one, so the player has to choose;
- a minimum above the maximum: the entry (or a group's members, together) may not be taken
  as often as it must be;
- a required entry that is hidden where it would be taken (a group's default included);
- a companion it requires: another entry's minimum, declared below one, that a modifier
  raises once this entry is taken (a unit and its retinue, a battalion and its troops);
- a cost over its force's own limit (the game size the force is set to);
- a minimum that a wider maximum forbids (a second character that must be the Warlord of an
  army that has one);
- more selections than the only forces offering the entry may hold;
- a game rule of our packs asking the player for a choice (``PLAYER_CHOICES``).

``docs/conformance.md`` gives the counts per game. Each closure is compiled once, one force
per catalogue and force entry is built once, and each entry is added and removed again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from armybuilder.engine import edit
from armybuilder.engine.compile import Compiled, compile_documents
from armybuilder.engine.evaluate import Evaluation, evaluate
from armybuilder.engine.evaluator import Ctx, Evaluator
from armybuilder.engine.explain import explain
from armybuilder.engine.formats import parse_xml
from armybuilder.engine.model import EntryNode, selectable
from armybuilder.engine.report import CONSTRAINT_MIN, ERROR, Problem
from armybuilder.engine.roster import Force, Roster, RosterError, Selection
from catalogues.legacy import convert, is_legacy
from tests.conftest import BSDATA
from tests.engine.packs import compiled_pack, pack_names

COMMUNITY = {
    "wh40k-9e": "Warhammer 40,000.gst",
    "t9a-3rd": "T9A-FB-3rd.gst",
    "warmahordes-mk2": "Warmachine.gst",
    "aos-3rd": "Age of Sigmar.gst",
}
# a limit no single unit reaches: limits scale some maximums ("one per 1000 points")
LIMIT = 100_000.0

CHOICE_WITHOUT_DEFAULT = "a required choice without a default"
MINIMUM_ABOVE_MAXIMUM = "a minimum above the maximum"
HIDDEN_REQUIREMENT = "a required entry that is hidden there"
WIDER_MAXIMUM = "a minimum that a wider maximum forbids"
FORCE_TOO_SMALL = "more selections than the only forces offering it may hold"
FORCE_COST_LIMIT = "a cost over its force's own limit (the game size the force is set to)"
COMPANION = "a companion it requires (another entry's minimum it raises)"
# Game rules of our packs (raised by their hooks) that ask the player for a choice no
# default can make for them.
PLAYER_CHOICES = {
    "bg.command_cards.reading": "offered under the other reading of a list option",
    "t9a.wizard.level_count": CHOICE_WITHOUT_DEFAULT + " (the Wizard level)",
    "w40k9.warlord.missing": CHOICE_WITHOUT_DEFAULT + " (which model is the Warlord)",
    "wmh.mercenary.contract_unexpected": "a Mercenary contract, for an army of Mercenaries",
    "wmh.mercenary.contract_required": "a Mercenary hired without the contract it needs",
    "wmh.theme_force.warcaster": "a theme force, for an army led by its warcaster",
}


def _read(path: Path, kind: str) -> dict[str, Any]:
    """A community file, lifted from BattleScribe 1.x first as the importer does."""
    xml = path.read_bytes()
    document = parse_xml(xml)
    version = next(iter(document.values())).get("battleScribeVersion")
    if is_legacy(version):
        document = parse_xml(convert(xml, kind=kind, version=str(version)))
    return document


@cache
def _compiled(source: str) -> Compiled:
    if source in COMMUNITY:
        folder = BSDATA / source
        game_system = _read(folder / COMMUNITY[source], "gameSystem")
        catalogues = [_read(p, "catalogue") for p in sorted(folder.glob("*.cat"))]
        return compile_documents(game_system, catalogues)
    return compiled_pack(source)


def _catalogues() -> list[tuple[str, str]]:
    """(source, catalogue id) of every catalogue a force can be made of."""
    out: list[tuple[str, str]] = []
    for source in [*COMMUNITY, *pack_names()]:
        if source in COMMUNITY and not (BSDATA / source).is_dir():
            continue
        compiled = _compiled(source)
        out += [
            (source, cid) for cid, body in compiled.catalogues.items() if not body.get("library")
        ]
    return out


CATALOGUES = _catalogues() if BSDATA.is_dir() else []


def _top_level_forces(compiled: Compiled) -> list[str]:
    nested = {c.id for f in compiled.force_entries.values() for c in f.child_forces}
    return [
        fid
        for fid, node in compiled.force_entries.items()
        if fid not in nested and not node.raw.get("hidden")
    ]


@dataclass
class Trial:
    """A force to add entries to, the errors it has without them, and the evaluator of it
    without them: an entry added is removed again, so the evaluator holds between entries
    and explains to each what it has worked out for the others."""

    roster: Roster
    force: Force
    before: Counter[tuple[str, ...]]
    evaluator: Evaluator


def _trials(compiled: Compiled, catalogue_id: str) -> list[Trial]:
    trials = []
    for force_entry_id in _top_level_forces(compiled):
        roster = Roster(compiled)
        for cost_type in compiled.cost_types:
            roster.set_cost_limit(cost_type.id, LIMIT)
        try:
            force, _ = edit.add_force(roster, force_entry_id, catalogue_id)
        except RosterError:
            continue
        evaluation = evaluate(roster)
        before = Counter(_key(p) for p in _errors(evaluation))
        trials.append(Trial(roster, force, before, evaluation.evaluator))
    return trials


def _errors(evaluation: Evaluation) -> list[Problem]:
    return [p for p in evaluation.problems if p.severity == ERROR]


def _key(problem: Problem) -> tuple[str, ...]:
    return (
        problem.code,
        problem.owner_type,
        problem.owner_id,
        problem.owner_entry_id,
        problem.constraint_id,
    )


def _offers(trial: Trial, root: EntryNode) -> bool:
    """Whether the builder offers ``root`` in this force now (and has not auto-selected it
    with the force already)."""
    if any(s.node.path_id == root.path_id for s in trial.force.selections):
        return False
    return not explain(trial.roster, trial.force, root.path_id, evaluator=trial.evaluator)


def _slot_first(trials: list[Trial], root: EntryNode) -> list[Trial]:
    """Forces with a slot for the entry's primary category first."""
    primary = {c.id for c in root.categories if c.primary}
    return sorted(trials, key=lambda t: not any(c.id in primary for c in t.force.node.categories))


def _constrained(node: EntryNode, constraint_id: str) -> EntryNode | None:
    """The entry or group under ``node`` (looking through groups) that declares a constraint."""
    for child in node.children:
        if any(c.id == constraint_id for c in child.constraints):
            return child
        if child.kind == "group":
            found = _constrained(child, constraint_id)
            if found is not None:
                return found
    return None


def _reason(trial: Trial, problem: Problem, evaluator: Evaluator) -> str | None:
    """Why the data makes this error of a freshly added unit unavoidable (None: it does not),
    asking ``evaluator``, the evaluator of the roster with the unit."""
    if problem.code in PLAYER_CHOICES:
        return PLAYER_CHOICES[problem.code]
    if problem.owner_type != "selection":
        return None
    roster, force = trial.roster, trial.force
    owner = roster.selection(problem.owner_id)
    parent: Selection | None = owner
    node = _constrained(owner.node, problem.constraint_id)
    if node is None and any(c.id == problem.constraint_id for c in owner.node.constraints):
        node, parent = owner.node, owner.parent  # a maximum the selection itself breaks
    if node is None:
        return None
    constraint = next(c for c in node.constraints if c.id == problem.constraint_id)
    if constraint.field != "selections":
        return None
    values = evaluator.entry_values(node, Ctx(roster, force, None, parent, node))
    limits = {c.id: float(values.fields.get(c.id, c.value)) for c in node.constraints}
    minimums = [limits[c.id] for c in node.constraints if c.type == "min" and c.counts_siblings]
    maximums = [limits[c.id] for c in node.constraints if c.type == "max" and c.counts_siblings]
    if minimums and maximums and min(maximums) < max(minimums):
        return MINIMUM_ABOVE_MAXIMUM
    if constraint.type != "min":
        return None
    if values.fields.get("hidden"):
        return HIDDEN_REQUIREMENT
    if node.kind == "group":
        room = sum(
            min(
                (c.value for c in m.constraints if c.type == "max" and c.counts_siblings),
                default=LIMIT,
            )
            for m in node.entries()
        )
        if room < limits[constraint.id]:
            return MINIMUM_ABOVE_MAXIMUM  # its members may not be taken that often
        default = next(
            (m for m in node.entries() if values.fields["defaultSelectionEntryId"] in m.ids), None
        )
        if default is not None and evaluator.entry_values(
            default, Ctx(roster, force, None, parent, default)
        ).fields.get("hidden"):
            return HIDDEN_REQUIREMENT  # the default is hidden there: the player chooses
        # members marked as defaults are selected already: the rest is the player's choice
        return None if values.fields["defaultSelectionEntryId"] else CHOICE_WITHOUT_DEFAULT
    if explain(roster, force, node.path_id, parent, evaluator=evaluator):
        return WIDER_MAXIMUM
    return None


def _wider_reason(trial: Trial, key: tuple[str, ...]) -> str | None:
    """Why the data makes a new error of the force or roster unavoidable (None: it does
    not): a game rule asking for the player's choice, or a force entry's own maximum of
    selections, which the entry and the options it must take already exceed."""
    code, owner_type, _, _, constraint_id = key
    if code in PLAYER_CHOICES:
        return PLAYER_CHOICES[code]
    limits = trial.force.node.constraints
    cost_types = {ct.id for ct in trial.roster.compiled.cost_types}
    if owner_type == "force" and any(
        c.id == constraint_id and c.type == "max" and c.field == "selections" for c in limits
    ):
        return FORCE_TOO_SMALL
    if owner_type == "force" and any(
        c.id == constraint_id and c.type == "max" and c.field in cost_types for c in limits
    ):
        return FORCE_COST_LIMIT
    compiled, catalogue_id = trial.roster.compiled, trial.force.catalogue_id
    if code == CONSTRAINT_MIN and any(
        c.id == constraint_id and c.type == "min" and c.value < 1 and c.id in node.modified_fields
        for node in compiled.root_entries(catalogue_id) + compiled.nested_minimums(catalogue_id)
        for c in node.constraints
    ):
        # a unit and its retinue, a battalion and the units it needs: each raises another
        # entry's minimum
        return COMPANION
    return None


@dataclass
class Outcome:
    unexplained: list[str]
    reasons: list[str]


def _add(trial: Trial, root: EntryNode) -> Outcome:
    selection: Selection
    selection, _ = edit.select_node(trial.roster, trial.force, root, None)
    try:
        evaluation = evaluate(trial.roster)
        errors = _errors(evaluation)
        mine = {s.id for s in selection.walk()}
        own = [(p, _reason(trial, p, evaluation.evaluator)) for p in errors if p.owner_id in mine]
        outside = [p for p in errors if p.owner_id not in mine]
        new = Counter(_key(p) for p in outside) - trial.before
        # a rule of the game that the new entry breaks for the army as a whole
        wider = {key: _wider_reason(trial, key) for key in new}
        return Outcome(
            [f"{p.code}: {p.message}" for p, why in own if why is None]
            + [f"new {key[0]} on the {key[1]}" for key, why in wider.items() if why is None],
            [why for _, why in own if why is not None]
            + [why for why in wider.values() if why is not None],
        )
    finally:
        trial.roster.remove_selection(selection)


def _outcomes(source: str, catalogue_id: str) -> dict[str, Outcome]:
    compiled = _compiled(source)
    trials = _trials(compiled, catalogue_id)
    outcomes: dict[str, Outcome] = {}
    for root in selectable(compiled.root_entries(catalogue_id)):
        offering = [t for t in _slot_first(trials, root) if _offers(t, root)]
        best: Outcome | None = None
        for trial in offering:
            outcome = _add(trial, root)
            if best is None or _rank(outcome) < _rank(best):
                best = outcome
            if not outcome.unexplained and not outcome.reasons:
                break
        if best is not None:
            outcomes[f"{root.name} ({root.path_id})"] = best
    return outcomes


def _rank(outcome: Outcome) -> tuple[int, int]:
    return len(outcome.unexplained), len(outcome.reasons)


@pytest.mark.parametrize(
    ("source", "catalogue_id"), CATALOGUES, ids=[f"{s}-{c}" for s, c in CATALOGUES]
)
def test_a_freshly_added_entry_is_legal_unless_its_data_forbids_it(
    source: str, catalogue_id: str
) -> None:
    outcomes = _outcomes(source, catalogue_id)

    assert outcomes, "the catalogue offers no entry to add"
    assert {name: o.unexplained for name, o in outcomes.items() if o.unexplained} == {}
