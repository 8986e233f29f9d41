"""Questions the respondent puts to the interviewer that are not about the interview's length, purpose,
privacy or meaning are acknowledged honestly (the offline interviewer knows only what the study tells it)
and the interview goes on; a privacy question is recognised by what it asks (information passed to,
seen or kept by others), not by its words; a verdict alone makes no node and is asked for its reason.
Our own domain (a neighbourhood sourdough-starter swap, "CrumbClub"), written for these tests and used
in no evaluation file."""

import pytest
import yaml

from interview_core.language.contracts import ExtractionRequest, FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.meta import addressed_question, answer_meta_topic, reply_topic
from interview_core.language.offline.verdicts import answer_verdict

# What an honest acknowledgement says: that the interviewer cannot answer.
CANNOT = ("can't answer", "don't know")


@pytest.fixture
def crumb(oat_milk):
    return oat_milk.model_copy(update={"id": "crumb_club", "name": "CrumbClub", "elements": [],
                                       "stimulus": "CrumbClub: swap sourdough starter and spare loaves with neighbours."})


def test_who_is_behind_the_study_is_its_purpose_answered_as_far_as_known():
    # wave 13: read as the labels read it (purpose), answered with who is behind it (meta.reply_topic)
    assert answer_meta_topic("Who runs this, the council?") == "purpose"
    assert reply_topic("Who runs this, the council?", "purpose") == "other_sponsor"
    assert reply_topic("What's this for, and who runs it?", "purpose") == "purpose"
    assert answer_meta_topic("Can I ask who you work for?") == "purpose"  # a request for leave to ask


@pytest.mark.parametrize("answer", [
    "do you know if the loaves are checked by anyone",  # typed without its question mark
    "Is it free for pensioners?",                       # a practical question about the product
    "starter per jar?",                                 # a fragment question
    "whos cleaning the jars",                           # question word order, no question mark
])
def test_a_question_to_the_interviewer_is_found_by_its_form(answer):
    assert answer_meta_topic(answer) is None
    assert addressed_question(answer), answer


@pytest.mark.parametrize("answer", [
    "would i trust a stranger's starter? probably not",  # the respondent asking themselves
    "what if the starter dies, I'd feel awful",          # a worry, not a question to the interviewer
    "I wonder whether it keeps in the fridge.",          # a statement
    "sorry?",                                            # asks nothing in particular
    "How long will this take?",                          # about the interview: a meta topic instead
])
def test_not_every_question_mark_is_a_question_to_the_interviewer(answer):
    assert addressed_question(answer) is None


@pytest.mark.parametrize("answer", [
    "Will my details be passed on to anyone?",
    "Does the bakery get my email address?",
    "Can other members see my records?",
    "Who reads what I write here?",
    "They take your postcode when you sign up. Sold to advertisers?",
])
def test_a_privacy_question_is_recognised_by_what_it_asks(answer):
    assert answer_meta_topic(answer) == "privacy"


@pytest.mark.parametrize("answer", [
    "Is the starter sold to shops too?",        # selling, but no information of anyone's
    "I shared my starter with my sister.",      # no question
    "Who bakes the loaves?",                    # a question, but no information passed on
])
def test_no_privacy_without_information_passed_on(answer):
    assert answer_meta_topic(answer) != "privacy"


def _after(mec, concept, answer, question="Why does the sourdough starter matter to you?", **kw):
    request = QuestionRequest(methodology=mec, concept=concept, strategy=mec.strategy("deepen"), turn_number=3,
                              focus=FocusRef(kind="node", label="sourdough starter"),
                              recent_turns=[Turn(question=question, answer=answer)], **kw)
    return OfflineLanguage().write_question(request).question


@pytest.mark.parametrize("answer", ["Who runs this, the council?", "Is it free for pensioners?",
                                    "My starter is ten years old. Can I ask who you work for?"])
def test_the_next_turn_acknowledges_the_question_and_goes_on(mec, crumb, answer):
    q = _after(mec, crumb, answer)
    assert any(c in q for c in CANNOT), q
    assert "CrumbClub" in q, q  # it says what it does know: the study is about the concept
    assert q.rstrip().endswith("?") and q.count("?") == 1, q  # then one question carries the interview on
    assert "saved" in q or "stays" in q, q


def test_what_do_you_mean_by_something_else_than_the_question_is_acknowledged(mec, crumb):
    q = _after(mec, crumb, "What do you mean by swapping, like who keeps the jars?")
    assert "I was asking" not in q and any(c in q for c in CANNOT), q
    restated = _after(mec, crumb, "what do you mean by 'matter'?")
    assert "I was asking" in restated, restated


def test_a_privacy_question_worded_without_its_usual_words_is_answered(mec, crumb):
    q = _after(mec, crumb, "Will my details be passed on to anyone?")
    assert "saved" in q and "skip" in q, q


def test_the_farewell_acknowledges_a_last_question(mec, crumb):
    request = QuestionRequest(methodology=mec, concept=crumb, kind="farewell", turn_number=9,
                              recent_turns=[Turn(question="Anything else?", answer="Who runs this, the council?")])
    q = OfflineLanguage().write_question(request).question
    assert any(c in q for c in CANNOT) and "?" not in q.replace("Who runs this", ""), q


