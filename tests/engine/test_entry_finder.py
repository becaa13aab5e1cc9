"""Looking an entry up by id (``find_entry``, ``EntryNode.find_entry``,
``Compiled.find_root_entry``) answers what scanning the entries in order does: the first entry
whose path id is the id, then whose full path is, then whose last link is, then any of whose
ids is (every way the 40k data's Ultramarines name their entries, at the top level and under
each unit)."""

from __future__ import annotations

from armybuilder.engine.model import EntryNode, find_entry, selectable
from tests.engine.realdata import WH40K, compiled_for

ULTRAMARINES = "28e2-d179-3d66-a272"


def _scanned(entries: list[EntryNode], entry_id: str) -> EntryNode | None:
    for matches in (
        lambda n: n.path_id == entry_id,
        lambda n: n.full_path_id == entry_id,
        lambda n: bool(n.via) and n.via[-1] == entry_id,
        lambda n: entry_id in n.ids,
    ):
        found = next((n for n in entries if matches(n)), None)
        if found is not None:
            return found
    return None


def _names(entries: list[EntryNode]) -> set[str]:
    return {name for n in entries for name in (n.path_id, n.full_path_id, *n.ids, "not-an-entry")}


def test_a_root_entry_is_found_as_a_scan_finds_it() -> None:
    compiled = compiled_for(WH40K)
    roots = selectable(compiled.root_entries(ULTRAMARINES))
    names = _names(roots)
    assert len(names) > 500  # (the catalogue's units, each by several names)
    for name in names:
        expected = _scanned(roots, name)
        assert compiled.find_root_entry(ULTRAMARINES, name) is expected, name
        assert find_entry(compiled.root_entries(ULTRAMARINES), name) is expected, name


def test_an_option_is_found_as_a_scan_finds_it() -> None:
    compiled = compiled_for(WH40K)
    units = [n for n in selectable(compiled.root_entries(ULTRAMARINES)) if n.children]
    looked_up = 0
    for unit in units:
        options = unit.entries()
        for name in _names(options):
            assert unit.find_entry(name) is _scanned(options, name), (unit.name, name)
            looked_up += 1
    assert looked_up > 1000
