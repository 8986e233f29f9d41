"""Offline question writing: the methodology's templates per strategy, the focus label made natural,
varied wording chosen deterministically from (seed, turn, strategy, focus), and never a near-repeat of
one of the last six questions."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import yaml

from ..contracts import QuestionRequest
from ...vocabulary.assessment import RESPONDENT_ENDED
from ...text.lexicon import lexicon
from .meta import (addressed_question, answer_meta_topic, asks_to_sell, asks_who_is_behind, is_pause, learned_topic,
                   meaning_referent, meaning_target, meta_topic, reply_topic, sentences)
from .grammar import closed, is_artifact, is_plural_phrase, respelled, restore_its
from .naturalise import concept_phrase, invented_names, natural_label, proper_nouns
from ...text.parse import parse
from ...text.primitives import jaccard, stem_string, words
from .salience import points_back, wanting
from .topics import Topic, answer_topic, element_topic, salient_topic, topic_for
from .verdicts import answer_verdict
from .described import defined_term, described_part, description_parts
from .doubt import doubting
from .distress import disclosed_hardship, mentions_hardship, withheld
from .valence import word_valence

_DATA = Path(__file__).parent / "data" / "questions.yaml"
RECENT_WINDOW = 6
# After the closing answer only these questions about the interview are still answered ("other": a question
# the interviewer cannot answer, acknowledged as such).
FAREWELL_META_TOPICS = ("purpose", "privacy", "other", "selling", "why_asked", "payment")
# Above this many questions left, "how long?" is answered with the number alone, never "not long".
FEW_LEFT = 5
# A template frame used in this many of the last questions is not reused while another one is available.
FRAME_WINDOW = 3
# Two questions whose wording is this similar once the focus is masked out share a frame.
SAME_FRAME = 0.8
# Near-repeat: nearly the same words overall, or the same content words in a similar sentence.
SAME_WORDS = 0.8
SAME_CONTENT = 0.6
SIMILAR_FORM = 0.45
MAX_SUMMARY_LABELS = 3
MAX_INTRO_CHARS = 220
# Wording of the start of an interview ("first impression", ``early_only`` in the wording file) is used
# only up to this turn.
EARLY_TURNS = 3


@lru_cache(maxsize=1)
def _wording() -> dict:
    return yaml.load(_DATA.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)


def question_similarity(a: str, b: str) -> tuple[float, float]:
    """(all-word Jaccard, content-word Jaccard) of two questions, each in [0, 1]."""
    (wa, ca), (wb, cb) = _word_sets(a), _word_sets(b)
    return jaccard(wa, wb), jaccard(ca, cb)


@lru_cache(maxsize=1024)
def _word_sets(question: str) -> tuple[frozenset[str], frozenset[str]]:
    """(all words, content words) of a question; cached because recent questions are compared often."""
    ws = frozenset(words(question))
    return ws, ws - lexicon().stopwords


def is_near_repeat(candidate: str, previous: list[str]) -> bool:
    """Whether ``candidate`` near-repeats any of the last RECENT_WINDOW questions in ``previous``.

    Better than a bare word Jaccard: "Why does the price matter to you?" does not repeat "Why does the
    creamy texture matter to you?" (same frame, different content), but "Why does price matter to you?"
    does.
    """
    for prev in previous[-RECENT_WINDOW:]:
        words_sim, content_sim = question_similarity(candidate, prev)
        if words_sim >= SAME_WORDS or (content_sim >= SAME_CONTENT and words_sim >= SIMILAR_FORM):
            return True
    return False


_PLACEHOLDER = re.compile(r"{(\w+)}")
# Words before {focus} that take any noun or gerund phrase: prepositions (not the temporal ones, which
# want an event: "since the price"), verbs of saying, and a subject's auxiliary ("Why is {focus} ...").
_TEMPORAL = frozenset("after before since during until till when while as like than".split())
_SAYING = frozenset("mentioned mention say said up".split())
_SUBJECT_OF = frozenset("is are was were does do did makes make would".split())


def fits_topic(template: str, topic: Topic) -> bool:
    """Whether a parser-checked ``topic`` (np or gerund) reads well in the template's {focus} slot: the
    slot takes any phrase there (after a preposition, a verb of saying, or as a subject before its
    verb), and what the template takes for granted fits the topic's stance and kind (True without a
    slot)."""
    i = template.find("{focus}")
    if i < 0:
        return True
    before, after = words(template[:i]), words(template[i + len("{focus}"):])
    prev = before[-1] if before else ""
    prepositions = closed().prepositions - _TEMPORAL
    if not (prev in prepositions or prev in _SAYING or (prev in _SUBJECT_OF and after)):
        return False
    kinds = presupposes(template)
    if topic.stance < 0 and "positive" in kinds or topic.stance > 0 and "negative" in kinds:
        return False
    if (topic.negated or topic.want) and kinds & {"absence", "negative"} or topic.negated and "possession" in kinds:
        return False
    if "cost" in kinds:  # "what makes trust worth it": only a purchase has a cost, and a parse cannot tell which
        return False
    if topic.kind == "gerund" and kinds & {"possession", "means"}:  # an activity or a state, not a tool
        return False
    if "kind" in kinds and topic.kind == "np" and not topic.plural:  # "an example of the price"
        return False
    if "in_use" in kinds and not (topic.kind == "np" and is_artifact(words(topic.text)[-1] if words(topic.text) else "")):
        return False  # "how does being someone who fixes things compare with what you use now"
    return not (topic.person and kinds)


@lru_cache(maxsize=512)
def presupposes(template: str) -> frozenset[str]:
    """What a template takes for granted about its topic: any of 'positive', 'negative', 'absence',
    'possession', 'cost', 'means', 'kind' (from its own words, ``presuppositions`` in the wording file)."""
    text = " ".join(template.lower().split())
    return frozenset(kind for kind, cues in _wording()["presuppositions"].items() if any(c in text for c in cues))


def frame_family(topic: Topic) -> str:
    """The frame family for a topic: 'person' (not complained about), 'want' (noun phrases only), 'negated' (quotes only),
    'open' when its stance cues conflict or are unsure (frames that presume no stance), else its stance
    ('negative', 'positive', 'neutral')."""
    if topic.person and topic.kind == "np" and topic.stance >= 0:
        return "person"  # (people turned down or complained about are asked what bothers them, below)
    if topic.want and topic.kind in ("np", "quote"):
        return "want"
    if topic.negated and topic.kind == "quote":
        return "negated"
    if topic.open:
        return "open"
    return {-1: "negative", 1: "positive"}.get(topic.stance, "neutral")


@lru_cache(maxsize=512)
def _frame_pattern(template: str) -> re.Pattern:
    """Matches a question written from ``template`` (any lead-in before it, any value in its slots)."""
    parts = _PLACEHOLDER.split(template)
    body = "".join(re.escape(p.strip()) if k % 2 == 0 else ".+?" for k, p in enumerate(parts))
    body = re.sub(r"(\\ )+", r"\\s*", body)  # slots are trimmed and spaces squeezed when filled
    return re.compile(rf"(?:^|\s){body}\s*$", re.IGNORECASE | re.DOTALL)


def frame_of(question: str, templates: list[str]) -> str | None:
    """The template (of ``templates``) that ``question`` was written from, or None."""
    return next((t for t in templates if _frame_pattern(t).search(question.strip())), None)


@lru_cache(maxsize=512)
def _skeleton(template: str) -> frozenset[str]:
    """The template's words with every slot masked as one token."""
    return frozenset(words(_PLACEHOLDER.sub(" slot ", template)))


def same_frame(candidate_template: str, previous: list[str], templates: list[str]) -> bool:
    """Whether a question from ``candidate_template`` repeats the frame of one of the last RECENT_WINDOW
    ``previous`` questions with only the focus changed ("You mentioned A. What does that give you?"
    after "You mentioned B. What does that give you?")."""
    frames = [frame_of(prev, templates) for prev in previous[-RECENT_WINDOW:]]
    return _shares_frame(candidate_template, [f for f in frames if f is not None])


def _shares_frame(candidate_template: str, previous_frames: list[str]) -> bool:
    mine = _skeleton(candidate_template)
    return any(jaccard(mine, _skeleton(f)) >= SAME_FRAME for f in previous_frames)


def _fill(template: str, values: dict[str, str]) -> str | None:
    """Template with placeholders replaced; None if it needs a value we do not have."""
    out = template
    for name in re.findall(r"{(\w+)}", template):
        value = values.get(name)
        if not value:
            return None
        out = out.replace("{" + name + "}", value)
    out = re.sub(r"\s+", " ", out).strip()
    return out[0].upper() + out[1:] if out else None


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _values(request: QuestionRequest) -> dict[str, str]:
    concept = request.concept
    proper = proper_nouns(getattr(concept, "name", ""), getattr(concept, "stimulus", ""),
                          *(e.label for e in getattr(concept, "elements", []))) | invented_names(getattr(concept, "name", ""))
    name = getattr(concept, "name", "") or "this"
    stimulus = " ".join((getattr(concept, "stimulus", "") or "").split())
    first_sentence = re.split(r"(?<=[.!?])\s", stimulus, maxsplit=1)[0] if stimulus else ""
    answers = [t.answer for t in request.recent_turns]
    # A summary names only what the parser confirms as a phrase; quotes and fragments are left out.
    # A hardship the respondent disclosed ("a small stroke") is never summed up as one of their points.
    topics = [topic_for(lbl, answers) for lbl in request.summary_labels[:MAX_SUMMARY_LABELS]
              if lbl.strip() and not any(mentions_hardship(lbl, a) for a in answers)]
    labels = list(dict.fromkeys(t.text for t in topics if t.kind in ("np", "gerund") and not t.person))
    labels = labels if len(labels) > 1 else []  # one item is no summary
    return {
        "focus": natural_label(request.focus.label, proper) if request.focus.label else "",
        "summary": _join(labels) if labels else "",
        "concept": concept_phrase(name.split(",")[0], proper),
        "stimulus_intro": first_sentence if len(first_sentence) <= MAX_INTRO_CHARS else "",
    }


