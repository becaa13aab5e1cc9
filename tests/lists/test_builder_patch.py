"""An edit's answer carries only what changed on the builder page, and applying it to the
page the edit was made on gives the page a reload shows."""

from __future__ import annotations

import re
from typing import Any

import lxml.html
import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from lists import builder_patch, services
from lists.builder import add_panels, builder_page, selection_dom_id
from lists.builder_patch import changed, keys_of, page_fragments
from lists.models import ArmyList
from lists.services import ListState, load_list
from tests.lists.conftest import KING, WARRIORS, add, force_id

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
# what every edit sends again whatever changed: the editor, the banner and the version
ALWAYS = {"editor-panel", "banner", "list-version"}


class Tab:
    """A builder page in a browser, as htmx keeps it: each edit's answer swapped into it."""

    def __init__(self, client: Client, army_list: ArmyList) -> None:
        self.client = client
        self.army_list = army_list
        self.selected: str | None = None
        self.html = self.reloaded()

    def url(self) -> str:
        return reverse("lists:builder", args=[self.army_list.pk])

    def reloaded(self) -> str:
        query = {"selection": self.selected} if self.selected else {}
        response = self.client.get(self.url(), query)
        assert response.status_code == 200
        return str(response.content.decode())

    def edit(self, action: str, **fields: Any) -> list[str]:
        """Send an edit as the page's form would (with the version and the unit open that
        builder.js adds), apply its answer; the ids of the fragments it sent."""
        self.army_list.refresh_from_db()
        fields = {"version": self.army_list.version, **fields}
        if self.selected:
            fields.setdefault("shown", _open_row(self.html))
        response = self.client.post(
            reverse("lists:edit", args=[self.army_list.pk, action]), fields, **HTMX
        )
        assert response.status_code == 200, response.content[:300]
        assert response["HX-Reswap"] == "none"
        assert "HX-Trigger" not in response  # nothing more to fetch
        self.html, sent = _applied(self.html, response.content.decode())
        self.selected = _open_editor(self.html)
        return sent

    def assert_as_reloaded(self) -> None:
        assert _normal(self.html) == _normal(self.reloaded())


def _open_row(html: str) -> str:
    found = re.search(r'data-open-row="([^"]+)"', html)
    return found.group(1) if found else ""


def _open_editor(html: str) -> str | None:
    found = re.search(r'name="target_id" value="([^"]+)"', html)
    return found.group(1) if found else None


def _applied(page: str, answer: str) -> tuple[str, list[str]]:
    """``answer``'s out-of-band fragments swapped into ``page`` as htmx does."""
    doc = lxml.html.document_fromstring(page)
    sent = []
    for part in lxml.html.fragments_fromstring(answer):
        how = part.attrib.pop("hx-swap-oob")
        sent.append(part.get("id"))
        target = doc.get_element_by_id(part.get("id"))
        if how == "true":
            part.tail = target.tail
            target.getparent().replace(target, part)
        else:
            assert how == "innerHTML"
            for child in list(target):
                target.remove(child)
            target.text = part.text
            target.extend(list(part))
    return lxml.html.tostring(doc, encoding="unicode"), sent


def _normal(html: str) -> str:
    """The builder region, as compared: forms left alone keep the version they were rendered
    at (builder.js sends the current one), and each render masks its CSRF token anew."""
    doc = lxml.html.document_fromstring(html)
    (region,) = doc.find_class("bld")
    text = lxml.html.tostring(region, encoding="unicode")
    text = re.sub(r'(name="(?:version|csrfmiddlewaretoken)" value=)"[^"]*"', r"\1", text)
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", text))


def _models(state: ListState, unit: str) -> Any:
    return next(c for c in state.roster.selection(unit).children if c.node.name == "Models")


def _new_unit(army_list: ArmyList) -> str:
    army_list.refresh_from_db()
    return str(army_list.document["roster"]["forces"][0]["selections"][-1]["id"])


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_every_kind_of_edit_answers_what_a_reload_then_shows(
    player: Any, dwarven_list: ListState
) -> None:
    army_list = dwarven_list.army_list
    tab = Tab(_client(player), army_list)
    force = force_id(dwarven_list)

    tab.edit("add", force_id=force, entry_id=WARRIORS)
    tab.assert_as_reloaded()
    unit = _new_unit(army_list)
    models = _models(load_list(army_list=army_list), unit)
    for delta in ("1", "1", "-1"):
        tab.edit(
            "option",
            selection_id=unit,
            entry_id=models.node.path_id,
            count=str(models.amount),
            delta=delta,
            selected=unit,
        )
        models = _models(load_list(army_list=army_list), unit)
        tab.assert_as_reloaded()
    tab.edit("add", force_id=force, entry_id=KING)
    tab.assert_as_reloaded()
    king = _new_unit(army_list)
    state = load_list(army_list=army_list)
    choice = next(
        (g, o)
        for g in builder_page(
            roster=state.roster, report=state.report, selected_id=king
        ).editor.groups  # type: ignore[union-attr]
        if g.choose_one
        for o in g.options
        if not o.checked and o.can_add
    )
    tab.edit("choose", selection_id=king, entry_id=choice[1].entry_id, selected=king)
    tab.assert_as_reloaded()
    tab.edit("custom", target_id=king, name="Thane of the hold", notes="", selected=king)
    tab.assert_as_reloaded()
    tab.edit("cost-limit", cost_type_id="t9a3-pts", value="300")
    tab.assert_as_reloaded()
    tab.edit("undo")
    tab.assert_as_reloaded()
    tab.edit("redo")
    tab.assert_as_reloaded()
    tab.edit("duplicate", selection_id=unit, selected=unit)
    tab.assert_as_reloaded()
    tab.edit("remove", selection_id=unit)
    tab.assert_as_reloaded()
    tab.edit("add-force", force="t9a3-he t9a3-he-force")
    tab.assert_as_reloaded()
    army_list.refresh_from_db()
    tab.edit("remove-force", force_id=army_list.document["roster"]["forces"][-1]["id"])
    tab.assert_as_reloaded()


