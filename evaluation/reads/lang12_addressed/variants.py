"""Decision rules of the addressed-turn classifier compared by leave-one-file-out (lang12): the same folds
and examples as train.py; every segment encoded once. Run after train.py cv (it caches the rules' readings).

    PYTHONPATH=$PWD /work/main/.venv/bin/python evaluation/reads/lang12_addressed/variants.py
"""
from __future__ import annotations

import json
import os
import sys
from collections import Counter

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from train import _CACHE, encoded  # noqa: E402

from interview_core.language.offline import addressed  # noqa: E402

C = addressed.CLASSES


def main() -> None:
    enc, data, texts, y, X = encoded()
    segs = [addressed.segments(t) for t in texts]
    S = [enc.encode(s) for s in segs]
    cache = json.load(open(_CACHE))
    files = sorted({f for f, _, _ in data if f != "seeds"})
    rules_ok = 0
    variants = {}
    for gate in (0.4, 0.45, 0.5, 0.55, 0.6, 0.7):
        for margin in (False, True):
            for over in (None, 0.8, 0.9):
                variants[(gate, margin, over)] = Counter()
    for f in files:
        train = [i for i, (g, _, _) in enumerate(data) if g != f]
        w, b = addressed.fit(X[train], [y[i] for i in train])
        for i, (g, _, gold) in enumerate(data):
            if g != f:
                continue
            r = cache[texts[i]]
            rules_ok += r == gold
            p = addressed._softmax(S[i] @ w + b)
            q = p[:, 1:]
            row, col = np.unravel_index(np.argmax(q), q.shape)
            top, best = q[row, col], C[col + 1]
            for (gate, margin, over), tally in variants.items():
                ok = top >= gate and (not margin or top > p[row, 0])
                c = best if ok else "none"
                out = r if r != "none" else c
                if over is not None and r not in ("none", best) and top >= over:
                    out = best
                tally["ok"] += out == gold
                tally["fp"] += gold == "none" and out != "none"
                tally["fn"] += gold != "none" and out == "none"
                if f == "wave11_heldout.yaml":
                    tally["w11h"] += out == gold
    n = sum(1 for g, _, _ in data if g != "seeds")
    print(f"rules alone {rules_ok}/{n}")
    for k, t in sorted(variants.items(), key=lambda kv: -kv[1]["ok"]):
        print(f"gate {k[0]:.2f} margin {k[1]!s:5} override {k[2]!s:4}: {t['ok']}/{n}  none read as addressed {t['fp']}  "
              f"addressed read as none {t['fn']}  wave11_heldout {t['w11h']}/48")


if __name__ == "__main__":
    main()
