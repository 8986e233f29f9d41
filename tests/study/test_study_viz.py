"""The value-map figure: one marker per code on its level's row, link widths, escaped hover text."""

from __future__ import annotations

from interview_core.study.analysis import StudyAnalysis
from interview_core.study.codebook import CodebookEdit
from interview_core.viz.hvm_view import hvm_figure
from study_support import LEVELS, three_respondents


def test_hvm_figure_rows_widths_and_escaping():
    base = StudyAnalysis(three_respondents(), LEVELS, [])
    code = next(c.id for c in base.codebook.codes.values() if c.label == "low price")
    a = StudyAnalysis(base.interviews, LEVELS, [CodebookEdit(op="rename", code=code, label="<img src=x onerror=alert(1)>")])
    fig = hvm_figure(a.hvm(2))
    codes = next(t for t in fig.data if t.name == "codes")
    assert len(codes.x) == 6 and set(codes.y) == {0, 1, 2, 4}
    assert "&lt;img src=x onerror=al…" in codes.text
    assert all("<img" not in h for h in codes.hovertext)
    lines = [t for t in fig.data if t.mode == "lines"]
    assert sorted(t.line.width for t in lines) == [1.0, 8.0]  # counts 2 (three links) and 3 (one)
    links = next(t for t in fig.data if t.name == "links")
    assert any("R02: A low price saves money." in h for h in links.hovertext)
