"""In a real browser: building lists on the builder page, at desktop and phone widths, with
the mouse and with the keyboard alone, and two tabs editing one list."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from catalogues.examples import shipped_examples
from catalogues.models import GameSystem
from lists import sharing
from tests.browser.builder_helpers import (
    act,
    add_unit,
    check,
    editor,
    errors,
    focus_is_visible,
    log_in,
    new_list,
    no_horizontal_scroll,
    open_unit,
    screenshot,
    set_count,
    tab_to,
)
from tests.browser.conftest import collect_errors
from tests.catalogues.packs import load_pack

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def forty_k() -> GameSystem:
    return load_pack("warhammer-40k-9th")


@pytest.fixture
def warmachine() -> GameSystem:
    return load_pack("warmachine-mk2")


DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}

# A legal 4500-point Dwarven Holds army: (unit, [(option, count or None to tick/pick)]).
NINTH_AGE_PLAN: list[tuple[str, list[tuple[str, int | None]]]] = [
    ("King", [("Mount: War Throne", None)]),
    ("Thane", [("Battle Standard Bearer", None)]),
    ("Clan Warriors", [("Models", 35), ("Shields", None)]),
    ("Clan Warriors", [("Models", 35), ("Shields", None)]),
    ("Clan Warriors", [("Models", 35), ("Shields", None)]),
    ("Grudge Buster", []),
    ("Grudge Buster", []),
    ("Anvil of Power", []),
    ("Field Artillery", [("Organ Gun", None)]),
    ("Field Artillery", [("Dwarf Cannon", None)]),
    ("Steam Copter", [("Shrapnel Grenades", None)]),
    ("Rangers", []),
    ("King's Guard", []),
    ("Miners", []),
    ("Runic Smith", []),
    ("Engineer", []),
    ("Grey Beards", [("Models", 12), ("Musician", None), ("Standard Bearer", None)]),
]


def build_ninth_age(page: Page) -> None:
    for unit, options in NINTH_AGE_PLAN:
        add_unit(page, unit)
        for option, count in options:
            if count is None:
                check(page, option)
            else:
                set_count(page, option, count)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_legal_ninth_age_list_from_an_empty_list(
    page_errors: list[str],
    live_server: LiveServer,
    page: Page,
    ninth_age: GameSystem,
    viewport: dict[str, int],
) -> None:
    page.set_viewport_size(viewport)
    user = log_in(page, live_server.url)
    army_list = new_list(user, ninth_age, "t9a3-dh", {"t9a3-pts": 4500})
    page.goto(f"{live_server.url}/lists/{army_list.pk}/")
    expect(page.locator("#list-panel #no-forces")).to_be_visible()

    act(page, page.get_by_role("button", name="Add force").click)
    expect(page.locator("#list-panel .force")).to_have_count(1)
    build_ninth_age(page)

    expect(errors(page)).to_have_count(0)
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "legal")
    expect(page.locator("#bar")).to_contain_text("4,497")
    characters = page.locator("#list-panel .cat", has_text="Characters")
    expect(characters.locator(".gauge")).to_contain_text("(40%)")
    no_horizontal_scroll(page)
    screenshot(page, f"ninth-age-{viewport['width']}")
    assert page_errors == []


SM_PLAN: list[tuple[str, list[tuple[str, int | None]]]] = [
    ("Battle Size", [("Strike Force", None)]),
    ("Battalion Detachment command cost", []),
    ("Captain", [("Warlord", 1)]),
    ("Librarian", []),
    ("Primaris Lieutenant", []),
    ("Intercessor Squad", [("Intercessor", 9)]),
    ("Intercessor Squad", [("Intercessor", 9)]),
    ("Tactical Squad", [("Space Marine", 9)]),
    ("Assault Intercessor Squad", [("Assault Intercessor", 9)]),
    ("Redemptor Dreadnought", []),
    ("Dreadnought", []),
    ("Bladeguard Veteran Squad", []),
    ("Infiltrator Squad", []),
    ("Outrider Squad", []),
    ("Hellblaster Squad", []),
    ("Eradicator Squad", []),
    ("Predator", []),
]


def build(page: Page, plan: list[tuple[str, list[tuple[str, int | None]]]]) -> None:
    for unit, options in plan:
        add_unit(page, unit)
        for option, count in options:
            if count is None:
                check(page, option)
            else:
                set_count(page, option, count)


def test_a_forty_k_list_made_illegal_shows_the_rule_and_is_fixed(
    page_errors: list[str], live_server: LiveServer, page: Page, forty_k: GameSystem
) -> None:
    page.set_viewport_size(DESKTOP)
    user = log_in(page, live_server.url)
    army_list = new_list(
        user,
        forty_k,
        "w40k9-sm",
        {"w40k9-pts": 2000},
        force_entry_id="w40k9-fe-battalion",
    )
    page.goto(f"{live_server.url}/lists/{army_list.pk}/")
    # the detachment comes with its Chapter: chosen once, it is every unit's
    expect(page.locator("#list-panel .row", has_text="Chapter")).to_have_count(1)
    open_unit(page, "Chapter")
    check(page, "Ultramarines")
    build(page, SM_PLAN)
    expect(errors(page)).to_have_count(0)
    expect(page.locator("#bar")).to_contain_text("1,955")
    hq = page.locator("#list-panel .cat", has_text="HQ")
    expect(hq.locator(".gauge").last).to_have_text("3 of max 3")

    add_unit(page, "Chaplain")
    slot = errors(page).and_(page.locator('[data-code="w40k9.detachment.slot_max"]'))
    expect(slot).to_have_count(1)
    expect(slot).to_contain_text("warhammer-40k-9th.md")  # the rule it cites
    # which opens at its entry on the game's rules page
    expect(slot.locator('a[href$="/rules/#w40k9.detachment.slot_max"]')).to_have_count(1)
    expect(errors(page).and_(page.locator('[data-code="cost_limit.exceeded"]'))).to_have_count(1)
    expect(hq.locator(".gauge-broken")).to_have_count(1)
    screenshot(page, "forty-k-illegal-1280")

    # the problem leads to the detachment; then the Chaplain goes and the list is legal again
    slot.locator("a[data-focus]").click()
    expect(page.locator("#list-panel .force").first).to_be_focused()
    act(page, page.locator("#editor-panel").get_by_role("button", name="Remove").click)
    expect(errors(page)).to_have_count(0)
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "legal")
    assert page_errors == []


def open_cygnar_skirmish(page: Page, server_url: str, warmachine: GameSystem) -> None:
    """Logs in and opens a new, empty 50-point Cygnar skirmish list in the builder."""
    user = log_in(page, server_url)
    army_list = new_list(
        user, warmachine, "wmk2-cygnar", {"wmk2-pts": 50}, force_entry_id="wmk2-force-skirmish"
    )
    page.goto(f"{server_url}/lists/{army_list.pk}/")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_warjacks_join_a_battlegroup_and_unused_points_are_shown(
    page_errors: list[str],
    live_server: LiveServer,
    page: Page,
    warmachine: GameSystem,
    viewport: dict[str, int],
) -> None:
    page.set_viewport_size(viewport)
    open_cygnar_skirmish(page, live_server.url, warmachine)
    add_unit(page, "Commander Coleman Stryker")
    act(page, editor(page).get_by_role("button", name="One more Charger").click)
    caster = page.locator("#list-panel .row", has_text="Commander Coleman Stryker")
    expect(caster).to_contain_text("Charger")
    expect(caster.locator(".row-cost")).not_to_contain_text("Warjack")
    warjack_points = caster.locator('.row-allowances [data-code="wmh.warjack_points"]')
    expect(warjack_points).to_have_attribute("data-used", "4")
    expect(warjack_points).to_have_attribute("data-available", "6")
    unused = page.locator('#problems-panel li[data-code="wmh.warjack_points.unused"]')
    expect(unused).to_have_count(1)

    act(page, editor(page).get_by_role("button", name="One more Lancer").click)
    expect(caster).to_contain_text("Lancer")
    expect(caster.locator(".row-cost")).not_to_contain_text("lost")
    expect(warjack_points).to_have_attribute("data-used", "6")
    expect(unused).to_have_count(0)
    # each warjack is its own pick, with options of its own
    expect(editor(page).locator(".picks li")).to_have_count(2)
    no_horizontal_scroll(page)
    screenshot(page, f"warmachine-{viewport['width']}")
    assert page_errors == []


def test_a_list_built_with_the_keyboard_alone(
    page_errors: list[str], live_server: LiveServer, page: Page, warmachine: GameSystem
) -> None:
    page.set_viewport_size(DESKTOP)
    open_cygnar_skirmish(page, live_server.url, warmachine)

    tab_to(page, "#add-search")
    page.keyboard.type("stryker")
    tab_to(page, "li.add-entry button", "Commander Coleman Stryker")
    assert focus_is_visible(page)
    act(page, lambda: page.keyboard.press("Enter"))
    expect(page.locator("#editor-heading")).to_be_focused()
    expect(page.locator("#editor-heading")).to_contain_text("Commander Coleman Stryker")

    tab_to(page, "button[aria-label='One more Charger']")
    assert focus_is_visible(page)
    act(page, lambda: page.keyboard.press("Enter"))
    # focus stays on the control used
    expect(page.get_by_role("button", name="One more Charger")).to_be_focused()
    expect(page.locator("#list-panel .row").first).to_contain_text("Charger")

    tab_to(page, "#custom-name")
    page.keyboard.type("Storm lord")
    act(page, lambda: page.keyboard.press("Enter"))
    expect(page.locator("#list-panel .row", has_text="Storm lord")).to_have_count(1)

    # undo and redo from the keyboard
    page.locator("#list-panel").focus()
    act(page, lambda: page.keyboard.press("Control+z"))
    expect(page.locator("#list-panel .row", has_text="Storm lord")).to_have_count(0)
    act(page, lambda: page.keyboard.press("Control+Shift+z"))
    expect(page.locator("#list-panel .row", has_text="Storm lord")).to_have_count(1)

    # a problem's link moves focus to the unit it concerns
    unused = page.locator("#problems-panel a", has_text="Storm lord")
    expect(unused).to_have_count(1)
    unused.focus()
    act(page, lambda: page.keyboard.press("Enter"))
    expect(page.locator("#editor-heading")).to_contain_text("Storm lord")
    expect(page.locator("#editor-heading")).to_be_focused()
    assert focus_is_visible(page)

    # a number typed into a stepper: a Lancer spends the unused warjack points
    tab_to(page, "a.row-main", "Storm lord")
    act(page, lambda: page.keyboard.press("Enter"))
    tab_to(page, "input[type=number]", "Lancer")
    page.keyboard.type("1")
    act(page, lambda: page.keyboard.press("Enter"))
    expect(editor(page).get_by_label("Lancer", exact=True)).to_have_value("1")
    expect(page.locator("#problems-panel a", has_text="Storm lord")).to_have_count(0)
    assert page_errors == []


def test_a_stale_tab_is_told_and_can_apply_its_change(
    page_errors: list[str], live_server: LiveServer, page: Page, ninth_age: GameSystem
) -> None:
    user = log_in(page, live_server.url)
    army_list = new_list(user, ninth_age, "t9a3-dh", {"t9a3-pts": 4500}, "t9a3-dh-force")
    url = f"{live_server.url}/lists/{army_list.pk}/"
    page.goto(url)
    other = page.context.new_page()
    other_errors = collect_errors(other)
    other.goto(url)

    add_unit(page, "King")
    # the other tab still shows the list before the King; its edit is not saved
    other.locator("#add-panel li.add-entry button", has_text="Thane").click()
    expect(other.locator("#stale-banner")).to_have_attribute("data-code", "edit.stale_version")
    expect(other.locator("#list-panel .row")).to_have_count(0)

    other.locator("#stale-banner form button[type=submit]").click()
    expect(other.locator("#stale-banner")).to_have_count(0)
    expect(other.locator("#list-panel .row")).to_have_count(2)
    page.reload()
    expect(page.locator("#list-panel .row")).to_have_count(2)
    assert page_errors == []
    assert other_errors == [
        f"409 {live_server.url}{reverse('lists:edit', args=[army_list.pk, 'add'])}"
    ]


@pytest.mark.parametrize("viewport", [DESKTOP, {"width": 900, "height": 800}, PHONE])
def test_the_problems_panel_shows_every_problem_whole(
    page_errors: list[str],
    live_server: LiveServer,
    page: Page,
    forty_k: GameSystem,
    viewport: dict[str, int],
) -> None:
    page.set_viewport_size(viewport)
    user = log_in(page, live_server.url)
    army_list = new_list(
        user, forty_k, "w40k9-sm", {"w40k9-pts": 2000}, force_entry_id="w40k9-fe-battalion"
    )
    page.goto(f"{live_server.url}/lists/{army_list.pk}/")
    expect(errors(page)).not_to_have_count(0)

    panel = page.locator("#problems-panel")
    # nothing scrolls or is hidden inside the panel: each item is read whole
    assert panel.evaluate("(p) => p.scrollHeight <= p.clientHeight + 1")
    assert panel.evaluate("(p) => getComputedStyle(p).overflowY") == "visible"
    no_horizontal_scroll(page)
    screenshot(page, f"problems-whole-{viewport['width']}")
    assert page_errors == []


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_an_example_copied_in_one_click_says_which_costs_are_not_entered(
    page_errors: list[str],
    live_server: LiveServer,
    page: Page,
    viewport: dict[str, int],
) -> None:
    page.set_viewport_size(viewport)
    battleground = load_pack("battleground")
    log_in(page, live_server.url)
    page.goto(
        f"{live_server.url}/systems/{battleground.slug}/examples/men-of-hawkshold-legal-2000/"
    )
    page.locator("#copy-example").click()

    verdict = page.locator('#bar [data-code="verdict.costs_not_entered"]')
    expect(verdict).to_be_visible()
    expect(page.locator('#bar [data-code="costs.not_entered"]')).to_contain_text("Knights")
    no_horizontal_scroll(page)
    screenshot(page, f"costs-not-entered-{viewport['width']}")
    assert page_errors == []


def test_a_wizards_spell_problem_opens_where_the_spells_are_chosen(
    page_errors: list[str], live_server: LiveServer, page: Page, ninth_age: GameSystem
) -> None:
    page.set_viewport_size(DESKTOP)
    user = log_in(page, live_server.url)
    example = next(e for e in shipped_examples() if e.slug == "highborn-elves-legal-4500")
    army_list = sharing.copy_example(user=user, example=example)
    page.goto(f"{live_server.url}/lists/{army_list.pk}/")
    open_unit(page, "Mage")
    act(page, editor(page).locator(".picks a", has_text="Path of Pyromancy").click)
    act(page, editor(page).get_by_label("6. Tide of Flames", exact=True).uncheck)
    open_unit(page, "High Prince")

    problem = page.locator("#problems-panel li", has_text="t9a.wizard.spell_count")
    act(page, problem.locator("a.problem-fix").click)
    expect(page.locator("#editor-heading")).to_contain_text("Path of Pyromancy")
    spells = editor(page).locator("fieldset", has_text="Spells")
    expect(spells).to_be_focused()
    expect(spells.locator('[data-code="option.required"]')).to_be_visible()
    expect(editor(page).get_by_label("6. Tide of Flames", exact=True)).not_to_be_checked()
    screenshot(page, "spell-problem-opens-path-1280")
    assert page_errors == []


def test_enter_in_the_search_adds_the_first_match(
    page_errors: list[str], live_server: LiveServer, page: Page, ninth_age: GameSystem
) -> None:
    user = log_in(page, live_server.url)
    army_list = new_list(user, ninth_age, "t9a3-dh", {"t9a3-pts": 4500}, "t9a3-dh-force")
    page.goto(f"{live_server.url}/lists/{army_list.pk}/")

    search = page.locator("#add-search")
    search.fill("grudge bus")
    act(page, lambda: search.press("Enter"))

    expect(page.locator("#list-panel .row", has_text="Grudge Buster")).to_have_count(1)
    expect(page.locator("#editor-heading")).to_contain_text("Grudge Buster")
    assert page_errors == []


def test_on_a_phone_the_totals_stay_in_view_while_editing(
    page_errors: list[str], live_server: LiveServer, page: Page, forty_k: GameSystem
) -> None:
    page.set_viewport_size(PHONE)
    user = log_in(page, live_server.url)
    army_list = new_list(
        user, forty_k, "w40k9-sm", {"w40k9-pts": 2000}, force_entry_id="w40k9-fe-battalion"
    )
    page.goto(f"{live_server.url}/lists/{army_list.pk}/")
    bar = page.locator("#bar").bounding_box()
    assert bar is not None
    assert bar["y"] + bar["height"] < PHONE["height"] / 2  # three cost types, one short bar

    add_unit(page, "Captain")
    totals = page.locator("#tab-totals")
    expect(totals).to_contain_text("85/2,000 pts")
    box = totals.bounding_box()
    assert box is not None
    assert 0 <= box["y"] < PHONE["height"]  # in view beside the editor
    screenshot(page, "phone-totals-375")
    assert page_errors == []


def test_a_jack_marshal_can_be_given_a_third_warjack_and_the_rule_is_named(
    page_errors: list[str], live_server: LiveServer, page: Page, warmachine: GameSystem
) -> None:
    page.set_viewport_size(DESKTOP)
    user = log_in(page, live_server.url)
    army_list = new_list(
        user, warmachine, "wmk2-khador", {"wmk2-pts": 50}, force_entry_id="wmk2-force-skirmish"
    )
    page.goto(f"{live_server.url}/lists/{army_list.pk}/")
    add_unit(page, "Iron Fang Kovnik")
    more = editor(page).get_by_role("button", name="One more Juggernaut")
    for _ in range(2):
        act(page, more.click)
    expect(more).to_be_enabled()  # the limit is the list's problem, not a wall
    expect(editor(page).locator(".why", has_text="WM-R18").first).to_be_visible()

    act(page, more.click)

    problem = errors(page).filter(has_text="wmh.jack_marshal.max_warjacks")
    expect(problem).to_have_count(1)
    expect(problem).to_contain_text("WM-R18")
    expect(editor(page).locator('[data-code="option.over_limit"]')).to_be_visible()
    screenshot(page, "jack-marshal-third-warjack-1280")
    assert page_errors == []


def test_a_battleground_force_of_another_race_can_be_added_and_is_flagged(
    page_errors: list[str], live_server: LiveServer, page: Page
) -> None:
    page.set_viewport_size(DESKTOP)
    load_pack("battleground")
    user = log_in(page, live_server.url)
    example = next(e for e in shipped_examples() if e.slug == "men-of-hawkshold-legal-2000")
    army_list = sharing.copy_example(user=user, example=example)
    page.goto(f"{live_server.url}/lists/{army_list.pk}/")

    page.locator("details.add-force > summary").click()
    page.locator("#new-force").select_option(label="Army (Orc Army)")
    act(page, page.get_by_role("button", name="Add force").click)

    problem = errors(page).filter(has_text="bg.single_race")
    expect(problem).to_have_count(1)
    expect(problem).to_contain_text("BG-6")
    screenshot(page, "battleground-two-races-1280")
    assert page_errors == []
