"""``interview bench load``: simulated respondents over HTTP against several API processes on one database.

For each backend (SQLite file, PostgreSQL server started for the run), K ``interview api serve``
processes are started on 127.0.0.1; N respondents (threads) each start an interview and answer it turn
by turn, each bound to one process and failing over to the next when its process stops answering (the
same answer is sent again with the same question id, so a retry can never add a turn). Optionally one
process is killed (SIGKILL) part-way. The language layer is offline, so the figures are the platform's
own cost.

Printed per backend: turns/s, p50/p95/max answer-to-question latency (ms, the POST of an answer until
the next question arrives), failovers, errors, and from the database afterwards: answers lost (acknowledged
but not stored, or stored twice) and turns duplicated (two turn records, answers or questions for one
turn). Bounded by ``--respondents``, ``--turns`` and ``--time-limit``.

Where the time goes: the CPU each role used while the respondents ran (the API processes, the PostgreSQL
server with its backends, this process's client threads), in ms per turn, the pipeline's own time per
turn inside the server (``TurnResult.latency_ms``, read back from the database) and the load average
before and after, since the 2 cores are shared.
"""

from __future__ import annotations

import math
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REASONS = ["it saves me time in the morning", "it makes me feel healthier", "it helps me relax after work",
           "it is kinder to the planet", "it feels like a small treat", "my family enjoys it too",
           "it gives me energy for the day", "I can trust what is in it", "it tastes better than the others",
           "it fits the budget every week", "it reminds me of home", "my friends recommended it"]
OPENERS = ["Honestly,", "I think", "Mostly because", "Well,", "For me", "I would say"]
ASPECTS = ["the taste", "the price", "the texture", "the packaging", "how it is made", "the brand",
           "the way it foams", "the ingredients", "how easy it is to find", "the smell"]
API_KEY = "bench-load-key"


@dataclass
class Respondent:
    index: int
    process: int
    session_id: str = ""
    token: str = ""
    acknowledged: list[str] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)
    failovers: int = 0
    errors: list[str] = field(default_factory=list)
    finished: bool = False


def answer_text(rng: random.Random, turn: int) -> str:
    """A varied answer with an aspect and a reason, so the engine has something to ladder on."""
    return f"{rng.choice(OPENERS)} {rng.choice(ASPECTS)} matters to me because {rng.choice(REASONS)} (turn {turn})."