def element_shape(request: QuestionRequest, natural: str) -> tuple[str, str]:
    """How a concept element's name enters the question: ('np', text) for a name the parser reads as a
    noun or gerund phrase (:func:`topics.element_topic`), ('quoted', '"name"') otherwise, ('none', '')
    without a name."""
    if not natural or not request.focus.label:
        return "none", ""
    topic = element_topic(request.focus.label, natural)
    if topic.kind in ("np", "gerund"):
        return "np", topic.text
    return "quoted", '"' + " ".join(request.focus.label.split()).strip(" .") + '"'


def request_topic(request: QuestionRequest) -> Topic | None:
    """The parser-chosen topic of a follow-up on a node (:func:`topics.topic_for` over the recent
    answers); None for every other request (an element keeps its name)."""
    if request.kind != "follow_up" or request.focus.kind != "node" or not request.focus.label:
        return None
    return salient_topic(request.focus.label, [t.answer for t in request.recent_turns])


def _generic_entry(strategy) -> dict | None:
    """The built-in wording entry of a strategy: the first whose keywords occur in its name/description."""
    text = f"{getattr(strategy, 'name', '')} {getattr(strategy, 'description', '')}".lower()
    for entry in _wording()["generic"]:
        if not entry["keywords"] or any(k in text for k in entry["keywords"]):
            return entry
    return None


def strategy_function(strategy) -> str:
    """What a strategy's question does ('ladder', 'clarify', 'emotion', ...), read from its name and
    description by the built-in wording's keywords; 'default' when none matches."""
    entry = _generic_entry(strategy) if strategy is not None else None
    return entry["function"] if entry else "default"


def _generic(strategy, focused: bool, has_summary: bool) -> list[str]:
    """Built-in wording for a strategy without templates, chosen by keywords in its name/description."""
    entry = _generic_entry(strategy)
    if entry is None:
        return []
    if focused:
        return list(entry["focused"])
    if not has_summary and "unfocused_no_summary" in entry:
        return list(entry["unfocused_no_summary"])
    return list(entry["unfocused"])


def _templates(request: QuestionRequest, values: dict[str, str]) -> tuple[list[str], list[str]]:
    """(primary templates, fallback templates) for the request's kind."""
    method = request.methodology.method
    if request.kind == "opening":
        bias = (method.opening_bias or "").lower()
        experience = any(w in bias for w in _wording()["experience_words"])
        builtin = _wording()["openings_experience" if experience else "openings"]
        # A description too long to repeat leaves {stimulus_intro} empty: the same openings without it.
        bare = [t.replace("{stimulus_intro}", "").strip() for t in builtin]
        return list(method.opening_templates) or list(builtin), list(_wording()["openings"]) + bare
    if request.kind == "closing":
        return list(method.closing_templates) or list(_wording()["closings"]), list(_wording()["closings"])
    strategy = request.strategy
    focused = request.focus.kind != "none" and bool(values["focus"])
    own = list(getattr(strategy, "question_templates", []) or [])
    generic = _generic(strategy, focused, bool(values["summary"])) + _generic(None, focused, bool(values["summary"]))
    return own or generic, generic


def _with_lead_in(question: str, lead_in: str) -> str:
    if not lead_in:
        return question
    if lead_in.rstrip().endswith((".", "!", "?")) or question.split(" ", 1)[0] == "I":
        return lead_in + question
    return lead_in + question[0].lower() + question[1:]


def _known_templates(request: QuestionRequest, primary: list[str], fallback: list[str]) -> list[str]:
    """Every template a recent question may have come from: this methodology's, then the built-in ones."""
    own = [t for st in getattr(request.methodology, "strategies", []) or [] for t in st.question_templates]
    builtin = [t for e in _wording()["generic"] for k in ("focused", "unfocused", "unfocused_no_summary")
               for t in e.get(k, [])]
    builtin += [t for family in ("topic_frames", "quote_probes", "ladder_frames", "ladder_probes")
                for ts in _wording()[family].values() for t in ts]
    builtin += list(_wording()["reason_given_probes"]) + list(_wording()["reason_up_probes"]) + list(
        _wording()["point_up_probes"])  # (so that a step just used is not used again at once)
    # Longest first: a template that is another's prefix must not claim its questions.
    return sorted(dict.fromkeys(primary + fallback + own + builtin), key=len, reverse=True)


# The sentence quoting the respondent before a probe ("You said "...". "), as the wording's leads write it.
_QUOTED_LEAD = re.compile(r'^[^"?]*"[^"]*"\.\s+')
_ANAPHORIC_END = re.compile(r"\b(that|this|it|just now)\b[^.?!]*[.?!]?$", re.I)
SEMANTIC_REPEAT = 0.85  # cosine at which two questions count as the same question
SEMANTIC_CHECKED = 4  # best candidates whose meaning is compared with the recent questions


def _semantic_pick(candidates: list[tuple[tuple, str]], recent: list[str], embed,
                   checked: int = SEMANTIC_CHECKED) -> str | None:
    """Among the best ``checked`` candidates, the first whose cosine with every recent question stays below
    SEMANTIC_REPEAT; else None. ``embed(texts)`` returns unit vectors (None for a text it cannot embed).
    Candidates are embedded one at a time, best first, so a turn usually costs one short embedding
    (the recent questions were embedded when they were candidates)."""
    if not candidates:
        return None
    ordered = [text for _, text in sorted(candidates, key=lambda c: c[0])][:checked]
    past = [v for v in embed(recent) if v is not None]
    if not past:
        return None
    for text in ordered:
        (vec,) = embed([text])
        if vec is None or max(float(vec @ p) for p in past) < SEMANTIC_REPEAT:
            return text
    return None


def _named_again(drafts: list[tuple[str, str]], values: dict[str, str], recent: list[str], lead_in: str,
                 starts: set[str], hardship: bool) -> list[tuple[tuple, str]]:
    """The drafts written again with the study's name as a pronoun ("it", "them" for a plural name), as
    candidates for :func:`_semantic_pick` (best first, word-level near-repeats left out): only drafts
    that name it and quote nothing (after a quote "it" would point at the quote), and only when a recent
    question named it, so the pronoun has its antecedent; never after painful news (after "I'm sorry to hear
    that." an "it" or "them" could point at what the respondent told)."""
    name = values.get("concept", "")
    if hardship or not name or name == "this" or not any(name.lower() in q.lower() for q in recent):
        return []
    plural = is_plural_phrase(words(name))
    out = []
    for i, (t, _) in enumerate(drafts):
        if "{concept}" not in t or '"' in t:
            continue
        q = _fill(re.sub(r"(\S*)(\s*){concept}", lambda m: m.group(1) + m.group(2) + _pronoun(m.group(1), plural), t),
                  values)
        if not q:
            continue
        text = _with_lead_in(q, lead_in) if hardship or q.split(" ", 1)[0].lower().strip(",") in starts else q
        if not is_near_repeat(text, recent):
            out.append(((i,), text))
    return out


def _pronoun(before: str, plural: bool) -> str:
    """The pronoun for the study's name after the word ``before`` ('' at the start of a sentence): the
    object form after a preposition or a verb's -ing form ("in choosing them", "about it"), else the
    subject form ("if they could", "What would it need")."""
    if not plural:
        return "It" if not before or before.endswith((".", "?", "!")) else "it"
    word = before.lower().strip(",;:")
    if word in closed().prepositions or word.endswith("ing") or word in ("choose", "from"):
        return "them"
    return "They" if not before or before.endswith((".", "?", "!")) else "they"


# After a painful disclosure a question that asks why, for an example, to say more of "that", or how "that" made
# them feel, presses on what hurts ("How did that make you feel?" after "dad left in september").
_PRESSING = re.compile(r"\bwhy\b|example|\b(more about that|behind that|that mean|that make you feel)\b", re.I)


def presses_on_hardship(question: str) -> bool:
    """Whether a question (a template or its text) would press on a hardship just told (:data:`_PRESSING`)."""
    return bool(_PRESSING.search(question))


def is_pause_turn(request: QuestionRequest) -> bool:
    """Whether the turn answers a pause ("hang on, someone's at the door"): a follow-up or closing question after an
    answer read as a pause. Its reply is fixed ("No rush, take your time." and the same question), with a
    provider too: a model asked to go on after "No rush" writes a new question."""
    return request.kind in ("follow_up", "closing") and _meta_topic(request) == "pause"


def hardship_hinted(request: QuestionRequest) -> bool:
    """Whether the respondent's last answer tells or hints at a hardship they did not withhold (:mod:`.distress`)."""
    return _disclosed_last(request)


def _meta_topic(request: QuestionRequest) -> str | None:
    """What the respondent's last answer asks the interviewer: a topic of :func:`meta.meta_topic`, or
    'other' for a question the interviewer cannot answer (:func:`meta.addressed_question`: about the
    product, the study's sponsor, anything the study did not tell it). A "what do you mean by X" whose X
    is in none of the recent questions and that goes on to ask something else ("..., like who decides
    what goes where?") asks about the concept, not the question: 'other'."""
    last = request.recent_turns[-1] if request.recent_turns else None
    if last is None:
        return None
    if is_pause(last.answer):
        return "pause"
    topic = answer_meta_topic(last.answer)
    asked = [last.question or "", *request.recent_questions]
    if topic == "meaning":
        return _meaning_of_what(request, last.answer, " ".join(asked))
    concept = f"{getattr(request.concept, 'name', '')} {getattr(request.concept, 'stimulus', '')}"
    if topic is None and addressed_question(last.answer, concept):
        return "selling" if any(asks_to_sell(s) for _, _, s in sentences(last.answer)) else "other"
    return topic


def _meaning_of_what(request: QuestionRequest, answer: str, question: str) -> str:
    """What a "what do you mean ..." question asks about (:func:`meta.meaning_referent`): 'meaning' when it
    names nothing or words of the interviewer's recent questions (``question``: the last is restated); 'other' when it names
    words of the concept's description only ("Cut to fit - what does that mean in practice?": a question
    about the product); 'unasked' when it names words the interviewer never used (the respondent pushes
    back on a word: acknowledged, and the question is not repeated)."""
    sentence = next((s for _, _, s in sentences(answer) if meta_topic(s, answer) == "meaning"), "")
    referent = _forms(meaning_referent(sentence))
    concept = f"{getattr(request.concept, 'name', '')} {getattr(request.concept, 'stimulus', '')}"
    if referent and len(referent & _forms(words(concept))) * 2 >= len(_forms(meaning_referent(sentence))) and \
            not referent & _forms(words(plain_question(request.recent_turns[-1].question or ""))):
        return "other"  # the description's words (also quoted by the opening question): what it says is quoted
    if not referent or referent & _forms(words(question)):
        return "meaning"
    return "other" if referent & _forms(words(concept)) else "unasked"


