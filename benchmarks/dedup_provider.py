"""``interview bench dedup --provider loopback``: the labelled pairs through the provider-assisted slot
decision, with a deterministic stand-in model on a loopback HTTP server (the real ``openai`` SDK, router,
retry and breaker as client). No key and no network: what it measures is the plumbing (calls per turn,
added latency, which pairs reach the model, that the opposite guard holds), not a real model's quality.

Each domain of the pair file is one simulated interview: its labels arrive in file order, ``per_turn``
new labels a turn, into one canonical graph, as in the SlotDiscovery stage. A labelled pair counts as
merged when its two labels end in one slot. Stand-ins: ``oracle`` answers ``same`` exactly for pairs
labelled same in the file (an upper bound: the recall a perfect model could add through this routing);
``always-same`` answers ``same`` to everything (a worst case: only the opposite guard stands between it
and every merge).
"""

from __future__ import annotations

import json
import re
import statistics
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from interview_core.config.settings import Price, ProviderSlotSettings, Settings, TaskSettings
from interview_core.dedup.canonical import CanonicalGraph
from interview_core.dedup.evaluation import Confusion, LabelledPair
from interview_core.dedup.matcher import HybridMatcher
from interview_core.dedup.provider_slots import ProviderSlotDecider
from interview_core.language.breaker import CircuitBreaker
from interview_core.language.router import LanguageRouter

STAND_INS = ("oracle", "always-same")
MODEL = "loopback-stand-in"
_PAIR_RE = re.compile(r'<pair id="([^"]+)" type="[^"]*"><a>(.*?)</a><b>(.*?)</b></pair>')


def _unescape(text: str) -> str:
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def stand_in_verdicts(user: str, kind: str, same_pairs: set[frozenset]) -> list[dict]:
    """The stand-in's decisions for the pairs in a slot-decision prompt's user text."""
    out = []
    for pair_id, a, b in _PAIR_RE.findall(user):
        if kind == "always-same":
            out.append({"id": pair_id, "decision": "same"})
            continue
        sides_a, sides_b = ([_unescape(x) for x in side.split(" | ")] for side in (a, b))
        same = any(frozenset((x, y)) in same_pairs for x in sides_a for y in sides_b)
        out.append({"id": pair_id, "decision": "same" if same else "different"})
    return out


