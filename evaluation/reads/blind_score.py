"""Scores a blind read (sheet.md, key.json, verdicts.tsv in one folder): unacceptable items per 100 for each
file and version, on the answers both versions asked about, and how many items were identical. Each wave's
``score.py`` calls :func:`score` with its folder and the domains of its held-out file (the rest are the check
file's)."""
import json, re
from pathlib import Path


def score(d: Path, heldout: set[str]) -> None:
    key = json.loads((d / "key.json").read_text())
    v = {l.split("\t")[0].strip(): l.split("\t")[1].strip().lower() for l in (d / "verdicts.tsv").read_text().splitlines() if "\t" in l}
    assert len(v) == len(key), (len(v), len(key))
    dom = dict(re.findall(r"### Item (\d+)\nStudy topic: (.*)", (d / "sheet.md").read_text()))
    res = {}
    for item, uses in key.items():
        f = "heldout" if dom[item] in heldout else "check"
        for version, dd, i in uses:
            res[(version, f, dd, i)] = v[item]
    for f in ("heldout", "check", None):
        for version in ("untuned", "tuned"):
            ks = [k for k in res if k[0] == version and (f is None or k[1] == f)]; no = sum(res[k] == "no" for k in ks)
            print(f"{f or 'both'} {version}: {no}/{len(ks)} = {100*no/len(ks):.0f} per 100")
        common = {k[1:] for k in res if k[0] == "untuned" and (f is None or k[1] == f)} & {k[1:] for k in res if k[0] == "tuned"}
        for version in ("untuned", "tuned"):
            no = sum(res[(version, *c)] == "no" for c in common)
            print(f"  on the {len(common)} answers both asked about, {version}: {no}/{len(common)}")
        same = sum(1 for it, uses in key.items() if len(uses) == 2 and (f is None or (("heldout" if dom[it] in heldout else "check") == f)))
        print(f"  items identical in both versions: {same}")