def _forms(ws: list[str]) -> set[str]:
    """Every word with its stem and its noun and verb lemmas ("swapping" -> swap), for matching words
    across inflections."""
    from lemminflect import getAllLemmas

    out = set(ws) | set(stem_string(ws).split())
    for w in ws:
        for lemmas in getAllLemmas(w).values():
            out |= set(lemmas)
    return out


def _asks_about_the_concept(answer: str, questions: list[str]) -> bool:
    """Whether a "what do you mean by X" in ``answer`` is about the concept rather than the interviewer's
    words: X is in none of ``questions`` and the sentence asks a wh-question of its own besides."""
    asked = set(stem_string([w for q in questions for w in words(q)]).split())
    for _, _, sentence in sentences(answer):
        target = stem_string(meaning_target(sentence)).split()
        if target and not any(w in asked for w in target):
            rest = words(sentence)[words(sentence).index("by") + 1:] if "by" in words(sentence) else []
            if any(w in closed().wh_words for w in rest):
                return True
    return False


@lru_cache(maxsize=1)
def _meta_answer_sentences() -> tuple[re.Pattern, ...]:
    """Every sentence of the meta answers in ``data/questions.yaml`` as a pattern, its slots as wildcards:
    what the interviewer says when it answers a question about the interview, read from the wording itself
    so a new answer there is never mistaken for the sentence that sets a question's topic."""
    patterns = []
    # (also the acknowledgements said before a question: repeated after a pause, they would be said twice)
    said_first = [_wording()["distress_acknowledgements"], _wording()["doubt_probes"]]
    for options in [*_wording()["meta_answers"].values(), *said_first]:
        for text in options:
            for sentence in re.split(r"(?<=[.!?])\s+", text):
                if sentence and "{last_question_plain}" not in sentence:
                    body = re.sub(r"\\\{[a-z_]+\\\}", ".+?", re.escape(sentence))
                    patterns.append(re.compile(body + "$", re.I))
    return tuple(patterns)


def _said_in_meta_answer(sentence: str) -> bool:
    return any(p.match(sentence) for p in _meta_answer_sentences())


def plain_question(previous: str) -> str:
    """The question part of an interviewer turn: its last question sentence, with the sentence before it
    when that one sets the topic ("You mentioned X. What does that give you?"); lead-ins ("Okay.") and
    anything said before (the answer to an earlier question about the interview) left out."""
    parts = [p for p in re.split(r"(?<=[.!?])\s+", " ".join(previous.split())) if p]
    asks = [k for k, p in enumerate(parts) if p.endswith("?")] or [len(parts) - 1] * bool(parts)
    if not asks:
        return ""
    k = asks[-1]
    start = k - 1 if k > 0 and not parts[k - 1].endswith("?") and len(words(parts[k - 1])) > 3 else k
    if start < k and _said_in_meta_answer(parts[start]):
        start = k  # an answer to an earlier question about the interview, not the topic
    text = " ".join(parts[start:k + 1])
    # a rephrased question is rephrased from the question, not from the rephrase
    while lead := next((x for x in _rephrase_leads() if text.startswith(x)), None):
        text = text[len(lead):].lstrip()
    return re.sub(r"^(?:(?:okay|ok|thanks|i see|right)[.,!]\s*)+", "", text, flags=re.I)


@lru_cache(maxsize=1)
def _rephrase_leads() -> tuple[str, ...]:
    """What the wording's rephrase says just before the question it repeats ("I was asking:"), in the same
    sentence: read from the wording file, so a changed wording is still taken off."""
    leads = []
    for template in _wording()["meta_answers"].values():
        for sentence in (template if isinstance(template, list) else [template]):
            head = sentence.split("{last_question_plain}", 1)[0] if "{last_question_plain}" in sentence else ""
            lead = re.split(r"(?<=[.!?])\s+", head.strip())[-1] if head.strip() else ""
            if lead:
                leads.append(lead)
    return tuple(dict.fromkeys(leads))


def meta_answer(request: QuestionRequest, short: bool = False) -> str:
    """The answer to a question the respondent asked about the interview in their last answer (turns
    left from the budget, the study's purpose from the concept, a rephrase of the last question), or "";
    with ``short``, the topic's short wording where there is one (said when the long one was said before)."""
    last = request.recent_turns[-1] if request.recent_turns else None
    topic = _meta_topic(request)
    if topic is None:
        return ""
    wording = _wording()["meta_answers"]
    if request.kind == "farewell" and topic not in FAREWELL_META_TOPICS:
        return ""  # the interview is over: only what the respondent may still want to know is answered
    if topic == "length" and request.turns_left is None:
        topic = "length_unknown"
    elif topic == "length" and request.turns_left > FEW_LEFT:
        topic = "length_many"  # "not long" would be untrue with many questions left
    elif topic == "length" and request.turns_left <= 1:
        topic = "length_one"  # "about 1 questions" is no English
    if topic == "skip" and set(disclosed_hardship(last.answer)) - set(withheld(last.answer)):
        # "pass, sorry, we've had a funeral this week": acknowledged, never probed; the declining alone
        # ("rather not say, next") is no painful news to be sorry for
        topic = "skip_hardship"
    if not (request.kind == "closing" and topic == "end"):
        topic = reply_topic(last.answer, topic)  # the turn's own wording (meta.reply_topic: lang13's hook)
    base = topic.removesuffix("_unknown").removesuffix("_many").removesuffix("_one")
    if request.kind == "closing" and f"{base}_closing" in wording:
        topic = f"{base}_closing"
    if topic == "other" and request.kind != "closing" and any(
            asks_who_is_behind(s) for _, _, s in sentences(last.answer)):
        topic = "other_sponsor"  # who is behind the study: said as far as the interviewer knows
    term, meaning, part = _described(request) if topic == "other" else ("", "", "")
    if part:  # what the description the respondent saw already says, never "I don't know"
        topic = "other_defined" if term else "other_described"
    second = _second_part(last.answer, topic)
    if (second or short) and f"{topic}_short" in wording:
        topic = f"{topic}_short"  # two answers and the next question stay a readable turn
    facts = study_facts(request.concept)
    topic, second = _with_fact(topic, facts, wording), _with_fact(second, facts, wording)
    options = wording[topic]
    plain = plain_question(last.question or "") or "what matters to you here?"
    concept = _values(request)["concept"]
    text = options[request.turn_number % len(options)].format(
        turns_left=max(request.turns_left or 0, 1), concept=concept, last_question_plain=plain,
        term=term, gloss=meaning, part=part, **facts)
    if second == "also_length" and (request.kind == "closing" or request.turns_left is None or request.turns_left <= 1):
        second = "also_length_closing" if request.kind == "closing" else "also_length_few"
    left = max(request.turns_left or 0, 1)
    return f"{text} {wording[second][0].format(concept=concept, turns_left=left, **facts)}" if second else text


# The wording keys a study fact answers (the concept's ``facts``), and the fact each needs.
_FACT_OF = {"other_sponsor": "commissioned_by", "other_funder": "commissioned_by", "also_sponsor": "commissioned_by",
            "privacy_retention": "answers_kept", "privacy_contact": "contact_after",
            "privacy_contact_short": "contact_after", "payment": "thank_you", "also_payment": "thank_you"}


def study_facts(concept) -> dict:
    """The facts the study sets (``Concept.facts``), by field name; those not set are left out."""
    facts = getattr(concept, "facts", None)
    return {k: v for k, v in (facts.model_dump() if facts is not None else {}).items() if v is not None}


def _with_fact(key: str, facts: dict, wording: dict) -> str:
    """The wording key that answers from the study's fact when the study sets it ("privacy_retention" ->
    "privacy_retention_fact", "privacy_contact" -> "privacy_contact_fact_no"); ``key`` itself otherwise, so a fact
    not set is answered honestly as before."""
    field = _FACT_OF.get(key)
    if field is None or field not in facts:
        return key
    value = facts[field]
    fact_key = f"{key}_fact_{'yes' if value else 'no'}" if isinstance(value, bool) else f"{key}_fact"
    return fact_key if fact_key in wording else key


# Topics whose short answer can follow the answer to another ("how much longer is this, and why do you need
# my date of birth?": both are answered).
_ANSWERED_TOO = ("length", "privacy", "purpose", "payment")
# Words at least in a comma part that the learned reading reads on its own as a second question.
_PART_WORDS = 3


def _second_part(answer: str, topic: str) -> str:
    """The wording key that answers the second part of a two-part question about the interview ("what's
    this for? are you the company?", "how long is this, and who sees it?"): another topic of
    :func:`meta.meta_topic` (length, privacy, purpose) in another sentence or comma part, who is behind the
    study or whether anything is sold, when the first answer did not say it; "" otherwise."""
    if topic in ("pause", "meaning", "unasked", "skip", "skip_hardship", "end") or topic.startswith(("other", "selling")):
        return ""
    pieces = [p for _, _, s in sentences(answer) for p in s.split(",") if words(p)]
    base = topic.split("_")[0]
    also = next((t for p in pieces if (t := meta_topic(p, answer) or _learned_part(p)) in _ANSWERED_TOO
                 and t != base), None)
    if also:
        return f"also_{also}"
    # the parts between commas that no answer above has met ("who sees this?" is privacy, already answered)
    parts = [p for p in pieces if meta_topic(p, answer) is None]
    if any(asks_to_sell(s) for s in parts):
        return "also_selling"
    return "also_sponsor" if any(asks_who_is_behind(s) for s in parts) else ""


def _learned_part(part: str) -> str | None:
    """The learned reading (:func:`meta.learned_topic`) of a part long enough to be read on its own."""
    return learned_topic(part) if len(words(part)) >= _PART_WORDS else None


def _mid_sentence(phrase: str) -> str:
    """A phrase taken from the start of the respondent's sentence, as it reads inside a question: its
    capitalised determiner lowercased ("A line under it" -> "a line under it")."""
    first, _, rest = phrase.partition(" ")
    return f"{first.lower()} {rest}" if rest and first[:1].isupper() and first.lower() in closed().determiners else phrase


