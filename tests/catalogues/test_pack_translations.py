"""A pack's names in each language: the translation files, how they are stored and read, and
the shipped packs' completeness in English and Italian (issue 20)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from catalogues import names
from catalogues.examples import PACKS_DIR
from catalogues.models import NameTranslation, Revision
from catalogues.services.translations import (
    TranslationError,
    parse_table,
    read_locale_folder,
    store_translations,
    visible_names,
)
from tests.catalogues import browse_data
from tests.catalogues.packs import load_pack
from tests.engine.packs import pack_names

LANGUAGES = ("en", "it")


def _pack_names(game: str) -> dict[str, str]:
    """Element id -> its own name, for every name a player reads in a shipped pack."""
    found: dict[str, str] = {}
    for path in sorted((PACKS_DIR / game).glob("*.json")):
        found.update(visible_names(json.loads(path.read_text())))
    return found


@pytest.mark.parametrize("game", pack_names())
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_name_a_player_reads_in_a_shipped_pack_has_its_translation(
    game: str, language: str
) -> None:
    table = read_locale_folder(PACKS_DIR / game)[language]
    own = _pack_names(game)

    missing = sorted(set(own) - set(table))
    stale = sorted(set(table) - set(own))

    assert not missing, f"{game}/locale/{language}.json lacks: {missing[:20]}"
    assert not stale, f"{game}/locale/{language}.json names ids the pack lacks: {stale[:20]}"


@pytest.mark.parametrize(
    ("game", "element_id", "english", "italian"),
    [
        ("fantasy-warriors", "fw-dwarfs-command-leader", "Command Leader", "Guida del Comando"),
        ("fantasy-warriors", "fw-force-army", "Army", "Esercito"),
        ("fantasy-warriors", "fw-cat-condottiero", "Warlord", "Condottiero"),
        ("the-9th-age-3rd", "t9a3-cat-characters", "Characters", "Personaggi"),
        ("the-9th-age-3rd", "t9a3-cat-special", "Special", "Speciale"),
        ("warmachine-mk2", "wmk2-wjp", "Warjack pts", "Punti warjack"),
        (
            "warmachine-mk2",
            "wmk2-force-duel",
            "Duel: 15 pts, 1 warcaster",
            "Duello: 15 punti, 1 warcaster",
        ),
        ("warhammer-40k-9th", "w40k9-cat-hq", "HQ", "QG"),
    ],
)
def test_each_language_reads_its_own_words_taken_from_the_rulebooks(
    game: str, element_id: str, english: str, italian: str
) -> None:
    tables = read_locale_folder(PACKS_DIR / game)
    if element_id not in tables["en"]:
        pytest.fail(f"{element_id} is not in {game}'s translations")
    assert tables["en"][element_id] == english
    assert tables["it"][element_id] == italian


@pytest.mark.parametrize("game", pack_names())
def test_no_english_name_keeps_italian_words_in_parentheses(game: str) -> None:
    """The wizard labels once read "Duel (Duello)": each language now reads its own."""
    english = read_locale_folder(PACKS_DIR / game)["en"]
    for italian_word in ("(Duello)", "(Apocalisse)", "(Incompleta)", "Libertà", "Martoriato"):
        assert not any(italian_word in name for name in english.values()), italian_word


@pytest.mark.parametrize(
    ("language", "data", "code"),
    [
        ("italiano", b"{}", "translation.bad_language"),
        ("it", b"[", "translation.malformed"),
        ("it", b'["a list"]', "translation.malformed"),
        ("it", b'{"x": "two\\nlines"}', "translation.bad_name"),
        ("it", b'{"x": ""}', "translation.bad_name"),
        ("it", b'{"x": 5}', "translation.bad_name"),
        ("it", json.dumps({"x": "n" * 201}).encode(), "translation.bad_name"),
    ],
)
def test_a_translation_file_that_cannot_be_used_is_refused_with_its_code(
    language: str, data: bytes, code: str
) -> None:
    with pytest.raises(TranslationError) as refused:
        parse_table(language, data)
    assert refused.value.code == code


@pytest.mark.django_db
def test_loading_the_packs_keeps_for_each_revision_only_the_names_its_language_changes() -> None:
    game_system = load_pack("fantasy-warriors")
    revision = Revision.objects.get(game_system=game_system)

    stored = {t.language: t.names for t in NameTranslation.objects.filter(revision=revision)}

    # Italian is the pack's own language: only the few English-worded options are renamed
    assert stored["en"]["fw-force-army"] == "Army"
    assert "fw-force-army" not in stored["it"]
    assert stored["it"]["spent"] == "I punti spesi"
    assert set(stored["en"]) <= {node["id"] for node in _nodes(revision.document)}


@pytest.mark.django_db
def test_loading_a_pack_again_stores_corrected_names_without_a_new_revision(
    tmp_path: Path,
) -> None:
    load_pack("battleground")
    revisions = Revision.objects.filter(game_system__bs_id="bg-gs").count()
    folder = tmp_path / "battleground"
    folder.mkdir()
    for path in (PACKS_DIR / "battleground").glob("*.json"):
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "locale").mkdir()
    (folder / "locale" / "it.json").write_text(json.dumps({"bg-gs": "Battleground (corretto)"}))

    call_command("import_bsdata", str(folder), stdout=io.StringIO())

    assert Revision.objects.filter(game_system__bs_id="bg-gs").count() == revisions
    revision = Revision.objects.get(game_system__bs_id="bg-gs")
    assert names.names_for([revision.pk], "it")["bg-gs"] == "Battleground (corretto)"


@pytest.mark.django_db
def test_a_name_table_is_read_with_one_query_once_it_is_known() -> None:
    load_pack("warmachine-mk2")
    pks = list(Revision.objects.filter(game_system__bs_id="wmk2-gs").values_list("pk", flat=True))
    names.cache_clear()
    names.names_for(pks, "it")

    with CaptureQueriesContext(connection) as queries:
        table = names.names_for(pks, "it")

    assert len(queries) == 1
    assert table["wmk2-wjp"] == "Punti warjack"


@pytest.mark.django_db
def test_community_data_without_translations_shows_its_own_names(empty_store: None) -> None:
    catalogue = browse_data.import_test_battles()
    revision = catalogue.revisions.get()
    url = reverse("catalogues:catalogue", args=[catalogue.game_system.slug, catalogue.slug])

    with translation.override("it"):
        page = Client().get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()

    assert names.names_for([revision.pk], "it") == {}
    assert "Test Orcs" in page
    assert "Warboss" in page


@pytest.mark.django_db
def test_community_data_can_add_a_language_the_same_way(empty_store: None) -> None:
    catalogue = browse_data.import_test_battles()
    revision = catalogue.revisions.get()
    store_translations(
        revisions=[revision], tables={"it": {"tst-warboss": "Capoguerra", "tst-orcs": "Orchi"}}
    )
    url = reverse("catalogues:catalogue", args=[catalogue.game_system.slug, catalogue.slug])

    with translation.override("it"):
        italian = Client().get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    with translation.override("en"):
        english = Client().get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "Capoguerra" in italian
    assert "<h1>Orchi" in italian
    assert "Capoguerra" not in english
    assert "Warboss" in english


def _nodes(document: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    stack = [document]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if "id" in node:
                found.append(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found
