"""Per-account quotas (``lists.quotas``): lists kept, lists created a minute, a document's
size and the bytes an account stores; and a private list's link is retired for good."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from catalogues.models import Catalogue, GameSystem
from lists import quotas, services, sharing
from lists.exports import ExportFormat
from lists.models import ArmyList, Visibility
from lists.pruning import prune_versions
from lists.services import EditRejected, ListState
from tests.lists.conftest import DWARVEN_FORCE, DWARVEN_HOLDS, KING, POINTS, add
from tests.lists.test_wizard import last_choices, walk_wizard

pytestmark = pytest.mark.django_db


def _create(user: Any, ninth_age: GameSystem, name: str = "Another") -> ListState:
    return services.create_list(
        user=user,
        game_system=ninth_age,
        catalogue=Catalogue.objects.get(game_system=ninth_age, bs_id=DWARVEN_HOLDS),
        name=name,
        cost_limits={POINTS: 4500},
        options={},
        force_entry_id=DWARVEN_FORCE,
    )


def _ros(state: ListState) -> bytes:
    return sharing.export_list(
        army_list=state.army_list,
        fmt=ExportFormat.ROS,
        share_url="https://example.org/s/x/",
        verify_url="https://example.org/verify/",
    ).content


def _every_way_to_create(state: ListState, user: Any, ninth_age: GameSystem) -> list[Any]:
    """The wizard's service, a copy, a fork and an import, each as a call."""
    data = _ros(state)
    source = state.army_list
    return [
        lambda: _create(user, ninth_age),
        lambda: services.duplicate_list(army_list=source, user=user),
        lambda: sharing.fork_list(army_list=source, user=user),
        lambda: sharing.import_list(user=user, data=data, filename="list.ros"),
    ]


@pytest.fixture
def frozen_minute(monkeypatch: pytest.MonkeyPatch) -> None:
    """Half a minute into a counting window, whenever the test runs."""
    monkeypatch.setattr(quotas, "time", SimpleNamespace(time=lambda: 60 * 1_000_000 + 30.0))


def test_every_way_to_create_a_list_counts_against_the_rate(
    player: Any, ninth_age: GameSystem, settings: Any, frozen_minute: None
) -> None:
    source = _create(player, ninth_age, "Source")
    settings.LISTS_MAX_CREATIONS_PER_MINUTE = 5  # the source list, and one each way
    ways = _every_way_to_create(source, player, ninth_age)
    before = ArmyList.objects.count()
    for create in ways:
        create()
    for create in ways:
        with pytest.raises(EditRejected) as refused:
            create()
        assert refused.value.code == quotas.TOO_MANY_CREATIONS
        assert refused.value.status == 429
        assert refused.value.params == {"max": 5, "retry_after": 31}
    assert ArmyList.objects.count() == before + 4


def test_every_way_to_create_a_list_stops_at_the_list_quota(
    dwarven_list: ListState, player: Any, ninth_age: GameSystem, settings: Any
) -> None:
    settings.LISTS_MAX_PER_ACCOUNT = 1  # the player's one list is the quota
    for create in _every_way_to_create(dwarven_list, player, ninth_age):
        with pytest.raises(EditRejected) as refused:
            create()
        assert (refused.value.code, refused.value.status) == (quotas.TOO_MANY_LISTS, 403)
        assert refused.value.params == {"max": 1}
    assert ArmyList.objects.filter(owner=player).count() == 1


def test_a_document_over_the_size_cap_is_refused_everywhere(
    dwarven_list: ListState, player: Any, ninth_age: GameSystem, settings: Any
) -> None:
    settings.LISTS_MAX_DOCUMENT_BYTES = dwarven_list.army_list.document_bytes + 100
    state = dwarven_list
    with pytest.raises(EditRejected) as refused:
        add(state, KING)  # the king's profiles and rules take the document past the cap
    assert (refused.value.code, refused.value.status) == (quotas.DOCUMENT_TOO_LARGE, 413)
    settings.LISTS_MAX_DOCUMENT_BYTES = 100
    for create in _every_way_to_create(state, player, ninth_age):
        with pytest.raises(EditRejected) as refused:
            create()
        assert refused.value.code == quotas.DOCUMENT_TOO_LARGE
    assert ArmyList.objects.filter(owner=player).count() == 1


