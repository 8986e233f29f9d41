"""Pool ``llm``: the language layer's assessment of the latest answer (passed in, never computed here).

Every detector returns None before the first answer (no assessment), so no ``llm.*`` weight fires.
"""

from __future__ import annotations

from .context import SignalContext
from .registry import detector

TREND_WINDOW = 3
TREND_MARGIN = 0.15
DEPTH_SCORE = {"surface": 0.0, "shallow": 1 / 3, "moderate": 2 / 3, "deep": 1.0}


def _field(name: str):
    def fn(ctx: SignalContext):
        return None if ctx.assessment is None else getattr(ctx.assessment, name)

    fn.__name__ = name
    return fn


for _name in ("response_depth", "valence", "certainty", "specificity", "engagement", "intellectual_engagement",
              "ambiguity", "hedging_language", "knowledge_ceiling"):
    detector(f"llm.{_name}")(_field(_name))


@detector("llm.uncertainty")
def uncertainty(ctx: SignalContext) -> float | None:
    return None if ctx.assessment is None else 1.0 - ctx.assessment.certainty


@detector("llm.sentiment")
def sentiment(ctx: SignalContext) -> str | None:
    """negative below valence 0.4, positive above 0.6, neutral between."""
    if ctx.assessment is None:
        return None
    v = ctx.assessment.valence
    return "negative" if v < 0.4 else "positive" if v > 0.6 else "neutral"


def response_trend(depths: list[str]) -> str:
    """fatigued: the last 3 answers all surface/shallow; otherwise the mean depth of the last 3 answers
    against the 3 before: deepening above +0.15, shallowing below -0.15, stable in between (and with
    fewer than 2 answers)."""
    if len(depths) >= TREND_WINDOW and all(d in ("surface", "shallow") for d in depths[-TREND_WINDOW:]):
        return "fatigued"
    if len(depths) < 2:
        return "stable"
    recent = depths[-TREND_WINDOW:]
    before = depths[-2 * TREND_WINDOW:-TREND_WINDOW] or depths[:1]
    diff = sum(DEPTH_SCORE[d] for d in recent) / len(recent) - sum(DEPTH_SCORE[d] for d in before) / len(before)
    return "deepening" if diff > TREND_MARGIN else "shallowing" if diff < -TREND_MARGIN else "stable"


@detector("llm.global_response_trend")
def global_response_trend(ctx: SignalContext) -> str | None:
    return response_trend(ctx.depth_history) if ctx.depth_history else None
