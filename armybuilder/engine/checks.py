"""The problems of an evaluated roster: constraints (of entries, groups, categories and
forces), hidden selections, data messages, associations and cost limits.

Game hooks add theirs in ``evaluate``.
"""

from __future__ import annotations

import math

from armybuilder.engine import report
from armybuilder.engine.evaluator import Ctx, Evaluator, Values
from armybuilder.engine.model import (
    CategoryNode,
    Constraint,
    EntryNode,
    JsonDict,
    as_float,
    json_number,
)
from armybuilder.engine.report import Problem
from armybuilder.engine.roster import Force, Selection
from armybuilder.engine.view import RosterView


class Checks:
    """The problems of one evaluation pass (sharing the evaluator's caches)."""

    def __init__(self, ev: Evaluator) -> None:
        self.ev = ev
        self.roster = ev.roster
        self.compiled = ev.compiled
        self._selections_by_id: dict[str, Selection] | None = None

    def problems(self, view: RosterView) -> list[Problem]:
        """Every generic problem: constraints, hidden selections, data messages,
        associations and cost limits (game hooks are run by ``evaluate``)."""
        out: list[Problem] = []
        # a roster- or force-wide limit seen from several parents is reported once
        seen: set[tuple[str, ...]] = set()
        for force in self.roster.all_forces():
            out.extend(self._force_problems(force))
            out.extend(self._container_problems(force, None, seen))
            for node in self.compiled.nested_minimums(force.catalogue_id):
                out.extend(self._node_problems(force, None, node, [], seen, wide_only=True))
            for sel in force.all_selections():
                out.extend(self._selection_problems(sel))
                out.extend(self._container_problems(force, sel, seen))
        out.extend(self._roster_category_problems())
        return (
            self._empty_roster_problems()
            + out
            + self._cost_limit_problems(view)
            + self.roster.load_problems
        )

    def _empty_roster_problems(self) -> list[Problem]:
        """A roster without a force is no army: nothing in it can be legal."""
        if self.roster.forces:
            return []
        return [
            Problem(
                report.ROSTER_NO_FORCES,
                report.ERROR,
                "roster",
                self.roster.id,
                "",
                "",
                "",
                report.words(report.ROSTER_NO_FORCES, {}),
            )
        ]

    def _selection_problems(self, sel: Selection) -> list[Problem]:
        """A selection that is hidden, the messages its modifiers raise, its associations."""
        out: list[Problem] = []
        node = sel.node
        values = self.ev.entry_values(node, self.ev.ctx_of(sel))
        name = values.fields["name"]
        offered_under, groups = node.placement
        hidden_in = (
            self._hidden_group(sel, groups) if groups and not values.fields.get("hidden") else None
        )
        if values.fields.get("hidden") or hidden_in is not None:
            params = {
                "name": str(name),
                "group": hidden_in or "",
                "form": "group" if hidden_in else "",
            }
            out.append(
                Problem(
                    report.SELECTION_HIDDEN,
                    report.ERROR,
                    "selection",
                    sel.id,
                    node.id,
                    node.id,
                    "hidden",
                    report.words(report.SELECTION_HIDDEN, params),
                    node.raw.get("rule"),
                    params,
                )
            )
        if offered_under is not (sel.parent.node if sel.parent is not None else None):
            params = {
                "name": str(name),
                "where": offered_under.name if offered_under is not None else "",
                "where_id": offered_under.id if offered_under is not None else "",
                "form": "" if offered_under is not None else "force",
            }
            out.append(
                Problem(
                    report.SELECTION_MISPLACED,
                    report.ERROR,
                    "selection",
                    sel.id,
                    node.id,
                    node.id,
                    "",
                    report.words(report.SELECTION_MISPLACED, params),
                    params=params,
                )
            )
        if values.messages:
            out.extend(self._message_problems(values, "selection", sel.id, node.id))
        if node.associations:
            out.extend(self._association_problems(sel))
        return out

    def _hidden_group(self, sel: Selection, groups: tuple[EntryNode, ...]) -> str | None:
        """The name of the nearest of the ``groups`` the selection is in that is hidden
        there (its own or its link's modifiers, as for an entry), if any."""
        for group in groups:
            ctx = Ctx(self.roster, sel.force, None, sel.parent, group)
            values = self.ev.entry_values(group, ctx)
            if values.fields.get("hidden"):
                return str(values.fields["name"])
        return None

    @staticmethod
    def _message_problems(
        values: Values, owner_type: str, owner_id: str, entry_id: str
    ) -> list[Problem]:
        """The problems ``error``, ``warning`` and ``info`` modifiers raise."""
        return [
            Problem(
                str(source.get("code") or f"data.{severity}"),
                severity,
                owner_type,
                owner_id,
                entry_id,
                entry_id,
                "",
                text,
                source.get("rule"),
                {"text": text},
            )
            for severity, text, source in values.messages
        ]

    def _association_problems(self, sel: Selection) -> list[Problem]:
        """Each declared association holds between its min and max valid partners."""
        out: list[Problem] = []
        for declared in sel.node.associations:
            assoc_id = str(declared.get("id", ""))
            partners = [self._selection_by_id(t) for a, t in sel.associations if a == assoc_id]
            child_id = str(declared.get("childId") or "")
            valid = [
                p
                for p in partners
                if p is not None and (not child_id or self.ev.instance_of(p, child_id))
            ]
            low, high = int(as_float(declared.get("min"))), int(as_float(declared.get("max")))
            name = str(declared.get("name") or assoc_id)
            found: list[str] = []
            if len(valid) < len(partners):
                found.append(report.ASSOCIATION_TARGET)
            if len(valid) < low:
                found.append(report.ASSOCIATION_MIN)
            if high > 0 and len(valid) > high:  # New Recruit's default max of 0: no maximum
                found.append(report.ASSOCIATION_MAX)
            for kind in found:
                params = {
                    "kind": kind,
                    "name": name,
                    "id": assoc_id,
                    "min": low,
                    "max": high,
                    "count": len(valid),
                    "partners": len(partners),
                }
                out.append(
                    Problem(
                        str(declared.get("code") or kind),
                        report.ERROR,
                        "selection",
                        sel.id,
                        sel.node.id,
                        sel.node.id,
                        assoc_id,
                        report.words(kind, params),
                        declared.get("rule"),
                        params,
                    )
                )
        return out

    def _selection_by_id(self, selection_id: str) -> Selection | None:
        if self._selections_by_id is None:
            self._selections_by_id = {s.id: s for s in self.roster.all_selections()}
        return self._selections_by_id.get(selection_id)

    def _cost_limit_problems(self, view: RosterView) -> list[Problem]:
        out: list[Problem] = []
        for type_id, limit in self.roster.cost_limits.items():
            if limit < 0:
                continue
            total = view.total_cost(type_id)
            if total > limit + 1e-9:
                cost_type = next((ct for ct in self.compiled.cost_types if ct.id == type_id), None)
                params = {
                    "total": json_number(total),
                    "limit": json_number(limit),
                    "cost_type": cost_type.name if cost_type is not None else type_id,
                    "cost_type_id": type_id,
                }
                out.append(
                    Problem(
                        report.COST_LIMIT_EXCEEDED,
                        report.ERROR,
                        "roster",
                        self.roster.id,
                        "",
                        "costLimits",
                        type_id,
                        report.words(report.COST_LIMIT_EXCEEDED, params),
                        cost_type.rule if cost_type is not None else None,
                        params,
                    )
                )
        return out

    def _force_problems(self, force: Force) -> list[Problem]:
        ctx = Ctx(self.roster, force)
        values = self.ev.force_values(force)
        out = self._message_problems(values, "force", force.id, force.node.id)
        for constraint in force.node.constraints:
            if constraint.names_scope and not self.ev.has_subject(constraint, ctx):
                continue
            limit = float(values.fields.get(constraint.id, constraint.value))
            # A force entry's constraint counts the forces of that entry in its scope: its own
            # "forces" constraint against that force only (New Recruit); without a childId,
            # its selections or costs are what forces of that entry hold (an Allies force's
            # "400 points in the roster" counts the allies, not the army).
            if constraint.field == "forces":
                count = 1.0
            else:
                own = constraint.raw.get("childId") not in (None, "", "any")
                mine = None if own else force.node.id
                count = self.ev.query(constraint.raw, ctx, child_id=mine)
            if self.breaks(constraint, limit, count):
                out.append(
                    self._problem(constraint, limit, count, "force", force.id, force.node.id)
                )
        for category in force.node.categories:
            out.extend(self._category_problems(force, category))
        return out

    def _category_problems(self, force: Force, category: CategoryNode) -> list[Problem]:
        # a roster-wide limit is checked once, for the roster (``_roster_category_problems``)
        mine = [c for c in category.constraints if c.scope != "roster"]
        ctx = Ctx(self.roster, force)
        return self._category_checks(category, mine, ctx, "category", force.id)

    def _roster_category_problems(self) -> list[Problem]:
        """The roster-scope constraints of the categories the forces link and of the game
        system's own categories, each checked once for the whole roster: owned by the
        category of the first force linking it, else by the roster."""
        out: list[Problem] = []
        done: set[tuple[str, str]] = set()
        linked = [(f, c) for f in self.roster.all_forces() for c in f.node.categories]
        own = [(None, category) for category in self.compiled.roster_scope_categories]
        for force, category in linked + own:
            fresh = [
                c
                for c in category.constraints
                if c.scope == "roster" and (c.id, category.id) not in done
            ]
            done.update((c.id, category.id) for c in fresh)
            if fresh:
                ctx = Ctx(self.roster, force)
                owner = ("category", force.id) if force is not None else ("roster", self.roster.id)
                out.extend(self._category_checks(category, fresh, ctx, *owner))
        return out

    def _category_checks(
        self,
        category: CategoryNode,
        constraints: list[Constraint],
        ctx: Ctx,
        owner_type: str,
        owner_id: str,
    ) -> list[Problem]:
        return [
            self._problem(constraint, limit, count, owner_type, owner_id, category.id)
            for constraint, limit, count in self.category_measures(category, constraints, ctx)
            if self.breaks(constraint, limit, count)
        ]

    def category_measures(
        self, category: CategoryNode, constraints: list[Constraint], ctx: Ctx
    ) -> list[tuple[Constraint, float, float]]:
        """Each constraint of a category in a force (``ctx``) with its effective bound and
        what it counts now: a number of selections, or a cost for a ``limit::`` constraint
        (its bound then in that cost type, a percentage of the cost limit resolved)."""
        if not constraints:
            return []
        values = Values({c.id: c.value for c in category.constraints})
        self.ev.apply_modifiers(category.modifier_sources, ctx, values)
        force = ctx.force
        members = (
            [s for s in force.selections if self.ev.primary_category(s) == category.id]
            if force is not None
            else []
        )
        out: list[tuple[Constraint, float, float]] = []
        for constraint in constraints:
            if constraint.names_scope and not self.ev.has_subject(constraint, ctx):
                continue
            limit = float(values.fields.get(constraint.id, constraint.value))
            on_limit = self._against_cost_limit(constraint, limit)
            if on_limit is not None:
                spec, limit = on_limit
                count = self.ev.query(spec, ctx, child_id=category.id)
            elif (
                constraint.field == "selections"
                and constraint.scope in ("parent", "force")
                and force is not None
                and not constraint.raw.get("includeChildSelections")
            ):
                # a force's slot is filled by its top-level selections of that primary
                # category; with includeChildSelections (the query below) every selection
                # having the category counts, at any depth (a Warlord upgrade in a unit)
                count = float(sum(s.number for s in members))
            else:
                count = self.ev.query(constraint.raw, ctx, child_id=category.id)
            out.append((constraint, limit, count))
        return out

    def _against_cost_limit(
        self, constraint: Constraint, value: float
    ) -> tuple[JsonDict, float] | None:
        """For a ``limit::<cost type>`` constraint: the cost query and the bound it implies.

        The constrained selections' cost is compared with ``value`` (a percentage of the
        roster's cost limit when ``percentValue``). None for other fields; a roster without
        that limit has no bound, so the caller gets an infinite maximum / zero minimum.
        """
        spec = constraint.cost_query
        if spec is None:
            return None
        roster_limit = self.roster.cost_limits.get(str(spec["field"]))
        if roster_limit is None or roster_limit < 0:
            return spec, math.inf if constraint.type == "max" else 0.0
        bound = roster_limit * value / 100.0 if constraint.raw.get("percentValue") else value
        return spec, bound

    def _container_problems(
        self, force: Force, parent: Selection | None, seen: set[tuple[str, ...]]
    ) -> list[Problem]:
        """Constraints of every entry available directly under ``parent`` (or the force)."""
        if parent is not None:
            constrained = parent.node.constrained
            siblings = parent.children
        else:
            constrained = self.compiled.constrained_roots(force.catalogue_id)
            siblings = force.selections
        if not constrained.nodes:
            return []
        # entry or group -> the sibling selections of it (or within it)
        members: dict[int, list[Selection]] = {}
        for sel in siblings:
            members.setdefault(id(sel.node), []).append(sel)
            group = sel.node.parent
            while group is not None and group.kind == "group":
                members.setdefault(id(group), []).append(sel)
                group = group.parent
        # only entries selected here or with a minimum can fail: those, in definition order
        wanted = set(constrained.minimums)
        if parent is None:  # a force requires only what it offers
            wanted = {i for i in wanted if self.ev.offers(force, constrained.nodes[i])}
        wanted.update(i for i in map(constrained.position.get, members) if i is not None)
        out: list[Problem] = []
        for i in sorted(wanted):
            node = constrained.nodes[i]
            out.extend(self._node_problems(force, parent, node, members.get(id(node), []), seen))
        return out

    def _node_problems(
        self,
        force: Force,
        parent: Selection | None,
        node: EntryNode,
        mine: list[Selection],
        seen: set[tuple[str, ...]],
        *,
        wide_only: bool = False,
    ) -> list[Problem]:
        """The problems of an entry's constraints where it is offered (``wide_only``: only
        its minimums over the force or roster, for an entry checked where nothing offers it)."""
        out: list[Problem] = []
        first = mine[0] if mine and node.kind == "entry" else None
        ctx = (
            self.ev.ctx_of(first)
            if first is not None
            else Ctx(self.roster, force, None, parent, node)
        )
        values: Values | None = None
        for constraint in node.constraints:
            if constraint.type == "max" and not mine:
                continue  # a maximum is reported where something was selected
            if wide_only and not constraint.wide_minimum:
                continue
            if constraint.names_scope and not self.ev.has_subject(constraint, ctx):
                continue
            # Modifiers are only evaluated when they could matter: they change this limit,
            # or the constraint fails and a hidden, unselected entry must not report it.
            if values is None and (first is not None or constraint.id in node.modified_fields):
                values = self.ev.entry_values(node, ctx)
            limit = float(
                values.fields.get(constraint.id, constraint.value) if values else constraint.value
            )
            on_limit = self._against_cost_limit(constraint, limit)
            if on_limit is not None:
                spec, limit = on_limit
                count = self.ev.query(spec, ctx, node, child_id="")
            else:
                count = self.ev.constraint_count(constraint, node, ctx)
            if not self.breaks(constraint, limit, count):
                continue  # (most hold: the owner is only worked out for a problem)
            if node.kind == "group" or constraint.type == "min" or first is None:
                owner_type, owner_id, owner_entry = self._container_owner(force, parent, node)
            else:
                owner_type, owner_id, owner_entry = "selection", first.id, first.node.id
            problem = self._problem(constraint, limit, count, owner_type, owner_id, owner_entry)
            if values is None:
                values = self.ev.entry_values(node, ctx)
            if values.fields.get("hidden") and not mine:
                return out
            # a roster- or force-wide limit is reported once, not under every parent
            counted = node.id if constraint.raw.get("shared") else node.path_id
            key = (constraint.id, counted, self._scope_key(constraint.scope, ctx))
            if key not in seen:
                seen.add(key)
                out.append(problem)
        return out

    def _scope_key(self, scope: str, ctx: Ctx) -> str:
        objects = self.ev.scope_objects(scope, ctx)
        return ",".join(str(getattr(o, "id", "")) for o in objects)

    def _container_owner(
        self, force: Force, parent: Selection | None, node: EntryNode
    ) -> tuple[str, str, str]:
        if parent is not None:
            return "selection", parent.id, parent.node.id
        primary = next((c.id for c in node.categories if c.primary), None)
        if primary is None:
            return "force", force.id, force.node.id
        return "category", force.id, primary

    def _problem(
        self,
        constraint: Constraint,
        limit: float,
        count: float,
        owner_type: str,
        owner_id: str,
        owner_entry: str,
    ) -> Problem:
        """The problem of a count that breaks a constraint."""
        kind = report.CONSTRAINT_MAX if constraint.type == "max" else report.CONSTRAINT_MIN
        params = {
            "kind": kind,
            "name": self._label(constraint),
            "entry_id": constraint.owner_id,
            "count": json_number(count),
            "limit": json_number(limit),
            "field": constraint.field,
            "scope": constraint.scope,
        }
        return Problem(
            str(constraint.raw.get("code") or kind),
            report.ERROR,
            owner_type,
            owner_id,
            owner_entry,
            constraint.owner_id,
            constraint.id,
            report.words(kind, params),
            constraint.raw.get("rule"),
            params,
        )

    @staticmethod
    def breaks(constraint: Constraint, limit: float, count: float) -> bool:
        """Whether a count breaks a constraint (a negative maximum is no maximum)."""
        if constraint.type == "max":
            return limit >= 0 and count > limit + 1e-9
        return constraint.type == "min" and count < limit - 1e-9

    def _label(self, constraint: Constraint) -> str:
        node = self.compiled.find_any(constraint.owner_id)
        return str((node or {}).get("name") or constraint.owner_id)
