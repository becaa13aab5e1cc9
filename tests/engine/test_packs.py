"""What every shipped game pack must be: canonical documents whose links all resolve, costs and
rules with their provenance, and the list options and hook its game system promises.

Each game's own rules are tested in ``tests/engine/systems/test_<game>.py``; the packs' example
lists and worked-example vectors run in ``tests/engine/test_vectors.py``.
"""

from __future__ import annotations

import pytest

from armybuilder.engine.closure import unresolved_links
from armybuilder.engine.systems import HOOKS, hook_for
from tests.conftest import require_shared
from tests.engine.packs import (
    RULES,
    coded_nodes_without_rule,
    costs_without_provenance,
    hook_module,
    limited_cost_types_without_rule,
    misplaced_rule_refs,
    pack_documents,
    pack_names,
    rule_bearing_items,
    rule_refs,
    undeclared_sources,
    without_code_or_rule,
)


@pytest.fixture(params=pack_names())
def game(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


def test_documents_are_canonical_and_every_link_resolves(game: str) -> None:
    game_system, catalogues = pack_documents(game)
    body = game_system["gameSystem"]
    assert body["battleScribeVersion"] == "2.03"
    assert len(catalogues) >= 2
    assert {c["catalogue"]["gameSystemId"] for c in catalogues} == {body["id"]}
    assert unresolved_links(game_system, catalogues) == []


def test_the_game_system_is_registered_to_the_games_hook(game: str) -> None:
    game_system_id = pack_documents(game)[0]["gameSystem"]["id"]
    assert HOOKS[game_system_id] == f"armybuilder.engine.systems.{game.replace('-', '_')}"
    assert hook_for(game_system_id) is hook_module(game).check


def test_every_cost_names_its_source_or_is_marked_unverified(game: str) -> None:
    assert costs_without_provenance(game) == []


def test_every_source_an_entry_names_is_declared(game: str) -> None:
    assert undeclared_sources(game) == []


def test_every_rule_bearing_constraint_has_a_code_and_a_rule(game: str) -> None:
    assert without_code_or_rule(rule_bearing_items(game)) == []


def test_every_node_raising_its_own_code_cites_its_rule(game: str) -> None:
    assert coded_nodes_without_rule(game) == []


def test_every_cost_type_a_list_can_go_over_cites_its_limit_rule(game: str) -> None:
    assert limited_cost_types_without_rule(game) == []


def test_rule_references_cite_the_digest_rows_of_their_rules(game: str) -> None:
    rules_folder = require_shared(RULES)
    refs = rule_refs(game)
    assert len(refs) > 5
    assert {(ref["game"], ref["digest"]) for ref in refs} == {(game, f"{game}.md")}
    assert misplaced_rule_refs(refs, rules_folder) == []


def test_the_pack_declares_the_list_options_its_hook_reads(game: str) -> None:
    hook_options: dict[str, tuple[str, ...]] = hook_module(game).OPTIONS
    options = pack_documents(game)[0]["gameSystem"]["listOptions"]
    assert {o["id"]: tuple(v["id"] for v in o.get("values") or []) for o in options} == (
        hook_options
    )
    assert all(o.get("values") or o.get("type") == "number" for o in options)
    # The first value a hook declares is the digest's recommended reading: the default.
    assert {o["id"]: o["default"] for o in options} == {
        name: next(iter(values), "") for name, values in hook_options.items()
    }
