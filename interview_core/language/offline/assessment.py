"""The answer's assessment (the values behind the ``llm.*`` signals) from surface features and lexicons.

All floats are in [0, 1]. Sentiment comes from VADER; hedges, boosters, "I don't know" phrases,
vague and specific expressions from ``data/english.yaml``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ...vocabulary import Assessment
from ...vocabulary.assessment import Ending
from ...text.lexicon import lexicon
from .meta import addressed_question, answer_meta_topic, closes_what_was_said, is_pause
from .own_turn import defers, promises_return, speaks_of_leaving, wants_to_stop
from .stance import compound
from ...text.primitives import stem_string, words

# Engagement saturates at this many words.
FULL_ENGAGEMENT_WORDS = 60
# Below this share of common English function words (with 4+ words) the answer is not read as English.
MIN_ENGLISH_SHARE = 0.15
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class AnswerFeatures:
    """What the extraction found, as counts the assessment needs."""

    concepts: int  # substantive clauses (nodes)
    reasons: int  # cause/effect clause links, plus the link to the question's focus
    clauses: int


def is_english(ws: list[str]) -> bool:
    """Whether a word list reads as English: short lists pass, longer ones need common function words or,
    for a fragment of content words ("Fresh bread every weekend"), words that English knows
    (:func:`language.english.plainly_not_english`: LemmInflect's lexicon, not a stopword share)."""
    if len(ws) < 4:
        return True
    stop = lexicon().stopwords
    if sum(w in stop for w in ws) / len(ws) >= MIN_ENGLISH_SHARE:
        return True
    from ..english import plainly_not_english  # the language reader imports this package's word classes

    return not plainly_not_english(" ".join(ws))


def _clamp(x: float) -> float:
    return max(0.0, min(1.0, x))


def _depth(n_words: int, f: AnswerFeatures) -> str:
    if f.concepts == 0 or n_words <= 3:
        return "surface"
    if f.reasons == 0 and f.concepts <= 1 and n_words < 20:
        return "shallow"
    if f.concepts >= 3 and (f.reasons >= 2 or (f.reasons >= 1 and n_words >= 45)):
        return "deep"
    return "moderate"


def _hedging(hedges: int, clauses: int) -> str:
    if hedges == 0:
        return "none"
    density = hedges / max(1, clauses)
    if hedges >= 3 or density >= 1:
        return "high"
    if hedges == 2 or density >= 0.5:
        return "medium"
    return "low"


def _ceiling(stems: str, n_words: int, f: AnswerFeatures) -> str:
    lex = lexicon()
    hits = lex.ceiling.hits(stems)
    if not hits:
        return "none"
    # Exploratory: the respondent does not know but keeps thinking aloud ("I don't know... maybe because").
    ceiling_words = max(len(h.split()) for h in hits)
    if f.concepts or (lex.ceiling_continuations.hits(stems) and n_words >= ceiling_words + 3):
        return "exploratory"
    return "terminal"


def side_step(text: str) -> bool:
    """Whether an answer only steps aside from the interview: a question to the interviewer (about the
    interview's length, purpose, privacy or a word's meaning, or about the product), or a pause ("one sec,
    the door"). Asking to skip or to end is not a side step: that is the respondent's wish to move on."""
    topic = answer_meta_topic(text)
    if topic in ("end", "skip"):
        return False
    return bool(topic) or is_pause(text) or addressed_question(text) is not None


def ending(text: str, concepts: int) -> Ending:
    """The respondent's wish to end the interview (``Assessment.ending``), read strictly, since "now" ends
    the session: "later" when the answer asks to go on another time (:func:`own_turn.defers`); "now" when
    it says by its structure that the respondent leaves or stops now (:func:`own_turn.wants_to_stop`: a verb
    of leaving they intend now that takes nothing but the interview), or, having no verb of leaving for the
    structure to judge (:func:`own_turn.speaks_of_leaving`: "I have to go to the market" is judged and is
    content), is read as a wish to end by an idiom (:func:`meta.answer_meta_topic`: "that's me done,
    cheers") and makes no concept; "none" otherwise, also for a pause or a promise to come back."""
    stops = wants_to_stop(text) and not closes_what_was_said(text)  # ("... We'll leave that there.": that topic)
    idiom = not stops and concepts == 0 and not speaks_of_leaving(text) and answer_meta_topic(text) == "end"
    if not (stops or idiom) or promises_return(text) or is_pause(text):
        return "none"
    return "later" if defers(text) else "now"


def assess(text: str, f: AnswerFeatures) -> Assessment:
    """Assess the analysed answer text given the extraction's counts."""
    lex = lexicon()
    ws = words(text)
    n = len(ws)
    stems = stem_string(ws)
    english = is_english(ws)
    hedges = lex.hedges.count(stems)
    boosters = lex.boosters.count(stems)
    vague = lex.vague.count(stems)
    specific = lex.specific.count(stems) + len(_DIGIT.findall(text)) // 2 + (1 if _DIGIT.search(text) else 0)
    feelings = lex.feelings.count(stems)
    ceiling = _ceiling(stems, n, f) if english else "none"
    ack_only = n <= 3 and " ".join(ws) in lex.acknowledgements

    certainty = 0.7 - 0.15 * hedges + 0.1 * boosters - (0.3 if ceiling != "none" else 0.0)
    specificity = 0.3 + 0.15 * specific + 0.05 * min(f.concepts, 4) - 0.12 * vague
    engagement = (0.6 * min(1.0, math.log1p(n) / math.log1p(FULL_ENGAGEMENT_WORDS))
                  + 0.25 * min(1.0, f.concepts / 3) + 0.15 * min(1.0, f.reasons / 2))
    if ceiling == "terminal" or ack_only:
        engagement *= 0.5
    valence = _clamp((compound(text) + 1) / 2) if n else 0.5
    if lex.negative_cues.hits(stems):  # "too expensive" escapes VADER's word list
        valence = min(valence, 0.4)
    ambiguity = 0.1 * vague + 0.08 * hedges + (0.4 if f.concepts == 0 and n > 3 else 0.0)
    ambiguity += 0.2 if text.rstrip().endswith("?") else 0.0
    if not english:
        ambiguity = 1.0
    depth = _depth(n, f) if english else "surface"
    return Assessment(
        extractable=english and f.concepts > 0,
        response_depth=depth,
        valence=valence,
        certainty=_clamp(certainty) if n else 0.5,
        specificity=_clamp(specificity) if f.concepts else _clamp(min(specificity, 0.2)),
        engagement=_clamp(engagement),
        intellectual_engagement=_clamp(0.35 * f.reasons + 0.1 * feelings) if f.concepts else 0.0,
        ambiguity=_clamp(ambiguity),
        hedging_language=_hedging(hedges, f.clauses),
        knowledge_ceiling=ceiling,
        side_step=side_step(text),
        ending=ending(text, f.concepts) if english else "none",
        reasoning=(
            f"offline rules: {n} words, {f.clauses} clauses, {f.concepts} concepts, {f.reasons} causal links, "
            f"{hedges} hedges, {boosters} boosters, {vague} vague / {specific} specific cues"
            + ("" if english else "; not read as English")
        ),
    )
