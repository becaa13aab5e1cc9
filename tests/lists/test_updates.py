"""Newer data for a saved list: pins as rows, the re-validation report, and the owner's
update (a migration version, undoable) or keep."""

from __future__ import annotations

import copy
import importlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from catalogues.examples import shipped_examples
from catalogues.models import Catalogue, Revision
from lists import baseline, services, sharing, updates
from lists.exports import ExportFormat
from lists.models import ArmyList, DataUpdate, ListPin, RevalidationJob, VersionKind
from lists.services import ListState, MigrationRefused
from tests.catalogues.documents import import_documents
from tests.lists.conftest import DWARVEN_HOLDS, KING, WARRIORS, add, force_id

pytestmark = pytest.mark.django_db

ENGINEER = "t9a3-dh-engineer"
GREAT_WEAPON = "t9a3-dh-king-great-weapon"
WEAPON_GROUP = "t9a3-dh-king-weapon"
MOUNT_GROUP = "t9a3-dh-king-mount"

Change = Callable[[dict[str, Any]], None]


def newer_dwarven_holds(*changes: Change) -> Revision:
    """Import the next revision of Dwarven Holds with ``changes`` made to its document."""
    current = Catalogue.objects.get(bs_id=DWARVEN_HOLDS).revisions.first()
    assert current is not None
    document = copy.deepcopy(current.document)
    body = document["catalogue"]
    body["revision"] = current.number + 1
    for change in changes:
        change(body)
    import_documents(document)
    newest = Catalogue.objects.get(bs_id=DWARVEN_HOLDS).revisions.first()
    assert newest is not None
    assert newest.number == current.number + 1
    return newest


