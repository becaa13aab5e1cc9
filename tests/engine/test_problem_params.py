"""Every problem and why-not reason carries its params as JSON data, enough to word its message
in any language: walked over every shipped example list and vector and the real-data lists.

A client renders a message from its code's template (``report.template``) and the params
alone, so the English message must be exactly that template filled from the params, and every
problem of one code must carry the same param keys.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

import pytest

from armybuilder.engine import report
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.evaluator import Evaluator
from armybuilder.engine.explain import MAX_REACHED, Reason, explain_node
from armybuilder.engine.listspec import build_roster
from armybuilder.engine.model import EntryNode
from armybuilder.engine.report import Problem
from armybuilder.engine.roster import Roster
from tests.engine.packs import REPO_ROOT, compiled_for_spec, list_spec_files
from tests.engine.realdata import T9A, WH40K, compiled_for, spec_files

# One worker walks every list (once, ``_walked``): the test of every code's param keys reads
# them all again, which on a second worker would walk half of them twice.
pytestmark = pytest.mark.xdist_group("problem_params")

PACK_SPECS = list_spec_files()
REAL_SPECS = [p for p in spec_files() if json.loads(p.read_text())["gameSystemId"] in (T9A, WH40K)]
JSON_SCALARS = (str, int, float, bool)


def _roster(path: Path) -> Roster:
    spec = json.loads(path.read_text(encoding="utf-8"))
    if path in REAL_SPECS:
        return build_roster(compiled_for(spec["gameSystemId"]), spec)
    return build_roster(compiled_for_spec(spec), spec)


def _offered(nodes: list[EntryNode]) -> Iterator[EntryNode]:
    """The entries among ``nodes``, those inside their groups included."""
    for node in nodes:
        if node.kind == "group":
            yield from _offered(node.children)
        else:
            yield node


def _reasons(roster: Roster) -> list[Reason]:
    """Why each entry offered at a force's top level or under a selection cannot be added."""
    evaluator = Evaluator(roster)
    found: list[Reason] = []
    for force in roster.all_forces():
        roots = roster.compiled.root_entries(force.catalogue_id)
        for node in _offered(roots):
            found += explain_node(roster, force, node, evaluator=evaluator)
        for selection in force.all_selections():
            for node in _offered(selection.node.children):
                found += explain_node(roster, force, node, selection, evaluator=evaluator)
    return found


def _is_json_data(value: Any) -> bool:
    """A scalar or a list of scalars, or of flat objects of them (a hiding modifier's
    conditions, one object each)."""
    if isinstance(value, list):
        return all(
            isinstance(item, JSON_SCALARS)
            or (isinstance(item, dict) and all(isinstance(v, JSON_SCALARS) for v in item.values()))
            for item in value
        )
    return isinstance(value, JSON_SCALARS)


def _wording_faults(code: str, params: Mapping[str, Any], message: str) -> list[str]:
    """What keeps a message from being made again from its code and params."""
    faults = [
        f"{key}={value!r} is not JSON data"
        for key, value in params.items()
        if not _is_json_data(value)
    ]
    if json.loads(json.dumps(dict(params))) != params:
        faults.append("params change through JSON")
    template = report.template(code, params)
    made = report.PHRASES[code](params) if code in report.PHRASES else {}
    names = {name for _, name, _, _ in Formatter().parse(template) if name}
    faults += [
        f"the template names {name}, missing from params"
        for name in names - set(params) - set(made)
    ]
    faults += [
        f"{name} is a param and a phrase made from params" for name in set(made) & set(params)
    ]
    if not faults and report.words(code, params) != message:
        faults.append(f"the template makes {report.words(code, params)!r}")
    return faults


def _check(items: list[Problem] | list[Reason]) -> list[str]:
    return [
        f"{item.code} ({item.message!r}): {fault}"
        for item in items
        for fault in _wording_faults(item.code, item.params, item.message)
    ]


@cache
def _walked(path: Path) -> tuple[list[Problem], list[Reason]]:
    """The problems of a list and the reasons of what it offers (once per process)."""
    roster = _roster(path)
    return evaluate(roster).problems, _reasons(roster)


@pytest.mark.parametrize(
    "path",
    PACK_SPECS + REAL_SPECS,
    ids=[
        str(p.relative_to(REPO_ROOT)) if p in PACK_SPECS else p.name
        for p in PACK_SPECS + REAL_SPECS
    ],
)
def test_every_problem_and_reason_can_be_worded_from_its_code_and_params(path: Path) -> None:
    problems, reasons = _walked(path)

    assert _check(problems) == []
    assert _check(reasons) == []


def test_problems_of_one_code_carry_the_same_param_keys() -> None:
    """(A code the data gives a constraint may also be a hook's: the constraint's problems are
    told apart by their ``kind``, whose template words them.)"""
    keys: dict[tuple[str, str], set[frozenset[str]]] = {}
    for path in PACK_SPECS + REAL_SPECS:
        problems, reasons = _walked(path)
        for item in [*problems, *reasons]:
            kind = str(item.params.get("kind", ""))
            keys.setdefault((item.code, kind), set()).add(frozenset(item.params))

    codes = {code for code, _ in keys}
    assert {report.CONSTRAINT_MIN, report.CONSTRAINT_MAX, MAX_REACHED} <= codes
    assert len(codes) > 20
    assert {code: found for code, found in keys.items() if len(found) > 1} == {}
