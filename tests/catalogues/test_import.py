"""Import behaviour: revisions, idempotency, conflicts, rollback, formats and refusals."""

import copy
import io
import zipfile
from typing import Any

import pytest

from armybuilder.engine.formats import write_xml
from catalogues.models import Catalogue, Entry, GameSystem, Revision
from catalogues.services.imports import CatalogueImportError, import_files
from tests.catalogues.documents import as_file

pytestmark = pytest.mark.django_db

GST: dict[str, Any] = {
    "gameSystem": {
        "id": "gs-1",
        "name": "Test Game",
        "revision": 1,
        "battleScribeVersion": "2.03",
        "costTypes": [{"id": "pts", "name": "pts", "defaultCostLimit": -1}],
        "categoryEntries": [{"id": "cat-hq", "name": "HQ"}, {"id": "cat-troops", "name": "Troops"}],
        "sharedProfiles": [
            {
                "id": "prof-1",
                "name": "Sword",
                "typeId": "weapon",
                "typeName": "Weapon",
                "characteristics": [{"name": "S", "typeId": "s", "$text": "4"}],
            }
        ],
        "sharedRules": [{"id": "rule-1", "name": "Brave", "description": "Never flees."}],
    }
}
CAT: dict[str, Any] = {
    "catalogue": {
        "id": "cat-1",
        "name": "Test Army",
        "revision": 1,
        "gameSystemId": "gs-1",
        "gameSystemRevision": 1,
        "library": False,
        "entryLinks": [
            {
                "id": "l-1",
                "name": "Hero",
                "targetId": "se-hero",
                "type": "selectionEntry",
                "categoryLinks": [{"id": "cl-1", "targetId": "cat-hq", "primary": True}],
            }
        ],
        "sharedSelectionEntries": [
            {
                "id": "se-hero",
                "name": "Hero",
                "type": "unit",
                "hidden": False,
                "costs": [{"name": "pts", "typeId": "pts", "value": 100}],
                "infoLinks": [
                    {"id": "il-1", "targetId": "prof-1", "type": "profile"},
                    {"id": "il-2", "targetId": "rule-1", "type": "rule"},
                ],
                "selectionEntryGroups": [
                    {
                        "id": "g-1",
                        "name": "Weapons",
                        "selectionEntries": [{"id": "se-axe", "name": "Axe", "type": "upgrade"}],
                    }
                ],
            }
        ],
        "selectionEntries": [
            {
                "id": "se-troop",
                "name": "Troop",
                "type": "unit",
                "categoryLinks": [{"id": "cl-2", "targetId": "cat-troops", "primary": True}],
            }
        ],
    }
}


def _changed(document: dict[str, Any], **changes: Any) -> dict[str, Any]:
    result = copy.deepcopy(document)
    (body,) = result.values()
    body.update(changes)
    return result


def _counts() -> tuple[int, int, int, int]:
    return (
        GameSystem.objects.count(),
        Catalogue.objects.count(),
        Revision.objects.count(),
        Entry.objects.count(),
    )


def _refusal_codes(files: list[tuple[str, bytes]]) -> list[str]:
    before = _counts()
    with pytest.raises(CatalogueImportError) as caught:
        import_files(files=files)
    assert _counts() == before
    assert all(p.message for p in caught.value.problems)
    return [p.code for p in caught.value.problems]


def test_import_stores_documents_and_the_entry_index() -> None:
    result = import_files(files=[as_file("game.gst.json", GST), as_file("army.cat.json", CAT)])

    assert [r.status for r in result.revisions] == ["created", "created"]
    assert result.unresolved_links == []
    revision = Revision.objects.get(catalogue__bs_id="cat-1")
    assert revision.document == CAT
    assert revision.source_format == Revision.SourceFormat.JSON
    assert revision.game_system_revision == 1
    assert revision.entry_count == 4
    hero = revision.entries.get(bs_id="se-hero")
    assert (hero.root, hero.shared, hero.primary_category) == (True, True, "HQ")
    assert hero.costs == [{"typeId": "pts", "name": "pts", "value": 100, "unverified": False}]
    assert [p["name"] for p in hero.profiles] == ["Sword"]
    assert hero.profiles[0]["characteristics"] == [{"name": "S", "typeId": "s", "value": "4"}]
    assert [r["description"] for r in hero.rules] == ["Never flees."]
    troop = revision.entries.get(bs_id="se-troop")
    assert (troop.root, troop.shared, troop.primary_category) == (True, False, "Troops")
    group = revision.entries.get(bs_id="g-1")
    assert (group.kind, group.root, group.parent_bs_id) == ("selectionEntryGroup", False, "se-hero")
    assert revision.entries.get(bs_id="se-axe").parent_bs_id == "g-1"


