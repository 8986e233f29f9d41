"""Studies over the repository: create, add sessions, start a session from a study, load the
interviews, analyse, and keep the codebook edit log. The app and the CLI call only these."""

from __future__ import annotations

from pathlib import Path

from ..config import registry
from ..config.methodology import parse_methodology
from ..config.loader import read_yaml
from ..config.settings import Settings
from ..persistence import Repository
from .analysis import StudyAnalysis
from .codebook import CodebookEdit, EditError, apply_edit
from .hvm import level_order
from .interviews import StudyInterview
from .model import Study


def create_study(repo: Repository, study: Study) -> dict:
    """Store ``study`` after checking its concept and methodology exist (ConfigError names what is
    missing); the methodology defaults to the concept's. Returns the study row."""
    concept = registry.concept(study.concept)
    methodology = registry.methodology(study.methodology or concept.methodology)
    definition = study.model_dump(mode="json") | {"concept": concept.id, "methodology": methodology.name}
    return repo.create_study(definition, concept_id=concept.id, methodology_name=methodology.name)


def require_study(repo: Repository, id_or_name: str) -> dict:
    row = repo.get_study(id_or_name)
    if row is None:
        raise KeyError(f"no study '{id_or_name}'")
    return row


def study_model(row: dict) -> Study:
    return Study.model_validate(row["definition"])


def study_of_session(repo: Repository, session_id: str) -> Study | None:
    """The study a session belongs to (its consent text, language and turn budget), or None. A session
    in several studies answers with the one it joined first."""
    rows = repo.session_studies(session_id)
    return study_model(rows[0]) if rows else None


def add_session(repo: Repository, study_id: str, session_id: str) -> bool:
    """Add an existing session. It must be on the study's concept (ValueError otherwise)."""
    study = require_study(repo, study_id)
    session = repo.get_session(session_id)
    if session is None:
        raise KeyError(f"no session '{session_id}'")
    if session["concept_id"] != study["concept_id"]:
        raise ValueError(f"session '{session_id}' is about '{session['concept_id']}', the study about '{study['concept_id']}'")
    return repo.add_study_session(study["study_id"], session_id)


def start_session(repo: Repository, study_id: str, *, db_path: str | Path, settings: Settings | None = None,
                  provider: str | None = None, policy: str = "adaptive", seed: int = 0):
    """Start an interview with the study's concept, methodology, turn budget and language and add it to the
    study (LanguageNotAvailable, nothing stored, when the language cannot be served)."""
    from ..session import InterviewSession

    study = require_study(repo, study_id)
    model = study_model(study)
    session = InterviewSession.start(methodology=study["methodology_name"], concept=study["concept_id"],
                                     max_turns=model.max_turns, db_path=db_path, settings=settings,
                                     provider=provider, policy=policy, seed=seed, language=model.language)
    repo.add_study_session(study["study_id"], session.session_id)
    return session


def load_interviews(repo: Repository, study_id: str) -> list[StudyInterview]:
    """The study's interviews in the order they were added, respondents named R01, R02, ..."""
    rows = repo.study_sessions(study_id)
    width = max(2, len(str(len(rows))))
    from ..provenance import describe

    out = []
    for i, r in enumerate(rows, start=1):
        sid = r["session_id"]
        utterances = repo.list_utterances(sid)
        answered_by = sorted({describe(u.get("source"), u.get("source_detail")) for u in utterances
                              if u["speaker"] == "respondent"})
        decisions = [{**d, "focus": (d["focus"] or {}).get("label") or (d["focus"] or {}).get("id")}
                     for d in repo.session_decisions(sid)]
        out.append(StudyInterview(
            session_id=sid, respondent=f"R{i:0{width}d}", status=r["status"], turns=r["turns"],
            created_at=r["created_at"], utterances=utterances, nodes=repo.list_nodes(sid),
            edges=repo.list_edges(sid), decisions=decisions,
            attributes={"session": sid, "date": r["created_at"][:10], "status": r["status"], "turns": r["turns"],
                        "policy": r.get("policy") or "adaptive", "ended": r.get("termination_reason") or "",
                        "answers_by": "; ".join(answered_by)},
        ))
    return out


def study_levels(repo: Repository, study: dict) -> list[str]:
    """Node types bottom to top, from the methodology the study's first interview used (else the
    shipped methodology of that name)."""
    sessions = repo.study_sessions(study["study_id"])
    row = repo.get_session(sessions[0]["session_id"]) if sessions else None
    if row is not None:
        name = f"{row['methodology_name']}.yaml"
        methodology, _ = parse_methodology(read_yaml(Path(name), row["methodology_yaml"]), name)
    else:
        methodology = registry.methodology(study["methodology_name"])
    nodes = methodology.ontology.nodes
    return level_order([n.name for n in nodes], {n.name: n.level for n in nodes})


def study_matcher(settings: Settings):
    """The slot matcher for codebooks: the hybrid matcher of ``settings.dedup`` (lexical only when
    embeddings are off or cannot load)."""
    from ..dedup import HybridMatcher

    cfg = settings.dedup
    return HybridMatcher(cfg) if cfg.embeddings_enabled else HybridMatcher(cfg, encoder=None)


def import_stored_vectors(repo: Repository, matcher, session_ids: list[str]) -> int:
    """Give ``matcher`` the label vectors the sessions stored with their engine state, so building the
    codebook embeds only labels no session embedded; returns how many vectors were imported."""
    from ..pipeline.record import unpack_vectors

    if not getattr(matcher, "embeddings_available", False):
        return 0
    count = 0
    for sid in session_ids:
        stored = repo.load_state(sid)
        packed = ((stored or {}).get("engine_state") or {}).get("vectors") or {}
        if packed:
            matcher.import_vectors(unpack_vectors(packed))
            count += len(packed)
    return count


def analyse(repo: Repository, study_id: str, matcher=None, base=None) -> StudyAnalysis:
    """The study's analysis under its active codebook edits (``base``: a cached automatic codebook;
    without it the codebook is built with ``matcher``, reusing the sessions' stored vectors)."""
    study = require_study(repo, study_id)
    edits = [CodebookEdit.model_validate(e["edit"]) for e in repo.codebook_edits(study["study_id"])]
    interviews = load_interviews(repo, study["study_id"])
    if base is None and matcher is not None:
        import_stored_vectors(repo, matcher, [iv.session_id for iv in interviews])
    return StudyAnalysis(interviews, study_levels(repo, study), edits, matcher, base)


def record_edit(repo: Repository, study_id: str, analysis: StudyAnalysis, edit: CodebookEdit) -> int:
    """Store ``edit`` if it applies to the current edited codebook (EditError otherwise, nothing stored)."""
    apply_edit(analysis.codebook.copy(), edit)
    return repo.add_codebook_edit(study_id, edit.model_dump(mode="json", exclude_defaults=True))


__all__ = ["EditError", "add_session", "analyse", "create_study", "load_interviews", "record_edit", "require_study",
           "start_session", "study_levels", "study_matcher", "study_model", "study_of_session"]
