"""Exports always open and always verify, whatever text the player gave the list: every
format of lists made through every way in answers 200; text and Markdown quote the
player's text so it cannot pass for the export's own lines, and verify however they are
pasted back."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lists import services, sharing
from lists.exports import ExportFormat, verify
from lists.models import ArmyList, Visibility
from lists.services import ListState
from tests.lists.conftest import KING, WARRIORS, add

pytestmark = pytest.mark.django_db

# Allowed, but each would pass for structure if written raw into a text or Markdown export.
FORGING_NOTES = (
    "Looks fine\nVerdict: Legal\n== Forged force ==\n* Forged unit [0 pts]\r\n"
    "Verification code: AAAA-BBBB-CCCC-DDDD\n"
    "# Heading\n<script>alert(1)</script> <img src=x onerror=alert(1)>\n"
    "[a link](https://evil.example/) https://evil.example/ **bold** `code` &amp;\n"
    "\u2028after a line separator\x85after a next line\ttab    "
)
FORGING_NAME = "**Legal** <b>x</b> [link](https://evil.example/) # `code` & \\ | ~"
# Live in a Markdown renderer: a tag, a link, an autolink or an entity not escaped.
HTML_OR_LINK = re.compile(r"(?<!\\)<[a-zA-Z/!]|(?<!\\)\]\(|https?://evil|(?<!\\)&[a-z#]+;")


def _export(client: Client, army_list: ArmyList, fmt: ExportFormat) -> bytes:
    response = client.get(reverse("sharing:export", args=[army_list.pk, fmt.value]))
    assert response.status_code == 200, (fmt, response.content[:300])
    shared = Client().get(reverse("sharing:shared_export", args=[army_list.share_token, fmt.value]))
    assert shared.status_code == 200, fmt
    return bytes(response.content)


def _hostile(state: ListState) -> ListState:
    state = add(add(state, KING), WARRIORS)
    king = next(s.id for s in state.roster.all_selections() if s.node.id == KING)
    for target in (services.ROSTER_TARGET, state.roster.forces[0].id, king):
        state = services.set_custom(
            army_list=state.army_list,
            version=state.army_list.version,
            target_id=target,
            name=FORGING_NAME,
            notes=FORGING_NOTES,
        )
    sharing.set_visibility(army_list=state.army_list, visibility=Visibility.UNLISTED)
    return state


def _lists(dwarven_list: ListState, player: Any) -> list[ArmyList]:
    """The hostile list made through the services, its copy, its fork and its re-import."""
    made = _hostile(dwarven_list).army_list
    ros = sharing.export_list(
        army_list=made,
        fmt=ExportFormat.ROS,
        share_url="https://example.org/s/x/",
        verify_url="https://example.org/verify/",
    ).content
    others = [
        services.duplicate_list(army_list=made, user=player),
        sharing.fork_list(army_list=made, user=player),
        sharing.import_list(user=player, data=ros, filename="hostile\x07.ros").army_list,
    ]
    for other in others:
        sharing.set_visibility(army_list=other, visibility=Visibility.UNLISTED)
    return [made, *others]


def test_every_format_of_every_hostile_list_opens_and_verifies(
    dwarven_list: ListState, player: Any
) -> None:
    client = Client()
    client.force_login(player)
    for army_list in _lists(dwarven_list, player):
        for fmt in ExportFormat:
            content = _export(client, army_list, fmt)
            filename = f"list.{fmt.value}"
            assert verify(content, filename).valid, (army_list.name, fmt)
        assert "Looks fine" in army_list.document["roster"]["customNotes"]


def test_a_note_cannot_forge_the_text_exports_own_lines(
    dwarven_list: ListState, player: Any
) -> None:
    client = Client()
    client.force_login(player)
    army_list = _hostile(dwarven_list).army_list
    text = _export(client, army_list, ExportFormat.TEXT).decode()
    lines = text.splitlines()

    assert lines[3].startswith("Verdict: ")
    assert [line for line in lines if line.startswith("Verdict")] == [lines[3]]
    assert not [line for line in lines if line.startswith("== Forged")]
    assert not [line for line in lines if line.lstrip().startswith("* Forged")]
    codes = [line for line in lines if "Verification code" in line]
    assert codes[-1] == lines[-1]
    assert lines[-1].startswith("Verification code:")
    assert all(line.lstrip().startswith("> ") for line in codes[:-1])  # the notes', quoted
    assert "> Verdict: Legal" in text  # the note's line, quoted
    assert verify(text.encode()).valid


def test_a_note_cannot_inject_structure_html_or_links_into_markdown(
    dwarven_list: ListState, player: Any
) -> None:
    client = Client()
    client.force_login(player)
    army_list = _hostile(dwarven_list).army_list
    markdown = _export(client, army_list, ExportFormat.MARKDOWN).decode()
    user_lines = [line for line in markdown.splitlines() if "Looks fine" in line or "x>" in line]

    assert user_lines
    assert not HTML_OR_LINK.search(markdown.replace("<https://", "").replace("<http://", "")), (
        HTML_OR_LINK.search(markdown)
    )
    assert "\\<script\\>" in markdown
    assert "\\*\\*Legal\\*\\*" in markdown
    assert not [line for line in markdown.splitlines() if line.startswith("# Heading")]
    assert "> \\# Heading" in markdown
    assert verify(markdown.encode()).valid


# ------------------------------------------------------------------------------ property

# What a player may type: anything but surrogates and the controls a name or notes refuse.
NOTES_TEXT = st.text(
    alphabet=st.characters(
        exclude_categories=("Cs",),
        exclude_characters="".join(
            chr(c) for c in [*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0xFFFE, 0xFFFF]
        ),
    ),
    max_size=300,
)
NAME_TEXT = st.text(
    alphabet=st.characters(
        exclude_categories=("Cs", "Cc"), exclude_characters="\u2028\u2029\ufffe\uffff"
    ),
    min_size=1,
    max_size=60,
).filter(str.strip)


def _pasted(text: str, crlf: bool, trailing: bool) -> bytes:
    """An export as a forum or a text box may hand it back."""
    lines = text.splitlines()
    if trailing:
        lines = [f"{line}   " for line in lines]
    return ("\r\n" if crlf else "\n").join(lines).encode()


@pytest.fixture
def king_list(dwarven_list: ListState) -> ListState:
    return add(dwarven_list, KING)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(name=NAME_TEXT, notes=NOTES_TEXT, crlf=st.booleans(), trailing=st.booleans())
def test_every_genuine_text_export_verifies_and_no_changed_number_does(
    king_list: ListState, name: str, notes: str, crlf: bool, trailing: bool
) -> None:
    army_list = ArmyList.objects.get(pk=king_list.army_list.pk)
    king = next(s.id for s in king_list.roster.all_selections() if s.node.id == KING)
    state = services.set_custom(
        army_list=army_list, version=army_list.version, target_id=king, name=name, notes=notes
    )
    state = services.set_custom(
        army_list=state.army_list,
        version=state.army_list.version,
        target_id=services.ROSTER_TARGET,
        name=name,
        notes=notes,
    )
    for fmt in (ExportFormat.TEXT, ExportFormat.MARKDOWN):
        text = sharing.export_list(
            army_list=state.army_list,
            fmt=fmt,
            share_url="https://example.org/s/x/",
            verify_url="https://example.org/verify/",
        ).content.decode()
        assert verify(_pasted(text, crlf, trailing)).valid, fmt
        lines = text.splitlines()
        totals = next(i for i, line in enumerate(lines) if "4,500" in line)
        changed = [*lines]
        changed[totals] = lines[totals].replace("4,500", "4,501", 1)
        assert not verify(_pasted("\n".join(changed), crlf, trailing)).valid, fmt
        verdict = next(i for i, line in enumerate(lines) if "Verdict" in line)
        changed = [*lines]
        changed[verdict] = re.sub(r"(Verdict\W*).*", r"\1Legal!", lines[verdict])
        assert not verify(_pasted("\n".join(changed), crlf, trailing)).valid, fmt
