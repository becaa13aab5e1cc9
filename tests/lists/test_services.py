"""Every list edit through the services: what it stores, and the typed error for bad input."""

from __future__ import annotations

from typing import Any

import pytest

from armybuilder.engine import caps
from armybuilder.engine.explain import MAX_REACHED
from catalogues.examples import shipped_examples
from catalogues.models import Catalogue, GameSystem
from lists import services, sharing
from lists.models import ArmyList, ListVersion, VersionKind
from lists.services import EditRejected, ListState, StaleVersion
from tests.catalogues.packs import load_pack
from tests.lists.conftest import DWARVEN_FORCE, DWARVEN_HOLDS, KING, POINTS, WARRIORS, add, force_id

pytestmark = pytest.mark.django_db

WARRIOR_MODELS = "t9a3-dh-clan-warriors-models"


def stored(state: ListState) -> ArmyList:
    return ArmyList.objects.get(pk=state.army_list.pk)


def selection_of(state: ListState, entry_id: str) -> str:
    return next(s.id for s in state.roster.all_selections() if s.node.id == entry_id)


def test_a_new_list_is_stored_with_its_first_version_and_pinned_revisions(
    dwarven_list: ListState, ninth_age: GameSystem
) -> None:
    army_list = stored(dwarven_list)

    assert army_list.version == 1
    assert army_list.points_limit == 4500
    assert army_list.document["roster"]["name"] == "Grudge settlers"
    assert [f["entryId"] for f in army_list.document["roster"]["forces"]] == [DWARVEN_FORCE]
    newest = ninth_age.revisions.first()
    assert newest is not None
    assert army_list.pinned["gameSystem"] == newest.pk
    assert set(army_list.pinned["catalogues"]) == {DWARVEN_HOLDS}
    (version,) = army_list.versions.all()
    assert (version.number, version.kind) == (1, VersionKind.CREATE)


def test_adding_a_selection_saves_a_new_version_with_true_totals(dwarven_list: ListState) -> None:
    state = add(dwarven_list, KING)

    army_list = stored(state)
    assert army_list.version == 2 == state.army_list.version
    assert army_list.points > 0
    assert army_list.points == state.report.totals[0].value
    assert army_list.legal == state.report.legal
    assert army_list.error_count == state.report.error_count
    assert [s["entryId"] for s in army_list.document["roster"]["forces"][0]["selections"]] == [KING]
    snapshot = army_list.versions.get(number=2)
    assert snapshot.kind == VersionKind.EDIT
    assert snapshot.summary_code == "selection.added"
    assert "King" in snapshot.summary_params["name"]
    assert snapshot.document == army_list.document
    assert snapshot.pinned == army_list.pinned
    assert (snapshot.points, snapshot.legal) == (army_list.points, army_list.legal)


def test_a_snapshot_keeps_its_versions_document_after_later_edits(dwarven_list: ListState) -> None:
    with_king = add(dwarven_list, KING)
    document = stored(with_king).document
    add(with_king, WARRIORS)

    snapshots = {v.number: v.document for v in stored(with_king).versions.all()}
    assert snapshots[2] == document
    assert [s["entryId"] for s in snapshots[2]["roster"]["forces"][0]["selections"]] == [KING]
    assert len(snapshots[3]["roster"]["forces"][0]["selections"]) == 2
    assert snapshots[3] == stored(with_king).document


def test_the_report_explains_what_cannot_be_added(dwarven_list: ListState) -> None:
    state = dwarven_list
    for _ in range(5):  # the data's own limit per roster
        state = add(state, KING)

    # an edit's own report skips explaining (it costs a second on a large list); a load explains
    report = services.load_list(army_list=state.army_list).report
    unavailable = {u.entry_id: u for u in report.unavailable_at(force_id(state))}

    assert [r.code for r in unavailable[KING].reasons] == [MAX_REACHED]
    assert WARRIORS not in unavailable