# -- processes ---------------------------------------------------------------------------------------------
def _server_env(database: str, embeddings: bool) -> dict:
    from interview_core.api.auth import KEY_HASHES_ENV, hash_key

    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}  # offline: no provider keys
    env.update({KEY_HASHES_ENV: hash_key(API_KEY), "INTERVIEW_DATABASE": database,
                "INTERVIEW_DEDUP__EMBEDDINGS_ENABLED": "true" if embeddings else "false",
                "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parents[1]), env.get("PYTHONPATH", "")])})
    return env


def start_processes(k: int, database: str, embeddings: bool, log_dir: str) -> list[tuple[subprocess.Popen, str]]:
    import httpx

    from interview_core.persistence.throwaway import free_port

    procs = []
    for _ in range(k):
        port = free_port()
        proc = subprocess.Popen([sys.executable, "-m", "interview_core.cli.main", "api", "serve", "--port", str(port)],
                                env=_server_env(database, embeddings), stdout=subprocess.DEVNULL,
                                stderr=open(Path(log_dir) / f"api-{port}.log", "w"))
        procs.append((proc, f"http://127.0.0.1:{port}"))
    deadline = time.time() + 180
    for proc, base in procs:
        while True:
            try:
                if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.time() > deadline:
                stop_processes(procs)
                raise RuntimeError(f"API process on {base} did not start")
            time.sleep(0.2)
    return procs


def stop_processes(procs) -> None:
    for proc, _ in procs:
        if proc.poll() is None:
            proc.terminate()
    for proc, _ in procs:
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


# -- one respondent ----------------------------------------------------------------------------------------
def run_respondent(r: Respondent, bases: list[str], turns: int, think_s: tuple[float, float], deadline: float,
                   seed: int) -> None:
    import httpx

    rng = random.Random(seed * 1000 + r.index)
    client = httpx.Client(timeout=30)

    def call(method: str, path: str, **kw) -> httpx.Response:
        """Send to the respondent's process; on a dead process move to the next one and send again."""
        for _ in range(len(bases) * 2):
            try:
                resp = client.request(method, bases[r.process] + path, **kw)
                if resp.status_code < 500:
                    return resp
            except httpx.TransportError:
                pass
            r.failovers += 1
            r.process = (r.process + 1) % len(bases)
            time.sleep(0.05)
        raise RuntimeError(f"{method} {path}: no process answered")

    try:
        created = call("POST", "/v1/sessions", headers={"X-API-Key": API_KEY},
                       json={"concept": "oat_milk", "max_turns": turns})
        if created.status_code != 201:
            raise RuntimeError(f"create: {created.status_code} {created.text[:200]}")
        body = created.json()
        r.session_id, r.token = body["session_id"], body["respondent_token"]
        question = body["question"]
        headers = {"X-Session-Token": r.token}
        for turn in range(1, turns + 1):
            if time.time() > deadline:
                break
            time.sleep(rng.uniform(*think_s))
            text = answer_text(rng, turn)
            start = time.perf_counter()
            resp = call("POST", "/v1/interview/answers", headers=headers, json={"question_id": question["id"], "text": text})
            elapsed = (time.perf_counter() - start) * 1000
            if resp.status_code != 200:
                r.errors.append(f"turn {turn}: {resp.status_code} {resp.text[:200]}")
                break
            r.latencies_ms.append(elapsed)
            r.acknowledged.append(text)
            reply = resp.json()
            question = reply["question"]
            if reply["finished"]:
                r.finished = True
                break
    except Exception as exc:  # counted as an error of this respondent, the run goes on
        r.errors.append(str(exc)[:300])
    finally:
        client.close()


# -- where the CPU went ------------------------------------------------------------------------------------
def _proc_stat(pid: int) -> tuple[int, float, float] | None:
    """(parent pid, own CPU seconds, CPU seconds of its exited children) from /proc (Linux); None when the
    process is gone or /proc is not there."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    tick = os.sysconf("SC_CLK_TCK")
    # after the command name: state ppid ... utime(12) stime(13) cutime(14) cstime(15), counted from state = 1
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / tick, (int(fields[13]) + int(fields[14])) / tick


def cpu_snapshot(procs, cluster) -> dict[str, dict[int, float]]:
    """CPU seconds so far, per process, of each role: ``api`` (the API processes), ``postgresql`` (the
    postmaster with its exited backends, and its live backends) and ``client`` (this process: the
    respondents' threads). Empty roles when /proc is not available."""
    snap: dict[str, dict[int, float]] = {"api": {}, "postgresql": {}, "client": {}}
    for proc, _ in procs:
        stat = _proc_stat(proc.pid)
        if stat is not None:
            snap["api"][proc.pid] = stat[1]
    me = _proc_stat(os.getpid())
    if me is not None:
        snap["client"][os.getpid()] = me[1]
    pid_file = Path(cluster.dir) / "data" / "postmaster.pid" if cluster is not None and cluster.dir else None
    try:
        postmaster = int(pid_file.read_text().split()[0]) if pid_file is not None else None
    except (OSError, ValueError, IndexError):
        postmaster = None
    stat = _proc_stat(postmaster) if postmaster else None
    if stat is not None:
        snap["postgresql"][postmaster] = stat[1] + stat[2]
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                child = _proc_stat(int(entry.name))
                if child is not None and child[0] == postmaster:
                    snap["postgresql"][int(entry.name)] = child[1]
    return snap


def cpu_ms_per_turn(before: dict, after: dict, turns: int) -> dict[str, float]:
    """Per role, the CPU its processes used between the snapshots, in ms per turn. A process seen only
    before (a killed API process, an exited backend: counted in the postmaster) adds nothing; one seen
    only after counts from zero."""
    out = {}
    for role, pids in after.items():
        if pids:
            used = sum(max(0.0, s - before.get(role, {}).get(pid, 0.0)) for pid, s in pids.items())
            out[role] = used * 1000 / turns if turns else 0.0
    return out


# -- checking the database afterwards ---------------------------------------------------------------------
def audit(database: str, respondents: list[Respondent]) -> dict:
    """Lost answers and duplicated turns, read from the database the processes shared, and the pipeline's
    median and p95 ms per turn inside the servers (``pipeline_p50_ms``, ``pipeline_p95_ms``)."""
    from interview_core.persistence import Repository

    repo = Repository(database)
    lost = duplicated = 0
    pipeline_ms: list[float] = []
    for r in respondents:
        if not r.session_id:
            continue
        utterances = repo.list_utterances(r.session_id)
        answers = [u["text"] for u in utterances if u["speaker"] == "respondent"]
        # every acknowledged answer stored once, in order; nothing stored that was never sent
        lost += sum(1 for text in r.acknowledged if answers.count(text) == 0)
        answer_turns = [u["turn"] for u in utterances if u["speaker"] == "respondent"]
        question_turns = [u["turn"] for u in utterances if u["speaker"] == "interviewer"]
        results = repo.turn_results(r.session_id)
        pipeline_ms += [float(t.get("latency_ms") or 0.0) for t in results]
        result_turns = [t["turn_number"] for t in results]
        duplicated += (len(answer_turns) - len(set(answer_turns)) + len(question_turns) - len(set(question_turns))
                       + len(result_turns) - len(set(result_turns)))
        duplicated += sum(answers.count(text) - 1 for text in set(answers))
    repo.close()
    return {"lost": lost, "duplicated": duplicated,
            "pipeline_p50_ms": statistics.median(pipeline_ms) if pipeline_ms else 0.0,
            "pipeline_p95_ms": percentile(pipeline_ms, 95)}


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100); 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(q / 100 * len(ordered))))
    return ordered[rank - 1]


