"""Streamlit glue shared by the pages: cached resources, the current session, badges.

Cached with ``st.cache_resource`` (one per process, thread-safe): settings (keyed on a hash of the
environment that shapes them), configuration file lists, the repository (it opens one SQLite connection
per thread, so no connection is shared across threads), the embedding model, and the live
:class:`LiveSession` objects (one per session id, shared by the analyst's and the respondent's browser
so both see the same interview; a lock serialises answers). Pages hold no interview logic: they call
:mod:`interview_core.session` and render with :mod:`interview_core.viz`.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

import streamlit as st

from interview_core.config import registry
from interview_core.config.settings import Settings, load_settings
from interview_core.persistence import Repository
from interview_core.plain_words import dedup_status
from interview_core.session import InterviewSession, session_id_for_token

URL_KEY = "session_id"  # the query parameter that carries the analyst's current session
SESSION_KEY = "session_id"
ANSWER_BOX = "answer_box"  # the Interview page's chat input
URL_WRITTEN = "session_id_in_url"  # the value this browser session last wrote to the URL


def ensure_navigation() -> None:
    """Serve pages only through app.py's ``st.navigation``.

    Streamlit decides once per process whether an app uses the legacy ``pages/`` folder, before any
    script has run; until app.py's ``st.navigation`` call has run once, a URL such as ``/graph`` would run
    the page file directly, outside our navigation (and ``/respondent`` or ``/shared`` would be pages).
    Every page calls this first: in that state it switches the legacy mode off and reruns, so app.py
    decides which pages exist. Under AppTest (a mocked runtime) nothing is done: AppTest resets the flag
    before every run by design and drives the page files itself.
    """
    from unittest.mock import Mock

    from streamlit.runtime import Runtime
    from streamlit.runtime.pages_manager import PagesManager

    if PagesManager.uses_pages_directory and not isinstance(Runtime._instance, Mock):
        PagesManager.uses_pages_directory = False
        st.rerun()
PROVIDERS = ("offline", "anthropic", "openai")


def _env_fingerprint() -> str:
    """A hash of the variables settings are read from (keys included, but only as a hash)."""
    items = sorted((k, v) for k, v in os.environ.items()
                   if k.startswith("INTERVIEW_") or k.endswith(("_API_KEY", "_BASE_URL")))
    return hashlib.sha256(repr(items).encode()).hexdigest()


@st.cache_resource(show_spinner=False)
def _settings(fingerprint: str) -> Settings:
    return load_settings()


def settings() -> Settings:
    return _settings(_env_fingerprint())


@st.cache_resource(show_spinner=False)
def repository(database: str) -> Repository:
    return Repository(database)


def repo() -> Repository:
    return repository(settings().database)


@st.cache_resource(show_spinner=False)
def config_names(kind: str) -> list[str]:
    """Names of the shipped files of a kind (methodologies, concepts, personas, minds)."""
    return [p.stem for p in registry.list_files(kind)]


@st.cache_resource(show_spinner="Loading the embedding model...")
def embedding_model(name: str | None):
    """The sentence-embedding encoder used by de-duplication (None when it cannot load)."""
    from interview_core.dedup.embeddings import get_encoder

    return get_encoder(name)


@st.cache_resource(show_spinner=False)
def concept_of_mind(name: str) -> str:
    from interview_core.simulation.mind import load_mind

    return load_mind(name).load_concept().id


@dataclass
class LiveSession:
    """A loaded session and the lock that serialises its turns."""

    session: InterviewSession
    lock: threading.Lock = field(default_factory=threading.Lock)


class LiveSessions:
    """Process-wide map (database, session id) -> LiveSession, least recently used dropped past ``size``."""

    def __init__(self, size: int = 32):
        self.size = size
        self._lock = threading.Lock()
        self._items: OrderedDict[tuple[str, str], LiveSession] = OrderedDict()

    def get(self, database: str, session_id: str, token: str | None = None) -> LiveSession:
        """The live session, loaded on first use (by its respondent ``token`` when one is given)."""
        with self._lock:
            key = (database, session_id)
            if key not in self._items:
                loaded = (InterviewSession.load_by_token(token, db_path=database) if token
                          else InterviewSession.load(session_id, db_path=database))
                self._items[key] = LiveSession(loaded)
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
            return self._items[key]

    def put(self, database: str, held: LiveSession) -> None:
        with self._lock:
            self._items[(database, held.session.session_id)] = held

    def drop(self, database: str, session_id: str) -> None:
        with self._lock:
            self._items.pop((database, session_id), None)


@st.cache_resource(show_spinner=False)
def live_sessions() -> LiveSessions:
    return LiveSessions()


def live(session_id: str) -> LiveSession:
    """The live session for an id (loaded once per process)."""
    return live_sessions().get(settings().database, session_id)


def live_by_token(token: str) -> LiveSession | None:
    """The live session a respondent link opens, or None for an unknown token."""
    session_id = session_id_for_token(token, repo=repo())
    return live_sessions().get(settings().database, session_id, token=token) if session_id else None


def adopt(session: InterviewSession) -> LiveSession:
    """Make a freshly started session the live one and the current one of this browser session."""
    held = LiveSession(session)
    live_sessions().put(settings().database, held)
    st.session_state[SESSION_KEY] = session.session_id
    return held


def forget(session_id: str) -> None:
    """Drop a session from the cache and from this browser session (after deletion)."""
    live_sessions().drop(settings().database, session_id)
    if st.session_state.get(SESSION_KEY) == session_id:
        del st.session_state[SESSION_KEY]


def show_unsaved_answer(message: str, answer: str | None) -> None:
    """Say that an interview is gone and give back the answer that could not be saved (as text)."""
    st.error(message, icon=":material/delete_forever:")
    if answer:
        st.caption("Your answer, so you can copy it:")
        st.text(answer)


def current() -> LiveSession | None:
    """The current session of this browser session, or None (also when it no longer exists).

    ``?session_id=`` in the URL selects a session (a second tab, a bookmarked or shared link), and the
    current session is written back there, so every analyst page can be reopened as it is. The URL wins
    only when it differs from what this browser session last wrote (a link followed); otherwise the
    app's own choice (resume, new interview) wins and the URL follows it."""
    wanted = st.query_params.get(URL_KEY)
    if wanted and wanted != st.session_state.get(URL_WRITTEN):
        st.session_state[URL_WRITTEN] = wanted
        if repo().get_session(wanted) is not None:
            st.session_state[SESSION_KEY] = wanted
        else:
            st.warning(f"The link names interview `{wanted}`, which does not exist (it may have been deleted).")
    sid = st.session_state.get(SESSION_KEY)
    if sid and repo().get_session(sid) is None:
        typed = st.session_state.get(ANSWER_BOX)  # an answer submitted to the deleted interview on this run
        forget(sid)
        show_unsaved_answer(f"The interview {sid} was deleted meanwhile, perhaps in another tab."
                            + (" The answer just typed was not saved." if typed else ""), typed)
        sid = None
    _write_url(sid)
    return live(sid) if sid else None