def test_set_count_changes_the_number_and_zero_removes(dwarven_list: ListState) -> None:
    state = add(dwarven_list, WARRIORS)
    models = selection_of(state, WARRIOR_MODELS)

    state = services.set_count(
        army_list=state.army_list, version=state.army_list.version, selection_id=models, count=30
    )
    assert state.roster.selection(models).amount == 30
    state = services.set_count(
        army_list=state.army_list, version=state.army_list.version, selection_id=models, count=0
    )
    assert models not in {s.id for s in state.roster.all_selections()}


def test_an_edit_that_would_store_a_number_past_the_cap_is_refused(
    dwarven_list: ListState,
) -> None:
    # a collective option's stored number is its count in every copy of its unit
    state = add(dwarven_list, WARRIORS)
    warriors = selection_of(state, WARRIORS)
    state = services.set_count(
        army_list=state.army_list, version=state.army_list.version, selection_id=warriors, count=2
    )
    before = stored(state)

    with pytest.raises(EditRejected) as refused:
        services.set_option_count(
            army_list=state.army_list,
            version=state.army_list.version,
            selection_id=warriors,
            entry_id=WARRIOR_MODELS,
            count=6000,
        )

    assert refused.value.code == caps.BAD_NUMBER
    after = stored(state)
    assert (after.version, after.document) == (before.version, before.document)
    services.load_list(army_list=after)  # the list still loads


def test_remove_and_duplicate_selection(dwarven_list: ListState) -> None:
    state = add(dwarven_list, WARRIORS)
    warriors = selection_of(state, WARRIORS)

    state = services.duplicate_selection(
        army_list=state.army_list, version=state.army_list.version, selection_id=warriors
    )
    copies = [s for s in state.roster.forces[0].selections if s.node.id == WARRIORS]
    assert len(copies) == 2
    assert [c.node.id for c in copies[1].walk()] == [c.node.id for c in copies[0].walk()]

    state = services.remove_selection(
        army_list=state.army_list, version=state.army_list.version, selection_id=warriors
    )
    assert [s.id for s in state.roster.forces[0].selections] == [copies[1].id]
    assert stored(state).version == 4


def test_forces_are_added_and_removed(dwarven_list: ListState) -> None:
    state = services.add_force(
        army_list=dwarven_list.army_list,
        version=1,
        force_entry_id=DWARVEN_FORCE,
        catalogue_id=DWARVEN_HOLDS,
    )
    assert len(state.roster.forces) == 2
    second = state.roster.forces[1].id

    state = services.remove_force(army_list=state.army_list, version=2, force_id=second)
    assert [f.id for f in state.roster.forces] == [force_id(dwarven_list)]


def test_a_force_of_another_faction_pins_that_catalogue(dwarven_list: ListState) -> None:
    state = services.add_force(
        army_list=dwarven_list.army_list,
        version=1,
        force_entry_id="t9a3-he-force",
        catalogue_id="t9a3-he",
    )
    assert set(stored(state).pinned["catalogues"]) == {DWARVEN_HOLDS, "t9a3-he"}


def test_custom_names_notes_limits_and_options(dwarven_list: ListState) -> None:
    state = add(dwarven_list, KING)
    king = selection_of(state, KING)
    state = services.set_custom(
        army_list=state.army_list,
        version=state.army_list.version,
        target_id=king,
        name="Thorek",
        notes="Paint the shield",
    )
    state = services.set_custom(
        army_list=state.army_list,
        version=state.army_list.version,
        target_id="roster",
        name="Renamed list",
        notes="For the club night",
    )
    state = services.set_cost_limit(
        army_list=state.army_list, version=state.army_list.version, cost_type_id=POINTS, value=3000
    )
    state = services.set_option(
        army_list=state.army_list,
        version=state.army_list.version,
        name="general_required",
        value="yes",
    )

    army_list = stored(state)
    body = army_list.document["roster"]
    assert army_list.name == body["name"] == "Renamed list"
    assert body["customNotes"] == "For the club night"
    selection = body["forces"][0]["selections"][0]
    assert (selection["customName"], selection["customNotes"]) == ("Thorek", "Paint the shield")
    assert army_list.points_limit == 3000
    assert {"id": "list-option:general_required", "name": "yes"} in body["tags"]


