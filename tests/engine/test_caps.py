"""Work bounded by a list's size, never by its numbers: repeats worked out arithmetically, the
caps every way in checks (List specs, roster documents and files), the work budget, and cost
limits only where a list has them (a new list's defaults, a loaded list's own)."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armybuilder.engine import caps, edit, modifier_types
from armybuilder.engine.caps import (
    BAD_TEXT,
    MAX_NAME_LENGTH,
    MAX_NOTES_LENGTH,
    Budget,
    BudgetExceeded,
    CapExceeded,
    one_line,
)
from armybuilder.engine.document import load_roster, roster_document
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.evaluator import Evaluator
from armybuilder.engine.explain import explain, explain_node
from armybuilder.engine.formats import parse_xml, write_xml
from armybuilder.engine.listspec import build_roster
from armybuilder.engine.model import selectable
from armybuilder.engine.report import COST_LIMIT_EXCEEDED
from armybuilder.engine.roster import Roster
from armybuilder.engine.rosterfile import read_roster, roster_file
from armybuilder.engine.systems import the_9th_age_3rd as t9a
from armybuilder.engine.systems import warhammer_40k_9th as w40k
from armybuilder.engine.view import (
    CharacteristicView,
    ForceView,
    ProfileView,
    RosterView,
    SelectionView,
)
from tests.engine.builders import PTS, compiled_with
from tests.engine.packs import PACKS, compiled_pack
from tests.engine.realdata import WH40K, compiled_for, load_spec

NINTH_AGE = "the-9th-age-3rd"
LEGAL_4500 = PACKS / NINTH_AGE / "examples" / "dwarven-holds-legal-4500.json"
BATTALION = "space_marines_battalion_2000.json"


def ninth_age_spec(limit: float) -> dict[str, Any]:
    spec: dict[str, Any] = json.loads(LEGAL_4500.read_text(encoding="utf-8"))
    spec["costLimits"] = dict.fromkeys(spec["costLimits"], limit)
    return spec


def spent(spec: dict[str, Any]) -> int:
    budget = Budget()
    evaluate(build_roster(compiled_pack(NINTH_AGE), spec, budget=budget))
    return budget.spent


# ----------------------------------------------------------------- repeats, arithmetically


def looped(mod_type: str, value: float, operand: float, times: int) -> float:
    """The meaning of a repeat: the modifier applied ``times`` times, one after another."""
    for _ in range(times):
        value = float(modifier_types.apply(mod_type, value, repr(operand), 1))
    return value


@given(
    st.sampled_from(["increment", "decrement", "multiply", "divide", "modulo", "floor", "ceil"]),
    st.integers(min_value=-1000, max_value=1000).map(float),
    st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.0, -2.0, 7.0]),
    st.integers(min_value=0, max_value=12),
)
def test_a_repeated_modifier_is_worked_out_as_applying_it_that_many_times(
    mod_type: str, value: float, operand: float, times: int
) -> None:
    result = modifier_types.apply(mod_type, value, repr(operand), times)

    assert result == pytest.approx(looped(mod_type, value, operand, times), rel=1e-12)


@pytest.mark.parametrize(
    ("mod_type", "current", "operand", "expected"),
    [
        ("increment", 1.0, "1", 1.0 + caps.MAX_REPEATS),
        ("decrement", 0.0, "2", -2.0 * caps.MAX_REPEATS),
        ("multiply", 3.0, "2", math.inf),
        ("multiply", -3.0, "0.5", -0.0),
        ("divide", 5.0, "0.5", math.inf),
        ("divide", 5.0, "2", 0.0),
        ("power", 0.5, "2", 0.0),
        ("modulo", 7.0, "4", 3.0),
        ("triangular", 0.0, "1", caps.MAX_REPEATS * (caps.MAX_REPEATS + 1) / 2),
    ],
)
def test_the_largest_repeat_count_is_one_step_of_arithmetic(
    mod_type: str, current: float, operand: str, expected: Any
) -> None:
    """Regression: a repeat per 1000 points of a huge limit looped that many times."""
    assert modifier_types.apply(mod_type, current, operand, caps.MAX_REPEATS) == expected


@pytest.mark.parametrize("operand", [1.2, 0.5, 0.01, 1.5])
@pytest.mark.parametrize("times", [caps.MAX_REPEATS, caps.MAX_REPEATS + 1])
def test_a_repeated_exponent_settles_as_the_loop_does(operand: float, times: int) -> None:
    """It converges to a fixed point, cycles between two values (odd and even counts
    differ) or overflows, all within a few hundred steps."""
    expected = looped("exponent", 0.0, operand, 2000 + times % 2)

    assert modifier_types.apply("exponent", 0.0, repr(operand), times) == pytest.approx(
        expected, nan_ok=True
    )


@pytest.mark.parametrize(("current", "operand"), [(-8.0, "0.5"), (10.0, "400"), (0.0, "-1")])
def test_a_power_that_is_no_real_number_is_nan_not_an_error(current: float, operand: str) -> None:
    """Regression: a complex or overflowing power raised out of the evaluation."""
    assert math.isnan(modifier_types.apply("power", current, operand, 1))


def test_a_cost_limit_multiplies_no_work() -> None:
    """Regression: The 9th Age's rarity repeats (one per 1000 points of the limit) made the
    work grow with the limit (1e10 took about 17 s, 1e308 never ended)."""
    at_4500 = spent(ninth_age_spec(4500))

    assert spent(ninth_age_spec(caps.MAX_COST_LIMIT)) <= at_4500


def test_a_repeat_over_an_infinite_count_is_read_at_the_cap() -> None:
    counted = {"field": "limit::pts", "scope": "roster", "value": 1, "repeats": 1}
    modifier = {"type": "increment", "field": "pts", "value": "1", "repeats": [counted]}
    costs = [{"name": "pts", "typeId": "pts", "value": 0}]
    entry = {"id": "e", "name": "E", "type": "unit", "costs": costs, "modifiers": [modifier]}
    roster = Roster(compiled_with([entry], costTypes=[PTS]))
    roster.set_cost_limit("pts", math.inf)
    force, _ = edit.add_force(roster, "fe", "cat")
    edit.select_entry(roster, force, "e")

    assert evaluate(roster).view.total_cost("pts") == caps.MAX_REPEATS


# ------------------------------------------------------------------------------- the caps


def force_spec(selections: list[dict[str, Any]], forces: int = 1) -> dict[str, Any]:
    force = {"forceEntryId": "fe", "catalogueId": "cat", "selections": selections}
    return {"costLimits": {"pts": 100}, "forces": [copy.deepcopy(force) for _ in range(forces)]}


UNIT = {"id": "u", "name": "U", "type": "unit", "selectionEntries": []}


def nested(depth: int) -> list[dict[str, Any]]:
    selection: dict[str, Any] = {"entryId": "u"}
    for _ in range(depth - 1):
        selection = {"entryId": "u", "selections": [selection]}
    return [selection]


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        (force_spec([], forces=caps.MAX_FORCES + 1), caps.TOO_MANY_FORCES),
        (force_spec([{"entryId": "u"}] * caps.MAX_SIZE), caps.TOO_LARGE),
        (force_spec([{"entryId": "u"}] * 20, forces=caps.MAX_FORCES), caps.TOO_LARGE),
        (force_spec(nested(caps.MAX_DEPTH)), caps.TOO_DEEP),
        (force_spec([{"entryId": "u", "number": 0}]), caps.BAD_NUMBER),
        (force_spec([{"entryId": "u", "number": caps.MAX_NUMBER + 1}]), caps.BAD_NUMBER),
        (force_spec([{"entryId": "u", "number": math.inf}]), caps.BAD_NUMBER),
        (force_spec([{"entryId": "u", "number": math.nan}]), caps.BAD_NUMBER),
        (force_spec([{"entryId": "u", "number": 10**400}]), caps.BAD_NUMBER),
        (force_spec([{"entryId": "u", "number": "many"}]), caps.BAD_NUMBER),
        ({**force_spec([]), "costLimits": {"pts": -1}}, caps.BAD_COST_LIMIT),
        ({**force_spec([]), "costLimits": {"pts": math.inf}}, caps.BAD_COST_LIMIT),
        ({**force_spec([]), "costLimits": {"pts": math.nan}}, caps.BAD_COST_LIMIT),
        ({**force_spec([]), "costLimits": {"pts": 1e308}}, caps.BAD_COST_LIMIT),
        ({**force_spec([]), "costLimits": {"pts": True}}, caps.BAD_COST_LIMIT),
    ],
    ids=[
        "forces",
        "selections",
        "forces count toward the size",
        "depth",
        "number 0",
        "number over the cap",
        "number inf",
        "number nan",
        "number beyond floats",
        "number not a number",
        "negative limit",
        "infinite limit",
        "limit nan",
        "limit 1e308",
        "limit true",
    ],
)
def test_a_list_spec_over_a_cap_is_refused_before_anything_is_built(
    spec: dict[str, Any], code: str
) -> None:
    budget = Budget()
    with pytest.raises(CapExceeded) as refused:
        build_roster(compiled_with([UNIT]), spec, budget=budget)
    assert refused.value.code == code
    assert budget.spent == 0


def test_a_list_spec_at_the_caps_is_built() -> None:
    spec = force_spec([{"entryId": "u", "number": caps.MAX_NUMBER}] * (caps.MAX_SIZE - 1))
    spec["costLimits"] = {"pts": caps.MAX_COST_LIMIT}
    roster = build_roster(compiled_with([UNIT]), spec)

    assert sum(1 for _ in roster.all_selections()) == caps.MAX_SIZE - 1
    assert roster.cost_limits == {"pts": caps.MAX_COST_LIMIT}
    caps.check_extent(force_spec(nested(caps.MAX_DEPTH - 1)))  # (the deepest allowed)


def roster_body(limits: list[Any], number: Any = 1, forces: int = 1) -> dict[str, Any]:
    selection = {"id": "s", "name": "U", "entryId": "u", "number": number}
    force = {"id": "f", "entryId": "fe", "catalogueId": "cat", "selections": [selection]}
    return {
        "roster": {
            "id": "r",
            "gameSystemId": "gs",
            "costLimits": [{"typeId": "pts", "value": v} for v in limits],
            "forces": [copy.deepcopy(force) for _ in range(forces)],
        }
    }


@pytest.mark.parametrize(
    ("document", "code"),
    [
        (roster_body([math.inf]), caps.BAD_COST_LIMIT),
        (roster_body([math.nan]), caps.BAD_COST_LIMIT),
        (roster_body([1e308]), caps.BAD_COST_LIMIT),
        (roster_body([-math.inf]), caps.BAD_COST_LIMIT),
        (roster_body([100], number=math.inf), caps.BAD_NUMBER),
        (roster_body([100], number=math.nan), caps.BAD_NUMBER),
        (roster_body([100], number=-1), caps.BAD_NUMBER),
        (roster_body([100], number=1e400), caps.BAD_NUMBER),
        (roster_body([100], number="1e400"), caps.BAD_NUMBER),
        (roster_body([100], forces=caps.MAX_FORCES + 1), caps.TOO_MANY_FORCES),
    ],
)
def test_a_roster_document_over_a_cap_is_refused(document: dict[str, Any], code: str) -> None:
    with pytest.raises(CapExceeded) as refused:
        load_roster(compiled_with([UNIT]), document)
    assert refused.value.code == code


@pytest.mark.parametrize("cost", [1e400, math.nan, "1e400", caps.MAX_COST * 2, "lots"])
def test_a_roster_document_recording_a_cost_out_of_bounds_is_refused(cost: Any) -> None:
    document = roster_body([100])
    document["roster"]["forces"][0]["selections"][0]["costs"] = [
        {"name": "pts", "typeId": "pts", "value": cost}
    ]
    with pytest.raises(CapExceeded) as refused:
        load_roster(compiled_with([UNIT]), document)
    assert refused.value.code == caps.BAD_COST


def test_costs_a_modifier_takes_past_every_float_are_refused_after_evaluation() -> None:
    """A cost doubled per point of the limit is infinite: no report (JSON) can carry it."""
    per_point = {"field": "limit::pts", "scope": "roster", "value": 1, "repeats": 1}
    double = {"type": "multiply", "field": "pts", "value": "2", "repeats": [per_point]}
    costs = [{"name": "pts", "typeId": "pts", "value": 1}]
    entry = {"id": "e", "name": "E", "type": "unit", "costs": costs, "modifiers": [double]}
    spec = {**force_spec([{"entryId": "e"}]), "costLimits": {"pts": 2000}}
    evaluation = evaluate(build_roster(compiled_with([entry]), spec))

    assert evaluation.view.total_cost("pts") == math.inf
    with pytest.raises(CapExceeded) as refused:
        caps.finite_costs(evaluation.view)
    assert refused.value.code == caps.BAD_COST
    caps.finite_costs(evaluate(build_roster(compiled_with([UNIT]), force_spec([]))).view)


def test_a_roster_file_with_huge_numbers_is_refused_not_crashed() -> None:
    """Regression: ``inf``, ``nan`` and ``1e400`` in a file's limits and counts raised."""
    compiled = compiled_with([UNIT])
    text = write_xml(roster_body([100])).decode()
    for limit, number, code in [
        ("1e400", "1", caps.BAD_COST_LIMIT),
        ("nan", "1", caps.BAD_COST_LIMIT),
        ("100", "inf", caps.BAD_NUMBER),
        ("100", "1e400", caps.BAD_NUMBER),
    ]:
        data = text.replace('value="100"', f'value="{limit}"').replace(
            'number="1"', f'number="{number}"'
        )
        with pytest.raises(CapExceeded) as refused:
            read_roster(compiled, data.encode(), "list.ros")
        assert refused.value.code == code


