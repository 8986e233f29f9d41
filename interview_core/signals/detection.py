"""Import every pool so all detectors are registered, and expose two-pass detection."""

from __future__ import annotations

from . import (  # noqa: F401  (imported for their @detector registrations)
    coverage_signals,
    graph_signals,
    llm_signals,
    meta_signals,
    node_signals,
    technique_signals,
    temporal_signals,
)
from .registry import DETECTORS, DetectedSignals, Detector, detect_signals

__all__ = ["DETECTORS", "DetectedSignals", "Detector", "detect_signals"]