def _write_url(sid: str | None) -> None:
    """Keep ``?session_id=`` equal to the current session (removed when there is none)."""
    if sid and st.query_params.get(URL_KEY) != sid:
        st.query_params[URL_KEY] = sid
    elif not sid and URL_KEY in st.query_params:
        del st.query_params[URL_KEY]
    st.session_state[URL_WRITTEN] = sid


@st.cache_resource(show_spinner=False, max_entries=8)
def _turn_results(_session: InterviewSession, session_id: str, turns: int) -> list:
    return _session.turn_results()


def turn_results(session: InterviewSession) -> list:
    """The stored TurnResults (cached per completed-turn count; read-only: callers must not mutate)."""
    return _turn_results(session, session.session_id, session.turn_number)


@st.cache_resource(show_spinner=False, max_entries=8)
def _scoring_history(_session: InterviewSession, session_id: str, turns: int) -> dict[int, dict]:
    return {row["turn"]: row for row in _session.scoring_history()}


def scoring_history(session: InterviewSession) -> dict[int, dict]:
    """Turn -> stored scoring row (with the full selection), cached like :func:`turn_results`."""
    return _scoring_history(session, session.session_id, session.turn_number)


def require_session() -> LiveSession:
    """The current session, or a hint and a stop when there is none."""
    held = current()
    if held is None:
        st.info("No interview selected. Start one on the **Interview** page or resume one under **Sessions**.")
        st.page_link("pages/interview.py", label="Start an interview", icon=":material/forum:")
        st.stop()
    return held