@contextmanager
def loopback_stand_in(kind: str, same_pairs: set[frozenset]):
    """An OpenAI-compatible chat-completions server on 127.0.0.1 answering the slot-decision tool."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))) or b"{}")
            user = next(m["content"] for m in body["messages"] if m["role"] == "user")
            name = body["tools"][0]["function"]["name"]
            args = json.dumps({"decisions": stand_in_verdicts(user, kind, same_pairs)})
            reply = {"id": "loopback", "object": "chat.completion", "created": 0, "model": body.get("model"),
                     "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                         "role": "assistant", "content": None, "tool_calls": [
                             {"id": "call_0", "type": "function", "function": {"name": name, "arguments": args}}]}}],
                     "usage": {"prompt_tokens": len(user) // 4, "completion_tokens": len(args) // 4,
                               "total_tokens": (len(user) + len(args)) // 4}}
            data = json.dumps(reply).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def stand_in_settings(base_url: str, every_turns: int) -> Settings:
    task = TaskSettings(provider="openai", model=MODEL, max_tokens=2000, timeout_s=10.0)
    return Settings(extraction=task, signals=task, question=task, openai_base_url=base_url, openai_api_key=None,
                    anthropic_api_key=None, prices={MODEL: Price(input=0.0, output=0.0)},
                    provider_slots=ProviderSlotSettings(every_turns=every_turns))


def simulate(matcher: HybridMatcher, pairs: list[LabelledPair], per_turn: int, decider_for) -> dict:
    """Run each domain as one interview; per-split confusion, turns, calls and per-turn milliseconds.

    ``decider_for(canonical)`` gives the provider step for a domain's graph (None: offline only).
    """
    results: dict[str, Confusion] = {"all": Confusion()}
    turns = calls = guarded_misses = 0
    offline_ms, provider_ms, call_ms, pairs_asked = [], [], [], []  # provider_ms: turns without a call
    for domain in dict.fromkeys(p.domain for p in pairs):
        in_domain = [p for p in pairs if p.domain == domain]
        types: dict[str, str] = {}
        for p in in_domain:
            types.setdefault(p.a, p.node_type)
            types.setdefault(p.b, p.node_type)
        labels = list(types)
        matcher.prepare(labels)  # one batch per domain, so the timings below are matching, not embedding
        canonical = CanonicalGraph(matcher)
        decider = decider_for(canonical)
        nodes: list[dict] = []
        for turn, start in enumerate(range(0, len(labels), per_turn), 1):
            nodes += [{"id": f"n{len(nodes) + i}", "label": x, "node_type": types[x], "utterance_ids": [f"u{turn}"],
                       "created_turn": turn} for i, x in enumerate(labels[start:start + per_turn])]
            t0 = time.perf_counter()
            result = canonical.update(nodes, [], turn)
            t1 = time.perf_counter()
            offline_ms.append((t1 - t0) * 1000)
            turns += 1
            if decider is None:
                continue
            outcome = decider.run(result, nodes, [], turn)
            added = (time.perf_counter() - t1) * 1000
            if outcome.usage:
                calls += 1
                call_ms.append(added)
                pairs_asked.append(len(outcome.records))
            else:
                provider_ms.append(added)
        slot_of = {n["label"]: canonical.mapping[n["id"]] for n in nodes}
        for p in in_domain:
            merged = "slot" if slot_of[p.a] == slot_of[p.b] else None
            if p.same and merged is None and matcher.lexicon.opposition(matcher.key(p.a), matcher.key(p.b)):
                guarded_misses += 1
            for key in ("all", p.split):
                results.setdefault(key, Confusion()).add(p.same, merged)
    return {"results": results, "turns": turns, "calls": calls, "offline_ms": offline_ms,
            "provider_ms": provider_ms, "call_ms": call_ms, "pairs_asked": pairs_asked, "guarded_misses": guarded_misses}


def _line(name: str, results: dict[str, Confusion]) -> None:
    for split, c in results.items():
        print(f"  {name:22s} {split:9s} precision {c.precision:.3f}  recall {c.recall:.3f}  "
              f"(tp {c.tp}, fp {c.fp}, fn {c.fn}, tn {c.tn})")


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def run_provider(matcher: HybridMatcher, pair_sets: dict[str, list[LabelledPair]], *, per_turn: int,
                 every_turns: int, stand_ins: tuple[str, ...] = STAND_INS) -> None:
    """Print, per pair set, the offline canonical figures and those with each stand-in behind the
    provider path, then calls per turn and the added milliseconds."""
    print(f"provider path: loopback stand-in model over HTTP (real openai SDK, router, retry), one batched call "
          f"every {every_turns} turns, {per_turn} new labels per turn, one simulated interview per domain")
    print("NOTE: these stand-ins are not a model; the quality of a real model's slot decisions cannot be "
          "measured here (no API key, no network)")
    for set_name, pairs in pair_sets.items():
        print(f"{set_name}: {len(pairs)} pairs")
        offline = simulate(matcher, pairs, per_turn, lambda canonical: None)
        _line("offline slots", offline["results"])
        for kind in stand_ins:
            same_pairs = {frozenset((p.a, p.b)) for p in pairs if p.same}
            with loopback_stand_in(kind, same_pairs) as url:
                settings = stand_in_settings(url, every_turns)
                router = LanguageRouter(settings, breaker=CircuitBreaker())
                run = simulate(matcher, pairs, per_turn,
                               lambda canonical: ProviderSlotDecider(canonical, router, settings.provider_slots))
            _line(f"provider ({kind})", run["results"])
            missed = run["results"]["all"].fn
            print(f"    same-concept pairs left apart: {missed}, of which {run['guarded_misses']} the opposite guard blocks")
            print(f"    calls {run['calls']} in {run['turns']} turns ({run['calls'] / max(run['turns'], 1):.2f} per turn, "
                  f"at most 1 per {every_turns}); pairs per call median {_median(run['pairs_asked']):.0f}, "
                  f"max {max(run['pairs_asked'], default=0)}")
            first, rest = run["call_ms"][:1], run["call_ms"][1:]
            print(f"    added on a turn with a call (pairs, prompt, SDK, loopback HTTP, merges): median "
                  f"{_median(rest):.1f} ms, max {max(rest, default=0.0):.1f} ms; the first call "
                  f"{first[0] if first else 0.0:.1f} ms (SDK import and client start)")
            print(f"    added on a turn without a call: median {_median(run['provider_ms']):.2f} ms; "
                  f"offline slot update median {_median(run['offline_ms']):.1f} ms per turn; "
                  f"amortised {sum(run['call_ms'][1:]) / max(run['turns'] - 1, 1):.1f} ms per turn after the first call")
