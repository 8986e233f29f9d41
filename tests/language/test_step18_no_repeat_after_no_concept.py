"""The no-near-repeat rule after answers that hold no concept (wave 18): a storyteller's "I don't know" anecdotes
leave the writer nothing to name, so its candidates are the stock steps that name only the study ("What would
change for you if <the study's long name> could get that right?"); a question may never ask again, in meaning, what
one of the last six asked. Our own invented domain (a snow globe making kit, "Frostjar snow globe making kit"), used
in no evaluation file; written before the code.

Table (recent questions, last answer -> expected):

| recent questions / answer | expected |
|---|---|
| "... what would matter most to you about <name>?", "What would getting that right look like for you?", then "I don't know" | a question whose meaning (cosine of the embedding hook; here one in which the long name weighs most, as it does in the session's encoder) stays below SEMANTIC_REPEAT against each recent one |
| "What else would you like to say about <name>?" before the closing question | a closing question that is no repeat in meaning either |
| a candidate that names the study, after a question that named it | the name may come back as a pronoun ("it", "them"), never after a quote |
"""

import pytest

from interview_core.language.contracts import FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.questions import SEMANTIC_REPEAT

NAME = "Frostjar snow globe making kit"
FROSTJAR = {"id": "frostjar", "name": NAME, "elements": [],
            "stimulus": "Frostjar: a snow globe making kit with a glass dome, a wooden base, glitter, a tube of glycerine "
                        "and three little resin figures; fill, seal and shake, about an hour's work, 24 pounds."}
KIT = "the Frostjar snow globe making kit"
DONT_KNOW = ["I'm not sure, but my sister said to me once, she said, 'Pat, you can't know everything.' She's right, "
             "I don't know that. It happened only the other day.",
             "Well now, that's a good one, and I'll tell you, I don't know. I noticed it again just last week."]


@pytest.fixture(scope="module")
def encoder():
    from interview_core.dedup.embeddings import get_encoder

    enc = get_encoder()
    assert enc is not None, "the sentence encoder is a dependency of the install and must load"
    return enc


_NAME_WORDS = frozenset(w.lower() for w in NAME.split())
_FUNCTION = frozenset("a an the and or of to in on at for with by about if is it be you your i me my we what would "
                      "could how why does do that this there any anything okay thanks see".split())


def name_heavy(texts):
    """An embedding in which a long study name is most of what two short questions share (as with the session's
    encoder, wave 17's minds): content words counted, the name's words four times over; unit vectors."""
    import re
    import zlib

    import numpy as np

    out = []
    for text in texts:
        vec = np.zeros(512)
        for w in re.findall(r"[a-z']+", text.lower()):
            if w not in _FUNCTION:
                vec[zlib.crc32(w.encode()) % 512] += 4.0 if w in _NAME_WORDS else 1.0
        norm = np.linalg.norm(vec)
        out.append(vec / norm if norm else None)
    return out


def _worst(question, recent):
    q, *past = name_heavy([question, *recent])
    return max(float(q @ p) for p in past if p is not None)  # noqa


@pytest.fixture
def frostjar(oat_milk):
    return oat_milk.model_copy(update=FROSTJAR)


def _request(mec, concept, strategy, recent, answers, focus=None, kind="follow_up", turn=9):
    turns = [Turn(question=q, answer=a) for q, a in zip(recent[-len(answers):], answers)]
    return QuestionRequest(methodology=mec, concept=concept, kind=kind,
                           strategy=mec.strategy(strategy) if strategy else None, turn_number=turn, seed=0,
                           focus=focus or FocusRef(kind="none"), recent_turns=turns, recent_questions=recent)


RECENT = [f"You said \"belonging somewhere\". What would be an example of that?",
          "What comes to mind when you think about your place in the world?",
          f"I'm sorry to hear that. With that in mind, what would matter most to you about {KIT}?",
          "Okay. What would getting that right look like for you?",
          "You said \"What bugs me is the cost of the thing\". Why does that make a difference to you?"]


