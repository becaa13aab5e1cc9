"""Sharing services: who may open a share link, rotation, visibility, forks, imports."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404
from django.utils.translation import gettext as _

from armybuilder.engine.report import SELECTION_UNKNOWN_ENTRY
from catalogues.services.validation import ListSpecRejected
from lists import selectors, services, sharing
from lists.exports import ExportFormat, verdict, verify
from lists.models import ArmyList, ListVersion, VersionKind, Visibility
from lists.services import EditRejected, ListState
from tests.lists.conftest import KING, WARRIORS, add

pytestmark = pytest.mark.django_db


def test_every_list_has_its_own_43_character_random_token(
    dwarven_list: ListState, player: Any
) -> None:
    copy = services.duplicate_list(army_list=dwarven_list.army_list, user=player)
    tokens = {dwarven_list.army_list.share_token, copy.share_token}

    assert len(tokens) == 2
    assert all(sharing.TOKEN_PATTERN.fullmatch(token) for token in tokens)


@pytest.mark.parametrize("visibility", [Visibility.UNLISTED, Visibility.PUBLIC])
def test_anyone_with_the_link_opens_an_unlisted_or_public_list(
    dwarven_list: ListState, rival: Any, visibility: str
) -> None:
    army_list = sharing.set_visibility(army_list=dwarven_list.army_list, visibility=visibility)

    for user in (rival, AnonymousUser()):
        assert sharing.shared_list(token=army_list.share_token, user=user).pk == army_list.pk


def test_a_private_list_opens_only_for_its_owner(
    dwarven_list: ListState, player: Any, rival: Any
) -> None:
    token = dwarven_list.army_list.share_token

    assert sharing.shared_list(token=token, user=player).pk == dwarven_list.army_list.pk
    for user in (rival, AnonymousUser()):
        with pytest.raises(Http404):
            sharing.shared_list(token=token, user=user)


@pytest.mark.parametrize("token", ["", "x", "a" * 43, "../../etc/passwd", "a" * 44])
def test_a_wrong_token_is_404(dwarven_list: ListState, token: str) -> None:
    sharing.set_visibility(army_list=dwarven_list.army_list, visibility=Visibility.PUBLIC)

    with pytest.raises(Http404):
        sharing.shared_list(token=token, user=AnonymousUser())


def test_private_and_missing_tokens_take_the_same_single_query(
    dwarven_list: ListState, django_assert_num_queries: Any
) -> None:
    private = dwarven_list.army_list.share_token
    missing = "b" * 43

    for token in (private, missing):
        with django_assert_num_queries(1), pytest.raises(Http404):
            sharing.shared_list(token=token, user=AnonymousUser())


def test_rotating_the_link_retires_the_old_one(dwarven_list: ListState) -> None:
    army_list = sharing.set_visibility(
        army_list=dwarven_list.army_list, visibility=Visibility.UNLISTED
    )
    old = army_list.share_token

    sharing.rotate_share_token(army_list=army_list)

    assert army_list.share_token != old
    with pytest.raises(Http404):
        sharing.shared_list(token=old, user=AnonymousUser())
    assert sharing.shared_list(token=army_list.share_token, user=AnonymousUser())


def test_an_unknown_visibility_is_refused(dwarven_list: ListState) -> None:
    with pytest.raises(EditRejected) as refused:
        sharing.set_visibility(army_list=dwarven_list.army_list, visibility="everyone")
    assert refused.value.code == sharing.BAD_VISIBILITY
    assert ArmyList.objects.get().visibility == Visibility.PRIVATE


def test_the_gallery_holds_only_public_lists(dwarven_list: ListState, player: Any) -> None:
    other = services.duplicate_list(army_list=dwarven_list.army_list, user=player)
    sharing.set_visibility(army_list=other, visibility=Visibility.UNLISTED)
    assert list(sharing.public_lists()) == []

    sharing.set_visibility(army_list=dwarven_list.army_list, visibility=Visibility.PUBLIC)

    assert [a.pk for a in sharing.public_lists()] == [dwarven_list.army_list.pk]


def test_a_fork_is_a_private_list_of_mine_that_records_its_source(
    dwarven_list: ListState, rival: Any
) -> None:
    state = add(dwarven_list, KING)
    source = state.army_list
    sharing.set_visibility(army_list=source, visibility=Visibility.PUBLIC)

    fork = sharing.fork_list(army_list=source, user=rival)

    assert fork.owner == rival
    assert fork.visibility == Visibility.PRIVATE
    assert fork.share_token != source.share_token
    assert fork.forked_from == ListVersion.objects.get(army_list=source, number=source.version)
    assert fork.document["roster"]["forces"] == source.document["roster"]["forces"]
    assert fork.document["roster"]["id"] != source.document["roster"]["id"]
    assert (fork.points, fork.legal, fork.error_count) == (
        source.points,
        source.legal,
        source.error_count,
    )
    (version,) = fork.versions.all()
    assert version.kind == VersionKind.FORK


def test_anyone_who_sees_the_list_forks_an_older_version(
    dwarven_list: ListState, player: Any, rival: Any
) -> None:
    state = add(add(dwarven_list, KING), WARRIORS)
    source = sharing.set_visibility(army_list=state.army_list, visibility=Visibility.UNLISTED)
    seen = sharing.shared_list(token=source.share_token, user=rival)
    older = ListVersion.objects.get(army_list=source, number=2)

    fork = sharing.fork_list(army_list=seen, user=rival, version_number=2)

    assert fork.owner == rival
    assert fork.visibility == Visibility.PRIVATE
    assert fork.forked_from == older
    # the chosen version's document, under the fork's own name
    name = fork.document["roster"]["name"]
    assert name != older.document["roster"]["name"]
    # (and a roster id of its own: a fork is a new list)
    own_id = fork.document["roster"]["id"]
    assert own_id != older.document["roster"]["id"]
    assert fork.document == {"roster": {**older.document["roster"], "name": name, "id": own_id}}
    assert fork.document != {"roster": {**source.document["roster"], "name": name, "id": own_id}}
    assert fork.pinned == older.pinned
    (version,) = fork.versions.all()
    assert version.kind == VersionKind.FORK
    assert fork.points == older.points
    assert [v.number for v in ListVersion.objects.filter(army_list=source)] == [3, 2, 1]

    mine = sharing.fork_list(army_list=source, user=player, version_number=1)
    assert mine.forked_from is not None
    assert mine.forked_from.number == 1
    assert mine.document["roster"]["forces"][0].get("selections") is None


def test_only_a_version_the_list_keeps_can_be_forked(
    dwarven_list: ListState, player: Any, rival: Any
) -> None:
    source = sharing.set_visibility(
        army_list=add(dwarven_list, KING).army_list, visibility=Visibility.PUBLIC
    )
    longer = services.duplicate_list(army_list=source, user=player)
    for entry in (WARRIORS, WARRIORS, WARRIORS):
        state = services.add_selection(
            army_list=longer,
            version=longer.version,
            force_id=services.load_list(army_list=longer).roster.forces[0].id,
            entry_id=entry,
        )
        longer = state.army_list
    assert ListVersion.objects.filter(army_list=longer, number=longer.version).exists()
    assert longer.version > source.version  # a number only the other list has

    for number in (longer.version, 99, 0, -1):
        with pytest.raises(EditRejected) as refused:
            sharing.fork_list(army_list=source, user=rival, version_number=number)
        assert refused.value.code == sharing.UNKNOWN_VERSION
    assert not ArmyList.objects.filter(owner=rival).exists()


def test_a_private_list_cannot_be_forked_by_anyone_else(
    dwarven_list: ListState, player: Any, rival: Any
) -> None:
    army_list = dwarven_list.army_list

    with pytest.raises(Http404):
        sharing.shared_list(token=army_list.share_token, user=rival)
    with pytest.raises(Http404):
        sharing.fork_list(army_list=army_list, user=rival, version_number=1)
    assert not ArmyList.objects.filter(owner=rival).exists()
    assert sharing.fork_list(army_list=army_list, user=player).owner == player


def test_the_fork_choices_are_the_lists_own_kept_versions_newest_first(
    dwarven_list: ListState, player: Any
) -> None:
    state = add(add(dwarven_list, KING), WARRIORS)
    services.duplicate_list(army_list=state.army_list, user=player)

    choices = list(sharing.fork_choices(army_list=state.army_list))

    assert [v.number for v in choices] == [3, 2, 1]
    assert {v.army_list_id for v in choices} == {state.army_list.pk}
    assert choices[0].legal == state.army_list.legal
    assert choices[0].points == state.army_list.points


def test_export_carries_the_verdict_computed_now(dwarven_list: ListState) -> None:
    state = add(dwarven_list, KING)  # a King alone is short of core units
    assert state.report.error_count > 0
    # a stored verdict that says otherwise (stale, or tampered with) is not what is exported
    ArmyList.objects.filter(pk=state.army_list.pk).update(legal=True, error_count=0)

    exported = sharing.export_list(
        army_list=ArmyList.objects.get(pk=state.army_list.pk),
        fmt=ExportFormat.TEXT,
        share_url="https://example.org/s/x/",
        verify_url="https://example.org/verify/",
    )

    lines = exported.content.decode().splitlines()
    assert f"{_('Verdict')}: {verdict(state.report)}" in lines
    assert f"{_('Verdict')}: {_('Legal')}" not in lines
    assert verify(exported.content).valid


def _ros(state: ListState) -> bytes:
    return sharing.export_list(
        army_list=state.army_list,
        fmt=ExportFormat.ROS,
        share_url="https://example.org/s/x/",
        verify_url="https://example.org/verify/",
    ).content


def test_an_exported_ros_imports_as_a_new_list(dwarven_list: ListState, rival: Any) -> None:
    state = add(add(dwarven_list, KING), WARRIORS)

    result = sharing.import_list(user=rival, data=_ros(state), filename="grudge.ros")

    imported = result.army_list
    assert result.left_out == []
    assert imported.owner == rival
    assert imported.visibility == Visibility.PRIVATE
    assert imported.points == state.army_list.points
    assert imported.legal == state.army_list.legal
    names = [s["name"] for s in imported.document["roster"]["forces"][0]["selections"]]
    assert names == [
        s["name"] for s in state.army_list.document["roster"]["forces"][0]["selections"]
    ]
    (version,) = imported.versions.all()
    assert version.kind == VersionKind.IMPORT


def test_entries_the_data_no_longer_has_are_listed_not_dropped_silently(
    dwarven_list: ListState, rival: Any
) -> None:
    state = add(dwarven_list, KING)
    ros = _ros(state).replace(KING.encode(), b"t9a3-dh-retired-hero")

    result = sharing.import_list(user=rival, data=ros, filename="old.ros")

    assert [p.code for p in result.left_out] == [SELECTION_UNKNOWN_ENTRY]
    version = result.army_list.versions.get()
    assert version.summary_code == "list.imported_left_out"
    assert version.summary_params["entries"]
    assert "left out" in version.label


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return buffer.getvalue()


HOSTILE = {
    "xxe.ros": (
        (
            b'<?xml version="1.0"?><!DOCTYPE roster [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            b'<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" id="r" name="&x;" '
            b'gameSystemId="t9a3-gs"/>'
        ),
        "format.dtd",
    ),
    "laughs.ros": (
        (
            b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;">'
            b'<!ENTITY c "&b;&b;&b;&b;&b;">]><roster name="&c;"/>'
        ),
        "format.dtd",
    ),
    "bomb.rosz": (_zip({"bomb.ros": b"<" + b" " * 30_000_000 + b"/>"}), "format.zip_ratio"),
    "traversal.rosz": (_zip({"../../evil.ros": b"<roster/>"}), "format.zip_outside"),
    "garbage.ros": (b"\x00\x01 not xml", "format.malformed"),
    "list.cat": (b"<catalogue/>", "format.unsupported"),
}


@pytest.mark.parametrize("filename", sorted(HOSTILE))
def test_a_hostile_or_malformed_file_is_refused_and_nothing_is_stored(
    dwarven_list: ListState, rival: Any, filename: str
) -> None:
    content, code = HOSTILE[filename]
    before = ArmyList.objects.count()

    with pytest.raises(ListSpecRejected) as refused:
        sharing.import_list(user=rival, data=content, filename=filename)

    assert refused.value.code == code
    assert ArmyList.objects.count() == before


def test_an_oversized_file_is_refused(dwarven_list: ListState, rival: Any, settings: Any) -> None:
    settings.ROSTER_MAX_UPLOAD_BYTES = 1000

    with pytest.raises(ListSpecRejected) as refused:
        sharing.import_list(user=rival, data=_ros(dwarven_list), filename="big.ros")

    assert refused.value.code == "format.too_large"
    assert ArmyList.objects.filter(owner=rival).count() == 0


def test_visible_to_is_my_lists_and_public_ones_never_unlisted_or_private(
    dwarven_list: ListState, player: Any, rival: Any
) -> None:
    public = services.duplicate_list(army_list=dwarven_list.army_list, user=player)
    unlisted = services.duplicate_list(army_list=dwarven_list.army_list, user=player)
    sharing.set_visibility(army_list=public, visibility=Visibility.PUBLIC)
    sharing.set_visibility(army_list=unlisted, visibility=Visibility.UNLISTED)

    mine = {a.pk for a in selectors.visible_to(user=player)}
    theirs = {a.pk for a in selectors.visible_to(user=rival)}
    anyone = {a.pk for a in selectors.visible_to(user=AnonymousUser())}

    assert mine == {dwarven_list.army_list.pk, public.pk, unlisted.pk}
    assert theirs == anyone == {public.pk}
