"""Our human-style answer sets (``evaluation/answers``) keep their schema, and the language bench scripts
every one of them, with the wave-4 sets as sources ``wave4 dev`` / ``wave4 heldout`` (held-out measured only)."""

from pathlib import Path

import pytest
import yaml

from benchmarks import language as bench

META = {None, "length", "purpose", "privacy", "meaning", "end"}
WAVE9 = [bench.ROOT / "evaluation" / "answers" / f"wave9_{split}.yaml" for split in ("dev", "heldout")]
WAVE10 = [bench.ROOT / "evaluation" / "answers" / f"wave10_{split}.yaml" for split in ("dev", "heldout")]
# wave 11: the held-out file and the check file were split heldout (measured only) in wave 11 and are retired to
# dev in wave 12 (read blind at the end of wave 11); the dev file is tuned on
WAVE11 = {name: bench.ROOT / "evaluation" / "answers" / f"wave11_{name}.yaml" for name in ("dev", "heldout", "check")}
# wave 12: the held-out file and the check file are split heldout (measured only); the dev file is tuned on
WAVE12 = {name: bench.ROOT / "evaluation" / "answers" / f"wave12_{name}.yaml" for name in ("dev", "heldout", "check")}
# wave 13: the held-out file and the check file were measured only in wave 13, retired to dev in wave 14
WAVE13 = {name: bench.ROOT / "evaluation" / "answers" / f"wave13_{name}.yaml" for name in ("dev", "heldout", "check")}
# wave 14: the held-out file and the check file are split heldout (measured only); the dev file is tuned on
WAVE14 = {name: bench.ROOT / "evaluation" / "answers" / f"wave14_{name}.yaml" for name in ("dev", "heldout", "check")}
# wave 15: the held-out file and the check file are split heldout (measured only); the dev file is tuned on
WAVE15 = {name: bench.ROOT / "evaluation" / "answers" / f"wave15_{name}.yaml" for name in ("dev", "heldout", "check")}
# wave 16: the held-out file and the check file are split heldout (measured only); the dev file is tuned on
WAVE16 = {name: bench.ROOT / "evaluation" / "answers" / f"wave16_{name}.yaml" for name in ("dev", "heldout", "check")}
# wave 17: the held-out file and the check file are split heldout (measured only); the dev file is tuned on
WAVE17 = {name: bench.ROOT / "evaluation" / "answers" / f"wave17_{name}.yaml" for name in ("dev", "heldout", "check")}
# wave 18: the held-out file and the check file are split heldout (measured only); the dev file is tuned on
WAVE18 = {name: bench.ROOT / "evaluation" / "answers" / f"wave18_{name}.yaml" for name in ("dev", "heldout", "check")}
# wave 19: the held-out file and the check file are split heldout (measured only); the dev file is tuned on
WAVE19 = {name: bench.ROOT / "evaluation" / "answers" / f"wave19_{name}.yaml" for name in ("dev", "heldout", "check")}
WAVE4 = [bench.ROOT / "evaluation" / "answers" / f"wave4_{split}.yaml" for split in ("dev", "heldout")]


@pytest.mark.parametrize("path", sorted((bench.ROOT / "evaluation" / "answers").glob("*.yaml")), ids=lambda p: p.name)
def test_answer_set_schema(path: Path):
    for dom in yaml.safe_load(path.read_text(encoding="utf-8"))["domains"]:
        assert dom["split"] in {"dev", "heldout"} and dom["stimulus"].count(":") >= 1, dom["name"]
        for a in dom["answers"]:
            assert set(a) <= {"text", "meta", "nodes", "labels", "point", "disclosure", "why_given"} and a["text"].strip(), a
            assert a["meta"] in META and isinstance(a["nodes"], bool), a
            assert not (a["meta"] and a["nodes"]), a  # a question about the interview carries no concept
            if "labels" in a:  # optional: what a careful human coder would label
                assert bool(a["labels"]) == a["nodes"], a
                assert all(lbl == lbl.lower() and 0 < len(lbl.split()) <= 8 for lbl in a["labels"]), a
            if a.get("point") is not None:  # optional (wave 8 on): the label an interviewer follows up next
                assert a["nodes"] and a["point"] in a.get("labels", []), a
            assert a.get("disclosure", True) is True, a  # optional: present only when true
            if "why_given" in a:  # optional (wave 9 on): the answer already says why its point matters
                assert a["why_given"] is True and a["nodes"], a


def test_wave4_sets_are_fresh_domains_with_labels():
    for path, split in zip(WAVE4, ("dev", "heldout")):
        domains = yaml.safe_load(path.read_text(encoding="utf-8"))["domains"]
        assert len(domains) == 3 and {d["split"] for d in domains} == {split}
        for dom in domains:
            assert 12 <= len(dom["answers"]) <= 14 and all("labels" in a for a in dom["answers"])


