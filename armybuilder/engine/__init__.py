"""The rules engine: BattleScribe data evaluated with New Recruit's semantics (stdlib only).

The whole flow, and the names to use for it:

- Data in: ``formats.read_document`` (``.gst``/``.cat``/``.ros`` XML, zips, JSON) gives the
  canonical JSON documents; ``compile_documents(game_system, catalogues)`` turns a game
  system and its catalogues into a ``Compiled`` closure (``CompileError`` when it cannot).
- A roster: ``Roster(compiled)`` and the player's edit operations ``add_force``,
  ``select_entry``, ``select_node``, ``set_count``, ``deselect``, ``associate`` and
  ``dissociate`` (auto-selecting minimums and defaults as New Recruit does; ``RosterError``
  for an edit the data does not allow, leaving the roster unchanged).
- ``evaluate(roster)`` gives an ``Evaluation``: the read-only ``RosterView`` and every
  ``Problem`` (stable ``code``, severity, owner, optional rule citation).
- ``explain(roster, force, entry_id, parent)`` says why an entry cannot be added right now.
- List specs (example lists, test vectors): ``build_roster(compiled, spec)``
  (``ListSpecError``) and ``outcome(evaluation)``.
- Roster files: ``roster_file(view, filename)`` writes a ``.ros``/``.rosz``,
  ``read_roster(compiled, data, filename)`` reads one back; ``roster_document`` and
  ``load_roster`` do the same with the canonical JSON document; ``newrecruit_ros`` writes
  New Recruit's own ``.ros`` text.

Game-specific rules live in ``systems`` (hooks run by ``evaluate``); ``bsspec`` is the
conformance adapter.
"""

from armybuilder.engine.compile import Compiled, CompileError, compile_documents
from armybuilder.engine.document import load_roster, roster_document
from armybuilder.engine.edit import (
    add_force,
    associate,
    deselect,
    dissociate,
    select_entry,
    select_node,
    set_count,
)
from armybuilder.engine.evaluate import Evaluation, evaluate
from armybuilder.engine.explain import Reason, explain
from armybuilder.engine.listspec import ListSpecError, build_roster, outcome
from armybuilder.engine.nrexport import newrecruit_ros
from armybuilder.engine.report import Problem
from armybuilder.engine.roster import Force, Roster, RosterError, Selection
from armybuilder.engine.rosterfile import read_roster, roster_file
from armybuilder.engine.view import RosterView

__all__ = [
    "CompileError",
    "Compiled",
    "Evaluation",
    "Force",
    "ListSpecError",
    "Problem",
    "Reason",
    "Roster",
    "RosterError",
    "RosterView",
    "Selection",
    "add_force",
    "associate",
    "build_roster",
    "compile_documents",
    "deselect",
    "dissociate",
    "evaluate",
    "explain",
    "load_roster",
    "newrecruit_ros",
    "outcome",
    "read_roster",
    "roster_document",
    "roster_file",
    "select_entry",
    "select_node",
    "set_count",
]