def _description(request: QuestionRequest) -> str:
    return f"{getattr(request.concept, 'name', '') or ''} {getattr(request.concept, 'stimulus', '') or ''}"


def _described(request: QuestionRequest) -> tuple[str, str, str]:
    """(term, gloss, part) for a product question in the last answer (:mod:`described`): the part of
    the study's description that answers it, and a term of the description it asks the meaning of with
    WordNet's gloss; empty strings where there is none."""
    last = request.recent_turns[-1]
    stimulus = getattr(request.concept, "stimulus", "") or ""
    name = getattr(request.concept, "name", "") or ""
    if not stimulus:
        return "", "", ""
    said = _as_described(respelled(last.answer), stimulus)  # ("wats self balancing mean": the description's "self-balancing")
    term, meaning = defined_term(said, stimulus)
    asked = addressed_question(said, f"{name} {stimulus}") or said
    # a term asked about is quoted in the part of the description that holds it
    holding = [p for p in description_parts(stimulus) if term and f" {term} " in f" {' '.join(words(p))} "]
    # ... and a word they put in quotes ("the 'showcase' is what?"), in the part that holds all of it
    quoted = [words(q) for q in re.findall(r"(?<![a-z])['\"‘“]([^'\"’”]{2,40})['\"’”](?![a-z])", said, re.I)]
    holding = holding or [p for p in description_parts(stimulus) for q in quoted
                          if q and _forms(q) <= _forms(words(p)) | _forms(list(closed().function_words))]
    part = holding[0] if holding else described_part(said if term else asked, stimulus, name)
    if not part:  # "what does X mean in practice, who decides that?": the part that holds X's words
        sentence = next((s for _, _, s in sentences(said) if meaning_referent(s)), "")
        referent = _forms(meaning_referent(sentence))
        said = _forms(words(said))  # a part they only quoted back says nothing new
        shared = [(len(referent & _forms(words(p))), -k, p) for k, p in enumerate(description_parts(stimulus))
                  if not _forms(words(p)) <= said | _forms(list(closed().function_words))]
        best = max(shared, default=(0, 0, ""))
        part = best[2] if referent and best[0] * 2 >= len(set(meaning_referent(sentence))) else ""
    part = part or _what_the_named_thing_is(respelled(last.answer), stimulus)
    article = "an" if term[:1] in tuple("aeiou") else "a"
    return (f"{article} {term}" if term else "", meaning, part) if part else ("", "", "")


def _what_the_named_thing_is(answer: str, stimulus: str) -> str:
    """"What is macrame exactly?" about a word of the study's own name (the description's head, before its colon:
    "Knotloft Macrame Workshop: a three-hour evening workshop ..."): "what" + "be" + a subject whose words are all
    in that head; the description's first part, which says what the named thing is. "" otherwise."""
    head, colon, _ = stimulus.partition(":")
    parts = description_parts(stimulus)
    if not colon or not parts:
        return ""
    named = _forms(words(head))
    for _, _, s in sentences(answer):
        doc = parse(" ".join(s.split()))
        for t in doc:
            if t.lemma_ != "be" or not any(c.lower_ == "what" and c.dep_ in ("attr", "nsubj") for c in t.children):
                continue
            said = [c for c in t.children if c.dep_ in ("nsubj", "attr", "acomp") and c.lower_ != "what"]
            asked = [w for c in said for w in words(" ".join(x.text for x in c.subtree))
                     if w not in closed().function_words]
            if asked and _forms(asked) <= named:
                first = []  # a phrase of its own: "carve" alone is joined to the part after it
                for p in parts:
                    first.append(p)
                    if len(words(", ".join(first))) >= _PHRASE_WORDS:
                        break
                return ", ".join(first)
    return ""


# The fewest words of the description's first part said as what the study's named thing is.
_PHRASE_WORDS = 3


def _as_described(answer: str, stimulus: str) -> str:
    """``answer`` with a word the description hyphenates typed with a space (or none) written as the description
    writes it ("self balancing" -> "self-balancing", "dropseat" -> "drop-seat"), so the term asked about is found in
    the description's own words."""
    for term in dict.fromkeys(re.findall(r"\b[A-Za-z]+(?:-[A-Za-z]+)+\b", stimulus or "")):
        pieces = term.split("-")
        answer = re.sub(r"\b" + r"[\s-]?".join(map(re.escape, pieces)) + r"\b", term, answer, flags=re.I)
    return answer


def farewell(request: QuestionRequest) -> str:
    """The remark that ends the interview once the closing question is answered (no question in it); when
    the respondent ended it ("I have to go now"), the same after "Of course, we can stop there."."""
    options = _wording()["farewells"]
    text = _fill(options[(request.seed + request.turn_number) % len(options)], _values(request)) or options[-1].format(
        concept="this")
    said = _acknowledged(request)
    if request.termination_reason == RESPONDENT_ENDED:
        said = said if _disclosed_last(request) else ""  # leaving: no thanks for a point, twice over
        return " ".join(x for x in (_wording()['meta_answers']['end_closing'][0], said, text) if x)
    return f"{said} {text}" if said else text


def _disclosed_last(request: QuestionRequest) -> bool:
    """Whether the respondent's last answer disclosed a hardship they did not withhold (:mod:`.distress`)."""
    answer = request.recent_turns[-1].answer if request.recent_turns else ""
    return bool(set(disclosed_hardship(answer)) - set(withheld(answer))) if answer else False


def _acknowledged(request: QuestionRequest) -> str:
    """What the farewell says first about the closing answer: a brief acknowledgement of a painful disclosure
    ("a care home since his stroke"), else of a new point (``request.answer_labels``: what the answer said), else
    nothing."""
    wording = _wording()
    if _disclosed_last(request):
        acks = wording["distress_acknowledgements"]
        return acks[(request.seed + request.turn_number) % len(acks)]
    return wording["farewell_new_point"][0] if request.answer_labels else ""


def interviewer_reply(request: QuestionRequest) -> str:
    """What the interviewer says before any provider's next question: the answer to a question about
    the interview in the respondent's last answer, or "" (never before the opening question, and never a
    reply already given in this session, verbatim or nearly: :func:`given_before`)."""
    reply = meta_answer(request) if request.kind != "opening" else ""
    if reply and given_before(reply, request):
        # asked again ("the answers go to the club or to students?" after the privacy answer): the short answer,
        # unless it was said before word for word; never the question left unanswered for want of new words
        shorter = meta_answer(request, short=True)
        said = " ".join(request.said_before)
        return shorter if shorter != reply and shorter.split(". ")[0] not in said else ""
    return reply


# Replies that are the turn itself, with rules of their own: a pause ("No rush." and the same question), a
# rephrase of the question, the offer to end (said once, then "end_again").
_OWN_RULES = ("pause", "meaning", "end")


def given_before(reply: str, request: QuestionRequest) -> bool:
    """Whether ``reply`` near-repeats (:func:`is_near_repeat`) what the interviewer said first in an earlier
    turn of the session (``request.said_before``: as many sentences as the reply has), for replies that
    answer the respondent's question; the no-near-repeat rule of questions, kept for the reply before them."""
    if _meta_topic(request) in _OWN_RULES:
        return False
    n = len(_SENTENCE_END.split(reply.strip()))
    return any(is_near_repeat(reply, [" ".join(_SENTENCE_END.split(turn.strip())[:n])]) for turn in request.said_before)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'])")  # a sentence's end before the next one's capital


def write_offline_question(request: QuestionRequest, embed=None) -> str:
    """The question for a request (for ``farewell``, the closing remark), preceded by the answer to a
    question the respondent asked about the interview (:func:`meta_answer`), if any."""
    answer = interviewer_reply(request)
    topic = _meta_topic(request) if answer else None
    if answer and request.kind == "follow_up" and topic == "end" and answer in request.recent_questions:
        answer = _wording()["meta_answers"]["end_again"][0]  # asked again: the offer is not made twice
    if answer and request.kind == "follow_up" and topic in ("meaning", "end"):
        return answer  # the rephrased question, or the offer to end, is the turn's question: one, not two
    if answer and request.kind in ("follow_up", "closing") and topic == "pause":
        # A pause ("hang on, the kettle's going"): the same question again, nothing probed; also in place
        # of the closing question, which would cut the respondent off mid-answer.
        again = plain_question(request.recent_turns[-1].question or "")
        if again:
            return f"{answer} {again}"
    question = farewell(request) if request.kind == "farewell" else _write_question(request, embed, answer)
    if answer and request.kind == "follow_up" and len(words(f"{answer} {question}")) > TURN_WORDS:
        # a long answer (a description quoted, a dictionary gloss) and a long question read as a wall of
        # text: a short plain question after it, one not asked just now
        concept = _values(request)["concept"]
        short = [q.format(concept=concept) for q in _wording()["after_long_reply"]]
        question = next((q for q in short if q not in request.recent_questions[-RECENT_WINDOW:]), short[-1])
    recent = request.recent_questions[-RECENT_WINDOW:]
    if answer and request.kind == "follow_up" and any(question in turn for turn in recent):
        # the question after a reply was asked word for word in a recent turn (after another reply, where the
        # whole turns do not near-repeat): a plain probe not asked yet instead, one that points at nothing said
        # ("what you meant just now" after a skip)
        question = next((q for q in plain_probes(_values(request), request.turn_number) if not _ANAPHORIC_END.search(q)
                         and not any(q in turn for turn in recent) and not is_near_repeat(q, recent)), question)
    return f"{answer} {question}" if answer else question


# Words at most in a turn that answers the respondent's question and asks the next one: below the screen's
# limit (interview_core.language.screen.MAX_QUESTION_WORDS, 70), with room for a longer concept name.
TURN_WORDS = 64


# Verb and pronoun forms next to a plural focus ("How do the lessons help you?", "What role do they play?").
_PLURAL_AGREEMENT = ((r"\b(does|is|was|has|doesn't|isn't|wasn't|hasn't) (\{focus\})",
                      {"does": "do", "is": "are", "was": "were", "has": "have", "doesn't": "don't",
                       "isn't": "aren't", "wasn't": "weren't", "hasn't": "haven't"}),
                     (r"(\{focus\}) (is|was|has|doesn't|isn't|wasn't|hasn't|matters|makes|means|gives|helps)\b",
                      {"is": "are", "was": "were", "has": "have", "doesn't": "don't", "isn't": "aren't",
                       "wasn't": "weren't", "hasn't": "haven't", "matters": "matter", "makes": "make",
                       "means": "mean", "gives": "give", "helps": "help"}))
