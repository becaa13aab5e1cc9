"""The builder page's fragment ids, and rendering one fragment of an edit's answer."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from lists import builder_patch
from lists.builder import AddEntry, AddPanel, CategoryBlock, ForceBlock

register = template.Library()


@register.simple_tag
def category_dom_id(force: ForceBlock, category: CategoryBlock) -> str:
    return builder_patch.category_dom_id(force, category)


@register.simple_tag
def add_entry_dom_id(panel: AddPanel, entry: AddEntry) -> str:
    return builder_patch.add_entry_dom_id(panel.force_id, entry.entry_id)


@register.simple_tag(takes_context=True)
def render_fragment(context: Any, fragment: builder_patch.Fragment) -> SafeString:
    """One fragment as an out-of-band swap, in the answer's context (one context for them
    all: the request's context processors run once)."""
    found = context.template.engine.get_template(fragment.template)
    with context.push(fragment.context, oob=True):
        rendered: SafeString = found.render(context)
    return rendered
