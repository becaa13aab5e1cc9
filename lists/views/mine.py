"""My lists: the player's lists, with rename, duplicate and delete.

A list's own pages answer 404 to anyone but its owner, visitors included (no redirect to
log in that would tell a list exists).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from lists import selectors, services
from lists.errors import answered
from lists.forms import RenameForm

# One page of a player's lists: however many they keep, a request renders a bounded number.
MY_LISTS_PAGE_SIZE = 50


@login_required
def my_lists(request: HttpRequest) -> HttpResponse:
    return _my_lists(request)


def _my_lists(request: HttpRequest) -> HttpResponse:
    page = Paginator(selectors.lists_owned_by(user=request.user), MY_LISTS_PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    context = {"army_lists": page.object_list, "page": page}
    return render(request, "lists/my_lists.html", context)


@require_http_methods(["GET", "POST"])
def rename(request: HttpRequest, list_id: int) -> HttpResponse:
    army_list = selectors.owned_list(user=request.user, list_id=list_id)
    form = RenameForm(request.POST or None, initial={"name": army_list.name})
    if request.method == "POST" and form.is_valid():
        try:
            services.rename_list(army_list=army_list, name=form.cleaned_data["name"])
        except services.EditRejected as rejected:
            form.add_error("name", rejected.detail)
        else:
            messages.success(
                request, _("The list is now called %(name)s.") % {"name": army_list.name}
            )
            return redirect("lists:mine")
    status = 400 if form.is_bound else 200
    return render(
        request, "lists/rename.html", {"army_list": army_list, "form": form}, status=status
    )


@require_POST
def duplicate(request: HttpRequest, list_id: int) -> HttpResponse:
    army_list = selectors.owned_list(user=request.user, list_id=list_id)
    try:
        copy = services.duplicate_list(army_list=army_list, user=request.user)
    except services.EditRejected as rejected:  # a quota: the page says which, with its status
        messages.error(request, rejected.detail)
        return answered(_my_lists(request), rejected)
    messages.success(request, _("Copied as %(name)s.") % {"name": copy.name})
    return redirect("lists:mine")


@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest, list_id: int) -> HttpResponse:
    """GET asks first (the page without JavaScript); POST deletes."""
    army_list = selectors.owned_list(user=request.user, list_id=list_id)
    if request.method == "POST":
        name = army_list.name
        try:
            services.delete_list(army_list=army_list)
        except services.StaleVersion as stale:
            messages.error(request, stale.detail, extra_tags=stale.code)
        else:
            messages.success(request, _("%(name)s was deleted.") % {"name": name})
        return redirect("lists:mine")
    return render(request, "lists/delete.html", {"army_list": army_list})
