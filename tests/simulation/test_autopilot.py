"""The one autopilot generator: each yielded turn is stored as simulated, bound to the question it
answered; it stops at the end of the interview and when someone else answered first."""

from interview_core.config import registry
from interview_core.provenance import Provenance
from interview_core.session import InterviewSession
from interview_core.simulation.autopilot import autopilot
from interview_core.simulation.mind import load_mind
from interview_core.simulation.respondent import SimulatedRespondent


def _respondent(session):
    return SimulatedRespondent(load_mind("oat_milk_texture_lover"), registry.persona("cooperative"), seed=1,
                               concept=session.concept)


def test_autopilot_answers_each_current_question_and_stops_at_the_end(lexical_settings):
    # two answers in the budget, then the answer to the closing question
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings, max_turns=2)
    steps = list(autopilot(s, _respondent(s), 10, Provenance.simulated("cooperative", "oat_milk_texture_lover")))
    assert [st.result.turn_number for st in steps] == [1, 2, 3] and s.finished
    questions = [u for u in s.transcript() if u["speaker"] == "interviewer"]
    assert [st.question for st in steps] == [q["text"] for q in questions[:3]]
    answers = [u for u in s.transcript() if u["speaker"] == "respondent"]
    assert [a["reply_to"] for a in answers] == [q["id"] for q in questions[:3]]
    assert {a["source"] for a in answers} == {"simulated"}
    assert [a["text"] for a in answers] == [st.reply.text for st in steps]


def test_autopilot_stops_when_someone_else_answered_first(lexical_settings):
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=lexical_settings, max_turns=5)
    other = InterviewSession.load(s.session_id, settings=lexical_settings)  # another tab
    respondent = _respondent(s)
    seen = []

    def the_other_tab_answers(reply):  # between the simulated reply and its submission
        seen.append(reply.text)
        if len(seen) == 2:
            other.answer("I answered this one myself.")

    steps = list(autopilot(s, respondent, 5, Provenance.simulated("cooperative", "oat_milk_texture_lover"),
                           on_reply=the_other_tab_answers))
    assert len(steps) == 1 and len(seen) == 2
    texts = [u["text"] for u in s.transcript() if u["speaker"] == "respondent"]
    assert texts == [seen[0], "I answered this one myself."]
