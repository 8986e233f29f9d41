"""Offline node labels name what the respondent judges, not the judgement, and end on a word of the phrase
(issue 13, "Clean concepts"; wave 18, engineer nodes18):

- a judgement said of the concept is the stance, not the label: "X is fine / fair / ok" (any VADER valence),
  "X is too fiddly (for me)" (an excess), "X is a must / a no" (a verdict: an article before a closed-class
  word) -> "X"; a judgement said after the noun phrase with no verb ("qualified fitter, good") likewise;
- a label does not end on a conjunction or adverb that points outside it ("... with my sister so", "... a
  livery yard then", "... went lame once"), nor on the preposition left before it; a preposition's adverb
  ("for once", "by then") is a phrase and stays;
- a contracted "'s" before "been" or "got" is "has": "money's been tight" -> "money being tight", "she's got
  every rug" -> "having every rug" (never "being been", "being got").

Kept: a state said with a verb ("feeling good"), what the respondent is ("being pony mad"), a quality that
is no judgement ("patient with nervous horses"), what something is good for ("great for lattes"), a
quantity ("four grand", "forty odd horses"). Our own domain (a mobile saddle fitting service), used by no
evaluation file."""

from __future__ import annotations

import pytest

from interview_core.language.offline.extraction import _cleaned

STIMULUS = ("Hoofwise Saddle Fitting: a qualified fitter visits the yard, measures the horse's back with a wither "
            "gauge, adjusts the wool flocking of your own saddle or fits a new one, a re-check six weeks later, "
            "visits on weekdays only, and 85 pounds a visit.")


@pytest.fixture(scope="module")
def saddle_labels(invented_labeller):
    return invented_labeller("hoofwise", "Hoofwise Saddle Fitting", STIMULUS)


@pytest.mark.parametrize(("answer", "expected"), [
    # a judgement of the concept (weak valence, an excess, a verdict) is the stance; the label is what is judged
    ("Six weeks between visits is fine", ["six weeks between visits"]),
    ("the yard visit is fair, to be honest", ["yard visit"]),
    ("the flocking is too fiddly for me", ["flocking"]),
    ("Saturdays are a no, I hack out on Saturdays", ["saturdays", "hacking out on Saturdays"]),
    # a judgement after the noun phrase, set apart by a comma
    ("qualified fitter, good, the last one just guessed", ["qualified fitter"]),
    # no label ends on a word that points outside it
    ("I only hack out with my sister so", ["hacking out with my sister"]),
    ("we moved to a livery yard then", ["moving to a livery yard"]),
    ("my mare went lame once", ["my mare going lame"]),
    # a contracted "'s" before "been" / "got" is "has" (the perfect), never a passive "being been"
    ("money's been very tight since the yard fees went up", ["money being very tight", "yard fees going up"]),
    ("it's been wet for weeks so she's stabled", ["being wet for weeks", "being stabled"]),
    ("she's got every rug known to man", ["having every rug known to man"]),
])
def test_label_names_what_is_judged(saddle_labels, answer, expected):
    assert saddle_labels(answer) == expected


@pytest.mark.parametrize(("answer", "expected"), [
    ("feeling good on a long hack", ["feeling good on a long hack"]),  # a state, said with a verb
    ("being pony mad", ["being pony mad"]),  # what the respondent is
    ("the fitter being patient with nervous horses", ["fitter being patient with nervous horses"]),  # no valence
    ("the mobile fitter sounds great for lattes", ["mobile fitter sounding great for lattes"]),  # good for what
    ("she cost nearly four grand", ["costing four grand"]),  # a quantity
    ("forty odd horses on the yard", ["forty odd horses on the yard"]),
    ("she's been ridden in it twice", ["being ridden in it twice"]),  # a passive stays one
    ("I'd be mortified if it pinched", ["being mortified"]),
])
def test_label_keeps_what_is_no_judgement(saddle_labels, answer, expected):
    assert saddle_labels(answer) == expected


@pytest.mark.parametrize(("label", "clause", "expected"), [
    ("re-check being okay", "the re-check is okay", "re-check"),
    ("wool flocking being too much faff", "the wool flocking is too much faff", "wool flocking"),
    ("new saddle being a must", "a new saddle is a must", "new saddle"),
    ("85 a visit fine", "85 a visit fine", "85 a visit"),  # a judgement after a noun, no comma
    ("qualified fitter good", "qualified fitter, good", "qualified fitter"),  # set apart by a comma
    ("tack fair", "at the tack fair", "tack fair"),  # the noun the phrase is about
    ("forty odd", "forty odd", "forty odd"),  # after a number: the quantity
    ("keeping her back comfortable", "keeping her back comfortable", "keeping her back comfortable"),  # a verb's
    ("rug being water safe", "the rug is water safe", "rug being water safe"),  # complement, no judgement
    ("hacking out with my sister so", "I only hack out with my sister so", "hacking out with my sister"),
    # a preposition's adverb is a phrase of its own ("for once", "by then"), no dangling word
    ("being shut by then", "everything is shut by then", "being shut by then"),
    ("looking after her back for once", "looking after her back for once", "looking after her back for once"),
    ("giving up", "I'd be giving up", "giving up"),  # a particle stays
    ("old saddle less so", "the old saddle less so", "old saddle less so"),  # "less so" is a phrase
])
def test_cleaned_table(label, clause, expected):
    assert _cleaned(label, clause) == expected


@pytest.mark.parametrize(("answer", "expected"), [
    # a refusal that names the interviewer (a bare noun for a person at its edge) is still a refusal
    ("dunno mate", []),
    ("no comment, sir", []),
])
def test_a_refusal_with_a_name_of_address(saddle_labels, answer, expected):
    assert saddle_labels(answer) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("dunno mate", True),
    ("no comment, sir", True),
    # a person talked about is no name of address
    ("no idea, the fitter knows", False),
    ("no saddle fitter", False),
])
def test_declines_with_a_name_of_address(text, expected):
    from interview_core.language.offline.extraction import declines

    assert declines(text) is expected
