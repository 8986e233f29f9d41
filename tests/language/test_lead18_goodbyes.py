"""A goodbye typed as people type it ends the interview (lead, wave 18): a farewell with its letters drawn out
("byeee", "cyaaa" is no word: only a drawn-out word that WordNet then reads as a farewell counts), a farewell said
twice ("bye bye"), and a farewell closing an answer after the respondent's moment ("the minibus is here,
literally, bye bye"). Counted first on every dev answer file: 25 of 32 answers labelled as endings were read as
"end now"; two of the seven misses were these forms. Our own invented domain (a lantern festival), used by no
evaluation file; written before the code.

| answer | says_goodbye / ending |
|---|---|
| "byeee", "bye bye", "byeee x" | a goodbye |
| "the lanterns are lit, gotta go in, byeee" | ending now |
| "the minibus is here, literally, the driver's at the gate, bye bye" | ending now |
| "I'd say bye bye to the paper lanterns" / "the bees buzzzz" / "soooo pretty" | no goodbye; ending none |
| "back in a sec, byeee" | a pause, ending none |
"""

import pytest

from interview_core.language.offline.assessment import ending
from interview_core.language.offline.own_turn import says_goodbye


@pytest.mark.parametrize("sentence", ["byeee", "bye bye", "byeee x", "Bye bye!", "cheeriooo"])
def test_a_farewell_drawn_out_or_said_twice_is_a_goodbye(sentence):
    assert says_goodbye(sentence)


@pytest.mark.parametrize("sentence", ["I'd say bye bye to the paper lanterns", "the bees buzzzz",
                                      "soooo pretty", "the lanterns, the lanterns"])
def test_no_goodbye_where_no_farewell_stands_alone(sentence):
    assert not says_goodbye(sentence)


@pytest.mark.parametrize("answer", ["the lanterns are lit, gotta go in, byeee",
                                    "the minibus is here, literally, the driver's at the gate, bye bye"])
def test_a_farewell_closing_the_answer_ends_the_interview(answer):
    assert ending(answer, 0) == "now"


@pytest.mark.parametrize("answer", ["I'd say bye bye to the paper lanterns, they never last",
                                    "back in a sec, byeee", "the lanterns were lovely, soooo pretty"])
def test_no_ending_without_a_closing_farewell_or_with_a_return(answer):
    assert ending(answer, 0) == "none"
