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


def test_ridge_recovers_a_line_and_shrinks_with_the_penalty():
    from interview_core.dedup.scores import fit_ridge

    x = np.array([[0.0], [1.0], [2.0]])
    w, b = fit_ridge(x, np.array([1.0, 3.0, 5.0]), alpha=0.0)  # y = 2x + 1
    assert w == pytest.approx([2.0]) and b == pytest.approx(1.0)
    w, b = fit_ridge(x, np.array([1.0, 3.0, 5.0]), alpha=2.0)  # sum of squares of centred x is 2: w = 4 / (2 + 2)
    assert w == pytest.approx([1.0]) and b == pytest.approx(3.0 - 1.0)


def test_logistic_fit_and_leave_one_group_out():
    from interview_core.dedup.scores import fit_logistic, leave_one_group_out

    x = np.array([[0.0], [0.0], [0.0], [0.0]])
    w, b = fit_logistic(x, np.array([1, 1, 1, 0]), l2=1.0)  # no signal: the intercept is the log-odds of 3/4
    assert w == pytest.approx([0.0]) and b == pytest.approx(np.log(3.0), abs=1e-6)
    x = np.array([[-2.0], [-1.0], [1.0], [2.0], [-1.5], [1.5]])
    y = np.array([0, 0, 1, 1, 0, 1])
    p = leave_one_group_out(x, y, ["a", "a", "a", "a", "b", "b"], l2=1.0)
    assert p[4] < 0.5 < p[5]  # group b scored by a model that saw only group a
    assert leave_one_group_out(x[:2], y[:2], ["a", "b"]).tolist() == [0.5, 0.5]  # one class left: no model