def _with_text(where: str, key: str, value: str) -> dict[str, Any]:
    document = roster_body([100])
    body = document["roster"]
    node = {
        "roster": body,
        "force": body["forces"][0],
        "selection": body["forces"][0]["selections"][0],
    }[where]
    node[key] = value
    return document


@pytest.mark.parametrize("where", ["roster", "force", "selection"])
@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("customName", "x" * (MAX_NAME_LENGTH + 1)),
        ("customName", "two\nlines"),
        ("customName", "tab\there"),
        ("customName", "bell \x07"),
        ("customNotes", "x" * (MAX_NOTES_LENGTH + 1)),
        ("customNotes", "nul \x00"),
        ("customNotes", "escape \x1b"),
        ("customNotes", "lone \ud800"),
        ("customNotes", "not a character \uffff"),
        ("customNotes", 5),
    ],
)
def test_a_document_with_text_past_its_caps_is_refused(where: str, key: str, value: Any) -> None:
    with pytest.raises(CapExceeded) as refused:
        load_roster(compiled_with([UNIT]), _with_text(where, key, value))
    assert refused.value.code == BAD_TEXT


def test_names_are_one_line_but_notes_keep_their_line_breaks() -> None:
    compiled = compiled_with([UNIT])
    notes = "one\r\ntwo\tthree\n\u2028four\x85five"
    roster = load_roster(compiled, _with_text("selection", "customNotes", notes))
    assert next(iter(roster.all_selections())).custom_notes == notes
    with pytest.raises(CapExceeded):
        load_roster(compiled, _with_text("roster", "name", "line\u2028separator"))
    assert one_line(" two\r\nlines\x07 and \u2029 more ") == "two lines and more"


