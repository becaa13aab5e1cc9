"""Importing every real BSData file, with counts computed independently with lxml."""

from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from catalogues.models import Entry, Revision
from catalogues.services.imports import import_files
from tests.conftest import BSDATA, require_shared

XSLT_DIR = Path(__file__).resolve().parents[2] / "catalogues" / "xslt"
LINK_TAGS = {"entryLink", "infoLink", "categoryLink", "catalogueLink"}
LINK_CONTAINERS = {"entryLinks", "infoLinks", "categoryLinks", "catalogueLinks"}
ENTRY_TAGS = {"selectionEntry", "selectionEntryGroup"}


def _lift_legacy(tree: etree._ElementTree, kind: str) -> etree._ElementTree:
    # Applied here with plain lxml so the expected counts do not come from catalogues.legacy.
    for step in ("2_00", "2_01", "2_02", "2_03"):
        tree = etree.XSLT(etree.parse(str(XSLT_DIR / f"{kind}_{step}.xsl")))(tree)
    return tree


def _expected(path: Path) -> tuple[str, str, int, int]:
    tree = etree.parse(str(path))
    kind = "GameSystem" if path.suffix == ".gst" else "Catalogue"
    if tree.getroot().get("battleScribeVersion", "").startswith("1."):
        tree = _lift_legacy(tree, kind)
    elements = [e for e in tree.iter() if isinstance(e.tag, str)]
    tags = [etree.QName(e).localname for e in elements]
    root = tree.getroot()
    defined = {e.get("id") for e, tag in zip(elements, tags, strict=True) if tag in ENTRY_TAGS}
    # Root entry links to entries of other files (a library) get an index row too.
    linked_from_elsewhere = {
        link.get("targetId") for link in root.iterfind("{*}entryLinks/{*}entryLink")
    } - defined
    return (
        root.get("id"),
        root.get("revision"),
        sum(tag in ENTRY_TAGS for tag in tags) + len(linked_from_elsewhere),
        sum(tag in LINK_TAGS for tag in tags),
    )


def _stored_links(document: dict[str, Any]) -> int:
    """Links kept in a stored document: items of the link containers, at any depth."""
    count, pending = 0, [document]
    while pending:
        node = pending.pop()
        for key, value in node.items():
            if isinstance(value, list):
                count += len(value) if key in LINK_CONTAINERS else 0
                pending.extend(value)
            elif isinstance(value, dict):
                pending.append(value)
    return count


@pytest.mark.usefixtures("empty_store")
@pytest.mark.parametrize("game", ["wh40k-9e", "t9a-3rd", "warmahordes-mk2"])
def test_whole_game_imports_with_every_link_resolved(game: str) -> None:
    folder = require_shared(BSDATA / game)
    paths = sorted(p for p in folder.iterdir() if p.suffix in {".gst", ".cat"})

    result = import_files(files=[(p.name, p.read_bytes()) for p in paths])

    assert result.unresolved_links == []
    assert len(result.created) == len(paths)
    by_file = {r.file: r for r in result.revisions}
    for path in paths:
        bs_id, revision_number, entries, links = _expected(path)
        imported = by_file[path.name]
        assert (imported.bs_id, str(imported.revision)) == (bs_id, revision_number)
        assert imported.entries == entries, path.name
        assert imported.unresolved_links == 0
        revision = Revision.objects.get(pk=imported.revision_pk)
        assert _stored_links(revision.document) == links, path.name
        assert revision.entries.count() == entries
        assert revision.unresolved_links == []
    legacy = game == "warmahordes-mk2"
    formats = set(Revision.objects.values_list("source_format", flat=True))
    assert formats == ({"legacy"} if legacy else {"xml"})


@pytest.mark.django_db
def test_entry_index_resolves_categories_costs_and_linked_profiles() -> None:
    folder = require_shared(BSDATA / "wh40k-9e")
    paths = [folder / "Warhammer 40,000.gst", folder / "Necrons.cat"]
    import_files(files=[(p.name, p.read_bytes()) for p in paths])

    catalogue = etree.parse(str(paths[1]))
    game_system = etree.parse(str(paths[0]))
    ns = {"bs": catalogue.getroot().nsmap[None], "gs": game_system.getroot().nsmap[None]}
    category_names = {
        e.get("id"): e.get("name") for e in game_system.iterfind(".//gs:categoryEntry", ns)
    }
    profile_names = {
        e.get("id"): e.get("name")
        for tree in (catalogue, game_system)
        for e in tree.iterfind(".//{*}profile")
    }

    def first_with(path: str) -> etree._Element:
        return next(
            e
            for e in catalogue.iterfind(".//bs:selectionEntry", ns)
            if e.find(path, ns) is not None
        )

    # 40k sets primary categories on the root entry links to shared units.
    root_link = next(
        link
        for link in catalogue.iterfind("bs:entryLinks/bs:entryLink", ns)
        if link.find("bs:categoryLinks/bs:categoryLink[@primary='true']", ns) is not None
    )
    unit = next(
        e
        for e in catalogue.iterfind(".//bs:selectionEntry", ns)
        if e.get("id") == root_link.get("targetId")
    )
    costed = first_with("bs:costs/bs:cost")
    primary = root_link.find("bs:categoryLinks/bs:categoryLink[@primary='true']", ns)
    with_link = first_with("bs:infoLinks/bs:infoLink[@type='profile']")
    linked_profile = with_link.find("bs:infoLinks/bs:infoLink[@type='profile']", ns)

    revision = Revision.objects.get(catalogue__bs_id=catalogue.getroot().get("id"))

    def entry_for(element: etree._Element) -> Entry:
        return Entry.objects.filter(revision=revision, bs_id=element.get("id")).order_by("id")[0]

    entry = entry_for(unit)
    assert entry.name == unit.get("name")
    assert entry.kind == Entry.Kind.SELECTION_ENTRY
    assert entry.type == unit.get("type")
    assert entry.root is True
    assert entry.primary_category == category_names[primary.get("targetId")]
    assert {c["id"] for c in entry.categories} == {
        c.get("targetId")
        for holder in (root_link, unit)
        for c in holder.iterfind("bs:categoryLinks/bs:categoryLink", ns)
    }
    assert [(c["typeId"], float(c["value"])) for c in entry_for(costed).costs] == [
        (c.get("typeId"), float(c.get("value"))) for c in costed.iterfind("bs:costs/bs:cost", ns)
    ]
    profiles = {p["name"] for p in entry_for(with_link).profiles}
    assert profile_names[linked_profile.get("targetId")] in profiles
