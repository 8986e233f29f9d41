"""The session API: start an interview, answer, resume after a restart.

    s = InterviewSession.start(methodology="means_end_chain", concept="oat_milk")
    print(s.opening_question)
    result = s.answer("I like how creamy it is because it foams well")   # -> TurnResult
    s2 = InterviewSession.load(s.session_id)                               # after a restart

The methodology and concept texts are stored with the session, so editing a file later does not
change a running interview; applying edited weights (``apply_methodology``) takes effect next turn.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
import threading
import uuid
from pathlib import Path

import yaml

from .config import registry
from .config.concept import Concept, load_concept
from .config.errors import ConfigError
from .config.diff import config_diff, yaml_in_force
from .config.loader import read_yaml
from .config.methodology import Methodology, parse_methodology
from .config.settings import Settings, load_settings
from .engine import Engine, rerank_ranking
from .language.codes import check_language_tag
from .language.contracts import QuestionRequest
from .language.interview_language import NoOfflineFallback, offline_refusal, offline_tasks_for, respondent_refusal
from .language.streaming import ChunkCallback, display_only
from .persistence import AnswerConflict, Repository, TurnConflict
from .persistence.codec import utc_now
from .pipeline.contracts import PipelineContext, TurnResult
from .pipeline.pipeline import POLICIES, build_stages, run_turn
from .pipeline.record import unpack_vectors
from .pipeline.transcript import Transcript
from .provenance import Provenance
from .vocabulary.assessment import RESPONDENT_ENDED

log = logging.getLogger(__name__)
MAX_ANSWER_CHARS = 200_000  # stored whole up to this; beyond it the answer is refused with a message
DEFAULT_CONSENT = (
    "This is a research interview about {topic}. You will be asked a few questions and can answer in your "
    "own words; there are no right or wrong answers. Your answers are stored and read by the research team "
    "for this study only, without your name. Taking part is voluntary: you can stop at any time by closing "
    "this page. Do you agree to take part?")


@dataclass(frozen=True)
class CommittedGraph:
    """``surface``: {nodes, edges}; ``canonical``: {slots, edges, mapping}; ``engine_state``: the engine's
    stored state (None before the first turn)."""

    turn: int
    surface: dict
    canonical: dict
    engine_state: dict | None


class InvalidAnswer(ValueError):
    """The answer cannot be taken (empty, too long); no turn was consumed."""


class SessionFinished(RuntimeError):
    """The interview has ended; no further answers are taken."""


class SessionDeleted(InvalidAnswer):
    """The session was deleted (in another tab, by another analyst) before the answer could be stored.
    Nothing was saved; ``answer`` is the text, so the page can show it back."""

    def __init__(self, session_id: str, answer: str):
        super().__init__(f"This interview ({session_id}) was deleted meanwhile, perhaps in another tab; the answer "
                         "was not saved. Start or resume an interview to go on.")
        self.answer = answer


class QuestionNotCurrent(InvalidAnswer):
    """The answer replies to a question that is no longer the current one (the interview moved on, or
    another submission answered it first). Nothing was stored; ``current_question_id`` and
    ``current_question`` say what to show instead."""

    def __init__(self, current_question_id: str | None, current_question: str | None):
        super().__init__("This answer was for an earlier question, and the interview has already moved on "
                         "(perhaps it was answered in another window). Nothing was saved; please answer the "
                         "current question.")
        self.current_question_id = current_question_id
        self.current_question = current_question


class LanguageNotAvailable(InvalidAnswer):
    """The interview is not in English and a language task would run on the English-only offline layer.
    Nothing was stored (no session created, no answer saved)."""


def _build_language(settings: Settings, matcher=None):
    """The language router; the offline writer borrows the matcher's embeddings to avoid questions
    that repeat an earlier one in meaning."""
    from .language.router import build_language

    embed = None
    if matcher is not None and getattr(matcher, "embeddings_available", False):
        def embed(texts: list[str]) -> list:
            matcher.embed(texts)
            return [matcher.vector(t) for t in texts]
    return build_language(settings, embed=embed)


def _build_dedup(settings: Settings, vectors: dict | None = None, canonical_state: dict | None = None,
                 last_turn: int = 0):
    """(matcher, canonical graph, status): the hybrid matcher and canonical graph, restored if given.

    Stored vectors are imported so a resumed session does not re-embed known labels.
    """
    from .dedup import CanonicalGraph, HybridMatcher

    cfg = settings.dedup
    matcher = HybridMatcher(cfg) if cfg.embeddings_enabled else HybridMatcher(cfg, encoder=None)
    if vectors:
        matcher.import_vectors(vectors)
    if canonical_state:
        canonical = CanonicalGraph.from_dict(canonical_state, matcher, cfg.slot_min_support, last_turn=last_turn)
    else:
        canonical = CanonicalGraph(matcher, cfg.slot_min_support)
    return matcher, canonical, matcher.backend_status


class InterviewSession:
    """One interview: its configuration, its live engine and language layer, and the stages of its turn.

    Build it with :meth:`start`, :meth:`load` or :meth:`load_by_token`.
    """

    def __init__(self, *, session_id: str, repo: Repository, settings: Settings, engine: Engine, language,
                 matcher, canonical, canonical_status: str, max_turns: int, policy: str, seed: int,
                 completed_turns: int = 0, respondent_can_end: bool = True):
        self.session_id = session_id
        self.repo = repo
        self.settings = settings
        self.engine = engine
        self.language = language
        self.matcher = matcher
        self.canonical = canonical
        self.canonical_status = canonical_status
        self.max_turns = max_turns
        self.policy = policy
        self.seed = seed
        self.completed_turns = completed_turns
        self.respondent_can_end = respondent_can_end
        self._transcript = Transcript(repo, session_id)
        self.stages = self._wire()
        self._lock = threading.RLock()  # serialises this object's turns; the database arbitrates between objects

    def _wire(self) -> list:
        """This session's turn: its stages with their collaborators."""
        return build_stages(engine=self.engine, language=self.language, transcript=self._transcript,
                            max_turns=self.max_turns, policy=self.policy, seed=self.seed, matcher=self.matcher,
                            canonical=self.canonical, canonical_status=self.canonical_status,
                            slot_decider=self._slot_decider(), respondent_can_end=self.respondent_can_end)

    def _slot_decider(self):
        """The provider-assisted slot decision when a provider runs its task, else None (offline only)."""
        from .dedup.provider_slots import build_slot_decider

        ontology = self.engine.methodology.ontology
        return build_slot_decider(self.settings.provider_slots, self.canonical, self.language,
                                  topic=self.engine.concept.name,
                                  node_types={n.name: n.description for n in ontology.nodes})

    def use_language(self, language) -> None:
        """Answer the next turns with another language layer (e.g. the simulation's oracle extraction)."""
        self.language = language
        self.stages = self._wire()

    # -- construction -------------------------------------------------------------------------------
    @classmethod
    def start(cls, methodology: str | None = None, concept: str = "oat_milk", *, max_turns: int | None = None,
              db_path: str | Path | None = None, settings: Settings | None = None, provider: str | None = None,
              policy: str = "adaptive", seed: int = 0, methodology_text: str | None = None,
              language: str | None = None, respondent_can_end: bool = True) -> "InterviewSession":
        """Create a session and write its opening question. ``methodology`` defaults to the concept's;
        ``language`` (the interview language, e.g. a study's) to the concept's. ``respondent_can_end``
        (default True): an answer that says the respondent wants to end now ends the interview; benches
        that script fixed answers pass False, so that every script runs to its end (this object and the
        objects it reloads keep it; it is not stored). Raises
        LanguageNotAvailable, storing nothing, when the language is not English and a task runs offline."""
        if policy not in POLICIES:
            raise ValueError(f"unknown policy '{policy}' (use one of {', '.join(POLICIES)})")
        settings = _settings(settings, provider)
        concept_path = registry.resolve("concepts", concept)
        concept_text = concept_path.read_text(encoding="utf-8")
        concept_obj = load_concept(concept_path)
        language = check_language_tag(language) if language else concept_obj.language
        refused = offline_tasks_for(language, settings)
        if refused:
            raise LanguageNotAvailable(offline_refusal(language, refused) + " Nothing was stored.")
        concept_obj = concept_obj.model_copy(update={"language": language})  # what the prompts read
        if methodology_text is None:
            m_path = registry.resolve("methodologies", methodology or concept_obj.methodology)
            methodology_text = m_path.read_text(encoding="utf-8")
            m_name = m_path.name
        else:
            m_name = f"{methodology or 'custom'}.yaml"
        method_obj = _methodology_from_text(methodology_text, m_name)
        repo = Repository(db_path or settings.database)
        session_id = uuid.uuid4().hex[:12]
        max_turns = max_turns or method_obj.continuation.max_turns or settings.max_turns
        repo.create_session(
            session_id=session_id, concept_id=concept_obj.id, methodology_name=method_obj.name,
            methodology_yaml=methodology_text, concept_yaml=concept_text, max_turns=max_turns,
            settings_summary=_settings_summary(settings), policy=policy, seed=seed, interview_language=language,
        )
        matcher, canonical, status = _build_dedup(settings)
        session = cls(
            session_id=session_id, repo=repo, settings=settings,
            engine=Engine(method_obj, concept_obj, matcher=matcher, canonical=canonical),
            language=_build_language(settings, matcher), matcher=matcher, canonical=canonical, canonical_status=status,
            max_turns=max_turns, policy=policy, seed=seed, respondent_can_end=respondent_can_end,
        )
        try:
            session._write_opening()
        except NoOfflineFallback as exc:  # no English stand-in for an opening in another language
            repo.delete_session(session_id)
            raise LanguageNotAvailable(f"The interview could not start: {exc} (the provider failed and the offline "
                                       "layer interviews in English only). Nothing was stored; please try again "
                                       "in a moment.") from exc
        return session

    @classmethod
    def load(cls, session_id: str, *, db_path: str | Path | None = None, settings: Settings | None = None,
             provider: str | None = None, repo: Repository | None = None,
             respondent_can_end: bool = True) -> "InterviewSession":
        """Restore everything after a restart; a saved but unprocessed answer is completed first
        (``respondent_can_end``: as in :meth:`start`)."""
        settings = _settings(settings, provider)
        repo = repo or Repository(db_path or settings.database)
        row = repo.get_session(session_id)
        if row is None:
            raise KeyError(f"no session '{session_id}'")
        method_obj, _ = parse_methodology(yaml.safe_load(row["methodology_yaml"]), f"{row['methodology_name']}.yaml")
        concept_obj = Concept.model_validate(yaml.safe_load(row["concept_yaml"]))
        concept_obj = concept_obj.model_copy(update={"language": _stored_language(repo, row, concept_obj)})
        stored = repo.load_state(session_id)
        state = stored["engine_state"] if stored else None
        matcher, canonical, status = _build_dedup(
            settings, vectors=unpack_vectors((state or {}).get("vectors") or {}),
            canonical_state=repo.canonical(session_id) if stored else None, last_turn=stored["turn"] if stored else 0)
        if state:
            engine = Engine.restore(state["engine"], method_obj, concept_obj, matcher=matcher, canonical=canonical)
        else:
            engine = Engine(method_obj, concept_obj, matcher=matcher, canonical=canonical)
        session = cls(
            session_id=session_id, repo=repo, settings=settings, engine=engine,
            language=_build_language(settings, matcher), matcher=matcher, canonical=canonical,
            canonical_status=status, max_turns=row["max_turns"], policy=row.get("policy") or "adaptive",
            seed=row.get("seed") or 0, completed_turns=stored["turn"] if stored else 0,
            respondent_can_end=respondent_can_end,
        )
        if not any(u["speaker"] == "interviewer" for u in session.transcript()):
            session._write_opening()
        session.complete_pending()
        return session

    @classmethod
    def load_by_token(cls, token: str, **kwargs) -> "InterviewSession":
        """The session a respondent link's token opens; KeyError for an unknown token."""
        settings = _settings(kwargs.pop("settings", None), kwargs.pop("provider", None))
        session_id = session_id_for_token(token, db_path=kwargs.get("db_path"), settings=settings)
        if session_id is None:
            raise KeyError("no session for this link")
        return cls.load(session_id, settings=settings, **kwargs)

    # -- turns --------------------------------------------------------------------------------------
    def answer(self, text: str, question_id: str | None = None, *, provenance: Provenance | None = None,
               on_question_chunk: ChunkCallback | None = None) -> TurnResult:
        """Process one answer to the question ``question_id`` (default: the question current right now).

        ``on_question_chunk`` receives the next question while it is written (``QuestionChunk``s: the text
        shown is their concatenation since the last ``replace`` chunk; a provider streams it word by word,
        the offline layer sends it whole). The turn is still committed once, with the whole question, and
        the returned ``next_question`` is what the chunks add up to. A failing callback stops the display,
        never the turn.

        Raises InvalidAnswer (no turn consumed), its subclass QuestionNotCurrent when ``question_id`` is no
        longer the current question, or SessionFinished. Of concurrent submissions to one question,
        through this object or through others on the same database, exactly one becomes a turn: the
        answer is stored by a conditional insert (see ``Repository.add_answer``). ``provenance`` says who
        answered (default: the respondent).
        """
        if text is None or not str(text).strip():
            raise InvalidAnswer("The answer is empty. Please type a response (or 'I don't know').")
        if self.language_problem:
            raise LanguageNotAvailable(self.language_problem + " The answer was not stored.")
        if len(text) > MAX_ANSWER_CHARS:
            raise InvalidAnswer(f"The answer is {len(text):,} characters; the limit is {MAX_ANSWER_CHARS:,}. Please shorten it.")
        surrogate = next((i for i, ch in enumerate(text) if "\ud800" <= ch <= "\udfff"), None)
        if surrogate is not None:  # not encodable as UTF-8: it could be neither stored nor sent
            raise InvalidAnswer(f"The answer contains an invalid character (a lone surrogate, position {surrogate + 1}). "
                                "Please retype it.")
        if self.repo.get_session(self.session_id) is None:
            raise SessionDeleted(self.session_id, text)
        if "\x00" in text and not self.repo.db.dialect.stores_nul:
            raise InvalidAnswer("The answer contains a NUL character (U+0000), which cannot be stored. Please remove it.")
        if question_id is None:  # bind to the question current at submission, not when the lock is free
            question_id = self.current_question_id
        with self._lock:
            self._catch_up()
            if self.finished:
                raise SessionFinished("this interview has ended")
            if question_id != self.current_question_id:
                raise self._not_current()
            turn = self.completed_turns + 1
            try:
                return self._run(text, question_id=question_id, provenance=provenance or Provenance(),
                                 on_question_chunk=display_only(on_question_chunk) if on_question_chunk else None)
            except AnswerConflict as exc:
                self._catch_up(force=True)  # another writer won; drop anything this attempt computed
                if exc.reason == "finished":
                    raise SessionFinished("this interview has ended") from exc
                raise self._not_current() from exc
            except TurnConflict as exc:
                # This answer was stored, and another process found it pending and saved its turn first:
                # that turn is the one kept, and it is this answer's result.
                self._catch_up(force=True)
                stored = next((r for r in self.turn_results() if r.turn_number == turn), None)
                if stored is None:
                    raise self._not_current() from exc
                return stored

    def _not_current(self) -> QuestionNotCurrent:
        current = self.repo.current_question(self.session_id)
        return QuestionNotCurrent(current["id"] if current else None, current["text"] if current else None)

    def _catch_up(self, force: bool = False) -> None:
        """Reload the live objects when another session object (another process, another browser tab)
        has completed turns since this one last did, so the next turn starts from the stored state."""
        if not force and self.repo.completed_turns(self.session_id) == self.completed_turns:
            return
        try:
            fresh = type(self).load(self.session_id, repo=self.repo, settings=self.settings,
                                    respondent_can_end=self.respondent_can_end)
        except TurnConflict:  # a pending answer was completed by another process meanwhile: load its turn
            fresh = type(self).load(self.session_id, repo=self.repo, settings=self.settings,
                                    respondent_can_end=self.respondent_can_end)
        # adopt the fresh engine, language layer, de-duplication and stages; keep this object's lock
        vars(self).update({name: value for name, value in vars(fresh).items() if name != "_lock"})

    def complete_pending(self) -> TurnResult | None:
        """Finish a turn whose answer was saved before a crash; None when nothing is pending."""
        pending = self.repo.pending_answer(self.session_id)
        if pending is None:
            return None
        log.info("completing pending turn %s of session %s", pending["turn"], self.session_id)
        return self._run(pending["text"], existing_utterance_id=pending["id"])

    def _run(self, text: str, *, existing_utterance_id: str | None = None, question_id: str | None = None,
             provenance: Provenance | None = None, on_question_chunk: ChunkCallback | None = None) -> TurnResult:
        """One turn through the pipeline, then its writes committed at once with the final TurnResult:
        what is stored is exactly what is returned."""
        ctx = PipelineContext(session_id=self.session_id, completed_turns=self.completed_turns, user_input=text,
                              existing_utterance_id=existing_utterance_id, question_id=question_id,
                              provenance=provenance, on_question_chunk=on_question_chunk)
        result = run_turn(ctx, self.stages)
        ctx.turn_record.commit(self.repo, result)
        self.completed_turns = result.turn_number
        return result

    def _write_opening(self) -> None:
        result = self.language.write_question(QuestionRequest(
            methodology=self.methodology, concept=self.concept, kind="opening", turn_number=0, seed=self.seed))
        with self.repo.db.transaction():  # the question and its call log together
            self.repo.add_utterance(self.session_id, 0, "interviewer", result.question)
            for usage in result.usage:
                self.repo.log_llm_call(self.session_id, 0, usage.model_dump(mode="json"))

    # -- reading --------------------------------------------------------------------------------------
    @property
    def methodology(self) -> Methodology:
        return self.engine.methodology

    @property
    def concept(self) -> Concept:
        return self.engine.concept

    @property
    def row(self) -> dict:
        return self.repo.get_session(self.session_id)

    @property
    def finished(self) -> bool:
        return self.row["status"] == "finished"

    @property
    def awaiting_closing_answer(self) -> bool:
        """The closing question has been asked and the interview ends with its answer (or :meth:`end`)."""
        return bool(self.engine.closing_reason) and not self.finished

    @property
    def termination_reason(self) -> str | None:
        return self.row.get("termination_reason")

    @property
    def ended_by_respondent(self) -> bool:
        """The interview ended because the respondent said they wanted to end it ("I have to go now")."""
        return self.termination_reason == RESPONDENT_ENDED

    @property
    def opening_question(self) -> str:
        return next(u["text"] for u in self.transcript() if u["speaker"] == "interviewer")

    @property
    def current_question(self) -> str:
        return self.repo.current_question(self.session_id)["text"]

    @property
    def current_question_id(self) -> str:
        """The id of the question an answer now replies to; pass it to :meth:`answer` to bind the answer."""
        return self.repo.current_question(self.session_id)["id"]

    @property
    def turn_number(self) -> int:
        return self.completed_turns

    @property
    def language_mode(self) -> str:
        """``offline``, or the mode the language router runs in with a provider."""
        return getattr(self.language, "mode", "offline")

    @property
    def offline_mode(self) -> bool:
        return self.language_mode == "offline"

    @property
    def streams_questions(self) -> bool:
        """Whether pages show the next question while it is written (pass ``on_question_chunk`` to
        :meth:`answer`): it comes from a provider and ``Settings.stream_questions`` is on. The offline
        layer writes a question at once."""
        return bool(getattr(self.language, "streams_questions", False)) and self.settings.stream_questions

    @property
    def provider_cooling_off(self) -> dict[str, float]:
        """Task -> seconds it still runs offline because its provider timed out (empty when none)."""
        cooling = getattr(self.language, "cooling_off", None)
        return cooling() if cooling else {}

    def transcript(self) -> list[dict]:
        return self._transcript.utterances()

    def turn_results(self) -> list[TurnResult]:
        """The stored TurnResults, in turn order (typed, as ``answer`` returned them)."""
        return [TurnResult.model_validate(r) for r in self.repo.turn_results(self.session_id)]

    def scoring_history(self) -> list[dict]:
        return self.repo.scoring_history(self.session_id)

    def cost(self) -> dict:
        return self.repo.session_cost(self.session_id)

    def graph_snapshot(self) -> dict:
        return self.engine.graph.to_dict()

    def committed_graph(self) -> CommittedGraph:
        """The graphs and engine state as of the last committed turn, read from the store: safe to read
        while another thread runs a turn of this session."""
        state = self.repo.load_state(self.session_id)
        return CommittedGraph(
            turn=state["turn"] if state else 0,
            surface={"nodes": self.repo.list_nodes(self.session_id), "edges": self.repo.list_edges(self.session_id)},
            canonical=self.repo.canonical(self.session_id),
            engine_state=((state or {}).get("engine_state") or {}).get("engine"))

    def rerank(self, stored_selection: dict, methodology: Methodology | None = None) -> list:
        """A stored turn's ranking (``scoring_history()[turn]["signals"]["selection"]``) computed again under
        ``methodology`` (default: the active one), best first; nothing in the session changes."""
        return self.engine.rerank(stored_selection, methodology or self.methodology)

    def rerank_ranking(self, stored_selection: dict, methodology: Methodology | None = None):
        """:meth:`rerank`'s whole Ranking: ``total_pairs`` (every pair scored) and ``alternatives``."""
        return rerank_ranking(stored_selection, methodology or self.methodology)

    def canonical_snapshot(self) -> dict | None:
        return self.canonical.to_dict() if self.canonical is not None else None

    # -- the respondent's path ------------------------------------------------------------------------
    def _study(self) -> dict | None:
        studies = self.repo.session_studies(self.session_id)
        return studies[0] if studies else None

    @property
    def consent_text(self) -> str:
        """What the respondent agrees to before the first question: the study's consent text, else the
        concept's, else a plain default naming the topic."""
        study = self._study()
        text = ((study or {}).get("definition") or {}).get("consent_text") or self.concept.consent_text
        return text.strip() or DEFAULT_CONSENT.format(topic=self.concept.name)

    @property
    def interview_language(self) -> str:
        """The interview language (ISO 639-1, optionally with a region), fixed when the interview started
        from the study's or the concept's."""
        return self.concept.language

    @property
    def language_problem(self) -> str | None:
        """Why this interview cannot go on in its language here (a task runs on the English-only offline
        layer), or None."""
        tasks = offline_tasks_for(self.interview_language, self.settings)
        return offline_refusal(self.interview_language, tasks) if tasks else None

    @property
    def respondent_language_notice(self) -> str:
        """What the respondent link shows instead of the interview while :attr:`language_problem` holds."""
        return respondent_refusal(self.interview_language)

    @property
    def consented(self) -> bool:
        return bool(self.row.get("consent_at"))

    def record_consent(self) -> None:
        """The respondent agreed to take part (stored with the time). Declining stores nothing."""
        if not self.consented:
            self.repo.update_session(self.session_id, consent_at=utc_now())

    def stimulus_image(self) -> Path | None:
        """The concept's stimulus image file when it names one that exists, else None."""
        name = self.concept.stimulus_image
        if not name:
            return None
        path = Path(name)
        if not path.is_absolute():
            try:
                path = registry.resolve("concepts", self.concept.id).parent / path
            except ConfigError:
                return None
        return path if path.is_file() else None

    @property
    def questions_left(self) -> int:
        """How many questions the budget still allows, the current one included (the interviewer may close
        earlier). Once the closing question is asked, it is the one left."""
        if self.awaiting_closing_answer:
            return 1
        return max(0, self.max_turns - self.turn_number)

    def end(self, reason: str | None = None) -> None:
        """End the interview now; no further answers are taken. ``reason`` defaults to the closing reason
        when the closing question is waiting for its answer, else ``ended_by_researcher``."""
        reason = reason or self.engine.closing_reason or "ended_by_researcher"
        if not self.finished:
            self.repo.update_session(self.session_id, status="finished", termination_reason=reason)

    # -- configuration ---------------------------------------------------------------------------------
    def apply_methodology(self, text: str, file_name: str | None = None, changed_by: str = "analyst") -> Methodology:
        """Validate edited methodology YAML and use it from the next turn. Raises ConfigError; on error
        the active configuration is untouched. The change is recorded with the turn after which it
        applies, ``changed_by`` and the differences (see ``Repository.weight_changes``)."""
        name = file_name or f"{self.methodology.name}.yaml"
        data = read_yaml(Path(name), text)
        new, _warnings = parse_methodology(data, name)
        if new.name != self.methodology.name:
            raise ConfigError([_problem(name, "method.name", f"must stay '{self.methodology.name}' for a running session")])
        before = self.row["methodology_yaml"]
        diff = config_diff(read_yaml(Path(name), before), data)
        with self.repo.db.transaction():
            self.repo.add_weight_change(self.session_id, after_turn=self.turn_number, changed_by=changed_by,
                                        diff=diff, yaml_before=before, yaml_after=text)
            self.repo.update_session(self.session_id, methodology_yaml=text)
        self.engine.set_methodology(new)
        return new

    def weight_changes(self) -> list[dict]:
        """Every configuration applied to this session: seq, after_turn, changed_by, diff, created_at."""
        return self.repo.weight_changes(self.session_id)

    def methodology_yaml_at(self, turn: int) -> str:
        """The methodology YAML that scored ``turn`` (the original, or the last change applied before it)."""
        return yaml_in_force(turn, self.repo.weight_changes(self.session_id, with_yaml=True),
                             self.row["methodology_yaml"])


