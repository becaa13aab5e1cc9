"""The conformance adapter speaks the runner's NDJSON protocol."""

from __future__ import annotations

import io
import json
from typing import Any

from armybuilder.engine.bsspec import serve

SETUP = {
    "type": "setup",
    "version": "1.0",
    "specId": "demo",
    "gameSystem": {
        "id": "gs",
        "name": "Game",
        "costTypes": [{"id": "pts", "name": "pts", "hidden": False, "limit": False}],
        "forceEntries": [{"id": "fe", "name": "Army", "hidden": False}],
    },
    "catalogues": [
        {
            "id": "cat",
            "name": "Cat",
            "gameSystemId": "gs",
            "selectionEntries": [
                {
                    "id": "u",
                    "name": "Unit",
                    "type": "unit",
                    "costs": [{"name": "pts", "typeId": "pts", "value": 10.0}],
                    "constraints": [
                        {
                            "id": "max1",
                            "type": "max",
                            "value": 1,
                            "field": "selections",
                            "scope": "force",
                        }
                    ],
                }
            ],
        }
    ],
}


def _talk(*commands: dict[str, Any]) -> list[dict[str, Any]]:
    stdin = io.StringIO(
        "".join(json.dumps({**c, "corrId": i}) + "\n" for i, c in enumerate(commands))
    )
    stdout = io.StringIO()
    serve(stdin, stdout)
    answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [a["corrId"] for a in answers] == list(range(len(commands)))
    assert all(next(iter(a)) == "type" for a in answers)
    return answers


def test_a_spec_session_end_to_end() -> None:
    answers = _talk(
        {"type": "describe"},
        SETUP,
        {"type": "action", "action": "addForce", "forceEntryId": "fe", "catalogueId": "cat"},
        {"type": "action", "action": "selectEntry", "forceId": "force-1", "entryId": "u"},
        {"type": "action", "action": "selectEntry", "forceId": "force-1", "entryId": "u"},
        {"type": "getState"},
        {"type": "getErrors"},
        {"type": "teardown"},
    )
    describe, setup, add, first, _, state, errors, teardown = answers
    assert (describe["type"], describe["protocolVersion"]) == ("describeResult", "1.1")
    assert setup == {"type": "setupResult", "errors": [], "corrId": 1}
    assert add["outputs"]["forceId"] == "force-1"
    assert first["outputs"]["selectionId"]
    assert [s["name"] for s in state["forces"][0]["selections"]] == ["Unit", "Unit"]
    assert state["costs"] == [{"name": "pts", "typeId": "pts", "value": 20, "hidden": False}]
    assert [(e["ownerType"], e["entryId"], e["constraintId"]) for e in errors["errors"]] == [
        ("selection", "u", "max1")
    ]
    assert teardown["type"] == "teardownResult"


def test_a_failing_action_answers_not_ok_and_unknown_commands_an_error() -> None:
    answers = _talk(
        SETUP,
        {"type": "action", "action": "selectEntry", "forceId": "missing", "entryId": "u"},
        {"type": "screenshot"},
    )
    assert (answers[1]["type"], answers[1]["ok"]) == ("actionResult", False)
    assert answers[2]["type"] == "error"
