"""A reader's rubric for the offline layer on human-style answers (wave 3): answer -> expected question
shape for the fault categories found by reading (a clause in a noun slot, a run-on relative clause, an
article before another determiner, a plural focus with a singular verb, a list glued together, a quote
that is not the respondent's words, the same quote twice, a rephrase that asks three questions), labels
that are phrases and never start with a conjunction, auxiliary or filler, and the screen's new checks."""

import re

import pytest

from interview_core.language.contracts import ExtractionRequest, FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.grammar import closed, is_plural_phrase, noun_phrase
from interview_core.language.offline.questions import agree_plural, plain_question
from interview_core.language.offline.topics import topic_for
from interview_core.language.screen import screen_label, screen_question, screen_session
from interview_core.text.primitives import words


def ask(m, c, label, answer="", turn=3, strategy="deepen", recent=(), previous="What comes to mind?"):
    turns = [Turn(question=previous, answer=answer)] if answer else []
    request = QuestionRequest(methodology=m, concept=c, strategy=m.strategy(strategy), turn_number=turn,
                              focus=FocusRef(kind="node", label=label), recent_turns=turns,
                              recent_questions=list(recent))
    return OfflineLanguage().write_question(request).question


def labels(m, c, answer):
    request = ExtractionRequest(methodology=m, concept=c, answer=answer, utterance_id="u")
    return [n.label for n in OfflineLanguage().extract(request).nodes]


def outside(q: str) -> str:
    return re.sub(r'"[^"]*"', " ", q)


# answer -> (label the extraction should make or None for no node, words the question must not show)
@pytest.mark.parametrize("answer,label,never", [
    # a clause in a noun slot: the finite verb goes, the subject stays
    ("The queue at the counter is like forty minutes on a Saturday", "queue at the counter",
     " is like "),
    # a relative clause run on: cut before it, never "that <gerund>"
    ("Brilliant, a gadget that will fix my whole life.", "gadget", "that fixing"),
    # subject + present-tense verb + object: a gerund predicate, never a clause
    ("my landlord charges me extra for parking", "my landlord charging me extra for parking", "charges"),
    # a light verb with only a particle, a bare past verb, a verb with only an indefinite: no node
    ("if they take over", None, "taking over"),
    ("if the weeds take over", "weeds taking over", "take over"),
    ("so in the end I just left", None, "left"),
    ("nobody fixed anything for months", None, "fixing anything"),
    # a comment on what was said: no node
    ("which is crazy for something that small", None, "crazy for"),
    # a stranded preposition kept inside a wh-clause
    ("Knowing who the money goes to.", "knowing who the money goes to", "goes?"),
])
def test_answer_to_label_and_question(mec, oat_milk, answer, label, never):
    found = labels(mec, oat_milk, answer)
    assert (found[:1] or [None])[0] == label, found
    q = ask(mec, oat_milk, label or answer, answer=answer)
    assert never not in outside(q), q
    assert screen_question(q) == [], (q, screen_question(q))


def test_a_comma_list_makes_one_node_per_item(mec, oat_milk):
    found = labels(mec, oat_milk, "spare batteries, a torch, waterproof matches")
    assert found == ["spare batteries", "torch", "waterproof matches"]


def test_acronyms_and_names_keep_their_capitals(mec, oat_milk):
    assert labels(mec, oat_milk, "If the DVLA lost my forms") == ["DVLA losing my forms"]
    assert "WhatsApp" in " ".join(labels(mec, oat_milk, "a long row on the WhatsApp group"))


def test_contractions_typed_without_apostrophes_are_read(mec, oat_milk):
    assert words("theres nobody and i didnt ask") == ["there's", "nobody", "and", "i", "didn't", "ask"]
    assert words("we were there") == ["we", "were", "there"]  # "were" is a word, never "we're"


@pytest.mark.parametrize("phrase,plural", [
    ("some parsnips", True), ("the lessons", True), ("tents and stoves", True), ("the price", False),
    ("growing parsnips", False), ("peace of mind", False), ("the cost of lessons", False),
])
def test_plural_phrases(phrase, plural):
    assert is_plural_phrase(words(phrase)) == plural


