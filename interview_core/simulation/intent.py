"""What a question asks for, read from its wording alone (the respondent never sees engine internals).

Intents, checked in this order because a summary or a clarification may also contain "why":

- ``confirm``: a summary to confirm or correct ("so if I understand...", "to summarise", "correct me");
- ``clarify``: "what do you mean", "could you say more", "clarify";
- ``contrast``: "what if", "opposite", "instead", "compare", "ever not", "without";
- ``emotion``: "how does it feel", "feel about";
- ``new_branch``: "what else", "anything else", "other", "another";
- ``ladder_up``: "why", "important", "matter", "what does that give you", "what happened next";
- ``open``: anything else (an opening or a general question).

When no wording cue matches, the question's grammar is read the way a person hears it (:func:`asks_up`): a
question whose subject is the thing talked about (not the respondent, not an imperative) and that asks about its
importance or weight (a predicate word with a WordNet sense defined by importance: "weigh", "count", "rank", "a big
deal", "weight") or about what it does to or for the respondent ("Where does that leave you?", "What does that let
you do?", "How does that affect your week?", "What would change for you if ... got that right?") asks one rung up.
Describing, recounting, "what stands out", an example or a detail do not. This reads any interviewer's wording
(a person's, a chat model's, the offline writer's) by its grammar, not by a list of one writer's frames.
:func:`refers_back` tells whether a question points back at what was just said ("What do you make of that?").

:func:`type_hints` adds which node types the wording points at ("what did you learn" -> ``learning``),
using the public vocabulary of the methodologies.
"""

from __future__ import annotations

import re
from functools import lru_cache

INTENTS = ("confirm", "clarify", "contrast", "emotion", "new_branch", "ladder_up", "open")

_PATTERNS: dict[str, tuple[str, ...]] = {
    "confirm": (
        r"\bif i understand", r"\bsummar", r"\bcorrect me", r"\bis that right\b", r"\bdid i get\b",
        r"\bto recap\b", r"\blet me check\b", r"\bdoes that (sound|capture)", r"\bhave i got\b",
        r"\bam i right\b", r"\bwhat i'm hearing\b", r"\bit sounds like\b", r"\bif i follow\b",
        r"\bi've heard\b", r"\bput it together\b", r"\bi understood\b",
    ),
    "clarify": (
        r"\bwhat do you mean\b", r"\bsay more\b", r"\bclarif", r"\bwhat exactly\b", r"\belaborate\b",
        r"\bexplain what\b", r"\bin what way\b", r"\bwhat did you mean\b", r"\bunpack\b",
        r"\ban example\b", r"\bin practice\b", r"\btell me more\b", r"\bwhat makes you sure\b",
    ),
    "contrast": (
        r"\bwhat if\b", r"\bopposite\b", r"\binstead\b", r"\bcompar", r"\bcontrast", r"\bever not\b",
        r"\bwithout\b", r"\brather than\b", r"\balternative", r"\bother options?\b", r"\bdifferent from\b",
        r"\bwasn't there\b", r"\bweren't\b", r"\bdidn't have\b", r"\bswitch(ed)? away\b",
        r"\bwouldn't (matter|apply)\b", r"\bwent the other way\b",
    ),
    "emotion": (r"\bhow (does|did|do|would) (it|that|this|you) (make you )?feel", r"\bfeel(ing|s)? about\b", r"\bemotion", r"\bhow did you feel\b",
                r"\bgoing through your mind\b"),
    "new_branch": (
        r"\bwhat else\b", r"\banything else\b", r"\bother\b", r"\banother\b", r"\bbesides\b", r"\bapart from\b",
        r"\bbeyond (that|this)\b", r"\bany more\b", r"\bsomething different\b", r"\bnew topic\b",
    ),
    "ladder_up": (
        r"\bwhy\b", r"\bimportant\b", r"\bmatters?\b", r"\bwhat does (that|this|it) (give|do|mean)\b",
        r"\bwhat do you get\b", r"\bbenefit", r"\blead to\b", r"\bso what\b", r"\bwhat happened (next|then|after)",
        r"\bwhat did you do\b", r"\bwhat (was|is) the (result|outcome)\b", r"\bas a result\b", r"\bwhat did you learn\b",
        r"\bwhat changed\b", r"\bwhat caused\b", r"\bvalue\b", r"\bhelp(s)? you\b", r"\bwhat's in it\b",
        r"\bwhat happened\b", r"\bwhat did that\b", r"\bwhat does that say\b", r"\bmakes? a difference\b",
        r"\bmake possible\b", r"\bwhat would (that|it) change\b", r"\btake away\b", r"\bdo anything differently\b",
    ),
}
_COMPILED = {k: tuple(re.compile(p) for p in v) for k, v in _PATTERNS.items()}

