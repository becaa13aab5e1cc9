"""What the builder page shows, worked out from an engine roster and its report.

Pure of requests and templates: views render these objects, tests check them on the shipped
packs. Everything is derived generically from the entry tree and its evaluated values, so
every game (and imported community data) gets the same page:

- per force, an "add" panel: its entries by category, with costs, and those that cannot be
  added now disabled with the engine's reason in plain words;
- the list: forces, their categories (with gauges against the category limits) and the
  selections filed under each;
- a selection editor: every option in the form its bounds imply (a checkbox for 0-1, radio
  buttons for a choose-one group, a stepper for a count with its minimum and maximum);
- totals against the cost limits, and every problem with the element it concerns.

Names are the reader's: the report is localized before it comes here (``ListReport.localized``)
and ``names`` (the same table) renames what is read from the data itself (entries offered,
options, groups, categories, forces and cost types).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from armybuilder import messages
from armybuilder.engine import systems
from armybuilder.engine.compile import Compiled
from armybuilder.engine.evaluator import Ctx, Evaluator
from armybuilder.engine.explain import HIDDEN, MAX_REACHED, EntryInputs, Reason, explain_node
from armybuilder.engine.gauges import Allowance, Gauge, category_gauges
from armybuilder.engine.localize import NO_NAMES, Names, localized_reason, name_of
from armybuilder.engine.model import EntryNode, as_float, selectable
from armybuilder.engine.offer import one_pick
from armybuilder.engine.report import ERROR, INFO, WARNING, Problem
from armybuilder.engine.roster import Force, Roster, Selection
from armybuilder.engine.view import ForceView, RosterView, SelectionView
from catalogues.services.validation import CostTotal, ListReport
from lists import setup

# The most of one option a stepper offers when the data sets no maximum (the edit's own cap).
COUNT_CAP = 10_000

CHECKBOX = "checkbox"
RADIO = "radio"
STEPPER = "stepper"


@dataclass(frozen=True)
class Cost:
    type_id: str
    name: str
    value: float


@dataclass(frozen=True)
class AddEntry:
    """An entry of a force's add panel."""

    entry_id: str  # the path id the edit names
    name: str
    costs: tuple[Cost, ...]  # of one pick, with what auto-selection adds to it
    reasons: tuple[Reason, ...]  # hidden here, or the limit one more goes past; empty: neither
    allowances: tuple[Allowance, ...] = ()  # points one pick has to spend (warjack points)

    @property
    def available(self) -> bool:
        """Whether it can be picked: a limit reached does not stop it (the list then shows the
        broken limit with its rule); the data hiding it here does."""
        return _addable(self.reasons)

    @property
    def why(self) -> str:
        return _in_words(self.reasons)


@dataclass(frozen=True)
class AddCategory:
    category_id: str
    name: str
    entries: tuple[AddEntry, ...]


@dataclass(frozen=True)
class ProblemTally:
    """How many problems a row or force has, and the worst of them (its badge's colour: a
    note alone does not make a legal list look broken)."""

    count: int
    worst: str  # ERROR, WARNING or INFO; "" when there is none


@dataclass(frozen=True)
class Row:
    """A top-level selection as the list shows it: costs with its options', and how many
    problems it and its options have."""

    view: SelectionView
    costs: tuple[Cost, ...]
    problems: ProblemTally
    allowances: tuple[Allowance, ...] = ()  # points it spends on what it holds

    @property
    def dom_id(self) -> str:
        return selection_dom_id(self.view.id)

    @property
    def options(self) -> tuple[SelectionView, ...]:
        return tuple(c for c in self.view.children if not c.hidden)


@dataclass(frozen=True)
class AddPanel:
    """What one force (or child force) offers to add, by category."""

    force_id: str
    name: str
    categories: tuple[AddCategory, ...]


@dataclass(frozen=True)
class CategoryBlock:
    """The selections of one force filed under one category, with that category's gauges."""

    category_id: str
    name: str
    rows: tuple[Row, ...]
    gauges: tuple[Gauge, ...]

    @property
    def broken(self) -> bool:
        return any(g.broken for g in self.gauges)


