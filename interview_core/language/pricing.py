"""Token prices and cost accounting for language calls.

Prices come from ``Settings.prices`` (``config/settings.yaml``), in USD per million tokens.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping

from pydantic import BaseModel, Field

from ..config.settings import Price
from .contracts import Usage

log = logging.getLogger(__name__)
_warned: set[str] = set()


def price_for(prices: Mapping[str, Price], model: str) -> Price | None:
    """The price of ``model``: an exact key, else the longest key the model name starts with.

    Dated or suffixed names (``claude-sonnet-4-5-20250929``) thus use their family's price.
    Returns None when no key matches.
    """
    if model in prices:
        return prices[model]
    matches = [key for key in prices if model.startswith(key)]
    return prices[max(matches, key=len)] if matches else None


def cost_usd(prices: Mapping[str, Price], model: str, input_tokens: int, output_tokens: int) -> float:
    """Cost of one call in USD: tokens times the per-million price. 0.0 (with one warning) if unpriced."""
    price = price_for(prices, model)
    if price is None:
        if model not in _warned:
            _warned.add(model)
            log.warning("no price for model %s in settings.prices; costing its calls at 0", model)
        return 0.0
    return (input_tokens * price.input + output_tokens * price.output) / 1_000_000


class UsageSummary(BaseModel):
    """Totals over a set of calls (a turn or a session), for the call log, the CLI and the UI."""

    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0
    latency_ms: float = 0.0
    errors: int = 0  # calls that failed (their task then ran offline or was re-asked)
    fallbacks: int = 0  # tasks that ran on the offline layer after a provider failure
    by_task: dict[str, float] = Field(default_factory=dict)  # task -> cost in USD

    def line(self) -> str:
        """One line for the CLI: ``7 calls, 5,210 in / 640 out tokens, $0.0253, 1 fallback``."""
        text = (f"{self.calls} calls, {self.input_tokens:,} in / {self.output_tokens:,} out tokens, "
                f"${self.cost_usd:.4f}")
        if self.fallbacks:
            text += f", {self.fallbacks} fallback{'s' if self.fallbacks > 1 else ''}"
        return text


def summarize_usage(usages: Iterable[Usage]) -> UsageSummary:
    """Sum tokens, cost and latency over ``usages``; offline calls count as calls with zero cost."""
    total = UsageSummary()
    for u in usages:
        total.calls += 1
        total.input_tokens += u.input_tokens
        total.output_tokens += u.output_tokens
        total.cost_usd += u.cost_usd
        total.latency_ms += u.latency_ms
        total.errors += u.error is not None
        total.fallbacks += u.fallback_reason is not None
        total.by_task[u.task] = total.by_task.get(u.task, 0.0) + u.cost_usd
    return total
