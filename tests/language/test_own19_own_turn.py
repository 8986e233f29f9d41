"""The respondent's own turn (wave 19): endings said as people say them (a subject left off "going to", a
chat spelling typed in capitals, the respondent's own part said to be done, "enough now"); questions to the
interviewer the parse used to miss (who pays for the study asked in the passive, a contact verb the tagger took
for a noun, "is that us nearly done?"); and the study facts a researcher can set on the concept (who commissions
it, how long answers are kept, whether anyone will contact the respondent, a thank-you for taking part): answered
from when set, honestly when not, offline and before a provider's question. Invented domain: Strungwell marionette
weekends (making a string puppet with a puppeteer)."""

from __future__ import annotations

import pytest
import yaml
from language_support import turns_after

from interview_core.config.concept import load_concept
from interview_core.config.errors import ConfigError
from interview_core.language.offline.assessment import ending
from interview_core.language.offline.meta import answer_meta_topic, reply_topic
from interview_core.session import InterviewSession

NAME = "Strungwell Marionette Weekends"
DESCRIPTION = ("Strungwell Marionette Weekends: carve, paint and string your own marionette over two days in a "
               "village hall with a puppeteer; limewood blanks, glass eyes and a wooden control bar included; "
               "a short show on the Sunday afternoon; 140 pounds a place.")
FIRST = "the limewood blanks, I've never carved anything and I'd like the face to look like my gran"
FACTS = {"commissioned_by": "Harbour Lane Arts Trust", "answers_kept": "for two years, then deleted",
         "contact_after": False, "thank_you": "a 15-pound voucher for the hall's cafe"}


def _after(tmp_path, answer: str) -> str:
    """The interviewer's next turn after ``answer`` (the second answer) in an offline interview without facts."""
    return turns_after(tmp_path, "strungwell", NAME, DESCRIPTION, [FIRST, answer])[-1]


def _concept_file(tmp_path, facts: dict | None) -> str:
    path = tmp_path / "strungwell.yaml"
    data = {"id": "strungwell", "name": NAME, "methodology": "means_end_chain", "stimulus": DESCRIPTION}
    if facts is not None:
        data["facts"] = facts
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return str(path)


def _with_facts(tmp_path, answer: str, facts: dict | None = FACTS) -> str:
    """The interviewer's turn after ``answer`` in an offline interview on the concept with ``facts``."""
    session = InterviewSession.start(None, _concept_file(tmp_path, facts), max_turns=12,
                                     db_path=str(tmp_path / "s.db"), provider="offline")
    session.answer(FIRST)
    return session.answer(answer).next_question


# --- endings ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("answer", [
    "Going to head off now, lovely chatting",          # the subject left off "going to"
    "Going to bow out here, thanks",
    "the glue needs an hour to set. GOTTA RUN x",       # a chat spelling typed in capitals, after a remark
    "I've done my bit, thanks.",                        # the respondent's own part said to be done
    "Well, that's my share. Best of luck with the puppets.",
    "Enough for now, ta-ta",                            # "enough" alone with "now"
    "ok enough now. cheers",
])
def test_an_ending_said_as_people_say_it_ends_the_interview(answer):
    assert ending(answer, 0) == "now"


@pytest.mark.parametrize("answer", [
    "Going to the Sunday show with my grandson is the best bit",
    "Going to make a pirate marionette next, with a parrot",
    "GOTTA GET THE STRINGS RIGHT OR IT JUST FLOPS",
    "I've done my bit of carving before, at school",
    "That's my share of the cost, my sister pays the rest",
    "I said my piece to the puppeteer about the price",
    "Enough string for two marionettes would be good",
    "That's enough glue to stick a whole puppet",
    "I've done my homework on the price",
])
def test_the_same_words_about_the_product_or_a_story_are_no_ending(answer):
    assert ending(answer, 0) == "none"


def test_a_shouted_chat_spelling_is_written_out_in_capitals():
    from interview_core.language.offline.grammar import respelled

    assert respelled("GOTTA GO x") == "GOT TO GO x"
    assert respelled("Gotta go") == "Got to go"


def test_an_ending_said_as_people_say_it_ends_a_live_session_with_a_thanks(tmp_path):
    session = InterviewSession.start(None, _concept_file(tmp_path, None), max_turns=12,
                                     db_path=str(tmp_path / "s.db"), provider="offline")
    session.answer(FIRST)
    result = session.answer("Going to duck out now, nice talking")
    assert result.should_continue is False and "?" not in result.next_question


# --- questions the parse used to miss ----------------------------------------------------------------------