@dataclass(frozen=True)
class ForceEntryChoice:
    """A force (or child force) entry a player can add."""

    entry_id: str
    catalogue_id: str
    name: str

    @property
    def key(self) -> str:
        """The entry and the catalogue it is drawn from, as one form value (``FORCE_FIELD``)."""
        return f"{self.catalogue_id} {self.entry_id}"


@dataclass(frozen=True)
class ForceBlock:
    view: ForceView
    label: str  # its name, numbered when another force has the same
    costs: tuple[Cost, ...]
    categories: tuple[CategoryBlock, ...]
    child_forces: tuple[ForceBlock, ...]
    child_force_entries: tuple[ForceEntryChoice, ...]
    problems: ProblemTally

    @property
    def dom_id(self) -> str:
        return force_dom_id(self.view.id)


@dataclass(frozen=True)
class ProblemItem:
    problem: Problem
    where: str  # what it concerns, in words
    target: str  # DOM id of the force or selection it concerns; empty for the whole list


@dataclass(frozen=True)
class Option:
    """One option under a selection, with the control its bounds imply."""

    entry_id: str
    name: str
    costs: tuple[Cost, ...]
    count: int  # how many are picked (per model of the parent for collective options)
    minimum: int
    maximum: int  # COUNT_CAP when the data sets none
    control: str  # checkbox | radio | stepper
    selection_ids: tuple[str, ...]  # the picks of it
    reasons: tuple[Reason, ...]  # hidden here, or the limit one more goes past
    instanced: bool  # each pick is a selection with options of its own

    @property
    def checked(self) -> bool:
        return self.count > 0

    @property
    def why(self) -> str:
        return _in_words(self.reasons)

    @property
    def can_add(self) -> bool:
        """One more can be picked: past a limit too with a stepper (the list shows the broken
        limit and its rule), not when the data hides it."""
        return _addable(self.reasons) and (self.count < self.maximum or self.control == STEPPER)


@dataclass(frozen=True)
class OptionGroup:
    group_id: str  # empty for the options outside any group
    name: str
    minimum: int
    maximum: int  # COUNT_CAP when the data sets none
    options: tuple[Option, ...]
    # the data ids of the group and its options: a problem naming one leads here to be fixed
    fixes: tuple[str, ...] = ()
    # how the selection's problems concern it, whatever its own bounds: "" not at all, "over"
    # past a maximum, "required" short of a minimum (per force or list too) or a game's rule
    # (a wizard's spells)
    flag: str = ""

    @property
    def choose_one(self) -> bool:
        """Its options are radio buttons (with a "none" choice when none is required)."""
        return bool(self.group_id) and self.maximum == 1

    @property
    def optional(self) -> bool:
        return self.minimum == 0

    @property
    def count(self) -> int:
        return sum(o.count for o in self.options)

    @property
    def picked(self) -> Option | None:
        return next((o for o in self.options if o.checked), None)


@dataclass(frozen=True)
class SelectionEditor:
    selection: SelectionView
    groups: tuple[OptionGroup, ...]
    picks: tuple[SelectionView, ...]  # instanced picks: each is edited on its own
    problems: tuple[ProblemItem, ...]
    path: tuple[SelectionView, ...]  # the selection's ancestors, outermost first
    # forces a copy can go to (a unit, in a list of several forces): (force id, name)
    targets: tuple[tuple[str, str], ...] = ()
    costs: tuple[Cost, ...] = ()  # with its options


@dataclass(frozen=True)
class BuilderPage:
    view: RosterView
    forces: tuple[ForceBlock, ...]
    totals: tuple[CostTotal, ...]
    problems: tuple[ProblemItem, ...]
    force_entries: tuple[ForceEntryChoice, ...]
    editor: SelectionEditor | None = None
    error_count: int = field(default=0)
    warning_count: int = field(default=0)
    # what still lacks a cost the player enters: "legal" is said with them, never plainly
    costs_not_entered: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return self.error_count == 0

    @property
    def open_row_id(self) -> str | None:
        """The top-level selection whose row is marked open: the one the editor shows, or
        the unit holding it."""
        if self.editor is None:
            return None
        return (self.editor.path[0] if self.editor.path else self.editor.selection).id


def _addable(reasons: Sequence[Reason]) -> bool:
    return all(r.code == MAX_REACHED for r in reasons)


