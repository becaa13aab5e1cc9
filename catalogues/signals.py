"""What the catalogue store tells the rest of the app, without knowing who listens."""

from __future__ import annotations

from django.dispatch import Signal

# Sent once an import that stored new revisions has committed, with ``revisions``: their
# primary keys. (Lists pinned to older revisions are re-validated: ``lists.updates``.)
revisions_imported = Signal()
