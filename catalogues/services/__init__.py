"""Multi-step work on the catalogue store, as typed keyword-only functions.

``imports``: game systems and catalogues in (every form, one transaction), with their
``entry_index`` rows; ``import_jobs``: staff uploads imported in the background;
``validation``: a List spec built and evaluated against stored revisions; ``rosters``: roster
files (``.ros``/``.rosz``) checked against them and written out.
"""
