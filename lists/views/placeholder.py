"""A list, read only: what the new-list wizard leads to until the builder page is merged."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from lists import selectors, services


def builder(request: HttpRequest, list_id: int) -> HttpResponse:
    army_list = selectors.owned_list(user=request.user, list_id=list_id)
    state = services.load_list(army_list=army_list, explain=False)
    return render(
        request, "lists/list_summary.html", {"army_list": army_list, "report": state.report}
    )