@pytest.mark.parametrize("answer,verdict", [
    ("Useless.", "Useless"), ("Too fiddly, honestly.", "Too fiddly"), ("a bit pointless tbh", "a bit pointless"),
    ("Brilliant!", "Brilliant"), ("Total nonsense.", "Total nonsense"), ("Not great.", "Not great"),
])
def test_a_verdict_alone_makes_no_node_and_is_asked_for_its_reason(mec, crumb, answer, verdict):
    assert answer_verdict(answer) == verdict
    r = OfflineLanguage().extract(ExtractionRequest(methodology=mec, concept=crumb, answer=answer, utterance_id="u"))
    assert r.nodes == [], [n.label for n in r.nodes]
    q = _after(mec, crumb, answer)
    assert "makes you" in q and "sourdough" not in q, q


@pytest.mark.parametrize("answer,kept", [
    ("Freshness.", "freshness"),                          # a noun alone names a concept
    ("Sharing with neighbours. Brilliant.", "sharing with neighbours"),
    ("Paying a fee to swap flour and water. Genius.", "paying a fee"),  # an epithet after what it judges
])
def test_a_verdict_after_what_it_judges_is_no_node_but_the_concept_stays(mec, crumb, answer, kept):
    r = OfflineLanguage().extract(ExtractionRequest(methodology=mec, concept=crumb, answer=answer, utterance_id="u"))
    labels = [n.label.lower() for n in r.nodes]
    assert any(kept in lbl for lbl in labels), labels
    assert not any(lbl in ("brilliant", "genius") for lbl in labels), labels


def test_offline_session_acknowledges_a_question_and_continues(tmp_path):
    """End to end through the session API (the app and CLI use it): no key, offline provider."""
    from interview_core.session import InterviewSession

    concept = tmp_path / "crumb_club.yaml"
    concept.write_text(yaml.safe_dump({"id": "crumb_club", "name": "CrumbClub", "methodology": "means_end_chain",
                                       "stimulus": "CrumbClub: swap sourdough starter with neighbours."}),
                       encoding="utf-8")
    session = InterviewSession.start(None, str(concept), max_turns=6, db_path=str(tmp_path / "s.db"),
                                     provider="offline")
    first = session.answer("Fresh bread every weekend without buying yeast.")
    assert first.should_continue and first.next_question.rstrip().endswith("?")
    result = session.answer("Is it free for pensioners?")
    q = result.next_question
    assert result.should_continue and any(c in q for c in CANNOT) and "CrumbClub" in q, q
    assert q.rstrip().endswith("?"), q
    assert not [n for n in result.extracted.nodes], [n.label for n in result.extracted.nodes]
    verdict = session.answer("Pointless.")
    assert not verdict.extracted.nodes and "makes you" in verdict.next_question, verdict.next_question


@pytest.mark.parametrize("answer", [
    "the swap night is fun i guess. but what happens if my jar breaks",  # a subject question, no question mark
    "Flour. Is there any. That's the first thing I'd check",              # question word order, no question mark
    "plus do they charge for the jars",                                    # after "plus"
    "If the jar cracks in the post, who pays for a new one?",              # the question after a clause
])
def test_questions_typed_without_their_mark_are_found(answer):
    assert addressed_question(answer), answer


@pytest.mark.parametrize("answer", [
    "I'm no baker. so maybe... not feeling useless?",  # an answer offered with a rising tone
    "What matters is the smell.",                       # a pseudo-cleft, not a question
    "Cheap, right?",                                     # a tag asking for agreement
])
def test_offered_answers_and_clefts_are_not_questions_to_the_interviewer(answer):
    assert addressed_question(answer) is None


@pytest.mark.parametrize("answer", [
    "hang on, you're not giving my name to the bakery are you",  # a closing tag makes it a question
    "are my photos shared with the other members",               # the respondent's own pictures
])
def test_privacy_questions_in_other_forms(answer):
    assert answer_meta_topic(answer) == "privacy"


def test_what_do_you_mean_by_a_word_of_an_earlier_question_is_a_rephrase(mec, crumb):
    request = QuestionRequest(methodology=mec, concept=crumb, strategy=mec.strategy("deepen"), turn_number=4,
                              focus=FocusRef(kind="node", label="sourdough starter"),
                              recent_questions=["Why is the starter important to you?"],
                              recent_turns=[Turn(question="Why does the sourdough starter matter to you?",
                                                 answer="what do you mean by important? like for the bread or for me")])
    q = OfflineLanguage().write_question(request).question
    assert "I was asking" in q and not any(c in q for c in CANNOT), q


def test_a_month_is_no_concept_and_no_topic(mec, crumb):
    answer = "my starter has been going since march. i feed it every night"
    r = OfflineLanguage().extract(ExtractionRequest(methodology=mec, concept=crumb, answer=answer, utterance_id="u"))
    assert "march" not in [n.label.lower() for n in r.nodes], [n.label for n in r.nodes]
    q = _after(mec, crumb, answer)
    assert "march matter" not in q and "without march" not in q, q


def test_a_meaning_question_before_the_closing_question_restates_nothing(mec, crumb):
    request = QuestionRequest(methodology=mec, concept=crumb, kind="closing", turn_number=9,
                              recent_turns=[Turn(question="Why is the starter important to you?",
                                                 answer="what do you mean by important?")])
    q = OfflineLanguage().write_question(request).question
    assert q.count("?") == 1 and "I was asking" not in q, q
