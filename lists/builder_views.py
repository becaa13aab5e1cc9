"""The builder page and its edit endpoints.

Each edit endpoint reads its fields, calls exactly one service with the version the page was
rendered at, and answers with what changed on the page: the fragments of the page model
(rows, gauges, totals, problems, add-panel entries) that differ from the page the edit was
made on, each swapped by htmx by its id (``lists.builder_patch``), so one click is one
request. Without JavaScript it answers with a redirect back to the page. Bad input
re-renders the unchanged list with a message (400); an edit made on an older version shows
the stale-tab banner (409), from which the same edit can be applied to the latest version.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from armybuilder.engine.caps import BAD_TEXT, MAX_NOTES_LENGTH
from armybuilder.engine.localize import Names
from armybuilder.engine.roster import RosterError
from catalogues.names import closure_names
from catalogues.services.validation import ListReport
from lists import builder_patch, selectors, services, updates
from lists.builder import AddPanel, BuilderPage, add_panels, builder_page
from lists.errors import answered
from lists.exports import revision_label
from lists.models import ArmyList
from lists.selectors import owned_list
from lists.services import EditRejected, ListState, StaleVersion

# The fields an edit form may send besides its own (never replayed by "apply to latest").
CONTROL_FIELDS = ("csrfmiddlewaretoken", "version", "latest", "selected", "shown")
FORCE_FIELD = "force"


@dataclass(frozen=True)
class Action:
    """One edit endpoint: the service it calls and how its arguments are read from a form."""

    service: Callable[..., ListState]
    arguments: Callable[[QueryDict], dict[str, Any]]
    # the selection to show in the editor afterwards (None: keep the one shown)
    selects: Callable[[QueryDict, ListState], str | None] = lambda form, state: None


def _text(form: QueryDict, name: str, *, required: bool = True) -> str | None:
    value = form.get(name)
    if value is None or value == "":
        if required:
            raise EditRejected(
                "edit.missing_field", _("A field is missing: %(name)s.") % {"name": name}
            )
        return None
    if len(value) > MAX_NOTES_LENGTH:
        raise EditRejected(
            BAD_TEXT,
            _("A field is too long: %(name)s.") % {"name": name},
            params={"max": MAX_NOTES_LENGTH},
        )
    return value


def _required(form: QueryDict, name: str) -> str:
    value = _text(form, name)
    assert value is not None  # required
    return value


def _count(form: QueryDict) -> int:
    """The count a stepper, checkbox or radio sends: ``count`` plus an optional ``delta``
    (the stepper's minus and plus buttons)."""
    count = services.parse_count(form.get("count", ""))
    delta = form.get("delta")
    if delta is None:
        return count
    if delta not in ("-1", "1"):
        raise EditRejected(services.BAD_COUNT, _("A step is one up or one down."))
    return services.parse_count(count + int(delta))


def _option_arguments(form: QueryDict) -> dict[str, Any]:
    """A checkbox or a stepper; also a choose-one group's "none" (zero of its pick)."""
    return {
        "selection_id": _required(form, "selection_id"),
        "entry_id": _required(form, "entry_id"),
        "count": _count(form),
    }


def _new_selection(form: QueryDict, state: ListState) -> str | None:
    """After adding a unit, its editor opens (New Recruit): the newest selection."""
    if form.get("parent_selection_id"):
        return None
    force = next((f for f in state.roster.all_forces() if f.id == form.get("force_id")), None)
    return force.selections[-1].id if force is not None and force.selections else None


def _force_arguments(form: QueryDict) -> dict[str, Any]:
    """A force entry and the catalogue it is drawn from, as one value: a list's force
    select offers the game system's entries once per catalogue."""
    catalogue_id, _space, force_entry_id = _required(form, FORCE_FIELD).partition(" ")
    return {
        "force_entry_id": force_entry_id,
        "catalogue_id": catalogue_id,
        "parent_force_id": _text(form, "parent_force_id", required=False),
    }


ACTIONS: Mapping[str, Action] = {
    "add-force": Action(services.add_force, _force_arguments),
    "remove-force": Action(
        services.remove_force, lambda form: {"force_id": _required(form, "force_id")}
    ),
    "add": Action(
        services.add_selection,
        lambda form: {
            "force_id": _required(form, "force_id"),
            "entry_id": _required(form, "entry_id"),
            "parent_selection_id": _text(form, "parent_selection_id", required=False),
        },
        selects=_new_selection,
    ),
    "option": Action(services.set_option_count, _option_arguments),
    "choose": Action(
        services.choose_option,
        lambda form: {
            "selection_id": _required(form, "selection_id"),
            "entry_id": _required(form, "entry_id"),
        },
    ),
    "count": Action(
        services.set_count,
        lambda form: {"selection_id": _required(form, "selection_id"), "count": _count(form)},
    ),
    "remove": Action(
        services.remove_selection, lambda form: {"selection_id": _required(form, "selection_id")}
    ),
    "duplicate": Action(
        services.duplicate_selection,
        lambda form: {
            "selection_id": _required(form, "selection_id"),
            "target_force_id": _text(form, "target_force_id", required=False),
        },
    ),
    "custom": Action(
        services.set_custom,
        lambda form: {
            "target_id": _required(form, "target_id"),
            "name": form.get("name", ""),
            "notes": form.get("notes", ""),
        },
    ),
    "cost-limit": Action(
        services.set_cost_limit,
        lambda form: {
            "cost_type_id": _required(form, "cost_type_id"),
            "value": services.parse_limit(form.get("value")),
        },
    ),
    "undo": Action(services.undo, lambda form: {}),
    "redo": Action(services.redo, lambda form: {}),
}


def builder(request: HttpRequest, list_id: int) -> HttpResponse:
    # ownership first: someone else's list (or a visitor's request) is not found, whatever
    # the method, so a list's existence is never revealed
    army_list = owned_list(user=request.user, list_id=list_id)
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET"])
    state = services.load_list(army_list=army_list, explain=False)
    return _render(request, state, selected=request.GET.get("selection"))


@require_POST
def edit(request: HttpRequest, list_id: int, action: str) -> HttpResponse:
    army_list = owned_list(user=request.user, list_id=list_id)
    chosen = ACTIONS.get(action)
    if chosen is None:
        raise Http404(_("No such edit."))
    form = request.POST
    selected = form.get("selected") or None
    before = _Before.of(army_list)
    try:
        arguments = chosen.arguments(form)
        if form.get("latest"):
            state = services.on_latest_version(chosen.service, army_list=army_list, **arguments)
        else:
            version = services.parse_version(form.get("version"))
            state = chosen.service(army_list=army_list, version=version, **arguments)
    except StaleVersion as error:
        current = _reloaded(army_list)
        stale = _replay(form, action, error)
        return _render(request, current, selected=selected, status=409, stale=stale)
    except EditRejected as error:
        current = _reloaded(army_list)
        return answered(_render(request, current, selected=selected, refusal=error), error)
    selected = chosen.selects(form, state) or selected
    if not request.htmx:  # type: ignore[attr-defined]
        url = reverse("lists:builder", args=[army_list.pk])
        return redirect(f"{url}?{urlencode({'selection': selected})}" if selected else url)
    # an edit replayed on the latest version was made on a page now stale: all of it changes
    made_on = None if form.get("latest") else before
    return _patch(request, state, selected=selected, before=made_on, shown=form.get("shown"))


@dataclass(frozen=True)
class _Before:
    """The list as it was stored when an edit came in: the page the edit was made on shows
    it (the edit is refused otherwise)."""

    army_list: ArmyList
    version: int
    name: str
    document: Mapping[str, Any]
    pinned: Mapping[str, Any]
    undo: bool
    redo: bool

    @classmethod
    def of(cls, army_list: ArmyList) -> _Before:
        return cls(
            army_list,
            army_list.version,
            army_list.name,
            army_list.document,
            army_list.pinned,
            bool(army_list.undo_stack),
            bool(army_list.redo_stack),
        )

    def keys(self) -> builder_patch.Keys:
        """The keys of its page, remembered when it was shown, or else worked out again."""
        remembered = builder_patch.recall(self.army_list.pk, self.version)
        if remembered is not None:
            return remembered
        roster, report = services.evaluate_stored(document=self.document, pinned=self.pinned)
        state = ListState(self.army_list, roster, report)
        report, names = _localized(state)
        page = _page(state, report, names, None)
        bar = _bar(
            self.army_list, _revisions(state, names), name=self.name, undo=self.undo, redo=self.redo
        )
        fragments = builder_patch.page_fragments(
            page=page, add=add_panels(roster=roster, report=report, names=names), bar=bar
        )
        return builder_patch.keys_of(fragments)


def _factions(army_list: ArmyList) -> list[tuple[str, str]]:
    """Every faction of the list's game: a force of another can be added (a multiplayer game,
    allies, or a mistake the list then shows)."""
    found = selectors.factions_of(game_system=army_list.game_system).values_list("bs_id", "name")
    return list(found)


def _reloaded(army_list: ArmyList) -> ListState:
    """The list as it now stands, after an edit that changed nothing."""
    army_list.refresh_from_db()
    return services.load_list(army_list=army_list, explain=False)


def _replay(form: QueryDict, action: str, error: StaleVersion) -> dict[str, Any]:
    """What the stale banner's "apply my change to the latest version" posts again."""
    fields = [(k, v) for k in form for v in form.getlist(k) if k not in CONTROL_FIELDS]
    return {"action": action, "fields": fields, "code": error.code}


def _render(
    request: HttpRequest,
    state: ListState,
    *,
    selected: str | None,
    status: int = 200,
    refusal: EditRejected | None = None,
    stale: dict[str, Any] | None = None,
) -> HttpResponse:
    report, names = _localized(state)
    page = _page(state, report, names, selected)
    revisions = _revisions(state, names)
    context: dict[str, Any] = {
        "army_list": state.army_list,
        "page": page,
        "report": report,
        "refusal": refusal,
        "stale": stale,
        "revisions": revisions,
    }
    htmx = getattr(request, "htmx", False)
    if htmx and stale:
        # the stale view stays as it is (its version too); only the banner is shown
        response = render(request, "lists/builder_stale.html", context, status=status)
        response["HX-Reswap"] = "none"
        return response
    if not htmx:
        pending = updates.pending_update(army_list=state.army_list)
        context["update"] = updates.notice(pending) if pending else None
        add = context["add"] = add_panels(roster=state.roster, report=report, names=names)
        # the next edit is made on this page: it compares its answer with these keys
        _remember(state, page, add, revisions)
    template = "lists/builder_region.html" if htmx else "lists/builder.html"
    return render(request, template, context, status=status)


def _patch(
    request: HttpRequest,
    state: ListState,
    *,
    selected: str | None,
    before: _Before | None,
    shown: str | None,
) -> HttpResponse:
    """An edit's answer: the fragments of the page that differ from the page it was made on
    (``before``; None: a page of another version, all of it), out of band, and nothing
    swapped in place of the target."""
    report, names = _localized(state)
    page = _page(state, report, names, selected)
    add = add_panels(roster=state.roster, report=report, names=names)
    revisions = _revisions(state, names)
    fragments = _remember(state, page, add, revisions)
    made_on = before.keys() if before is not None else {}
    context = {
        "army_list": state.army_list,
        "page": page,
        "report": report,
        "revisions": revisions,
        "add": add,
        "fragments": builder_patch.changed(
            fragments, made_on, also=builder_patch.open_rows(page, shown)
        ),
    }
    response = render(request, "lists/builder_patch.html", context)
    response["HX-Reswap"] = "none"
    return response


def _localized(state: ListState) -> tuple[ListReport, Names]:
    """The list's report with the data's names in the reader's language, and those names."""
    names = closure_names(state.report.closure)
    return state.report.localized(names), names


def _page(state: ListState, report: ListReport, names: Names, selected: str | None) -> BuilderPage:
    """The page model of ``report`` (``_localized``), with ``selected``'s editor."""
    factions = _factions(state.army_list)
    try:
        return builder_page(
            roster=state.roster,
            report=report,
            selected_id=selected,
            factions=factions,
            names=names,
        )
    except RosterError:  # a selection since removed (or a stale link): show the list alone
        return builder_page(roster=state.roster, report=report, factions=factions, names=names)


def _remember(
    state: ListState, page: BuilderPage, add: Sequence[AddPanel], revisions: PinnedRevisions
) -> tuple[builder_patch.Fragment, ...]:
    """The page's fragments, their keys kept for the edit that will be made on it."""
    army_list = state.army_list
    bar = _bar(
        army_list,
        revisions,
        name=army_list.name,
        undo=bool(army_list.undo_stack),
        redo=bool(army_list.redo_stack),
    )
    fragments = builder_patch.page_fragments(page=page, add=add, bar=bar)
    builder_patch.remember(army_list.pk, army_list.version, builder_patch.keys_of(fragments))
    return fragments


def _bar(
    army_list: ArmyList, revisions: PinnedRevisions, *, name: str, undo: bool, redo: bool
) -> tuple[object, ...]:
    """What the bar shows beyond the page model."""
    return (name, revisions, undo, redo, army_list.share_token)


@dataclass(frozen=True)
class PinnedRevisions:
    """The revisions the list is pinned to, in words: the game system's and the list's
    faction's, then the other catalogues (those they link to, allies' forces)."""

    main: tuple[str, ...]
    others: tuple[str, ...]


def _revisions(state: ListState, names: Names) -> PinnedRevisions:
    """``names``: the closure's name table (``_localized``)."""
    closure = state.report.closure
    own = state.army_list.catalogue_id
    revisions = (closure.game_system_revision, *closure.catalogue_revisions)
    return PinnedRevisions(
        main=tuple(revision_label(r, names) for r in revisions if r.catalogue_id in (None, own)),
        others=tuple(
            revision_label(r, names) for r in revisions if r.catalogue_id not in (None, own)
        ),
    )
