"""Hand-computed tables for the candidate scores of the embedding tier (interview_core/dedup/scores.py)."""

import numpy as np
import pytest

from interview_core.dedup.scores import soft_alignment, word_alignment

E1, E2, E3 = np.eye(3)
DIAG = np.array([0.6, 0.8, 0.0])  # cosine 0.6 with E1, 0.8 with E2


@pytest.mark.parametrize("a,b,wa,wb,expected", [
    ([E1, E2], [E1, E2], None, None, (1.0, 1.0, 1.0)),                      # same words
    ([E1], [E1, E3], None, None, (1.0, 0.5, 2 / 3)),                        # b adds an unrelated word
    ([E1, E2], [DIAG], None, None, (0.7, 0.8, 2 * 0.7 * 0.8 / 1.5)),        # a: best 0.6 and 0.8; b: best 0.8
    ([E1, E2], [DIAG], [3, 1], None, (0.65, 0.8, 2 * 0.65 * 0.8 / 1.45)),   # weighted: (3*0.6 + 0.8) / 4
    ([E1], [E3], None, None, (0.0, 0.0, 0.0)),                              # nothing aligns: F1 undefined -> 0
    ([], [E1], None, None, (0.0, 0.0, 0.0)),
])
def test_soft_alignment_table(a, b, wa, wb, expected):
    got = soft_alignment(np.array(a).reshape(len(a), 3), np.array(b), wa, wb)
    assert got == pytest.approx(expected)


SIM = {("cheap", "inexpensive"): 1.0, ("price", "cost"): 0.9, ("price", "inexpensive"): 0.3}


def similar(x, y):
    return 1.0 if x == y else SIM.get((x, y), SIM.get((y, x), 0.0))


@pytest.mark.parametrize("a,b,expected", [
    (["cheap", "price"], ["inexpensive", "cost"], 0.95),   # both ways (1.0 + 0.9) / 2
    (["price"], ["price", "delivery"], 0.5),               # forward 1.0, backward (1.0 + 0) / 2: the weaker
    (["cheap"], ["delivery"], 0.0),
    ([], ["price"], 0.0),
])
def test_word_alignment_table(a, b, expected):
    assert word_alignment(a, b, similar) == pytest.approx(expected)
    assert word_alignment(b, a, similar) == pytest.approx(expected)  # min of two directions: symmetric here