def test_a_json_document_holding_what_xml_cannot_is_refused_by_the_reader() -> None:
    from armybuilder.engine.formats import FormatError, parse_json

    for text in ("nul \\u0000", "bell \\u0007", "lone \\ud800"):
        data = f'{{"roster": {{"id": "r", "name": "{text}"}}}}'.encode()
        with pytest.raises(FormatError) as refused:
            parse_json(data)
        assert refused.value.code == "format.bad_text", text


def test_a_roster_document_keeps_its_negative_limit_as_no_limit_and_reads_0_as_1() -> None:
    roster = load_roster(compiled_with([UNIT]), roster_body([-1], number=0))

    assert roster.cost_limits == {"pts": -1}
    assert evaluate(roster).view.cost_limit("pts") is None
    assert [s.number for s in roster.all_selections()] == [1]


def test_a_long_number_list_option_reads_as_the_default_and_thousands_of_digits_are_refused():
    """Regression: a number option of 5,000 digits raised (Python's int() digit limit); an
    option's value is now a name, at most ``MAX_NAME_LENGTH`` characters."""
    path = PACKS / "fantasy-warriors" / "examples" / "dwarfs-legal-2000.json"
    spec = json.loads(path.read_text(encoding="utf-8"))
    spec["options"] = {"opposing_armies": "9" * MAX_NAME_LENGTH, "points_per_army": "1" * 10}

    codes = [
        p.code for p in evaluate(build_roster(compiled_pack("fantasy-warriors"), spec)).problems
    ]

    assert codes.count("fw.option.invalid") == 2
    spec["options"] = {"opposing_armies": "9" * 5000}
    with pytest.raises(CapExceeded) as refused:
        build_roster(compiled_pack("fantasy-warriors"), spec)
    assert refused.value.code == BAD_TEXT


