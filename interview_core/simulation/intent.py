"""What a question asks for, read from its wording alone (the respondent never sees engine internals).

Intents, checked in this order because a summary or a clarification may also contain "why":

- ``confirm``: a summary to confirm or correct ("so if I understand...", "to summarise", "correct me");
- ``clarify``: "what do you mean", "could you say more", "clarify";
- ``contrast``: "what if", "opposite", "instead", "compare", "ever not", "without";
- ``emotion``: "how does it feel", "feel about";
- ``new_branch``: "what else", "anything else", "other", "another";
- ``ladder_up``: "why", "important", "matter", "what does that give you", "what happened next";
- ``open``: anything else (an opening or a general question).

:func:`type_hints` adds which node types the wording points at ("what did you learn" -> ``learning``),
using the public vocabulary of the methodologies.
"""

from __future__ import annotations

import re

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
    return "open"


def type_hints(question: str) -> set[str]:
    """Node types whose cue words appear in ``question`` (empty when none do)."""
    text = question.lower()
    return {t for t, pats in _TYPE_COMPILED.items() if any(p.search(text) for p in pats)}
