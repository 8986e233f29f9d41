"""Studies in the repository: creation, membership, edit log with undo/redo, sessions started from a study."""

from __future__ import annotations

import pytest

from interview_core.config.errors import ConfigError
from interview_core.config.settings import Settings
from interview_core.persistence import Repository
from interview_core.study import service
from interview_core.study.codebook import CodebookEdit, EditError
from interview_core.study.model import Study, load_study


@pytest.fixture
def repo(tmp_path):
    return Repository(tmp_path / "study.db")


def _session(repo, sid, concept="oat_milk"):
    repo.create_session(session_id=sid, concept_id=concept, methodology_name="means_end_chain", methodology_yaml="x: 1",
                        concept_yaml="id: x", max_turns=5, settings_summary={})


def test_study_file_validated_with_file_and_key(tmp_path):
    path = tmp_path / "wave1.yaml"
    path.write_text("name: Wave 1\nconcept: oat_milk\nlanguage: english\nmax_turn: 4\n", encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_study(path)
    text = "\n".join(str(p) for p in err.value.problems)
    assert "wave1.yaml" in text and "language" in text and "max_turn" in text and "unknown key" in text
    path.write_text("name: Wave 1\nconcept: oat_milk\nconsent_text: We record this.\nlanguage: de\nmax_turns: 8\n")
    assert load_study(path) == Study(name="Wave 1", concept="oat_milk", consent_text="We record this.", language="de",
                                     max_turns=8)


def test_create_defaults_methodology_and_rejects_unknown_concept(repo):
    row = service.create_study(repo, Study(name="W1", concept="oat_milk", consent_text="ok"))
    assert row["methodology_name"] == "means_end_chain" and row["definition"]["consent_text"] == "ok"
    assert repo.get_study("W1")["study_id"] == row["study_id"]
    with pytest.raises(ValueError, match="already exists"):
        service.create_study(repo, Study(name="W1", concept="oat_milk"))
    with pytest.raises(ConfigError):
        service.create_study(repo, Study(name="W2", concept="no_such_concept"))


def test_membership_order_concept_check_and_cascade(repo):
    study = service.create_study(repo, Study(name="W1", concept="oat_milk"))["study_id"]
    for sid in ("b", "a"):
        _session(repo, sid)
    _session(repo, "bike", concept="ebike_commute")
    assert service.add_session(repo, study, "b") and service.add_session(repo, study, "a")
    assert service.add_session(repo, study, "a") is False
    with pytest.raises(ValueError, match="ebike_commute"):
        service.add_session(repo, study, "bike")
    with pytest.raises(KeyError):
        service.add_session(repo, study, "zzz")
    assert [r["session_id"] for r in repo.study_sessions(study)] == ["b", "a"]
    assert [r["name"] for r in repo.session_studies("a")] == ["W1"]
    assert service.study_of_session(repo, "a").name == "W1" and service.study_of_session(repo, "bike") is None
    repo.delete_session("b")
    assert [r["session_id"] for r in repo.study_sessions(study)] == ["a"]
    assert repo.list_studies()[0]["sessions"] == 1


def test_edit_log_undo_redo(repo):
    study = service.create_study(repo, Study(name="W1", concept="oat_milk"))["study_id"]
    repo.add_codebook_edit(study, {"op": "rename", "code": "c1", "label": "a"})
    repo.add_codebook_edit(study, {"op": "rename", "code": "c1", "label": "b"})
    assert repo.undo_codebook_edit(study)["label"] == "b"
    assert [e["edit"]["label"] for e in repo.codebook_edits(study)] == ["a"]
    assert repo.redo_codebook_edit(study)["label"] == "b"
    assert repo.undo_codebook_edit(study)["label"] == "b"
    repo.add_codebook_edit(study, {"op": "rename", "code": "c1", "label": "c"})  # a new edit drops the redo
    assert repo.redo_codebook_edit(study) is None
    assert [e["edit"]["label"] for e in repo.codebook_edits(study, include_undone=True)] == ["a", "c"]
    repo.undo_codebook_edit(study), repo.undo_codebook_edit(study)
    assert repo.undo_codebook_edit(study) is None


def test_sessions_started_from_a_study_are_analysed(tmp_path):
    db = tmp_path / "s.db"
    repo = Repository(db)
    settings = Settings(provider="offline")
    settings.dedup.embeddings_enabled = False
    study = service.create_study(repo, Study(name="W1", concept="oat_milk", max_turns=4))["study_id"]
    for answers in (["I like the creamy texture because it foams well", "Foaming well makes me feel proud"],
                    ["The creamy texture foams well, so I feel proud", "It is cheap, which saves money"]):
        s = service.start_session(repo, study, db_path=db, settings=settings)
        assert s.max_turns == 4
        for a in answers:
            s.answer(a)
    analysis = service.analyse(repo, study, matcher=service.study_matcher(settings))
    assert [iv.respondent for iv in analysis.interviews] == ["R01", "R02"]
    assert analysis.levels[0] == "attribute" and analysis.levels[-1] == "terminal_value"
    assert analysis.interviews[0].turns == 2 and analysis.interviews[0].decisions
    assert analysis.interviews[0].attributes["answers_by"] == "Respondent"
    shared = [c for c in analysis.codebook.codes.values() if len(c.respondents()) == 2]
    assert shared, [c.labels for c in analysis.codebook.codes.values()]
    code = shared[0]
    service.record_edit(repo, study, analysis, CodebookEdit(op="rename", code=code.id, label="Creaminess"))
    assert service.analyse(repo, study).codebook.codes[code.id].label == "Creaminess"
    with pytest.raises(EditError):
        service.record_edit(repo, study, analysis, CodebookEdit(op="merge", code=code.id, codes=["nope"]))
    assert len(repo.codebook_edits(study)) == 1
