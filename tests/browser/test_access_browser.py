"""Roles in a real browser: a respondent link reaches its one interview in every URL shape with no flash of
any menu, and a served app refuses the analyst pages without the password."""

from __future__ import annotations

import pytest

from conftest import TIMEOUT_MS, settled
from interview_core.access import hash_password
from interview_core.config.settings import DedupSettings, Settings
from interview_core.persistence import Repository
from interview_core.session import InterviewSession

pytestmark = pytest.mark.browser
PASSWORD = "a long analyst password"
ANALYST_WORDS = ("Sessions", "Weights", "Scoring", "Start interview", "respondent_token")
# Records, from the first byte, any menu element or analyst word that ever appears in the document.
WATCH = """
window.__seen = [];
const look = () => {
  for (const id of ['stSidebarNav', 'stTopNav', 'stSidebar', 'stSidebarNavItems'])
    if (document.querySelector(`[data-testid="${id}"]`)) window.__seen.push(id);
  const text = document.body ? document.body.innerText : '';
  for (const w of %s) if (text.includes(w)) window.__seen.push(w);
};
new MutationObserver(look).observe(document, {subtree: true, childList: true, characterData: true});
""" % list(ANALYST_WORDS)


def _sessions(db: str):
    settings = Settings(database=db, dedup=DedupSettings(embeddings_enabled=False))
    repo = Repository(db)
    out = []
    for concept in ("oat_milk", "meal_kit"):
        s = InterviewSession.start("means_end_chain", concept, settings=settings)
        out.append((s, repo.get_session(s.session_id)["respondent_token"]))
    return out


def test_respondent_link_opens_one_interview_in_every_url_shape(streamlit_app, browser):
    base, db = streamlit_app()
    (mine, token), (other, other_token) = _sessions(db)
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    context.add_init_script(WATCH)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    shapes = [f"/?session={token}&view=respondent", f"/?session={token}", f"/sessions?session={token}",
              f"/graph?session={token}&view=respondent", f"/respondent?session={token}",
              f"/shared?session={token}", f"/interview?view=respondent&session={token}"]
    for shape in shapes:
        page.goto(base + shape)
        page.get_by_role("heading", name=mine.concept.name).wait_for()  # this interview's consent step
        settled(page)
        assert page.evaluate("window.__seen") == [], shape
        assert page.get_by_text(other.concept.name).count() == 0, shape
    for shape in (f"/?session={mine.session_id}&view=respondent", f"/sessions?view=respondent&session={token}x",
                  "/?view=respondent", f"/weights?view=respondent&session={other.session_id}"):
        page.goto(base + shape)
        page.get_by_text("This interview link is not valid").wait_for()
        settled(page)
        assert page.evaluate("window.__seen") == [], shape
        assert page.get_by_test_id("stChatInput").count() == 0
    context.close()


def test_served_app_refuses_analyst_pages_without_the_password(streamlit_app, browser):
    base, db = streamlit_app(env={"INTERVIEW_ACCESS__REQUIRE_SIGN_IN": "1",
                                  "INTERVIEW_ACCESS__ANALYST_PASSWORD_HASH": hash_password(PASSWORD)})
    (mine, _), _ = _sessions(db)
    context = browser.new_context()
    context.add_init_script(WATCH)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    for shape in ("/", "/sessions", "/graph", f"/interview?session={mine.session_id}", "/weights"):
        page.goto(base + shape)
        page.get_by_role("heading", name="Sign in").wait_for()
        settled(page)
        assert page.evaluate("window.__seen") == [], shape
        assert page.get_by_text(mine.opening_question[:40]).count() == 0
    page.get_by_label("Password", exact=True).fill("not the password")
    page.get_by_role("button", name="Sign in").click()
    page.get_by_text("That password is not right").wait_for()
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_test_id("stTopNav").get_by_role("link", name="Sessions", exact=True).click()
    page.get_by_role("heading", name="Sessions").wait_for()
    settled(page)
    # Sign out from the menu: back to the password form, and the analyst pages refuse again.
    page.get_by_test_id("stTopNav").get_by_role("link", name="Sign out").click()
    page.get_by_text("Signed in as: analyst (password)").wait_for()
    page.get_by_role("button", name="Sign out").click()
    page.get_by_label("Password", exact=True).wait_for()
    page.goto(base + "/sessions")
    page.get_by_role("heading", name="Sign in").wait_for()
    settled(page)
    assert page.get_by_test_id("stTopNav").count() == 0
    context.close()
