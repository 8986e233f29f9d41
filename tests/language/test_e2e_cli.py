"""``interview run`` and ``interview simulate`` with ``--provider anthropic`` against the fake server.

The CLI runs as a subprocess with ANTHROPIC_BASE_URL pointing at the loopback server, so the real
SDK, the router, the pipeline, the call log and the CLI output are all on the path.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fake_llm_server import FAKE_API_KEY, Plausible, Status, Stream
from interview_core.language.prompts import EXTRACTION_TOOL_NAME

ANSWERS = [
    "I love the creamy texture because it foams well for my latte.",
    "Good foam makes my morning coffee feel like a little treat.",
    "Treating myself now and then keeps me sane, it is about looking after myself.",
]


def run_cli(args: list[str], server, tmp_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "ANTHROPIC_API_KEY": FAKE_API_KEY, "ANTHROPIC_BASE_URL": server.url,
           "INTERVIEW_RETRY_BACKOFF_S": "0.01", "INTERVIEW_DATABASE": str(tmp_path / "interviews.db"),
           "INTERVIEW_SECRETS_FILE": str(tmp_path / "none.toml")}
    env.pop("OPENAI_API_KEY", None)
    proc = subprocess.run([sys.executable, "-m", "interview_core.cli.main", *args], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=240)
    if "invalid choice" in proc.stderr:
        pytest.fail(f"`interview {args[0]}` does not exist yet: this test awaits the pipeline (session.py, "
                    f"cli/run_cmds.py).\n{proc.stderr}")
    if proc.returncode != 0:
        frames = re.findall(r'File "([^"]+)"', proc.stderr)
        where = "in the language layer" if frames and "/language/" in frames[-1] else \
            "outside the language layer: this test awaits the pipeline (session.py, pipeline/, cli/)"
        pytest.fail(f"interview {args[0]} failed ({proc.returncode}) {where}:\n{proc.stderr[-3000:]}")
    return proc


@pytest.mark.slow  # a subprocess that loads the whole engine: ~15 s
def test_interview_run_with_anthropic_end_to_end(server, tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(ANSWERS) + "\n", encoding="utf-8")
    # the second extraction fails twice (500): that turn's extraction runs offline, the interview goes on
    server.queue(Plausible(), tool=EXTRACTION_TOOL_NAME)
    server.queue(Status(500), Status(500), tool=EXTRACTION_TOOL_NAME)
    proc = run_cli(["run", "--provider", "anthropic", "--concept", "oat_milk", "--answers", str(answers),
                    "--out", "run.json"], server, tmp_path)

    run = json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))
    turns = run["turns"]
    assert [t["answer"] for t in turns] == ANSWERS  # no answer lost, the fallback included
    results = [t["turn_result"] for t in turns]

    # turn 1: both tasks on the model, no fallback
    assert {u["provider"] for u in results[0]["llm_usage"]} == {"anthropic"}
    assert results[0]["fallbacks"] == [] and results[0]["extracted"]
    # turn 2: extraction fell back, with the reason; the question still came from the model
    assert results[1]["fallbacks"] == [{"task": "extraction", "reason": "anthropic: HTTP 500: fake failure after 2 attempts"}]
    assert [(u["task"], u["provider"]) for u in results[1]["llm_usage"]][:2] == [("extraction", "anthropic"), ("extraction", "offline")]
    assert any(u["task"] == "question" and u["provider"] == "anthropic" for u in results[1]["llm_usage"])
    assert results[2]["fallbacks"] == []

    # at most two model calls per turn on the critical path (plus the opening question)
    extraction_calls = [r for r in server.requests if r.tool_names == [EXTRACTION_TOOL_NAME]]
    question_calls = [r for r in server.requests if not r.tool_names]
    assert len(extraction_calls) == 4  # turn 1, turn 2 twice (500, retry), turn 3
    assert len(question_calls) <= len(turns) + 1
    first = extraction_calls[0]
    assert first.body["model"] == "claude-sonnet-4-6" and first.body["max_tokens"] == 2000  # config/settings.yaml
    assert "Method: means_end_chain" in first.system
    assert f"<respondent_answer>\n{ANSWERS[0]}\n</respondent_answer>" in first.user

    # tokens and cost per call in the call log, summed per session and shown by the CLI
    cost = run["cost"]
    assert cost["input_tokens"] > 0 and cost["cost_usd"] > 0
    assert "Language calls:" in proc.stderr and f"${cost['cost_usd']:.4f}" in proc.stderr
    assert FAKE_API_KEY not in proc.stdout + proc.stderr + (tmp_path / "run.json").read_text(encoding="utf-8")


@pytest.mark.slow
def test_interview_simulate_with_anthropic_end_to_end(server, tmp_path):
    run_cli(["simulate", "--provider", "anthropic", "--mind", "oat_milk_texture_lover", "--turns", "3",
             "--out", "sim.json"], server, tmp_path)
    record = json.loads((tmp_path / "sim.json").read_text(encoding="utf-8"))
    assert len(record["turns"]) == 3
    extraction_calls = [r for r in server.requests if r.tool_names == [EXTRACTION_TOOL_NAME]]
    assert len(extraction_calls) == 3
    assert all("<respondent_answer>" in r.user for r in extraction_calls)



@pytest.mark.slow  # a subprocess that loads the whole engine
def test_interview_run_prints_the_question_as_it_streams_and_marks_a_broken_one(server, tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text(ANSWERS[0] + "\n", encoding="utf-8")
    broken = "How often do you drink it at home and"
    # the opening question whole, then the follow-up's stream breaks off twice: the offline question stands
    server.queue(Plausible(), Stream(broken, cut_after=4), Stream(broken, cut_after=4), tool="text")
    proc = run_cli(["run", "--provider", "anthropic", "--concept", "oat_milk", "--answers", str(answers),
                    "--out", "run.json"], server, tmp_path)

    question = json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))["turns"][0]["turn_result"]["next_question"]
    assert not question.startswith("How often")
    assert "Interviewer: How often do you [...]\n" in proc.stdout  # the fragment, marked as dropped
    assert proc.stdout.count(f"Interviewer: {question}\n") == 1  # the stored question, printed once
    assert any(r.body.get("stream") for r in server.requests)
