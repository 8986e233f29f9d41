"""Sentence writing for the simulated respondent: its own phrasings, joined with varied connectors.

Phrasings rotate per concept so a concept is not described the same way twice in a row; connector
templates are drawn without repeating the previous one. Templates are written to read naturally with
phrasings that are clauses ("it foams properly") or noun phrases ("the creamy texture").
"""

from __future__ import annotations

import random

from .behaviour import Profile
from .mind import Mind

LADDER = (
    "{a} — which means {b}.", "Well, {a}, so {b}.", "{a}, and so {b}.", "{a}; that's why {b}.",
    "{a}. That way {b}.", "The thing is, {a}, and then {b}.", "It's because {a} — {b}, basically.",
)
LADDER_SHORT = ("Because {b}.", "Mostly because {b}.", "{b}, mainly.", "Because {b}, really.")
LADDER_VIA = ("Like I said, {via}, and beyond that {b}.", "Going on from {via} — {b}.")
INTRODUCE = {
    1: ("What I really like is {p}.", "For me the big one is {p}.", "I'd say {p}.", "First thing for me: {p}."),
    0: ("There's {p}, I suppose.", "I'd mention {p}.", "Another thing is {p}."),
    -1: ("What bugs me is {p}.", "The downside for me is {p}.", "Honestly, {p}, and I'm not a fan of that."),
}
EXTEND = ("And that means {p}.", "Which in turn means {p}.", "So in the end, {p}.", "And from there, {p}.")
FEEL = {
    1: ("It feels good, honestly — {p}.", "I feel pretty good about it, because {p}."),
    0: ("I don't feel strongly, but {p}.", "It's fine; mostly {p}."),
    -1: ("It's frustrating, to be honest — {p}.", "It annoys me, because {p}."),
}
FEEL_SELF = {
    1: ("It just feels right when {a}.", "I like it — {a}."),
    0: ("No strong feelings, {a} is just how it is.",),
    -1: ("It bothers me that {a}.", "It's a letdown when {a}."),
}
CLARIFY = ("What I mean is {a}; it comes from {lower}.", "I mean {a} — because of {lower}, really.")
CLARIFY_SELF = ("What I mean is {a}.", "Just that {a}, really.", "I suppose I mean {a}.")
CONTRAST = ("If it weren't for {a}, I'd think twice. What I'm less keen on is {p}.", "Compared to that, {p} is where it falls down for me.")
CONTRAST_SELF = ("If I didn't have that — {a} — I probably wouldn't bother.", "Without that, honestly, I'd go back to what I had before.")
CONFIRM = ("Yes, that's right: {list}.", "Yeah, that's about it — {list}.", "Pretty much, yes — {list}.")
CORRECT = ("Not quite. What I meant was {a}.", "Hmm, not exactly — it's more that {a}.")
NOTHING_MORE = ("I think I've covered most of it, really.", "Nothing else comes to mind, honestly.", "That's about all I can think of.")
DONT_KNOW = ("I haven't really thought about it beyond that.", "I'm not sure there's more to it than that, honestly.", "I don't know, it's just what matters to me.")
EXAMPLES = ("I noticed it again just last week.", "Like this morning, actually.", "That's something I notice pretty much every time.", "It happened only the other day.")
ACKS = ("Yeah.", "Mm, sure.", "Right.", "Yes, that's it.", "I guess so.")
HEDGES = ("I think ", "Maybe ", "Probably ", "I'm not sure, but ", "Sort of — ", "I guess ")
PIVOTS = ("Sure, but what really matters to me is", "That's fine, but the main thing for me is still", "I keep coming back to this:")
TANGENTS = (
    "Oh, and that reminds me, my sister just moved flats and it was total chaos.",
    "Which is funny, because the weather has been so strange this month.",
    "Speaking of which, I finally started that podcast everyone keeps recommending.",
    "My neighbour's dog barked all night yesterday, by the way, so I'm a bit tired.",
    "Anyway, what was the question again?",
)
INTENSIFIERS = ("Honestly, ", "Oh, absolutely — ", "I really, really mean this: ")