def test_an_account_full_of_versions_cannot_grow_but_can_shrink(
    dwarven_list: ListState, player: Any, ninth_age: GameSystem, settings: Any
) -> None:
    state = add(dwarven_list, KING)
    army_list = ArmyList.objects.get(pk=state.army_list.pk)
    assert army_list.document_bytes == quotas.document_bytes(army_list.document)
    assert army_list.stored_bytes == sum(v.document_bytes for v in army_list.versions.all())
    assert quotas.stored_bytes(user=player) == army_list.stored_bytes

    settings.LISTS_MAX_STORED_BYTES_PER_ACCOUNT = army_list.stored_bytes
    with pytest.raises(EditRejected) as refused:
        add(state, KING)
    assert (refused.value.code, refused.value.status) == (quotas.ACCOUNT_FULL, 403)
    with pytest.raises(EditRejected) as refused:
        _create(player, ninth_age)
    assert refused.value.code == quotas.ACCOUNT_FULL
    king = next(s for s in state.roster.all_selections() if s.node.id == KING)
    version = state.army_list.version
    smaller = services.remove_selection(
        army_list=state.army_list, version=version, selection_id=king.id
    )
    assert smaller.army_list.version == version + 1


def test_a_lists_stored_bytes_follow_its_kept_versions_through_pruning(
    dwarven_list: ListState,
) -> None:
    state = dwarven_list
    for number in range(55):  # past the newest 50, which are always kept
        state = services.set_custom(
            army_list=state.army_list,
            version=state.army_list.version,
            target_id=services.ROSTER_TARGET,
            name=None,
            notes=f"edit {number} " * (number % 7 + 1),
        )
    army_list = ArmyList.objects.get(pk=state.army_list.pk)
    later = timezone.now() + timedelta(days=30)  # a month on, most of these versions go
    army_list.undo_stack = []  # (as after an undo-free stretch: nothing else protects them)

    assert prune_versions(army_list=army_list, now=later) > 0
    stored = ArmyList.objects.get(pk=army_list.pk).stored_bytes
    assert stored == army_list.stored_bytes
    assert stored == sum(v.document_bytes for v in army_list.versions.all())


def test_the_pages_answer_a_quota_with_its_status(
    dwarven_list: ListState, player: Any, settings: Any
) -> None:
    client = Client()
    client.force_login(player)
    settings.LISTS_MAX_CREATIONS_PER_MINUTE = 0
    fork = client.post(
        reverse("sharing:shared_fork", args=[dwarven_list.army_list.share_token]),
        {"version": dwarven_list.army_list.version},
    )
    imported = client.post(
        reverse("sharing:import"),
        {"roster": SimpleUploadedFile("list.ros", _ros(dwarven_list))},
    )
    duplicate = client.post(reverse("lists:duplicate", args=[dwarven_list.army_list.pk]))
    url, form, _html = walk_wizard(client, dwarven_list.army_list.game_system.name)
    wizard = client.post(url, last_choices(form))
    for response in (fork, imported, duplicate, wizard):
        assert response.status_code == 429
        assert 1 <= int(response["Retry-After"]) <= 61
    assert quotas.TOO_MANY_CREATIONS in imported.content.decode()
    assert "new lists a minute" in duplicate.content.decode()
    settings.LISTS_MAX_DOCUMENT_BYTES = 100
    edit = client.post(
        reverse("lists:edit", args=[dwarven_list.army_list.pk, "custom"]),
        {"version": dwarven_list.army_list.version, "target_id": "roster", "name": "Grudge"},
    )
    assert edit.status_code == 413
    assert ArmyList.objects.filter(owner=player).count() == 1


# ---------------------------------------------------------------------------------- links


def test_making_a_list_private_retires_its_link_for_good(dwarven_list: ListState) -> None:
    army_list = sharing.set_visibility(
        army_list=dwarven_list.army_list, visibility=Visibility.UNLISTED
    )
    old = army_list.share_token
    sharing.set_visibility(army_list=army_list, visibility=Visibility.PRIVATE)
    sharing.set_visibility(army_list=army_list, visibility=Visibility.UNLISTED)

    assert army_list.share_token != old
    assert Client().get(reverse("sharing:shared", args=[old])).status_code == 404
    assert Client().get(reverse("sharing:shared", args=[army_list.share_token])).status_code == 200
    same = army_list.share_token
    sharing.set_visibility(army_list=army_list, visibility=Visibility.PUBLIC)
    assert army_list.share_token == same  # widening keeps the link
    assert ArmyList.objects.get(pk=army_list.pk).share_token == same


def test_the_owner_is_told_anyone_with_the_link_can_fork_any_kept_version(
    dwarven_list: ListState, player: Any
) -> None:
    client = Client()
    client.force_login(player)
    html = client.get(reverse("sharing:shared", args=[dwarven_list.army_list.share_token]))

    assert 'id="fork-warning"' in html.content.decode()
    assert "any of its kept versions" in html.content.decode()
