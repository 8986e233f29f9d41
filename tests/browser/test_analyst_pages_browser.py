"""The analyst's pages in Chromium at 1440x900: the graph's first view keeps labels legible with the legend
outside the canvas, a click on a node selects it, the picture downloads as PNG and SVG; Scoring never
prints -0.000; the session travels in the URL to a second tab; a finished interview opens at its end.
Screenshots of Graph, Scoring and Weights go to artifacts/screenshots/analyst_*.png."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import TIMEOUT_MS, answer_in_chat, settled

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
ANSWERS = [
    "I like how creamy it is because it foams well in my coffee",
    "The price is too high, so I buy it less often and that annoys me",
    "It makes me feel healthier and that gives me peace of mind",
    "Foaming matters because my morning latte is my small ritual",
    "The ritual helps me start the day calm instead of rushed",
    "The carton is recyclable which means I feel less guilty about waste",
]

pytestmark = pytest.mark.browser


def _go(page, name: str) -> None:
    page.get_by_test_id("stTopNav").get_by_role("link", name=name, exact=True).click()
    settled(page)
    assert page.locator('[data-testid="stException"]').count() == 0, f"Streamlit exception on {name}"


def _eventually(page, reading, tries: int = 30, pause_ms: int = 500):
    """Re-read ``reading()`` (-> (holds, what was read)) until it holds: under a loaded CPU the graph's layout
    and the selection settle later than the page reports idle. Returns the last reading for the assert."""
    holds, seen = reading()
    for _ in range(tries):
        if holds:
            break
        page.wait_for_timeout(pause_ms)
        holds, seen = reading()
    return holds, seen


def _graph_frame(page):
    page.frame_locator("iframe").first.locator("body[data-scale]").wait_for(state="attached", timeout=TIMEOUT_MS)
    return page.locator("iframe").first.element_handle().content_frame()


def test_analyst_pages_in_chromium(streamlit_app, browser, tmp_path):
    base, _db = streamlit_app()
    context = browser.new_context(viewport={"width": 1440, "height": 900}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(base)
    settled(page)
    _go(page, "Interview")
    page.get_by_role("button", name="Start interview").click()
    page.get_by_test_id("stChatInput").wait_for()
    settled(page)
    answer_in_chat(page, ANSWERS)
    sid = re.search(r"session_id=([A-Za-z0-9_-]+)", page.url).group(1)
    SHOTS.mkdir(parents=True, exist_ok=True)

    # Graph: legible first view, legend above the canvas, click selects, downloads.
    _go(page, "Graph")
    frame = _graph_frame(page)
    page.wait_for_timeout(800)
    scale_ok, scale = _eventually(page, lambda: (lambda v: (v >= 0.8 - 1e-3, v))(
        float(frame.locator("body").get_attribute("data-scale"))))
    assert scale_ok, scale

    def legend_above_canvas():
        legend = frame.locator("#iv-legend").bounding_box()
        canvas = frame.locator("#mynetwork canvas").bounding_box()
        return legend["y"] + legend["height"] <= canvas["y"], (legend, canvas)

    above, boxes = _eventually(page, legend_above_canvas)
    assert above, boxes
    page.get_by_test_id("stMetric").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(SHOTS / "analyst_graph.png"))

    frame.locator("#mynetwork").scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    canvas = frame.locator("#mynetwork canvas").bounding_box()
    target = frame.evaluate("""([top, bottom]) => {
        const pos = network.getPositions();
        const shown = nodes.get().map(n => ({n, d: network.canvasToDOM(pos[n.id])}))
          .filter(x => x.d.x > 40 && x.d.x < 1200 && x.d.y > Math.max(40, top) && x.d.y < Math.min(600, bottom));
        const pick = shown[shown.length - 1];
        return {id: pick.n.id, label: pick.n.plain_label, x: pick.d.x, y: pick.d.y};
    }""", [-canvas["y"] + 10, 900 - canvas["y"] - 10])
    page.mouse.click(canvas["x"] + target["x"], canvas["y"] + target["y"])
    settled(page)
    node_box = page.get_by_test_id("stSelectbox").filter(has_text="Node")
    selected, value = _eventually(page, lambda: (lambda v: (v.startswith(target["label"] + " ("), v))(
        node_box.locator("input").input_value()), tries=20)
    assert selected, (value, target)

    frame = _graph_frame(page)
    with page.expect_download() as svg_download:
        frame.locator("#iv-svg").click()
    svg = Path(svg_download.value.path()).read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "<circle" in svg and target["label"] in svg
    assert svg_download.value.suggested_filename == "interview-graph.svg"
    with page.expect_download() as png_download:
        frame.locator("#iv-png").click()
    assert Path(png_download.value.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    # Scoring and Weights: screenshots; never "-0.000".
    _go(page, "Scoring")
    page.locator(".js-plotly-plot").first.wait_for()
    page.wait_for_timeout(800)
    compare = page.get_by_test_id("stSelectbox").filter(has_text="Compare with")
    for _attempt in range(3):  # the combobox sometimes ignores the first click while the page redraws
        compare.locator("input").click()
        compare.locator("input").fill("#")
        # any ranked alternative other than the winner (which one is second depends on the interview's path:
        # rank 2 is the winner itself when rank 1 is vetoed)
        option = page.get_by_role("option").filter(has_text=re.compile(r"^\s*#\d+ ")).first
        try:
            option.wait_for(timeout=5_000)
        except Exception:  # noqa: BLE001 - try again
            page.keyboard.press("Escape")
            continue
        option.click()
        break
    settled(page)
    assert re.match(r"#\d+ ", compare.locator("input").input_value())
    page.locator(".js-plotly-plot").nth(1).wait_for()
    page.wait_for_timeout(800)
    assert page.get_by_text("-0.000").count() == 0
    page.get_by_text("Contribution breakdown").evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(SHOTS / "analyst_scoring.png"))
    _go(page, "Weights")
    page.wait_for_timeout(800)
    page.screenshot(path=str(SHOTS / "analyst_weights.png"))

    # A second tab opened from the link shows the same interview.
    second = context.new_page()
    second.goto(f"{base}/scoring?session_id={sid}")
    settled(second)
    assert second.get_by_text("No interview selected").count() == 0
    assert second.get_by_text(sid).count() >= 1

    # A finished interview opens at its end.
    _go(page, "Interview")
    page.get_by_role("button", name="End interview").click()
    settled(page)
    page.get_by_role("button", name="Yes, end it").click()  # ending asks for confirmation
    settled(page)
    third = context.new_page()
    third.goto(f"{base}/interview?session_id={sid}")
    settled(third)
    ended = third.get_by_text("The interview has ended")
    ended.wait_for()
    third.wait_for_timeout(800)
    box = ended.bounding_box()
    assert 0 <= box["y"] <= 900, box  # in view without scrolling by hand
    context.close()
