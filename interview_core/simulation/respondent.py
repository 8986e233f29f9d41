"""The simulated respondent: answers question text from its hidden mind, in the style of a persona.

It reads only the question (and its own mind, persona, seed and history): it finds which of its concepts
the question is about, recognises the intent (:mod:`.intent`), picks what to reveal (the next rung, a
new branch, a feeling, a correction...), and writes natural sentences in its own phrasings. Each answer
records what it revealed. Everything random flows from one ``random.Random(seed)``, so a seed replays.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from ..config.concept import Concept
from ..config.persona import Persona
from . import behaviour, intent as intents, phrasing
from .mind import Mind
from .similarity import jaccard, tokens

EMOTIONAL_TYPES = ("psychosocial_consequence", "emotion", "emotional_job")
TOPIC_MIN_OVERLAP = 0.34  # share of a phrasing's content words the question must contain
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE.split(text.strip()) if s]


@dataclass
class Answer:
    """One answer and what it revealed.

    ``revealed``: concept ids the answer mentions (new and restated); ``new``: those mentioned for the
    first time; ``topic``: the concept the respondent took the question to be about (None: none).
    """

    text: str
    revealed: list[str]
    new: list[str]
    intent: str
    kind: str
    topic: str | None
    flags: list[str] = field(default_factory=list)  # deflected, hedged, tangent, fixated, dont_know, corrected

    def record(self) -> dict:
        return {
            "revealed": self.revealed, "new": self.new, "intent": self.intent, "kind": self.kind,
            "topic": self.topic, "flags": self.flags,
        }


class SimulatedRespondent:
    """Answers questions from ``mind`` in the style of ``persona``; deterministic for a given ``seed``.

    ``concept`` (optional) lends the element labels and aliases of the stimulus the respondent was shown,
    so "what about the price?" finds the mind's price concept.
    """

    def __init__(self, mind: Mind, persona: Persona, seed: int = 0, concept: Concept | None = None):
        self.mind = mind
        self.persona = persona
        self.profile = behaviour.profile(persona)
        self.rng = random.Random(f"{seed}:{mind.id}:{persona.id}")
        self.revealed: list[str] = []  # in order of first mention
        self.turn = 0
        self.last_topic: str | None = None
        self.rests = 0  # topic changes so far (each re-engages less)
        self.writer = phrasing.Writer(mind, self.rng, self.profile)
        self.history: list[Answer] = []
        self._own = {c.id: [tokens(p) for p in c.phrasings] for c in mind.concepts}
        self._aliases = self._alias_vocabulary(concept)
        self._stimulus = _sentences(concept.stimulus) if concept is not None else []
        self.fixation_branch = self._pick_fixation_branch() if self.profile.fixation > 0 else set()

    # -- public ------------------------------------------------------------------------------------------
    def answer(self, question: str) -> Answer:
        """Answer ``question`` and record what was revealed."""
        self.turn += 1
        intent = intents.classify(question)
        hints = intents.type_hints(question)
        topic = self.find_topic(question)
        back = False  # an open question pointing back at what was just said ("What do you make of that?")
        if topic is None and intent not in ("new_branch", "open"):
            topic = self.last_topic
        elif topic is None and intent == "open" and self.last_topic is not None and intents.refers_back(question):
            topic, back = self.last_topic, True
        if topic is None and intent in ("ladder_up", "emotion", "clarify", "contrast"):
            intent = "open"  # nothing said yet: an opening that happens to contain "why"
        relief = 0
        if intent in ("new_branch", "open") and not back:  # a topic change re-engages, less each time
            relief = max(0, behaviour.FATIGUE_RESPITE - self.rests)
            self.rests += 1
        kind = self._pick_kind(relief)
        answer = self._compose(question, intent, hints, topic, kind)
        self.history.append(answer)
        for cid in answer.new:
            self.revealed.append(cid)
        if answer.revealed:
            self.last_topic = answer.revealed[-1]
        return answer

    def find_topic(self, question: str) -> str | None:
        """The mind concept ``question`` is about, or None.

        A concept scores the largest share of one phrasing's content words found in the question; the
        stimulus's element aliases are consulted only when no phrasing reaches the threshold (a single
        alias such as "healthy" must not outrank the respondent's own words). Later mentions win ties.
        """
        q = tokens(self._without_stimulus(question))
        if not q:
            return None
        order = {cid: i for i, cid in enumerate(self.revealed)}
        for vocab in (self._own, self._aliases):
            best, best_score = None, 0.0
            for c in self.mind.concepts:
                score = max((len(q & t) / len(t) for t in vocab[c.id] if t), default=0.0)
                recency = (order.get(c.id, -1) + 1) / 1000
                if score >= TOPIC_MIN_OVERLAP and score + recency > best_score:
                    best, best_score = c.id, score + recency
            if best is not None:
                return best
        return None

    def _without_stimulus(self, question: str) -> str:
        """The question minus sentences restating the stimulus the respondent was shown."""
        if not self._stimulus:
            return question
        kept = [s for s in _sentences(question) if not any(jaccard(s, t) >= 0.6 for t in self._stimulus)]
        return " ".join(kept)

    # -- choice of content ---------------------------------------------------------------------------------
    def _alias_vocabulary(self, concept: Concept | None) -> dict[str, list[frozenset[str]]]:
        out: dict[str, list[frozenset[str]]] = {c.id: [] for c in self.mind.concepts}
        for c in self.mind.concepts:
            el = concept.element(c.element) if concept is not None and c.element else None
            if el is not None:
                out[c.id] = [tokens(a) for a in [el.label, *el.aliases]]
        return out

    def _pick_fixation_branch(self) -> set[str]:
        roots = sorted(self.mind.roots, key=lambda r: (-len(self.mind.branch_of(r)), r))
        return self.mind.branch_of(self.rng.choice(roots[:2]))

    def _pick_kind(self, relief: int) -> str:
        shares = behaviour.kind_shares(self.profile, self.turn, relief)
        kinds = list(shares)
        return self.rng.choices(kinds, weights=[shares[k] for k in kinds])[0]

    def _unrevealed(self, ids) -> list[str]:
        return [i for i in ids if i not in self.revealed]

    def _prefer(self, candidates: list[str], hints: set[str]) -> str | None:
        """The first candidate whose type the question hints at, else the first candidate."""
        hinted = [c for c in candidates if self.mind.by_id[c].type in hints]
        return (hinted or candidates or [None])[0]

    def _next_rung(self, topic: str, hints: set[str]) -> tuple[str | None, str | None]:
        """(the concept one rung above ``topic`` to reveal, the already-revealed rung it was reached by).

        Climbs past revealed rungs; (None, None) above the top rung or when everything above is known.
        """
        frontier, via = [topic], None
        seen = {topic}
        while frontier:
            fresh = []
            for node in frontier:
                succ = self.mind.successors[node]
                pick = self._prefer(self._unrevealed(succ), hints)
                if pick:
                    return pick, (node if node != topic else None)
                fresh += [s for s in succ if s not in seen]
            seen.update(fresh)
            frontier = fresh
        return None, via

    def _new_branch(self, question: str, hints: set[str]) -> str | None:
        """An unrevealed concept starting a new line of thought: low rungs first, hinted types first."""
        pending = self._unrevealed(c.id for c in self.mind.concepts)
        if not pending:
            return None
        reachable = [c for c in pending if all(p in self.revealed for p in self.mind.predecessors[c])]
        pool = reachable or pending
        pool = sorted(pool, key=lambda c: self.mind.rung[c])
        lowest = [c for c in pool if self.mind.rung[c] == self.mind.rung[pool[0]]]
        hinted = [c for c in pool if self.mind.by_id[c].type in hints]
        if hinted:
            return hinted[0]
        return self.rng.choice(lowest)

    def _about(self, topic: str, hints: set[str]) -> str:
        """What to say to an open question about ``topic``: a hinted concept near it, the topic itself when
        not yet mentioned, else the next rung (elaborating climbs the ladder), else the topic again."""
        near = sorted(self._unrevealed(self.mind.branch_of(topic)), key=lambda c: self.mind.rung[c])
        hinted = [c for c in near if self.mind.by_id[c].type in hints]
        if hinted:
            return hinted[0]
        if topic not in self.revealed:
            return topic
        return self._next_rung(topic, hints)[0] or topic

    def _fixate(self, target: str | None) -> str | None:
        """Steer back to the fixation branch: its next unrevealed concept, or None when it is exhausted."""
        if not self.fixation_branch or (target in self.fixation_branch):
            return None
        if self.rng.random() >= self.profile.fixation:
            return None
        pending = sorted(self._unrevealed(self.fixation_branch), key=lambda c: self.mind.rung[c])
        revealed_in = [c for c in self.revealed if c in self.fixation_branch]
        return pending[0] if pending else (revealed_in[-1] if revealed_in else None)

    # -- composing -----------------------------------------------------------------------------------------
    def _compose(self, question: str, intent: str, hints: set[str], topic: str | None, kind: str) -> Answer:
        w = self.writer
        flags: list[str] = []
        if kind == "acknowledgment":
            text = w.acknowledgment()
            if self.profile.deflections and text in self.profile.deflections:
                flags.append("deflected")
            return Answer(text, [], [], intent, kind, topic, flags)

        sentences: list[str] = []
        mentioned: list[str] = []
        if self.profile.deflection_rate and self.rng.random() < self.profile.deflection_rate:
            sentences.append(w.deflection())
            flags.append("deflected")

        primary: str | None = None
        extra: str | None = None
        if intent == "ladder_up":
            primary, via = self._next_rung(topic, hints)
            steered = self._fixate(primary)
            if steered and steered != primary:
                primary, via = steered, None
                flags.append("fixated")
            if primary is None:
                sentences += [w.dont_know(topic)]
                flags.append("dont_know")
                mentioned.append(topic)
            else:
                sentences.append(w.ladder(topic, primary, via, kind, "fixated" in flags))
                mentioned += [m for m in (topic, via) if m] + [primary]
                if kind == "detailed":
                    extra, _ = self._next_rung(primary, hints)
        elif intent == "open" and topic is not None:
            primary = self._about(topic, hints)
            if primary == topic and topic in self.revealed:
                sentences.append(w.clarify(topic, None, kind))
                mentioned.append(topic)
            elif primary == topic:
                sentences.append(w.introduce(topic, kind))
                mentioned.append(topic)
                if kind == "detailed":  # at length, as after "what else": what it leads to (step16)
                    extra = self._next_rung(topic, hints)[0]
            else:
                sentences.append(w.ladder(topic, primary, None, kind, False))
                mentioned += [topic, primary]
        elif intent in ("new_branch", "open"):
            primary = self._new_branch(question, hints)
            steered = self._fixate(primary)
            if steered and steered != primary:
                primary = steered
                flags.append("fixated")
            if primary is None:
                sentences.append(w.nothing_more())
                flags.append("dont_know")
            elif "fixated" in flags:
                sentences.append(f"{w.pivot()} {w.phrase(primary)}.")
                mentioned.append(primary)
            else:
                sentences.append(w.introduce(primary, kind))
                mentioned.append(primary)
                if kind == "detailed":
                    extra = self._next_rung(primary, hints)[0]
        elif intent == "emotion":
            succ = self._unrevealed(self.mind.successors[topic])
            feeling = [s for s in succ if self.mind.by_id[s].type in EMOTIONAL_TYPES]
            primary = (feeling or succ or [None])[0]
            sentences.append(w.feeling(topic, primary, kind))
            mentioned += [topic] + ([primary] if primary else [])
        elif intent == "clarify":
            lower = self._unrevealed(self.mind.predecessors[topic])
            primary = lower[0] if lower else None
            sentences.append(w.clarify(topic, primary, kind))
            mentioned += [topic] + ([primary] if primary else [])
        elif intent == "contrast":
            primary = self._contrast_target(topic)
            sentences.append(w.contrast(topic, primary, kind))
            mentioned += [topic] + ([primary] if primary else [])
        else:  # confirm
            said = [c for c in self._mentions(question) if c in self.revealed]
            if said:
                sentences.append(w.confirm(said, kind))
                mentioned += said
            else:
                back = self.last_topic or (self.revealed[-1] if self.revealed else None)
                sentences.append(w.correct(back))
                flags.append("corrected")
                mentioned += [back] if back else []
            if kind == "detailed" and said:
                extra = self._next_rung(said[-1], hints)[0]

        if extra and extra not in mentioned:
            sentences.append(w.extend(extra))
            mentioned.append(extra)
        if kind == "detailed" and mentioned:
            sentences.append(w.example(mentioned[-1]))
        if self.rng.random() < self.profile.hedging_rate:
            sentences = w.hedge(sentences)
            flags.append("hedged")
        if self.profile.tangent_rate and self.rng.random() < self.profile.tangent_rate:
            sentences.insert(self.rng.randint(1, len(sentences)), w.tangent())
            flags.append("tangent")
        if kind == "brief":
            sentences = [s for s in sentences if s][:2]
        mentioned = list(dict.fromkeys(m for m in mentioned if m))
        new = [m for m in mentioned if m not in self.revealed]
        return Answer(w.join(sentences), mentioned, new, intent, kind, topic, flags)

    def _mentions(self, question: str) -> list[str]:
        """Every mind concept the question mentions (for summaries), in mind order."""
        q = tokens(question)
        return [
            c.id for c in self.mind.concepts
            if any(t and len(q & t) / len(t) >= TOPIC_MIN_OVERLAP for t in self._own[c.id] + self._aliases[c.id])
        ]

    def _contrast_target(self, topic: str) -> str | None:
        """An unrevealed disliked or neutral concept, near ``topic`` first; else None."""
        pending = self._unrevealed(c.id for c in self.mind.concepts)
        near = self.mind.branch_of(topic)
        cold = [c for c in pending if self.mind.by_id[c].stance <= 0]
        ranked = sorted(cold, key=lambda c: (c not in near, self.mind.rung[c]))
        return ranked[0] if ranked else None