def test_a_stepper_click_sends_its_row_and_what_depends_on_it_not_the_other_rows(
    player: Any, dwarven_list: ListState
) -> None:
    state = add(add(add(dwarven_list, WARRIORS), WARRIORS), KING)
    army_list = state.army_list
    first, second, king = (s.id for s in state.roster.forces[0].selections)
    tab = Tab(_client(player), army_list)
    tab.selected = first
    tab.html = tab.reloaded()
    models = _models(state, first)

    sent = tab.edit(
        "option",
        selection_id=first,
        entry_id=models.node.path_id,
        count=str(models.amount),
        delta="1",
        selected=first,
    )

    assert selection_dom_id(first) in sent
    assert {selection_dom_id(second), selection_dom_id(king)}.isdisjoint(sent)
    # the force's points, the totals and the tab's totals depend on it; the bar's links, forms
    # and verdict do not
    assert {f"force-{force_id(state)}-head", "bar-totals", "tab-totals"} <= set(sent)
    assert "bar" not in sent
    assert set(sent) >= ALWAYS
    # no container is sent again: nothing was added, removed or moved
    assert {"list-panel", "add-entries", f"force-{force_id(state)}"}.isdisjoint(sent)
    tab.assert_as_reloaded()


def test_the_change_computation_compares_row_by_row_gauge_by_gauge_and_entry_by_entry(
    dwarven_list: ListState,
) -> None:
    before = add(add(dwarven_list, WARRIORS), WARRIORS)
    first, second = (s.id for s in before.roster.forces[0].selections)

    def fragments(state: ListState) -> tuple[builder_patch.Fragment, ...]:
        page = builder_page(roster=state.roster, report=state.report)
        add_ = add_panels(roster=state.roster, report=state.report)
        return page_fragments(page=page, add=add_, bar=())

    old = keys_of(fragments(before))
    models = _models(before, first)
    after = services.set_option_count(
        army_list=before.army_list,
        version=before.army_list.version,
        selection_id=first,
        entry_id=models.node.path_id,
        count=models.amount + 5,
    )
    sent = {f.dom_id for f in changed(fragments(after), old)}

    assert selection_dom_id(first) in sent
    assert selection_dom_id(second) not in sent
    # nothing an unchanged page shows is sent again, but what has no key
    assert {f.dom_id for f in changed(fragments(after), keys_of(fragments(after)))} == ALWAYS
    # the open row's mark moves: the rows it leaves and reaches are sent
    moved = changed(fragments(after), keys_of(fragments(after)), also={selection_dom_id(second)})
    assert selection_dom_id(second) in {f.dom_id for f in moved}
    # every add-panel entry sent is one whose cost, availability or reason changed
    new = keys_of(fragments(after))
    for dom_id in sent:
        if dom_id.startswith("add-") and dom_id != "add-force":
            assert old.get(dom_id) != new[dom_id]


def test_an_edit_on_a_page_whose_keys_are_forgotten_works_them_out_again(
    player: Any, dwarven_list: ListState
) -> None:
    state = add(add(dwarven_list, WARRIORS), WARRIORS)
    first = state.roster.forces[0].selections[0].id
    tab = Tab(_client(player), state.army_list)
    models = _models(state, first)
    cache.clear()  # another worker served the page, or its keys were evicted

    sent = tab.edit(
        "option", selection_id=first, entry_id=models.node.path_id, count="12", delta="1"
    )

    assert selection_dom_id(first) in sent
    assert "list-panel" not in sent
    tab.assert_as_reloaded()
    assert builder_patch.recall(state.army_list.pk, state.army_list.version + 1) is not None


def test_an_edit_replayed_on_the_latest_version_sends_the_whole_page(
    player: Any, dwarven_list: ListState
) -> None:
    state = add(dwarven_list, WARRIORS)
    client = _client(player)
    response = client.post(
        reverse("lists:edit", args=[state.army_list.pk, "cost-limit"]),
        {"latest": "1", "cost_type_id": "t9a3-pts", "value": "2000"},
        **HTMX,
    )

    assert response.status_code == 200
    html = response.content.decode()
    for dom_id in ("list-panel", "editor-panel", "bar", "problems-panel", "add-entries"):
        assert f'id="{dom_id}"' in html
