"""Topics chosen by syntax (wave 4): answer -> expected question shape, stance -> frame family, negation
kept. Our own domains (canal boats, bread-making, home solar, dog walking), written for this table and
used in no evaluation file."""

import re

import pytest

from language_support import ask_over_turns, outside_quotes
from interview_core.language.offline.questions import frame_family
from interview_core.language.offline.topics import topic_for

# label (as the extractor may write it), the answer it came from, shape, words the topic must show
TABLE = [
    ("the hull", "Honestly the hull, it looked brand new.", "np", "the hull"),
    ("my daughter", "My daughter does all the booking for us.", "np", "your daughter"),
    ("baking with my kids", "Baking with my kids on a Sunday.", "gerund", "baking with your kids on a Sunday"),
    ("hire fee", "the hire fee mostly", "np", "the hire fee"),
    # a clause fragment in a slot: quoted whole, in the respondent's words
    ("the lock keepers being rude so", "the lock keepers were rude so we skipped the lock", "quote",
     "the lock keepers were rude"),
    ("my dough sticking", "my dough always sticks to the bench", "quote", "my dough always sticks to the bench"),
    ("getting to borrow a trailer", "we don't have a van so getting to borrow a trailer is a hassle", "quote",
     "getting to borrow a trailer"),
    # a clause whose subject is the label: "the panels lie" is no topic
    ("panels lie", "the panels lie about how much they make", "quote", "the panels lie"),
    # a noun judged by a linking verb: what is said of it is the point, so the clause is quoted
    ("hire fee", "The hire fee is a total rip-off.", "quote", "The hire fee is a total rip-off"),
    # a noun inside a condition is quoted with it, never asked about as a thing they have
    ("a fiver", "if its more than a fiver a loaf, forget it", "quote", "if its more than a fiver a loaf"),
    # an adjective is no topic: the answer has no clause to quote, so a plain probe
    ("cheap", "cheap.", "none", ""),
    ("pretty reliable", "it's pretty reliable tbh", "quote", "it's pretty reliable"),
    # a negated object keeps its negation: the clause is quoted, never "owning a dog"
    ("owning a dog", "we don't own a dog, we just walk the neighbour's", "quote", "we don't own a dog"),
    ("a dog", "we don't own a dog, we just walk the neighbour's", "quote", "we don't own a dog"),
    ("no rain cover", "There's no rain cover on the pushchair.", "quote", "no rain cover"),
    # what the respondent sets against what they want is negated: quoted with it, never asked "why it matters"
    ("queueing at the bakery", "Ordering ahead instead of queueing at the bakery.", "quote",
     "instead of queueing at the bakery"),
    # a quote below a negation keeps it ("[Not having] to go back ..." would turn it round)
    ("go back to the dentist", "Not having to go back to the dentist every month.", "quote",
     "Not having to go back to the dentist"),
    # a relative clause is never cut from a pronoun ("so anything" alone); no window fits: plain probe
    ("hire queue", "The hire queue round here is like six weeks so anything that skips that is a win", "none", ""),
]


@pytest.mark.parametrize("label,answer,shape,shown", TABLE)
def test_answer_to_topic_shape(label, answer, shape, shown):
    topic = topic_for(label, [answer])
    assert topic.kind == shape, topic
    if shape in ("np", "gerund"):
        assert topic.text == shown, topic
    elif shape == "quote":
        assert shown in topic.quote and topic.quote in answer, topic  # verbatim


@pytest.mark.parametrize("label,answer,family", [
    ("the queue", "The queue at the till was ridiculous and nobody helped.", "negative"),
    ("paddling into the wind", "Paddling into the wind for two hours, that was awful.", "negative"),
    ("the volume", "the volume is way too loud", "negative"),
    ("a bigger oven", "I wish I had a bigger oven.", "want"),
    ("a quieter pump", "I'd love a quieter pump honestly", "want"),
    ("my neighbour", "my neighbour sorted the whole install for us", "person"),
    ("the view", "the view from the roof is lovely", "positive"),
    ("the paperwork", "then there is the paperwork", "neutral"),
    ("owning a dog", "we don't own a dog, we just walk the neighbour's", "negated"),
])
def test_stance_and_kind_choose_the_frame_family(label, answer, family):
    assert frame_family(topic_for(label, [answer])) == family




