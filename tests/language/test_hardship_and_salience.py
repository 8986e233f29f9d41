"""A painful disclosure is acknowledged briefly and humanely and never probed as if it were a benefit; the
disclosure is found by method (WordNet: what a word names; the parse: whose it is), not from a list of
phrases; wording of the interview's start is not used late. Our own domain (a community bike-repair
cafe, "SpokeShed"), written for these tests and used in no evaluation file."""

import pytest

from interview_core.language.contracts import FocusRef, QuestionRequest, Turn
from interview_core.language.offline import OfflineLanguage
from interview_core.language.offline.distress import disclosed_hardship

ACKS = ("sorry", "sounds hard", "sounds difficult")


@pytest.fixture
def spoke(oat_milk):
    return oat_milk.model_copy(update={"id": "spoke_shed", "name": "SpokeShed", "elements": [],
                                       "stimulus": "SpokeShed: a volunteer cafe where you fix your own bike with borrowed tools."})


@pytest.mark.parametrize("answer,word", [
    ("My brother passed away in the autumn and the bike was his", "passed"),     # a death, phrasal verb
    ("we lost our grandad last year", "lost"),                                  # losing a person
    ("since I lost my job I cycle everywhere", "lost"),                          # losing a livelihood
    ("I had a mild stroke so I'm careful now", "stroke"),                        # an illness told as had
    ("my daughter has asthma so the hills are hard", "asthma"),                  # an illness someone close has
    ("we're in a lot of debt at the moment", "debt"),                            # money trouble
    ("I have been really stressed lately", "stressed"),                          # a state of distress
])
def test_a_hardship_is_found_by_what_the_word_names(answer, word):
    assert word in disclosed_hardship(answer), answer


@pytest.mark.parametrize("answer", [
    "the chain keeps coming off and it drives me mad",   # a complaint about the product
    "I'm worried about the cost of parts",               # a concern about a matter of the interview
    "if the brakes failed who would be responsible",    # a condition, not a disclosure
    "my old bike died on me halfway up the hill",       # a thing 'dies': not a person's death (no person close)
    "the queue was a nightmare",
])
def test_a_complaint_or_a_condition_is_no_hardship(answer):
    assert disclosed_hardship(answer) == (), answer


def _next(mec, concept, answer, label, turn=4, kind="node"):
    request = QuestionRequest(methodology=mec, concept=concept, strategy=mec.strategy("deepen"), turn_number=turn,
                              focus=FocusRef(kind=kind, label=label) if kind == "node" else FocusRef(),
                              recent_turns=[Turn(question="What matters to you about SpokeShed?", answer=answer)])
    return OfflineLanguage().write_question(request).question


def test_a_disclosed_illness_is_acknowledged_and_not_probed_as_a_benefit(mec, spoke):
    q = _next(mec, spoke, "I had a mild stroke two years ago, so I want to stay active", "mild stroke")
    assert any(a in q.lower() for a in ACKS), q
    assert "stroke" not in q.lower(), q  # the point ("I want to stay active") or a gentle question, never the illness
    assert q.rstrip().endswith("?") and q.count("?") == 1, q


def test_the_acknowledgement_comes_before_a_question_on_the_other_topic(mec, spoke):
    q = _next(mec, spoke, "My brother passed away in the autumn. Fixing up his bike keeps me close to him.",
              "fixing up his bike")
    assert any(a in q.lower() for a in ACKS), q
    assert q.rstrip().endswith("?"), q


def test_no_acknowledgement_without_a_hardship(mec, spoke):
    q = _next(mec, spoke, "the chain keeps coming off and it drives me mad", "chain")
    assert not any(a in q.lower() for a in ACKS), q


def test_first_impression_wording_is_not_used_late(mec, spoke):
    questions = []
    for turn in range(6, 14):
        request = QuestionRequest(methodology=mec, concept=spoke, strategy=mec.strategy("ease"),
                                  turn_number=turn, seed=turn,
                                  recent_turns=[Turn(question="Why does that matter to you?", answer="no idea")])
        questions.append(OfflineLanguage().write_question(request).question)
    assert not any("first impression" in q.lower() for q in questions), questions


# --- Salience: the point of an answer, not a detail of the story around it (offline/salience.py) ---------------

from interview_core.language.offline.topics import salient_topic  # noqa: E402
from interview_core.text.parse import parse  # noqa: E402
from interview_core.language.offline.salience import point_unit, units  # noqa: E402

STORY = ("Two winters ago my chain snapped on the ring road, right, like a mile from home, and a bloke in a van "
         "stopped and lent me a spanner, so yeah, knowing how to fix it myself, that's the main thing for me")


def _said(topic):
    return (topic.text or topic.quote).lower()


@pytest.mark.parametrize("label", ["ring road", "a mile from home", "bloke in a van", "spanner"])
def test_a_story_detail_gives_way_to_the_point_of_the_story(label):
    topic = salient_topic(label, [STORY])
    assert "knowing how to fix it" in _said(topic), (label, topic)


def test_the_point_itself_stays_the_topic():
    topic = salient_topic("knowing how to fix it myself", [STORY])
    assert "knowing how to fix it" in _said(topic), topic


