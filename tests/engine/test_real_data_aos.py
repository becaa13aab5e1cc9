"""The format's semantics of issue 19 on another game's real data: Age of Sigmar 3rd edition
(BSData's release in ``../shared/bsdata/aos-3rd``), with 40k where only its data has the case.
The legal Age of Sigmar lists in ``realdata/`` (``aos_*.json``) are checked by
``test_real_data.py``; ``test_format_semantics.py`` has the small fixture of each point."""

from __future__ import annotations

from armybuilder.engine import edit
from armybuilder.engine.compile import Compiled
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.model import EntryNode, find_entry
from armybuilder.engine.report import ERROR, SELECTION_HIDDEN
from armybuilder.engine.roster import Force, Roster, Selection
from tests.engine.realdata import AOS, WH40K, compiled_for

STORMCAST = "ed04-877b-c5d3-ce41"
SERAPHON = "3721-70d4-3f5f-4609"
GLOOMSPITE = "750c-157c-3186-61d3"
ORDER_ARCANUM = "7b81-c642-43f2-ebcc"
DESTRUCTION_ARCANUM = "ce1f-cfe4-3cdf-5bfc"
PITCHED_BATTLE = "9f95-f6dc-e866-90a0"  # GHB 2023-24
NARRATIVE = "f5c9-2d9a-2ffb-edd5"
# the Narrative force's Allegiance slot keeps a minimum scoped to another force entry's id
ALLEGIANCE_MIN_OF_A_PITCHED_BATTLE = "cf27-780d-73f3-d119"
TROOPS_OF_A_BATTLE_REGIMENT = "baef-88fb-2a9c-fca7"  # a minimum: 2 per Battle Regiment
KRAGNOS_LINK = "ea2f-c76d-217b-a3db"  # import="false" in the Gloomspite Gitz catalogue
# 40k: the Ultramarines import the Inquisition's root entries, which marks some import="false"
ULTRAMARINES = "Imperium - Adeptus Astartes - Ultramarines"
INQUISITION = "e373-3c0a-1185-46ea"


def aos() -> Compiled:
    return compiled_for(AOS)


def errors(roster: Roster) -> list[tuple[str, str, str]]:
    return sorted(
        (p.code, p.owner_type, p.constraint_id)
        for p in evaluate(roster).problems
        if p.severity == ERROR
    )


def named(nodes: list[EntryNode], name: str) -> EntryNode:
    """The entry of that name among ``nodes`` or in their groups (depth first)."""
    for node in nodes:
        if node.name == name:
            return node
        if node.kind == "group":
            try:
                return named(node.children, name)
            except LookupError:
                pass
    raise LookupError(name)


def pick(roster: Roster, force: Force, name: str, parent: Selection | None = None) -> Selection:
    nodes = parent.node.children if parent else roster.compiled.root_entries(force.catalogue_id)
    selection, _ = edit.select_node(roster, force, named(nodes, name), parent)
    return selection


# ------------------------------------------------------------------------ import="false"


def test_an_import_false_root_link_is_offered_in_its_own_catalogue() -> None:
    offered = aos().root_entries(GLOOMSPITE)
    assert find_entry(offered, KRAGNOS_LINK) is not None


def test_a_catalogue_link_that_imports_no_root_entries_offers_none_of_them() -> None:
    compiled = aos()

    def own(catalogue_id: str) -> set[str]:
        """Root entries the Destruction catalogue declares, offered in ``catalogue_id``."""
        return {
            n.path_id
            for n in compiled.root_entries(catalogue_id)
            if (n.link_doc_id or n.doc_id) == DESTRUCTION_ARCANUM
        }

    assert own(DESTRUCTION_ARCANUM)
    assert own(ORDER_ARCANUM) == set()


def test_the_inquisitions_import_false_entries_stay_out_of_the_ultramarines_catalogue() -> None:
    compiled = compiled_for(WH40K)
    [ultramarines] = [
        cid for cid, body in compiled.catalogues.items() if body["name"].startswith(ULTRAMARINES)
    ]
    inquisition = compiled.root_entries(INQUISITION)
    private = {n.path_id for n in inquisition if (n.link or n.raw).get("import") is False}
    public = {n.path_id for n in inquisition if (n.link or n.raw).get("import") is not False}
    offered = {n.path_id for n in compiled.root_entries(ultramarines)}
    assert len(private) == 20  # Inquisitor Coteaz, Karamazov, ... (the data's own count)
    assert not private & offered
    assert public <= offered