# -- one backend -------------------------------------------------------------------------------------------
def run_backend(backend: str, args) -> dict:
    cluster = None
    workdir = tempfile.mkdtemp(prefix="interview-load-")
    if backend == "postgresql":
        from interview_core.persistence.throwaway import ThrowawayCluster

        cluster = ThrowawayCluster(max_connections=300, durable=True).start()
        database = cluster.create_database("load")
    else:
        database = str(Path(workdir) / "load.db")
    procs = start_processes(args.processes, database, args.embeddings, workdir)
    bases = [base for _, base in procs]
    respondents = [Respondent(index=i, process=i % len(bases)) for i in range(args.respondents)]
    deadline = time.time() + args.time_limit
    threads = [threading.Thread(target=run_respondent, args=(r, bases, args.turns, (args.think_min, args.think_max),
                                                             deadline, args.seed), daemon=True) for r in respondents]
    killed = None
    load_before = os.getloadavg()[0]
    cpu_before = cpu_snapshot(procs, cluster)
    started = time.perf_counter()
    try:
        for t in threads:
            t.start()
        if args.kill_one:
            killed = _kill_when_due(procs[0][0], respondents, args)
        for t in threads:
            t.join(timeout=max(1.0, deadline - time.time() + 60))
        wall = time.perf_counter() - started
        cpu_after = cpu_snapshot(procs, cluster)  # a killed process's CPU is not counted
        load_after = os.getloadavg()[0]
    finally:
        stop_processes(procs)
    checked = audit(database, respondents)
    if cluster is not None:
        from interview_core.persistence.postgres import close_pools

        close_pools()
        cluster.stop()
    latencies = [ms for r in respondents for ms in r.latencies_ms]
    turns = len(latencies)
    return {
        "backend": backend, "processes": args.processes, "respondents": args.respondents, "turns": turns,
        "wall_s": wall, "turns_per_s": turns / wall if wall else 0.0,
        "p50_ms": statistics.median(latencies) if latencies else 0.0, "p95_ms": percentile(latencies, 95),
        "max_ms": max(latencies, default=0.0), "failovers": sum(r.failovers for r in respondents),
        "errors": sum(len(r.errors) for r in respondents), "error_samples": [e for r in respondents for e in r.errors][:3],
        "server_exceptions": server_exceptions(workdir),
        "finished_early": sum(r.finished and len(r.acknowledged) < args.turns for r in respondents),
        "killed_after_turns": killed, "load": (load_before, load_after),
        "cpu_ms_per_turn": cpu_ms_per_turn(cpu_before, cpu_after, turns),
        **checked,
    }