@pytest.mark.parametrize("strategy, focus", [
    ("bridge", FocusRef(kind="node", id="n1", label="telling me", node_type="psychosocial_consequence")),
    ("deepen", FocusRef(kind="node", id="n1", label="telling me", node_type="psychosocial_consequence")),
    ("bridge", FocusRef(kind="none")),
])
def test_after_dont_knows_no_question_repeats_a_recent_one_in_meaning(mec, frostjar, strategy, focus):
    # fails on w18-base: "Okay. What would the Frostjar snow globe making kit need to do to get that right for you?"
    # (a repeat in meaning of "... what would matter most to you about the Frostjar snow globe making kit?"): the best
    # few candidates all repeated in meaning and the writer fell back on the word-level choice
    request = _request(mec, frostjar, strategy, RECENT, DONT_KNOW, focus)
    question = OfflineLanguage(embed=name_heavy).write_question(request).question
    worst = _worst(question, RECENT)
    assert worst < SEMANTIC_REPEAT, (question, worst)


CLOSING_RECENT = ["Thanks. Why does that matter to you?",
                  "That's helpful. Going back to the little figures, what do they do for you?",
                  f"Okay. What else would you like to say about {KIT}?"]


def test_the_closing_question_is_no_repeat_in_meaning_of_the_last_one(mec, frostjar):
    # fails on w18-base: "Thank you, this has been really helpful. Before we finish, is there anything about the
    # Frostjar snow globe making kit we haven't touched on that matters to you?" (cosine >= 0.85 with the "what else")
    request = _request(mec, frostjar, "closing" if any(s.name == "closing" for s in mec.strategies) else None,
                       CLOSING_RECENT, ["So my sister said to me once, she said, 'Pat, you can't know everything.'",
                                        "That's about all I can think of."], kind="closing", turn=14)
    question = OfflineLanguage(embed=name_heavy).write_question(request).question
    worst = _worst(question, CLOSING_RECENT)
    assert worst < SEMANTIC_REPEAT, (question, worst)
    assert "?" in question


def test_without_a_repeat_the_question_is_unchanged(mec, frostjar, encoder):
    # guard (passes on both): nothing recent to repeat, the encoder changes nothing
    request = _request(mec, frostjar, "bridge", [f"When you think about {KIT}, what comes to mind first?"],
                       ["I like that you make it yourself, it's a present my niece will keep."],
                       FocusRef(kind="node", id="n1", label="making it yourself", node_type="attribute"), turn=2)
    assert OfflineLanguage(embed=encoder.encode).write_question(request).question == \
        OfflineLanguage().write_question(request).question


def test_the_name_comes_back_as_a_pronoun_only_after_it_was_said_and_never_after_a_quote():
    from interview_core.language.offline.questions import _named_again  # (new in wave 18: fails on import before)

    values = {"concept": KIT, "focus": ""}
    drafts = [("What would change for you if {concept} could get that right?", ""),
              ("How much would the answer weigh with you in choosing {concept}?", ""),
              ("You said \"the glitter\". How does that shape what you'd value in {concept}?", "")]
    said = [f"Why does {KIT} matter to you?"]
    again = [text for _, text in _named_again(drafts, values, said, "", {"what", "how"}, False)]
    assert again == ["What would change for you if it could get that right?",
                     "How much would the answer weigh with you in choosing it?"]
    assert _named_again(drafts, values, ["Why does the glitter matter to you?"], "", {"what", "how"}, False) == []
    plural = dict(values, concept="the snow globe kits")
    again = [text for _, text in _named_again(drafts, plural, ["Why do the snow globe kits matter to you?"], "",
                                              {"what", "how"}, False)]
    assert again == ["What would change for you if they could get that right?",
                     "How much would the answer weigh with you in choosing them?"]


def test_after_painful_news_the_name_never_comes_back_as_a_pronoun():
    # (lead, wave 18; step18 found it and left it on its branch): after painful news the question leads in with an
    # acknowledgement ("I'm sorry to hear that."), so "about them" / "it" could point at what the respondent just
    # told; the name is then never turned into a pronoun. Fails on 0817b74 (the two pronoun drafts come back).
    from interview_core.language.offline.questions import _named_again

    values = {"concept": KIT, "focus": ""}
    drafts = [("What would change for you if {concept} could get that right?", ""),
              ("What would matter most to you about {concept}?", "")]
    said = [f"Why does {KIT} matter to you?"]
    assert _named_again(drafts, values, said, "I'm sorry to hear that.", {"what", "how"}, True) == []
    assert len(_named_again(drafts, values, said, "", {"what", "how"}, False)) == 2  # guard: no painful news