_PLURAL_PRONOUNS = {"does it": "do they", "is it": "are they", "it's": "they're", "about it": "about them",
                    "with it": "with them", "without it": "without them"}


def agree_plural(template: str) -> str:
    """A template's verbs and pronouns made plural around its {focus} slot (for a plural focus)."""
    out = template
    for pattern, forms in _PLURAL_AGREEMENT:
        out = re.sub(pattern, lambda m: " ".join(forms.get(g, g) for g in m.groups()), out)
    if "{focus}" in out:
        head, tail = out.split("{focus}", 1)
        for singular, plural in _PLURAL_PRONOUNS.items():
            tail = re.sub(rf"\b{re.escape(singular)}\b", plural, tail)
        out = head + "{focus}" + tail
    return out


_PERSONAL = frozenset("i you he she it we they im i'm".split())
# Words at least in what a respondent says they want after telling painful news ("so someone noticing if he's off").
WANT_WORDS = 3


def wanted_after(answer: str) -> str:
    """What the respondent says they want after painful news, by the structure of the answer: its last
    sentence or comma part opening with "so" (a conclusion drawn from what they told), without "so" and
    "just", holding none of the hardship words and at least :data:`WANT_WORDS` words; "" otherwise."""
    parts = [p.strip() for _, _, s in sentences(answer) for p in s.split(",") if words(p)]
    last = parts[-1] if parts else ""
    ws = words(last)
    if not ws or ws[0] != "so" or set(ws) & set(disclosed_hardship(answer)):
        return ""
    body = re.sub(r"^so\s+(?:(?:just|yeah|basically|really)\s+)*", "", last.rstrip(" .!"), flags=re.I)
    ws = words(body)
    if len(ws) < WANT_WORDS or ws[0] in _PERSONAL or ws[0] in closed().subject_contractions:
        return ""  # "so I'll pay whatever now": a clause of their own, not a thing wanted
    return short_quote(body)


def _told_as_past(quote: str) -> bool:
    """Whether a quote tells what happened: its main verb is in the past tense ("last summer we were
    doing up the back bedroom")."""
    return any(t.dep_ == "ROOT" and (t.tag_ == "VBD" or any(c.dep_ == "aux" and c.tag_ == "VBD" for c in t.children))
               for t in parse(quote))


def _last_verdict(request: QuestionRequest) -> str:
    """The respondent's last answer when it is a verdict alone ("Useless.", :func:`verdicts.answer_verdict`)
    and the request is a follow-up; else ""."""
    if request.kind != "follow_up" or not request.recent_turns:
        return ""
    return answer_verdict(request.recent_turns[-1].answer)


def _hardship(request: QuestionRequest) -> tuple[str, ...]:
    """The hardship words of the respondent's last answer (:func:`distress.disclosed_hardship`) on a
    follow-up or the closing question; () otherwise."""
    if request.kind not in ("follow_up", "closing") or not request.recent_turns:
        return ()
    return disclosed_hardship(request.recent_turns[-1].answer)


def _about_hardship(topic: Topic | None, request: QuestionRequest) -> bool:
    """Whether a follow-up's topic is the hardship the last answer disclosed, or said in the same
    sentence as it ("it's for my mum, she's 84, had a fall": the age is part of the painful news)."""
    if topic is None or topic.kind == "none" or not request.recent_turns:
        return False
    answer = request.recent_turns[-1].answer
    if withheld(answer) and _in_last_answer(request, topic):
        return True  # "It's for Dad's memorial. That's as much as I'll say.": nothing of it is probed
    return _told_with_hardship(topic.quote or topic.text, answer)


def _told_with_hardship(said: str, answer: str) -> bool:
    """Whether ``said`` (a topic's words) names a hardship of ``answer`` or was said in the same sentence as
    one ("me and my brother split it on two credit cards", told with a father's death)."""
    if mentions_hardship(said, answer):
        return True
    return any(said.lower() in s.lower() and mentions_hardship(s, answer) for _, _, s in sentences(answer))


def _in_last_answer(request: QuestionRequest, topic: Topic | None) -> bool:
    """Whether a follow-up's topic (else its focus label) comes from the respondent's last answer: all its
    words occur there."""
    text = (topic.quote or topic.text) if topic is not None and topic.kind != "none" else request.focus.label
    said = set(stem_string(words(text)).split())
    return bool(said) and said <= set(stem_string(words(request.recent_turns[-1].answer)).split())


# Wording of a question that is obvious after an answer that already says why (:func:`explained`).
_OBVIOUS = re.compile(r"\bwhy\b|\bmatters?\b|important|feel about|how do you feel|feel that way|difference|"
                      r"behind that|(say|tell me) more|example|get to you|bother", re.I)
# Wording that returns to something said before (a strategy's "revisit" templates).
_GOING_BACK = re.compile(r"\b(earlier|a little while ago|come back to|going back|go back to)\b", re.I)
_LADDER_ASKS = re.compile(r"\bwhy\b|give you|do for you|important|matters?\b|difference|make possible", re.I)
SHORT_VALUE = 3  # content words at most in an answer read as the next rung of a ladder


def _short_value(request: QuestionRequest) -> str:
    """The respondent's last answer when it is a short answer (at most SHORT_VALUE words, no question,
    no meta, no hardship, no "don't know") to a laddering question ("What does that give you?" ->
    "sleep"); "" otherwise."""
    if request.kind != "follow_up" or not request.recent_turns:
        return ""
    last = request.recent_turns[-1]
    ws = words(last.answer)
    c = closed()
    content = [w for w in ws if w not in c.interjections and w not in c.function_words]
    if not content or len(content) > SHORT_VALUE or len(ws) > 2 * SHORT_VALUE - 1 or "?" in last.answer or not _LADDER_ASKS.search(
            plain_question(last.question or "")) or any(w in c.negations for w in ws):
        return ""
    if answer_meta_topic(last.answer) or disclosed_hardship(last.answer) or lexicon().hedges.count(stem_string(ws)) \
            or lexicon().ceiling.hits(stem_string(ws)):
        return ""  # (a "don't know" names no rung: "erm. dunno. next one")
    if any(word_valence(w) != 0 for w in content) or answer_verdict(last.answer):
        return ""  # "fine", "a bit pointless": a verdict, asked what makes them say so
    root = next((t for t in parse(" ".join(last.answer.split())) if t.dep_ == "ROOT"), None)
    if root is None or root.pos_ not in ("NOUN", "PROPN") and root.tag_ != "VBG":
        return ""  # a thing or an activity ("sleep", "time with the kids"); an adjective is a verdict
    return " ".join(last.answer.split()).strip(" .!,")


def said_hardship(request: QuestionRequest) -> bool:
    return bool(_hardship(request))


# Words that give a reason or a consequence inside a clause (a closed class of English).
_CAUSAL = frozenset("because cos cause coz since so".split())


def _parsed(text: str):
    """The parse of a respondent's text with its spaces tidied and "its" typed for "it's" restored
    (:func:`grammar.restore_its`)."""
    return parse(restore_its(" ".join(text.split())))


def reason_given(answer: str) -> bool:
    """Whether an answer already gives its reason: a causal or consequential conjunction joining its
    clauses ("... because ...", "..., so ..."), or a headline without a verb followed by a sentence that
    explains it ("Seeing who's coming. I live on my own."; rhetorical structure: a nucleus and its
    elaboration). "its" typed for "it's" is read as "it's" (:func:`grammar.restore_its`)."""
    doc = _parsed(answer)
    if any(t.lower_ in _CAUSAL and t.dep_ in ("mark", "cc", "advmod") and t.i > 0 and t.head.pos_ in ("VERB", "AUX", "ADJ")
           for t in doc):
        return True
    sents = [s for s in doc.sents if any(t.is_alpha for t in s)]
    if len(sents) < 2:
        return False
    finite = ("VBD", "VBP", "VBZ", "MD")
    explains = sents[1].root.tag_ in finite or any(c.dep_ in ("aux", "auxpass") and c.tag_ in finite
                                                    for c in sents[1].root.children)
    return sents[0].root.tag_ not in finite and explains and len(sents[1]) >= 4


# Functions of a clause with a subject and a finite verb of its own inside a sentence.
_CLAUSES = frozenset("ROOT conj parataxis".split())  # not a clause of time, condition or saying
ELABORATION_WORDS = 4  # words at least in a clause that explains another
ELABORATING_SENTENCE = 8  # words at least in a later sentence that explains the first


def explained(answer: str) -> bool:
    """Whether an answer already says why (:func:`reason_given`) or explains itself: two or more clauses
    with a subject and a finite verb, one of ELABORATION_WORDS words or more ("Samples. I need to see the
    colour in my own light, the grey I ordered was purple"; "dry bags, my phone went in the river last
    summer"). Asking "why does that matter" or "how do you feel about it" after it is obvious."""
    if not _says_more_than_time(words(answer)):
        return False  # "I haven't thought about that much. Nothing else comes to mind": nothing explained
    if reason_given(answer):
        return True
    if words(answer)[:1] and words(answer)[0] in _CAUSAL - {"so", "since"}:  # ("So we moved ..." opens a story)
        return False  # "Because ...": the answer to a "why", whose own reason is the next rung up the ladder
    finite = ("VBD", "VBP", "VBZ", "MD")
    doc = _parsed(answer)
    clauses = [t for t in doc if t.dep_ in _CLAUSES and t.pos_ in ("VERB", "AUX") and (
        t.tag_ in finite or any(c.dep_ in ("aux", "auxpass") and c.tag_ in finite for c in t.children))
        and (any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in t.children) or _subject_left_out(t))
        and _says_more_than_time(words(" ".join(x.text for x in t.subtree)))]  # not "nothing else comes to mind"
    if len(clauses) >= 2 and any(len(list(c.subtree)) >= ELABORATION_WORDS for c in clauses):
        return True
    # ... or a sentence after the first that goes on at length ("... is smart. not dropping 300 quid on
    # something I might give up after three weeks")
    later = list(doc.sents)[1:]
    return any(sum(t.is_alpha for t in s) >= ELABORATING_SENTENCE and not s.text.rstrip().endswith("?")
               and _says_more_than_time(words(s.text)) for s in later)


