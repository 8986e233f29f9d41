"""A question to the interviewer or a pause is a side step, not fatigue: momentum holds over it, so a
respondent who asks how long this takes, asks about the product or goes to the door is not closed out as
tired. Asking to skip or to end is no side step. Offline, the assessment's typed ``side_step`` field is read
from the answer's words (the provider's reading is tested in tests/language/test_side_step_provider.py).
(Invented domain: a mobile bike repair van.)"""

from __future__ import annotations

import pytest
from language_support import offline_session

from interview_core.language.offline.assessment import side_step


@pytest.mark.parametrize("answer, expected", [
    ("how long is this going to take?", True),                       # the interview's length
    ("do you pass my address on to anyone?", True),                  # privacy
    ("whats the difference between a service and a full service, is it the same thing?", True),  # product
    ("hang on, someone's at the door", True),                        # a pause
    ("can we skip this one", False),                                 # a wish to move on
    ("I'd like to stop now please", False),                          # a wish to end
    ("idk", False),                                                  # a short answer is an answer
    ("Quick.", False),
    ("being able to ride to work again", False),
])
def test_side_step_table(answer, expected):
    assert side_step(answer) is expected


STIMULUS = ("Spokesmith: a mobile bike repair van that comes to your home or workplace, fixes punctures and "
            "services bikes on the spot, with a fixed price list.")
ANSWERS = [
    "honestly the price. the shop in town wanted ninety quid for a service, which is silly for a bike I paid two hundred for",
    "Not having to carry the bike across town on the bus.",
    "how long is this going to take?",
    "whats the difference between a service and a full service, is it the same thing?",
    "Quick.",
    "do you pass my address on to anyone?",
    "hang on, someone's at the door",
    "what do they actually use on the chain though",
    "being able to ride to work again without worrying the chain will snap",
]


def test_questions_and_pauses_do_not_close_the_interview_as_fatigue(tmp_path):
    session = offline_session(tmp_path, "bike_van", "Spokesmith", STIMULUS)
    for answer in ANSWERS:
        result = session.answer(answer)
        assert result.should_continue, (answer, result.termination_reason)
        assert session.engine.state.assessment["side_step"] is side_step(answer)
    momentum = session.engine.state.momentum
    assert not momentum.fatigued
    # five side steps held (length, product twice, privacy, a pause): only four answers were folded
    assert len(momentum.history) == len(ANSWERS) - 5
