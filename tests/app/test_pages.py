"""Every page driven with AppTest: an offline interview of three turns, page switches that keep the session,
the weight editor (invalid then valid YAML, a constructed what-if that changes the winner, apply and save),
sessions (resume, delete after confirmation, exports) and the respondent view."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from streamlit.testing.v1 import AppTest

from interview_core import export
from interview_core.persistence import Repository
from respondent_link import open_interview

ROOT = Path(__file__).resolve().parents[2]
ANSWERS = [
    "I like how creamy it is because it foams well in my coffee",
    "The price is too high, so I buy it less often and that annoys me",
    "It makes me feel healthier and that gives me peace of mind",
]
XSS = "<img src=x onerror=alert(1)> tastes fine"


def app() -> AppTest:
    return AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()


def texts(at) -> str:
    parts = [e.value for kind in ("markdown", "caption", "text", "info", "success", "warning", "error")
             for e in getattr(at, kind)]
    return "\n".join(str(p) for p in parts)


def start_interview(at: AppTest, max_turns: int = 12) -> AppTest:
    at.switch_page("pages/interview.py").run()
    at.number_input[0].set_value(max_turns)
    next(b for b in at.button if b.label == "Start interview").click().run()
    assert not at.exception, at.exception
    return at


def answer(at: AppTest, text: str) -> AppTest:
    at.chat_input[0].set_value(text).run()
    assert not at.exception, at.exception
    return at


@pytest.fixture
def interviewed():
    """An app with an offline interview of three answered turns."""
    at = start_interview(app())
    for a in ANSWERS:
        answer(at, a)
    return at


def test_offline_interview_three_turns(interviewed):
    at = interviewed
    body = texts(at)
    assert "Offline mode" in body and "De-duplication:" in body
    assert "Turn 3 · phase" in body and "strategy **" in body and "focus **" in body
    chats = at.chat_message
    assert len(chats) == 7  # opening question, then three answers and three questions
    assert [c.name for c in chats[:3]] == ["assistant", "user", "assistant"]
    sid = at.session_state["session_id"]
    assert len(Repository(Path(os.environ["INTERVIEW_DATABASE"])).turn_results(sid)) == 3


def test_empty_answer_is_refused_without_consuming_a_turn():
    at = start_interview(app())
    answer(at, "   ")
    assert any("empty" in w.value for w in at.warning)
    assert "Turn 1" not in texts(at)


def test_pages_keep_the_session(interviewed):
    at = interviewed
    sid = at.session_state["session_id"]
    for page in ("pages/graph.py", "pages/scoring.py", "pages/weights.py", "pages/sessions.py", "pages/home.py",
                 "pages/interview.py"):
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
        assert at.session_state["session_id"] == sid
        assert "No interview selected" not in texts(at)


def test_graph_page_options_and_node_details(interviewed):
    at = interviewed
    at.switch_page("pages/graph.py").run()
    assert not at.exception
    assert int(at.metric[0].value) > 0
    for key, value in (("g_colour", "cluster"), ("g_size", "degree"), ("g_view", "canonical")):
        at.segmented_control(key=key).set_value(value).run()
        assert not at.exception, (key, at.exception)
    assert any(e.label.startswith("Slot decisions (") for e in at.expander)  # who merged what (canonical view)
    at.segmented_control(key="g_view").set_value("surface").run()
    assert "Quotes" in texts(at) and "Utterances it came from" in texts(at)


def test_scoring_page_winner_alternatives_signals_timeline(interviewed):
    at = interviewed
    at.switch_page("pages/scoring.py").run()
    assert not at.exception
    assert at.metric[0].value not in ("", "-")
    alts = at.dataframe[0].value
    assert len(alts) > 1 and alts["winner"].sum() == 1
    at.select_slider(key="s_turn").set_value(1).run()
    other = at.selectbox(key="s_other")
    other.set_value(other.options[1]).run()
    assert not at.exception
    signals = at.dataframe[1].value
    assert "global" in set(signals["scope"]) and signals["description"].str.len().gt(0).any()


def _boost_runner_up(text: str, stored: dict, alternatives: list[dict]) -> tuple[str, str]:
    """Edited YAML giving a non-winning strategy a huge phase bonus, and that strategy's name."""
    winner = next(a for a in alternatives if not a["vetoed"])
    target = next(a["strategy"] for a in alternatives if not a["vetoed"] and a["strategy"] != winner["strategy"])
    data = yaml.safe_load(text)
    phase = data["phases"][stored["phase"]]
    phase.setdefault("phase_bonuses", {})[target] = 100.0
    return yaml.safe_dump(data, sort_keys=False), target