def server_exceptions(log_dir: str) -> dict[str, int]:
    """The last line of each traceback the API processes logged, with how often it occurred."""
    seen: dict[str, int] = {}
    for log in sorted(Path(log_dir).glob("api-*.log")):
        lines = log.read_text(errors="replace").splitlines()
        for i, line in enumerate(lines):
            if line.startswith("Traceback"):
                last = next((x for x in lines[i + 1:] if x and not x.startswith((" ", "Traceback"))), "?")
                seen[last[:200]] = seen.get(last[:200], 0) + 1
    return seen


def _kill_when_due(proc: subprocess.Popen, respondents: list[Respondent], args) -> int | None:
    """SIGKILL ``proc`` once about a third of all turns are acknowledged; returns the turn count then."""
    due = max(1, args.respondents * args.turns // 3)
    end = time.time() + args.time_limit
    while time.time() < end:
        done = sum(len(r.acknowledged) for r in respondents)
        if done >= due:
            os.kill(proc.pid, signal.SIGKILL)
            return done
        time.sleep(0.05)
    return None


def report(row: dict) -> str:
    kill = f", 1 process killed after {row['killed_after_turns']} turns" if row["killed_after_turns"] is not None else ""
    lines = [
        f"{row['backend']}: {row['processes']} API processes, {row['respondents']} respondents{kill}",
        f"  turns {row['turns']} in {row['wall_s']:.1f} s: {row['turns_per_s']:.1f} turns/s",
        f"  answer-to-question latency: p50 {row['p50_ms']:.0f} ms, p95 {row['p95_ms']:.0f} ms, max {row['max_ms']:.0f} ms",
        f"  of which the pipeline inside the server: p50 {row['pipeline_p50_ms']:.0f} ms, p95 {row['pipeline_p95_ms']:.0f} ms",
        "  CPU per turn: " + (", ".join(f"{role} {ms:.1f} ms" for role, ms in row["cpu_ms_per_turn"].items())
                              or "not measured (no /proc)")
        + f"; load average {row['load'][0]:.1f} -> {row['load'][1]:.1f}",
        f"  lost answers {row['lost']}, duplicated turns {row['duplicated']}, errors {row['errors']}, "
        f"failovers {row['failovers']}, interviews closed by the engine before the turn limit {row['finished_early']}",
    ]
    lines += [f"  error: {e}" for e in row["error_samples"]]
    lines += [f"  server exception x{n}: {last}" for last, n in row["server_exceptions"].items()]
    return "\n".join(lines)


def main(args) -> int:
    rows = []
    for backend in args.backend:
        row = run_backend(backend, args)
        print(report(row), flush=True)
        rows.append(row)
    ok = all(r["lost"] == 0 and r["duplicated"] == 0 and r["errors"] == 0 for r in rows)
    pg = [r for r in rows if r["backend"] == "postgresql"]
    goal = all(r["p95_ms"] <= args.p95_goal_ms for r in pg)
    print(f"goals: 0 lost, 0 duplicated, 0 errors: {'met' if ok else 'MISSED'}; "
          f"PostgreSQL p95 <= {args.p95_goal_ms:.0f} ms: {'met' if goal else 'MISSED'}" + ("" if pg else " (not run)"))
    return 0 if ok else 1


def register(benches) -> None:
    p = benches.add_parser("load", help="simulated respondents over HTTP against several API processes")
    p.add_argument("--backend", nargs="+", choices=("sqlite", "postgresql"), default=["postgresql", "sqlite"])
    p.add_argument("--processes", type=int, default=4, help="API processes (K)")
    p.add_argument("--respondents", type=int, default=50, help="concurrent simulated respondents (N)")
    p.add_argument("--turns", type=int, default=20, help="answers per respondent at most")
    p.add_argument("--think-min", type=float, default=1.0, help="seconds a respondent takes to answer, at least")
    p.add_argument("--think-max", type=float, default=3.0, help="... and at most")
    p.add_argument("--time-limit", type=float, default=600.0, help="seconds; respondents stop answering after it")
    p.add_argument("--kill-one", action="store_true", help="SIGKILL one API process after a third of the turns")
    p.add_argument("--embeddings", action="store_true", help="embedding-based matching on (default: lexical only)")
    p.add_argument("--p95-goal-ms", type=float, default=500.0)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=main)
