"""No painful news read where there is none (wave 15): a state said under "would" of what a plan would do to the
respondent ("I'd be a zombie by Friday"), a bad thing still to come ("a disaster waiting to happen"), and a passing
reaction that recurs whenever something happens ("I get dizzy when I spin round"); news told as it happened is still
read. Our own invented domain (a fencing club), used in no evaluation file; written before the code."""

import pytest

from interview_core.language.offline.distress import disclosed_hardship


@pytest.mark.parametrize("answer", [
    "Two evenings a week is a lot with my shifts, I'd be a zombie by Friday",     # under "would": a forecast
    "I'd be a wreck by Sunday if it ran both days",
    "Foil from twelve, my eldest is eleven so that's a disaster waiting to happen",  # still to come
    "I get dizzy when I spin round, so no sabre for me",                            # a reaction that recurs
])
def test_no_painful_news_in_a_forecast_or_a_passing_reaction(answer):
    assert disclosed_hardship(answer) == (), answer


@pytest.mark.parametrize("answer", [
    "I got sick last winter and couldn't fence for months",   # it happened
    "I'm on medication for my knees",
    "My coach died in the spring and I stopped going",
])
def test_painful_news_told_as_it_happened_is_still_read(answer):
    assert disclosed_hardship(answer), answer