@pytest.mark.parametrize("template,expected", [
    ("How does {focus} help you?", "How do {focus} help you?"),
    ("Why is {focus} important to you?", "Why are {focus} important to you?"),
    ("I'd like to come back to {focus}. What role does it play for you?",
     "I'd like to come back to {focus}. What role do they play for you?"),
    ("Why does {focus} matter to you?", "Why do {focus} matter to you?"),
])
def test_plural_agreement_of_templates(template, expected):
    assert agree_plural(template) == expected


def test_a_plural_focus_never_takes_a_singular_verb(mec, oat_milk):
    for turn in range(6):
        q = ask(mec, oat_milk, "some parsnips", answer="Mostly some parsnips, if they grow.", turn=turn)
        assert not re.search(r"\b(does|is|was|has) some parsnips\b", q), q


@pytest.mark.parametrize("label,answer,expected", [
    ("trust", "trust. would I trust a stranger with it?", "trust"),  # said bare
    ("price", "the price, mainly", "the price"),
    ("van", "my van, mostly", "your van"),
    ("my van", "", "your van"),  # in no answer: the label, person flipped, checked by the parser
    ("van", "", ""),  # in no answer, one bare word: its article would be a guess, no topic
])
def test_a_noun_topic_keeps_the_determiner_the_respondent_used(label, answer, expected):
    assert topic_for(label, [answer] if answer else []).text == expected


def test_a_quote_is_verbatim_or_not_a_quote(mec, oat_milk):
    answer = "If the other guy is tidy and I'm not, that could turn sour quickly."
    q = ask(mec, oat_milk, "not that turning sour quickly", answer=answer)
    for quote in re.findall(r'"([^"]+)"', q):
        assert quote in answer, q


def test_the_same_quote_is_not_used_twice_in_a_row(mec, oat_milk):
    answer = "Not waking up at five every day to check the pump."
    first = ask(mec, oat_milk, "not waking up at five every day", answer=answer, turn=2)
    assert '"' in first
    again = ask(mec, oat_milk, "not waking up at five every day", answer=answer, turn=4, recent=[first])
    assert re.findall(r'"[^"]+"', again) != re.findall(r'"[^"]+"', first), again


def test_a_rephrase_is_one_question_about_the_last_topic(mec, oat_milk):
    previous = ("Not long: about 3 more questions. I'd like to come back to the spare batteries. "
                "What role do they play for you?")
    assert plain_question(previous) == "I'd like to come back to the spare batteries. What role do they play for you?"
    q = ask(mec, oat_milk, "spare batteries", answer="Sorry, what do you mean?", previous=previous)
    assert "Not long" not in q and "spare batteries" in q
    assert q.count("?") == 1, q


def test_after_answering_a_question_about_the_interview_no_lead_in(mec, oat_milk):
    q = ask(mec, oat_milk, "", answer="Is this anonymous?")
    assert "Okay. " not in q and "Thanks. " not in q and "I see. " not in q, q


@pytest.mark.parametrize("answer", [
    "um so yeah the tent, because the old one leaked",
    "and honestly? the weight. also the zip",
    "but if it rains we're stuck, like properly stuck",
    "well no actually the stove, it's the stove that matters",
    "lol idk, cheaper I guess??",
    "Is it waterproof though. Like actually waterproof",
    "ok so basically i go camping twice a year and every single time something breaks and i end up buying "
    "a new thing at the last minute which costs a fortune",
])
def test_labels_never_start_with_a_conjunction_auxiliary_or_filler(mec, oat_milk, answer):
    c = closed()
    for label in labels(mec, oat_milk, answer):
        first = words(label)[0]
        assert first not in c.coordinators | c.subordinators, label
        assert first not in c.auxiliaries - {"being", "having"}, label
        assert first not in c.interjections - {"no"}, label
        assert screen_label(label) == [], (label, screen_label(label))


