"""The roster view of one evaluation pass: every force, selection, category, profile, rule
and cost as New Recruit shows them, modifiers applied.

Views no modifier can change are built once per compiled closure and shared (see
``armybuilder.engine.view``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from armybuilder.engine.evaluator import Ctx, Evaluator, Values
from armybuilder.engine.model import CategoryNode, InfoNode, JsonDict, as_text, opt_text
from armybuilder.engine.roster import Force, Selection
from armybuilder.engine.view import (
    CategoryView,
    CharacteristicView,
    CostView,
    ForceView,
    ProfileView,
    RosterView,
    RuleView,
    SelectionView,
)

# New Recruit files every uncategorised top-level selection under this pseudo category.
NO_CATEGORY = "(No Category)"
NO_CATEGORY_NAME = "Uncategorized"
# fields of an entry or info itself (not a characteristic of its profiles)
ENTRY_FIELDS = frozenset({"name", "hidden", "page", "publicationId", "description"})
# a selection's categories, profiles and rules, and whether its entry alone decides them
Decor = tuple[list[CategoryView], list[ProfileView], list[RuleView], bool]


@dataclass(slots=True)
class SelectionParts:
    """The parts of a selection's view its entry's values decide.

    Like every view object they are read-only: the lists are shared by every selection of an
    entry no modifier changes, in every evaluation.
    """

    name: str
    hidden: bool
    costs: list[tuple[str, str, float, bool]]  # type id, name, value of one, hidden
    categories: list[CategoryView]
    profiles: list[ProfileView]
    rules: list[RuleView]
    entry_group_name: str | None
    page: str | None
    publication_id: Any
    publication_name: str | None
    annotation: str | None
    cost_views: dict[int, list[CostView]] = field(default_factory=dict)  # by number


@lru_cache(maxsize=4096)
def natural_key(text: str) -> tuple[tuple[int, int, str], ...]:
    """Sort key putting "Unit 2" before "Unit 10" (names repeat, so it is memoised)."""
    return tuple(
        (0, int(part), "") if part.isdigit() else (1, 0, part.lower())
        for part in re.split(r"(\d+)", text)
        if part
    )


class ViewBuilder:
    """The view of one evaluation pass (sharing the evaluator's caches)."""

    def __init__(self, ev: Evaluator) -> None:
        self.ev = ev
        self.roster = ev.roster
        self.compiled = ev.compiled
        # views no modifier can change are built once per compiled closure and shared
        self._static_infos = self.compiled.static_info_views
        self._static_categories = self.compiled.static_category_views
        self._static_parts = self.compiled.static_selection_parts
        self._static_decor = self.compiled.static_selection_decor

    def view(self) -> RosterView:
        roster = self.roster
        compiled = self.compiled
        self.ev.settle_categories()
        view = RosterView(
            id=roster.id,
            name=roster.name,
            game_system_id=compiled.game_system_id,
            game_system_name=str(compiled.game_system.get("name", "")),
            game_system_revision=compiled.document_revision(compiled.game_system_id),
            forces=[self._force_view(f, None) for f in roster.forces],
            costs=[],
            cost_limits=dict(roster.cost_limits),
            options=dict(roster.options),
            custom_notes=roster.custom_notes,
            unlinked_costs=dict(roster.unlinked_costs),
        )
        # Summed in display order, as New Recruit does (float drift included).
        totals = dict.fromkeys(compiled.used_cost_types, 0.0)
        for selection in view.all_selections():
            for cost in selection.costs:
                totals[cost.type_id] = totals.get(cost.type_id, 0.0) + cost.value
        for type_id, value in roster.unlinked_costs.items():
            totals[type_id] = totals.get(type_id, 0.0) + value
        view.costs = [
            CostView(ct.id, ct.name, totals[ct.id], ct.hidden)
            for ct in compiled.cost_types
            if ct.id in totals
        ]
        return view

    def _force_view(self, force: Force, parent: ForceView | None) -> ForceView:
        ctx = Ctx(self.roster, force)
        values = self.ev.force_values(force)
        # Top-level selections sit under their primary category, in the force entry's
        # category order (uncategorised first), then by the natural order of their entries'
        # own names (New Recruit's order: a name a modifier gives does not move a selection).
        order = {c.id: i for i, c in enumerate(force.node.categories)}
        primaries = {s.id: self.ev.primary_category(s) for s in force.selections}
        selections = sorted(
            force.selections,
            key=lambda s: (order.get(primaries[s.id] or "", -1), natural_key(s.node.name)),
        )
        categories = [self._category_view(c, ctx, force) for c in force.node.categories]
        if self._has_uncategorised(force, primaries.values(), order):
            categories.insert(0, CategoryView(NO_CATEGORY, NO_CATEGORY_NAME, False))
        view = ForceView(
            id=force.id,
            entry_id=force.node.id,
            name=as_text(values.fields["name"]),
            catalogue_id=force.catalogue_id,
            catalogue_name=self.compiled.document_name(force.catalogue_id),
            catalogue_revision=self.compiled.document_revision(force.catalogue_id),
            hidden=bool(values.fields["hidden"]),
            selections=[],
            categories=categories,
            parent=parent,
            page=force.node.raw.get("page"),
            publication_id=force.node.raw.get("publicationId"),
            custom_name=force.custom_name,
            custom_notes=force.custom_notes,
        )
        # a force shows its entry's infos, then the game system's and its catalogue's rules
        infos = force.node.infos + self.compiled.document_rules(force.catalogue_id)
        view.profiles, view.rules = self._infos(infos, ctx, self.ev.incoming_for(force))
        view.selections = [self._selection_view(s, None) for s in selections]
        definition = {id(node): i for i, node in enumerate(force.node.child_forces)}
        children = sorted(
            force.child_forces, key=lambda f: definition.get(id(f.node), len(definition))
        )
        view.child_forces = [self._force_view(child, view) for child in children]
        view.publications = self._publications(force.catalogue_id)
        return view

    def _has_uncategorised(
        self, force: Force, primaries: Iterable[str | None], order: dict[str, int]
    ) -> bool:
        return any(p not in order for p in primaries) or self.compiled.offers_uncategorised(
            force.catalogue_id
        )

    def _publications(self, catalogue_id: str) -> list[tuple[str, str]]:
        bodies = [self.compiled.catalogues.get(catalogue_id, {}), self.compiled.game_system]
        return [
            (str(p.get("id", "")), str(p.get("name", "")))
            for body in bodies
            for p in body.get("publications") or []
        ]

    def _category_view(
        self,
        category: CategoryNode,
        ctx: Ctx,
        force: Force | None,
        primary: bool = False,
        cache: bool = True,
    ) -> CategoryView:
        """A category of a force (with its customisation) or of a selection."""
        uncustomised = force is None or category.id not in force.category_custom
        if cache and uncustomised and category.static:
            key = (category, primary)
            cached = self._static_categories.get(key)
            if cached is None:
                cached = self._category_view(category, ctx, force, primary, cache=False)
                self._static_categories[key] = cached
            return cached
        values = Values({"name": category.name})
        self.ev.apply_modifiers(category.modifier_sources, ctx, values)
        profiles, rules = self._infos(category.infos, ctx)
        custom = (
            force.category_custom.get(category.id, (None, None))
            if force is not None
            else (None, None)
        )
        return CategoryView(
            entry_id=category.id,
            name=as_text(values.fields["name"]),
            primary=primary,
            id=str((category.link or {}).get("id", "")),
            profiles=profiles,
            rules=rules,
            page=category.raw.get("page"),
            publication_id=category.raw.get("publicationId"),
            custom_name=custom[0],
            custom_notes=custom[1],
        )

    def _selection_view(self, sel: Selection, parent: SelectionView | None) -> SelectionView:
        ctx = self.ev.ctx_of(sel)
        node = sel.node
        parts = self._parts(sel, ctx, self.ev.entry_values(node, ctx))
        number = sel.number
        view = SelectionView(
            id=sel.id,
            entry_id=node.path_id,
            base_entry_id=node.id,
            name=parts.name,
            type=node.type,
            number=number,
            hidden=parts.hidden,
            force_id=sel.force.id,
            costs=self._cost_views(parts, number),
            categories=parts.categories,
            profiles=parts.profiles,
            rules=parts.rules,
            parent=parent,
            entry_group_id=node.group_path_id,
            entry_group_name=parts.entry_group_name,
            page=parts.page,
            publication_id=parts.publication_id,
            publication_name=parts.publication_name,
            custom_name=sel.custom_name,
            custom_notes=sel.custom_notes,
            associations=list(sel.associations),
            annotation=parts.annotation,
        )
        if sel.children:  # (most selections have none: their view keeps its empty list)
            # by the entry's own name, as New Recruit lists them (not the name modifiers give)
            children = sorted(sel.children, key=lambda s: natural_key(s.node.name))
            view.children = [self._selection_view(c, view) for c in children]
        return view

    @staticmethod
    def _cost_views(parts: SelectionParts, number: int) -> list[CostView]:
        """The costs of ``number`` of a selection (shared like the parts they come from)."""
        views = parts.cost_views.get(number)
        if views is None:
            views = parts.cost_views[number] = [
                CostView(i, name, value * number, hidden) for i, name, value, hidden in parts.costs
            ]
        return views

    def _parts(self, sel: Selection, ctx: Ctx, values: Values) -> SelectionParts:
        """What a selection shows that its entry's values decide.

        Shared by every selection (top-level or not) of an entry whose values, categories and
        infos no modifier can change: most of a roster, rebuilt on every evaluation otherwise.
        """
        node = sel.node
        static = values is self.compiled.static_values.get(node)
        key = (node, sel.parent is None)
        if static:
            cached = self._static_parts.get(key)
            if cached is not None:
                return cached
        fields = values.fields
        categories, profiles, rules, fixed = self._decor(sel, ctx, values)
        publication_id = fields.get("publicationId")
        group = node.parent
        parts = SelectionParts(
            name=as_text(fields["name"]),
            hidden=bool(fields["hidden"]),
            costs=[
                (ct.id, ct.name, float(fields[ct.id]), ct.hidden)
                for ct in self.compiled.cost_types
                if ct.id in fields
            ],
            categories=categories,
            profiles=profiles,
            rules=rules,
            entry_group_name=group.name if group is not None and group.kind == "group" else None,
            page=opt_text(node.attr("page")),  # New Recruit ignores page modifiers
            publication_id=publication_id,
            publication_name=self._publication_name(publication_id),
            annotation=opt_text(fields.get("annotation")),
        )
        if static and fixed:
            self._static_parts[key] = parts
        return parts

    def _decor(self, sel: Selection, ctx: Ctx, values: Values) -> Decor:
        """A selection's categories, profiles and rules, and whether its entry alone decides
        them: no modifier (its own or one aimed at it) can change them, so they are shared by
        every selection of the entry, at the top level or not."""
        node = sel.node
        incoming = self.ev.incoming_for(sel)
        key = (node, sel.parent is None)
        context_free = not incoming and "category" not in node.modified_fields
        if context_free:
            cached = self._static_decor.get(key)
            if cached is not None:
                return cached
        categories: list[CategoryView] = []
        for cat_id, primary in values.categories:
            categories.append(self._category_view(node.category_node(cat_id), ctx, None, primary))
        if sel.parent is None and not categories:
            categories.append(CategoryView(NO_CATEGORY, NO_CATEGORY_NAME, True))
        profiles, rules = self._infos(node.infos, ctx, incoming)
        fixed = (
            context_free
            and all(c.static for c in node.categories)
            and all(i.static for i in node.infos)
        )
        decor = (categories, profiles, rules, fixed)
        if fixed:
            self._static_decor[key] = decor
        return decor

    def _publication_name(self, publication_id: Any) -> str | None:
        if not publication_id:
            return None
        node = self.compiled.find_any(str(publication_id))
        return None if node is None else str(node.get("name", ""))

    def _infos(
        self,
        infos: list[InfoNode],
        ctx: Ctx,
        incoming: Sequence[tuple[JsonDict, int]] = (),
    ) -> tuple[list[ProfileView], list[RuleView]]:
        """Visible profiles and rules (info groups flattened), modifiers applied."""
        profiles: list[ProfileView] = []
        rules: list[RuleView] = []
        for info in infos:
            if info.static and not incoming:
                cached = self._static_infos.get(info)
                if cached is None:
                    cached = self._info_views(info, ctx, incoming)
                    self._static_infos[info] = cached
            else:
                cached = self._info_views(info, ctx, incoming)
            profiles.extend(cached[0])
            rules.extend(cached[1])
        return profiles, rules

    def _info_views(
        self, info: InfoNode, ctx: Ctx, incoming: Sequence[tuple[JsonDict, int]]
    ) -> tuple[list[ProfileView], list[RuleView]]:
        """One profile, rule or info group as views (none when hidden)."""
        profiles: list[ProfileView] = []
        rules: list[RuleView] = []
        base: dict[str, Any] = {
            "name": info.attr("name", ""),
            "hidden": bool(info.raw.get("hidden", False))
            or bool((info.link or {}).get("hidden", False)),
            "page": info.attr("page"),
            "publicationId": info.attr("publicationId"),
        }
        if info.kind == "rule":
            base["description"] = str(info.raw.get("description", ""))
        for ch in info.raw.get("characteristics") or []:
            base[str(ch.get("typeId", ""))] = str(ch.get("value", ch.get("$text", "")))
        values = Values(base)
        # modifiers aimed at the selection reach its profiles' characteristics only
        aimed = [(m, t) for m, t in incoming if str(m.get("field", "")) not in ENTRY_FIELDS]
        self.ev.apply_modifiers(info.modifier_sources, ctx, values, aimed)
        fields = values.fields
        if fields["hidden"]:
            return profiles, rules  # New Recruit leaves hidden profiles, rules, groups out
        # (so every view made below is visible: hidden=False)
        if info.kind == "profile":
            chars = [
                CharacteristicView(
                    str(ch.get("name", "")),
                    str(ch.get("typeId", "")),
                    as_text(fields.get(str(ch.get("typeId", "")), "")),
                )
                for ch in info.raw.get("characteristics") or []
            ]
            profiles.append(
                ProfileView(
                    str(info.raw.get("id", "")),
                    as_text(fields["name"]),
                    str(info.raw.get("typeId", "")),
                    str(info.raw.get("typeName", "")),
                    False,
                    chars,
                    opt_text(fields.get("page")),
                    opt_text(fields.get("publicationId")),
                )
            )
        elif info.kind == "rule":
            rules.append(
                RuleView(
                    str(info.raw.get("id", "")),
                    as_text(fields["name"]),
                    as_text(fields["description"]),
                    False,
                    opt_text(fields.get("page")),
                    opt_text(fields.get("publicationId")),
                )
            )
        else:
            sub_profiles, sub_rules = self._infos(info.children, ctx, incoming)
            profiles.extend(sub_profiles)
            rules.extend(sub_rules)
        return profiles, rules