def test_language_bench_scripts_wave4_as_own_sources(tmp_path):
    assert [(p, prefix) for p, prefix in bench.ANSWER_SETS if prefix == "wave4"] == [(p, "wave4") for p in WAVE4]
    splits = [split for path in WAVE4 for split, _, _ in bench._heldout_concepts(tmp_path, path)]
    assert splits == ["dev"] * 3 + ["heldout"] * 3
    assert bench._measured_only("wave4 heldout") and not bench._measured_only("wave4 dev")


# wave9_heldout.yaml was read blind at the end of wave 9 and retired to dev in wave 10; wave10_heldout.yaml
# likewise at the end of wave 10, retired to dev in wave 11; wave11_heldout.yaml and wave11_check.yaml at the
# end of wave 11, retired to dev in wave 12; wave12_heldout.yaml and wave12_check.yaml at the end of wave 12,
# retired to dev in wave 13; wave13_heldout.yaml and wave13_check.yaml at the end of wave 13, retired to dev in wave 14;
# wave14_heldout.yaml and wave14_check.yaml at the end of wave 14, retired to dev in wave 15;
# wave15_heldout.yaml and wave15_check.yaml at the end of wave 15, retired to dev in wave 16;
# wave16_heldout.yaml and wave16_check.yaml at the end of wave 16, retired to dev in wave 17;
# wave17_heldout.yaml and wave17_check.yaml at the end of wave 17, retired to dev in wave 18;
# wave18_heldout.yaml and wave18_check.yaml at the end of wave 18, retired to dev in wave 19
@pytest.mark.parametrize("path, split", [*zip(WAVE9, ("dev", "dev")), *zip(WAVE10, ("dev", "dev")),
                                         (WAVE11["dev"], "dev"), (WAVE11["heldout"], "dev"),
                                         (WAVE11["check"], "dev"), (WAVE12["dev"], "dev"),
                                         (WAVE12["heldout"], "dev"), (WAVE12["check"], "dev"),
                                         (WAVE13["heldout"], "dev"), (WAVE13["check"], "dev"),
                                         (WAVE13["dev"], "dev"), (WAVE14["heldout"], "dev"),
                                         (WAVE14["check"], "dev"), (WAVE14["dev"], "dev"),
                                         (WAVE15["heldout"], "dev"), (WAVE15["check"], "dev"),
                                         (WAVE15["dev"], "dev"), (WAVE16["heldout"], "dev"),
                                         (WAVE16["check"], "dev"), (WAVE16["dev"], "dev"),
                                         (WAVE17["heldout"], "dev"), (WAVE17["check"], "dev"),
                                         (WAVE17["dev"], "dev"), (WAVE18["heldout"], "dev"),
                                         (WAVE18["check"], "dev"), (WAVE18["dev"], "dev"),
                                         (WAVE19["heldout"], "heldout"), (WAVE19["check"], "heldout"),
                                         (WAVE19["dev"], "dev")],
                         ids=lambda p: getattr(p, "name", p))
def test_wave9_to_wave19_sets_are_fresh_domains_with_points_and_why_given(path, split):
    domains = yaml.safe_load(path.read_text(encoding="utf-8"))["domains"]
    assert len(domains) == 3 and {d["split"] for d in domains} == {split}
    answers = [a for dom in domains for a in dom["answers"]]
    assert all(len(dom["answers"]) == 16 for dom in domains) and all("labels" in a for a in answers)
    assert all(("point" in a) == a["nodes"] for a in answers)  # every answer with concepts names its point
    assert 8 <= sum(a.get("why_given", False) for a in answers) <= 14
    assert 5 <= sum(a.get("disclosure", False) for a in answers) <= 9
    assert 8 <= sum(bool(a["meta"]) for a in answers) <= 14


def test_benches_script_wave9_as_own_sources():
    from benchmarks import labels
    assert [(p, prefix) for p, prefix in bench.ANSWER_SETS if prefix == "wave9"] == [(p, "wave9") for p in WAVE9]
    assert [(p, prefix) for p, prefix in labels.ANSWER_SETS if prefix == "wave9"] == [(p, "wave9") for p in WAVE9]
    assert bench._measured_only("wave9 heldout") and not bench._measured_only("wave9 dev")


def test_benches_script_wave10_as_own_sources():
    from benchmarks import labels
    assert [(p, prefix) for p, prefix in bench.ANSWER_SETS if prefix == "wave10"] == [(p, "wave10") for p in WAVE10]
    assert [(p, prefix) for p, prefix in labels.ANSWER_SETS if prefix == "wave10"] == [(p, "wave10") for p in WAVE10]
    assert bench._measured_only("wave10 heldout") and not bench._measured_only("wave10 dev")
    assert labels.measured_only("wave10 heldout") and not labels.measured_only("wave10 dev")