def _in_words(reasons: Sequence[Reason]) -> str:
    """Why an entry is greyed out, naming the rule each limit comes from (as its problem
    would)."""
    return " ".join(
        _("%(reason)s (Rule: %(section)s)")
        % {"reason": messages.word(r), "section": messages.rule_section(r.rule)}
        if r.rule and r.rule.get("section")
        else messages.word(r)
        for r in reasons
    )


def _evaluator(roster: Roster, report: ListReport) -> Evaluator:
    """The evaluator that evaluated ``report`` (what it worked out is reused), or a new one
    for a report of another roster object."""
    found = report.evaluator
    return found if found is not None and found.roster is roster else Evaluator(roster)


def selection_dom_id(selection_id: str) -> str:
    return f"sel-{selection_id}"


def force_dom_id(force_id: str) -> str:
    return f"force-{force_id}"


def builder_page(
    *,
    roster: Roster,
    report: ListReport,
    selected_id: str | None = None,
    factions: Sequence[tuple[str, str]] = (),
    names: Names = NO_NAMES,
) -> BuilderPage:
    """Everything the builder page shows but its add panels (``add_panels``); with
    ``selected_id``, that selection's editor; ``factions``: every faction of the game stored
    (id, name), whose forces the page offers too."""
    evaluator = _evaluator(roster, report)
    gauges = category_gauges(roster, evaluator)
    view = report.view
    allowances: dict[str, list[Allowance]] = {}
    for allowance in systems.allowances(view):
        allowances.setdefault(allowance.selection_id, []).append(messages.allowance(allowance))
    forces = tuple(
        _force_block(roster, report, gauges, allowances, force, roster.force(force.id), names)
        for force in view.forces
    )
    editor = None
    if selected_id is not None:
        editor = selection_editor(
            roster=roster, report=report, selection_id=selected_id, names=names
        )
    return BuilderPage(
        view=view,
        forces=forces,
        totals=tuple(report.totals),
        problems=tuple(_problem_item(report, p) for p in report.problems),
        force_entries=_force_entries(roster, parent=None, factions=factions, names=names),
        editor=editor,
        error_count=report.error_count,
        warning_count=report.warning_count,
        costs_not_entered=tuple(report.costs_not_entered),
    )


# --------------------------------------------------------------------------------- forces


def _force_block(
    roster: Roster,
    report: ListReport,
    gauges: list[Gauge],
    allowances: dict[str, list[Allowance]],
    view: ForceView,
    force: Force,
    names: Names,
) -> ForceBlock:
    mine = [g for g in gauges if g.force_id == view.id]
    return ForceBlock(
        view=view,
        label=report.force_label(view.id),
        costs=_totals_of(report.view, view.total_cost),
        categories=_category_blocks(report, view, mine, allowances),
        child_forces=tuple(
            _force_block(roster, report, gauges, allowances, child, roster.force(child.id), names)
            for child in view.child_forces
        ),
        child_force_entries=_force_entries(roster, parent=force, names=names),
        problems=_problem_tally(report, {view.id, *(s.id for s in view.all_selections())}),
    )


def _problem_tally(report: ListReport, owners: set[str]) -> ProblemTally:
    severities = [p.severity for owner in owners for p in report.problems_of(owner)]
    worst = next((s for s in (ERROR, WARNING, INFO) if s in severities), "")
    return ProblemTally(len(severities), worst)


def _totals_of(roster: RosterView, total: Callable[[str], float]) -> tuple[Cost, ...]:
    """The non-zero totals of something, one per visible cost type of the list (a game's
    bookkeeping cost types are shown as allowances instead)."""
    hidden = systems.bookkeeping_cost_types(roster.game_system_id)
    return tuple(
        Cost(cost.type_id, cost.name, value)
        for cost in roster.costs
        if not cost.hidden and cost.type_id not in hidden and (value := total(cost.type_id))
    )


def _row(
    report: ListReport, selection: SelectionView, allowances: dict[str, list[Allowance]]
) -> Row:
    return Row(
        selection,
        _totals_of(report.view, selection.total_cost),
        _problem_tally(report, {s.id for s in selection.walk()}),
        tuple(allowances.get(selection.id, ())),
    )


