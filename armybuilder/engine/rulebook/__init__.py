"""The rules the validator enforces, game by game: each problem code a game can raise, with our
own one-line summary and where the rules say it.

One module per game (``GAMES``) lists its codes: those its hook raises, whose sources are the
hook's own rule references, and those its pack's data sets on constraints, modifiers, cost
types and entries, whose sources are the citations the pack carries (a test keeps the two in
step). Pages show the summary through the translation functions, keyed by its English text, so
a summary is marked with ``gettext_noop`` where it is written; the sources are data, so an
Italian page can give the Italian rulebook's section and page beside the digest's.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from armybuilder.engine.systems import HOOKS

# game key (a rules digest's ``game``, as every rule reference names it) -> its module here
GAMES: dict[str, str] = {
    "battleground": "armybuilder.engine.rulebook.battleground",
    "fantasy-warriors": "armybuilder.engine.rulebook.fantasy_warriors",
    "the-9th-age-3rd": "armybuilder.engine.rulebook.the_9th_age_3rd",
    "warhammer-40k-9th": "armybuilder.engine.rulebook.warhammer_40k_9th",
    "warmachine-mk2": "armybuilder.engine.rulebook.warmachine_mk2",
}


def gettext_noop(text: str) -> str:
    """Marks a summary for the translation catalogues (makemessages looks for this name); the
    engine knows no language, pages translate the text when they show it."""
    return text


@dataclass(frozen=True, slots=True)
class Source:
    """Where a rule is written: a section and line of the English rules digest, the line of the
    Italian rulebook (the digest's seed file) it cites, and that rulebook's own section and page
    where the digest names them."""

    section: str
    digest: str
    line: int
    seed: str = ""
    seed_line: int | None = None
    italian_section: str = ""
    italian_page: str = ""

    @classmethod
    def cited(cls, rule: Mapping[str, Any], *, italian_section: str = "", page: str = "") -> Source:
        """The source a rule reference (``Digest.rule``, a pack's ``rule`` field) names."""
        seed_line = rule.get("seedLine")
        return cls(
            section=str(rule["section"]),
            digest=str(rule["digest"]),
            line=int(rule["line"]),
            seed=str(rule.get("seed", "")),
            seed_line=None if seed_line is None else int(seed_line),
            italian_section=italian_section,
            italian_page=page,
        )

    def matches(self, rule: Mapping[str, Any]) -> bool:
        """Whether a problem's rule reference cites this source."""
        return (rule.get("digest"), rule.get("line"), rule.get("section")) == (
            self.digest,
            self.line,
            self.section,
        )


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """One rule the validator enforces: the code its problems carry, what it says in our own
    words (the English text is the translation key) and where the rules say it."""

    code: str
    summary: str
    sources: tuple[Source, ...]


@dataclass(frozen=True, slots=True)
class Game:
    """A game's rules, in the order its page lists them."""

    key: str
    name: str
    rules: tuple[RuleEntry, ...]
    # Our summaries in other languages (language -> code -> summary), so a page in one of
    # them needs no translation catalogue; the English text stays the key for any other.
    summaries: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # the Italian rulebook's section heading and page above each cited line, by seed line
    italian_places: Mapping[int, tuple[str, str]] = field(default_factory=dict)
    # Italian titles of the digest's sections the Italian rulebook has no heading for (the
    # parts drawn from the data, the digest's own appendices), by the English title
    italian_titles: Mapping[str, str] = field(default_factory=dict)

    def entry(self, code: str) -> RuleEntry | None:
        return next((rule for rule in self.rules if rule.code == code), None)

    def italian_place(self, source: Source) -> tuple[str, str]:
        """The Italian rulebook's section and page of ``source``: what the registry states,
        else what its cited line sits under (either may be empty)."""
        section, page = self.italian_places.get(source.seed_line or 0, ("", ""))
        return source.italian_section or section, source.italian_page or page

    def summary_in(self, rule: RuleEntry, language: str) -> str | None:
        """``rule``'s summary in ``language`` (a base code: ``it``), if the registry has it."""
        if language == "en":
            return rule.summary
        return self.summaries.get(language, {}).get(rule.code)


def rule(
    code: str,
    summary: str,
    *references: Mapping[str, Any],
    italian_section: str = "",
    page: str = "",
) -> RuleEntry:
    """A registry entry citing ``references`` (rule references, as problems carry them)."""
    return RuleEntry(
        code,
        summary,
        tuple(Source.cited(r, italian_section=italian_section, page=page) for r in references),
    )


@cache
def game(key: str) -> Game | None:
    """A game's registered rules, or None for a game we have none for."""
    module_name = GAMES.get(key)
    if module_name is None:
        return None
    found: Game = importlib.import_module(module_name).GAME
    return found


def game_for_system(game_system_id: str) -> Game | None:
    """The registered rules of the game a game system id plays (through its hook), if any."""
    module_name = HOOKS.get(game_system_id)
    if module_name is None:
        return None
    return game(str(importlib.import_module(module_name).DIGEST.game))


def entry_for(rule_reference: Mapping[str, Any] | None, code: str) -> RuleEntry | None:
    """The registry entry a problem citing ``rule_reference`` with ``code`` links to: the
    code's entry in the game the reference names."""
    if not rule_reference:
        return None
    found = game(str(rule_reference.get("game", "")))
    return None if found is None else found.entry(code)


def italian_place_of(rule_reference: Mapping[str, Any] | None) -> tuple[str, str]:
    """The Italian rulebook's section and page a problem's rule reference cites (either may be
    empty): those of the registry's source it matches, else those above its seed line."""
    if not rule_reference:
        return "", ""
    found = game(str(rule_reference.get("game", "")))
    if found is None:
        return "", ""
    for entry in found.rules:
        for source in entry.sources:
            if source.matches(rule_reference):
                return found.italian_place(source)
    seed_line = rule_reference.get("seedLine")
    return found.italian_places.get(seed_line, ("", "")) if isinstance(seed_line, int) else ("", "")


def italian_title_of(rule_reference: Mapping[str, Any] | None) -> str:
    """How an Italian reader's citation titles the section a rule reference cites: the Italian
    rulebook's heading, else the digest section's Italian title (empty if neither is known)."""
    heading, _page = italian_place_of(rule_reference)
    if heading or not rule_reference:
        return heading
    found = game(str(rule_reference.get("game", "")))
    return "" if found is None else found.italian_titles.get(str(rule_reference.get("section")), "")