def _problem(file, path, message):
    from .config.errors import Problem

    return Problem(file, path, message)


def _stored_language(repo: Repository, row: dict, concept: Concept) -> str:
    """The session's interview language; for sessions stored before it was kept: the study's, else the
    concept's."""
    if row.get("interview_language"):
        return row["interview_language"]
    studies = repo.session_studies(row["session_id"])
    return ((studies[0].get("definition") or {}).get("language") if studies else None) or concept.language


@lru_cache(maxsize=32)
def _methodology_from_text(text: str, name: str) -> Methodology:
    """The methodology parsed from ``text``, once per text per process: an API process starts every
    interview from the same few files. The model is shared by the sessions: never change it in place."""
    return parse_methodology(read_yaml(Path(name), text), name)[0]


def _settings(settings: Settings | None, provider: str | None) -> Settings:
    settings = settings or load_settings()
    return settings.with_provider(provider) if provider else settings


def _settings_summary(settings: Settings) -> dict:
    """Providers and models per task; never keys."""
    return {t: {"provider": settings.effective_provider(t), "model": settings.task(t).model} for t in ("extraction", "signals", "question")}


def _repository(db_path: str | Path | None, settings: Settings | None, repo: Repository | None) -> Repository:
    return repo or Repository(db_path or (settings or load_settings()).database)


def session_id_for_token(token: str, db_path: str | Path | None = None, settings: Settings | None = None,
                         repo: Repository | None = None) -> str | None:
    """The id of the session a respondent token opens, or None (``repo``: an open repository to reuse)."""
    row = _repository(db_path, settings, repo).get_session_by_token(token) if token else None
    return row["session_id"] if row else None


def export_session(session_id: str, fmt: str, db_path: str | Path | None = None, settings: Settings | None = None,
                   repo: Repository | None = None):
    """One session exported as ``fmt`` (json, markdown, csv, graphml)."""
    from . import export

    return export.export(_repository(db_path, settings, repo), session_id, fmt)


def list_sessions(db_path: str | Path | None = None, settings: Settings | None = None) -> list[dict]:
    settings = settings or load_settings()
    return Repository(db_path or settings.database).list_sessions()


def delete_session(session_id: str, db_path: str | Path | None = None, settings: Settings | None = None) -> None:
    settings = settings or load_settings()
    Repository(db_path or settings.database).delete_session(session_id)
