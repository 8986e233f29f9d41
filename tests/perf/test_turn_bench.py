"""The turn benchmark times turns on the graph it pre-filled (no timings asserted)."""

from benchmarks.synthetic import NODES_PER_ANSWER
from benchmarks.turn import bench_turns


def test_timed_turns_run_on_the_prefilled_graph():
    row = bench_turns(30, turns=2, embeddings=False)
    # The session's own graph, after loading the stored pre-fill: until 2026-11-23 the session reloaded
    # itself from an empty database and the timed turns ran on 2 to 10 nodes.
    assert 30 - NODES_PER_ANSWER <= row["nodes"] <= 30 and row["end_nodes"] >= row["nodes"]
    assert row["cpu_ms"] > 0 and row["encode_calls"] == 0 and len(row["load"]) == 2 and "GraphUpdate" in row["stage_ms"]


def test_parse_cache_can_be_cleared_between_runs():
    from interview_core.text.parse import clear_cache, parse

    first = parse("The foam holds its shape.")
    assert parse("The foam holds its shape.") is first  # cached
    clear_cache()
    assert parse("The foam holds its shape.") is not first