def test_weights_invalid_then_valid_and_a_what_if_that_changes_the_winner(interviewed, tmp_path, monkeypatch):
    monkeypatch.setenv("INTERVIEW_CONFIG_DIR", str(tmp_path / "config"))
    at = interviewed
    sid = at.session_state["session_id"]
    at.switch_page("pages/weights.py").run()
    assert not at.exception
    area = at.text_area(key=f"w_text_{sid}")
    original = area.value
    area.set_value(original.replace("llm.engagement.high", "llm.engagement.hihg", 1)).run()
    errors = " ".join(e.value for e in at.error)
    assert "means_end_chain.yaml: strategies[" in errors and "did you mean 'high'" in errors
    repo = Repository(Path(os.environ["INTERVIEW_DATABASE"]))
    assert repo.get_session(sid)["methodology_yaml"] == original  # invalid YAML replaced nothing

    history = repo.scoring_history(sid)
    row = history[-1]
    edited, target = _boost_runner_up(original, row["signals"]["selection"], row["alternatives"])
    at.text_area(key=f"w_text_{sid}").set_value(edited).run()
    assert not at.exception and not at.error
    at.selectbox(key="w_turn").set_value(row["turn"]).run()
    assert "The winner changes" in texts(at)
    assert any(t.value.startswith(target) for t in at.text)  # the winner with the edited weights

    at.button(key="w_save").click().run()
    saved = tmp_path / "config" / "methodologies" / "means_end_chain_v2.yaml"
    assert saved.read_text() == edited
    at.text_input(key="w_file").set_value("means_end_chain_v2.yaml").run()
    assert at.button(key="w_save").disabled  # exists: needs the overwrite box ticked
    at.checkbox(key="w_overwrite").check().run()
    assert not at.button(key="w_save").disabled

    at.button(key="w_apply").click().run()
    assert not at.exception
    assert repo.get_session(sid)["methodology_yaml"] == edited


def test_sessions_exports_resume_and_delete(interviewed):
    at = interviewed
    sid = at.session_state["session_id"]
    at.switch_page("pages/sessions.py").run()
    assert not at.exception
    table = at.dataframe[0].value
    assert list(table["session"]) == [sid] and int(table["turns"][0]) == 3
    labels = [b.label for b in at.get("download_button")]
    assert labels == ["JSON (all turn results)", "Markdown transcript", "CSV of nodes and edges", "GraphML of both graphs"]
    repo = Repository(Path(os.environ["INTERVIEW_DATABASE"]))
    for fmt in export.FORMATS:
        content = export.export(repo, sid, fmt)
        assert content and (sid in content or fmt == "csv")
    at.button(key="x_delete").click().run()
    assert any("cannot be undone" in w.value for w in at.warning)
    at.button(key="x_delete_no").click().run()
    assert repo.get_session(sid) is not None
    at.button(key="x_delete").click().run()
    at.button(key="x_delete_yes").click().run()
    assert not at.exception
    assert repo.get_session(sid) is None and "session_id" not in at.session_state


