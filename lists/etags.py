"""A list's ETag: it changes with every write to the list, its edits (which move the version)
and its visibility and share link (which do not), so an API client's If-Match never lies."""

from __future__ import annotations

import hashlib

from lists.models import ArmyList


def etag_of(army_list: ArmyList) -> str:
    sharing = f"{army_list.visibility}:{army_list.share_token}".encode()
    return f'"{army_list.version}-{hashlib.sha256(sharing).hexdigest()[:12]}"'