def _category_blocks(
    report: ListReport,
    view: ForceView,
    gauges: list[Gauge],
    allowances: dict[str, list[Allowance]],
) -> tuple[CategoryBlock, ...]:
    """The force's categories in its order, each with its selections; then any selection
    filed under no category of the force (as "Other")."""
    by_category: dict[str, list[SelectionView]] = {c.entry_id: [] for c in view.categories}
    other: list[SelectionView] = []
    for selection in view.selections:
        primary = selection.primary_category
        by_category.get(primary or "", other).append(selection)
    blocks = [
        CategoryBlock(
            category.entry_id,
            category.custom_name or category.name,
            tuple(_row(report, s, allowances) for s in by_category[category.entry_id]),
            tuple(g for g in gauges if g.category_id == category.entry_id),
        )
        for category in view.categories
    ]
    if other:
        rows = tuple(_row(report, s, allowances) for s in other)
        blocks.append(CategoryBlock("", _("Other"), rows, ()))
    return tuple(blocks)


def _force_entries(
    roster: Roster,
    *,
    parent: Force | None,
    factions: Sequence[tuple[str, str]] = (),
    names: Names = NO_NAMES,
) -> tuple[ForceEntryChoice, ...]:
    """Force entries a player may add: at the top, those the list's catalogues start lists
    with, then the game system's for each other faction (the edit pins that faction's data,
    so a list can be built of several races, legal or not); under a force, its child force
    entries."""
    if parent is not None:
        return tuple(
            ForceEntryChoice(node.id, parent.catalogue_id, name_of(names, node.id, node.name))
            for node in parent.node.child_forces
            if not node.raw.get("hidden")
        )
    compiled = roster.compiled
    catalogue_ids = list(dict.fromkeys(f.catalogue_id for f in roster.all_forces())) or [
        cid for cid, body in compiled.catalogues.items() if not body.get("library")
    ]
    catalogue_names = {
        cid: name_of(names, cid, str(body.get("name") or cid))
        for cid, body in compiled.catalogues.items()
    }
    for faction_id, name in factions:
        catalogue_names.setdefault(faction_id, name_of(names, faction_id, name))
        if faction_id not in catalogue_ids:
            catalogue_ids.append(faction_id)

    def named(choice: setup.ForceChoice, catalogue_id: str) -> str:
        # the game system's force entries are offered once per catalogue
        force = name_of(names, choice.id, choice.name)
        if len(catalogue_ids) == 1:
            return force
        catalogue = catalogue_names.get(catalogue_id, catalogue_id)
        return _("%(force)s (%(catalogue)s)") % {"force": force, "catalogue": catalogue}

    return tuple(
        ForceEntryChoice(choice.id, catalogue_id, named(choice, catalogue_id))
        for catalogue_id in catalogue_ids
        for choice in setup.force_choices(compiled, catalogue_id)
    )


# ------------------------------------------------------------------------------ add panel


def add_panels(
    *, roster: Roster, report: ListReport, names: Names = NO_NAMES
) -> tuple[AddPanel, ...]:
    """Each force's add panel, child forces included, in list order.

    Working out why each entry cannot be added takes the longest of anything on the page, so
    the page loads this apart from the list (and refreshes it after each edit).
    """
    evaluator = _evaluator(roster, report)
    return tuple(
        AddPanel(
            force.id,
            report.force_label(force.id),
            _add_panel(roster, report, evaluator, force, names),
        )
        for force in roster.all_forces()
    )


def _add_panel(
    roster: Roster, report: ListReport, evaluator: Evaluator, force: Force, names: Names
) -> tuple[AddCategory, ...]:
    """The force's root entries by primary category, in the force's category order; those
    without a primary category last, as "Other"."""
    nodes = selectable(roster.compiled.root_entries(force.catalogue_id))
    order = {c.id: (i, name_of(names, c.id, c.name)) for i, c in enumerate(force.node.categories)}
    grouped: dict[str, list[AddEntry]] = {}
    if report.explained:
        reasons = _reasons(roster, report, evaluator, force, None, nodes, names)
        offered = (_add_entry(roster, evaluator, force, node, reasons, names) for node in nodes)
    else:
        answers = _ADD_ANSWERS.setdefault(roster.compiled, {})
        language = get_language() or ""
        inputs = EntryInputs(evaluator, force)
        offered = (
            _remembered_add_entry(roster, evaluator, force, node, names, inputs, answers, language)
            for node in nodes
        )
    for found in offered:
        if found is not None:
            grouped.setdefault(found[0], []).append(found[1])
    ordered = sorted(grouped, key=lambda c: order.get(c, (len(order), c)))
    return tuple(
        AddCategory(
            category_id,
            order[category_id][1]
            if category_id in order
            else _category_name(roster, category_id, names),
            tuple(sorted(grouped[category_id], key=lambda e: e.name.casefold())),
        )
        for category_id in ordered
    )


