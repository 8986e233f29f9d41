"""The Louvain partition is the same in every process: it must not depend on Python's string-hash seed
(``PYTHONHASHSEED``), or two API processes serving one interview would score it differently."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, random
from interview_core.graph.clusters import louvain_partition
# a sparse random graph of 40 concept ids (fixed seed): several partitions are near-equal in modularity
r = random.Random(5)
ids = [f"concept_{k}_{r.choice('abcdefgh')}" for k in range(40)]
adj = {n: set() for n in ids}
for _ in range(60):
    a, b = r.sample(range(40), 2)
    adj[ids[a]].add(ids[b]); adj[ids[b]].add(ids[a])
print(json.dumps(louvain_partition(adj), sort_keys=True))
"""


def test_partition_does_not_depend_on_the_hash_seed():
    seen = set()
    for seed in ("1", "2", "3", "4", "5", "6", "7", "8"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
        seen.add(out.stdout.strip())
    assert len(seen) == 1, [json.loads(s) for s in seen]