# ---------------------------------------------------------------------------- the budget


def test_evaluating_past_the_budget_raises_budget_exceeded() -> None:
    spec = ninth_age_spec(4500)
    # the first build fills the compiled data's own caches (as a served process has them),
    # which saves a few steps on every later one
    spent(spec)
    needed = spent(spec)
    roster = build_roster(compiled_pack(NINTH_AGE), spec, budget=Budget(needed))
    evaluate(roster)  # (exactly enough)

    with pytest.raises(BudgetExceeded) as over:
        evaluate(build_roster(compiled_pack(NINTH_AGE), spec, budget=Budget(needed - 1)))
    assert over.value.code == caps.OVER_BUDGET


def test_a_minimum_read_from_a_huge_limit_auto_selects_within_the_budget() -> None:
    """A minimum the data derives from the cost limit (one per point) is picked one at a
    time at the top level: the budget stops it, where it used to run as long as the limit."""
    per_point = {"field": "limit::pts", "scope": "roster", "value": 1, "repeats": 1}
    raise_min = {"type": "increment", "field": "min", "value": "1", "repeats": [per_point]}
    entry = {
        "id": "e",
        "name": "E",
        "type": "unit",
        "constraints": [{"id": "min", "type": "min", "value": 0, "field": "selections"}],
        "modifiers": [raise_min],
    }
    spec = {"costLimits": {"pts": caps.MAX_COST_LIMIT}, "forces": [force_spec([])["forces"][0]]}

    with pytest.raises(BudgetExceeded):
        build_roster(compiled_with([entry]), spec, budget=Budget(10_000))


