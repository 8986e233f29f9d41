"""The HTTP API over the session API (FastAPI): researchers start and read interviews, respondents answer.

    interview api serve --port 8000          # docs at http://127.0.0.1:8000/docs

Researcher calls send ``X-API-Key`` (see :mod:`.auth`); respondent calls send the session's respondent
token as ``X-Session-Token``. Every error is JSON ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

import os
import uuid

from fastapi import Depends, FastAPI, Header, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse

from .. import export as exports
from ..config import registry
from ..config.errors import ConfigError
from ..config.settings import Settings, load_settings
from ..persistence import Repository
from ..session import MAX_ANSWER_CHARS, InterviewSession, LanguageNotAvailable
from ..study import service as studies
from . import auth, embed, turns
from .errors import ApiError, error_body, install_error_handlers
from .live_sessions import LiveSessions
from .schemas import (
    NAME_PATTERN,
    REF_PATTERN,
    Answer,
    AnswerResult,
    CreateSession,
    CurrentQuestion,
    EmbedLink,
    EmbedLinkRequest,
    Question,
    SessionCreated,
    Utterance,
)

# The longest answer the session API takes, as UTF-8 (4 bytes a character at most), plus JSON room.
MAX_BODY_BYTES = 4 * MAX_ANSWER_CHARS + 64 * 1024
MEDIA_TYPES = {"json": "application/json", "markdown": "text/markdown; charset=utf-8",
               "csv": "text/csv; charset=utf-8", "graphml": "application/xml"}


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes gets 413 before it is read whole."""

    def __init__(self, app, limit: int):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            return await self._refuse(send)
        seen = 0

        async def counted():
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise _TooLarge()
            return message

        try:
            await self.app(scope, counted, send)
        except _TooLarge:
            await self._refuse(send)

    async def _refuse(self, send):
        response = JSONResponse(error_body("payload_too_large", f"The request body is over {self.limit:,} bytes."),
                                status_code=413)
        await response({"type": "http"}, None, send)


class _TooLarge(Exception):
    pass


