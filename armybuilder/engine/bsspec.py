"""The BattleScribe roster-spec conformance adapter: NDJSON over stdin/stdout.

Run as ``python -m armybuilder.engine.bsspec``; the protocol is described in the runner's
README (``tools/bsspec``). One command per line in, one answer per line out, ``type`` first.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import IO, Any, Protocol

from armybuilder.engine import edit, report
from armybuilder.engine.compile import Compiled, compile_documents
from armybuilder.engine.document import load_roster, roster_document
from armybuilder.engine.evaluate import evaluate
from armybuilder.engine.formats import parse_xml
from armybuilder.engine.model import json_number
from armybuilder.engine.nrexport import newrecruit_ros
from armybuilder.engine.report import Problem
from armybuilder.engine.roster import Roster, RosterError
from armybuilder.engine.view import (
    CategoryView,
    CostView,
    ForceView,
    ProfileView,
    RuleView,
    SelectionView,
)

PROTOCOL_VERSION = "1.1"
JsonDict = dict[str, Any]


class ProtocolError(Exception):
    """A command the adapter cannot carry out; answered with ``ok: false``."""


def _opt(out: JsonDict, key: str, value: Any) -> None:
    if value is not None and value != "":
        out[key] = value


class _Cited(Protocol):
    """A view that cites its source (every view but costs)."""

    @property
    def page(self) -> str | None: ...

    @property
    def publication_id(self) -> str | None: ...


def _source(out: JsonDict, view: _Cited) -> None:
    _opt(out, "page", view.page)
    _opt(out, "publicationId", view.publication_id)


class Session:
    """One spec's roster between ``setup`` and ``teardown``."""

    def __init__(self) -> None:
        self.compiled: Compiled | None = None
        self.roster: Roster | None = None
        self.spec_id = ""

    def reset(self) -> None:
        """Forget the data and the roster (``teardown``)."""
        self.compiled, self.roster, self.spec_id = None, None, ""

    # ------------------------------------------------------------------------------ setup

    def setup(self, spec_id: str, game_system: JsonDict, catalogues: list[JsonDict]) -> list[str]:
        self.spec_id = spec_id
        try:
            self.compiled = compile_documents(game_system, catalogues)
        except ValueError as exc:
            return [str(exc)]
        self.roster = Roster.new(self.compiled, name=spec_id)
        return []

    def setup_from_files(self, spec_id: str, files: list[JsonDict]) -> list[str]:
        documents = [
            parse_xml(str(f.get("content", "")).encode("utf-8"))
            for f in files
            if str(f.get("fileName", "")).endswith((".gst", ".cat"))
        ]
        game_systems = [d for d in documents if "gameSystem" in d]
        if len(game_systems) != 1:
            return ["expected exactly one game system file"]
        return self.setup(spec_id, game_systems[0], [d for d in documents if "catalogue" in d])

    def require(self) -> Roster:
        if self.roster is None:
            raise ProtocolError("no setup has been done")
        return self.roster

    # ----------------------------------------------------------------------------- actions

    def action(self, cmd: JsonDict) -> JsonDict:
        roster = self.require()
        name = str(cmd.get("action", ""))
        handler = ACTIONS.get(name)
        if handler is None:
            raise ProtocolError(f"action {name} is not supported")
        return handler(self, roster, cmd)

    def add_force(self, roster: Roster, cmd: JsonDict) -> JsonDict:
        parent = roster.force(str(cmd["forceId"])) if cmd.get("action") == "addChildForce" else None
        catalogue_id = str(cmd.get("catalogueId") or "") or self._default_catalogue(roster)
        force, created = edit.add_force(
            roster, str(cmd.get("forceEntryId", "")), catalogue_id, parent
        )
        return {"forceId": force.id, "selections": created}

    @staticmethod
    def _default_catalogue(roster: Roster) -> str:
        ids = list(roster.compiled.catalogues)
        if len(ids) != 1:
            raise ProtocolError("catalogueId is required when there are several catalogues")
        return ids[0]

    def select(self, roster: Roster, cmd: JsonDict) -> JsonDict:
        force = roster.force(str(cmd.get("forceId", "")))
        parent = (
            roster.selection(str(cmd["selectionId"]))
            if cmd.get("action") == "selectChildEntry"
            else None
        )
        selection, created = edit.select_entry(roster, force, str(cmd.get("entryId", "")), parent)
        return {"selectionId": selection.id, "selections": created}

    def deselect(self, roster: Roster, cmd: JsonDict) -> JsonDict:
        edit.deselect(roster, roster.selection(str(cmd.get("selectionId", ""))))
        return {}

    def set_count(self, roster: Roster, cmd: JsonDict) -> JsonDict:
        count = cmd.get("count")
        if not isinstance(count, int) or isinstance(count, bool):
            raise ProtocolError("count must be an integer")
        edit.set_count(roster.selection(str(cmd.get("selectionId", ""))), count)
        return {}

    def duplicate_selection(self, roster: Roster, cmd: JsonDict) -> JsonDict:
        return {
            "selectionId": roster.duplicate_selection(
                roster.selection(str(cmd.get("selectionId", "")))
            ).id
        }

    def duplicate_force(self, roster: Roster, cmd: JsonDict) -> JsonDict:
        return {"forceId": roster.duplicate_force(roster.force(str(cmd.get("forceId", "")))).id}

    def remove_force(self, roster: Roster, cmd: JsonDict) -> JsonDict:
        roster.remove_force(roster.force(str(cmd.get("forceId", ""))))
        return {}

    def set_cost_limit(self, roster: Roster, cmd: JsonDict) -> JsonDict:
        value = cmd.get("value")
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise ProtocolError("value must be a number")
        roster.set_cost_limit(str(cmd.get("costTypeId", "")), float(value))
        return {}

    def customize(self, roster: Roster, cmd: JsonDict) -> JsonDict:
        force = roster.force(str(cmd.get("forceId", "")))
        name, notes = cmd.get("customName"), cmd.get("customNotes")
        if cmd.get("selectionId"):
            target: Any = roster.selection(str(cmd["selectionId"]))
        elif cmd.get("categoryEntryId"):
            cat_id = str(cmd["categoryEntryId"])
            old_name, old_notes = force.category_custom.get(cat_id, (None, None))
            force.category_custom[cat_id] = (
                name if name is not None else old_name,
                notes if notes is not None else old_notes,
            )
            return {}
        else:
            target = force
        if name is not None:
            target.custom_name = str(name)
        if notes is not None:
            target.custom_notes = str(notes)
        return {}

    def reload(self, roster: Roster, cmd: JsonDict) -> JsonDict:
        """Save the roster as a document and load it back."""
        self.roster = load_roster(roster.compiled, roster_document(evaluate(roster).view))
        return {}

    def load(self, roster: Roster, cmd: JsonDict) -> JsonDict:
        text = cmd.get("content", cmd.get("xml"))
        if not isinstance(text, str):
            raise ProtocolError("loadRoster needs the .ros document as a string")
        self.roster = load_roster(roster.compiled, parse_xml(text.encode("utf-8")))
        return {}

    # ------------------------------------------------------------------------------- state

    def state(self) -> JsonDict:
        roster = self.require()
        evaluation = evaluate(roster)
        view = evaluation.view
        limits = [
            {
                "name": ct.name,
                "typeId": ct.id,
                "value": json_number(view.cost_limits[ct.id]),
                "hidden": ct.hidden,
            }
            for ct in roster.compiled.cost_types
            if ct.id in view.cost_limits
        ]
        return {
            "type": "state",
            "name": view.name,
            "gameSystemId": view.game_system_id,
            "gameSystemName": view.game_system_name,
            "forces": [_force(f) for f in view.forces],
            "costs": [_cost(c) for c in view.costs],
            "costLimits": limits,
            "validationErrors": _errors(evaluation.problems),
        }

    def export_xml(self) -> str:
        """The roster as New Recruit exports it (the suite compares New Recruit's text)."""
        return newrecruit_ros(evaluate(self.require()).view)

    def errors(self) -> list[JsonDict]:
        return _errors(evaluate(self.require()).problems)


