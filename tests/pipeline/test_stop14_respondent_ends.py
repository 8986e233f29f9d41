"""The session ends on the respondent's wish (wave 14, "stop14"): the language layer's typed reading
``Assessment.ending`` ("now": leave the interview now; "later": stop now and go on another time; "none")
is carried into Continuation, which ends the interview on "now" with the reason ``respondent_ended`` after a
short thanks and no further question. The ending answer is stored and extracted like any other; a pause or
a wish to go on later keeps the session open (resumable). Invented domain: a Saturday clock-repair
workshop."""

from __future__ import annotations

import json

import pytest
import yaml

from interview_core.cli.main import main
from interview_core.export import export_markdown
from interview_core.persistence import Repository
from interview_core.pipeline.contracts import PipelineContext
from interview_core.pipeline.pipeline import run_stage
from interview_core.pipeline.stages import Continuation
from interview_core.plain_words import termination
from interview_core.session import InterviewSession, SessionFinished
from interview_core.vocabulary import Assessment
from interview_core.vocabulary.extraction import ExtractionResult

STIMULUS = ("Tick & Tock Saturdays: bring a stopped clock to the workshop on a Saturday morning and a clockmaker "
            "shows you how to take the movement apart, clean it and oil it; tools are lent, tea is included, "
            "and a visit costs 15 pounds.")
FIRST = "I love that the tools are lent, because I'd never buy a set of tiny screwdrivers just for one clock."
SECOND = "My grandad's mantel clock has been stuck at twenty past four since he died, and I want it ticking again."


def clock_concept(tmp_path) -> str:
    path = tmp_path / "clock_repair.yaml"
    path.write_text(yaml.safe_dump({"id": "clock_repair", "name": "Tick & Tock clock-repair Saturdays",
                                    "methodology": "means_end_chain", "stimulus": STIMULUS}), encoding="utf-8")
    return str(path)


def clock_session(tmp_path, settings, max_turns: int = 12, **kwargs) -> InterviewSession:
    return InterviewSession.start(None, clock_concept(tmp_path), settings=settings, max_turns=max_turns, **kwargs)


# --- Continuation with hand-made readings -----------------------------------------------------------


def _context_before_continuation(session: InterviewSession, answer: str = FIRST) -> PipelineContext:
    """A turn run through every stage before Continuation (a real selection and state), not committed."""
    ctx = PipelineContext(session_id=session.session_id, completed_turns=session.completed_turns, user_input=answer)
    for stage in session.stages:
        if isinstance(stage, Continuation):
            return ctx
        run_stage(stage, ctx)
    raise AssertionError("no Continuation stage")


def _with_reading(ctx: PipelineContext, **reading) -> PipelineContext:
    ctx.extraction = ExtractionResult(nodes=ctx.extraction.nodes, edges=ctx.extraction.edges,
                                      assessment=Assessment(**reading))
    return ctx


def test_a_wish_to_leave_now_ends_the_interview_in_continuation(tmp_path, lexical_settings):
    session = clock_session(tmp_path, lexical_settings)
    ctx = _with_reading(_context_before_continuation(session), ending="now")
    out = Continuation(session.engine, 12).run(ctx)
    assert out.should_continue is False and out.termination_reason == "respondent_ended"
    assert out.closing_question is False
    assert session.engine.closing_reason is None  # no closing question is begun: the interview is over


@pytest.mark.parametrize("ending", ["later", "none"])
def test_no_wish_to_leave_now_leaves_the_engine_to_decide(tmp_path, lexical_settings, ending):
    session = clock_session(tmp_path, lexical_settings)
    ctx = _with_reading(_context_before_continuation(session), ending=ending)
    out = Continuation(session.engine, 12).run(ctx)
    assert out.should_continue is True and out.termination_reason is None and out.closing_question is False


def test_scripted_answers_run_to_the_end_of_their_script(tmp_path, lexical_settings):
    """A bench that scripts fixed answers (``respondent_can_end=False``) is not ended by a wish in its script."""
    session = clock_session(tmp_path, lexical_settings)
    ctx = _with_reading(_context_before_continuation(session), ending="now")
    out = Continuation(session.engine, 12, respondent_can_end=False).run(ctx)
    assert out.should_continue is True and out.termination_reason is None