def test_reimporting_the_same_files_changes_nothing() -> None:
    files = [as_file("game.gst.json", GST), as_file("army.cat.json", CAT)]
    import_files(files=files)
    before = _counts()

    result = import_files(files=files)

    assert [r.status for r in result.revisions] == ["unchanged", "unchanged"]
    assert _counts() == before


def test_same_content_in_another_format_is_unchanged() -> None:
    import_files(files=[as_file("game.gst.json", GST), as_file("army.cat.json", CAT)])
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("army.cat", write_xml(CAT))

    result = import_files(files=[("game.gst", write_xml(GST)), ("army.catz", buffer.getvalue())])

    assert [r.status for r in result.revisions] == ["unchanged", "unchanged"]


def test_newer_revision_is_kept_beside_the_older() -> None:
    import_files(files=[as_file("game.gst.json", GST), as_file("army.cat.json", CAT)])
    newer = _changed(CAT, revision=2, name="Test Army v2")
    newer["catalogue"]["sharedSelectionEntries"][0]["costs"][0]["value"] = 120

    result = import_files(files=[as_file("army2.cat.json", newer)])

    assert [r.status for r in result.revisions] == ["created"]
    catalogue = Catalogue.objects.get(bs_id="cat-1")
    assert list(catalogue.revisions.values_list("number", flat=True)) == [2, 1]
    assert catalogue.name == "Test Army v2"
    costs = dict(
        Entry.objects.filter(bs_id="se-hero").values_list("revision__number", "costs__0__value")
    )
    assert costs == {1: 100, 2: 120}


def test_importing_an_older_revision_keeps_the_newer_name() -> None:
    import_files(
        files=[as_file("game.gst.json", GST), as_file("a.json", _changed(CAT, revision=5))]
    )
    import_files(files=[as_file("b.json", _changed(CAT, revision=4, name="Old name"))])

    assert Catalogue.objects.get(bs_id="cat-1").name == "Test Army"
    assert Revision.objects.filter(catalogue__bs_id="cat-1").count() == 2


def test_same_revision_with_different_content_is_refused() -> None:
    import_files(files=[as_file("game.gst.json", GST), as_file("army.cat.json", CAT)])

    codes = _refusal_codes([as_file("edited.cat.json", _changed(CAT, name="Edited"))])

    assert codes == ["import.revision_conflict"]


def test_conflicting_copies_in_one_upload_are_refused() -> None:
    files = [
        as_file("game.json", GST),
        as_file("a.json", CAT),
        as_file("b.json", _changed(CAT, name="B")),
    ]
    assert _refusal_codes(files) == ["import.revision_conflict"]


def test_failed_import_rolls_everything_back() -> None:
    import_files(files=[as_file("game.gst.json", GST), as_file("army.cat.json", CAT)])
    newer_game = _changed(GST, revision=2)
    conflicting = _changed(CAT, name="Edited")

    codes = _refusal_codes([as_file("game2.json", newer_game), as_file("edited.json", conflicting)])

    assert codes == ["import.revision_conflict"]
    assert list(
        Revision.objects.filter(game_system__bs_id="gs-1").values_list("number", flat=True)
    ) == [1]


def test_catalogue_without_its_game_system_is_refused() -> None:
    assert _refusal_codes([as_file("army.cat.json", CAT)]) == ["import.missing_game_system"]


def test_unresolved_links_are_reported_and_stored() -> None:
    broken = _changed(CAT)
    broken["catalogue"]["entryLinks"].append(
        {"id": "l-missing", "name": "Ghost", "targetId": "nowhere", "type": "selectionEntry"}
    )

    result = import_files(files=[as_file("game.gst.json", GST), as_file("army.cat.json", broken)])

    assert [(u["link_id"], u["target_id"], u["file"]) for u in result.unresolved_links] == [
        ("l-missing", "nowhere", "army.cat.json")
    ]
    stored = Revision.objects.get(catalogue__bs_id="cat-1").unresolved_links
    assert [u["link_id"] for u in stored] == ["l-missing"]


def test_catalogue_links_resolve_into_a_stored_library() -> None:
    library = {
        "catalogue": {
            "id": "lib-1",
            "name": "Library",
            "revision": 1,
            "gameSystemId": "gs-1",
            "library": True,
            "sharedSelectionEntries": [{"id": "se-lib", "name": "Shared Beast", "type": "unit"}],
        }
    }
    import_files(files=[as_file("game.gst.json", GST), as_file("lib.cat.json", library)])
    army = _changed(
        CAT,
        catalogueLinks=[{"id": "cl", "name": "Library", "targetId": "lib-1", "type": "catalogue"}],
    )
    army["catalogue"]["entryLinks"].append(
        {"id": "l-lib", "name": "Beast", "targetId": "se-lib", "type": "selectionEntry"}
    )

    result = import_files(files=[as_file("army.cat.json", army)])

    assert result.unresolved_links == []
    beast = Entry.objects.get(revision__catalogue__bs_id="cat-1", bs_id="se-lib")
    assert (beast.name, beast.root) == ("Shared Beast", True)
    assert Catalogue.objects.get(bs_id="lib-1").library is True