# Node type -> wording that points at it. Types missing here get no hint.
_TYPE_CUES: dict[str, tuple[str, ...]] = {
    "psychosocial_consequence": (r"\bfeel", r"\bemotion"),
    "emotion": (r"\bfeel", r"\bemotion", r"\bfelt\b"),
    "emotional_job": (r"\bfeel", r"\bemotion"),
    "social_job": (r"\bother people\b", r"\bfriends\b", r"\bfamily\b", r"\bseen\b", r"\bothers\b", r"\bimpression\b"),
    "pain_point": (r"\bfrustrat", r"\bget(s)? in the way\b", r"\bobstacle", r"\bproblem", r"\bdifficult", r"\bhard\b", r"\bstruggl", r"\bannoy"),
    "gain_point": (r"\bbest\b", r"\bideal\b", r"\bbetter\b", r"\bimprove", r"\bwish\b"),
    "job_trigger": (r"\btrigger", r"\bprompt", r"\bmade you (start|decide|switch)", r"\bfirst\b", r"\bturning point\b"),
    "job_context": (r"\bsituation\b", r"\btypically\b", r"\busually\b", r"\bwhere\b", r"\bwhen do\b"),
    "solution_approach": (r"\binstead\b", r"\balternative", r"\bother options?\b", r"\btried\b", r"\bbefore\b", r"\bcurrently\b"),
    "job_statement": (r"\btrying to (get done|achieve|do)\b", r"\bjob\b", r"\bgoal\b"),
    "situation": (r"\bsituation\b", r"\bwhere were you\b", r"\bcircumstance", r"\bcontext\b", r"\bgoing on\b"),
    "action": (r"\bwhat did you do\b", r"\bhow did you (respond|react|handle)\b", r"\bwhat steps\b"),
    "outcome": (r"\bwhat happened\b", r"\bresult", r"\boutcome", r"\bin the end\b"),
    "attribution": (r"\bwhy do you think\b", r"\bcaus", r"\bbecause of\b", r"\bresponsible\b", r"\bwho or what\b"),
    "learning": (r"\blearn", r"\btake away\b", r"\btakeaway", r"\brealis", r"\brealiz", r"\binsight"),
    "behavior_change": (r"\bchange", r"\bdifferently\b", r"\bsince then\b", r"\bnow\b"),
}
_TYPE_COMPILED = {k: tuple(re.compile(p) for p in v) for k, v in _TYPE_CUES.items()}


def classify(question: str) -> str:
    """The intent of ``question``, one of :data:`INTENTS`."""
    text = question.lower()
    for intent in INTENTS[:-1]:
        if any(p.search(text) for p in _COMPILED[intent]):
            return intent
    return "ladder_up" if asks_up(question) else "open"


# -- the question's grammar (read only when no wording cue matched) ------------------------------------------
_RESPONDENT = frozenset({"you", "your", "yours", "yourself", "yourselves"})
_POINTERS = frozenset({"that", "this", "those", "these", "it"})  # what was said or shown, pointed back at
# The notion "importance" in WordNet definitions (a word whose sense is defined by it weighs worth).
_WORTH_DEFINERS = frozenset({"important", "importance", "import", "significance", "significant", "valuable",
                             "precedence", "priority"})
_CHANGE_LEXFILE = "30"  # WordNet verb.change: change, improve, differ ...
_WN_POS = {"VERB": "v", "AUX": "v", "NOUN": "n", "ADJ": "a", "ADV": "r"}


def _asked(question: str):
    """The parsed sentence that asks (the last one with a question mark, else the last), or None."""
    try:
        from ..text.parse import parse

        doc = parse(question)
    except Exception:  # no parser installed: wording cues only
        return None
    sents = list(doc.sents)
    if not sents:
        return None
    asking = [s for s in sents if "?" in s.text]
    return (asking or sents)[-1]


@lru_cache(maxsize=4096)
def _weighs_worth(lemma: str, pos: str | None) -> bool:
    """Whether one of the word's four most frequent WordNet senses is defined by importance ("weigh": "have
    weight; have import, carry weight"; "weight": "the relative importance granted to something")."""
    from ..dedup.wordnet import get_wordnet

    wn = get_wordnet()
    if wn is None:
        return False
    for syn in wn.synsets(lemma.lower(), pos, senses=4):
        definition = wn.gloss(syn).split('"')[0].lower()
        if _WORTH_DEFINERS & set(re.findall(r"[a-z]+", definition)):
            return True
    return False


@lru_cache(maxsize=4096)
def _changes(lemma: str) -> bool:
    """Whether the verb's most frequent WordNet sense is a change (lexicographer file verb.change)."""
    from ..dedup.wordnet import get_wordnet

    wn = get_wordnet()
    senses = wn.synsets(lemma.lower(), "v", senses=1) if wn is not None else ()
    return bool(senses) and wn.lexfile(senses[0]) == _CHANGE_LEXFILE