POSITIVE_FRAME = re.compile(r"give you|help(s)? you|worth it|important|matter|miss|make(s)? a difference|do for you",
                            re.I)


@pytest.mark.parametrize("label,answer", [
    ("holding the oars wrong", "Holding the oars wrong, my shoulders ached for days."),
    ("the queue", "The queue at the till was ridiculous and nobody helped."),
    ("my flat being small so", "my flat is small so the batteries are a real pain"),
])
def test_a_complaint_never_gets_a_frame_that_presumes_a_benefit(mec, oat_milk, label, answer):
    for q in ask_over_turns(mec, oat_milk, label, answer, 8):
        assert not POSITIVE_FRAME.search(outside_quotes(q)), q


def test_a_negated_topic_keeps_its_negation(mec, oat_milk):
    answer = "we don't own a dog, we just walk the neighbour's"
    for q in ask_over_turns(mec, oat_milk, "owning a dog", answer, 8):
        assert "don't own a dog" in q and "owning a dog" not in q, q


def test_a_want_is_asked_what_having_it_would_change(mec, oat_milk):
    asked = ask_over_turns(mec, oat_milk, "a bigger oven", "I wish I had a bigger oven.", 8)
    assert all("without a bigger oven" not in q and "miss" not in q for q in asked), asked
    assert any("if you had a bigger oven" in q or "a bigger oven make possible" in q for q in asked), asked


@pytest.mark.parametrize("label,answer", [
    ("the lock keepers being rude so", "the lock keepers were rude so we skipped the lock"),
    ("panels lie", "the panels lie about how much they make"),
    ("getting to borrow a trailer", "we don't have a van so getting to borrow a trailer is a hassle"),
])
def test_a_fragment_is_quoted_verbatim_never_put_in_a_slot(mec, oat_milk, label, answer):
    for q in ask_over_turns(mec, oat_milk, label, answer, 6):
        quoted = re.findall(r'"([^"]+)"', q)
        assert len(quoted) == 1 and quoted[0] in answer, q
        assert label not in outside_quotes(q), q


def test_an_adjective_alone_gets_a_plain_probe(mec, oat_milk):
    for q in ask_over_turns(mec, oat_milk, "cheap", "cheap.", 6):
        assert "cheap" not in q.lower() and '"' not in q, q


@pytest.mark.parametrize("question", [
    "What is it about cheap that matters to you?",  # an adjective alone in a noun slot
])
def test_the_screen_sees_a_slot_filled_by_no_noun_phrase(question):
    from interview_core.language.screen import parse_faults
    assert parse_faults(question), question


@pytest.mark.parametrize("question", [
    "What is it about the hire fee that matters to you?", "How does baking with your kids affect you?",
    'You said "the lock keepers were rude". How does that affect you?', "Why is the view important to you?",
])
def test_the_parse_screen_passes_a_noun_or_gerund_in_the_slot(question):
    from interview_core.language.screen import parse_faults
    assert parse_faults(question) == [], question


def test_the_screen_sees_a_negation_lost_between_answer_and_question():
    from interview_core.language.screen import lost_negation
    answer = "we don't own a dog, we just walk the neighbour's"
    assert lost_negation("Why does the dog matter to you?", answer)
    assert lost_negation('You said "we don\'t own a dog". How does that affect you?', answer) == []
    assert lost_negation("What is it about not owning a dog that matters to you?", answer) == []


@pytest.mark.parametrize("name,shown", [
    ("contacting support", "contacting support"),  # a gerund takes no article
    ("recyclable carton", "the recyclable carton"),
    ("No meal planning needed", None),  # a negated claim is quoted as named, never in a noun slot
])
def test_an_element_name_enters_a_slot_only_as_a_parsed_phrase(name, shown):
    from interview_core.language.offline.naturalise import natural_label
    from interview_core.language.offline.topics import element_topic
    topic = element_topic(name, natural_label(name))
    assert (topic.text or None) == shown, topic


def test_what_the_respondent_says_of_themselves_is_quoted_not_a_topic():
    topic = topic_for("good parent", ["I just want to be a good parent."])
    assert topic.kind == "quote" and "want to be a good parent" in topic.quote, topic
    assert topic_for("the price", ["For me the big one is the price."]).text == "the price"