def test_benches_script_wave11_as_own_sources_all_retired_to_dev(tmp_path):
    from benchmarks import labels
    expected = [(WAVE11["dev"], "wave11"), (WAVE11["heldout"], "wave11"), (WAVE11["check"], "wave11 check")]
    assert [(p, prefix) for p, prefix in bench.ANSWER_SETS if prefix.startswith("wave11")] == expected
    assert [(p, prefix) for p, prefix in labels.ANSWER_SETS if prefix.startswith("wave11")] == expected
    # the sources the benches name ("<prefix> <split>", split read from each domain)
    sources = {f"{prefix} {split}" for path, prefix in expected for split, _, _ in bench._heldout_concepts(tmp_path, path)}
    assert sources == {"wave11 dev", "wave11 check dev"}  # both measured files retired to dev in wave 12
    for source in ("wave11 heldout", "wave11 check heldout"):  # the names a split heldout would give stay measured
        assert bench._measured_only(source) and labels.measured_only(source), source
    for source in sources:
        assert not bench._measured_only(source) and not labels.measured_only(source), source


@pytest.mark.parametrize("wave, files", [("wave12", WAVE12), ("wave13", WAVE13), ("wave14", WAVE14),
                                         ("wave15", WAVE15), ("wave16", WAVE16), ("wave17", WAVE17),
                                         ("wave18", WAVE18), ("wave19", WAVE19)],
                         ids=["wave12", "wave13", "wave14", "wave15", "wave16", "wave17", "wave18", "wave19"])
def test_wave_domains_are_new_to_the_answer_sets(wave, files):
    fresh = {d["name"] for path in files.values() for d in yaml.safe_load(path.read_text(encoding="utf-8"))["domains"]}
    others = {d["name"] for path in (bench.ROOT / "evaluation" / "answers").glob("*.yaml")
              if not path.name.startswith(f"{wave}_") for d in yaml.safe_load(path.read_text(encoding="utf-8"))["domains"]}
    assert len(fresh) == 9 and not fresh & others


# wave 12: both measured files retired to dev in wave 13; wave 13: likewise retired to dev in wave 14;
# wave 14: likewise retired to dev in wave 15; wave 15: likewise retired to dev in wave 16;
# wave 16: likewise retired to dev in wave 17; wave 17: likewise retired to dev in wave 18;
# wave 18: likewise retired to dev in wave 19;
# wave 19: the held-out file and the check file are measured only (split heldout) in wave 19
@pytest.mark.parametrize("wave, files, sources", [
    ("wave12", WAVE12, {"wave12 dev", "wave12 check dev"}),
    ("wave13", WAVE13, {"wave13 dev", "wave13 check dev"}),
    ("wave14", WAVE14, {"wave14 dev", "wave14 check dev"}),
    ("wave15", WAVE15, {"wave15 dev", "wave15 check dev"}),
    ("wave16", WAVE16, {"wave16 dev", "wave16 check dev"}),
    ("wave17", WAVE17, {"wave17 dev", "wave17 check dev"}),
    ("wave18", WAVE18, {"wave18 dev", "wave18 check dev"}),
    ("wave19", WAVE19, {"wave19 dev", "wave19 heldout", "wave19 check heldout"})],
    ids=["wave12", "wave13", "wave14", "wave15", "wave16", "wave17", "wave18", "wave19"])
def test_benches_script_wave_as_own_sources(tmp_path, wave, files, sources):
    from benchmarks import labels, points
    expected = [(files["dev"], wave), (files["heldout"], wave), (files["check"], f"{wave} check")]
    assert [(p, prefix) for p, prefix in bench.ANSWER_SETS if prefix.startswith(wave)] == expected
    assert [(p, prefix) for p, prefix in labels.ANSWER_SETS if prefix.startswith(wave)] == expected
    assert [(p, prefix) for p, prefix in points.ANSWER_SETS if prefix.startswith(wave)] == expected  # points reads labels'
    # the sources the benches name ("<prefix> <split>", split read from each domain)
    named = {f"{prefix} {split}" for path, prefix in expected for split, _, _ in bench._heldout_concepts(tmp_path, path)}
    assert named == sources
    for source in (f"{wave} heldout", f"{wave} check heldout"):  # the names a split heldout gives are measured only
        assert bench._measured_only(source) and labels.measured_only(source), source
    for source in sources:  # the dev sources are tuned on; measured only exactly where the split is heldout
        measured = source.endswith(" heldout")
        assert bench._measured_only(source) is measured and labels.measured_only(source) is measured, source