def test_rename_duplicate_and_delete_list(dwarven_list: ListState, player: Any) -> None:
    army_list = services.rename_list(army_list=dwarven_list.army_list, name="  New name ")
    assert stored(dwarven_list).name == "New name"
    assert army_list.document["roster"]["name"] == "New name"

    copy = services.duplicate_list(army_list=army_list, user=player)
    assert copy.pk != army_list.pk
    assert copy.document["roster"]["forces"] == army_list.document["roster"]["forces"]
    assert copy.version == 1
    assert copy.versions.count() == 1
    assert copy.share_token != army_list.share_token

    services.delete_list(army_list=army_list)
    assert not ArmyList.objects.filter(pk=army_list.pk).exists()
    assert not ListVersion.objects.filter(army_list_id=army_list.pk).exists()


def test_undo_and_redo_walk_the_edits_without_rewriting_history(dwarven_list: ListState) -> None:
    after_king = add(dwarven_list, KING)
    after_warriors = add(after_king, WARRIORS)
    documents = {
        1: stored(dwarven_list).versions.get(number=1).document,
        2: after_king.army_list.versions.get(number=2).document,
        3: after_warriors.army_list.document,
    }
    army_list = after_warriors.army_list

    state = services.undo(army_list=army_list, version=3)
    assert stored(state).document == documents[2]
    state = services.undo(army_list=army_list, version=4)
    assert stored(state).document == documents[1]
    with pytest.raises(EditRejected) as nothing:
        services.undo(army_list=army_list, version=5)
    assert nothing.value.code == services.NOTHING_TO_UNDO

    state = services.redo(army_list=army_list, version=5)
    assert stored(state).document == documents[2]
    state = services.redo(army_list=army_list, version=6)
    assert stored(state).document == documents[3]
    with pytest.raises(EditRejected) as nothing:
        services.redo(army_list=army_list, version=7)
    assert nothing.value.code == services.NOTHING_TO_REDO

    kinds = list(stored(state).versions.order_by("number").values_list("kind", flat=True))
    assert kinds == ["create", "edit", "edit", "undo", "undo", "redo", "redo"]


def test_undoing_past_an_undo_and_redoing_names_the_edit_each_step_covers(
    dwarven_list: ListState,
) -> None:
    state = add(add(dwarven_list, KING), WARRIORS)
    army_list = state.army_list
    for step in (services.undo, services.undo, services.redo, services.redo):
        step(army_list=army_list, version=army_list.version)

    versions = stored(state).versions.order_by("number")
    summaries = {v.number: str(v.summary_of_edit) for v in versions}
    assert [(v.kind, str(v.summary_of_edit)) for v in versions if v.number > 3] == [
        (VersionKind.UNDO, summaries[3]),
        (VersionKind.UNDO, summaries[2]),
        (VersionKind.REDO, summaries[2]),
        (VersionKind.REDO, summaries[3]),
    ]
    assert "Warriors" in summaries[3]
    assert "King" in summaries[2]
    labels = [v.label for v in versions]
    assert labels[4].count(summaries[2]) == 1
    assert summaries[3] not in labels[4]
    assert labels[5] != labels[4]
    assert summaries[2] in labels[5]


def test_a_fresh_edit_forgets_what_could_be_redone(dwarven_list: ListState) -> None:
    state = add(dwarven_list, KING)
    state = services.undo(army_list=state.army_list, version=2)
    state = add(state, WARRIORS)

    with pytest.raises(EditRejected) as nothing:
        services.redo(army_list=state.army_list, version=state.army_list.version)
    assert nothing.value.code == services.NOTHING_TO_REDO


def test_an_edit_on_an_older_version_is_refused_and_changes_nothing(
    dwarven_list: ListState,
) -> None:
    first_tab = ArmyList.objects.get(pk=dwarven_list.army_list.pk)
    second_tab = ArmyList.objects.get(pk=dwarven_list.army_list.pk)
    services.add_selection(
        army_list=first_tab, version=1, force_id=force_id(dwarven_list), entry_id=KING
    )
    before = stored(dwarven_list)

    with pytest.raises(StaleVersion) as stale:
        services.add_selection(
            army_list=second_tab, version=1, force_id=force_id(dwarven_list), entry_id=WARRIORS
        )

    assert stale.value.current_version == 2
    after = stored(dwarven_list)
    assert (after.version, after.document) == (before.version, before.document)
    assert after.versions.count() == 2