@pytest.mark.parametrize("answer", [
    "Is this research paid for by the village hall or by the council?",
    "is the survey funded by the puppet theatre?",
])
def test_who_pays_asked_in_the_passive_is_answered_as_who_pays(tmp_path, answer):
    assert reply_topic(answer, answer_meta_topic(answer)) == "other_funder"
    assert "who pays" in _after(tmp_path, answer)


@pytest.mark.parametrize("answer", [
    "Will anybody from the hall telephone us after this?",
    "will someone from the theatre telephone me after this",
])
def test_a_contact_verb_the_tagger_takes_for_a_noun_is_still_the_contact_question(answer):
    assert reply_topic(answer, answer_meta_topic(answer)) == "privacy_contact"


@pytest.mark.parametrize("answer", ["Is that us nearly done?", "is that us nearly finished now?"])
def test_is_that_us_nearly_done_asks_how_much_is_left(answer):
    assert answer_meta_topic(answer) == "length"


@pytest.mark.parametrize("answer", ["Is that marionette nearly done?", "is that glue nearly dry?"])
def test_a_thing_nearly_done_is_no_length_question(answer):
    assert answer_meta_topic(answer) != "length"


# --- study facts ------------------------------------------------------------------------------------------


def test_the_study_facts_are_optional_typed_fields_of_the_concept(tmp_path):
    concept = load_concept(_concept_file(tmp_path, FACTS))
    assert concept.facts.commissioned_by == "Harbour Lane Arts Trust"
    assert concept.facts.contact_after is False
    assert load_concept(_concept_file(tmp_path, None)).facts.commissioned_by is None


@pytest.mark.parametrize("facts,key", [
    ({"contact_after": "maybe"}, "facts.contact_after"),
    ({"commissioned_by": "   "}, "facts.commissioned_by"),
    ({"payment": "10 pounds"}, "facts.payment"),
    ({"answers_kept": ["two", "years"]}, "facts.answers_kept"),
])
def test_a_bad_study_fact_is_an_error_naming_the_file_and_the_key(tmp_path, facts, key):
    with pytest.raises(ConfigError) as err:
        load_concept(_concept_file(tmp_path, facts))
    assert "strungwell.yaml" in str(err.value) and key in str(err.value)


@pytest.mark.parametrize("answer,said", [
    ("who commissioned this research?", "Harbour Lane Arts Trust"),
    ("Is this research paid for by the village hall or by the council?", "Harbour Lane Arts Trust"),
    ("how long are my answers kept?", "for two years, then deleted"),
    ("will somebody ring me after this?", "No one"),
    ("do I get anything for doing this?", "a 15-pound voucher for the hall's cafe"),
])
def test_a_question_about_the_study_is_answered_from_its_facts(tmp_path, answer, said):
    turn = _with_facts(tmp_path, answer)
    assert said in turn
    assert "haven't been told" not in turn.split(".")[0] + turn.split(".")[1]


def test_contact_after_set_true_says_the_team_may_be_in_touch(tmp_path):
    turn = _with_facts(tmp_path, "will somebody ring me after this?", {"contact_after": True})
    assert "may contact you" in turn


@pytest.mark.parametrize("answer,honest", [
    ("who commissioned this research?", "I don't know more about them"),
    ("how long are my answers kept?", "I haven't been told how long"),
    ("will somebody ring me after this?", "I haven't been told of any plan to contact you"),
    ("do I get anything for doing this?", "I haven't been told of any payment"),
])
def test_without_facts_the_same_questions_are_answered_honestly(tmp_path, answer, honest):
    assert honest in _with_facts(tmp_path, answer, facts=None)


def test_the_facts_a_respondent_sees_with_the_description():
    from interview_core.config.concept import StudyFacts

    lines = StudyFacts(**FACTS).lines()
    assert lines == ["This study is commissioned by Harbour Lane Arts Trust.",
                     "Your answers are kept for two years, then deleted.",
                     "No one will contact you after this interview.",
                     "As a thank-you for taking part: a 15-pound voucher for the hall's cafe."]
    assert StudyFacts().lines() == []


# --- the bench's scripted run: what a live session would say ---------------------------------------------