# An add-panel entry's answer per compiled closure: (force chain, path id) -> its inputs
# (``EntryInputs``), the name table and language it was worked out in, and the answer
# (its primary category and entry; None when it is not offered).
_AddAnswers = dict[tuple[object, str], tuple[tuple[object, ...], Names, str, "_Offered"]]
_Offered = tuple[str, AddEntry] | None
_ADD_ANSWERS: weakref.WeakKeyDictionary[Compiled, _AddAnswers] = weakref.WeakKeyDictionary()


def _remembered_add_entry(
    roster: Roster,
    evaluator: Evaluator,
    force: Force,
    node: EntryNode,
    names: Names,
    inputs: EntryInputs,
    answers: _AddAnswers,
    language: str,
) -> _Offered:
    """``_add_entry``, reused from an earlier page of any list while what it is worked out
    from is the same (``answers``: the closure's in ``_ADD_ANSWERS``): after an edit most
    entries of the panel read nothing it changed."""
    read = inputs.of(node)
    key = (read[0], node.path_id)
    kept = answers.get(key)
    if kept is not None and kept[0] == read and kept[1] is names and kept[2] == language:
        return kept[3]
    why = explain_node(roster, force, node, None, evaluator=evaluator)
    reasons = {node.path_id: _localized_reasons(why, names)}
    found = _add_entry(roster, evaluator, force, node, reasons, names)
    answers[key] = (read, names, language, found)
    return found


def _add_entry(
    roster: Roster,
    evaluator: Evaluator,
    force: Force,
    node: EntryNode,
    reasons: Mapping[str, tuple[Reason, ...] | None],
    names: Names,
) -> _Offered:
    """A root entry as the force's add panel offers it, with its primary category; None when
    it is not offered (hidden here, or filed under a slot this force lacks)."""
    why = reasons.get(node.path_id, ())
    if why is None or not evaluator.offers(force, node):
        return None
    ctx = Ctx(roster, force, None, None, node)
    values = evaluator.entry_values(node, ctx)
    primary = next((c for c, is_primary in values.categories if is_primary), "")
    pick = one_pick(roster.compiled, force.node.id, force.catalogue_id, node.path_id)
    return primary, AddEntry(
        node.path_id,
        _entry_name(names, node, values.fields["name"]),
        _costs(roster, values.fields, dict(pick.added), shown_only=True, names=names),
        tuple(why),
        tuple(map(messages.allowance, pick.allowances)),
    )


def _category_name(roster: Roster, category_id: str, names: Names) -> str:
    if not category_id:
        return _("Other")
    found = roster.compiled.find_any(category_id)
    return name_of(names, category_id, str((found or {}).get("name") or category_id))


def _entry_name(names: Names, node: EntryNode, evaluated: object) -> str:
    """An entry's name in the reader's language: its definition's, else its link's, else the
    evaluated name (the data's own, or what a modifier made it)."""
    for element_id in (node.id, *reversed(node.via)):
        found = names.get(element_id)
        if found is not None:
            return found
    return str(evaluated)


def _reasons(
    roster: Roster,
    report: ListReport,
    evaluator: Evaluator,
    force: Force,
    parent: Selection | None,
    nodes: Sequence[EntryNode],
    names: Names,
) -> dict[str, tuple[Reason, ...] | None]:
    """Path id -> why the entry cannot be picked now (empty: it can), or None for an entry
    the data hides outright (not offered at all, as in New Recruit)."""
    owner_id = parent.id if parent is not None else force.id
    if report.explained:
        found = {u.entry_id: u.reasons for u in report.unavailable_at(owner_id)}
    else:
        found = {}
        for node in nodes:
            why = explain_node(roster, force, node, parent, evaluator=evaluator)
            if why:
                found[node.path_id] = tuple(why)
    return {node.path_id: _localized_reasons(found.get(node.path_id, ()), names) for node in nodes}