def test_the_compare_and_swap_refuses_a_row_changed_after_loading(
    dwarven_list: ListState,
) -> None:
    # Another writer commits between this one's check and its write.
    ArmyList.objects.filter(pk=dwarven_list.army_list.pk).update(version=7)

    with pytest.raises(StaleVersion) as stale:
        add(dwarven_list, KING)

    assert stale.value.current_version == 7
    assert stored(dwarven_list).versions.count() == 1


def test_a_stale_edit_can_be_applied_to_the_latest_version(dwarven_list: ListState) -> None:
    stale_tab = ArmyList.objects.get(pk=dwarven_list.army_list.pk)
    add(dwarven_list, KING)

    state = services.on_latest_version(
        services.add_selection,
        army_list=stale_tab,
        force_id=force_id(dwarven_list),
        entry_id=WARRIORS,
    )

    assert [s.node.id for s in state.roster.forces[0].selections] == [KING, WARRIORS]
    assert stored(state).version == 3


def test_applying_to_the_latest_version_refuses_a_target_that_is_gone(
    dwarven_list: ListState,
) -> None:
    state = add(dwarven_list, KING)
    king = selection_of(state, KING)
    stale_tab = ArmyList.objects.get(pk=state.army_list.pk)
    services.remove_selection(army_list=state.army_list, version=2, selection_id=king)

    with pytest.raises(EditRejected) as gone:
        services.on_latest_version(
            services.set_count, army_list=stale_tab, selection_id=king, count=2
        )
    assert gone.value.code == services.UNKNOWN_SELECTION


@pytest.mark.parametrize(
    ("edit", "arguments", "code"),
    [
        (services.add_selection, {"force_id": "force-99", "entry_id": KING}, "edit.unknown_force"),
        (services.add_selection, {"force_id": None, "entry_id": "nope"}, "edit.unknown_entry"),
        (services.add_selection, {"force_id": None, "entry_id": "x" * 500}, "edit.unknown_entry"),
        (
            services.add_selection,
            {"force_id": None, "entry_id": KING, "parent_selection_id": "selection-99"},
            "edit.unknown_selection",
        ),
        (
            services.set_count,
            {"selection_id": "selection-99", "count": 2},
            "edit.unknown_selection",
        ),
        (services.set_count, {"selection_id": None, "count": -1}, "edit.bad_count"),
        (services.set_count, {"selection_id": None, "count": 10_001}, "edit.bad_count"),
        (services.set_count, {"selection_id": None, "count": "3"}, "edit.bad_count"),
        (services.set_count, {"selection_id": None, "count": 2.5}, "edit.bad_count"),
        (services.remove_selection, {"selection_id": "selection-99"}, "edit.unknown_selection"),
        (services.duplicate_selection, {"selection_id": "nope"}, "edit.unknown_selection"),
        (services.remove_force, {"force_id": "force-99"}, "edit.unknown_force"),
        (
            services.add_force,
            {"force_entry_id": "nope", "catalogue_id": DWARVEN_HOLDS},
            "edit.unknown_force",
        ),
        (
            services.add_force,
            {"force_entry_id": DWARVEN_FORCE, "catalogue_id": "nope"},
            "edit.unknown_catalogue",
        ),
        (
            services.set_custom,
            {"target_id": "nope", "name": "x", "notes": None},
            "edit.unknown_force",
        ),
        (
            services.set_custom,
            {"target_id": "roster", "name": "x" * 201, "notes": None},
            "caps.text",
        ),
        (
            services.set_custom,
            {"target_id": "roster", "name": "  ", "notes": None},
            "edit.bad_text",
        ),
        (services.set_cost_limit, {"cost_type_id": "nope", "value": 10}, "edit.unknown_cost_type"),
        (services.set_cost_limit, {"cost_type_id": POINTS, "value": -5}, "edit.bad_value"),
        (services.set_cost_limit, {"cost_type_id": POINTS, "value": 1e12}, "edit.bad_value"),
        (
            services.set_cost_limit,
            {"cost_type_id": POINTS, "value": float("nan")},
            "edit.bad_value",
        ),
        (services.set_option, {"name": "nope", "value": "yes"}, "edit.unknown_option"),
        (services.set_option, {"name": "general_required", "value": "maybe"}, "edit.bad_value"),
    ],
)
def test_bad_input_gets_its_code_and_changes_nothing(
    dwarven_list: ListState, edit: Any, arguments: dict[str, Any], code: str
) -> None:
    state = add(dwarven_list, KING)
    before = stored(state)
    # None stands for the list's real force or selection, so only the named part is wrong.
    if arguments.get("force_id", "") is None:
        arguments = {**arguments, "force_id": force_id(state)}
    if arguments.get("selection_id", "") is None:
        arguments = {**arguments, "selection_id": selection_of(state, KING)}

    with pytest.raises(EditRejected) as rejected:
        edit(army_list=state.army_list, version=2, **arguments)

    assert rejected.value.code == code
    after = stored(state)
    assert (after.version, after.document, after.versions.count()) == (
        before.version,
        before.document,
        before.versions.count(),
    )


