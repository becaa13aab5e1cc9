"""The app in English and Italian: the player's choice (the switcher, kept on the account and in a
cookie), else Accept-Language; the API by Accept-Language alone; problems, why-not reasons,
history summaries, exports and numbers in the reader's language, from codes and params."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import DatabaseError
from django.test import Client
from django.urls import reverse
from django.utils import translation
from rest_framework.exceptions import NotFound
from rest_framework.test import APIClient

from accounts.models import Preferences
from armybuilder import messages
from armybuilder.engine import rulebook
from armybuilder.engine.explain import MAX_REACHED
from armybuilder.engine.localize import localized_problem
from armybuilder.engine.report import COST_LIMIT_EXCEEDED
from catalogues.names import closure_names, names_for
from lists import exports, services, tasks
from lists.models import DATABASE_FAILED, RevalidationJob
from lists.services import ListState
from tests.lists.conftest import KING, POINTS, add, force_id

pytestmark = pytest.mark.django_db

ITALIAN = {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9,en;q=0.5"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def _lang(html: str) -> str:
    return html.split('<html lang="', 1)[1].split('"', 1)[0]


def test_a_visitor_gets_the_browsers_language(client: Client) -> None:
    italian = client.get("/", **ITALIAN)
    english = client.get("/", **ENGLISH)

    assert (_lang(italian.content.decode()), italian["Content-Language"]) == ("it", "it")
    assert (_lang(english.content.decode()), english["Content-Language"]) == ("en", "en")
    assert "Accept-Language" in italian["Vary"]
    assert "Sistemi di gioco" in italian.content.decode()
    assert "Sistemi di gioco" not in english.content.decode()


def test_the_switcher_keeps_a_visitors_choice_in_the_cookie(client: Client) -> None:
    response = client.post(reverse("switch-language"), {"language": "it", "next": "/gallery/"})

    assert (response.status_code, response["Location"]) == (302, "/gallery/")
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "it"
    assert _lang(client.get("/", **ENGLISH).content.decode()) == "it"


def test_the_switcher_refuses_a_language_we_do_not_speak_and_a_foreign_next(
    client: Client,
) -> None:
    refused = client.post(reverse("switch-language"), {"language": "xx", "next": "/"})
    foreign = client.post(
        reverse("switch-language"), {"language": "it", "next": "https://elsewhere.example/"}
    )

    assert settings.LANGUAGE_COOKIE_NAME not in refused.cookies
    page = client.get(refused["Location"], **ENGLISH).content.decode()
    assert 'data-code="language.unknown"' in page
    assert foreign["Location"] == "/"
    assert client.get("/switch-language/").status_code == 404
    assert client.get(reverse("switch-language")).status_code == 405


def test_a_players_choice_is_kept_on_the_account_and_applies_at_sign_in(player: Any) -> None:
    first = Client()
    first.force_login(player)
    first.post(reverse("switch-language"), {"language": "it", "next": "/"})

    assert Preferences.objects.get(user=player).language == "it"
    elsewhere = Client()  # another device: no cookie, an English browser
    elsewhere.login(username="player", password="pw-player-1")
    page = elsewhere.get(reverse("lists:mine"), **ENGLISH).content.decode()
    assert _lang(page) == "it"
    assert "Le mie liste" in page


def test_the_api_follows_accept_language_alone(player: Any) -> None:
    client = APIClient()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    italian = client.get("/api/v1/lists/", **ITALIAN)
    english = client.get("/api/v1/lists/", **ENGLISH)

    assert italian.status_code == english.status_code == 401
    assert italian.json()["code"] == english.json()["code"] == "auth.required"
    assert italian["Content-Language"] == "it"
    assert italian.json()["detail"] != english.json()["detail"]


def test_a_refusal_reads_in_the_language_asked_for(player: Any) -> None:
    client = APIClient()
    wrong = {"email": "player@example.com", "password": "not-the-password", "device_name": "x"}

    italian = client.post("/api/v1/auth/token/", wrong, format="json", **ITALIAN).json()
    english = client.post("/api/v1/auth/token/", wrong, format="json", **ENGLISH).json()

    assert italian["code"] == english["code"] == "auth.bad_credentials"
    with translation.override("it"):
        assert italian["detail"] == translation.gettext(
            "The email address or the password is wrong."
        )
    assert italian["detail"] != english["detail"]


def test_an_engine_refusal_reads_in_the_language_asked_for(
    player: Any, dwarven_list: ListState
) -> None:
    client = APIClient()
    client.force_authenticate(player)
    url = f"/api/v1/lists/{dwarven_list.army_list.pk}/why-not/"
    query = {"force_id": force_id(dwarven_list), "entry_id": "no-such-entry"}

    italian = client.get(url, query, **ITALIAN).json()
    english = client.get(url, query, **ENGLISH).json()

    assert italian["code"] == english["code"] == services.UNKNOWN_ENTRY
    assert "no-such-entry" in italian["detail"]
    with translation.override("it"):
        assert italian["detail"] == translation.gettext(
            "Entry “{entry_id}” cannot be selected in this force."
        ).format(entry_id="no-such-entry")
    assert italian["detail"] != english["detail"]


def _over_the_limit(state: ListState) -> ListState:
    state = add(state, KING)
    return services.set_cost_limit(
        army_list=state.army_list,
        version=state.army_list.version,
        cost_type_id=POINTS,
        value=10,
    )


def test_a_problem_reads_in_the_readers_language_on_the_builder(
    player: Any, dwarven_list: ListState
) -> None:
    state = _over_the_limit(dwarven_list)
    (problem,) = [p for p in state.report.problems if p.code == COST_LIMIT_EXCEEDED]
    client = Client()
    client.force_login(player)
    url = reverse("lists:builder", args=[state.army_list.pk])

    italian = client.get(url, **ITALIAN).content.decode()
    english = client.get(url, **ENGLISH).content.decode()

    # The page names the cost type in the reader's language too (the pack's translations).
    with translation.override("it"):
        in_italian = messages.word(localized_problem(problem, closure_names(state.report.closure)))
        severity = messages.severity(problem.severity)
    with translation.override("en"):
        in_english = messages.word(localized_problem(problem, closure_names(state.report.closure)))
    assert in_italian != in_english
    assert f'data-code="{COST_LIMIT_EXCEEDED}"' in italian
    assert in_italian in italian
    assert in_english in english
    assert in_italian not in english
    assert severity == "errore"
    assert severity in italian


def test_the_apis_problems_and_why_not_reasons_read_in_the_language_asked_for(
    player: Any, dwarven_list: ListState
) -> None:
    state = dwarven_list
    for _ in range(6):
        state = add(state, KING)
    client = APIClient()
    client.force_authenticate(player)
    url = f"/api/v1/lists/{state.army_list.pk}/"
    query = {"force_id": force_id(state), "entry_id": KING}

    italian = client.get(f"{url}why-not/", query, **ITALIAN).json()["reasons"]
    english = client.get(f"{url}why-not/", query, **ENGLISH).json()["reasons"]
    italian_problems = client.get(url, **ITALIAN).json()["report"]["problems"]
    english_problems = client.get(url, **ENGLISH).json()["report"]["problems"]

    assert [r["code"] for r in italian] == [r["code"] for r in english] == [MAX_REACHED]
    # the same params, but the entry named in each reader's language (the pack's names)
    assert {**italian[0]["params"], "name": ""} == {**english[0]["params"], "name": ""}
    assert italian[0]["params"]["name"] != english[0]["params"]["name"]
    with translation.override("it"):
        assert italian[0]["message"] == messages.render(MAX_REACHED, italian[0]["params"])
    assert italian[0]["message"] != english[0]["message"]
    assert [p["code"] for p in italian_problems] == [p["code"] for p in english_problems]
    assert [p["message"] for p in italian_problems] != [p["message"] for p in english_problems]
    # a rule's section as each reader's rulebook titles it; the digest's section stays data
    cited = [
        (i["rule"], e["rule"])
        for i, e in zip(italian_problems, english_problems, strict=True)
        if e["rule"]
    ]
    assert cited
    assert all(i["section"] == e["section"] == e["title"] for i, e in cited)
    assert all(i["title"] == (rulebook.italian_title_of(i) or i["section"]) for i, _ in cited)
    assert any(i["title"] != e["title"] for i, e in cited)


def test_a_history_summary_reads_in_the_readers_language(
    player: Any, dwarven_list: ListState
) -> None:
    state = add(dwarven_list, KING)
    version = state.army_list.versions.get(number=2)
    client = Client()
    client.force_login(player)
    url = reverse("sharing:history", args=[state.army_list.pk])

    with translation.override("it"):
        version.names = names_for(state.army_list.pins.values_list("revision_id", flat=True))
        in_italian = version.label
    with translation.override("en"):
        version.names = names_for(state.army_list.pins.values_list("revision_id", flat=True))
        in_english = version.label

    assert version.summary_code == "selection.added"
    assert in_italian == "Aggiunto Re"
    assert in_english.startswith("Added ")
    assert in_italian in client.get(url, **ITALIAN).content.decode()
    assert in_english in client.get(url, **ENGLISH).content.decode()


def test_history_and_diff_name_game_data_in_the_readers_language(
    player: Any, dwarven_list: ListState
) -> None:
    state = add(dwarven_list, KING)
    version = state.army_list.versions.get(number=2)
    client = Client()
    client.force_login(player)
    url = reverse("sharing:history", args=[state.army_list.pk])
    compared = {"old": 1, "new": 2}

    italian = client.get(url, compared, **ITALIAN).content.decode()
    english = client.get(url, compared, **ENGLISH).content.decode()

    # the summary keeps the data's own name and its id; the page names it as the pack does
    assert (version.summary_params["name"], version.summary_params["name_id"]) == ("King", KING)
    with translation.override("it"):
        assert "Aggiunto Re" in italian  # the version's summary
        assert (
            translation.gettext("Added %(unit)s to %(where)s")
            % {
                "unit": "Re",
                "where": "Roccaforti dei Nani",
            }
            in italian
        )  # the diff, where the king went included
    assert "Added King" in english
    assert "Aggiunto King" not in italian
    assert "Roccaforti dei Nani" not in english


def test_costs_are_written_the_readers_way(player: Any, dwarven_list: ListState) -> None:
    client = Client()
    client.force_login(player)

    italian = client.get(reverse("lists:mine"), **ITALIAN).content.decode()
    english = client.get(reverse("lists:mine"), **ENGLISH).content.decode()

    assert "4.500" in italian
    assert "4,500" in english


def test_an_export_is_written_in_the_readers_language(player: Any, dwarven_list: ListState) -> None:
    client = Client()
    client.force_login(player)
    url = reverse("sharing:export", args=[dwarven_list.army_list.pk, "txt"])

    italian = client.get(url, **ITALIAN).content.decode()
    english = client.get(url, **ENGLISH).content.decode()

    assert "Verdetto:" in italian
    assert "Verdict:" in english
    assert "4.500" in italian
    assert "4,500" in english
    with translation.override("en"):  # an Italian export verifies whoever checks it
        assert exports.verify(italian.encode()).valid


def test_a_roster_file_that_cannot_be_read_is_refused_in_the_language_asked_for() -> None:
    upload = {"file": SimpleUploadedFile("list.ros", b"<roster id='r'")}
    again = {"file": SimpleUploadedFile("list.ros", b"<roster id='r'")}

    english = APIClient().post("/api/v1/verify/", upload, **ENGLISH)
    italian = APIClient().post("/api/v1/verify/", again, **ITALIAN)

    assert (english.status_code, italian.status_code) == (422, 422)
    assert english.json()["code"] == italian.json()["code"] == "format.malformed"
    assert english.json()["params"] == italian.json()["params"] == {"line": 1, "column": 1}
    assert english.json()["detail"] == "The file is not well-formed XML (line 1, column 1)."
    assert italian.json()["detail"] == "Il file non è XML ben formato (riga 1, colonna 1)."


def test_the_verify_page_words_a_refused_file_in_italian(client: Client) -> None:
    page = client.post(
        reverse("sharing:verify"),
        {"file": SimpleUploadedFile("list.rosz", b"not a zip")},
        **ITALIAN,
    )

    assert page.status_code == 400
    assert "Il file non è un archivio zip leggibile." in page.content.decode()


def test_an_api_error_detail_follows_accept_language(player: Any) -> None:
    client = APIClient()
    client.force_authenticate(player)

    english = client.get("/api/v1/lists/999999/", **ENGLISH)
    italian = client.get("/api/v1/lists/999999/", **ITALIAN)

    assert english.status_code == italian.status_code == 404
    assert english.json()["code"] == italian.json()["code"]
    assert english.json()["detail"] != italian.json()["detail"]
    with translation.override("it"):
        assert italian.json()["detail"] == str(NotFound.default_detail)


def test_the_api_schema_describes_itself_in_the_language_asked_for() -> None:
    english = APIClient().get("/api/v1/schema/?format=json", **ENGLISH).json()
    italian = APIClient().get("/api/v1/schema/?format=json", **ITALIAN).json()
    path = english["paths"]["/api/v1/validate/"]["post"]

    assert path["summary"] == (
        "Validate a list (List spec) against the stored game system and catalogues."
    )
    assert italian["paths"]["/api/v1/validate/"]["post"]["summary"] == (
        "Convalida una lista (List spec) rispetto al sistema di gioco e ai cataloghi memorizzati."
    )
    operations = [
        (path, method, text)
        for path, methods in english["paths"].items()
        for method, operation in methods.items()
        for text in ("summary", "description")
        if operation.get(text)
    ]
    assert len(operations) > len(english["paths"])
    untranslated = [
        (path, method, text)
        for path, method, text in operations
        if italian["paths"][path][method][text] == english["paths"][path][method][text]
    ]
    assert untranslated == []


def test_a_failed_re_validation_says_why_in_the_staff_members_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    job = RevalidationJob.objects.create(revisions=[])
    staff = get_user_model().objects.create_user("staff", password="pw", is_staff=True)

    def failing(*, job_id: int) -> None:
        raise DatabaseError("server closed the connection unexpectedly")

    monkeypatch.setattr(tasks, "run_revalidation", failing)
    with pytest.raises(DatabaseError):  # the last try: the job is marked failed
        tasks.revalidate_task.apply(args=[job.pk], retries=tasks.MAX_RETRIES)
    job.refresh_from_db()
    client = Client()
    client.force_login(staff)

    english = client.get(reverse("lists:revalidations"), **ENGLISH).content.decode()
    italian = client.get(reverse("lists:revalidations"), **ITALIAN).content.decode()

    assert (job.status, job.error_code, job.error_params) == (
        RevalidationJob.Status.FAILED,
        DATABASE_FAILED,
        {"tries": tasks.MAX_RETRIES + 1},
    )
    assert f'data-code="{DATABASE_FAILED}"' in italian
    assert "The database failed on each of 6 tries: the job stopped." in english
    assert "Il database ha fallito in tutti i 6 tentativi: il lavoro si è fermato." in italian
    assert "server closed" not in english + italian
