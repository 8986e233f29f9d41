"""The Study page with AppTest: create a study, its interviews, the cut-off, a rename, a merge, undo, exports."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from interview_core.persistence import Repository
from interview_core.study.synthetic import synthetic_study

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def study_app(monkeypatch):
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")
    repo = Repository(os.environ["INTERVIEW_DATABASE"])
    synthetic_study(repo, "Wave 1", interviews=6, turns=5, seed=3)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.switch_page("pages/study.py").run()
    assert not at.exception, at.exception
    return at, repo


def table(at, *columns):
    """The first dataframe with all of ``columns``."""
    return next(d.value for d in at.dataframe if set(columns) <= set(d.value.columns))


def share(at) -> str:
    return next(m for m in at.metric if m.label == "Share of relations kept").value


def button(at, label):
    return next(b for b in at.button if b.label == label)


def test_study_page_shows_interviews_counts_map(study_app):
    at, repo = study_app
    interviews = table(at, "respondent", "status", "turns")
    assert list(interviews["respondent"]) == [f"R{i:02d}" for i in range(1, 7)]
    assert set(interviews["status"]) == {"finished"} and set(interviews["turns"]) == {5}
    assert [m.label for m in at.metric][:5] == ["Interviews", "Codes", "Ladders per respondent", "Mean ladder length",
                                                "Links across levels"]
    at.slider(key="y_cutoff").set_value(1).run()
    assert share(at) == "100%"
    at.slider(key="y_cutoff").set_value(2).run()
    assert not at.exception
    assert share(at).endswith("%") and int(share(at)[:-1]) < 100
    assert len(at.get("plotly_chart")) == 1


def test_rename_merge_undo_flow_into_tables(study_app):
    at, repo = study_app
    codes = table(at, "code", "node type", "labels")
    first = codes["code"][0]
    at.text_input(key="y_rename_label").set_value("Renamed <b>code</b>")
    button(at, "Rename").click().run()
    assert not at.exception, at.exception
    codes = table(at, "code", "node type", "labels")
    assert "Renamed <b>code</b>" in list(codes["code"]) and first not in list(codes["code"])
    ladders = table(at, "respondent", "ladder", "codes")
    assert any("Renamed <b>code</b>" in c for c in ladders["codes"])
    n_before = len(codes)
    other = at.multiselect(key="y_merge_codes").options[0]
    at.multiselect(key="y_merge_codes").set_value([other]).run()
    button(at, "Merge").click().run()
    assert not at.exception, at.exception
    assert len(table(at, "code", "node type", "labels")) == n_before - 1
    study_id = repo.list_studies()[0]["study_id"]
    assert [e["edit"]["op"] for e in repo.codebook_edits(study_id)] == ["rename", "merge"]
    button(at, "Undo last edit").click().run()
    assert len(table(at, "code", "node type", "labels")) == n_before
    button(at, "Redo").click().run()
    assert len(table(at, "code", "node type", "labels")) == n_before - 1


def test_create_study_from_the_form(study_app):
    at, repo = study_app
    at.text_input(key="y_name").set_value("Wave 2")
    at.text_area(key="y_consent").set_value("We record this interview.")
    at.text_input(key="y_language").set_value("english")
    next(b for b in at.button if b.label == "Create study").click().run()
    assert any("language" in e.value for e in at.error)
    at.text_input(key="y_language").set_value("de")
    next(b for b in at.button if b.label == "Create study").click().run()
    assert not at.exception and not at.error
    row = repo.get_study("Wave 2")
    assert row["definition"]["consent_text"] == "We record this interview." and row["language"] == "de"