def test_an_entry_past_its_limit_is_added_and_the_list_shows_the_broken_limit(
    dwarven_list: ListState,
) -> None:
    state = dwarven_list
    for _ in range(5):  # the data's own limit per roster
        state = add(state, KING)
    explained = services.load_list(army_list=state.army_list, explain=True).report
    (king,) = [u for u in explained.unavailable_at(force_id(state)) if u.entry_id == KING]
    assert [r.code for r in king.reasons] == ["explain.max_reached"]

    state = add(state, KING)

    kings = [s for s in state.roster.forces[0].selections if s.node.id == KING]
    assert len(kings) == 6
    broken = [p for p in state.report.problems if p.constraint_id == king.reasons[0].constraint_id]
    assert broken
    assert broken[0].rule == king.reasons[0].rule


def test_an_option_the_data_hides_is_refused(player: Any) -> None:
    game_system = load_pack("warmachine-mk2")
    example = next(e for e in shipped_examples() if e.slug == "cygnar-skirmish-50-legal")
    army_list = sharing.copy_example(user=player, example=example)
    state = services.load_list(army_list=army_list)
    lancer = next(s for s in state.roster.all_selections() if s.node.name == "Lancer")
    bond = next(n for n in lancer.node.entries() if n.name == "Bonded to Lord Commander Stryker")
    assert game_system.bs_id == "wmk2-gs"

    with pytest.raises(EditRejected) as rejected:
        services.set_option_count(
            army_list=army_list,
            version=army_list.version,
            selection_id=lancer.id,
            entry_id=bond.path_id,
            count=1,
        )

    assert rejected.value.code == services.NOT_ALLOWED
    assert ArmyList.objects.get(pk=army_list.pk).version == army_list.version


def test_an_edit_without_a_real_version_is_refused(dwarven_list: ListState) -> None:
    for version in (0, -1, "1", None, True, 2):
        with pytest.raises(EditRejected) as rejected:
            services.set_option(
                army_list=dwarven_list.army_list,
                version=version,  # type: ignore[arg-type]
                name="general_required",
                value="yes",
            )
        assert rejected.value.code == services.BAD_VERSION
    assert services.parse_version(" 12 ") == 12
    for bad in ("", "v2", "-3", "1" * 20, 2.5, None):
        with pytest.raises(EditRejected):
            services.parse_version(bad)
    assert stored(dwarven_list).version == 1


def test_a_count_from_a_form_is_parsed_once_at_the_edge() -> None:
    assert services.parse_count("12") == 12
    assert services.parse_count(3.0) == 3
    for bad in ("", "abc", "-2", "10001", "1e9", True, None, "9" * 40):
        with pytest.raises(EditRejected) as rejected:
            services.parse_count(bad)
        assert rejected.value.code == services.BAD_COUNT