def entry(body: dict[str, Any], entry_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(e for e in body["selectionEntries"] if e["id"] == entry_id)
    return found


def dearer_king(body: dict[str, Any]) -> None:
    for cost in entry(body, KING)["costs"]:
        cost["value"] = float(cost["value"]) + 100


def without_engineer(body: dict[str, Any]) -> None:
    body["selectionEntries"] = [e for e in body["selectionEntries"] if e["id"] != ENGINEER]


def great_weapon_under_mount(body: dict[str, Any]) -> None:
    groups = {g["id"]: g for g in entry(body, KING)["selectionEntryGroups"]}
    weapon = groups[WEAPON_GROUP]
    (moved,) = [e for e in weapon["selectionEntries"] if e["id"] == GREAT_WEAPON]
    weapon["selectionEntries"].remove(moved)
    groups[MOUNT_GROUP]["selectionEntries"].append(moved)


def at_most_one_warrior_unit_of_ten(body: dict[str, Any]) -> None:
    entry(body, WARRIORS).setdefault("constraints", []).append(
        {
            "id": "test-warriors-max",
            "type": "max",
            "value": 0,
            "field": "selections",
            "scope": "roster",
            "shared": True,
            "includeChildSelections": False,
            "includeChildForces": False,
            "percentValue": False,
        }
    )


@pytest.fixture
def built(dwarven_list: ListState) -> ListState:
    """A King with a great weapon, Clan Warriors and an Engineer."""
    state = add(dwarven_list, KING)
    king = next(s for s in state.roster.all_selections() if s.node.id == KING)
    state = services.set_option_count(
        army_list=state.army_list,
        version=state.army_list.version,
        selection_id=king.id,
        entry_id=GREAT_WEAPON,
        count=1,
    )
    state = add(state, WARRIORS)
    return add(state, ENGINEER)


def kinds(report: list[dict[str, Any]]) -> list[str]:
    return sorted(item["kind"] for item in report)


def test_pins_are_rows_kept_in_step_with_the_list(built: ListState) -> None:
    army_list = built.army_list
    assert set(ListPin.objects.filter(army_list=army_list).values_list("revision", flat=True)) == (
        set(services.pinned_pks(army_list.pinned))
    )
    assert not updates.lists_on_older_revisions().filter(pk=army_list.pk).exists()

    newer = newer_dwarven_holds(dearer_king)

    assert list(updates.lists_on_older_revisions()) == [army_list]
    assert list(updates.lists_on_older_revisions(revision_pks=[newer.pk])) == [army_list]
    state = services.migrate_list(army_list=army_list, version=army_list.version)
    pins = set(ListPin.objects.filter(army_list=army_list).values_list("revision", flat=True))
    assert newer.pk in pins
    assert pins == set(services.pinned_pks(state.army_list.pinned))
    assert not updates.lists_on_older_revisions().exists()


def test_one_query_finds_the_lists_on_older_revisions(
    built: ListState, django_assert_num_queries: Any
) -> None:
    newer_dwarven_holds(dearer_king)
    with django_assert_num_queries(1):
        assert len(list(updates.lists_on_older_revisions())) == 1


def test_a_new_revision_re_validates_the_lists_on_older_ones(
    built: ListState, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        newer_dwarven_holds(
            dearer_king, without_engineer, great_weapon_under_mount, at_most_one_warrior_unit_of_ten
        )

    job = RevalidationJob.objects.get()
    assert (job.status, job.total, job.done, job.reported) == ("succeeded", 1, 1, 1)
    update = DataUpdate.objects.get(army_list=built.army_list)
    assert update.removals == 1
    report = update.report
    by_kind = {item["kind"]: item for item in report}
    assert by_kind["selection.removed"]["params"]["entry_id"] == ENGINEER
    assert by_kind["selection.removed"]["params"]["costs"] == {"t9a3-pts": 120.0}
    king_cost = by_kind["unit_cost.changed"]["params"]
    assert king_cost["after"] - king_cost["before"] == 100
    total = by_kind["cost.changed"]["params"]
    assert total["after"] - total["before"] == 100 - 120
    moved = by_kind["option.moved"]["params"]
    assert (moved["before"], moved["after"]) == ("Weapon", "Mount")
    appeared = [i for i in report if i["kind"] == "problem.appeared"]
    assert {i["params"]["code"] for i in appeared} >= {"constraint.max"}
    assert all(isinstance(i["params"]["params"], dict) for i in appeared)
    # the engineer is reported once, as removed, not as a unit removed or an unknown entry
    assert "unit.removed" not in by_kind
    assert all(i["params"].get("code") != "selection.unknown_entry" for i in appeared)

    words = [text for _kind, text in updates.notice(update).lines]
    assert any("Engineer" in text and "no longer" in text for text in words)
    assert any("Weapon" in text and "Mount" in text for text in words)


def test_running_a_re_validation_again_changes_nothing(
    built: ListState, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        newer = newer_dwarven_holds(dearer_king)
    job = RevalidationJob.objects.get()
    update = DataUpdate.objects.get()
    again = RevalidationJob.objects.create(revisions=[newer.pk])

    updates.run_revalidation(job_id=job.pk)  # finished: nothing to do
    updates.run_revalidation(job_id=again.pk)

    job.refresh_from_db()
    again.refresh_from_db()
    assert (job.done, job.reported) == (1, 1)
    assert (again.status, again.done, again.reported) == ("succeeded", 1, 0)
    assert DataUpdate.objects.get().updated_at == update.updated_at


def test_a_job_carries_on_after_the_last_chunk_it_recorded(
    dwarven_list: ListState, player: Any
) -> None:
    others = [
        services.duplicate_list(army_list=dwarven_list.army_list, user=player) for _ in range(4)
    ]
    newer = newer_dwarven_holds(dearer_king)
    job = RevalidationJob.objects.create(revisions=[newer.pk])
    lists = sorted([dwarven_list.army_list, *others], key=lambda a: a.pk)
    # as if a worker had recorded the first two lists and was killed
    RevalidationJob.objects.filter(pk=job.pk).update(
        status="running",
        total=5,
        done=2,
        after_key=updates.pin_key(lists[1].pinned),
        after=lists[1].pk,
    )

    updates.run_revalidation(job_id=job.pk, chunk_size=2)

    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("succeeded", 5, 5)
    assert set(DataUpdate.objects.values_list("army_list", flat=True)) == {a.pk for a in lists[2:]}


def test_update_refuses_to_drop_a_selection_until_the_owner_confirms(built: ListState) -> None:
    newer_dwarven_holds(dearer_king, without_engineer)
    army_list = built.army_list
    version, points = army_list.version, army_list.points

    with pytest.raises(MigrationRefused) as refused:
        services.migrate_list(army_list=army_list, version=version)

    assert refused.value.code == "migration.removals_unconfirmed"
    assert refused.value.status == 409
    (removal,) = refused.value.params["removals"]
    assert removal["entry_id"] == ENGINEER
    army_list.refresh_from_db()
    assert army_list.version == version

    state = services.migrate_list(army_list=army_list, version=version, confirm_removals=True)

    latest = state.army_list.versions.first()
    assert latest is not None
    assert latest.kind == VersionKind.MIGRATION
    names = [s.node.id for s in state.roster.all_selections()]
    assert ENGINEER not in names
    assert KING in names
    assert all(p.code != "selection.unknown_entry" for p in state.report.problems)
    assert state.army_list.points == points + 100 - 120
    before = army_list.versions.get(number=version)
    assert ENGINEER in str(before.document)


def test_update_is_undone_like_any_edit(built: ListState) -> None:
    newer_dwarven_holds(dearer_king)
    army_list = built.army_list
    pinned = army_list.pinned
    points = army_list.points

    migrated = services.migrate_list(army_list=army_list, version=army_list.version)
    assert migrated.army_list.points == points + 100
    undone = services.undo(army_list=army_list, version=army_list.version)

    assert undone.army_list.pinned == pinned
    assert undone.army_list.points == points
    assert set(ListPin.objects.filter(army_list=army_list).values_list("revision", flat=True)) == (
        set(services.pinned_pks(pinned))
    )


def test_update_on_the_newest_data_is_refused(built: ListState) -> None:
    with pytest.raises(MigrationRefused) as refused:
        services.migrate_list(army_list=built.army_list, version=built.army_list.version)
    assert refused.value.code == "migration.up_to_date"


def test_keep_dismisses_the_notice_until_a_newer_revision(built: ListState) -> None:
    newer_dwarven_holds(dearer_king)
    army_list = ArmyList.objects.get(pk=built.army_list.pk)
    assert updates.pending_update(army_list=army_list) is not None

    services.keep_pinned(army_list=army_list)

    assert updates.pending_update(army_list=army_list) is None
    assert army_list.version == built.army_list.version
    newer_dwarven_holds(without_engineer)
    notice = updates.pending_update(army_list=army_list)
    assert notice is not None
    assert notice.removals == 1


def test_loading_on_newer_data_records_what_it_cannot_re_link(built: ListState) -> None:
    newer_dwarven_holds(without_engineer)
    army_list = built.army_list
    target = services.newest_closure(services.pinned_closure(army_list))

    _closure, roster = services.read_stored(
        document=army_list.document, pinned=army_list.pinned, closure=target
    )

    (unlinked,) = roster.unlinked
    assert unlinked.entry_id == ENGINEER
    assert unlinked.path == ("Engineer",)
    assert unlinked.force_id == force_id(built)


def test_the_api_reports_an_update_and_migrates_with_if_match(
    built: ListState, player: Any
) -> None:
    newer_dwarven_holds(dearer_king, without_engineer)
    client = APIClient()
    client.force_authenticate(player)
    url = f"/api/v1/lists/{built.army_list.pk}/"
    tag = client.get(url)["ETag"]

    report = client.get(f"{url}update/").json()
    without_tag = client.post(f"{url}migrate/", {}, format="json")
    unconfirmed = client.post(f"{url}migrate/", {}, format="json", HTTP_IF_MATCH=tag)
    not_a_boolean = client.post(
        f"{url}migrate/", {"confirm_removals": 1}, format="json", HTTP_IF_MATCH=tag
    )
    migrated = client.post(
        f"{url}migrate/", {"confirm_removals": True}, format="json", HTTP_IF_MATCH=tag
    )
    stale = client.post(
        f"{url}migrate/", {"confirm_removals": True}, format="json", HTTP_IF_MATCH=tag
    )

    assert report["available"] is True
    assert report["removals"] == 1
    assert {"selection.removed", "unit_cost.changed"} <= {i["kind"] for i in report["items"]}
    assert all(i["text"] for i in report["items"])
    assert (without_tag.status_code, without_tag.json()["code"]) == (
        428,
        "request.precondition_required",
    )
    assert (unconfirmed.status_code, unconfirmed.json()["code"]) == (
        409,
        "migration.removals_unconfirmed",
    )
    assert unconfirmed.json()["params"]["removals"][0]["entry_id"] == ENGINEER
    assert not_a_boolean.status_code == 400
    assert migrated.status_code == 200
    assert migrated["ETag"] != tag
    assert (stale.status_code, stale.json()["code"]) == (412, "edit.stale_version")
    assert client.get(f"{url}update/").json() == {
        "available": False,
        "target": None,
        "list_version": None,
        "removals": 0,
        "items": [],
    }
    assert client.get(f"{url}versions/").json()[0]["kind"] == "migration"


def test_the_api_keeps_a_list_on_its_data(built: ListState, player: Any, rival: Any) -> None:
    newer_dwarven_holds(dearer_king)
    client = APIClient()
    client.force_authenticate(player)
    stranger = APIClient()
    stranger.force_authenticate(rival)
    url = f"/api/v1/lists/{built.army_list.pk}/"
    assert client.get(f"{url}update/").json()["available"] is True

    assert stranger.post(f"{url}update/keep/").status_code == 404
    assert stranger.get(f"{url}update/").status_code == 404
    assert client.post(f"{url}update/keep/").status_code == 204

    assert client.get(f"{url}update/").json()["available"] is False


def test_the_pages_show_the_update_and_the_owner_updates_in_one_click(
    built: ListState, player: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        newer_dwarven_holds(dearer_king, without_engineer)
    client = Client()
    client.force_login(player)
    army_list = built.army_list
    page = f"/lists/{army_list.pk}/update/"

    mine = client.get("/lists/").content.decode()
    builder = client.get(f"/lists/{army_list.pk}/").content.decode()
    report = client.get(page).content.decode()
    refused = client.post(f"{page}migrate/", {"version": army_list.version})
    updated = client.post(
        f"{page}migrate/", {"version": army_list.version, "confirm_removals": "1"}
    )

    assert f'href="{page}"' in mine
    assert 'id="update-notice"' in builder
    assert 'data-kind="selection.removed"' in builder
    assert "Engineer is no longer in the data" in report
    assert 'name="confirm_removals"' in report
    assert refused.status_code == 409
    assert 'data-code="migration.removals_unconfirmed"' in refused.content.decode()
    assert updated.status_code == 302
    army_list.refresh_from_db()
    assert army_list.versions.first().kind == VersionKind.MIGRATION  # type: ignore[union-attr]
    assert f'href="{page}"' not in client.get("/lists/").content.decode()
    assert 'id="no-update"' in client.get(page).content.decode()


def test_keep_on_the_page_hides_the_notice(built: ListState, player: Any) -> None:
    newer_dwarven_holds(dearer_king)
    client = Client()
    client.force_login(player)
    army_list = built.army_list
    assert 'id="update-notice"' in client.get(f"/lists/{army_list.pk}/").content.decode()

    kept = client.post(f"/lists/{army_list.pk}/update/keep/")

    assert kept.status_code == 302
    assert 'id="update-notice"' not in client.get(f"/lists/{army_list.pk}/").content.decode()
    army_list.refresh_from_db()
    assert army_list.version == built.army_list.version


def warriors_also_clans_thunder(body: dict[str, Any]) -> None:
    entry(body, WARRIORS)["categoryLinks"].append(
        {"id": "test-warriors-thunder", "targetId": "t9a3-dh-cat-clans-thunder", "primary": False}
    )


def test_what_changed_between_two_revisions_page_and_api(dwarven_list: ListState) -> None:
    newer = newer_dwarven_holds(
        dearer_king, without_engineer, at_most_one_warrior_unit_of_ten, warriors_also_clans_thunder
    )
    catalogue = newer.catalogue
    assert catalogue is not None
    page = Client().get(
        f"/systems/{catalogue.game_system.slug}/catalogues/{catalogue.slug}/compare/"
    )
    api = APIClient().get(f"/api/v1/catalogues/{catalogue.pk}/compare/").json()

    comparison = page.context["comparison"]
    assert [e.bs_id for e in comparison.removed] == [ENGINEER]
    assert [e.bs_id for e in comparison.changed] == [KING]
    (warriors,) = comparison.constraints_changed
    (added,) = warriors.constraint_changes
    assert (added.id, added.old, added.new["type"], added.new["value"]) == (
        "test-warriors-max",
        None,
        "max",
        0,
    )
    (recategorised,) = comparison.categories_changed
    assert recategorised.categories_added == ["Clan's Thunder"]
    html = page.content.decode()
    assert 'data-constraint="test-warriors-max"' in html
    assert [e["bs_id"] for e in api["constraints_changed"]] == [WARRIORS]
    assert api["constraints_changed"][0]["new_constraints"]["test-warriors-max"]["value"] == 0
    assert "Clan's Thunder" in api["categories_changed"][0]["new_categories"]
    assert [e["bs_id"] for e in api["removed"]] == [ENGINEER]


def test_staff_follow_the_re_validation_jobs(
    built: ListState, player: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        newer_dwarven_holds(dearer_king)
    job = RevalidationJob.objects.get()
    staff = get_user_model().objects.create_user("staff", "staff@example.com", "pw", is_staff=True)
    client = Client()

    client.force_login(player)
    assert client.get("/lists/revalidations/").status_code == 302  # to the admin's sign-in
    client.force_login(staff)
    page = client.get("/lists/revalidations/").content.decode()

    assert f'id="revalidation-{job.pk}"' in page
    assert 'data-status="succeeded"' in page
    assert "1 of 1" in page


def test_updating_onto_a_new_constraint_shows_the_problem_it_raises(built: ListState) -> None:
    newer_dwarven_holds(at_most_one_warrior_unit_of_ten)
    army_list = built.army_list
    assert all(p.constraint_id != "test-warriors-max" for p in built.report.problems)

    state = services.migrate_list(army_list=army_list, version=army_list.version)

    assert any(p.constraint_id == "test-warriors-max" for p in state.report.problems)
    assert state.army_list.legal is False


def test_the_data_migration_fills_the_pins_from_the_json_pins(built: ListState) -> None:
    fill = importlib.import_module("lists.migrations.0006_fill_pins").fill_pins
    ListPin.objects.all().delete()

    fill(django_apps, None)
    fill(django_apps, None)  # again: nothing doubled

    assert sorted(ListPin.objects.values_list("revision", flat=True)) == sorted(
        services.pinned_pks(built.army_list.pinned)
    )


def test_an_edit_never_stores_a_list_without_what_its_data_cannot_re_link(
    built: ListState,
) -> None:
    army_list = built.army_list
    document = copy.deepcopy(army_list.document)
    (force,) = document["roster"]["forces"]
    engineer = next(s for s in force["selections"] if s["entryId"] == ENGINEER)
    engineer["entryId"] = "an-entry-no-data-has"
    ArmyList.objects.filter(pk=army_list.pk).update(document=document)
    army_list.refresh_from_db()

    with pytest.raises(services.EditRejected) as refused:
        add(services.load_list(army_list=army_list), WARRIORS)

    assert refused.value.code == "edit.data_missing"
    assert [r["entry_id"] for r in refused.value.params["removals"]] == ["an-entry-no-data-has"]
    army_list.refresh_from_db()
    assert army_list.document == document


# ------------------------------------------------------ the baseline a stored list keeps


def evaluations_on(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The revisions (as ``lists.baseline.closure_key``) of each evaluation a report makes."""
    made: list[str] = []
    evaluate = updates.evaluate_stored

    def counted(**arguments: Any) -> Any:
        made.append(baseline.closure_key(arguments["closure"]))
        return evaluate(**arguments)

    monkeypatch.setattr(updates, "evaluate_stored", counted)
    return made


def revalidated(army_list: ArmyList, revision: Revision) -> list[dict[str, Any]]:
    """The list's report from a job of its own (any earlier report forgotten)."""
    DataUpdate.objects.filter(army_list=army_list).delete()
    job = RevalidationJob.objects.create(revisions=[revision.pk])
    updates.run_revalidation(job_id=job.pk)
    report: list[dict[str, Any]] = DataUpdate.objects.get(army_list=army_list).report
    return report


def test_re_validation_evaluates_a_list_stored_now_once_and_one_stored_before_twice(
    built: ListState, monkeypatch: pytest.MonkeyPatch
) -> None:
    army_list = built.army_list
    own = baseline.closure_key(services.pinned_closure(army_list))
    assert army_list.baseline["revisions"] == own
    newer = newer_dwarven_holds(
        dearer_king, without_engineer, great_weapon_under_mount, at_most_one_warrior_unit_of_ten
    )
    newest = baseline.closure_key(services.newest_closure(services.pinned_closure(army_list)))
    made = evaluations_on(monkeypatch)

    kept = revalidated(army_list, newer)
    on_the_newest_only = list(made)
    ArmyList.objects.filter(pk=army_list.pk).update(baseline={})
    stored_before = revalidated(army_list, newer)
    ArmyList.objects.filter(pk=army_list.pk).update(
        baseline={**army_list.baseline, "revisions": "1"}
    )
    kept_on_other_revisions = revalidated(army_list, newer)
    ArmyList.objects.filter(pk=army_list.pk).update(
        baseline={**army_list.baseline, "engine": "an-engine-since-changed"}
    )
    kept_by_another_engine = revalidated(army_list, newer)

    assert on_the_newest_only == [newest]
    assert made == [newest, own, newest, own, newest, own, newest]
    assert kept == stored_before == kept_on_other_revisions == kept_by_another_engine
    assert {"option.moved", "problem.appeared", "selection.removed"} <= set(kinds(kept))


def test_each_store_keeps_the_baseline_of_the_revisions_it_is_on(built: ListState) -> None:
    newer_dwarven_holds(dearer_king)
    army_list = built.army_list
    before = army_list.baseline

    migrated = services.migrate_list(army_list=army_list, version=army_list.version)
    on_the_newest = ArmyList.objects.get(pk=army_list.pk).baseline
    newest = services.pinned_closure(migrated.army_list)
    services.undo(army_list=army_list, version=migrated.army_list.version)
    undone = ArmyList.objects.get(pk=army_list.pk).baseline

    assert on_the_newest["revisions"] == baseline.closure_key(newest) != before["revisions"]
    assert undone == before
    assert baseline.read(before, newest) is None
    assert baseline.read(on_the_newest, newest) is not None


def test_an_imported_list_its_data_could_not_fully_re_link_keeps_no_baseline(
    built: ListState, player: Any
) -> None:
    ros = sharing.export_list(
        army_list=built.army_list,
        fmt=ExportFormat.ROS,
        share_url="https://example.org/s/x/",
        verify_url="https://example.org/verify/",
    ).content
    newer_dwarven_holds(without_engineer)

    imported = sharing.import_list(user=player, data=ros, filename="list.ros")

    assert [p.entry_id for p in imported.left_out] == [ENGINEER]
    assert imported.army_list.baseline == {}
    assert services.duplicate_list(army_list=imported.army_list, user=player).baseline


def dearer_and_one_root_entry_short(army_lists: list[ArmyList]) -> None:
    """Import a newer revision of every catalogue the lists are pinned to: every cost up by
    5 and its first root entry left out (the re-validation benchmark's newer data)."""
    pinned = {pk for a in army_lists for pk in a.pinned["catalogues"].values()}
    documents = []
    for revision in Revision.objects.filter(pk__in=pinned):
        document = copy.deepcopy(revision.document)
        body = document["catalogue"]
        body["revision"] = revision.number + 1
        for raw in [*body.get("selectionEntries", []), *body.get("sharedSelectionEntries", [])]:
            for cost in raw.get("costs", []):
                cost["value"] = float(cost.get("value", 0)) + 5
        body["selectionEntries"] = body.get("selectionEntries", [])[1:]
        documents.append(document)
    import_documents(*documents)


def test_the_shipped_examples_report_the_same_from_their_baseline_as_evaluated_twice(
    player: Any,
) -> None:
    army_lists = [
        sharing.copy_example(user=player, example=example)
        for example in shipped_examples()
        if not example.spec.get("fixtureCatalogues")
    ]
    dearer_and_one_root_entry_short(army_lists)

    seen: set[str] = set()
    for army_list in army_lists:
        current = services.pinned_closure(army_list)
        arguments: dict[str, Any] = {
            "document": army_list.document,
            "pinned": army_list.pinned,
            "current": current,
            "target": services.newest_closure(current),
        }
        assert army_list.baseline["revisions"] == baseline.closure_key(current), army_list.name
        kept = updates.update_report(**arguments, baseline=army_list.baseline)
        evaluated = updates.update_report(**arguments)
        # (as stored: a report is JSON)
        assert json.loads(json.dumps(kept)) == json.loads(json.dumps(evaluated)), army_list.name
        seen.update(kinds(kept))

    assert len(army_lists) > 20
    assert {"selection.removed", "problem.appeared", "problem.resolved", "cost.changed"} <= seen