ACTIONS: dict[str, Callable[[Session, Roster, JsonDict], JsonDict]] = {
    "addForce": Session.add_force,
    "addChildForce": Session.add_force,
    "removeForce": Session.remove_force,
    "duplicateForce": Session.duplicate_force,
    "selectEntry": Session.select,
    "selectChildEntry": Session.select,
    "deselectSelection": Session.deselect,
    "setSelectionCount": Session.set_count,
    "duplicateSelection": Session.duplicate_selection,
    "setCostLimit": Session.set_cost_limit,
    "setCustomization": Session.customize,
    "reload": Session.reload,
    "loadRoster": Session.load,
}


# ------------------------------------------------------------------------------ state shapes


def _cost(cost: CostView) -> JsonDict:
    return {
        "name": cost.name,
        "typeId": cost.type_id,
        "value": json_number(cost.value),
        "hidden": cost.hidden,
    }


def _profile(profile: ProfileView) -> JsonDict:
    out: JsonDict = {
        "name": profile.name,
        "typeId": profile.type_id,
        "typeName": profile.type_name,
        "hidden": profile.hidden,
    }
    _source(out, profile)
    out["characteristics"] = [
        {"name": c.name, "typeId": c.type_id, "value": c.value} for c in profile.characteristics
    ]
    return out


def _rule(rule: RuleView) -> JsonDict:
    out: JsonDict = {"name": rule.name, "description": rule.description, "hidden": rule.hidden}
    _source(out, rule)
    return out