def mode_badges(session: InterviewSession | None = None) -> None:
    """The offline badge (when no key is set) and the de-duplication status."""
    offline = session.offline_mode if session is not None else settings().offline
    if offline:
        st.info("**Offline mode**: no API key is set, so this interview runs on the embedded offline language "
                "layer.", icon=":material/cloud_off:")
    cooling = session.provider_cooling_off if session is not None else {}
    if cooling:
        tasks = ", ".join(f"{task} ({seconds:.0f} s)" for task, seconds in cooling.items())
        st.warning(f"**The language provider timed out**: {tasks} run on the offline layer until it has cooled off, "
                   "then the provider is tried again.", icon=":material/timer_off:")
    if session is not None and session.canonical_status:
        st.caption(f"De-duplication: {dedup_status(session.canonical_status)}")


def session_caption(session: InterviewSession) -> None:
    row = session.row
    status = "finished" if row["status"] == "finished" else "in progress"
    st.caption(f"Interview {session.session_id} (its reference under Sessions and in exports) · {row['concept_id']} · "
               f"{row['methodology_name']} · {session.turn_number} of at most {row['max_turns']} answers · {status}")


class QuestionStream:
    """The respondent's answer, then the interviewer's next question drawn while it is written, in
    ``container``. Pass it as ``InterviewSession.answer(on_question_chunk=...)`` inside ``with``: when the
    answer is refused, both messages are taken away again. Text only, never Markdown: the question is
    model-written and may quote the respondent."""

    def __init__(self, container, answer: str, answer_avatar: str, waiting: str):
        self._holder = container.empty()
        with self._holder.container():
            with st.chat_message("user", avatar=answer_avatar):
                st.text(answer)
            with st.chat_message("assistant", avatar=":material/forum:"):
                self._box = st.empty()
        self._box.caption(waiting)  # our own words, until the first words of the question arrive
        self._text = ""

    def __enter__(self) -> "QuestionStream":
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is not None:  # no turn: nothing of it stays on screen
            self._holder.empty()
        return False

    def __call__(self, chunk) -> None:
        self._text = chunk.text if chunk.replace else self._text + chunk.text
        self._box.text(self._text)

    def done(self, question: str) -> None:
        """The question as stored (the chunks add up to it; this also covers a turn completed elsewhere)."""
        self._box.text(question)


LIVE_REFRESH_S = 2.0


def _live_signature(session_id: str) -> tuple:
    row = repo().get_session(session_id) or {}
    return (len(repo().list_utterances(session_id)), row.get("status"))


def live_watch(session: InterviewSession) -> None:
    """While the interview is in progress, check every couple of seconds whether an answer arrived (from a
    remote respondent) and redraw the page when one did; nothing polls once it has ended."""
    key = f"live_signature:{session.session_id}"
    st.session_state[key] = _live_signature(session.session_id)

    @st.fragment(run_every=LIVE_REFRESH_S if not session.finished else None)
    def watch() -> None:
        if _live_signature(session.session_id) != st.session_state.get(key):
            st.rerun(scope="app")

    watch()


@st.cache_resource(show_spinner=False)
def mind_summary(name: str) -> str:
    """A simulated respondent's mind in a sentence: how much it knows and a few of its ideas."""
    from interview_core.simulation.mind import load_mind

    mind = load_mind(name)
    phrases = [c.phrasings[0] for c in mind.concepts[:3]]
    return (f"Knows {len(mind.concepts)} ideas about {mind.concept} and {len(mind.links)} links between them, "
            f"e.g. " + "; ".join(f"“{p}”" for p in phrases) + ".")


_SCROLL_JS = """
export default function (component) {
  const { parentElement } = component;
  setTimeout(() => parentElement.scrollIntoView({block: 'end'}), 300);
}
"""
_scroll_marker = st.components.v2.component("interview_scroll_to_end", html="<span></span>", js=_SCROLL_JS,
                                            isolate_styles=False)


def scroll_to_end(key: str) -> None:
    """Scroll the page to this point once it is drawn (place it last: a finished interview opens at its end)."""
    _scroll_marker(key=key, height=1)


if __name__ == "__main__":  # run as a legacy page (see ensure_navigation): hand over to app.py
    ensure_navigation()