def test_bundle_zip_imports_every_document() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("repo/game.gst", write_xml(GST))
        archive.writestr("repo/army.cat", write_xml(CAT))
        archive.writestr("repo/README.md", "not a catalogue")

    result = import_files(files=[("repo.zip", buffer.getvalue())])

    assert sorted(r.file for r in result.created) == [
        "repo.zip/repo/army.cat",
        "repo.zip/repo/game.gst",
    ]


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;">]>
<catalogue id="c" name="&lol2;" gameSystemId="gs-1"/>"""


def _zip_bomb() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("bomb.cat", b"<catalogue " + b" " * 3_000_000 + b"/>")
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("files", "codes"),
    [
        pytest.param([("evil.cat", BILLION_LAUGHS)], ["format.dtd"], id="billion-laughs"),
        pytest.param([("bomb.catz", _zip_bomb())], ["format.zip_ratio"], id="zip-bomb"),
        pytest.param([("bad.json", b'{"catalogue": ')], ["format.json"], id="bad-json"),
        pytest.param([("cut.cat", write_xml(CAT)[:-30])], ["format.malformed"], id="truncated"),
        pytest.param([("army.cat", write_xml(GST))], ["format.wrong_root"], id="wrong-root"),
        pytest.param(
            [("list.ros", b'<roster id="r" name="n" gameSystemId="gs-1"/>')],
            ["format.wrong_root"],
            id="roster",
        ),
        pytest.param(
            [("x.cat", b'<catalogue name="n" gameSystemId="g"/>')],
            ["format.missing_field"],
            id="no-id",
        ),
        pytest.param([("x.exe", b"MZ")], ["format.unsupported"], id="extension"),
        pytest.param(
            [as_file("game.json", _changed(GST, revision=-1))],
            ["format.bad_revision"],
            id="revision",
        ),
        pytest.param(
            [("x.zip", b"PK\x05\x06" + b"\0" * 18)], ["format.zip_no_document"], id="empty-bundle"
        ),
        pytest.param([], ["import.empty"], id="nothing"),
    ],
)
def test_hostile_or_malformed_upload_is_refused(
    files: list[tuple[str, bytes]], codes: list[str]
) -> None:
    assert _refusal_codes(files) == codes


def test_values_too_long_for_the_store_are_refused() -> None:
    long_id = _changed(CAT)
    long_id["catalogue"]["selectionEntries"][0]["id"] = "x" * 101
    files = [as_file("game.json", GST), as_file("army.json", long_id)]
    assert _refusal_codes(files) == ["format.long_id"]
    assert _refusal_codes([as_file("game.json", _changed(GST, name="n" * 256))]) == [
        "format.long_name"
    ]


def test_one_bad_file_refuses_the_whole_upload() -> None:
    files = [as_file("game.gst.json", GST), ("evil.cat", BILLION_LAUGHS), ("bad.json", b"{")]
    assert _refusal_codes(files) == ["format.dtd", "format.json"]


def test_upload_size_limits_come_from_settings(settings: Any) -> None:
    settings.CATALOGUE_MAX_UPLOAD_BYTES = 200
    assert _refusal_codes([as_file("game.gst.json", GST)]) == ["format.too_large"]
    settings.CATALOGUE_MAX_UPLOAD_BYTES = 10_000_000
    settings.CATALOGUE_MAX_UNZIPPED_BYTES = 200
    assert _refusal_codes([("game.gst", write_xml(GST))]) == ["format.too_large_upload"]
    # The limit holds for the upload as a whole, not only file by file.
    settings.CATALOGUE_MAX_UNZIPPED_BYTES = len(write_xml(GST)) + 10
    files = [("game.gst", write_xml(GST)), ("game2.gst", write_xml(GST))]
    assert _refusal_codes(files) == ["format.too_large_upload"]


def test_progress_is_reported_up_to_completion() -> None:
    seen: list[int] = []
    import_files(
        files=[as_file("game.gst.json", GST), as_file("army.cat.json", CAT)],
        progress=lambda percent, _code, _params: seen.append(percent),
    )
    assert seen == sorted(seen)
    assert (seen[0], seen[-1]) == (0, 100)


def test_an_owner_takes_the_name_of_its_newest_revision_in_the_upload() -> None:
    newer = _changed(CAT, revision=2, name="Renamed Army")
    # the newer revision's file comes first
    import_files(files=[as_file("g.json", GST), as_file("a.json", newer), as_file("b.json", CAT)])

    assert Catalogue.objects.get(bs_id="cat-1").name == "Renamed Army"
    assert sorted(
        Revision.objects.filter(catalogue__bs_id="cat-1").values_list("number", flat=True)
    ) == [1, 2]