@pytest.mark.parametrize("answer,label,point", [
    # an example added to a phrase: the phrase is the point
    ("Fixing my own brakes, mainly the pads and the cables, maybe the gears if I'm brave", "cables", "fixing your own brakes"),
    # someone else's doing, then the respondent's own conclusion
    ("My uncle rebuilt bikes for a living. so honestly... not feeling clueless in front of the mechanic",
     "uncle", "not feeling clueless"),
    # a time clause is when, not what
    ("Having tools I can borrow. That counts for more when I move house.", "move house", "having tools"),
])
def test_backdrop_gives_way_by_discourse_structure(answer, label, point):
    assert point in _said(salient_topic(label, [answer])), salient_topic(label, [answer])


@pytest.mark.parametrize("answer,label", [
    ("The saddle is far too hard and my back aches after ten minutes", "saddle"),  # no story: the focus stays
    ("I like the free coffee", "free coffee"),
])
def test_without_a_story_the_focus_is_kept(answer, label):
    from interview_core.language.offline.topics import topic_for

    assert salient_topic(label, [answer]) == topic_for(label, [answer])


def test_units_score_a_story_below_its_conclusion():
    scored = units(parse(STORY))
    best = point_unit(parse(STORY))
    assert "knowing" in " ".join(t.lower_ for t in best.tokens)
    assert min(u.score for u in scored) < 0 < best.score


def test_a_quote_never_opens_on_an_infinitive_to():
    topic = salient_topic("borrowing a pump", ["Great, paying a monthly fee to borrow a pump I could buy for a tenner. Genius."])
    assert not _said(topic).startswith("to "), topic


def test_the_next_question_asks_about_the_point(mec, spoke):
    q = _next(mec, spoke, STORY, "spanner")
    assert "spanner" not in q.lower() and "knowing how to fix it" in q.lower(), q


# --- Easing after a named topic, "what you use now" only for things, idioms of the body, who is behind ---------

from interview_core.language.offline.topics import answer_topic, topic_for  # noqa: E402
from interview_core.language.offline.meta import asks_who_is_behind  # noqa: E402


@pytest.mark.parametrize("answer,expected", [
    ("brakes", "brakes"), ("the saddle", "the saddle"), ("the opening hours", "the opening hours"), ("fixing punctures", "fixing punctures"),
    ("meh", None), ("no idea honestly", None), ("not sure", None), ("Useless.", None), ("dunno, maybe?", None),
])
def test_what_a_short_answer_names(answer, expected):
    topic = answer_topic(answer)
    assert (topic.text if topic.kind in ("np", "gerund") else None) == expected, topic


def test_an_easing_question_asks_about_what_was_just_named(mec, spoke):
    request = QuestionRequest(methodology=mec, concept=spoke, strategy=mec.strategy("ease"), turn_number=8,
                              recent_turns=[Turn(question="Why does that matter to you?", answer="the opening hours")])
    q = OfflineLanguage().write_question(request).question
    assert "opening hours" in q and "No problem" not in q, q


def test_what_you_use_now_is_asked_only_of_a_thing(mec, spoke):
    from interview_core.language.offline.questions import fits_topic

    template = "Compared to what you use now, how does {focus} stand out, if at all?"
    assert fits_topic(template, topic_for("pump", ["the pump, mostly"]))
    assert not fits_topic(template, topic_for("fixing my own bike", ["fixing my own bike, honestly"]))


@pytest.mark.parametrize("answer,label", [
    ("getting my feet dirty, in a good way", "getting my feet dirty"),
    ("keeping my head clear, that's the thing", "keeping my head clear"),
])
def test_an_idiom_of_the_body_presumes_no_stance(answer, label):
    topic = topic_for(label, [answer])
    assert topic.stance == 0 and topic.open, topic


def test_a_plain_complaint_keeps_its_stance():
    assert topic_for("saddle", ["the saddle is far too hard and my back aches"]).stance == -1


@pytest.mark.parametrize("sentence,expected", [
    ("who is running this?", True), ("Can I ask who you work for?", True), ("are you the council?", True),
    ("who is behind it", True), ("who fixes the bikes?", False), ("are you a robot?", False),
])
def test_a_question_about_who_is_behind_the_study(sentence, expected):
    assert asks_who_is_behind(sentence) is expected


def test_who_is_behind_is_answered_as_far_as_known(mec, spoke):
    request = QuestionRequest(methodology=mec, concept=spoke, strategy=mec.strategy("deepen"), turn_number=4,
                              focus=FocusRef(kind="node", label="free coffee"),
                              recent_turns=[Turn(question="What matters to you?", answer="sorry, who is running this?")])
    q = OfflineLanguage().write_question(request).question
    assert "research team" in q and "SpokeShed" in q and q.rstrip().endswith("?"), q


def test_one_wordnet_walk_serves_meta_and_distress():
    """The WordNet 'kind of' walk and the sense check are grammar's, shared by meta and distress."""
    from interview_core.language.offline import distress, grammar, meta

    assert grammar.word_is_kind("grief", "n", frozenset({"sadness"}), 2)
    assert not grammar.word_is_kind("bicycle", "n", frozenset({"sadness"}), 2)
    assert grammar.has_sense("exhausted", "a") and not grammar.has_sense("exhausted", "r")
    assert distress.word_is_kind is grammar.word_is_kind and meta.word_is_kind is grammar.word_is_kind