def turns_down(reason: str) -> bool:
    """Whether a reason is the respondent declining to do something: a main verb negated with a modal ("can't",
    "won't", "wouldn't") whose subject is "I"/"we" or left out ("honestly can't see me paying someone", "we
    wouldn't bother", "won't use it"). "I don't want my kids doing what we did" (a want) and "not that I care
    where they are" (a disclaimer) have no modal: they turn nothing down."""
    doc = _parsed(reason)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.pos_ not in ("VERB", "AUX") or not any(c.dep_ == "neg" for c in root.children) \
            or not any(c.dep_ == "aux" and c.tag_ == "MD" for c in root.children):
        return False
    subjects = [c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")]
    return all(c.lower_ in ("i", "we") for c in subjects) and (bool(subjects) or _subject_left_out(root))


def _subject_left_out(verb) -> bool:
    """A main clause whose subject is left out, as casual speech does with "I" ("honestly can't see me paying
    someone", "won't use it twice"): its verb is the root and carries a modal or a negated auxiliary."""
    return verb.dep_ == "ROOT" and any(c.dep_ == "aux" and c.tag_ == "MD" for c in verb.children) or (
        verb.dep_ == "ROOT" and any(c.dep_ == "neg" for c in verb.children) and any(c.dep_ == "aux" for c in verb.children))


REASON_WORDS = 3  # words at least in a reason quoted back
# WordNet lexicographer files of verbs that say nothing of their own about a topic when nothing else in the
# clause does: cognition ("think"), perception ("notice"), stative ("matter").
_EMPTY_VERB_FILES = frozenset({"31", "39", "42"})
_SAYING_VERB_FILES = frozenset({"32"})  # verb.communication: "explain", "say", "put"


def addressed_to_listener(quote: str) -> bool:
    """Whether a quote is a request made of the interviewer, not a topic: an imperative (a verb in its base
    form that opens the clause, no subject) whose only other words are particles, prepositions and the
    speaker as its object ("bear with me", "hang on"; "give me a sec" aside: a noun names something), as in
    "..., so bear with me"."""
    doc = [t for t in parse(" ".join(quote.split())) if not t.is_punct]
    if not doc or doc[0].tag_ != "VB" or doc[0].dep_ != "ROOT":
        return False
    rest = doc[1:]
    return all(t.pos_ in ("ADP", "PART", "ADV") or t.lower_ in ("me", "us") for t in rest) and (
        not rest or any(t.lower_ in ("me", "us") or t.dep_ == "prt" for t in rest))


def says_nothing(quote: str) -> bool:
    """Whether a quote of the respondent's words names nothing to ask about: no noun, adjective or number
    (a time remark such as "every time" aside) and only verbs of thinking, noticing or mattering ("I haven't
    thought further than that, it just matters", "that's something I notice every time"). A quote that says
    the respondent does not know (the knowledge-ceiling phrases) may add an adjective and verbs of saying:
    "I'm not sure I can explain it better, sorry" is no topic either, while "not sure the price is right"
    names one. Such words are a remark about the answer, never a topic or a reason to quote back."""
    from .distress import _wordnet

    wordnet = _wordnet()
    if addressed_to_listener(quote):
        return True
    unknowing = bool(lexicon().ceiling.hits(stem_string(words(quote))))
    empty_verbs = _EMPTY_VERB_FILES | _SAYING_VERB_FILES if unknowing else _EMPTY_VERB_FILES
    for tok in parse(" ".join(quote.split())):
        if tok.pos_ in ("NOUN", "PROPN", "NUM") and tok.dep_ != "npadvmod":
            return False
        if tok.pos_ == "ADJ" and tok.dep_ != "npadvmod" and not unknowing:
            return False
        if tok.pos_ == "VERB":
            senses = wordnet.synsets(tok.lemma_.lower(), "v")[:1] if wordnet is not None else []
            if not senses or wordnet.lexfile(senses[0]) not in empty_verbs:
                return False
    return True


def reason_clause(answer: str) -> tuple[str, bool]:
    """(the reason or consequence an answer gives, whether it is a complaint), quoted short: the words after a
    causal conjunction ("..., so I get to work fresh"), else the first later sentence with a finite verb that
    says more than a time remark ("Samples. I need to see the colour in my own light"); ("", False) when
    there is none. A comment pointing back at what was said (:func:`salience.points_back`: "That's the bit I'd
    fret about", "I'm timid like that") is no reason; what follows its comma may be ("..., getting hit in the
    face"). A complaint: a negation or a VADER-negative word in it."""
    doc = parse(" ".join(answer.split()))
    text = ""
    for t in doc:
        if t.lower_ in _CAUSAL and t.dep_ in ("mark", "cc", "advmod") and t.i > 0 and t.i + 1 < len(doc):
            text = doc[t.i + 1:t.sent.end].text
            break
    # a story ("I did the bedroom ones myself") gives nothing to climb from, a comment on it ("so that's that") or a
    # question ("so why would I pay more") neither
    text = "" if _told_as_past(text) or says_nothing(text) or points_back(list(parse(text))) or \
        words(text)[:1] and words(text)[0] in closed().wh_words else text
    if not text:
        finite = ("VBD", "VBP", "VBZ", "MD")
        for sent in list(doc.sents)[1:]:
            ws = words(sent.text)
            content = [w for w in ws if w not in lexicon().stopwords and w not in closed().function_words]
            if sent.text.rstrip().endswith("?") or len(ws) < REASON_WORDS or not content or ws[0] in closed().subordinators:
                continue  # (a condition, "if I have to do it", is no reason)
            if points_back(list(sent)):  # a comment on what was said; what follows its comma says what it is
                rest = sent.text.partition(",")[2]
                if len(words(rest)) >= REASON_WORDS and not says_nothing(rest) and not points_back(list(parse(rest))):
                    text = rest
                    break
                continue
            if (sent.root.tag_ in finite or any(c.dep_ == "aux" and c.tag_ in finite for c in sent.root.children)) \
                    and _says_more_than_time(ws) and not _told_as_past(sent.text) and not says_nothing(sent.text):
                text = sent.text
                break
    head, sep, rest = text.partition(",")
    # "The thing is, ...", "in the end, ...", "That's the bit I'd fret about, <the reason>"
    while sep and rest.strip() and (not _says_more_than_time(words(head)) or points_back(list(parse(head)))):
        head, sep, rest = rest.partition(",")
        text = head + sep + rest
    text = short_quote(text.strip(" ,.;:!"))
    if len(text.split()) < REASON_WORDS:
        return "", False
    ws = words(text)
    return text, any(w in closed().negations or w.endswith("n't") for w in ws) or any(word_valence(w) < 0 for w in ws)


def commented_on(comment: str, answers: list[str]) -> str:
    """What a comment pointing back (:func:`salience.points_back`: "I'm timid like that") comments on: the
    sentence or comma part just before it in the latest of ``answers`` that holds it, itself no comment and of
    REASON_WORDS words or more, quoted short; "" when there is none."""
    answer = next((a for a in reversed(answers) if comment in a), "")
    parts = [p.strip() for _, _, s in sentences(answer) for p in s.split(",") if words(p)]
    at = next((k for k, p in enumerate(parts) if comment in p or p in comment), 0)
    before = [p for p in parts[:at] if len(words(p)) >= REASON_WORDS and not points_back(list(parse(p)))]
    return short_quote(before[-1].rstrip(" .!")) if before else ""


def point_steps(said: str, topic: Topic | None) -> list[str]:
    """The step after an answer that says why but gives no reason to quote (a story, a comment): how much its
    point weighs in their choice, named: after ``said`` (the quote of the point, "You said ..."), or with the
    topic's noun phrase in the slot (``point_up_probes``); the "get that right" steps when neither names it."""
    if said:
        return _quoted_steps(said)
    if topic is not None and topic.kind in ("np", "gerund"):
        probes = list(_wording()["point_up_probes"])
        return [agree_plural(p) for p in probes] if topic.plural else probes
    return list(_wording()["reason_given_probes"])


def step_from_reason(answer: str, turn_number: int) -> tuple[list[str], str]:
    """(the templates of the step after an answer that gives its reason, the reason): the reason quoted
    (:func:`reason_clause`) before a question of how it bears on what they would choose or want
    (``reason_up_probes``), never the stock "what does that give you"; ([], "") when the answer quotes no
    reason."""
    reason, _ = reason_clause(answer)
    if not reason:
        return [], ""
    return _quoted_steps(_wording()["said_leads"][turn_number % 2].format(quote=reason)), reason


def _quoted_steps(said: str) -> list[str]:
    """``reason_up_probes`` after ``said`` (a quote of the respondent's words); when the quote already says what
    they want ("I'd need to meet her first"), not the ones asking what they would want."""
    quote = re.findall(r'"([^"]+)"', said)
    want = bool(quote) and wanting(list(parse(quote[0])))
    return [f"{said} {p}" for p in _wording()["reason_up_probes"] if not (want and re.search(r"\bwant\b", p))]


def _says_more_than_time(ws: list[str]) -> bool:
    """Whether a sentence says more than when or how often something happens ("I noticed it again last week")
    or a remark about the interview ("I haven't thought about that much")."""
    from .frames import drop_meta, residue

    return bool(residue(drop_meta(ws), lexicon().stopwords))


MAX_SAID_WORDS = 12  # words at most of the respondent's own words quoted back in a question


def short_quote(quote: str) -> str:
    """The respondent's words as quoted back: whole when at most MAX_SAID_WORDS words; else the first
    part between commas or dashes that is short enough (and has three words or more), else the words
    before the last preposition or conjunction within the limit ("where they leave you at the bottom of
    the river" of "... with no way back up"). Never a cut inside a phrase."""
    ws = quote.split()
    while len(ws) > 3 and ws[0].lower() in closed().coordinators:  # never opens on "and" / "but"
        ws = ws[1:]
    ws = _without_trailing_link(_without_request_to_listener(ws))
    quote = " ".join(ws)
    if len(ws) <= MAX_SAID_WORDS:
        return " ".join(ws)
    # the first part long enough to say something (the start of what they said, not a trailing aside)
    part = next((p for p in re.split(r"\s*[,;:]\s*|\s[-–—]+\s", quote) if len(p.split()) >= 3), quote)
    ws = part.split()
    while len(ws) > 3 and ws[0].lower() in closed().coordinators:
        ws = ws[1:]
    ws = _without_trailing_link(ws)
    if len(ws) <= MAX_SAID_WORDS:
        return " ".join(ws)
    c = closed()
    # a clause edge ("and", "because") first, else a preposition ("with no way back up")
    for edge in (c.subordinators | c.coordinators, c.prepositions):
        breaks = [k for k, w in enumerate(ws[:MAX_SAID_WORDS + 1]) if k >= 3 and re.sub(r"\W", "", w.lower()) in edge]
        if breaks:
            return _without_dangling(ws[:breaks[-1]])
    return _without_dangling(ws[:MAX_SAID_WORDS])


def _without_request_to_listener(ws: list[str]) -> list[str]:
    """A quote without the request to the interviewer it ends on after a comma ("I've got no green fingers at all,
    so bear with me": :func:`addressed_to_listener`), when REASON_WORDS words or more are left."""
    head, sep, tail = " ".join(ws).rpartition(",")
    tail_ws = tail.split()
    while tail_ws and tail_ws[0].lower() in closed().coordinators:
        tail_ws = tail_ws[1:]
    if sep and len(head.split()) >= REASON_WORDS and tail_ws and addressed_to_listener(" ".join(tail_ws)):
        return head.split()
    return ws


_TIME_ADVERBS = frozenset({"yet", "then"})


def _without_trailing_link(ws: list[str]) -> list[str]:
    """A quote without a conjunction left hanging at its end, where speech trails off ("she does hers with the
    kitchen tweezers so", "the extra pound a month for the app but"); "I don't think so" keeps its "so" (a
    verb of thinking or saying before it)."""
    c = closed()
    links = c.coordinators - _TIME_ADVERBS  # ("... if we've won yet", "... by then": adverbs of time end a clause)
    while len(ws) > 3 and re.sub(r"\W", "", ws[-1].lower()) in links \
            and re.sub(r"\W", "", ws[-2].lower()) not in c.framing_verbs:
        ws = ws[:-1]
    if ws:
        ws = ws[:-1] + [ws[-1].rstrip(",;:")]
    return ws


def _without_dangling(ws: list[str]) -> str:
    """A cut quote without the conjunctions or prepositions left hanging at its end ("I'll do them twice and"
    -> "I'll do them twice")."""
    c = closed()
    edge = c.subordinators | c.coordinators | c.prepositions
    while len(ws) > 3 and re.sub(r"\W", "", ws[-1].lower()) in edge:
        ws = ws[:-1]
    return " ".join(ws).rstrip(",;:")


def _names_after_easing(request: QuestionRequest) -> bool:
    """An unfocused follow-up of an easing strategy (function 'ease') right after an answer."""
    return (request.kind == "follow_up" and request.focus.kind == "none" and bool(request.recent_turns)
            and strategy_function(request.strategy) == "ease")


def plain_probes(values: dict[str, str], turn_number: int) -> list[str]:
    """Every built-in probe that needs no focus (each function's ``unfocused`` wording and the probes said
    after a long reply), filled from ``values``, in the wording file's order, without duplicates; the
    wording of an interview's start only up to :data:`EARLY_TURNS`."""
    wording = _wording()
    templates = [t for entry in wording["generic"] for t in entry["unfocused"]] + list(wording["after_long_reply"])
    if turn_number > EARLY_TURNS:
        templates = [t for t in templates if not _early_only(t)]
    return list(dict.fromkeys(q for q in (_fill(t, values) for t in templates) if q))


def _early_only(template: str) -> bool:
    text = template.lower()
    return any(cue in text for cue in _wording()["early_only"])


def _write_question(request: QuestionRequest, embed=None, reply: str = "") -> str:
    """The question for a request: opening, follow-up (strategy + focus) or closing.

    A follow-up on a node asks about the topic the parser finds for it (:func:`request_topic`): a noun or
    gerund phrase fills the slot of the strategy's templates that fit it (:func:`fits_topic`), with the
    frames of its family (:func:`frame_family`) added when fewer than two do; a quote of the
    respondent's words goes before a probe of its family; otherwise a plain probe without a slot.
    Deterministic for the same request. Templates are tried in an order drawn from (seed, turn_number,
    kind, strategy, focus), preferring, in this order: no near-repeat of the last six questions (word
    overlap), no frame shared with one of them once the focus is masked out, and a frame not used in the
    last FRAME_WINDOW questions. If every candidate near-repeats, rescue
    lead-ins are tried, then the least similar candidate is used. With ``embed`` (texts -> unit
    vectors, one batch), the best few candidates are also checked for meaning: the first whose cosine
    with each of the last six questions stays below SEMANTIC_REPEAT wins.
    """
    values = _values(request)
    value = _short_value(request) if not reply else ""
    verdict = _last_verdict(request) if not reply and not value else ""
    topic = request_topic(request) if not verdict else None
    if topic is not None and topic.kind == "quote" and says_nothing(topic.quote):
        topic = Topic("none")  # ("You mentioned "it just matters"": a remark about the answer, not a topic)
    if topic is not None and topic.kind == "quote" and points_back(list(parse(topic.quote))):
        # "I'm timid like that": a comment on what was said before it, which is the topic
        commented = commented_on(topic.quote, [t.answer for t in request.recent_turns])
        topic = replace(topic, quote=commented) if commented else Topic("none")
    if value:
        # A short answer to a "why" ("sleep", "quiet") is the next rung of the ladder: asked about in the
        # respondent's word, never met by a stock question or "what makes you feel that way".
        topic = Topic("quote", quote=value, latest=True)
    asked = _meta_topic(request) if reply and request.kind == "follow_up" else None
    if asked and request.focus.kind != "none" and _in_last_answer(request, topic):
        # After answering the respondent's own question, the words around that question are not probed
        # ("is this anonymous? I haven't told anyone at work"): a topic from before, or a plain question.
        topic = None
        values = dict(values, focus="")
        request = request.model_copy(update={"focus": request.focus.model_copy(update={"kind": "none"})})
    if topic is None and not verdict and not reply and _names_after_easing(request):
        # An easing question ("No problem. Put simply, ...") presumes the respondent had nothing to say;
        # after an answer that names something, its focused wording asks about what they named.
        named = answer_topic(request.recent_turns[-1].answer)
        if named.kind in ("np", "gerund"):
            topic = named
            request = request.model_copy(update={"focus": request.focus.model_copy(update={"kind": "node"})})
            values = dict(values, focus=named.text)
    hardship = bool(_hardship(request)) and not reply
    # Sarcasm, scare quotes or a rhetorical question about the product: met as doubt, never probed as praise.
    doubt = request.kind == "follow_up" and not reply and not hardship and not verdict and not value and bool(
        request.recent_turns) and doubting(request.recent_turns[-1].answer, _description(request))
    if topic is not None and topic.kind == "quote" and not topic.latest and any(
            _told_with_hardship(topic.quote, t.answer) for t in request.recent_turns[:-1]):
        # Painful news told earlier is not quoted back as a topic ("A little earlier you mentioned <the
        # money trouble>. Why does that get to you?"): a plain question instead.
        topic = Topic("none")
    # After painful news, going back to an earlier quote is cold: the gentle question follows.
    # (a topic the recent answers no longer hold, the label alone, is no more the latest answer's than a quote)
    gentle = hardship and request.kind == "follow_up" and (
        _about_hardship(topic, request) or request.focus.kind == "none" or topic is not None and (
            topic.kind == "none" or not topic.latest or not _in_last_answer(request, topic)))
    said = ""
    if topic is not None and topic.kind in ("np", "gerund"):
        values = dict(values, focus=_mid_sentence(topic.text))
    elif topic is not None:  # a quote of the respondent's words before a probe, or a plain probe
        recent_quotes = [x for q in request.recent_questions[-RECENT_WINDOW:] for x in re.findall(r'"([^"]+)"', q)]
        if topic.kind == "quote" and not any(topic.quote in x or x in topic.quote for x in recent_quotes):
            leads = _wording()["said_leads" if topic.latest else "said_earlier_leads"]
            said = leads[request.turn_number % len(leads)].format(quote=short_quote(topic.quote))
        values = dict(values, focus="")
        request = request.model_copy(update={"focus": request.focus.model_copy(update={"kind": "none"})})
    elif request.kind == "follow_up" and request.focus.kind == "element":
        shape, text = element_shape(request, values["focus"])
        if shape != "none":
            values = dict(values, focus=text)
        else:
            values = dict(values, focus="")
            request = request.model_copy(update={"focus": request.focus.model_copy(update={"kind": "none"})})
    primary, fallback = _templates(request, values)
    # A laddering strategy keeps asking why, in the words that fit the topic's stance.
    # ... but never straight after a painful disclosure: "why does that matter?" then is cold.
    ladder = request.kind == "follow_up" and strategy_function(request.strategy) == "ladder" and not hardship
    if values["focus"] and topic is not None:
        frames = _wording()["ladder_frames" if ladder else "topic_frames"]
        family = frames.get(frame_family(topic)) or _wording()["topic_frames"][frame_family(topic)]
        own = [t for t in primary if "{focus}" in t and fits_topic(t, topic)]
        # A topic with a stance of its own (a complaint, a person) always has its family's frames among
        # the candidates; a neutral or positive one only when the strategy has too few that fit.
        # A want is asked what having it would change (its family only: a strategy's "what does it give
        # you" presumes they have it); a topic whose stance is unsure gets only frames that presume none.
        kind = frame_family(topic) if not hardship else "neutral"
        family = family if not hardship else _wording()["topic_frames"]["neutral"]
        primary = list(family) if kind in ("want", "open") or hardship else own + list(family) if len(own) < 2 or \
            kind not in ("neutral", "positive") else own
        fallback = [t for t in dict.fromkeys(list(family) + _wording()["topic_frames"]["neutral"])]
        if topic.plural:
            primary, fallback = [agree_plural(t) for t in primary], [agree_plural(t) for t in fallback]
    elif values["focus"] and is_plural_phrase(words(values["focus"])):
        primary, fallback = [agree_plural(t) for t in primary], [agree_plural(t) for t in fallback]
    if asked == "other" and not any(asks_who_is_behind(x) for _, _, x in sentences(request.recent_turns[-1].answer)):
        # A question about the product the interviewer cannot answer: how much the answer would weigh;
        # answered from the description: whether that makes a difference.
        probes = list(_wording()["described_probes" if _described(request)[2] else "product_question_probes"])
        primary, fallback = probes, fallback
    stepped = False  # the reason-given step below was taken
    if ladder and request.recent_turns and topic is not None and topic.kind != "none" and topic.latest \
            and not said_hardship(request) and reason_given(request.recent_turns[-1].answer):
        # The answer already says why ("Seeing who's coming. I live on my own."): asking why again is
        # pointless; a laddering question goes one step up instead: from the reason they gave, quoted, when
        # there is one (:func:`step_from_reason`), else to what getting it right would change.
        steps = list(_wording()["reason_given_probes"])
        steps = [f"{said} {p}" for p in steps[:2]] if said else steps  # (the steps that read well after a quote)
        ups, reason = step_from_reason(request.recent_turns[-1].answer, request.turn_number) if not reply else ([], "")
        if reason and not turns_down(reason):  # (after a reply to their question, no quote of the words around it)
            primary, fallback, said = ups, ups + steps, ""
        else:  # no reason to quote (a story, a comment): how much the point weighs, named
            primary = point_steps(said, topic)
            fallback = primary + steps
        values = dict(values, focus="") if said or not primary[0].count("{focus}") else values
        stepped = True
    if verdict:  # a judgement without its reason: ask what makes them feel that way
        probes = list(_wording()["verdict_probes"])
        primary, fallback = probes[:-1], probes[-1:]
    elif doubt:
        values = dict(values, focus="")
        said = ""
        probes = list(_wording()["doubt_probes"])
        # a probe whose question repeats a recent one ("What would X have to do to win you over?" after "What would
        # X need to do to get that right for you?") is left while another is free; the lead sentences differ anyway
        fresh = [p for p in probes if not is_near_repeat(_fill(re.split(r"(?<=[.!?])\s+", p)[-1], values) or p,
                                                         request.recent_questions)]
        primary, fallback = fresh or probes, probes
    elif gentle:  # the hardship itself, or nothing else to ask about: a gentle question, never "why does it matter"
        values = dict(values, focus="")
        said = ""
        primary, fallback = list(_wording()["distress_probes"]), list(_wording()["distress_probes"])
    elif said and not stepped:  # (a quote after an answer that gave its reason keeps the step above)
        probes = _wording()["quote_probes"]
        own_probes = (_wording()["ladder_probes"] if ladder else probes)[frame_family(topic) if not hardship else "neutral"]
        fallback_probes = list(dict.fromkeys(probes["neutral"] + probes[frame_family(topic)]))
        if _told_as_past(topic.quote):  # a story: an example of it makes no sense
            own_probes, fallback_probes = ([p for p in ps if "example" not in p] for ps in (own_probes, fallback_probes))
        primary = [f"{said} {p}" for p in own_probes]
        fallback = [f"{said} {p}" for p in fallback_probes]
    if request.kind == "follow_up" and request.recent_turns and not (reply or verdict or doubt or gentle or value or hardship or stepped) \
            and (topic is None or topic.kind == "none" or topic.latest) and explained(request.recent_turns[-1].answer):
        # The answer already says why or explains itself: "why does that matter", "how do you feel about it"
        # or "tell me more" is obvious; a laddering step from what they said follows instead.
        # The reason they gave, quoted, is the focus (:func:`step_from_reason`: "You said <the reason>. How much
        # does that weigh with you in choosing X?"); with none to quote, the point (:func:`point_steps`).
        steps, reason = step_from_reason(request.recent_turns[-1].answer, request.turn_number)
        steps = steps or point_steps(said, topic if values["focus"] else None)
        if reason and turns_down(reason):
            # the reason is the respondent turning the product down ("can't see me paying someone"): asked what
            # would win them over
            steps, reason, said = list(_wording()["doubt_probes"]), "", ""
        said = "" if reason else said
        kept = [t for t in primary if not _OBVIOUS.search(t) and not (said and t.startswith(said))]
        primary = (kept if not reason else []) + steps
        fallback = [t for t in fallback if not _OBVIOUS.search(t)] + steps + list(_wording()["reason_given_probes"])
    if hardship and not verdict and not gentle:  # after a painful disclosure no question asks "why"
        calm = list(_wording()["distress_probes"])
        # ... nor asks them to say more about what they just disclosed ("tell me more about that")
        primary = [t for t in primary if not presses_on_hardship(t)] or calm
        fallback = [t for t in fallback if not presses_on_hardship(t)] or calm
    want = wanted_after(request.recent_turns[-1].answer) if hardship and not verdict and request.recent_turns else ""
    if want:  # "..., so someone noticing if he's off": what they want was said; asked what it would look like
        lead = _wording()["said_leads"][request.turn_number % 2].format(quote=want)
        primary = [f"{lead} {p}" for p in _wording()["distress_want_probes"]]
        values = dict(values, focus="")
    key = f"{request.seed}:{request.turn_number}:{request.kind}:{getattr(request.strategy, 'name', '')}:{request.focus.label}"
    rng = random.Random(key)
    rng.shuffle(primary)
    if request.turn_number > EARLY_TURNS:  # "what's your first impression" only at the start
        primary, fallback = ([t for t in ts if not _early_only(t)] or ts for ts in (primary, fallback))
    filled = [(t, _fill(t, values)) for t in primary + fallback]
    drafts = [(t, q) for t, q in filled if q]
    if not drafts:
        drafts = [(t, _fill(t, values) or "Could you tell me more about that?") for t in _generic(None, False, False)]
    wording = _wording()
    starts = set(wording["question_starts"])
    lead_in = rng.choice(wording["lead_ins"]) if request.kind == "follow_up" and not reply else ""
    if hardship:  # said first, briefly and humanely, instead of "Okay."
        acks = wording["distress_acknowledgements"]
        lead_in = acks[(request.seed + request.turn_number) % len(acks)] + " "
    if reply:
        # Never say again what the reply to the respondent's question just said ("no right or wrong answers").
        said_in_reply = [frozenset(words(x)) for x in re.split(r"(?<=[.!?])\s+", reply) if words(x)]
        drafts = [d for d in drafts if not any(jaccard(frozenset(words(x)), r) >= SAME_WORDS for x in
                                               re.split(r"(?<=[.!?])\s+", d[1]) for r in said_in_reply)] or drafts
    if reply and request.focus.kind == "none" and not said:
        # Said after answering the respondent's question: "that" would point at the reply, not the topic.
        drafts = [d for d in drafts if not _ANAPHORIC_END.search(d[1])] or drafts
    if request.kind == "follow_up" and request.recent_turns and values["focus"] and _in_last_answer(request, topic):
        # "Earlier you mentioned X" / "going back to X" about what was said just now is untrue.
        drafts = [d for d in drafts if not _GOING_BACK.search(d[1])] or drafts
    recent = request.recent_questions[-RECENT_WINDOW:]
    known = _known_templates(request, primary, fallback)
    frames = [frame_of(q, known) for q in recent]
    recent_frames = set(frames[-FRAME_WINDOW:]) - {None}
    window_frames = [f for f in frames if f is not None]
    candidates = []
    for t, q in drafts:
        text = _with_lead_in(q, lead_in) if hardship or q.split(" ", 1)[0].lower().strip(",") in starts else q
        repeat = is_near_repeat(text, recent)
        # A quote's probe is its frame, read the way the recent questions' frames were read.
        # (a step written with its quote already in it, "You said "<the reason>". How much ...", likewise)
        body = t[len(said):].strip() if said and t.startswith(said) else _QUOTED_LEAD.sub("", t)
        probe = (frame_of(body, known) or body) if body != t else t
        preference = (repeat, _shares_frame(probe, window_frames), probe in recent_frames)
        candidates.append((preference, text))
    best_preference, best = min(candidates, key=lambda c: c[0])  # min is stable: the shuffled order breaks ties
    unrepeated = [c for c in candidates if not c[0][0]]
    same_meaning = False  # every candidate asks again, in meaning, what a recent question asked
    if embed is not None and recent and unrepeated:
        meaning = _semantic_pick(unrepeated, recent, embed)
        if meaning is not None:
            return meaning
        # The best few all repeat a recent question in meaning: the rest of them, then the same questions with
        # the study's name, said in a recent question, as a pronoun (a long name is most of what two short
        # questions share: "What would change for you if the Emberpod rechargeable hand warmer could get that
        # right?" after "... what would matter most to you about the Emberpod rechargeable hand warmer?").
        meaning = _semantic_pick(unrepeated, recent, embed, checked=len(unrepeated)) or _semantic_pick(
            _named_again(drafts, values, recent, lead_in, starts, hardship), recent, embed, checked=len(drafts))
        if meaning is not None:
            return meaning
        same_meaning = True
    if not best_preference[0] and not (same_meaning and request.kind == "follow_up"):
        return best
    fresh = [q for q in plain_probes(values, request.turn_number) if not is_near_repeat(q, recent)
             and not (reply and _ANAPHORIC_END.search(q))]  # after a reply "that" would point at the reply
    if same_meaning:  # a plain probe then only if it asks something new, in meaning too
        fresh = [q for q in fresh if _semantic_pick([((0,), q)], recent, embed) is not None]
        if not fresh and not best_preference[0]:
            return best
    if fresh:
        # Every probe of this strategy repeats a recent question: a plain probe of another kind, not the same
        # question again under a new opener (a repeat reads as a machine that did not listen)
        start = (request.seed + request.turn_number) % len(fresh)
        fresh = fresh[start:] + fresh[:start]
        said_whole = {f"{reply} {q}".strip(): q for q in fresh}  # as the respondent will hear it, reply first
        pick = said_whole.get(_semantic_pick([((i,), s) for i, s in enumerate(said_whole)], recent, embed)
                              if embed is not None and recent else None) or fresh[0]
        return _with_lead_in(pick, lead_in) if hardship else pick
    # no plain probe is left either: the strategy's own probe under an opener that sets it apart
    for rescue in wording["rescue_lead_ins"]:
        for _, q in drafts:
            rescued = _with_lead_in(q, rescue)
            if not is_near_repeat(rescued, recent):
                return rescued
    if embed is not None and recent:
        meaning = _semantic_pick(candidates, recent, embed)
        if meaning is not None:
            return meaning
    texts = [text for _, text in candidates]
    return min(texts, key=lambda q: max((sum(question_similarity(q, p)) for p in recent), default=0.0))
