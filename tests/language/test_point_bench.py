"""The point-hit rule of ``interview bench points`` (hand-computed table) and one scripted interview."""

from __future__ import annotations

import pytest
import yaml

from benchmarks.points import evaluate, follows_reason, point_hit, reasks_why


@pytest.mark.parametrize(
    ("focus", "point", "expected"),
    [
        ("the kiln", "kiln", True),  # determiners are not content: same head
        ("glazing my own mugs", "glazing mugs", True),  # same head lemma
        ("the firing times", "the long firing times", True),  # same head ("time")
        ("the kiln rental fee", "a cheap kiln", True),  # 1 of 2 point lemmas ("kiln") in the focus
        ("the studio", "glazing my own mugs", False),  # nothing shared
        ("my sister", "the kiln", False),
        (None, "the kiln", False),  # an open question or a summary has no focus label
        ("", "the kiln", False),
    ],
)
def test_point_hit_rule(focus, point, expected):
    assert point_hit(focus, point) is expected


@pytest.mark.parametrize(
    ("focus", "point", "question", "expected"),
    [
        ("the kiln", "the kiln", "Why is the kiln important to you?", True),  # why of the point again
        ("the kiln", "the kiln", "How do you feel about the kiln?", True),  # its evaluation again
        ("the kiln", "the kiln", "Could you give me an example of the kiln?", False),  # down, not why
        ("firing my own pots", "the kiln", "Why does firing my own pots matter to you?", False),  # up from the reason
        (None, "the kiln", "What else comes to mind when you think about it?", False),  # no focus
    ],
)
def test_reasks_why_rule(focus, point, question, expected):
    assert reasks_why(focus, point, question) is expected


# One answer of a pottery-studio domain: "the kiln. I can fire my own glazes, so my mugs finally look like
# mine": the point "the kiln" (attribute, level 1), its reason "firing my own glazes" (level 2) and what that
# gives, "my mugs looking like mine" (level 3), linked kiln -> glazes -> mugs; "the studio" is said aside.
_NODES = [("kiln", 1), ("firing my own glazes", 2), ("my mugs looking like mine", 3), ("the studio", 2),
          ("parking", None)]
_LINKS = [("kiln", "firing my own glazes"), ("firing my own glazes", "my mugs looking like mine")]


@pytest.mark.parametrize(
    ("focus", "expected"),
    [
        ("firing my own glazes", True),  # the reason, one rung above the point, linked from it
        ("my mugs looking like mine", True),  # further up the answer's own chain from the point
        ("the studio", False),  # higher rung but not reached from the point by the answer's links
        ("parking", False),  # no ladder level
        ("kiln", False),  # the point itself: a plain point hit, not a climb
        ("a glaze course", False),  # not a node of the answer
        (None, False),
    ],
)
def test_follows_reason_rule(focus, expected):
    assert follows_reason(focus, "the kiln", _NODES, _LINKS) is expected


def test_follows_reason_needs_a_higher_rung():
    """A node the point links to on its own rung or below is no climb from the reason."""
    assert not follows_reason("glaze colours", "the kiln", [("kiln", 2), ("glaze colours", 1)],
                              [("kiln", "glaze colours")])
    assert not follows_reason("glaze colours", "the kiln", [("kiln", 2), ("glaze colours", 2)],
                              [("kiln", "glaze colours")])


def test_scripted_interview_counts_points(tmp_path):
    """A pottery-studio domain of our own: every answer with a point is counted, reached and judged."""
    data = {"domains": [{"name": "pottery studio", "split": "dev",
                         "stimulus": "ClayNight: an evening pottery studio where you book a wheel by the hour.",
                         "answers": [
                             {"text": "Booking a wheel by the hour, because I can only come after work.",
                              "point": "booking a wheel by the hour"},
                             {"text": "not sure"},
                             {"text": "The quiet. Nobody talks to you, you just make things.", "point": "the quiet",
                              "why_given": True},
                         ]}]}
    path = tmp_path / "pottery.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    fig = evaluate(((path, "pottery"),))["pottery dev"]
    assert fig.answers == 2 and fig.reached == 2
    assert len(fig.turns) == 2 and all(t["point"] and "hit" in t for t in fig.turns)
    assert fig.hits == sum(t["hit"] for t in fig.turns)
    assert fig.hits <= fig.up_hits == sum(t["up_hit"] for t in fig.turns)
    assert fig.why_given == 1 and fig.reasked == sum(t["reasked"] for t in fig.turns) <= 1
    assert fig.extracted == sum(t["extracted"] for t in fig.turns)
    assert fig.laddered == sum(t["laddered"] for t in fig.turns) <= fig.why_given
    assert fig.plain == 1 and fig.plain_hits <= fig.plain