def test_create_refuses_a_catalogue_of_another_game(player: Any, ninth_age: GameSystem) -> None:
    other = GameSystem.objects.create(bs_id="other", name="Other", slug="other")
    with pytest.raises(EditRejected) as rejected:
        services.create_list(
            user=player,
            game_system=other,
            catalogue=Catalogue.objects.get(bs_id=DWARVEN_HOLDS),
            name="x",
            cost_limits={},
            options={},
            force_entry_id=None,
        )
    assert rejected.value.code == services.UNKNOWN_CATALOGUE
    assert not ArmyList.objects.exists()


def test_choosing_an_option_of_a_group_replaces_the_one_chosen_before(player: Any) -> None:
    game_system = load_pack("warhammer-40k-9th")
    state = services.create_list(
        user=player,
        game_system=game_system,
        catalogue=Catalogue.objects.get(bs_id="w40k9-nec"),
        name="Sizes",
        cost_limits={},
        options={},
        force_entry_id="w40k9-fe-patrol",
        setup_selections={"w40k9-battle-size-choice": "w40k9-bs-incursion"},
    )
    (holder,) = [s for s in state.roster.all_selections() if s.node.id == "w40k9-battle-size"]

    state = services.choose_option(
        army_list=state.army_list,
        version=1,
        selection_id=holder.id,
        entry_id="w40k9-bs-strike-force",
    )

    chosen = [c.node.id for c in state.roster.selection(holder.id).children]
    assert chosen == ["w40k9-bs-strike-force"]
    with pytest.raises(EditRejected) as rejected:
        services.choose_option(
            army_list=state.army_list, version=2, selection_id=holder.id, entry_id="nope"
        )
    assert rejected.value.code == services.UNKNOWN_ENTRY


def test_a_unit_is_duplicated_into_another_force_that_offers_it(dwarven_list: ListState) -> None:
    state = add(dwarven_list, WARRIORS)
    warriors = selection_of(state, WARRIORS)
    state = services.add_force(
        army_list=state.army_list,
        version=2,
        force_entry_id=DWARVEN_FORCE,
        catalogue_id=DWARVEN_HOLDS,
    )
    state = services.add_force(
        army_list=state.army_list,
        version=3,
        force_entry_id="t9a3-he-force",
        catalogue_id="t9a3-he",
    )
    _first, second, elves = state.roster.forces

    state = services.duplicate_selection(
        army_list=state.army_list, version=4, selection_id=warriors, target_force_id=second.id
    )
    copied = state.roster.force(second.id).selections
    assert [s.node.id for s in copied] == [WARRIORS]
    assert [c.node.id for c in copied[0].walk()] == [
        c.node.id for c in state.roster.selection(warriors).walk()
    ]
    assert all(c.force is state.roster.force(second.id) for c in copied[0].walk())

    for target, selection in (
        (elves.id, warriors),
        (second.id, selection_of(state, WARRIOR_MODELS)),
    ):
        with pytest.raises(EditRejected) as rejected:
            services.duplicate_selection(
                army_list=state.army_list,
                version=5,
                selection_id=selection,
                target_force_id=target,
            )
        assert rejected.value.code == services.NOT_ALLOWED
    assert stored(state).version == 5


def test_a_list_whose_pinned_data_is_gone_says_so(dwarven_list: ListState) -> None:
    army_list = dwarven_list.army_list
    army_list.pinned = {**army_list.pinned, "gameSystem": 10**9}

    with pytest.raises(EditRejected) as rejected:
        services.load_list(army_list=army_list)

    assert rejected.value.code == services.DATA_MISSING


