"""A 9th-edition roster built with the edit operations, written as a ``.ros`` in
BattleScribe's form and read back: a child force, a unit of an allied catalogue reached
through another catalogue (Imperial Navy through Agents of the Imperium), and a Captain with
the Warlord upgrade and a Warlord Trait that the Ultramarines catalogue declares on its link
to the Space Marines Captain."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.engine import edit
from armybuilder.engine.evaluate import Evaluation, evaluate
from armybuilder.engine.roster import Roster, Selection
from armybuilder.engine.rosterfile import read_roster, roster_file
from tests.engine.realdata import WH40K, compiled_for

ULTRAMARINES = "28e2-d179-3d66-a272"
BATTALION, CHILD_BATTALION = "564e-55d5-79bc-a4d7", "c7fc-1172-cd53-2dae"
MATCHED = "4bcc-b0f4-b425-f38e::3c81-e10f-e867-7bb5"
CAPTAIN_LINK = "8340-10fe-75c5-36f3"  # Ultramarines' link to the Space Marines Captain
WARLORD_TRAITS_LINK = "113e-c457-0ff9-c90a"  # declared on that link, in Ultramarines
IMPERIAL_NAVY = "8245-63be-d7bd-d042"


def _root(name: str, document: str | None = None) -> Any:
    compiled = compiled_for(WH40K)
    return next(
        n
        for n in compiled.root_entries(ULTRAMARINES)
        if n.name == name and document in (None, n.doc_id)
    )


def _build() -> tuple[Roster, dict[str, Selection]]:
    roster = Roster(compiled_for(WH40K), name="Fidelity")
    force, _ = edit.add_force(roster, BATTALION, ULTRAMARINES)
    game_type = next(s for s in force.selections if s.node.name == "Game Type")
    edit.select_entry(roster, force, MATCHED, game_type)
    captain, _ = edit.select_node(roster, force, _root("Captain"), None)
    warlord_entry = next(n for n in captain.node.entries() if n.name == "Warlord")
    warlord, _ = edit.select_node(roster, force, warlord_entry, captain)
    traits = next(c for c in captain.node.children if c.name == "Warlord Traits")
    trait = next(n for n in traits.entries() if not n.hidden)
    chosen, _ = edit.select_node(roster, force, trait, captain)
    child, _ = edit.add_force(roster, CHILD_BATTALION, ULTRAMARINES, parent=force)
    breacher, _ = edit.select_node(
        roster, child, _root("Imperial Navy Breacher", IMPERIAL_NAVY), None
    )
    return roster, {"warlord": warlord, "trait": chosen, "breacher": breacher}


@pytest.fixture(scope="module")
def built() -> tuple[Roster, dict[str, Selection], Evaluation]:
    roster, picked = _build()
    return roster, picked, evaluate(roster)


def _shape(evaluation: Evaluation) -> list[tuple[str, str, str, int]]:
    return sorted((s.id, s.entry_id, s.name, s.number) for s in evaluation.view.all_selections())


def test_the_roster_holds_what_the_test_is_about(
    built: tuple[Roster, dict[str, Selection], Evaluation],
) -> None:
    roster, picked, _ = built
    (force,) = roster.forces
    assert [f.node.id for f in force.child_forces] == [CHILD_BATTALION]
    assert picked["breacher"].node.doc_id == IMPERIAL_NAVY
    assert picked["breacher"].node.link_doc_id != ULTRAMARINES  # linked by another catalogue
    assert picked["warlord"].node.path_id.startswith(CAPTAIN_LINK + "::")
    # BattleScribe's path: the Captain link that declares the Warlord Traits is left out
    assert picked["trait"].node.path_id.startswith(WARLORD_TRAITS_LINK + "::")
    assert picked["trait"].node.full_path_id.startswith(f"{CAPTAIN_LINK}::{WARLORD_TRAITS_LINK}::")


def test_the_ros_file_says_what_battlescribe_writes_and_reads_back(
    built: tuple[Roster, dict[str, Selection], Evaluation],
) -> None:
    roster, picked, original = built
    data = roster_file(original.view, "fidelity.ros")
    text = data.decode("utf-8")

    assert f'entryId="{picked["trait"].node.path_id}"' in text
    assert f"{CAPTAIN_LINK}::{WARLORD_TRAITS_LINK}" not in text
    loaded = evaluate(read_roster(roster.compiled, data, "fidelity.ros"))
    assert _shape(loaded) == _shape(original)
    assert loaded.problems == original.problems
    assert loaded.view.costs == original.view.costs


def test_a_file_with_every_link_in_its_paths_reads_back_the_same(
    built: tuple[Roster, dict[str, Selection], Evaluation],
) -> None:
    """Rosters this engine wrote before it followed BattleScribe put every link in."""
    roster, picked, original = built
    trait = picked["trait"].node
    text = roster_file(original.view, "fidelity.ros").decode("utf-8")
    older = text.replace(f'entryId="{trait.path_id}"', f'entryId="{trait.full_path_id}"')
    assert older != text

    loaded = evaluate(read_roster(roster.compiled, older.encode("utf-8"), "fidelity.ros"))

    assert _shape(loaded) == _shape(original)
    assert loaded.problems == original.problems
