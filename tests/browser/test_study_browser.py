"""The Study page in Chromium: open a study, move the cut-off, rename and merge codes, download the .qdpx."""

from __future__ import annotations

import zipfile

import pytest

from interview_core.persistence import Repository
from interview_core.study.synthetic import synthetic_study
from conftest import CHROMIUM_ARGS, TIMEOUT_MS, settled as _settled
from test_dashboard_browser import SHOTS, _no_exception, server  # noqa: F401

pytestmark = pytest.mark.browser


@pytest.fixture
def lexical(monkeypatch):
    """Lexical matching only: the server starts without loading the embedding model."""
    monkeypatch.setenv("INTERVIEW_DEDUP__EMBEDDINGS_ENABLED", "false")


def _download(page, label: str, attempts: int = 3):
    """Click a deferred download button and return the download.

    Streamlit registers a deferred download under a new id on every rerun and drops the old one when the
    run ends; a click that races a rerun reaches the server with the dropped id ("Deferred file ... not
    found" in the server log) and nothing downloads. A user clicks again; so does this helper, after the
    page has settled, at most ``attempts`` times. A download that never comes still fails the test."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in range(attempts):
        _settled(page)
        button = page.get_by_role("button", name=label)
        button.wait_for()
        try:
            with page.expect_download(timeout=30_000) as info:
                button.click()
            return info.value
        except PlaywrightTimeout:
            if attempt == attempts - 1:
                raise


def _share(page) -> str:
    metric = page.get_by_test_id("stMetric").filter(has_text="Share of relations kept")
    return metric.get_by_test_id("stMetricValue").inner_text()


def test_study_page_in_chromium(lexical, server, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    base, db = server
    repo = Repository(db)
    study_id = synthetic_study(repo, "Wave 1", interviews=8, turns=6, seed=5)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(base)
        _settled(page)
        page.get_by_test_id("stTopNav").get_by_role("link", name="Study", exact=True).click()
        _settled(page)
        page.get_by_role("tab", name="Value map").click()
        page.get_by_text("Share of relations kept").wait_for()
        _no_exception(page, "Study")

        # move the cut-off from 2 to 1 with the keyboard: every relation is kept at cut-off 1
        before = _share(page)
        thumb = page.get_by_role("slider")
        thumb.focus()
        page.keyboard.press("ArrowLeft")
        _settled(page)
        for _ in range(50):  # on a loaded machine the rerun can land after the page first reads as settled
            if _share(page) == "100%":
                break
            page.wait_for_timeout(200)
        assert _share(page) == "100%" and before != "100%", before
        page.screenshot(path=str(SHOTS / "study.png"), full_page=True)

        # rename a code and merge another into it
        page.get_by_role("tab", name="Codebook").click()
        page.get_by_label("New name").fill("Creaminess <b>x</b>")
        page.get_by_label("New name").press("Enter")
        _settled(page)
        page.get_by_role("button", name="Rename", exact=True).click()
        _settled(page)
        _no_exception(page, "Study after rename")
        page.get_by_text("rename Creaminess <b>x</b>").wait_for()
        page.get_by_label("Merge into it").click()
        page.get_by_role("option").first.click()
        page.keyboard.press("Escape")
        _settled(page)
        merge = page.get_by_role("button", name="Merge", exact=True)
        expect(merge).to_be_enabled()  # the rerun that enables it follows the choice of a code
        merge.click()
        # wait for the outcome, not for a quiet moment: the rerun may start after a first settle
        page.get_by_text("Edits, oldest first: rename Creaminess <b>x</b> · merge").wait_for()
        _settled(page)
        _no_exception(page, "Study after merge")
        assert [e["edit"]["op"] for e in repo.codebook_edits(study_id)] == ["rename", "merge"]

        # download the REFI-QDA project: it carries the edited codebook
        page.get_by_role("tab", name="Export").click()
        _settled(page)
        target = tmp_path / "study.qdpx"
        _download(page, "REFI-QDA project (.qdpx)").save_as(target)
        with zipfile.ZipFile(target) as z:
            qde = z.read("project.qde").decode("utf-8")
            assert sum(n.startswith("sources/") for n in z.namelist()) == 8
        assert 'name="Creaminess &lt;b&gt;x&lt;/b&gt;"' in qde
        browser.close()