def test_an_edit_past_the_engines_caps_is_refused_and_changes_nothing(
    dwarven_list: ListState, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(caps, "MAX_FORCES", 1)

    with pytest.raises(EditRejected) as refused:
        services.add_force(
            army_list=dwarven_list.army_list,
            version=1,
            force_entry_id=DWARVEN_FORCE,
            catalogue_id=DWARVEN_HOLDS,
        )

    assert refused.value.code == caps.TOO_MANY_FORCES
    assert stored(dwarven_list).version == 1
    assert ListVersion.objects.filter(army_list=dwarven_list.army_list).count() == 1


def test_an_edit_over_the_work_budget_is_refused_and_changes_nothing(
    dwarven_list: ListState, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(services, "REQUEST_STEPS", 1)

    with pytest.raises(EditRejected) as refused:
        add(dwarven_list, KING)

    assert refused.value.code == caps.OVER_BUDGET
    assert stored(dwarven_list).version == 1


def _space_marines(player: Any, setup_selections: dict[str, str]) -> ListState:
    state = services.create_list(
        user=player,
        game_system=load_pack("warhammer-40k-9th"),
        catalogue=Catalogue.objects.get(bs_id="w40k9-sm"),
        name="Chapter",
        cost_limits={},
        options={},
        force_entry_id="w40k9-fe-patrol",
        setup_selections={"w40k9-battle-size-choice": "w40k9-bs-strike-force", **setup_selections},
    )
    for unit in ("w40k9-sm-captain", "w40k9-sm-intercessor-squad"):
        state = services.add_selection(
            army_list=state.army_list,
            version=state.army_list.version,
            force_id=force_id(state),
            entry_id=unit,
        )
    return state


def test_a_40k_chapter_is_chosen_once_and_no_unit_asks_for_it(player: Any) -> None:
    link = "w40k9-sm-chapter-choice-keyword"
    state = _space_marines(
        player, {f"{link}::w40k9-sm-chapter": f"{link}::w40k9-sm-chapter-ultramarines"}
    )

    assert "w40k9.keyword.placeholder" not in {p.code for p in state.report.problems}
    (chapter,) = [
        s for s in state.roster.all_selections() if s.node.id == "w40k9-sm-chapter-choice"
    ]
    assert [c.node.id for c in chapter.children] == ["w40k9-sm-chapter-ultramarines"]
    units = [s for s in state.roster.forces[0].selections if s.node.id.startswith("w40k9-sm-")]
    assert all(
        "chapter" not in child.node.id
        for unit in units
        if unit is not chapter
        for child in unit.walk()
    )


def test_a_40k_chapter_not_chosen_is_one_problem_not_one_per_unit(player: Any) -> None:
    state = _space_marines(player, {})

    placeholders = [p for p in state.report.problems if p.code == "w40k9.keyword.placeholder"]
    (chapter,) = [
        s for s in state.roster.all_selections() if s.node.id == "w40k9-sm-chapter-choice"
    ]
    assert [p.owner_id for p in placeholders] == [chapter.id]


def test_every_new_list_takes_its_columns_from_its_own_evaluation(
    dwarven_list: ListState, player: Any, rival: Any
) -> None:
    """A copy, a fork and an import store what the engine says of their document, never the
    columns of the list they came from."""
    state = add(add(dwarven_list, KING), KING)  # two kings: over the character limit
    assert not state.report.legal
    ArmyList.objects.filter(pk=state.army_list.pk).update(legal=True, error_count=0)
    source = stored(state)
    sharing.set_visibility(army_list=source, visibility="unlisted")

    copies = [
        services.duplicate_list(army_list=source, user=player),
        sharing.fork_list(army_list=source, user=rival),
    ]

    for copy in copies:
        assert (copy.legal, copy.error_count) == (False, state.report.error_count)
        (version,) = copy.versions.all()
        assert version.legal is False


@pytest.mark.parametrize(
    "write",
    [
        lambda army_list: services.delete_list(army_list=army_list),
        lambda army_list: sharing.set_visibility(army_list=army_list, visibility="public"),
        lambda army_list: sharing.rotate_share_token(army_list=army_list),
    ],
    ids=["delete", "visibility", "share-link"],
)
def test_a_delete_or_a_sharing_write_on_a_list_changed_since_it_was_read_is_refused(
    dwarven_list: ListState, write: Any
) -> None:
    """The API checks the ETag, then calls the service: an edit landing in between must not
    be deleted or overwritten, so the service's own write is a compare-and-swap."""
    read = stored(dwarven_list)
    add(dwarven_list, KING)  # another device, after ``read``

    with pytest.raises(StaleVersion) as refused:
        write(read)

    assert refused.value.current_version == read.version + 1
    after = stored(dwarven_list)
    assert (after.visibility, after.share_token) == (read.visibility, read.share_token)
