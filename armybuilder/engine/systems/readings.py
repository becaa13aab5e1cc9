"""Helpers for hooks whose rules have alternative readings chosen by list options.

A game declares its options as ``{name: allowed values}``, the first value being the digest's
recommended reading (the default). The game system document lists the same options under
``listOptions`` so pages can offer them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from armybuilder.engine.report import ERROR, Problem
from armybuilder.engine.view import RosterView


def rule_ref(
    game: str, digest: str, section: str, line: int, seed: str = "", seed_line: int | None = None
) -> dict[str, Any]:
    """A ``rule`` reference: the digest line, and the seed line when the digest gives one."""
    ref: dict[str, Any] = {"game": game, "section": section, "digest": digest, "line": line}
    if seed_line is not None:
        ref.update(seed=seed, seedLine=seed_line)
    return ref


def read_options(
    roster: RosterView,
    declared: Mapping[str, tuple[str, ...]],
    invalid_code: str,
    rule: Mapping[str, Any],
) -> tuple[dict[str, str], list[Problem]]:
    """The roster's list options with defaults filled in, and a problem per unknown option."""
    chosen = {name: values[0] for name, values in declared.items()}
    problems: list[Problem] = []
    for name, value in roster.options.items():
        if value in declared.get(name, ()):
            chosen[name] = value
            continue
        problems.append(
            Problem(
                invalid_code,
                ERROR,
                "roster",
                roster.id,
                "",
                "",
                "",
                f"Unknown list option {name}={value}; the default reading is used.",
                dict(rule),
            )
        )
    return chosen, problems
