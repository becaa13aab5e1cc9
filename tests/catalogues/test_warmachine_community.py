"""The Warmachine Mk II digest's worked example army (T01) on the COMMUNITY data.

The legacy BattleScribe 1.15 files (BSData warmahordes) go in through the import service, which
lifts them to 2.03 with the vendored XSLT chain; the army is then built and evaluated by the
engine from the stored revisions. The community data models the game its own way: one
"Standard" force type whose field allowances hold per force (so an army of two warcasters is
two forces), warcasters priced at minus their warjack points, and 2015 (Reckoning) prices.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from armybuilder.engine.compile import Compiled, compile_documents
from armybuilder.engine.edit import deselect, select_entry, select_node
from armybuilder.engine.evaluate import Evaluation, evaluate
from armybuilder.engine.roster import Force, Roster, Selection
from armybuilder.engine.view import SelectionView
from catalogues.models import Revision
from catalogues.services.imports import import_files
from tests.conftest import BSDATA, require_shared

pytestmark = pytest.mark.django_db

FILES = ("Warmachine.gst", "Cygnar_Reckoning(2015).cat")
POINTS = "points"  # the cost type the 1.15 -> 2.0 step creates for ``points``
STANDARD = "5374616e6461726423232344415441232323"  # the one force type, "Standard"

# T01 (digest lines 516-540): each warcaster with its battlegroup and, since the community
# data applies field allowance per force, its share of the units.
STRYKER_FORCE = [
    "Commander Coleman Stryker",
    "Defender",
    "Ironclad",
    "Lancer",
    "Lancer",
    "Arcane Tempest Gun Mage Pistoleers",  # the Prime Mk II "Arcane Tempest Gun Mages"
    "Arcane Tempest Gun Mage Pistoleers",
    "Long Gunner Infantry",
    "Stormblade Infantry",
    "Stormblade Infantry",
]
HALEY_FORCE = [
    "Captain Victoria Haley",
    "Defender",
    "Defender",
    "Defender",
    "Charger",
    "Lancer",
    "Stormblade Infantry",
    "Trencher Infantry",
    "Field Mechaniks",
    "Field Mechaniks",
]
WARCASTERS = {"Commander Coleman Stryker", "Captain Victoria Haley"}
WARJACKS = {"Defender", "Ironclad", "Lancer", "Charger"}
# The digest's T01 prices (lines 526-531): 46 points of units, six Trenchers among them at 7.
DIGEST_UNITS = 46
DIGEST_TRENCHERS = 7


def _compiled() -> tuple[Compiled, str]:
    folder = require_shared(BSDATA / "warmahordes-mk2")
    result = import_files(files=[(name, (folder / name).read_bytes()) for name in FILES])
    assert result.unresolved_links == []
    by_kind = {
        imported.kind: Revision.objects.get(pk=imported.revision_pk).document
        for imported in result.revisions
    }
    catalogue = by_kind["catalogue"]
    return compile_documents(by_kind["gameSystem"], [catalogue]), catalogue["catalogue"]["id"]


def _add(roster: Roster, force: Force, name: str) -> None:
    """Add a root entry by name the way a player does (its required options auto-selected)."""
    node = next(n for n in roster.compiled.root_entries(force.catalogue_id) if n.name == name)
    selection, _ = select_node(roster, force, node, None)
    if name == "Field Mechaniks":
        # T01 fields six troopers: swap the default size (Crew Chief & 3 Grunts) for the larger.
        _swap_size(roster, force, selection, "Crew Chief & 5 Grunts")


def _swap_size(roster: Roster, force: Force, unit: Selection, size: str) -> None:
    for child in list(unit.children):
        if child.node.name.startswith("Crew Chief &"):
            deselect(roster, child)
    target = next(n for n in unit.node.entries() if n.name == size)
    select_entry(roster, force, target.id, unit)


def _army(forces: list[list[str]], points_limit: float | None = None) -> Evaluation:
    compiled, catalogue_id = _compiled()
    roster = Roster(compiled)
    if points_limit is not None:
        roster.set_cost_limit(POINTS, points_limit)
    for names in forces:
        force = roster.add_force(STANDARD, catalogue_id)
        for name in names:
            _add(roster, force, name)
    return evaluate(roster)


def _roots(evaluation: Evaluation) -> Iterator[SelectionView]:
    for force in evaluation.view.forces:
        yield from force.selections


def _points(evaluation: Evaluation, names: set[str] | None = None, exclude: bool = False) -> float:
    return sum(
        s.total_cost(POINTS)
        for s in _roots(evaluation)
        if names is None or (s.name in names) != exclude
    )


def test_worked_example_is_legal_with_the_right_totals() -> None:
    evaluation = _army([STRYKER_FORCE, HALEY_FORCE])

    assert [p.code for p in evaluation.problems if p.severity in ("error", "warning")] == []
    # The digest: "111 Punti (100 Punti Armata +11 punti warjack)". The community data nets the
    # 11 warjack points as the warcasters' negative costs (Stryker -6, Haley -5) ...
    assert _points(evaluation, WARCASTERS) == -11
    # ... the nine warjacks cost what the digest says (28 + 37) ...
    assert _points(evaluation, WARJACKS) == 65
    # ... and the units one point less: the 2015 (Reckoning) data prices the six Trenchers at 6
    # where the digest (Prime Mk II) says 7, and every other unit as the digest does.
    trenchers = _points(evaluation, {"Trencher Infantry"})
    assert trenchers == 6
    units = _points(evaluation, WARCASTERS | WARJACKS, exclude=True)
    assert units == DIGEST_UNITS - (DIGEST_TRENCHERS - trenchers)
    # So the army costs 99 of its 100 points: the digest's 100 less the Trencher difference.
    assert evaluation.view.total_cost(POINTS) == 99


def test_field_allowance_holds_per_force_in_the_community_data() -> None:
    # One force for both warcasters: the third Stormblade unit breaks FA 2 there.
    evaluation = _army([STRYKER_FORCE + HALEY_FORCE])

    problems = [p for p in evaluation.problems if p.severity == "error"]
    names = {s.id: s.name for s in evaluation.view.all_selections()}
    assert [(p.code, names[p.owner_id]) for p in problems] == [
        ("constraint.max", "Stormblade Infantry")
    ]
    assert evaluation.view.total_cost(POINTS) == 99


# ----------------------------------------------------------- illegal versions of T01 (issue item 8)

ENCOUNTER_POINTS = 100  # T01's encounter level: a cap on army points, no minimum (WM-R06)


def _errors(evaluation: Evaluation) -> list[tuple[str, str, str, str]]:
    """Each error as (code, owner type, owner's name or "", constraint id)."""
    names = {s.id: s.name for s in evaluation.view.all_selections()}
    return sorted(
        (p.code, p.owner_type, names.get(p.owner_id, ""), p.constraint_id)
        for p in evaluation.problems
        if p.severity in ("error", "warning")
    )


def test_an_army_over_its_encounter_points_is_reported() -> None:
    legal = _army([STRYKER_FORCE, HALEY_FORCE], ENCOUNTER_POINTS)
    # one more unit, Long Gunners in Haley's force (within its field allowance), is too many
    over = _army([STRYKER_FORCE, [*HALEY_FORCE, "Long Gunner Infantry"]], ENCOUNTER_POINTS)

    assert _errors(legal) == []
    assert _errors(over) == [("cost_limit.exceeded", "roster", "", POINTS)]
    assert over.view.total_cost(POINTS) > ENCOUNTER_POINTS >= legal.view.total_cost(POINTS)


def test_two_copies_of_a_character_are_reported() -> None:
    # WM-R27/R29: never two Commander Coleman Strykers in one army, even in two battlegroups
    evaluation = _army([STRYKER_FORCE, ["Commander Coleman Stryker", *HALEY_FORCE[1:]]])

    assert _errors(evaluation) == [
        ("constraint.max", "selection", "Commander Coleman Stryker", "maxInRoster")
    ]


def test_the_community_data_does_not_require_a_warjack_controller() -> None:
    """A data gap, documented: WM-R16 makes a warjack without a warcaster or jack marshal an
    error, but the community data sets no minimum on its Warcaster category (and our Mk II
    hook is registered only for our own pack), so such a force raises nothing."""
    evaluation = _army([["Defender", "Lancer"]], ENCOUNTER_POINTS)

    assert _errors(evaluation) == []
    assert _points(evaluation, WARJACKS) == 15
