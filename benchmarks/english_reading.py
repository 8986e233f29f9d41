"""``interview bench english``: how well the offline layer tells an answer plainly not in English.

Reads our own case table (``evaluation/language_id_cases.tsv``: English answers with typos, slang, brand
names and short ones, and answers in 20 other languages; a dev split the threshold was tuned on and a test
split only measured) and, as a second English-only set, the held-out human-style answers of the offline
layer (``tests/language/data/heldout_answers.yaml``, ``evaluation/answers/*.yaml``). Prints, at the untuned and the tuned English-share
threshold: English answers flagged (false alarms: the goal is none) and other-language answers caught,
per split; then the reading's time per answer.
"""

from __future__ import annotations

import csv
import time
from pathlib import Path

import yaml

from interview_core.language import english

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "evaluation" / "language_id_cases.tsv"
HELDOUT = ROOT / "tests" / "language" / "data" / "heldout_answers.yaml"
ANSWER_SETS = sorted((ROOT / "evaluation" / "answers").glob("*.yaml"))  # written by others, unseen while tuning
UNTUNED = 0.5


def register(benches) -> None:
    p = benches.add_parser("english", help="false alarms and catches of the offline layer's not-English reading")
    p.add_argument("--cases", default=str(CASES), help="TSV: split, expected (en|other), language, text")
    p.set_defaults(func=_run)


def load_cases(path: Path) -> list[tuple[str, str, str, str]]:
    with open(path, encoding="utf-8") as fh:
        return [tuple(r) for r in csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE) if r and not r[0].startswith("#")]


def heldout_english() -> list[str]:
    """Every answer of the offline layer's human-style English answer sets (``domains[].answers[].text``)."""
    texts = []
    for path in [HELDOUT, *ANSWER_SETS]:
        if path.is_file():
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            texts += [a["text"] for d in data["domains"] for a in d["answers"]]
    return texts


def _run(args) -> int:
    rows = load_cases(Path(args.cases))
    start = time.perf_counter()
    english.read_language("warm up the lexicons")
    load_s = time.perf_counter() - start
    readings = [(split, expected, lang, text, english.read_language(text)) for split, expected, lang, text in rows]
    extra = [english.read_language(t) for t in heldout_english()]
    for name, threshold in (("untuned", UNTUNED), ("tuned", english.MIN_ENGLISH_SHARE)):
        print(f"{name} (English share < {threshold:.2f}, or most letters in another script):")
        for split in ("dev", "test"):
            en = [r for s, e, _, _, r in readings if s == split and e == "en"]
            other = [(lang, r) for s, e, lang, _, r in readings if s == split and e == "other"]
            alarms = sum(r.flagged_at(threshold) for r in en)
            caught = sum(r.flagged_at(threshold) for _, r in other)
            missed = [lang for lang, r in other if not r.flagged_at(threshold)]
            print(f"  {split:4}: English flagged {alarms}/{len(en)}; other languages caught {caught}/{len(other)}"
                  f" ({len({lang for lang, _ in other})} languages){' missed: ' + ', '.join(missed) if missed else ''}")
        if extra:
            print(f"  human-style English answer sets (tests/language/data, evaluation/answers) flagged: "
                  f"{sum(r.flagged_at(threshold) for r in extra)}/{len(extra)}")
    texts = [t for *_, t, _ in readings] + heldout_english()
    start = time.perf_counter()
    english.is_english_word.cache_clear()
    for t in texts:
        english.read_language(t)
    per = (time.perf_counter() - start) / len(texts) * 1000
    print(f"lexicon load {load_s:.2f} s; reading {per:.2f} ms per answer (cold word cache, {len(texts)} answers)")
    return 0
