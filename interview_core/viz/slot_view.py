"""The canonical slot decisions of an interview as a table for analysts (the Graph page's canonical view)."""

from __future__ import annotations


def decision_rows(records: list) -> list[dict]:
    """Slot decisions as table rows for analysts, newest turn first: turn, label, other label, decision,
    who decided (``offline``/``provider``), whether it merged, the model's verdict, similarity, note."""
    rows = [{"turn": r.turn, "label": r.label, "other label": r.other_label, "decision": r.decision,
             "decided by": r.source, "merged": r.merged, "model said": r.provider or "",
             "similarity": r.similarity, "method": r.method or "", "note": r.note} for r in records]
    return sorted(rows, key=lambda row: -row["turn"])
