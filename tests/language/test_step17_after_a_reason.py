"""The words quoted back after an answer (wave 17): the answer's point, never a conjunction where the speech trailed
off ("... she buys hers at the garden centre so") nor a request made of the interviewer ("..., so bear with me").
Our own invented domain (a terrarium building workshop, "Glasshouse Terrariums"), used in no evaluation file;
written before the code.

Table (answer or quote -> expected question shape):

| answer / quote | expected |
|---|---|
| "she buys hers at the garden centre so" | quoted without the trailing "so" |
| "the extra fiver for the bigger jar but" | quoted without the trailing "but" |
| "..., I've got no green fingers at all, so bear with me" | "bear with me" is never quoted |
| "I don't think so", "... if we've finished yet" | kept whole (guards) |

(Built and measured on the branch step17-full, not landed: climbing from a reason read in a comma splice, "that's
why Y" or "X means Y"; no "where would that rank" after a quoted clause; moving on after a terminal node; a
leading condition cut from a quote. See docs/benchmarks.md, wave 17, step17.)
"""

import pytest

from interview_core.language.contracts import FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.questions import short_quote

GLASSHOUSE = {"id": "glasshouse", "name": "Glasshouse Terrariums", "elements": [],
              "stimulus": "Glasshouse Terrariums: a two-hour terrarium building workshop on Saturday mornings, glass "
                          "jar, moss and small plants included, groups of six, take it home the same day, 35 pounds."}


@pytest.fixture
def glasshouse(oat_milk):
    return oat_milk.model_copy(update=GLASSHOUSE)


def _next(mec, concept, answer, label, strategy="deepen", turn=4, seed=0):
    turns = [Turn(question="What matters to you about Glasshouse Terrariums?", answer=answer)]
    request = QuestionRequest(methodology=mec, concept=concept, strategy=mec.strategy(strategy), turn_number=turn,
                              seed=seed, focus=FocusRef(kind="node", label=label), recent_turns=turns)
    return OfflineLanguage().write_question(request).question


@pytest.mark.parametrize("quote, expected", [
    # speech that trails off on a conjunction (fails on w17-base: the "so" / "but" is kept)
    ("she buys hers at the garden centre so", "she buys hers at the garden centre"),
    ("the extra fiver for the bigger jar but", "the extra fiver for the bigger jar"),
])
def test_the_words_quoted_back_never_trail_off_on_a_conjunction(quote, expected):
    assert short_quote(quote) == expected


@pytest.mark.parametrize("quote", ["I don't think so", "they might ask if we've finished yet"])
def test_a_closing_adverb_is_kept(quote):  # guards (pass on both): "so" after "think", "yet" as an adverb
    assert short_quote(quote) == quote


@pytest.mark.parametrize("strategy", ["deepen", "explore"])
def test_a_request_made_of_the_interviewer_is_never_quoted(mec, glasshouse, strategy):
    # fails on w17-base: "You said "I've got no green fingers at all, so bear with me". How much does that weigh ..."
    answer = "right. never done anything like this, I've got no green fingers at all, so bear with me"
    q = _next(mec, glasshouse, answer, "bearing with me", strategy)
    assert "bear with me" not in q.lower(), q
