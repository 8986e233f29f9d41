"""A persona file turned into answer-style probabilities.

The reference personas carry only ``response_patterns``, ``deflection_patterns``, ``traits`` and a
``speech_pattern``; our optional knobs (``fatigue_onset``, ``tangent_rate``, ``fixation``,
``hedging_rate``) override what is inferred from that text. All rates are probabilities in [0, 1] per
answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..config.persona import ANSWER_KINDS, Persona

DEFAULT_FATIGUE_ONSET = 5  # turns of full engagement before a fatiguing persona tires
FATIGUE_DECAY = 0.75  # each tired turn keeps this share of the detailed/medium mass
FATIGUE_RESPITE = 2  # tired turns a new topic forgives, less each time ("fatigue returns faster")


@dataclass(frozen=True)
class Profile:
    shares: dict[str, float]  # answer kind -> probability
    deflections: tuple[str, ...]
    deflection_rate: float  # chance an answer opens with (or is) a deflection
    hedging_rate: float
    fatigue_onset: int | None  # turn number after which answers shorten; None: never
    tangent_rate: float
    fixation: float
    intensity: bool  # emotionally charged wording


def _text(p: Persona) -> str:
    return " ".join([p.id, p.name, p.description, p.speech_pattern, *p.traits]).lower()


def profile(persona: Persona) -> Profile:
    """The behaviour of ``persona``: explicit knobs first, else inferred from its traits and speech."""
    text = _text(persona)
    shares = {k: float(getattr(persona.response_patterns, k)) for k in ANSWER_KINDS}
    if persona.hedging_rate is not None:
        hedging = persona.hedging_rate
    elif re.search(r"(?<!no )hedg", text) or "uncertain" in text:  # "no hedging" is a trait too
        hedging = 0.7
    elif "qualif" in text or "i think" in text:
        hedging = 0.25
    else:
        hedging = 0.05
    onset = persona.fatigue_onset
    if onset is None and ("fatigu" in text or "loses interest" in text):
        onset = DEFAULT_FATIGUE_ONSET
    tangent = persona.tangent_rate or (0.5 if "tangential" in text or "off on tangents" in text else 0.0)
    fixation = persona.fixation or (0.6 if "fixat" in text or "steers most answers back" in text else 0.0)
    intensity = "emotional" in text and ("intens" in text or "vivid" in text)
    # Terse personas deflect more: their deflections are their acknowledgments.
    deflection_rate = 0.1 + 0.3 * shares["acknowledgment"] if persona.deflection_patterns else 0.0
    return Profile(shares, tuple(persona.deflection_patterns), deflection_rate, hedging, onset, tangent, fixation, intensity)


def kind_shares(prof: Profile, turn: int, relief: int = 0) -> dict[str, float]:
    """Answer-kind probabilities at ``turn`` (1-based), with fatigue applied.

    Past the onset, the detailed and medium shares shrink by :data:`FATIGUE_DECAY` per tired turn and
    the freed mass goes to brief and acknowledgment answers in a 2:1 ratio; ``relief`` tired turns are
    forgiven (a new topic re-engages for a moment). Shares always sum to 1.
    """
    shares = dict(prof.shares)
    if prof.fatigue_onset is None:
        return shares
    tired = turn - prof.fatigue_onset - relief
    if tired <= 0:
        return shares
    keep = FATIGUE_DECAY**tired
    freed = (shares["detailed"] + shares["medium"]) * (1 - keep)
    shares["detailed"] *= keep
    shares["medium"] *= keep
    shares["brief"] += freed * 2 / 3
    shares["acknowledgment"] += freed / 3
    return shares
