"""No continuation rule begins the close on a side step (wave 16, lead; an engine default). A respondent who
has gone quiet and then pauses ("brb, cat's at the window") was met with the closing question in place of the
pause's repeat, so the interview ended on their next answer, although they never saw a closing question
(seen on a dev answer file: a 16-answer script ended after 7). The decision waits for the next real answer.
Invented domain: a sea shanty choir. (The pure rule's table: tests/engine/test_scoring.py.)"""

from __future__ import annotations

from language_support import offline_session

STIMULUS = ("Saltwater Voices: a sea shanty choir that meets on Thursday nights in the back room of a harbour pub, "
            "no auditions and no need to read music, songs taught by ear, a free first night, then 4 pounds a "
            "week, and a summer of sing-alongs on the quay.")
QUIET = ["4 quid a week is less than my bus fare, so",
         "singing by ear. I can't read a note",
         "meh",
         "dunno really",
         "thursdays. hmm."]
PAUSE = "brb cat's at the window"
BACK = "Having no auditions is what sells it. Make me sing alone first and I'd never walk through the door"


def test_a_pause_after_quiet_answers_does_not_begin_the_close(tmp_path):
    session = offline_session(tmp_path, "shanty", "Saltwater Voices", STIMULUS)
    for answer in QUIET:
        session.answer(answer)
    assert session.engine.state.momentum.fatigued  # the quiet stretch is real: a close may come, but not now
    paused = session.answer(PAUSE)
    assert paused.should_continue and not paused.closing_question and not session.awaiting_closing_answer
    assert paused.next_question.startswith("No rush")  # the pause is met, the question repeated
    back = session.answer(BACK)  # their answer on return is a new point: the interview goes on
    assert back.should_continue and back.termination_reason is None


def test_the_side_step_survives_a_reload_of_the_engine_state(tmp_path):
    session = offline_session(tmp_path, "shanty", "Saltwater Voices", STIMULUS)
    session.answer(QUIET[0])
    session.answer(PAUSE)
    from interview_core.engine import EngineState
    state = session.engine.state
    again = EngineState.from_dict(state.to_dict(), session.engine.methodology, session.engine.concept)
    assert state.side_step is True and again.side_step is True