def _points_back(tokens) -> bool:
    """A pronoun pointing at what was said ("that", "this", "it") as a clause's subject or object."""
    return any(
        t.lower_ in _POINTERS and t.tag_ in ("DT", "PRP") and t.dep_ in ("nsubj", "nsubjpass", "dobj")
        for t in tokens
    )


def asks_up(question: str) -> bool:
    """Whether ``question`` asks what the thing talked about is worth to the respondent or does for them.

    Read from the asking sentence's parse: its main verb has a subject that is not the respondent (the
    respondent thinking, finding or telling is a description; an imperative has no subject), namely the thing
    itself or, for a wh-subject ("What would change for you if ..."), a clause under the verb that points back at
    it; then either a predicate word weighs worth (WordNet, :func:`_weighs_worth`) or the respondent is what the
    verb acts on (its object, the one it lets or makes do something, the owner of its object, or "for you" with a
    verb of change)."""
    sent = _asked(question)
    if sent is None:
        return False
    root = sent.root
    subjects = [c for c in root.children if c.dep_ in ("nsubj", "nsubjpass", "expl")]
    if not subjects:
        return False
    subject = subjects[0]
    if subject.lower_ in _RESPONDENT or any(c.dep_ == "poss" and c.lower_ in _RESPONDENT for c in subject.children):
        return False  # the respondent, or something of theirs, is what the question is about ("your first impression")
    if subject.tag_ in ("WP", "WDT"):
        clauses = [c for c in root.children if c.dep_ in ("advcl", "ccomp")]
        if not any(_points_back(c.subtree) for c in clauses):
            return False
    inside = set(t.i for t in subject.subtree)
    if _weighs_on_the_respondent(sent, root):
        return True
    for t in sent:
        if t.i in inside or t.lower_ not in _RESPONDENT:
            continue
        head = t.head
        if head == root and t.dep_ in ("dobj", "dative"):
            return True  # "Where does that leave you?"
        if t.dep_ == "nsubj" and head.dep_ in ("ccomp", "xcomp") and head.head == root:
            return True  # "What does that let you do?"
        if t.dep_ == "poss" and head.dep_ == "dobj" and head.head == root:
            return True  # "How does that affect your week?"
        if (t.dep_ == "pobj" and head.lower_ == "for" and head.head == root and root.pos_ == "VERB"
                and _changes(root.lemma_)):
            return True  # "What would change for you if ...?"
    return False


def _worth_of(token, any_pos: bool = False) -> bool:
    """Whether ``token``, or the compound it makes with the noun it modifies ("big deal"), weighs worth."""
    if token.lemma_ in ("be", "have", "do"):
        return False
    if token.dep_ == "amod" and _weighs_worth(f"{token.lemma_}_{token.head.lemma_}", "n"):
        return True
    if token.pos_ == "ADJ" and token.dep_ == "amod":
        return False  # an adjective describing a thing ("the big fans") says nothing of its worth
    if any_pos:
        return token.pos_ in ("VERB", "NOUN", "AUX") and _weighs_worth(token.lemma_, None)
    pos = _WN_POS.get(token.pos_)
    return bool(pos) and _weighs_worth(token.lemma_, pos)


def _weighs_on_the_respondent(sent, root) -> bool:
    """A word of worth said of the thing: in the predicate (the main verb, its complement or object: "does that
    count", "carry much weight", "a big deal"), or, when the sentence names the respondent as the one it weighs
    with ("for you", "with you", "your"), a verb or noun of worth anywhere in it (the small parser sometimes takes
    "rank" for a noun or hangs "count" under a closing aside)."""
    predicate = [root] + [c for c in root.children if c.dep_ in ("attr", "acomp", "dobj", "oprd")]
    predicate += [a for p in predicate[1:] for a in p.children if a.dep_ == "amod"]
    if any(_worth_of(t) for t in predicate):
        return True
    weighed_with = any(
        t.lower_ in _RESPONDENT and ((t.dep_ == "pobj" and t.head.lower_ in ("for", "to", "with")) or t.dep_ == "poss")
        for t in sent
    )
    return weighed_with and any(_worth_of(t, any_pos=True) for t in sent)


def refers_back(question: str) -> bool:
    """Whether ``question`` points back at what was just said with a demonstrative pronoun ("What do you make
    of that?", "Tell me more about this"): a "that"/"this" standing for a thing, not a determiner, a relative
    pronoun or a conjunction ("the first thing that comes to mind")."""
    sent = _asked(question)
    if sent is None:
        return False
    return any(t.lower_ in ("that", "this") and t.tag_ == "DT" and t.dep_ != "det" for t in sent)


def type_hints(question: str) -> set[str]:
    """Node types whose cue words appear in ``question`` (empty when none do)."""
    text = question.lower()
    return {t for t, pats in _TYPE_COMPILED.items() if any(p.search(text) for p in pats)}
