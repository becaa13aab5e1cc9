"""Game data's names in the reader's language: the builder, the API and exports (issue 20)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from lists.services import ListState
from tests.lists.conftest import WARRIORS, add

pytestmark = pytest.mark.django_db


def _get(user: Any, url: str, language: str, **headers: Any) -> Any:
    """A page or API answer as a reader of ``language`` gets it (the request's
    Accept-Language, and the language active while it is served)."""
    client = Client()
    client.force_login(user)
    with translation.override(language):
        return client.get(url, HTTP_ACCEPT_LANGUAGE=language, **headers)


def test_the_builder_names_the_packs_entries_in_the_readers_language(
    player: Any, dwarven_list: ListState
) -> None:
    state = add(dwarven_list, WARRIORS)
    url = reverse("lists:builder", args=[state.army_list.pk])
    italian = _get(player, url, "it").content.decode()
    english = _get(player, url, "en").content.decode()
    assert "Guerrieri del Clan" in italian
    assert "Clan Warriors" not in italian.split("</header>", 1)[-1]
    assert "Clan Warriors" in english
    assert "Guerrieri del Clan" not in english
