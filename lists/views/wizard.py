"""The new-list wizard: game, then faction, then size, list options and first force.

The first two steps are links (a game, then one of its factions); the last is one form
built from the chosen faction's data (``lists.forms.NewListForm``). Every step works
without JavaScript.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from armybuilder.engine.localize import name_of
from catalogues.closures import ClosureError, compiled_closure, resolve_closure
from catalogues.names import closure_names
from lists import selectors, services
from lists.forms import NewListForm


@login_required
@require_http_methods(["GET", "POST"])
def new_list(request: HttpRequest) -> HttpResponse:
    game_slug = request.GET.get("game", "")
    faction_slug = request.GET.get("faction", "")
    if not game_slug:
        games = selectors.games_for_new_list()
        return render(request, "lists/new_game.html", {"games": games, "step": 1})
    game_system = get_object_or_404(selectors.games_for_new_list(), slug=game_slug)
    factions = selectors.factions_of(game_system=game_system)
    if not faction_slug:
        return render(
            request,
            "lists/new_faction.html",
            {"game_system": game_system, "factions": factions, "step": 2},
        )
    catalogue = get_object_or_404(factions, slug=faction_slug)
    revision = selectors.newest_revision(catalogue=catalogue)
    if revision is None:
        raise Http404
    try:
        closure = resolve_closure(game_system=game_system, catalogue_revisions=[revision])
        compiled = compiled_closure(closure)
    except ClosureError as error:
        raise Http404 from error
    names = closure_names(closure)
    form = NewListForm(
        request.POST or None,
        compiled=compiled,
        catalogue_id=catalogue.bs_id,
        names=names,
        initial={"name": name_of(names, catalogue.bs_id, catalogue.name)},
    )
    status = 400 if form.is_bound else 200
    if request.method == "POST" and form.is_valid():
        try:
            state = services.create_list(
                user=request.user,
                game_system=game_system,
                catalogue=catalogue,
                name=form.cleaned_data["name"],
                cost_limits=form.cost_limits(),
                options=form.options(),
                force_entry_id=form.force_entry_id(),
                setup_selections=form.setup_selections(),
            )
        except services.EditRejected as rejected:
            form.add_error(None, rejected.detail)
            status = rejected.status
        else:
            return redirect("lists:builder", list_id=state.army_list.pk)
    return render(
        request,
        "lists/new_details.html",
        {
            "game_system": game_system,
            "catalogue": catalogue,
            "revision": revision,
            "form": form,
            "step": 3,
        },
        status=status,
    )