# -------------------------------------------------------------------------------- explain


def test_explaining_with_one_shared_evaluator_gives_each_entrys_own_reasons() -> None:
    roster = build_roster(compiled_for(WH40K), load_spec(BATTALION))
    shared = Evaluator(roster)
    force = roster.forces[0]
    offered = [
        (None, node) for node in selectable(roster.compiled.root_entries(force.catalogue_id))
    ]
    offered += [(s, node) for s in force.all_selections() for node in selectable(s.node.children)]

    for parent, node in offered:
        own = explain(roster, force, node.path_id, parent)
        assert explain_node(roster, force, node, parent, evaluator=shared) == own
    assert any(explain_node(roster, force, n, p, evaluator=shared) for p, n in offered)


# --------------------------------------------------- cost limits: a new list's, a file's own


def test_only_a_new_list_starts_from_the_default_cost_limits() -> None:
    compiled = compiled_with([UNIT], costTypes=[{**PTS, "defaultCostLimit": 50}])

    assert Roster.new(compiled).cost_limits == {"pts": 50}
    assert Roster(compiled).cost_limits == {}
    assert build_roster(compiled, {"forces": []}).cost_limits == {"pts": 50}
    assert load_roster(compiled, {"roster": {"id": "r", "forces": []}}).cost_limits == {}