# ---------------------------------------------------- scopes and counts naming forces


def test_a_narrative_force_is_not_held_to_a_pitched_battles_allegiance_minimum() -> None:
    roster = Roster.new(aos())
    edit.add_force(roster, NARRATIVE, STORMCAST)
    assert ALLEGIANCE_MIN_OF_A_PITCHED_BATTLE not in [c for _, _, c in errors(roster)]


def test_the_grand_strategy_minimum_is_lifted_by_what_a_narrative_force_holds() -> None:
    roster = Roster.new(aos())
    force, _ = edit.add_force(roster, NARRATIVE, STORMCAST)
    grand_strategy = [e for e in errors(roster) if e[1] == "roster"]
    assert grand_strategy == []  # the force's auto-selected entries are "in a Narrative"
    pitched = Roster.new(aos())
    edit.add_force(pitched, PITCHED_BATTLE, STORMCAST)
    assert [e for e in errors(pitched) if e[1] == "roster"] != []
    assert force.selections


def test_an_allies_force_selects_nothing_it_has_no_slot_for_and_counts_its_own_points() -> None:
    roster = Roster.new(aos())
    roster.set_cost_limit("points", 2000)
    army, _ = edit.add_force(roster, PITCHED_BATTLE, STORMCAST)
    before = errors(roster)
    for _ in range(3):
        pick(roster, army, "Vindictors")  # 140 points each: more than the allies' 400
    allies_entry = next(f for f in army.node.child_forces if f.raw["name"] == "Allies")
    allies, created = edit.add_force(roster, allies_entry.id, SERAPHON, parent=army)
    assert created == {}  # no second Game Type, Allegiance or Grand Strategy
    warriors = pick(roster, allies, "Saurus Warriors")
    pick(roster, allies, "Celestite Club", warriors)
    battleline = [e for e in before if e[1] == "category"]
    assert errors(roster) == sorted(set(before) - set(battleline))


# ----------------------------------------------------------------------- hidden groups


def test_a_command_trait_left_when_its_hero_is_no_longer_the_general_is_reported_hidden() -> None:
    roster = Roster.new(aos())
    force, _ = edit.add_force(roster, PITCHED_BATTLE, STORMCAST)
    hero = pick(roster, force, "Lord-Imperatant")
    general = pick(roster, force, "General", hero)
    aspects = named(hero.node.children, "Aspects of Azyr")
    trait_node = next(n for n in aspects.children if n.kind == "entry")
    trait, _ = edit.select_node(roster, force, trait_node, hero)

    def hidden() -> list[str]:
        return [p.owner_id for p in evaluate(roster).problems if p.code == SELECTION_HIDDEN]

    assert hidden() == []
    roster.remove_selection(general)  # the data hides "Command Traits" without a General
    assert hidden() == [trait.id]


# ------------------------------------------------------ required entries of a new force


def test_a_new_force_takes_the_armys_required_entries_and_a_second_one_no_more() -> None:
    roster = Roster.new(aos())
    first, created = edit.add_force(roster, PITCHED_BATTLE, STORMCAST)
    names = sorted(s.node.name for s in first.selections)
    assert names == ["Allegiance", "Game Type", "Grand Strategy"]
    [game_type] = [s for s in first.selections if s.node.name == "Game Type"]
    assert [s.node.name for s in game_type.children] == ["2000 Points - Battlehost"]
    assert set(created.values()) == {s.id for s in first.all_selections()}
    second, created = edit.add_force(roster, PITCHED_BATTLE, STORMCAST)
    assert [s.node.name for s in second.selections] == []
    # one Allegiance, Grand Strategy and Game Type per roster: none broken by a second copy
    assert created == {}
    assert not [p for p in evaluate(roster).problems if p.code == "constraint.max"]


def test_a_battalion_needs_its_troops_before_any_unit_that_can_be_one_is_taken() -> None:
    """The game system's "Battle Regiment - 2-5 Troops" marker sits inside every unit that
    may join the battalion; its roster-wide minimum (2 per Battle Regiment) holds with no
    such unit selected, as New Recruit reports it."""
    roster = Roster.new(aos())
    force, _ = edit.add_force(roster, PITCHED_BATTLE, STORMCAST)
    before = errors(roster)
    pick(roster, force, "Core Battalion: Battle Regiment")
    [new] = sorted(set(errors(roster)) - set(before))
    assert new == ("constraint.min", "force", TROOPS_OF_A_BATTLE_REGIMENT)