def _localized_reasons(reasons: Sequence[Reason], names: Names) -> tuple[Reason, ...] | None:
    """Reasons in the reader's language; None for an entry the data hides outright."""
    if reasons and all(r.code == HIDDEN for r in reasons):
        return None
    if names and reasons:
        return tuple(localized_reason(r, names) for r in reasons)
    return tuple(reasons)


def _costs(
    roster: Roster,
    fields: dict[str, object],
    added: Mapping[str, float] | None = None,
    *,
    shown_only: bool = False,
    names: Names = NO_NAMES,
) -> tuple[Cost, ...]:
    """An entry's own costs, plus ``added`` (what auto-selection brings with one pick); with
    ``shown_only``, without the game's bookkeeping cost types (shown as allowances)."""
    added = added or {}
    hidden = (
        systems.bookkeeping_cost_types(roster.compiled.game_system_id)
        if shown_only
        else frozenset()
    )
    return tuple(
        Cost(ct.id, name_of(names, ct.id, ct.name), value)
        for ct in roster.compiled.cost_types
        if not ct.hidden
        and ct.id not in hidden
        and (value := as_float(fields.get(ct.id), 0.0) + added.get(ct.id, 0.0))
    )


# ------------------------------------------------------------------------------- problems


def _problem_item(report: ListReport, problem: Problem) -> ProblemItem:
    return ProblemItem(problem, report.owner_label(problem), _target(report.view, problem))


def _target(view: RosterView, problem: Problem) -> str:
    """Where activating a problem moves focus: the row of the selection's top-level unit (the
    list shows those; its options are edited there), or the force."""
    if problem.owner_type == "selection":
        selection = next((s for s in view.all_selections() if s.id == problem.owner_id), None)
        if selection is None:
            return ""
        while selection.parent is not None:
            selection = selection.parent
        return selection_dom_id(selection.id)
    if problem.owner_type in ("force", "category"):
        return force_dom_id(problem.owner_id)
    return ""


# ------------------------------------------------------------------------ selection editor


def selection_editor(
    *, roster: Roster, report: ListReport, selection_id: str, names: Names = NO_NAMES
) -> SelectionEditor:
    """The options of one selection, each with the control its evaluated bounds imply.

    Raises ``armybuilder.engine.roster.RosterError`` for an id the roster lacks.
    """
    selection = roster.selection(selection_id)
    view = next(s for s in report.view.all_selections() if s.id == selection_id)
    evaluator = _evaluator(roster, report)
    nodes = selectable(selection.node.children)
    reasons = _reasons(roster, report, evaluator, selection.force, selection, nodes, names)
    named = [p for p in report.problems if p.owner_id == selection_id]
    groups: list[OptionGroup] = []
    loose: list[tuple[EntryNode, Option]] = []
    for node in selection.node.children:
        if node.kind == "group":
            groups.extend(
                _option_groups(roster, evaluator, selection, node, reasons, "", named, names)
            )
        else:
            option = _option(roster, evaluator, selection, node, reasons, COUNT_CAP, names)
            if option is not None:
                loose.append((node, option))
    if loose:
        nodes = [node for node, _option in loose]
        options = tuple(option for _node, option in loose)
        fixes = tuple(i for node in nodes for i in node.ids)
        groups.insert(0, OptionGroup("", "", 0, COUNT_CAP, options, fixes, _flag(nodes, named)))
    picks = tuple(
        child
        for child in view.children
        if any(o.instanced and child.id in o.selection_ids for g in groups for o in g.options)
    )
    ids = {s.id for s in view.walk()}
    path: list[SelectionView] = []
    parent = view.parent
    while parent is not None:
        path.insert(0, parent)
        parent = parent.parent
    return SelectionEditor(
        selection=view,
        groups=tuple(groups),
        picks=picks,
        problems=tuple(_problem_item(report, p) for p in report.problems if p.owner_id in ids),
        path=tuple(path),
        targets=_duplicate_targets(report, view),
        costs=_totals_of(report.view, view.total_cost),
    )


def _duplicate_targets(report: ListReport, view: SelectionView) -> tuple[tuple[str, str], ...]:
    forces = list(report.view.all_forces())
    if view.parent is not None or len(forces) < 2:
        return ()
    return tuple((f.id, report.force_label(f.id)) for f in forces)


