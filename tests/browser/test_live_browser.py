"""A live interview in Chromium: the respondent's whole path on a phone-sized screen; two browsers answering
the same question (one turn, the other told) while the analyst's page shows the answer without a click."""

from __future__ import annotations

import time

import pytest

from conftest import TIMEOUT_MS, settled
from interview_core.config.settings import DedupSettings, Settings
from interview_core.persistence import Repository
from interview_core.session import InterviewSession

pytestmark = pytest.mark.browser
ANSWERS = ["I like how creamy it is because it foams well in my coffee",
           "It makes my morning feel like a small treat, which matters to me",
           "Feeling good about my day gives me peace of mind",
           "That is all I can think of, really",
           "Nothing more to add, thank you"]


def _session(db: str, max_turns: int):
    settings = Settings(database=db, dedup=DedupSettings(embeddings_enabled=False))
    s = InterviewSession.start("means_end_chain", "oat_milk", settings=settings, max_turns=max_turns)
    return s, Repository(db).get_session(s.session_id)["respondent_token"]


def _to_first_question(page, base, token, consent=True):
    page.goto(f"{base}/?session={token}&view=respondent")
    if consent:
        page.get_by_role("button", name="Yes, I agree to take part").click()
    page.get_by_role("button", name="Continue to the first question").click()
    page.get_by_test_id("stChatInput").wait_for()
    settled(page)


def _send(page, text):
    box = page.get_by_test_id("stChatInputTextArea")
    box.fill(text)
    box.press("Enter")


def test_respondent_path_on_a_phone(streamlit_app, browser):
    base, db = streamlit_app()
    session, token = _session(db, max_turns=2)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{base}/?session={token}&view=respondent")
    page.get_by_text("Before we start").wait_for()
    assert page.get_by_text(session.opening_question[:30]).count() == 0  # nothing asked before consent
    page.get_by_role("button", name="Yes, I agree to take part").click()
    page.get_by_text("Please read this first").wait_for()
    # the full stimulus (waited for: under load the heading can render a moment before the description)
    page.get_by_text("foams well for lattes", exact=False).first.wait_for()
    page.get_by_role("button", name="Continue to the first question").click()
    page.get_by_text(session.opening_question[:30]).first.wait_for()
    page.get_by_text("questions left", exact=False).first.wait_for()
    # Usable at phone width: nothing wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for i, text in enumerate(ANSWERS):
        _send(page, text)
        page.get_by_text(text).first.wait_for()
        settled(page)
        if page.get_by_text("The interview is complete", exact=False).count():
            break
    page.get_by_text("The interview is complete", exact=False).wait_for()
    assert page.get_by_test_id("stChatInput").count() == 0
    stored = [u for u in Repository(db).list_utterances(session.session_id) if u["speaker"] == "respondent"]
    assert [u["text"] for u in stored] == ANSWERS[:len(stored)] and all(u["source"] == "respondent" for u in stored)
    context.close()


def test_two_browsers_answering_one_question_make_one_turn_and_the_analyst_sees_it(streamlit_app, browser):
    base, db = streamlit_app()
    session, token = _session(db, max_turns=6)
    analyst = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
    analyst.set_default_timeout(TIMEOUT_MS)
    analyst.goto(f"{base}/interview?session_id={session.session_id}")
    analyst.get_by_text(session.opening_question[:30]).first.wait_for()
    settled(analyst)

    first, second = (browser.new_context(viewport={"width": 390, "height": 844}).new_page() for _ in range(2))
    for page in (first, second):
        page.set_default_timeout(TIMEOUT_MS)
    _to_first_question(first, base, token)
    _to_first_question(second, base, token, consent=False)  # consent was given once for this interview
    for page, text in ((first, "Answer from the first window about creaminess"),
                       (second, "Answer from the second window about the price")):
        page.get_by_test_id("stChatInputTextArea").fill(text)
    first.get_by_test_id("stChatInputTextArea").press("Enter")
    second.get_by_test_id("stChatInputTextArea").press("Enter")
    repo = Repository(db)
    deadline = time.time() + 90
    while not repo.turn_results(session.session_id) and time.time() < deadline:
        time.sleep(0.5)
    for page in (first, second):
        settled(page)
    time.sleep(2)  # a second turn, if the other answer were wrongly taken, would have started by now
    stored = [u for u in repo.list_utterances(session.session_id) if u["speaker"] == "respondent"]
    assert len(stored) == 1 and len(repo.turn_results(session.session_id)) == 1
    winner, loser = (first, second) if stored[0]["text"].startswith("Answer from the first") else (second, first)
    loser.get_by_text("moved on", exact=False).first.wait_for()
    assert winner.get_by_text("moved on", exact=False).count() == 0
    # The analyst's page shows the answer without anyone touching it.
    analyst.get_by_text(stored[0]["text"]).first.wait_for(timeout=15_000)
    assert analyst.get_by_text("Respondent", exact=True).count() >= 1  # with its provenance
