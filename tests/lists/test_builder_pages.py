"""The builder page and its edit endpoints, through the Django test client."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from armybuilder.engine.model import selectable
from catalogues.examples import shipped_examples
from lists import services, sharing
from lists.exports import ExportFormat
from lists.models import ArmyList, Visibility
from lists.services import ListState, load_list
from tests.catalogues.packs import load_pack
from tests.lists.conftest import DWARVEN_FORCE, DWARVEN_HOLDS, KING, add, force_id

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _edit_url(state: ListState, action: str) -> str:
    return reverse("lists:edit", args=[state.army_list.pk, action])


def _root_entry(state: ListState, name: str) -> str:
    force = state.roster.forces[0]
    return next(
        n.path_id for n in state.roster.compiled.root_entries(force.catalogue_id) if n.name == name
    )


def _stored(state: ListState) -> ArmyList:
    return ArmyList.objects.get(pk=state.army_list.pk)


def test_the_builder_page_shows_the_list_the_add_panel_and_pinned_revisions(
    player: Any, dwarven_list: ListState
) -> None:
    response = _client(player).get(reverse("lists:builder", args=[dwarven_list.army_list.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="add-panel"' in html
    assert "Clan Warriors" in html
    assert 'aria-live="polite"' in html
    assert "Dwarven Holds (revision 1)" in html


def test_the_builder_links_to_sharing_history_print_and_every_export(
    player: Any, dwarven_list: ListState
) -> None:
    army_list = dwarven_list.army_list
    client = _client(player)
    html = client.get(reverse("lists:builder", args=[army_list.pk])).content.decode()
    links = [
        reverse("sharing:shared", args=[army_list.share_token]),
        reverse("sharing:history", args=[army_list.pk]),
        reverse("sharing:shared_print", args=[army_list.share_token]),
        *(reverse("sharing:export", args=[army_list.pk, fmt]) for fmt in EXPORT_FORMATS),
    ]

    for link in links:
        assert f'href="{link}"' in html
        assert client.get(link).status_code == 200, link


EXPORT_FORMATS = ("txt", "md", "json", "ros", "rosz")


def _post(client: Client, state: ListState, action: str, **fields: Any) -> Any:
    fields.setdefault("version", _stored(state).version)
    return client.post(_edit_url(state, action), fields, **HTMX)


def _added(player: Any, state: ListState, name: str) -> tuple[Client, str]:
    client = _client(player)
    response = _post(
        client, state, "add", force_id=force_id(state), entry_id=_root_entry(state, name)
    )
    assert response.status_code == 200
    stored = _stored(state)
    selection = stored.document["roster"]["forces"][0]["selections"][-1]
    return client, selection["id"]


def test_adding_a_unit_stores_it_and_opens_its_editor(player: Any, dwarven_list: ListState) -> None:
    client = _client(player)
    before = _stored(dwarven_list).version
    response = _post(
        client,
        dwarven_list,
        "add",
        force_id=force_id(dwarven_list),
        entry_id=_root_entry(dwarven_list, "Clan Warriors"),
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="editor-panel"' in html
    assert 'hx-swap-oob="innerHTML"' in html  # totals and problems out of band
    stored = _stored(dwarven_list)
    assert stored.version == before + 1
    (added,) = stored.document["roster"]["forces"][0]["selections"]
    assert response.context["page"].editor.selection.id == added["id"]
    assert '<h2 id="editor-heading" tabindex="-1">Clan Warriors</h2>' in html
    assert "Models" in html  # the editor's stepper


def test_without_htmx_an_edit_redirects_back_to_the_page(
    player: Any, dwarven_list: ListState
) -> None:
    response = _client(player).post(
        _edit_url(dwarven_list, "add"),
        {
            "version": dwarven_list.army_list.version,
            "force_id": force_id(dwarven_list),
            "entry_id": _root_entry(dwarven_list, "King"),
        },
    )
    assert response.status_code == 302
    assert response["Location"].startswith(
        reverse("lists:builder", args=[dwarven_list.army_list.pk])
    )
    assert "selection=" in response["Location"]


def test_options_counts_names_duplicates_and_removal(player: Any, dwarven_list: ListState) -> None:
    client, unit = _added(player, dwarven_list, "Clan Warriors")
    state = load_list(army_list=_stored(dwarven_list))
    models = next(c for c in state.roster.selection(unit).children if c.node.name == "Models")
    response = _post(
        client,
        state,
        "option",
        selection_id=unit,
        entry_id=models.node.path_id,
        count="20",
        delta="1",
        selected=unit,
    )
    assert response.status_code == 200
    state = load_list(army_list=_stored(dwarven_list))
    assert state.roster.selection(models.id).amount == 21
    response = _post(client, state, "count", selection_id=models.id, count="25")
    assert response.status_code == 200
    assert load_list(army_list=_stored(dwarven_list)).roster.selection(models.id).amount == 25
    response = _post(client, state, "custom", target_id=unit, name="Iron Wall", notes="front")
    assert response.status_code == 200
    assert "Iron Wall" in response.content.decode()
    response = _post(client, state, "duplicate", selection_id=unit)
    assert response.status_code == 200
    roster = load_list(army_list=_stored(dwarven_list)).roster
    copies = [s for s in roster.forces[0].selections if s.custom_name == "Iron Wall"]
    assert len(copies) == 2
    response = _post(client, state, "remove", selection_id=copies[1].id)
    assert response.status_code == 200
    roster = load_list(army_list=_stored(dwarven_list)).roster
    assert [s.id for s in roster.forces[0].selections if s.custom_name] == [unit]


def test_a_radio_pick_replaces_the_groups_pick_and_none_clears_an_optional_one(
    player: Any, dwarven_list: ListState
) -> None:
    client, king = _added(player, dwarven_list, "King")
    state = load_list(army_list=_stored(dwarven_list))
    throne = next(
        n.path_id
        for n in selectable(state.roster.selection(king).node.children)
        if n.name == "Mount: War Throne"
    )
    response = _post(client, state, "choose", selection_id=king, entry_id=throne, selected=king)
    assert response.status_code == 200
    mounts = [
        c.node.name
        for c in load_list(army_list=_stored(dwarven_list)).roster.selection(king).children
        if c.node.name.startswith("Mount")
    ]
    assert mounts == ["Mount: War Throne"]
    assert "No Mount" in response.content.decode()
    response = _post(client, state, "option", selection_id=king, entry_id=throne, count="0")
    assert response.status_code == 200
    children = load_list(army_list=_stored(dwarven_list)).roster.selection(king).children
    assert not [c for c in children if c.node.name.startswith("Mount")]


def test_cost_limit_undo_and_redo(player: Any, dwarven_list: ListState) -> None:
    client = _client(player)
    response = _post(client, dwarven_list, "cost-limit", cost_type_id="t9a3-pts", value="3000")
    assert response.status_code == 200
    assert _stored(dwarven_list).points_limit == 3000
    assert _post(client, dwarven_list, "undo").status_code == 200
    assert _stored(dwarven_list).points_limit == 4500
    assert _post(client, dwarven_list, "redo").status_code == 200
    assert _stored(dwarven_list).points_limit == 3000


def test_forces_are_added_and_removed(player: Any, dwarven_list: ListState) -> None:
    client = _client(player)
    response = _post(client, dwarven_list, "add-force", force="t9a3-dh t9a3-dh-force")
    assert response.status_code == 200
    forces = _stored(dwarven_list).document["roster"]["forces"]
    assert len(forces) == 2
    response = _post(client, dwarven_list, "remove-force", force_id=forces[1]["id"])
    assert response.status_code == 200
    assert len(_stored(dwarven_list).document["roster"]["forces"]) == 1


@pytest.mark.parametrize(
    ("action", "fields", "code"),
    [
        ("add", {"force_id": "force-999", "entry_id": "x"}, "edit.unknown_force"),
        ("add", {"entry_id": "x"}, "edit.missing_field"),
        ("remove", {"selection_id": "selection-999"}, "edit.unknown_selection"),
        ("count", {"selection_id": "selection-1", "count": "-1"}, "edit.bad_count"),
        ("count", {"selection_id": "selection-1", "count": "10001"}, "edit.bad_count"),
        ("count", {"selection_id": "selection-1", "count": "many"}, "edit.bad_count"),
        (
            "option",
            {"selection_id": "selection-1", "entry_id": "x", "count": "1", "delta": "7"},
            "edit.bad_count",
        ),
        ("cost-limit", {"cost_type_id": "t9a3-pts", "value": "lots"}, "edit.bad_value"),
        ("cost-limit", {"cost_type_id": "no-such-cost", "value": "10"}, "edit.unknown_cost_type"),
        ("remove-force", {"force_id": "force-999"}, "edit.unknown_force"),
        ("undo", {"version": "not-a-number"}, "edit.bad_version"),
    ],
)
def test_bad_input_is_refused_with_its_code_and_changes_nothing(
    player: Any, dwarven_list: ListState, action: str, fields: dict[str, str], code: str
) -> None:
    before = _stored(dwarven_list)
    response = _post(_client(player), dwarven_list, action, **fields)
    assert response.status_code == 400
    assert refusal_code(response.content.decode()) == code
    after = _stored(dwarven_list)
    assert (after.version, after.document) == (before.version, before.document)


def refusal_code(html: str) -> str:
    """The stable code of the refusal a builder page shows."""
    found = re.search(r'id="edit-message" data-code="([^"]+)"', html)
    assert found, "the page shows no refusal"
    return found.group(1)


def test_a_stale_tab_is_told_and_can_apply_its_change_to_the_latest_version(
    player: Any, dwarven_list: ListState
) -> None:
    client = _client(player)
    stale_version = _stored(dwarven_list).version
    _post(client, dwarven_list, "cost-limit", cost_type_id="t9a3-pts", value="4000")
    fields = {"force_id": force_id(dwarven_list), "entry_id": _root_entry(dwarven_list, "King")}
    response = _post(client, dwarven_list, "add", version=stale_version, **fields)
    assert response.status_code == 409
    assert response["HX-Reswap"] == "none"
    html = response.content.decode()
    assert 'id="stale-banner" data-code="edit.stale_version"' in html
    assert 'name="latest"' in html
    assert _stored(dwarven_list).document["roster"]["forces"][0].get("selections") in (None, [])
    response = _post(client, dwarven_list, "add", version=stale_version, latest="1", **fields)
    assert response.status_code == 200
    (king,) = _stored(dwarven_list).document["roster"]["forces"][0]["selections"]
    assert king["entryId"] == fields["entry_id"]
    assert _stored(dwarven_list).points_limit == 4000


def test_another_players_list_is_not_found(
    player: Any, rival: Any, dwarven_list: ListState
) -> None:
    client = _client(rival)
    url = reverse("lists:builder", args=[dwarven_list.army_list.pk])
    assert client.get(url).status_code == 404
    before = _stored(dwarven_list).version
    response = _post(client, dwarven_list, "cost-limit", cost_type_id="t9a3-pts", value="1")
    assert response.status_code == 404
    assert _stored(dwarven_list).version == before


def test_an_unknown_edit_is_not_found_and_get_is_refused(
    player: Any, dwarven_list: ListState
) -> None:
    client = _client(player)
    assert _post(client, dwarven_list, "explode").status_code == 404
    assert client.get(_edit_url(dwarven_list, "add")).status_code == 405


def test_a_page_asked_for_a_selection_it_lacks_shows_the_list(
    player: Any, dwarven_list: ListState
) -> None:
    url = reverse("lists:builder", args=[dwarven_list.army_list.pk])
    response = _client(player).get(url, {"selection": "selection-999"})
    assert response.status_code == 200
    assert 'id="editor-heading"' in response.content.decode()


def test_a_visitor_gets_404_and_changes_nothing(dwarven_list: ListState) -> None:
    assert (
        Client().get(reverse("lists:builder", args=[dwarven_list.army_list.pk])).status_code == 404
    )
    before = _stored(dwarven_list).version
    response = _post(Client(), dwarven_list, "undo")
    assert response.status_code == 404
    assert _stored(dwarven_list).version == before


@pytest.fixture
def allied_list(dwarven_list: ListState) -> ListState:
    """The Dwarven Holds list with a Highborn Elves force beside its own."""
    return services.add_force(
        army_list=dwarven_list.army_list,
        version=1,
        force_entry_id="t9a3-he-force",
        catalogue_id="t9a3-he",
    )


def test_the_builder_names_the_factions_revision_and_folds_the_other_catalogues(
    player: Any, allied_list: ListState
) -> None:
    response = _client(player).get(reverse("lists:builder", args=[allied_list.army_list.pk]))

    pinned = response.context["revisions"]
    assert pinned.main == (
        "The 9th Age: Fantasy Battles, 3rd Edition (revision 1)",
        "Dwarven Holds (revision 1)",
    )
    assert pinned.others == ("Highborn Elves (revision 1)",)
    html = response.content.decode()
    assert "and 1 other catalogue</summary>Highborn Elves (revision 1)</details>" in html


def test_a_force_choice_names_its_catalogue_when_the_list_draws_on_several(
    player: Any, allied_list: ListState
) -> None:
    client = _client(player)
    html = client.get(reverse("lists:builder", args=[allied_list.army_list.pk]))
    options = dict(re.findall(r'<option value="([^"]+)">([^<]+)</option>', html.content.decode()))

    assert options["t9a3-he t9a3-he-force"].endswith("(Highborn Elves)")
    assert options["t9a3-dh t9a3-dh-force"].endswith("(Dwarven Holds)")
    response = _post(client, allied_list, "add-force", force="t9a3-he t9a3-he-force")
    assert response.status_code == 200
    forces = _stored(allied_list).document["roster"]["forces"]
    assert [f["catalogueId"] for f in forces] == ["t9a3-dh", "t9a3-he", "t9a3-he"]


def test_two_forces_of_one_kind_are_numbered_wherever_a_player_picks_one(
    player: Any, dwarven_list: ListState
) -> None:
    state = add(dwarven_list, KING)
    state = services.add_force(
        army_list=state.army_list,
        version=state.army_list.version,
        force_entry_id=DWARVEN_FORCE,
        catalogue_id=DWARVEN_HOLDS,
    )
    (king,) = [s for s in state.roster.all_selections() if s.node.id == KING]
    page = reverse("lists:builder", args=[state.army_list.pk])

    response = _client(player).get(f"{page}?selection={king.id}")

    name = state.roster.forces[0].node.name
    labels = [f"{name} #1", f"{name} #2"]
    assert [f.label for f in response.context["page"].forces] == labels
    assert [label for _id, label in response.context["page"].editor.targets] == labels
    assert [p.name for p in response.context["add"]] == labels


def test_a_legal_list_with_costs_not_entered_says_which_wherever_its_verdict_shows(
    player: Any,
) -> None:
    load_pack("battleground")
    example = next(e for e in shipped_examples() if e.slug == "men-of-hawkshold-legal-2000")
    army_list = sharing.copy_example(user=player, example=example)
    report = load_list(army_list=army_list).report
    assert report.legal
    missing = report.costs_not_entered
    assert missing

    builder = _client(player).get(reverse("lists:builder", args=[army_list.pk])).content.decode()
    assert 'data-code="verdict.costs_not_entered"' in builder
    assert missing[0] in builder.split('data-code="costs.not_entered"')[1].split("</span>")[0]
    assert '<span class="badge badge-ok" id="verdict">' not in builder

    army_list = sharing.set_visibility(army_list=army_list, visibility=Visibility.UNLISTED)
    shared = Client().get(reverse("sharing:shared", args=[army_list.share_token]))
    assert 'data-code="costs.not_entered"' in shared.content.decode()
    text = (
        Client()
        .get(reverse("sharing:shared_export", args=[army_list.share_token, ExportFormat.TEXT]))
        .content.decode()
    )
    verdict_line = next(line for line in text.splitlines() if line.startswith("Verdict:"))
    assert missing[0] in verdict_line


def test_a_force_of_another_race_is_offered_and_the_list_then_names_the_rule(player: Any) -> None:
    battleground = load_pack("battleground")
    example = next(e for e in shipped_examples() if e.slug == "men-of-hawkshold-legal-2000")
    army_list = sharing.copy_example(user=player, example=example)
    orcs = battleground.catalogues.get(name="Orc Army")
    client = _client(player)

    html = client.get(reverse("lists:builder", args=[army_list.pk])).content.decode()
    offered = re.findall(r'<option value="([^"]+)">', html.split('id="new-force"')[1])
    (orc_force,) = [key for key in offered if key.startswith(f"{orcs.bs_id} ")]

    response = client.post(
        reverse("lists:edit", args=[army_list.pk, "add-force"]),
        {"version": army_list.version, "force": orc_force},
    )

    assert response.status_code in (200, 302)
    state = load_list(army_list=ArmyList.objects.get(pk=army_list.pk))
    assert [f.catalogue_id for f in state.roster.forces] == [army_list.catalogue.bs_id, orcs.bs_id]
    assert "bg.single_race" in {p.code for p in state.report.problems}
