"""The load benchmark's CPU accounting per role (a pure function, hand-computed) and its /proc reader."""

import os
import subprocess
import sys
import time

import pytest

from benchmarks.load import _proc_stat, cpu_ms_per_turn, cpu_snapshot


def test_cpu_per_turn_by_role_hand_computed():
    before = {"api": {1: 2.0, 2: 3.0, 3: 1.0}, "postgresql": {10: 5.0}, "client": {99: 1.0}}
    after = {"api": {1: 2.5, 2: 4.0}, "postgresql": {10: 6.0, 11: 0.5}, "client": {99: 1.2}}
    # api: 0.5 + 1.0 s (process 3, killed, adds nothing); postgresql: 1.0 s + a new backend's 0.5 s; client 0.2 s
    assert cpu_ms_per_turn(before, after, turns=100) == pytest.approx({"api": 15.0, "postgresql": 15.0, "client": 2.0})
    assert cpu_ms_per_turn(before, {"api": {}, "postgresql": {}, "client": {}}, 100) == {}
    assert cpu_ms_per_turn(before, after, turns=0) == {"api": 0.0, "postgresql": 0.0, "client": 0.0}


def test_a_busy_child_shows_up_in_its_snapshot():
    busy = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass\ntime.sleep(30)"
    child = subprocess.Popen([sys.executable, "-c", busy])
    try:
        before = cpu_snapshot([(child, "")], None)
        for _ in range(400):  # until the child has burnt its 0.3 s (slow when the machine is loaded)
            stat = _proc_stat(child.pid)
            if stat is not None and stat[1] >= 0.3:
                break
            time.sleep(0.05)
        after = cpu_snapshot([(child, "")], None)
        assert after["api"][child.pid] >= 0.3 and cpu_ms_per_turn(before, after, 1)["api"] > 0
        assert after["client"][os.getpid()] > 0 and after["postgresql"] == {}
    finally:
        child.kill()
        child.wait()
