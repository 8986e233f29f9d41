"""The focus after an answer that already says why its point matters (wave 9): the next question ladders up
from the reason, not a re-ask of why the point matters. A scripted offline interview in a domain of our own
(a narrowboat hotel); it failed on main before wave 9's reason reading (the focus was the point)."""

from __future__ import annotations

import yaml

from interview_core.session import InterviewSession


def test_next_focus_is_the_reason_not_the_point(tmp_path):
    concept = tmp_path / "narrowboat.yaml"
    concept.write_text(yaml.safe_dump({
        "id": "narrowboat", "name": "Lockside Nights", "methodology": "means_end_chain",
        "stimulus": "Lockside Nights: overnight stays on a converted narrowboat, with a wood stove and brass beds."}),
        encoding="utf-8")
    session = InterviewSession.start(None, str(concept), max_turns=8, db_path=str(tmp_path / "s.db"), provider="offline")
    result = session.answer("the wood stove. I lay bricks all week and by friday my hands are finished")
    said = {n.label: n for n in result.extracted.nodes}
    assert said["wood stove"].reason_given
    assert result.focus.kind == "node" and result.focus.label != "wood stove"
    assert result.focus.label in said and said[result.focus.label].prominence == "point"
