"""Site-wide facts the pages state, read from the settings."""

from __future__ import annotations

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def mail_printed() -> bool:
    """Whether mail goes to the server's console (no mail server is configured)."""
    return bool(getattr(settings, "MAIL_PRINTED", False))
