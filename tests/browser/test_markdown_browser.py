"""Respondent text is text on every page: Markdown image and link syntax, a bare URL and an <img> tag in
answers (kept in node labels and quotes by the provider path) reach every page, and no request leaves
127.0.0.1 and no link or image to the probe host renders."""

from __future__ import annotations

import pytest

from benchmarks.stream import fake_server_module
from conftest import TIMEOUT_MS, settled
from interview_core.config.settings import DedupSettings, Settings, TaskSettings
from interview_core.persistence import Repository
from interview_core.session import InterviewSession
from interview_core.study import service
from interview_core.study.model import Study

pytestmark = pytest.mark.browser
PROBE = "198.51.100.7"  # TEST-NET-2: never a real host
ANSWERS = [
    f"![pic](http://{PROBE}/p.png) tastes great honestly, the texture is lovely",
    f"[click](http://{PROBE}/l) is what I would do when it is cheap",
    f"http://{PROBE}/auto and <img src=http://{PROBE}/i.png> because **bold** matters",
]
def _probe_elements(page) -> list[str]:
    found = []
    for frame in page.frames:
        found += frame.eval_on_selector_all(
            f'a[href*="{PROBE}"], img[src*="{PROBE}"], [style*="{PROBE}"]', "els => els.map(e => { const ids = []; for (let n = e; n; n = n.parentElement) if (n.dataset && n.dataset.testid) ids.push(n.dataset.testid); return ids.slice(0, 4).join('<') + ': ' + e.outerHTML; })")
    return found


def test_markdown_in_answers_renders_as_text_on_every_page(streamlit_app, browser, tmp_path):
    base, db = streamlit_app()
    with fake_server_module().FakeLLMServer() as server:
        task = TaskSettings(provider="anthropic", model="claude-sonnet-4-6", timeout_s=5.0)
        settings = Settings(database=db, dedup=DedupSettings(embeddings_enabled=False), extraction=task, signals=task,
                            question=task, anthropic_api_key="test-key", anthropic_base_url=server.url,
                            retry_backoff_s=0.01)
        session = InterviewSession.start("means_end_chain", "oat_milk", settings=settings)
        for answer in ANSWERS:
            session.answer(answer)
    labels = [n["label"] for n in session.graph_snapshot()["nodes"]]
    assert any(f"]({'http://' + PROBE}" in label for label in labels), labels  # the probe reached the labels
    repo = Repository(db)
    token = repo.get_session(session.session_id)["respondent_token"]
    study = service.create_study(repo, Study(name="Probe study", concept="oat_milk"))
    service.add_session(repo, study["study_id"], session.session_id)  # codes from the labels reach the Study page

    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    leaving: list[str] = []
    context.on("request", lambda r: None if r.url.startswith((base, "data:", "blob:", "about:")) else leaving.append(r.url))
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{base}/sessions")
    settled(page)
    page.get_by_role("button", name="Resume this session").click()
    page.get_by_test_id("stChatInput").wait_for()
    settled(page)
    nav = page.get_by_test_id("stTopNav")
    seen_pages = []
    for name in ("Interview", "Graph", "Scoring", "Weights", "Sessions", "Study", "Home"):
        nav.get_by_role("link", name=name, exact=True).click()
        settled(page)
        if name == "Graph":
            page.frame_locator("iframe").first.locator("body[data-drawn='1']").wait_for(state="attached")
            page.get_by_test_id("stSelectbox").first.click()
            page.keyboard.type("pic")  # the selectbox filters its options as one types
            page.keyboard.press("Enter")
            settled(page)
            assert page.get_by_text(f"![pic](http://{PROBE}/p.png)", exact=False).count() >= 1  # quotes as text
        if name == "Scoring":
            page.get_by_test_id("stSelectbox").first.click()  # "Compare with": a runner-up's waterfall
            page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
            settled(page)
        assert _probe_elements(page) == [], name
        assert page.locator('[data-testid="stException"]').count() == 0, name
        seen_pages.append(name)
    page.goto(f"{base}/?session={token}&view=respondent")
    page.get_by_role("button", name="Yes, I agree to take part").click()  # then the own answers, no stimulus step
    page.get_by_text(f"![pic](http://{PROBE}/p.png)", exact=False).first.wait_for()
    settled(page)
    assert _probe_elements(page) == []
    page.wait_for_timeout(500)
    assert leaving == [], leaving[:5]
    assert seen_pages == ["Interview", "Graph", "Scoring", "Weights", "Sessions", "Study", "Home"]
    context.close()