def _option_groups(
    roster: Roster,
    evaluator: Evaluator,
    parent: Selection,
    group: EntryNode,
    reasons: dict[str, tuple[Reason, ...] | None],
    outer: str,
    named: Sequence[Problem],
    names: Names,
) -> list[OptionGroup]:
    """A group's own entries as one option group, then each nested group as its own;
    ``named`` holds the selection's problems (a group one names is flagged)."""
    ctx = Ctx(roster, parent.force, None, parent, group)
    values = evaluator.entry_values(group, ctx)
    if values.fields.get("hidden"):
        return []
    name = _entry_name(names, group, values.fields["name"])
    label = f"{outer}: {name}" if outer else name
    minimum, maximum = _bounds(group, values.fields)
    options = [
        option
        for node in group.children
        if node.kind == "entry"
        and (option := _option(roster, evaluator, parent, node, reasons, maximum, names))
        is not None
    ]
    nested = [
        found
        for node in group.children
        if node.kind == "group"
        for found in _option_groups(roster, evaluator, parent, node, reasons, label, named, names)
    ]
    if not options:
        return nested
    nodes = [group, *(node for node in group.children if node.kind == "entry")]
    fixes = tuple(i for node in nodes for i in node.ids)
    own = OptionGroup(
        group.path_id, label, minimum, maximum, tuple(options), fixes, _flag(nodes, named)
    )
    return [own, *nested]


def _flag(nodes: Sequence[EntryNode], problems: Sequence[Problem]) -> str:
    """How ``problems`` concern these entries (see ``OptionGroup.flag``)."""
    ids = {i for node in nodes for i in node.ids}
    found = [p for p in problems if p.entry_id in ids]
    if not found:
        return ""
    maxima = {c.id for node in nodes for c in node.constraints if c.type == "max"}
    return "over" if all(p.constraint_id in maxima for p in found) else "required"


def _option(
    roster: Roster,
    evaluator: Evaluator,
    parent: Selection,
    node: EntryNode,
    reasons: dict[str, tuple[Reason, ...] | None],
    group_maximum: int,
    names: Names,
) -> Option | None:
    """An option; in a group of at most one, a radio button: picking it replaces the
    group's pick, so the group's own maximum is no reason against it."""
    picks = [s for s in parent.children if s.node is node]
    why = reasons.get(node.path_id, ())
    if why is None and not picks:
        return None  # hidden by the data and not picked: not offered
    ctx = Ctx(roster, parent.force, None, parent, node)
    values = evaluator.entry_values(node, ctx)
    minimum, maximum = _bounds(node, values.fields)
    maximum = min(maximum, group_maximum)
    instanced = any(not c.collective and not c.hidden for c in node.entries())
    count = sum(s.amount for s in picks)
    groups = _enclosing_group_ids(node)
    if group_maximum == 1:
        control = RADIO
        why = tuple(r for r in why or () if r.entry_id not in groups)
    elif maximum <= 1:
        control = CHECKBOX
    else:
        control = STEPPER
    return Option(
        entry_id=node.path_id,
        name=_entry_name(names, node, values.fields["name"]),
        costs=_costs(roster, values.fields, names=names),
        count=count,
        minimum=minimum,
        maximum=maximum,
        control=control,
        selection_ids=tuple(s.id for s in picks),
        reasons=tuple(why or ()),
        instanced=instanced,
    )


def _enclosing_group_ids(node: EntryNode) -> set[str]:
    ids: set[str] = set()
    group = node.parent
    while group is not None and group.kind == "group":
        ids.update(group.ids)
        group = group.parent
    return ids


def _bounds(node: EntryNode, fields: dict[str, object]) -> tuple[int, int]:
    """The minimum per parent and the most one parent can hold of an entry or group, with
    modifiers applied: a maximum per force or per list caps each parent too."""
    minimum, maximum = 0, COUNT_CAP
    for constraint in node.constraints:
        if constraint.field != "selections" or constraint.scope == "self":
            continue
        value = int(float(fields.get(constraint.id, constraint.value)))  # type: ignore[arg-type]
        if constraint.type == "min" and constraint.scope == "parent":
            minimum = max(minimum, value)
        elif constraint.type == "max" and value >= 0:
            maximum = min(maximum, value)
    return minimum, maximum