def test_resume_switches_to_interview(interviewed):
    at = interviewed
    first = at.session_state["session_id"]
    at.switch_page("pages/interview.py").run()
    at.button(key="new").click().run()
    assert any("Start a new interview?" in w.value for w in at.warning)
    assert at.session_state["session_id"] == first  # nothing happens before the confirmation
    at.button(key="confirm_yes").click().run()
    start_interview(at)
    assert at.session_state["session_id"] != first
    at.switch_page("pages/sessions.py").run()
    at.selectbox(key="x_session").set_value(first).run()
    at.button(key="x_resume").click().run()
    assert not at.exception
    assert at.session_state["session_id"] == first
    assert "Turn 3 · phase" in texts(at)


def test_autopilot_answers_n_turns():
    at = start_interview(app())
    at.number_input(key="ap_turns").set_value(2)
    at.button(key="ap_run").click().run()
    assert not at.exception, at.exception
    assert "Turn 2 · phase" in texts(at)


def test_respondent_view_shows_only_the_conversation(interviewed):
    at = interviewed
    sid = at.session_state["session_id"]
    repo = Repository(Path(os.environ["INTERVIEW_DATABASE"]))
    token = repo.get_session(sid)["respondent_token"]
    rv = open_interview(token)
    assert not rv.exception
    # The three answers were typed by the researcher: the respondent sees neither them nor their
    # questions, only the current question; no provenance label is shown.
    assert len(rv.chat_message) == 1
    assert not rv.button and not rv.text_area and not rv.selectbox and not rv.dataframe
    body = texts(rv)
    assert "questions left" in body
    assert "Offline mode" not in body and "strategy" not in body and sid not in body
    assert "Researcher" not in body and not any(a in body for a in ANSWERS)
    rv.chat_input[0].set_value(XSS).run()
    assert not rv.exception and len(rv.chat_message) == 3
    assert XSS in [m.value for m in rv.text] and "Respondent" not in texts(rv)
    assert [u["source"] for u in repo.list_utterances(sid) if u["speaker"] == "respondent"] == [
        "researcher", "researcher", "researcher", "respondent"]


def test_respondent_view_rejects_a_wrong_token(interviewed):
    rv = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    rv.query_params["session"] = "not-a-token"
    rv.query_params["view"] = "respondent"
    rv.run()
    assert any("not valid" in e.value for e in rv.error)
    assert not rv.chat_message and not rv.chat_input


def test_two_tabs_answering_the_same_question_make_one_turn(interviewed):
    """A second browser session showing the same question: its answer is refused and it is told."""
    at = interviewed
    sid = at.session_state["session_id"]
    other = app()
    other.session_state["session_id"] = sid
    other.switch_page("pages/interview.py").run()
    assert not other.exception
    answer(at, "The first tab answers this question.")
    other.chat_input[0].set_value("The second tab answers the same question.").run()
    assert not other.exception
    assert any("moved on" in w.value for w in other.warning)
    repo = Repository(Path(os.environ["INTERVIEW_DATABASE"]))
    texts_stored = [u["text"] for u in repo.list_utterances(sid) if u["speaker"] == "respondent"]
    assert "The second tab answers the same question." not in texts_stored and len(repo.turn_results(sid)) == 4
    assert "Researcher (typed on the analyst page)" in texts(other)


def test_ending_asks_first_and_says_why_in_plain_words(interviewed):
    at = interviewed
    sid = at.session_state["session_id"]
    repo = Repository(Path(os.environ["INTERVIEW_DATABASE"]))
    at.button(key="end").click().run()
    assert any("End this interview now?" in w.value for w in at.warning)
    at.button(key="confirm_no").click().run()
    assert repo.get_session(sid)["status"] == "active" and at.chat_input
    at.button(key="end").click().run()
    at.button(key="confirm_yes").click().run()
    assert repo.get_session(sid)["status"] == "finished" and not at.chat_input
    assert any("The interview has ended: the researcher ended it." in s.value for s in at.success)
    assert "ended_by_researcher" not in texts(at)
    body = texts(at)
    assert "Similar answers are grouped" in body and "3 of at most 12 answers" in body