def test_a_real_40k_roster_file_without_cost_limits_has_no_limit() -> None:
    """Regression (issue 9): the 40k game system's points default is 0, and a roster file
    without ``<costLimits>`` was checked against it ("over the limit of 0")."""
    compiled = compiled_for(WH40K)
    points = next(ct for ct in compiled.cost_types if ct.id == "points")
    assert points.default_limit == 0  # what made the invented limit
    view = evaluate(build_roster(compiled, load_spec(BATTALION))).view
    body = roster_document(view)
    del body["roster"]["costLimits"]

    loaded = evaluate(read_roster(compiled, write_xml(body), "battalion.ros"))

    assert loaded.view.total_cost("points") == 2000
    assert loaded.view.cost_limits == {}
    assert COST_LIMIT_EXCEEDED not in {p.code for p in loaded.problems}
    assert "costLimits" not in roster_document(loaded.view)["roster"]


def test_a_real_40k_roster_file_limits_only_the_cost_types_it_lists() -> None:
    compiled = compiled_for(WH40K)
    view = evaluate(build_roster(compiled, load_spec(BATTALION))).view
    body = parse_xml(roster_file(view, "battalion.ros"))
    body["roster"]["costLimits"] = [{"name": "pts", "typeId": "points", "value": 1500}]

    loaded = evaluate(load_roster(compiled, body))

    assert loaded.view.cost_limits == {"points": 1500}
    assert [p.code for p in loaded.problems if p.code == COST_LIMIT_EXCEEDED] == [
        COST_LIMIT_EXCEEDED
    ]


# ------------------------------------------------- game hooks reading numbers out of profiles


def with_profile(type_id: str, **characteristics: str) -> RosterView:
    profile = ProfileView(
        "p",
        "Profile",
        type_id,
        "Type",
        False,
        [CharacteristicView(name, "c", value) for name, value in characteristics.items()],
    )
    selection = SelectionView(
        "s", "e", "e", "Battle size", "upgrade", 1, False, "f", [], [], [profile], []
    )
    force = ForceView("f", "fe", "Army", "cat", "Cat", False, [selection], [])
    return RosterView("r", "List", "gs", "Game", [force], [], {})


def test_a_battle_size_whose_detachments_overflowed_is_read_at_the_cap() -> None:
    """A modifier repeated per point can take a characteristic past every float ("inf")."""
    roster = with_profile(w40k.BATTLE_SIZE_PROFILE, Detachments="inf")
    size = w40k._battle_size(roster)

    assert size is not None
    assert size.detachments == caps.MAX_REPEATS


@pytest.mark.parametrize(("text", "number"), [("3", 3), ("²", 0), ("", 0)])
def test_a_t9a_characteristic_that_is_no_decimal_number_reads_as_0(text: str, number: int) -> None:
    roster = with_profile("t", Points=text)
    (selection,) = roster.all_selections()

    assert t9a._number(selection, "t", "Points") == number


def test_an_evaluator_given_its_own_budget_spends_only_that_on_settling_categories() -> None:
    """An explanation's share of the budget bounds its evaluator's category rounds too."""
    spec = load_spec("space_marines_battalion_2000.json")
    roster = build_roster(compiled_for(spec["gameSystemId"]), spec)
    before = roster.budget.spent
    evaluator = Evaluator(roster, budget=Budget())

    for selection in roster.all_selections():
        evaluator.categories_of(selection)

    assert roster.budget.spent == before
    assert evaluator.budget.spent > 0
