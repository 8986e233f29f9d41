"""Study facts set on the concept (wave 19, own19) are shown to the respondent with the stimulus, before the first
question and on demand. Invented domain: Strungwell marionette weekends."""

from __future__ import annotations

import os

import yaml

from interview_core.config.settings import DedupSettings, Settings
from interview_core.persistence import Repository
from interview_core.session import InterviewSession
from respondent_link import open_link

STIMULUS = "Strungwell Marionette Weekends: carve, paint and string your own marionette over two days."


def test_the_study_facts_are_shown_with_the_stimulus(monkeypatch, tmp_path):
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")
    concept = tmp_path / "strungwell.yaml"
    concept.write_text(yaml.safe_dump({
        "id": "strungwell", "name": "Strungwell Marionette Weekends", "methodology": "means_end_chain",
        "stimulus": STIMULUS, "facts": {"commissioned_by": "Harbour Lane Arts Trust", "contact_after": False}}),
        encoding="utf-8")
    settings = Settings(database=os.environ["INTERVIEW_DATABASE"], dedup=DedupSettings(embeddings_enabled=False))
    session = InterviewSession.start("means_end_chain", str(concept), settings=settings, max_turns=3)
    token = Repository(settings.database).get_session(session.session_id)["respondent_token"]
    at = open_link(token)
    at.button(key="consent_yes").click().run()
    assert not at.exception
    assert [t.value for t in at.text] == [STIMULUS]
    shown = " ".join(c.value for c in at.caption).replace("\\", "")  # the markdown escapes, as written
    assert "This study is commissioned by Harbour Lane Arts Trust." in shown
    assert "No one will contact you after this interview." in shown
