from armybuilder.engine.closure import UnresolvedLink, catalogue_closure, unresolved_links


def _gst() -> dict:
    return {
        "gameSystem": {
            "id": "gs",
            "name": "Game",
            "categoryEntries": [{"id": "cat-hq", "name": "HQ"}],
            "sharedRules": [{"id": "rule-core", "name": "Core"}],
        }
    }


def test_catalogue_sees_itself_linked_catalogues_transitively_and_game_system() -> None:
    lib2 = {
        "id": "lib2",
        "name": "Lib 2",
        "sharedSelectionEntries": [{"id": "se-deep", "name": "Deep"}],
    }
    lib1 = {"id": "lib1", "name": "Lib 1", "catalogueLinks": [{"id": "cl2", "targetId": "lib2"}]}
    cat = {
        "id": "main",
        "name": "Main",
        "catalogueLinks": [{"id": "cl1", "targetId": "lib1"}],
        "entryLinks": [{"id": "el-deep", "targetId": "se-deep", "type": "selectionEntry"}],
        "selectionEntries": [
            {
                "id": "se-unit",
                "categoryLinks": [{"id": "l-hq", "targetId": "cat-hq"}],
                "infoLinks": [{"id": "il", "targetId": "rule-core", "type": "rule"}],
            }
        ],
    }
    assert unresolved_links(_gst(), [{"catalogue": cat}, lib1, lib2]) == []
    assert catalogue_closure("main", {"main": cat, "lib1": lib1, "lib2": lib2}) == [
        "main",
        "lib1",
        "lib2",
    ]


def test_unlinked_catalogue_and_missing_targets_are_reported() -> None:
    other = {"id": "other", "name": "Other", "sharedSelectionEntries": [{"id": "se-other"}]}
    cat = {
        "id": "main",
        "name": "Main",
        "catalogueLinks": [{"id": "cl-missing", "targetId": "nowhere"}],
        "entryLinks": [{"id": "el-1", "targetId": "se-other", "type": "selectionEntry"}],
    }
    gst = _gst()
    gst["gameSystem"]["forceEntries"] = [
        {"id": "fe", "categoryLinks": [{"id": "fcl", "targetId": "se-other"}]}
    ]
    problems = unresolved_links(gst, [cat, other])
    assert sorted(problems, key=lambda p: p.link_id) == [
        UnresolvedLink("main", "Main", "cl-missing", "nowhere", "catalogueLink"),
        UnresolvedLink("main", "Main", "el-1", "se-other", "entryLink"),
        UnresolvedLink("gs", "Game", "fcl", "se-other", "categoryLink"),
    ]
