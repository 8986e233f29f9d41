"""YAML parsing that refuses hostile input with a message instead of a crash.

PyYAML's composer recurses once per nesting level (``[`` x 50000 exhausts Python's stack), integers
are converted without bound (4,301 digits raise ValueError; a huge hexadecimal integer cannot even be
printed), and aliases let a few lines stand for gigabytes once expanded ("billion laughs").
:func:`parse_yaml` bounds all three and raises :class:`UnsafeYAML` (a ``yaml.YAMLError`` with the
line) so the loaders report it like any other malformed YAML.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.nodes import Node, ScalarNode, SequenceNode

MAX_DEPTH = 64  # nesting levels; our deepest file uses 6
MAX_INT_BITS = 256  # about 77 decimal digits
MAX_EXPANDED_CHARS = 5_000_000  # scalar characters once every alias is expanded


class UnsafeYAML(yaml.MarkedYAMLError):
    """The YAML is well-formed but beyond a safety limit (depth, integer size, expanded size)."""

    def __init__(self, problem: str, mark=None):
        super().__init__(problem=problem, problem_mark=mark)


class _GuardedLoader(yaml.SafeLoader):
    """SafeLoader with a nesting limit while composing and a size limit on integers."""

    def __init__(self, stream, max_depth: int):
        super().__init__(stream)
        self._depth = 0
        self._max_depth = max_depth

    def compose_node(self, parent, index):
        if self._depth >= self._max_depth:
            raise UnsafeYAML(f"nested more than {self._max_depth} levels deep", self.peek_event().start_mark)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_yaml_int(self, node):
        try:
            value = super().construct_yaml_int(node)
        except ValueError:  # Python's limit on decimal digits
            value = None
        if value is None or value.bit_length() > MAX_INT_BITS:
            raise UnsafeYAML(f"integer too large ({len(node.value):,} characters)", node.start_mark)
        return value


_GuardedLoader.add_constructor("tag:yaml.org,2002:int", _GuardedLoader.construct_yaml_int)


def expanded_size(node: Node | None, limit: int = MAX_EXPANDED_CHARS) -> int:
    """Characters of scalar text (at least 1 per node) once every alias is expanded, counting stops
    just past ``limit``. Raises UnsafeYAML on an alias that contains itself."""
    memo: dict[int, int] = {}
    open_: set[int] = set()

    def size(n: Node) -> int:
        key = id(n)
        if key in memo:
            return memo[key]
        if key in open_:
            raise UnsafeYAML("an alias refers to a collection that contains it", n.start_mark)
        if isinstance(n, ScalarNode):
            total = max(1, len(n.value))
        else:
            open_.add(key)
            children = n.value if isinstance(n, SequenceNode) else [c for pair in n.value for c in pair]
            total = 1
            for child in children:
                total += size(child)
                if total > limit:
                    break
            open_.discard(key)
        memo[key] = total
        return total

    return 0 if node is None else size(node)


def parse_yaml(text: str, *, max_depth: int = MAX_DEPTH, max_expanded: int = MAX_EXPANDED_CHARS) -> Any:
    """``yaml.safe_load(text)`` within the limits above; raises ``yaml.YAMLError`` (UnsafeYAML for a
    breached limit) with the line where it happened."""
    loader = _GuardedLoader(text, max_depth)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if expanded_size(node, max_expanded) > max_expanded:
            raise UnsafeYAML(f"more than {max_expanded:,} characters once its aliases are expanded", node.start_mark)
        return loader.construct_document(node)
    finally:
        loader.dispose()

