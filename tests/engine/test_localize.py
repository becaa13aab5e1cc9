"""Game data's names in another language, applied to what the engine evaluated (no database):
the view, problems and reasons are copies, the evaluation keeps the data's own names."""

from __future__ import annotations

import json
from typing import Any

from armybuilder.engine import rulebook
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.explain import Reason
from armybuilder.engine.listspec import build_roster
from armybuilder.engine.localize import (
    localized_params,
    localized_problem,
    localized_reason,
    localized_view,
)
from armybuilder.engine.outline import catalogue_outline
from armybuilder.engine.report import Problem
from tests.engine.packs import PACKS, compiled_pack

NINTH_AGE = "the-9th-age-3rd"


def _table(game: str, language: str) -> dict[str, str]:
    table: dict[str, str] = json.loads((PACKS / game / "locale" / f"{language}.json").read_text())
    return table


def _example(name: str) -> dict[str, Any]:
    spec: dict[str, Any] = json.loads((PACKS / NINTH_AGE / "examples" / f"{name}.json").read_text())
    return spec


def _evaluated(name: str) -> Any:
    return evaluate(build_roster(compiled_pack(NINTH_AGE), _example(name)))


def test_a_localized_view_names_every_selection_force_and_cost_in_the_table_language() -> None:
    italian = _table(NINTH_AGE, "it")
    evaluation = _evaluated("dwarven-holds-legal-4500")

    view = localized_view(evaluation.view, italian)

    pairs = list(zip(evaluation.view.all_selections(), view.all_selections(), strict=True))
    assert pairs
    for own, shown in pairs:
        assert shown.id == own.id
        assert shown.name == italian.get(own.base_entry_id, own.name)
        assert [c.name for c in shown.costs] == [italian.get(c.type_id, c.name) for c in own.costs]
        assert shown.parent is None or shown.parent.id == own.parent.id  # type: ignore[union-attr]
    (force,) = view.forces
    assert force.catalogue_name == "Roccaforti dei Nani"
    assert [c.name for c in view.costs] == ["punti"]
    assert any(shown.name != own.name for own, shown in pairs)


def test_localizing_leaves_the_evaluation_and_its_shared_parts_as_they_were() -> None:
    evaluation = _evaluated("dwarven-holds-legal-4500")
    before = [(s.name, [c.name for c in s.categories]) for s in evaluation.view.all_selections()]

    localized_view(evaluation.view, _table(NINTH_AGE, "it"))

    after = [(s.name, [c.name for c in s.categories]) for s in evaluation.view.all_selections()]
    assert after == before
    assert evaluation.view.forces[0].catalogue_name == "Dwarven Holds"


def test_an_empty_table_changes_nothing_and_copies_nothing() -> None:
    evaluation = _evaluated("dwarven-holds-legal-4500")

    assert localized_view(evaluation.view, {}) is evaluation.view


def test_a_players_custom_name_is_kept_whatever_the_language() -> None:
    spec = _example("dwarven-holds-legal-4500")
    spec["forces"][0]["selections"][0]["customName"] = "Thorek the Grim"
    evaluation = evaluate(build_roster(compiled_pack(NINTH_AGE), spec))

    view = localized_view(evaluation.view, _table(NINTH_AGE, "it"))

    named = [s for s in view.all_selections() if s.custom_name]
    assert [s.custom_name for s in named] == ["Thorek the Grim"]


def test_a_problem_names_what_it_concerns_in_the_table_language_and_keeps_its_code() -> None:
    evaluation = _evaluated("dwarven-holds-three-grudge-busters")
    italian = _table(NINTH_AGE, "it")
    named = [p for p in evaluation.problems if isinstance(p.params.get("entry_id"), str)]
    assert named

    for problem in named:
        shown = localized_problem(problem, italian)
        entry_id = str(problem.params["entry_id"]).rsplit("::", 1)[-1]
        assert shown.code == problem.code
        assert shown.params["name"] == italian.get(entry_id, problem.params["name"])
        assert str(shown.params["name"]) in shown.message
        assert {k: v for k, v in shown.params.items() if k != "name"} == {
            k: v for k, v in problem.params.items() if k != "name"
        }


