"""The Weights page: the form beside the YAML, stable what-if counts, the winner at the time of a turn after
a change was applied, and the record of every applied change (session, page, exports)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from interview_core import export
from interview_core.persistence import Repository
from test_pages import _boost_runner_up, answer, interviewed, texts  # noqa: F401 - fixture


def _pairs_caption(at) -> tuple[int, int]:
    """(pairs that move, pairs scored at the turn)."""
    caption = next(c.value for c in at.caption if "pairs scored at this turn" in c.value)
    total, moved = re.match(r"(\d+) \(strategy, focus\) pairs scored at this turn; (\d+) of", caption).groups()
    return int(moved), int(total)


def test_form_what_if_apply_and_the_record(interviewed):
    at = interviewed
    sid = at.session_state["session_id"]
    repo = Repository(Path(os.environ["INTERVIEW_DATABASE"]))
    at.switch_page("pages/weights.py").run()
    assert not at.exception
    grid = at.dataframe  # the two editable tables (strategy x signal weights, phases) and the what-if table
    assert "Weights" in texts(at) and "Phases" in texts(at) and len(grid) >= 2

    history = repo.scoring_history(sid)
    first = history[0]
    stored_winner = first["strategy"]
    at.selectbox(key="w_turn").set_value(first["turn"]).run()
    moved, total = _pairs_caption(at)
    assert moved == 0  # unedited: nothing moves
    original = at.text_area(key=f"w_text_{sid}").value
    edited, target = _boost_runner_up(original, first["signals"]["selection"], first["alternatives"])
    at.text_area(key=f"w_text_{sid}").set_value(edited).run()
    at.selectbox(key="w_turn").set_value(first["turn"]).run()
    assert _pairs_caption(at)[1] == total  # the same pairs, whatever the weights
    headers = {h for h in texts(at).split()}
    assert "rank_before" not in headers

    at.button(key="w_apply").click().run()
    assert not at.exception
    changes = repo.weight_changes(sid)
    assert len(changes) == 1 and changes[0]["after_turn"] == 3 and changes[0]["changed_by"] == "analyst (local)"
    assert any(target in d["path"] for d in changes[0]["diff"])

    # After Apply, an earlier turn still shows the winner it had (the weights then in force).
    at.selectbox(key="w_turn").set_value(first["turn"]).run()
    winner_then = next(t.value for t in at.text if t.value.split(" ")[0] in {a["strategy"] for a in first["alternatives"]})
    assert winner_then.split(" ")[0] == stored_winner
    assert any(h.value == "Weight changes applied to this session" for h in at.subheader)

    data = json.loads(export.export(repo, sid, "json"))
    assert data["weight_changes"][0]["after_turn"] == 3
    md = export.export(repo, sid, "markdown")
    assert "## Weight changes" in md and "- from turn 4, by analyst (local)" in md and target in md


def test_a_turn_after_the_change_is_scored_with_the_new_weights(interviewed):
    at = interviewed
    sid = at.session_state["session_id"]
    repo = Repository(Path(os.environ["INTERVIEW_DATABASE"]))
    at.switch_page("pages/weights.py").run()
    text = at.text_area(key=f"w_text_{sid}").value
    at.text_area(key=f"w_text_{sid}").set_value(text.replace("llm.engagement.high: 0.3", "llm.engagement.high: 0.35", 1)).run()
    at.button(key="w_apply").click().run()
    at.switch_page("pages/interview.py").run()
    answer(at, "Honestly it just feels kinder to the planet")
    at.switch_page("pages/weights.py").run()
    at.selectbox(key="w_turn").set_value(4).run()
    assert not at.exception
    assert repo.weight_changes(sid)[0]["diff"][0]["after"] == 0.35
