"""The dashboard in a real browser (Debian's Chromium through Playwright) against `streamlit run` on 127.0.0.1.

Runs a three-turn offline interview (one answer is an XSS probe), opens every page, saves screenshots to
artifacts/screenshots/, and checks: no Streamlit exception box, the graph canvas drawn, the probe shown as
text with no script run (no dialog), no request leaving 127.0.0.1, an export downloaded, and the
respondent view showing the conversation only.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import CHROMIUM_ARGS, TIMEOUT_MS, answer_in_chat, settled

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
XSS = "<img src=x onerror=alert(1)>"
ANSWERS = [
    "I like how creamy it is because it foams well in my coffee",
    f"{XSS} the price is too high, so I buy it less often",
    "It makes me feel healthier and that gives me peace of mind",
]

pytestmark = pytest.mark.browser


@pytest.fixture
def server(streamlit_app):
    """The app as a user starts it: embeddings on (the shared fixture switches them off for speed)."""
    return streamlit_app(env={"INTERVIEW_DEDUP__EMBEDDINGS_ENABLED": "true"})


def _no_exception(page, where: str) -> None:
    assert page.locator('[data-testid="stException"]').count() == 0, f"Streamlit exception on {where}"


def test_dashboard_in_chromium(server, tmp_path):
    from playwright.sync_api import sync_playwright

    base, db = server
    SHOTS.mkdir(parents=True, exist_ok=True)
    dialogs: list[str] = []
    foreign: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        context.on("request", lambda r: None if r.url.startswith((base, "data:", "blob:", "about:")) else foreign.append(r.url))

        # The very first request of the process asks for a file in pages/ directly: it must still be served
        # through app.py's navigation (no legacy page per file, no analyst page outside the menu).
        page.goto(f"{base}/shared")
        settled(page)
        nav = page.get_by_test_id("stTopNav")
        nav.get_by_role("link", name="Home", exact=True).wait_for()
        settled(page)
        words = nav.inner_text().split()
        assert words == ["Home", "Interview", "Graph", "Scoring", "Weights", "Sessions", "Study"]
        assert not {"shared", "respondent", "app"} & set(words)
        nav.get_by_role("link", name="Interview", exact=True).click()
        settled(page)
        page.get_by_role("button", name="Start interview").click()
        page.get_by_test_id("stChatInput").wait_for()
        settled(page)
        assert page.get_by_text("Offline mode").count() >= 1
        answer_in_chat(page, ANSWERS)
        _no_exception(page, "interview")
        assert page.get_by_text(XSS, exact=False).count() >= 1  # the probe is shown as text
        page.screenshot(path=str(SHOTS / "interview.png"), full_page=True)

        for name in ("graph", "scoring", "weights", "sessions", "home"):
            nav.get_by_role("link", name=name.capitalize(), exact=True).click()  # in-app navigation keeps the session
            settled(page)
            _no_exception(page, name)
            if name == "graph":
                frame = page.frame_locator("iframe").first
                frame.locator("body[data-drawn='1']").wait_for(state="attached", timeout=TIMEOUT_MS)
                size = frame.locator("canvas").first.evaluate("c => [c.width, c.height]")
                assert size[0] > 0 and size[1] > 0
                page.wait_for_timeout(1500)  # let the layout settle for the screenshot
            page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)

        nav.get_by_role("link", name="Sessions", exact=True).click()
        settled(page)
        with page.expect_download() as dl:
            page.get_by_role("button", name="JSON (all turn results)").click()
        data = json.loads(Path(dl.value.path()).read_text())
        assert len(data["turn_results"]) == 3

        from interview_core.persistence import Repository

        repo = Repository(db)
        token = repo.get_session(repo.list_sessions()[0]["session_id"])["respondent_token"]
        page.goto(f"{base}/?session={token}&view=respondent")
        page.get_by_role("button", name="Yes, I agree to take part").click()
        page.get_by_role("button", name="Continue to the first question").click()
        page.get_by_test_id("stChatInput").wait_for()
        settled(page)
        _no_exception(page, "respondent view")
        assert page.get_by_text(ANSWERS[0], exact=False).count() == 0  # the researcher's answers stay hidden
        box = page.get_by_test_id("stChatInputTextArea")
        box.fill(XSS)
        box.press("Enter")
        page.get_by_text(XSS, exact=False).first.wait_for(timeout=TIMEOUT_MS)  # shown as text, not markup
        settled(page)
        assert page.get_by_test_id("stTopNav").count() == 0 and page.get_by_test_id("stSidebarNav").count() == 0
        assert page.get_by_text("strategy").count() == 0
        assert page.locator('[data-testid="stButton"], [data-testid="stDownloadButton"], iframe').count() == 0
        page.screenshot(path=str(SHOTS / "respondent.png"), full_page=True)
        browser.close()
    assert dialogs == [], f"a script ran: {dialogs}"
    assert foreign == [], f"requests left 127.0.0.1: {foreign[:5]}"
