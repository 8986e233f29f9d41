"""Asking whether the interview can be through by a time ("can we finish by half past?") is a question about
its length, not a wish to stop now: it is answered with the turns left and the interview goes on (wave 16,
lead; before, "finish" under "can we" was read as leaving now and the interview ended at once). A wish to stop
now in the same answer still ends it. Invented domain: a sea shanty choir."""

from __future__ import annotations

import pytest
from language_support import offline_session

from interview_core.language.offline.assessment import ending

STIMULUS = ("Saltwater Voices: a sea shanty choir that meets on Thursday nights in the back room of a harbour pub, "
            "no auditions and no need to read music, songs taught by ear, a free first night, then 4 pounds a "
            "week, and a summer of sing-alongs on the quay.")


@pytest.mark.parametrize("answer, expected", [
    ("can we finish by half past?", "none"),                    # whether it is through by then: a length question
    ("could we wrap this up by ten past, do you think?", "none"),
    ("can we finish by half past? I need to stop now", "now"),  # a wish to stop now beside it still ends
    ("can we finish now?", "now"),
    ("I have to stop now, sorry", "now"),
])
def test_finishing_by_a_time_is_no_wish_to_stop_now(answer, expected):
    assert ending(answer, 0) == expected


def test_the_interview_goes_on_after_asking_to_finish_by_a_time(tmp_path):
    session = offline_session(tmp_path, "shanty", "Saltwater Voices", STIMULUS)
    session.answer("4 quid a week is less than my bus fare, so I'd give it a go")
    result = session.answer("can we finish by half past? the tide's in at six")
    assert result.should_continue and result.termination_reason is None and not session.finished
    assert session.engine.state.assessment["ending"] == "none"
