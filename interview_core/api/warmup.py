"""Warm an API process up before it serves: one offline turn on a throwaway database, then ``gc.freeze``.

Without it, the first interviews a process serves pay for everything loaded on first use (the English
parser, the lexicons and WordNet, the sentence encoder when embeddings are on, the question templates):
about 1.2 s of CPU for a process's first interview and 0.3 s for its first turn (wave 5, ``bench load``),
while the respondents who arrived first wait. The warm-up runs before the server listens, so no request
waits for it; it uses its own SQLite file in a temporary directory and the offline language layer (never a
provider), and the process's database is not touched.

Afterwards every object alive (the loaded models and tables, some hundred thousand of them) is moved to
the collector's permanent generation (``gc.freeze``): they are never freed anyway, and a full collection
no longer walks them on every turn.
"""

from __future__ import annotations

import gc
import logging
import tempfile
import time
from pathlib import Path

from ..config.settings import Settings

log = logging.getLogger(__name__)

WARMUP_METHODOLOGY = "means_end_chain"
WARMUP_CONCEPT = "oat_milk"
WARMUP_ANSWER = "I like how creamy it is because it foams properly, which makes my morning coffee feel like a treat."


def warm_up(settings: Settings, methodology: str = WARMUP_METHODOLOGY, concept: str = WARMUP_CONCEPT) -> float:
    """Run one offline turn of ``methodology`` on ``concept`` with ``settings`` (offline, on a throwaway
    SQLite file), then freeze the collector's generations; returns the seconds it took. A failure is
    logged and ignored: the process then loads on first use, as without a warm-up."""
    from ..session import InterviewSession

    started = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="interview-warmup-") as tmp:
            local = settings.with_provider("offline").model_copy(update={"database": str(Path(tmp) / "warmup.db")})
            session = InterviewSession.start(methodology, concept, settings=local, max_turns=3)
            session.answer(WARMUP_ANSWER)
            session.repo.close()
    except Exception:  # noqa: BLE001 - a warm-up must never stop the server from starting
        log.warning("API warm-up failed; models load on first use instead", exc_info=True)
    gc.collect()
    gc.freeze()
    return time.perf_counter() - started