@pytest.mark.parametrize("question", [
    "You also brought up the another gadget. Tell me more about that.",  # article before a determiner
    "Why is a receipts important to you?",  # singular article, plural noun
    "What does a apple give you?",  # "a" before a vowel
    "It sounds like a gadget that solving everything. Is that right?",  # relative + bare gerund
    "Why does the queue is long matter to you?",  # two finite verbs in one clause
    "How does some parsnips help you, in your own words?",  # singular verb, plural subject
    "Can you imagine not caring about the pretty good?",  # an article with no noun
])
def test_rubric_faults_are_flagged(question):
    assert screen_question(question), question


@pytest.mark.parametrize("question", [
    "What did you do about the leak?",
    "When would that be?",
    "What does the price look like?",
    "Can you keep up with all of theirs?",
    "Is there anything about the lessons that matters to you?",
    "What is it about the lessons that makes a difference for you?",
    "Is the best one the cheapest?",
])
def test_rubric_passes_good_english(question):
    assert screen_question(question) == [], screen_question(question)


@pytest.mark.parametrize("label,bad", [
    ("queue at the counter is like forty minutes", True), ("taking over", True), ("left", True),
    ("fixing anything", True), ("a gadget that solving everything", True),
    ("knowing the family is safe", False), ("knowing who the money goes to", False), ("spare batteries", False),
])
def test_label_rubric(label, bad):
    assert bool(screen_label(label)) == bad, screen_label(label)


def test_session_screen_finds_reworded_quotes_and_repeats():
    questions = ["What comes to mind first?", 'You said "the tent leaked". Why does that matter to you?',
                 'You said "the tent leaked". What else comes to mind?',
                 'You mentioned "tent leaking badly". What does that give you?']
    answers = ["The tent leaked.", "yeah", "no", "ok"]
    found = dict(screen_session(questions, answers))
    assert "the same quote as a recent question" in found[2]
    assert any("not in the respondent's words" in f for f in found[3])
    assert 0 not in found and 1 not in found


@pytest.mark.parametrize("words_in,expected", [
    ("we don't own a boat", ["not", "owning", "a", "boat"]),  # a negation is kept, never the opposite
    ("i never use the ferry", ["not", "using", "the", "ferry"]),
    ("you can't exactly fit a kayak in a lift", ["not", "fitting", "a", "kayak", "in", "a", "lift"]),
    ("i'm gripping the oars wrong", ["gripping", "the", "oars", "wrong"]),
])
def test_negation_and_adverbs_in_labels(words_in, expected):
    assert noun_phrase(words_in.split()) == expected


@pytest.mark.parametrize("label,quoted", [
    ("great", True), ("brave", True), ("shattered by nine", True), ("creamy texture", False), ("price", False),
])
def test_adjective_labels_are_quoted_not_given_an_article(label, quoted):
    from interview_core.language.offline.naturalise import natural_label
    assert natural_label(label).startswith('"') == quoted, natural_label(label)


def test_an_invented_concept_name_keeps_its_capital_and_takes_no_article():
    from interview_core.language.offline.naturalise import invented_names, natural_label
    assert natural_label("Paddlr", invented_names("Paddlr")) == "Paddlr"


def test_a_gerund_clause_focus_is_singular():
    assert not is_plural_phrase(words("your brother waiting five weeks"))


def test_a_cut_quote_keeps_its_negation():
    answer = ("Not feeling clumsy in front of a crowd of strangers, which is what happened the last time I "
              "tried a group session at the pool")
    topic = topic_for("not feeling clumsy in front of a crowd", [answer])
    assert topic.kind == "quote" and topic.negated and topic.quote.lower().startswith("not feeling clumsy"), topic


def test_a_quote_is_not_followed_by_the_probe_of_the_last_quote(mec, oat_milk):
    answer = "Not wasting money on trips I never take."
    first = 'You said "Never using the gym". Why does that matter to you?'
    q = ask(mec, oat_milk, "not wasting money on trips", answer=answer, turn=5, recent=[first])
    assert '"' in q and not q.endswith("Why does that matter to you?"), q