def test_the_scripted_run_records_the_farewell_where_a_live_session_ends(tmp_path):
    """After an answer a live session ends on, the bench's scripted run (which runs to the end of its script)
    records the live session's farewell, not a further question; the answers after it are still asked."""
    from benchmarks.language import _scripted

    concept = _concept_file(tmp_path, None)
    leaving = "I'll have to stop there, the kids are back. Cheers."
    run = _scripted(concept, [FIRST, leaving, "the glass eyes"], str(tmp_path / "b.db"))
    live = InterviewSession.start(None, concept, max_turns=4, db_path=str(tmp_path / "l.db"), provider="offline")
    live.answer(FIRST)
    farewell = live.answer(leaving)
    assert farewell.should_continue is False
    assert run["questions"][2] == farewell.next_question
    assert len(run["questions"]) == 4  # the script goes on: its last answer is asked after too


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_with_a_provider_the_fact_is_said_before_the_models_question(make_settings, server, tmp_path, provider):
    """The reply the router puts before the model's question states the study's fact, as offline."""
    from fake_llm_server import Text, ToolCall

    from interview_core.config.settings import DedupSettings
    from interview_core.language.prompts import EXTRACTION_TOOL_NAME

    settings = make_settings(provider, database=str(tmp_path / "r.db"), dedup=DedupSettings(embeddings_enabled=False))
    server.queue(Text("What comes to mind first about making a marionette?"), tool="text")
    session = InterviewSession.start(concept=_concept_file(tmp_path, FACTS), settings=settings, max_turns=8)
    nothing = {"nodes": [], "edges": [], "assessment": {
        "extractable": False, "response_depth": "surface", "valence": 0.5, "certainty": 0.5, "specificity": 0.1,
        "engagement": 0.2, "intellectual_engagement": 0.0, "ambiguity": 0.1, "hedging_language": "none",
        "knowledge_ceiling": "none", "side_step": True, "ending": "none", "reasoning": "a question"}}
    server.queue(ToolCall(nothing), tool=EXTRACTION_TOOL_NAME)
    server.queue(Text("What would you carve first?"), tool="text")
    turn = session.answer("how long are my answers kept?").next_question
    assert "for two years, then deleted" in turn and turn.endswith("What would you carve first?")


# --- a leave-taking and a "what is it?" about the study's own name (wave19_dev) ------------------------------


@pytest.mark.parametrize("answer,ends", [
    ("Okay, I'll let you go now. Thanks, this was fun.", "now"),
    ("I'll let you go then", "now"),
    ("the puppeteer will let you go first at the knots", "none"),
    ("they let you go early on the Sunday", "none"),
    ("I'll let you go on to the next question", "none"),
])
def test_letting_the_interviewer_go_takes_leave(answer, ends):
    assert ending(answer, 0) == ends


@pytest.mark.parametrize("answer", ["What is a marionette exactly?", "what's Strungwell?"])
def test_what_the_studys_named_thing_is_is_answered_from_the_descriptions_first_part(tmp_path, answer):
    """The first part is a phrase of its own: the description's first comma parts up to three words at least."""
    turn = _after(tmp_path, answer)
    assert "string your own marionette over two days" in turn and "don't know the details" not in turn


def test_what_something_else_is_is_not_answered_with_the_first_part(tmp_path):
    turn = _after(tmp_path, "what is a control bar?")
    assert "carve, paint and string your own marionette over two days" not in turn


# --- is a person reading; a term of the description named, then asked about ------------------------------


@pytest.mark.parametrize("answer", ["sorry is this going to a person or is it one of those AI things",
                                    "are my answers going to a real person?"])
def test_whether_the_answers_go_to_a_person_is_answered_as_who_reads_them(tmp_path, answer):
    assert reply_topic(answer, answer_meta_topic(answer)) == "privacy_reader"
    assert "they are the people who read them" in _after(tmp_path, answer)


@pytest.mark.parametrize("answer", ["this is going to my grandson for his birthday",
                                    "is this going to a person's house in a box?"])
def test_a_thing_going_to_someone_is_no_question_who_reads_the_answers(answer):
    assert reply_topic(answer, answer_meta_topic(answer) or "privacy") != "privacy_reader"


@pytest.mark.parametrize("answer", ["Glass eyes - which are those? If they're the staring kind, no thanks.",
                                    "The control bar, what is that?"])
def test_a_term_of_the_description_named_then_asked_about_is_answered_from_the_description(tmp_path, answer):
    """Answered, not probed: from the description's part when it says more than the words asked ("a wooden control
    bar included"), else honestly (the description says only "glass eyes")."""
    turn = _after(tmp_path, answer)
    assert ("All I know is what the description says" in turn or "I don't know the details" in turn) and \
        "rank" not in turn and "weigh" not in turn.split("?")[0]


def test_who_reads_the_answers_asked_again_is_answered_again_in_short(tmp_path):
    """Asked a second time in a session, the reader question gets its short answer, never nothing."""
    turns = turns_after(tmp_path, "strungwell", NAME, DESCRIPTION,
                        [FIRST, "does an actual person read these answers?", "the glass eyes, they look alive",
                         "sorry is this going to a person or is it one of those AI things"])
    assert "they are the people who read them" in turns[1]
    assert "research team" in turns[3] and "read" in turns[3].split("?")[0]