def _category(category: CategoryView) -> JsonDict:
    out: JsonDict = {
        "name": category.name,
        "entryId": category.entry_id,
        "primary": category.primary,
    }
    out["profiles"] = [_profile(p) for p in category.profiles]
    out["rules"] = [_rule(r) for r in category.rules]
    _source(out, category)
    _opt(out, "customName", category.custom_name)
    _opt(out, "customNotes", category.custom_notes)
    return out


def _selection(sel: SelectionView) -> JsonDict:
    out: JsonDict = {
        "id": sel.id,
        "name": sel.name,
        "entryId": sel.entry_id,
        "type": sel.type,
        "number": sel.number,
        "hidden": sel.hidden,
    }
    _source(out, sel)
    _opt(out, "publicationName", sel.publication_name)
    _opt(out, "entryGroupId", sel.entry_group_id)
    _opt(out, "customName", sel.custom_name)
    _opt(out, "customNotes", sel.custom_notes)
    out["costs"] = [_cost(c) for c in sel.costs]
    out["children"] = [_selection(c) for c in sel.children]
    out["profiles"] = [_profile(p) for p in sel.profiles]
    out["rules"] = [_rule(r) for r in sel.rules]
    out["categories"] = [_category(c) for c in sel.categories]
    return out


def _force(force: ForceView) -> JsonDict:
    out: JsonDict = {
        "id": force.id,
        "name": force.name,
        "entryId": force.entry_id,
        "catalogueId": force.catalogue_id,
        "catalogueName": force.catalogue_name,
        "hidden": force.hidden,
    }
    _source(out, force)
    _opt(out, "customName", force.custom_name)  # New Recruit keeps no notes on a force
    out["selections"] = [_selection(s) for s in force.selections]
    out["childForces"] = [_force(f) for f in force.child_forces]
    out["profiles"] = [_profile(p) for p in force.profiles]
    out["rules"] = [_rule(r) for r in force.rules]
    out["categories"] = [_category(c) for c in force.categories]
    out["publications"] = []  # New Recruit lists no publications on a force
    return out


# Our own verdicts on a list, beyond what the data says: BattleScribe and New Recruit report
# no such error, so the suite never expects one.
PRODUCT_RULES = frozenset({report.ROSTER_NO_FORCES})


def _errors(problems: list[Problem]) -> list[JsonDict]:
    return [_error(p) for p in problems if p.code not in PRODUCT_RULES]


def _error(problem: Problem) -> JsonDict:
    return {
        "message": problem.message,
        "ownerType": problem.owner_type,
        "ownerId": problem.owner_id,
        "ownerEntryId": problem.owner_entry_id,
        "entryId": problem.entry_id,
        "constraintId": problem.constraint_id,
    }


# ------------------------------------------------------------------------------- the server


def handle(session: Session, cmd: JsonDict) -> JsonDict:
    """Answer one command (``corrId`` is added by the caller)."""
    kind = cmd.get("type")
    if kind == "describe":
        return {
            "type": "describeResult",
            "name": "armybuilder",
            "version": "0.1",
            "protocolVersion": PROTOCOL_VERSION,
            "domains": ["roster"],
            "capabilities": {
                "screenshot": False,
                "record": False,
                "rosterXml": True,
                "maxParallel": 1,
            },
        }
    if kind == "setup":
        errors = session.setup(
            str(cmd.get("specId", "")), cmd.get("gameSystem") or {}, cmd.get("catalogues") or []
        )
        return {"type": "setupResult", "errors": errors}
    if kind == "setupFromFiles":
        return {
            "type": "setupResult",
            "errors": session.setup_from_files(str(cmd.get("specId", "")), cmd.get("files") or []),
        }
    if kind == "action":
        try:
            outputs = session.action(cmd)
        except (RosterError, ProtocolError, KeyError) as exc:
            return {"type": "actionResult", "ok": False, "error": str(exc)}
        answer: JsonDict = {"type": "actionResult", "ok": True}
        if outputs:
            answer["outputs"] = outputs
        return answer
    if kind == "getState":
        return session.state()
    if kind == "getErrors":
        return {"type": "errors", "errors": session.errors()}
    if kind == "exportRosterXml":
        return {"type": "rosterXmlResult", "xml": session.export_xml()}
    if kind == "teardown":
        session.reset()
        return {"type": "teardownResult"}
    return {"type": "error", "message": f"{kind} is not supported by this adapter"}


def serve(stdin: IO[str], stdout: IO[str]) -> None:
    session = Session()
    for line in stdin:
        line = line.strip()
        if not line:
            continue
        try:
            cmd = json.loads(line)
        except ValueError:
            continue
        if not isinstance(cmd, dict):
            continue
        try:
            answer = handle(session, cmd)
        except Exception as exc:
            answer = {"type": "error", "message": f"{type(exc).__name__}: {exc}"}
            print(f"bsspec: {answer['message']}", file=sys.stderr)
        if "corrId" in cmd:
            answer["corrId"] = cmd["corrId"]
        stdout.write(json.dumps(answer) + "\n")
        stdout.flush()


def main() -> int:
    serve(sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
