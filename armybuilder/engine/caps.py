"""What one list may ask of the engine: caps on its size and numbers, and a work budget.

A list comes in as a List spec (``listspec.build_roster``) or a roster document or file
(``document.load_roster``); both check it here before building anything, so a list the caps
refuse costs nothing. Past the caps, work grows with the list's size and the data, never with
a number the list holds: repeats are applied arithmetically (``modifier_types``) and read as at
most ``MAX_REPEATS``. What is left to count (conditions, queries and modifiers, selections
scanned, entries auto-selected or explained) is spent from the roster's ``Budget``; spending
past it raises ``BudgetExceeded``. ``docs/architecture.md`` ("Caps and the work budget")
lists them.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from armybuilder.engine.formats.validate import UNWRITABLE
from armybuilder.engine.view import RosterView

MAX_SIZE = 2_000  # selections and forces, at any depth
MAX_FORCES = 100  # forces, child forces included
MAX_DEPTH = 12  # a force is 1 deep, its selections 2, their children 3, ...
MAX_NUMBER = 10_000  # one selection's count
MAX_COST_LIMIT = 1_000_000_000.0
MAX_COST = MAX_COST_LIMIT * MAX_NUMBER  # one selection's cost, as a roster file records it
MAX_OPTION_DIGITS = 9  # a number list option (more is read as the option's default)
MAX_REPEATS = 2**53  # a repeat count is read as at most this (every count below it is exact)
MAX_NAME_LENGTH = 200  # a list's name, a custom name, a list option's value
MAX_NOTES_LENGTH = 20_000  # one set of notes
REQUEST_STEPS = 2_000_000  # one request's work budget (see ``Budget``)
EXPLAIN_STEPS = 200_000  # of which explaining what cannot be added may spend at most
MAX_EXPLAINED = 2_000  # entries explained per request

# Stable codes of a list refused by a cap (API clients match on them).
TOO_LARGE = "caps.size"
TOO_MANY_FORCES = "caps.forces"
TOO_DEEP = "caps.depth"
BAD_NUMBER = "caps.number"
BAD_COST_LIMIT = "caps.cost_limit"
BAD_COST = "caps.cost"
OVER_BUDGET = "caps.work_budget"
BAD_TEXT = "caps.text"

# Notes refuse what XML 1.0 cannot hold (``formats.validate.UNWRITABLE``): a list holding one
# could never be stored or exported, so it is refused, never cleaned behind the player's back.
# A name is one line: every character ``str.splitlines`` breaks on, and every other control.
# (As regular expression escapes, so that a schema can state them too.)
NAME_REFUSED_CHARACTERS = r"\x00-\x1f\x7f-\x9f\u2028\u2029"
# and what no file or database can hold (lone surrogates, U+FFFE, U+FFFF: ``UNWRITABLE``)
_NOT_IN_NAMES = re.compile(f"[{NAME_REFUSED_CHARACTERS}\ud800-\udfff\ufffe\uffff]")
# The keys of a list's own texts that are one line (a List spec's or document's root).
NAME_KEYS = ("name", "customName")


class CapExceeded(Exception):
    """A list is over one of the caps; ``code`` says which (one of the codes above)."""

    def __init__(self, code: str, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        # what the message names, as JSON data, for words in other languages (``form`` names
        # the sentence of a code with several)
        self.params = dict(params or {})


class BudgetExceeded(CapExceeded):
    """Evaluating a list took more steps than its budget allows."""

    def __init__(self, steps: int) -> None:
        super().__init__(
            OVER_BUDGET,
            f"Checking this list takes more than the {steps} steps one request may.",
            {"steps": steps},
        )
        self.steps = steps


class Budget:
    """A count of evaluation steps: ``spend`` raises ``BudgetExceeded`` once it runs out.

    A step is one unit of work the engine repeats per item: a condition tested, a query
    worked out, a modifier applied, a selection scanned by a query, an entry auto-selected or
    explained. The default never runs out (the
    engine's own callers: conformance, tests, benchmarks); a service passes ``REQUEST_STEPS``.
    """

    __slots__ = ("left", "steps")

    def __init__(self, steps: int = sys.maxsize) -> None:
        self.steps = steps
        self.left = steps

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise BudgetExceeded(self.steps)

    @property
    def spent(self) -> int:
        return self.steps - self.left

    def part(self, steps: int) -> Budget:
        """A budget of at most ``steps`` of what is left (``spend`` it back once used)."""
        return Budget(max(0, min(steps, self.left)))


def whole(value: float, bound: int = MAX_REPEATS) -> int:
    """A number as a whole count within ``-bound..bound`` (not a number: 0)."""
    if math.isnan(value):
        return 0
    return int(max(-bound, min(bound, value)))


# ------------------------------------------------------------------------ a list's extent


def check_extent(body: Mapping[str, Any]) -> None:
    """A List spec or roster document body within the caps on forces, size and depth.

    Both nest forces under ``forces`` and selections under ``selections``; the count stops at
    the first cap passed, so an oversized list is refused after reading at most that much.
    """
    forces = 0
    for size, (depth, is_force, _) in enumerate(_nested(body), start=1):
        forces += is_force
        if depth > MAX_DEPTH:
            raise CapExceeded(
                TOO_DEEP,
                f"Forces and selections nest at most {MAX_DEPTH} deep.",
                {"limit": MAX_DEPTH},
            )
        if forces > MAX_FORCES:
            raise CapExceeded(
                TOO_MANY_FORCES,
                f"A list may have at most {MAX_FORCES} forces.",
                {"limit": MAX_FORCES},
            )
        if size > MAX_SIZE:
            raise CapExceeded(
                TOO_LARGE,
                f"A list may have at most {MAX_SIZE} selections and forces.",
                {"limit": MAX_SIZE},
            )


def _nested(body: Mapping[str, Any]) -> Iterator[tuple[int, bool, Mapping[str, Any]]]:
    """(depth, whether it is a force, itself) of every force and selection, without
    recursion."""
    pending: list[tuple[int, bool, Any]] = [(0, True, body)]
    while pending:
        depth, is_force, node = pending.pop()
        if not isinstance(node, Mapping):
            continue
        if depth:
            yield depth, is_force, node
        keys = (("forces", True), ("selections", False)) if is_force else (("selections", False),)
        for key, of_force in keys:
            children = node.get(key)
            if isinstance(children, list):
                pending.extend((depth + 1, of_force, child) for child in children)


def selections(body: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every selection of a List spec or roster document body (after ``check_extent``)."""
    return (node for _, is_force, node in _nested(body) if not is_force)


# ------------------------------------------------------------------------------------ texts


def checked_name(value: Any) -> str:
    """A name or custom name: one line of at most ``MAX_NAME_LENGTH`` characters, none that
    a roster file or the database cannot hold (else ``caps.text``)."""
    return _checked_text(value, MAX_NAME_LENGTH, _NOT_IN_NAMES, "name")


def checked_notes(value: Any) -> str:
    """Notes: at most ``MAX_NOTES_LENGTH`` characters (line breaks and tabs allowed), none
    that a roster file or the database cannot hold (else ``caps.text``)."""
    return _checked_text(value, MAX_NOTES_LENGTH, UNWRITABLE, "notes")


def _checked_text(value: Any, limit: int, refused: re.Pattern[str], what: str) -> str:
    if not isinstance(value, str):
        raise CapExceeded(
            BAD_TEXT,
            f"A {what} is text, not {type(value).__name__}.",
            {"what": what, "form": "type"},
        )
    if len(value) > limit:
        raise CapExceeded(
            BAD_TEXT,
            f"A {what} has at most {limit} characters.",
            {"what": what, "limit": limit, "form": "length"},
        )
    found = refused.search(value)
    if found:
        character = f"U+{ord(found.group()):04X}"
        raise CapExceeded(
            BAD_TEXT,
            f"A {what} cannot hold the character {character}.",
            {"what": what, "character": character, "form": "character"},
        )
    return value


def one_line(text: str) -> str:
    """``text`` as a name can hold it, every character it cannot a space: for labels the
    player did not type (an uploaded file's name) and texts stored before the caps, where
    refusing would be wrong. (Lone surrogates and U+FFFE/U+FFFF: ``UNWRITABLE``.)"""
    return " ".join(_NOT_IN_NAMES.sub(" ", text).split())


def check_texts(body: Mapping[str, Any]) -> None:
    """Every name and notes of a List spec or roster document body (after ``check_extent``)
    within the text caps: the list's own name and the list options' values, and each force's,
    category's and selection's custom name and notes. The names a document records for its
    forces, categories and selections are the data's (a file's own for entries the data no
    longer has): they are held to what can be stored and the notes' length, not to one line,
    so that no catalogue's naming can make its lists unsavable."""
    _check(body, NAME_KEYS, checked_name)
    _check(body, ("customNotes",), checked_notes)
    for tag in body.get("tags") or []:
        if isinstance(tag, Mapping):
            _check(tag, ("name",), checked_name)
    for _depth, is_force, node in _nested(body):
        parts = [node]
        if is_force:
            parts.extend(c for c in node.get("categories") or [] if isinstance(c, Mapping))
        for part in parts:
            _check(part, ("customName",), checked_name)
            _check(part, ("name", "customNotes"), checked_notes)


def _check(node: Mapping[str, Any], keys: tuple[str, ...], check: Callable[[Any], str]) -> None:
    for key in keys:
        if node.get(key) is not None:
            check(node[key])


# ---------------------------------------------------------------------------------- numbers


def checked_number(value: Any, lowest: int) -> float:
    """A selection's count: a number from ``lowest`` to ``MAX_NUMBER`` (else ``caps.number``)."""
    number = _real(value)
    if number is None or not lowest <= number <= MAX_NUMBER:
        raise CapExceeded(
            BAD_NUMBER,
            f"A selection's number is a count from {lowest} to {MAX_NUMBER}, not {value!r}.",
            {"lowest": lowest, "limit": MAX_NUMBER, "value": repr(value)[:50]},
        )
    return number


def checked_cost_limit(value: Any) -> float:
    """A cost limit: a number from 0 to ``MAX_COST_LIMIT`` (else ``caps.cost_limit``)."""
    limit = _real(value)
    if limit is None or not 0 <= limit <= MAX_COST_LIMIT:
        raise CapExceeded(
            BAD_COST_LIMIT,
            f"A cost limit is a number from 0 to {MAX_COST_LIMIT:.0f}, not {value!r}.",
            {"limit": MAX_COST_LIMIT, "value": repr(value)[:50]},
        )
    return limit


def checked_cost(value: Any) -> float:
    """A cost a roster file records: a number within ``MAX_COST`` either way (else
    ``caps.cost``), so that no sum of them leaves the float range."""
    cost = _real(value)
    if cost is None or abs(cost) > MAX_COST:
        raise CapExceeded(
            BAD_COST,
            f"A selection's cost is a number within {MAX_COST:.0f}, not {value!r}.",
            {"limit": MAX_COST, "value": repr(value)[:50]},
        )
    return cost


def finite_costs(view: RosterView) -> None:
    """Refuse (``caps.cost``) an evaluated roster whose costs left the float range: a modifier
    the data repeats per point of a limit can get there, and no report can carry it."""
    costs = [*view.costs, *(c for s in view.all_selections() for c in s.costs)]
    if not all(math.isfinite(c.value) for c in costs):
        raise CapExceeded(
            BAD_COST,
            "This list's costs are beyond every number the engine holds.",
            {"form": "range"},
        )


def _real(value: Any) -> float | None:
    """A finite number given as a JSON number or numeric text (None for anything else)."""
    if type(value) is float:  # most of what a document holds: answered without the tests below
        return value if math.isfinite(value) else None
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return None
    if not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:  # an integer beyond every float
        return None
    return number if math.isfinite(number) else None
