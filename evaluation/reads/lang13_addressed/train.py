"""Retrain and cross-validate the addressed-turn reading with every dev answer file (lang13, 2026-11-24).

Examples: every answer of the `split: dev` domains of evaluation/answers/*.yaml except wave11_check.yaml
(held aside by lang13: not trained on, not read, measured at the end) and wave13_dev.yaml (landed after the
weights were trained), labelled by its `meta` field; the
answers with meta null and nodes false are labelled pause / skip / none by hand: lang12's labels
(evaluation/reads/lang12_addressed/train.py, by position in its listing) for the files it trained on, and
HAND below (by text) for the files retired to dev since (wave12_dev, wave12_heldout, wave12_check); plus the
invented sentences of lang12's and lang13's seeds.yaml.

The cross-validation leaves one dev file out at a time (trained on the rest and the seeds) and reads each
left-out answer as the engine does (``meta.learned_topic``): the rules first (pause, then topics); the
learned class when the rules read nothing and it reaches the gate, or over a different rule topic at the
override; a class that asks the interviewer something only when a sentence is put to the interviewer by its
form (``meta._puts_to_interviewer``, the lead's safeguard of wave 12).

    PYTHONPATH=$PWD /work/main/.venv/bin/python evaluation/reads/lang13_addressed/train.py cv 0.6 0.7 0.8
    PYTHONPATH=$PWD /work/main/.venv/bin/python evaluation/reads/lang13_addressed/train.py write
    PYTHONPATH=$PWD /work/main/.venv/bin/python evaluation/reads/lang13_addressed/train.py held
"""
from __future__ import annotations

import os
import sys
from collections import Counter, defaultdict

import yaml

from interview_core.dedup.embeddings import get_encoder
from interview_core.language.offline import addressed
from interview_core.language.offline.meta import ASKING, _paused, _puts_to_interviewer, _rule_topic, back_alone
from interview_core.language.offline.own_turn import promises_return, wants_to_stop

HERE = os.path.dirname(__file__)
LANG12 = os.path.join(HERE, "..", "lang12_addressed")
# wave11_check: held aside by lang13 (not trained on, not read; measured once at the end); wave13_dev: landed
# after the weights were trained (an untouched dev file); wave13_heldout/check are measured only (split heldout)
HELD_ASIDE = {"wave11_check.yaml", "wave13_dev.yaml"}
HAND = {  # meta null, nodes false, in the files retired to dev after lang12's training (labelled by lang13)
    "brb, delivery": "pause", "whoops sorry, knocked my drink over, carry on": "pause",
    "can't help you there sorry": "skip", "sorry baby's up, one sec": "pause",
    "rather not go into my family stuff to be honest": "skip", "hang on - phone - ... right. back.": "pause",
    "pass on that one": "skip", "sorry the kids are kicking off... right. go on": "pause",
    "erm. not sure. pass": "skip", "hang on, doorbell": "pause", "ha. next question": "skip",
    "what? sorry, signal's gone funny": "pause",
}


def _lang12():
    import importlib.util

    spec = importlib.util.spec_from_file_location("lang12_train", os.path.join(LANG12, "train.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def examples(files_out: set[str]) -> list[tuple[str, str, str]]:
    """(file, text, label) of every dev answer outside ``files_out``, then the seeds: lang12's listing, whose
    order gives its hand labels, and then every file but ``files_out`` with those labels (by text) and HAND."""
    lang12 = _lang12()
    old = {t: c for _, t, c in lang12.dev_answers()}
    lang12.HELD_ASIDE, lang12.PAUSE, lang12.SKIP = files_out, set(), set()
    out = [(f, t, old.get(t) or HAND.get(t) or c) for f, t, c in lang12.dev_answers()]
    for seed_file in (os.path.join(LANG12, "seeds.yaml"), os.path.join(HERE, "seeds.yaml")):
        raw = yaml.safe_load(open(seed_file, encoding="utf-8"))
        out += [("seeds", t, c) for c, texts in raw.items() for t in texts]
    return out


def rules(text: str) -> str:
    """The rules alone, as the engine reads them: a pause (never when the respondent says they are leaving),
    else the topic rules."""
    leaving = wants_to_stop(text) and not promises_return(text)
    if (_paused(text) or back_alone(text)) and not leaving:
        return "pause"
    return _rule_topic(text) or "none"


def engine_reading(text: str, rule: str, model, encode, gate: float) -> str:
    """``meta.learned_topic`` (with the rules) for a given model and gate."""
    if rule == "pause":
        return "pause"
    found = addressed.classify(text, model, encode, gate if rule == "none" else max(gate, addressed.OVERRIDE))
    if found in ASKING and not _puts_to_interviewer(text):
        found = None
    if rule == "none":
        return found or "none"
    return found if found and found != rule else rule


def main() -> None:
    mode = sys.argv[1]
    enc = get_encoder()
    if mode == "write":
        data = examples(HELD_ASIDE)
        y = [c for _, _, c in data]
        model = addressed.fit(enc.encode([t for _, t, _ in data]), y)
        addressed.save(model, addressed.MODEL_PATH)
        print("written", addressed.MODEL_PATH, len(y), sorted(Counter(y).items()))
        return
    if mode == "held":  # the held-aside file, read once with the shipped weights
        data = [d for d in examples(set()) if d[0] in HELD_ASIDE]
        model = addressed._shipped()
        n = len(data)
        r = sum(rules(t) == c for _, t, c in data)
        e = sum(engine_reading(t, rules(t), model, enc.encode, addressed.GATE) == c for _, t, c in data)
        print(f"held aside {sorted(HELD_ASIDE)}: {n} answers, rules {r}/{n}, rules+reading {e}/{n}")
        return
    gates = [float(g) for g in sys.argv[2:] or ["0.6", "0.7", "0.8"]]
    data = examples(HELD_ASIDE)
    texts, y = [t for _, t, _ in data], [c for _, _, c in data]
    X = enc.encode(texts)
    tally, confusion = defaultdict(Counter), defaultdict(Counter)
    for f in sorted({g for g, _, _ in data if g != "seeds"}):
        train = [i for i, (g, _, _) in enumerate(data) if g != f]
        model = addressed.fit(X[train], [y[i] for i in train])
        for i in (i for i, (g, _, _) in enumerate(data) if g == f):
            r = rules(texts[i])
            tally[f]["n"] += 1
            tally[f]["rules"] += r == y[i]
            for gate in gates:
                both = engine_reading(texts[i], r, model, enc.encode, gate)
                tally[f][f"both@{gate}"] += both == y[i]
                if gate == addressed.GATE:
                    confusion[y[i]][both] += 1
    keys = ["rules"] + [f"both@{g}" for g in gates]
    print("file".ljust(22), "n".rjust(4), *[k.rjust(9) for k in keys])
    total = Counter()
    for f in sorted(tally):
        total.update(tally[f])
        print(f.ljust(22), str(tally[f]["n"]).rjust(4), *[str(tally[f][k]).rjust(9) for k in keys])
    print("ALL".ljust(22), str(total["n"]).rjust(4), *[str(total[k]).rjust(9) for k in keys])
    print(f"\nconfusion at gate {addressed.GATE} (gold -> read)")
    for gold, row in sorted(confusion.items()):
        print(f"  {gold:8}", dict(row))


if __name__ == "__main__":
    main()