def test_params_naming_an_element_beside_its_id_are_renamed_and_others_left() -> None:
    params = {
        "name": "King",
        "entry_id": "link-1::t9a3-dh-king",
        "cost_type": "pts",
        "cost_type_id": "t9a3-pts",
        "count": 2,
        "text": "King",
    }

    shown = localized_params(params, {"t9a3-dh-king": "Re", "t9a3-pts": "punti"})

    assert shown == {**params, "name": "Re", "cost_type": "punti"}


def test_a_reason_is_renamed_like_a_problem() -> None:
    # a reason's name is its own entry's (the add panel's and why-not's), id beside or not
    reason = Reason(
        "explain.hidden", "t9a3-dh-king", "", "King is hidden here.", params={"name": "King"}
    )
    other = Reason(
        "explain.hidden",
        "t9a3-dh-king",
        "",
        "x",
        params={"name": "Thane", "entry_id": "t9a3-dh-thane"},
    )
    table = {"t9a3-dh-king": "Re", "t9a3-dh-thane": "Thane nanico"}

    renamed = localized_reason(reason, table)
    assert renamed.params == {"name": "Re"}
    assert "Re" in renamed.message
    assert localized_reason(other, table).params["name"] == "Thane nanico"
    assert localized_reason(reason, {"elsewhere": "x"}) is reason


def test_a_problem_without_named_params_is_the_same_object() -> None:
    problem = Problem("roster.no_forces", "error", "roster", "r", "", "", "", "No forces.")

    assert localized_problem(problem, {"r": "x"}) is problem


def test_an_outline_takes_its_names_from_the_table() -> None:
    compiled = compiled_pack(NINTH_AGE)
    italian = _table(NINTH_AGE, "it")

    own = catalogue_outline(compiled, "t9a3-dh")
    shown = catalogue_outline(compiled, "t9a3-dh", names=italian)

    assert [e["id"] for e in shown["entries"]] == [e["id"] for e in own["entries"]]
    assert "Re" in {e["name"] for e in shown["entries"]}
    assert "King" in {e["name"] for e in own["entries"]}
    assert [c["name"] for c in shown["cost_types"]] == ["punti"]


def test_every_rule_has_its_summary_in_italian_and_english() -> None:
    for key in rulebook.GAMES:
        game = rulebook.game(key)
        assert game is not None
        for rule in game.rules:
            italian = game.summary_in(rule, "it")
            assert italian, f"{key} {rule.code}"
            assert italian != rule.summary, f"{key} {rule.code}"
            assert game.summary_in(rule, "en") == rule.summary


def test_every_cited_rulebook_line_has_its_italian_section() -> None:
    for key in rulebook.GAMES:
        game = rulebook.game(key)
        assert game is not None
        cited = {s.seed_line for r in game.rules for s in r.sources if s.seed_line}
        assert set(game.italian_places) == cited, key
        for rule in game.rules:
            for source in rule.sources:
                if source.seed_line:
                    section, _page = game.italian_place(source)
                    assert section, f"{key} {rule.code} line {source.seed_line}"


def test_every_cited_section_has_an_italian_title() -> None:
    for key in rulebook.GAMES:
        game = rulebook.game(key)
        assert game is not None
        for rule in game.rules:
            for source in rule.sources:
                reference = {
                    "game": key,
                    "section": source.section,
                    "digest": source.digest,
                    "line": source.line,
                    **({"seedLine": source.seed_line} if source.seed_line else {}),
                }
                title = rulebook.italian_title_of(reference)
                assert title, f"{key} {rule.code} {source.section}"
                assert title != source.section or title == game.italian_place(source)[0]
        assert set(game.italian_titles) <= {s.section for r in game.rules for s in r.sources}, key


def test_the_ninth_age_and_warmachine_rulebooks_give_pages() -> None:
    for key in ("the-9th-age-3rd", "warmachine-mk2"):
        game = rulebook.game(key)
        assert game is not None
        assert all(page.isdigit() for _section, page in game.italian_places.values()), key
    ninth = rulebook.game("the-9th-age-3rd")
    assert ninth is not None
    bsb = ninth.entry("t9a.bsb.max_one")
    assert bsb is not None
    assert ninth.italian_place(bsb.sources[0]) == ("Alfiere dello Stendardo da Battaglia", "56")
