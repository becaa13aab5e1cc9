"""Depth-first walks over selection trees (the roster's and the evaluated view's)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, TypeVar


class Tree(Protocol):
    children: list[Any]


T = TypeVar("T", bound=Tree)


def depth_first(nodes: list[T]) -> Iterator[T]:
    """The nodes and their descendants, depth first, in order.

    One loop over a stack: nested generators cost a step per level for every node, and the
    engine walks every selection several times per evaluation.
    """
    stack = nodes[::-1]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))