class Writer:
    """Writes sentences for one respondent; draws from the respondent's own ``rng``."""

    def __init__(self, mind: Mind, rng: random.Random, prof: Profile):
        self.mind = mind
        self.rng = rng
        self.prof = prof
        self._next_phrasing: dict[str, int] = {}
        self._last_template: dict[int, str] = {}

    # -- building blocks ------------------------------------------------------------------------------
    def phrase(self, cid: str) -> str:
        """The concept's next phrasing (rotating from a seeded start)."""
        options = self.mind.by_id[cid].phrasings
        i = self._next_phrasing.get(cid)
        if i is None:
            i = self.rng.randrange(len(options))
        self._next_phrasing[cid] = (i + 1) % len(options)
        return options[i]

    def pick(self, templates: tuple[str, ...]) -> str:
        """A template, never the one this family gave last time (when there is a choice)."""
        key = id(templates)
        choices = [t for t in templates if t != self._last_template.get(key)] or list(templates)
        t = self.rng.choice(choices)
        self._last_template[key] = t
        return t

    # -- sentences ------------------------------------------------------------------------------------
    def acknowledgment(self) -> str:
        if self.prof.deflections and self.rng.random() < 0.5:
            return self.deflection()
        return self.pick(ACKS)

    def deflection(self) -> str:
        return self.rng.choice(self.prof.deflections)

    def ladder(self, topic: str, up: str, via: str | None, kind: str, fixated: bool) -> str:
        if fixated:
            return f"{self.pivot()} {self.phrase(up)}."
        if via:
            return self.pick(LADDER_VIA).format(via=self.phrase(via), b=self.phrase(up))
        if kind == "brief":
            return self.pick(LADDER_SHORT).format(b=self.phrase(up))
        return self.pick(LADDER).format(a=self.phrase(topic), b=self.phrase(up))

    def pivot(self) -> str:
        """A fixator's turn back to its topic ("Sure, but what I really want to talk about is")."""
        own = [d.rstrip(". …") for d in self.prof.deflections if d.endswith("...")]
        return self.rng.choice(own or list(PIVOTS)).rstrip(":") + " —"

    def introduce(self, cid: str, kind: str) -> str:
        stance = self.mind.by_id[cid].stance
        if kind == "brief":
            return self.phrase(cid) + "."
        return self.pick(INTRODUCE[stance]).format(p=self.phrase(cid))

    def extend(self, cid: str) -> str:
        return self.pick(EXTEND).format(p=self.phrase(cid))

    def feeling(self, topic: str, up: str | None, kind: str) -> str:
        stance = self.mind.by_id[topic].stance
        if up:
            return self.pick(FEEL[stance]).format(p=self.phrase(up))
        return self.pick(FEEL_SELF[stance]).format(a=self.phrase(topic))

    def clarify(self, topic: str, lower: str | None, kind: str) -> str:
        if lower:
            return self.pick(CLARIFY).format(a=self.phrase(topic), lower=self.phrase(lower))
        return self.pick(CLARIFY_SELF).format(a=self.phrase(topic))

    def contrast(self, topic: str, other: str | None, kind: str) -> str:
        if other:
            return self.pick(CONTRAST).format(a=self.phrase(topic), p=self.phrase(other))
        return self.pick(CONTRAST_SELF).format(a=self.phrase(topic))

    def confirm(self, said: list[str], kind: str) -> str:
        return self.pick(CONFIRM).format(list=", and ".join(self.phrase(c) for c in said[-3:]))

    def correct(self, back: str | None) -> str:
        if back is None:
            return self.pick(NOTHING_MORE)
        return self.pick(CORRECT).format(a=self.phrase(back))

    def dont_know(self, topic: str | None) -> str:
        return self.rng.choice(self.mind.dont_know or list(DONT_KNOW))

    def nothing_more(self) -> str:
        return self.pick(NOTHING_MORE)

    def example(self, cid: str) -> str:
        return self.pick(EXAMPLES)

    def tangent(self) -> str:
        return self.pick(TANGENTS)

    def hedge(self, sentences: list[str]) -> list[str]:
        """Soften the first content sentence with a hedge ("I think ...")."""
        out = list(sentences)
        i = next((k for k, s in enumerate(out) if s not in self.prof.deflections), None)
        if i is not None:
            s = out[i]
            first = s if s.startswith(("I ", "I'")) else s[:1].lower() + s[1:]
            out[i] = self.rng.choice(HEDGES) + first
        return out

    def join(self, sentences: list[str]) -> str:
        parts = []
        for s in sentences:
            s = s.strip()
            if not s:
                continue
            s = s[:1].upper() + s[1:]
            if s[-1] not in ".!?…":
                s += "."
            parts.append(s)
        text = " ".join(parts)
        if self.prof.intensity and parts:
            text = self.rng.choice(INTENSIFIERS) + text[:1].lower() + text[1:] if not text.startswith("I") else self.rng.choice(INTENSIFIERS) + text
            text = text.rstrip(".") + "!"
        return text