def test_a_wish_to_leave_in_answer_to_the_closing_question_keeps_the_closing_reason(tmp_path, lexical_settings):
    session = clock_session(tmp_path, lexical_settings)
    session.engine.begin_close("max_turns_reached")
    ctx = _with_reading(_context_before_continuation(session), ending="now")
    out = Continuation(session.engine, 12).run(ctx)
    assert out.should_continue is False and out.termination_reason == "max_turns_reached"


def test_continuation_declares_that_it_reads_the_extraction():
    assert "extraction" in Continuation.reads


# --- the session, offline ---------------------------------------------------------------------------


def test_the_respondent_says_they_must_go_and_the_session_ends_with_their_answer_stored(tmp_path, lexical_settings):
    session = clock_session(tmp_path, lexical_settings)
    session.answer(FIRST)
    leaving = "The cleaning fluid smelled lovely. Sorry, I have to go now, my bus is here."
    result = session.answer(leaving)
    assert result.should_continue is False and result.termination_reason == "respondent_ended"
    assert result.extracted.assessment.ending == "now"
    assert session.finished and session.termination_reason == "respondent_ended"
    assert not session.awaiting_closing_answer
    # a short thanks, no further question
    assert result.next_question.startswith("Of course, we can stop there.") and "?" not in result.next_question
    # nothing the respondent said is lost: the answer is stored and extracted like any other
    said = [u for u in session.transcript() if u["speaker"] == "respondent"]
    assert said[-1]["text"] == leaving and said[-1]["id"] == result.respondent_utterance_id
    assert any("cleaning fluid" in n.quote for n in result.extracted.nodes)
    assert session.transcript()[-1]["text"] == result.next_question
    assert session.turn_results()[-1] == result
    with pytest.raises(SessionFinished):
        session.answer("one more thing about the tea")
    again = InterviewSession.load(session.session_id, settings=lexical_settings)
    assert again.finished and again.termination_reason == "respondent_ended"


def test_the_reason_reads_plainly_in_the_export(tmp_path, lexical_settings):
    session = clock_session(tmp_path, lexical_settings)
    session.answer("ok I'm going to leave it there, thanks")
    assert session.finished
    text = export_markdown(Repository(lexical_settings.database), session.session_id)
    assert "respondent_ended" in text and "the respondent asked to end the interview" in text
    assert termination("respondent_ended") == "the respondent asked to end the interview"


@pytest.mark.parametrize("aside", ["hang on, someone's at the door, back in a sec",
                                   "I have to go to the market every Saturday, so mornings are tight",
                                   "We need to go twice a week, that's why a season ticket would be worth it"])
def test_a_pause_or_going_somewhere_in_an_answer_keeps_the_session_open(tmp_path, lexical_settings, aside):
    session = clock_session(tmp_path, lexical_settings)
    session.answer(FIRST)
    result = session.answer(aside)
    assert result.should_continue is True and result.termination_reason is None
    assert result.extracted.assessment.ending == "none"
    assert not session.finished and session.row["status"] == "active"


def test_a_wish_to_go_on_later_keeps_the_session_resumable(tmp_path, lexical_settings):
    session = clock_session(tmp_path, lexical_settings)
    session.answer(FIRST)
    result = session.answer("can I finish this tomorrow?")
    assert result.extracted.assessment.ending == "later"
    assert result.should_continue is True and not result.closing_question
    assert "saved" in result.next_question
    # the next day, through the same session: the interview goes on
    resumed = InterviewSession.load(session.session_id, settings=lexical_settings)
    assert not resumed.finished
    assert resumed.answer(SECOND).should_continue is True


def test_a_bench_that_scripts_answers_is_not_ended_by_them(tmp_path, lexical_settings):
    session = clock_session(tmp_path, lexical_settings, respondent_can_end=False)
    result = session.answer("right, I have to go now, sorry")
    assert result.should_continue is True and not session.finished
    assert session.answer(SECOND).turn_number == 2


def test_the_cli_says_the_respondent_ended_it(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")
    answers = tmp_path / "answers.yaml"
    answers.write_text(yaml.safe_dump([FIRST, "I've got to go now, sorry", SECOND]), encoding="utf-8")
    out = tmp_path / "run.json"
    assert main(["run", "--concept", clock_concept(tmp_path), "--answers", str(answers), "--out", str(out),
                 "--db", str(tmp_path / "cli.db")]) == 0
    err = capsys.readouterr().err
    assert "[interview ended: respondent_ended] the respondent asked to end the interview" in err
    run = json.loads(out.read_text())
    assert len(run["turns"]) == 2 and run["termination_reason"] == "respondent_ended"
