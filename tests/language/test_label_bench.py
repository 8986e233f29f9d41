"""The match rule of ``interview bench labels`` (hand-computed table)."""

from __future__ import annotations

import pytest

from benchmarks.labels import label_key, matches, pair_up


@pytest.mark.parametrize(
    ("produced", "hand", "expected"),
    [
        ("the drill", "drill", True),  # determiners are not content
        ("borrowing a drill", "borrowing the drill", True),
        ("not owning a ladder", "owning a ladder", False),  # negation must agree
        ("owning a ladder", "not owning a ladder", False),
        ("a ladder", "owning a ladder", False),  # different heads
        # the produced label holds the hand label but is a whole clause: fewer than half its words shared
        ("borrowing a drill when the shed opens on saturday mornings", "borrowing a drill", False),
        ("cheap drill bits", "drill bits", True),  # 2 of 3 content lemmas shared, head the same
        ("drill bits", "cheap drill bits", True),
    ],
)
def test_match_rule(produced, hand, expected):
    assert matches(produced, hand) is expected


def test_label_key_reads_head_and_negation():
    key = label_key("not borrowing the hedge trimmer")
    assert key.negated and key.head == "borrow"
    assert {"borrow", "hedge", "trimmer"} <= key.content


def test_pairs_are_one_to_one():
    assert pair_up(["the drill", "drill"], ["drill"]) == [(0, 0)]
    assert pair_up(["a ladder", "the drill"], ["drill", "ladder"]) == [(0, 1), (1, 0)]
