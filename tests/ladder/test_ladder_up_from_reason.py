"""The focus after an answer that already says why its point matters (wave 9): the next question ladders up
from the reason, not a re-ask of why the point matters. A scripted offline interview in a domain of our own
(a narrowboat hotel); it failed on main before wave 9's reason reading (the focus was the point)."""

from __future__ import annotations

from language_support import offline_session


def test_next_focus_is_the_reason_not_the_point(tmp_path):
    session = offline_session(tmp_path, "narrowboat", "Lockside Nights", "Lockside Nights: overnight stays on a "
                              "converted narrowboat, with a wood stove and brass beds.", max_turns=8)
    result = session.answer("the wood stove. I lay bricks all week and by friday my hands are finished")
    said = {n.label: n for n in result.extracted.nodes}
    assert said["wood stove"].reason_given
    assert result.focus.kind == "node" and result.focus.label != "wood stove"
    assert result.focus.label in said and said[result.focus.label].prominence == "point"