def create_app(settings: Settings | None = None) -> FastAPI:
    """The API application over ``settings.database`` (a SQLite file or a PostgreSQL URL)."""
    settings = settings or load_settings()
    repo = Repository(settings.database)
    live = LiveSessions(settings, repo)
    key_hashes = auth.configured_key_hashes()
    embed_secret = os.environ.get(auth.EMBED_SECRET_ENV) or None

    app = FastAPI(title="Adaptive interview API", version="1",
                  description="Start laddering interviews, answer them turn by turn, read transcripts and exports. "
                              "Researcher calls: X-API-Key. Respondent calls: X-Session-Token.")
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    install_error_handlers(app)
    app.state.live = live

    def researcher(x_api_key: str | None = Header(None)) -> None:
        auth.check_researcher_key(x_api_key, key_hashes)

    def respondent(x_session_token: str | None = Header(None)) -> dict:
        if not x_session_token:
            raise ApiError(401, "missing_session_token", "Send the respondent token in the X-Session-Token header.")
        row = repo.get_session_by_token(x_session_token)
        if row is None:
            raise ApiError(404, "unknown_session", "No interview for this link.")
        return row

    def session_row(session_id: str) -> dict:
        row = repo.get_session(session_id)
        if row is None:
            raise ApiError(404, "unknown_session", f"No session '{session_id}'.")
        return row

    def start(body: CreateSession) -> InterviewSession:
        try:
            if body.study:
                if body.methodology or body.max_turns:
                    raise ApiError(422, "invalid_request", "a study fixes the methodology and turn budget")
                session = studies.start_session(repo, body.study, db_path=settings.database, settings=settings)
            else:
                session = InterviewSession.start(body.methodology, body.concept, max_turns=body.max_turns,
                                                 settings=settings)
        except ConfigError as exc:
            raise ApiError(404, "unknown_configuration", str(exc))
        except KeyError as exc:
            raise ApiError(404, "unknown_study", str(exc).strip("'\""))
        except LanguageNotAvailable as exc:
            raise ApiError(409, "language_not_available", str(exc))
        if body.respondent_ref:
            repo.update_session(session.session_id, respondent_ref=body.respondent_ref)
        live.remember(session)
        return session

    def created(session: InterviewSession) -> SessionCreated:
        token = session.row["respondent_token"]
        return SessionCreated(session_id=session.session_id, respondent_token=token,
                              question=turns.current_question(session), embed_path=f"/embed/{token}",
                              offline=session.offline_mode)

    # -- researcher ------------------------------------------------------------------------------------
    @app.post("/v1/sessions", response_model=SessionCreated, status_code=201, dependencies=[Depends(researcher)],
              tags=["researcher"], summary="Start an interview from a study or on a concept")
    def create_session(body: CreateSession) -> SessionCreated:
        return created(start(body))

    @app.get("/v1/sessions/{session_id}", dependencies=[Depends(researcher)], tags=["researcher"],
             summary="A session's row: status, turns, cost")
    def get_session(session_id: str) -> dict:
        row = session_row(session_id)
        hidden = ("methodology_yaml", "concept_yaml")
        return {**{k: v for k, v in row.items() if k not in hidden}, "turns": repo.completed_turns(session_id),
                "cost": repo.session_cost(session_id)}

    @app.get("/v1/sessions/{session_id}/transcript", response_model=list[Utterance], dependencies=[Depends(researcher)],
             tags=["researcher"], summary="Every utterance in order")
    def transcript(session_id: str) -> list[dict]:
        session_row(session_id)
        return repo.list_utterances(session_id)

    @app.get("/v1/sessions/{session_id}/turns", dependencies=[Depends(researcher)], tags=["researcher"],
             summary="Every TurnResult (extraction, scoring, strategy, timings) in turn order")
    def turn_results(session_id: str) -> list[dict]:
        session_row(session_id)
        return repo.turn_results(session_id)

    @app.get("/v1/sessions/{session_id}/turns/{turn}", dependencies=[Depends(researcher)], tags=["researcher"],
             summary="One TurnResult")
    def turn_result(session_id: str, turn: int) -> dict:
        session_row(session_id)
        found = next((r for r in repo.turn_results(session_id) if r["turn_number"] == turn), None)
        if found is None:
            raise ApiError(404, "unknown_turn", f"Session '{session_id}' has no turn {turn}.")
        return found

    @app.get("/v1/sessions/{session_id}/export", dependencies=[Depends(researcher)], tags=["researcher"],
             summary="Export as json, markdown, csv or graphml")
    def export(session_id: str, format: str = Query("json", pattern="^(json|markdown|csv|graphml)$")) -> Response:
        session_row(session_id)
        content = exports.export(repo, session_id, format)
        name = f"interview_{session_id}.{exports.EXTENSIONS[format]}"
        return Response(content, media_type=MEDIA_TYPES[format],
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.post("/v1/embed-links", response_model=EmbedLink, dependencies=[Depends(researcher)], tags=["researcher"],
              summary="A signed start link and iframe snippet for a survey tool")
    def embed_link(body: EmbedLinkRequest, request: Request) -> EmbedLink:
        if not embed_secret:
            raise ApiError(503, "embed_not_configured", f"Embedded starts are disabled: set {auth.EMBED_SECRET_ENV}.")
        sig = auth.sign_start(body.key, embed_secret)
        kind, name = body.key.split(":", 1)
        path = f"/embed/start?{kind}={name}&sig={sig}"
        src = f"{str(request.base_url).rstrip('/')}{path}&respondent_id=RESPONDENT_ID"
        return EmbedLink(path=path, iframe=embed.iframe_snippet(src))

    # -- respondent ------------------------------------------------------------------------------------
    @app.get("/v1/interview", response_model=CurrentQuestion, tags=["respondent"], summary="The current question")
    def current(row: dict = Depends(respondent)) -> CurrentQuestion:
        # Read from the database alone: showing a question needs no engine in memory.
        sid = row["session_id"]
        question = repo.current_question(sid)
        return CurrentQuestion(turn=repo.completed_turns(sid), question=Question(id=question["id"], text=question["text"]),
                               finished=row["status"] == "finished", termination_reason=row.get("termination_reason"),
                               offline=settings.offline)

    @app.post("/v1/interview/answers", response_model=AnswerResult, tags=["respondent"],
              summary="Answer the question with this id; returns the next question")
    def post_answer(body: Answer, row: dict = Depends(respondent)) -> AnswerResult:
        return turns.answer(live, row["session_id"], body.question_id, body.text)

    @app.post("/v1/interview/answers/stream", tags=["respondent"], response_class=StreamingResponse,
              summary="Answer as above; the next question comes as server-sent events while it is written")
    def post_answer_stream(body: Answer, row: dict = Depends(respondent)) -> StreamingResponse:
        return StreamingResponse(turns.answer_events(live, row["session_id"], body.question_id, body.text),
                                 media_type="text/event-stream", headers={"Cache-Control": "no-cache"})

    @app.get("/v1/interview/transcript", response_model=list[Utterance], tags=["respondent"],
             summary="The respondent's own conversation so far")
    def own_transcript(row: dict = Depends(respondent)) -> list[dict]:
        return repo.list_utterances(row["session_id"])

    # -- embed -----------------------------------------------------------------------------------------
    @app.get("/embed/start", tags=["embed"], summary="Start (or resume) an interview from a signed link")
    def embed_start(study: str | None = Query(None, pattern=NAME_PATTERN),
                    concept: str | None = Query(None, pattern=NAME_PATTERN), sig: str | None = None,
                    respondent_id: str | None = Query(None, pattern=REF_PATTERN)) -> Response:
        try:
            target = CreateSession(study=study, concept=concept, respondent_ref=respondent_id)
        except ValueError:
            raise ApiError(422, "invalid_request", "The link names neither a study nor a concept.")
        auth.check_start_signature(target.key, sig, embed_secret)
        try:
            concept_id = (studies.require_study(repo, study)["concept_id"] if study else registry.concept(concept).id)
        except (ConfigError, KeyError) as exc:
            raise ApiError(404, "unknown_configuration", str(exc).strip("'\""))
        existing = repo.find_by_respondent_ref(concept_id, respondent_id) if respondent_id else None
        if existing is not None:
            token = existing["respondent_token"]
        else:
            token = start(target).row["respondent_token"]
        return RedirectResponse(f"/embed/{token}", status_code=303)

    @app.get("/embed/{token}", response_class=HTMLResponse, tags=["embed"], summary="The respondent's chat page")
    def embed_page(token: str) -> HTMLResponse:
        if repo.get_session_by_token(token) is None:
            raise ApiError(404, "unknown_session", "No interview for this link.")
        return HTMLResponse(embed.page(token), headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    @app.get("/healthz", tags=["ops"], summary="Liveness: the process answers and reaches its database")
    def health() -> dict:
        repo.db.query_one("SELECT 1 AS ok")
        return {"ok": True, "pid": os.getpid(), "instance": INSTANCE}

    return app


INSTANCE = uuid.uuid4().hex[:8]  # tells processes apart in the load benchmark
