"""The fresh minds sets of evaluation/ (wave 11 on): each loads clean and has the shape its README paragraph
promises. Structure only: these tests read no recall figures (the measured set is measured as totals only)."""

from pathlib import Path

import pytest
import yaml

from interview_core.config import registry
from interview_core.simulation.mind import parse_mind

EVALUATION = Path(__file__).resolve().parents[2] / "evaluation"
# set folder -> (concept id, the three minds), as evaluation/README.md lists them
SETS = {
    "wave11_dev": ("slow_cooker", {"slowcook_shift_rambler", "slowcook_table_together", "slowcook_skint_student"}),
    "wave11_heldout": ("baby_sling", {"sling_dad_terse", "sling_reflux_anxious", "sling_nan_sceptic"}),
    "wave12_dev": ("metal_detector", {"detector_retired_historian", "detector_quiet_mend", "detector_beach_rival"}),
    "wave12_heldout": ("finder_tags", {"findling_carer_son", "findling_teen_late", "findling_cheerful_muddler"}),
    "wave13_dev": ("mobility_scooter", {"trundlo_gruff_busman", "trundlo_fretful_daughter", "trundlo_wry_thirties"}),
    "wave13_heldout": ("weighted_blanket", {"hush_dad_second_language", "hush_student_jittery", "hush_gran_hot_flush"}),
    "wave14_dev": ("robot_vacuum", {"brisko_husky_second_language", "brisko_jokey_twins_dad", "brisko_wheezy_toddler_mum"}),
    "wave14_heldout": ("lean_to_greenhouse", {"sunlean_terse_widower", "sunlean_nightshift_chatter", "sunlean_doubting_dad"}),
    "wave15_dev": ("fitness_smartwatch", {"strydo_rambling_gran", "strydo_wary_engineer", "strydo_bragging_runner"}),
    "wave16_dev": ("personal_blender", {"whizzo_hyped_convert", "whizzo_foggy_new_dad", "whizzo_formal_corporal"}),
    "wave15_heldout": ("mobile_library", {"bookhop_bereaved_son", "bookhop_dyslexic_teen", "bookhop_exacting_teacher"}),
    "wave16_heldout": ("water_filter_jug", {"clearbrook_florid_tea_snob", "clearbrook_harried_trainee", "clearbrook_wandering_preacher"}),
    "wave17_dev": ("hand_warmer", {"emberpod_jargon_marshal", "emberpod_lollipop_storyteller", "emberpod_numbered_bookkeeper"}),
    "wave17_heldout": ("colour_analysis", {"tintwell_guarded_officer", "tintwell_silver_lyricist", "tintwell_contrary_manager"}),
    "wave18_dev": ("weather_station", {"skywick_proverb_gardener", "skywick_slang_scaffolder", "skywick_self_questioner"}),
    "wave18_heldout": ("tai_chi_class", {"willowmove_understated_farmer", "willowmove_scots_carer", "willowmove_you_talker"}),
    "wave19_dev": ("ice_cream_maker", {"churnly_clipped_allergy_dad", "churnly_overrun_tinkerer", "churnly_remembering_nan"}),
    "wave19_heldout": ("egg_incubator", {"hatchwell_welsh_smallholder", "hatchwell_sorry_shift_dad", "hatchwell_exclaiming_teacher"}),
}
RUNG_ORDER = ["attribute", "functional_consequence", "psychosocial_consequence", "instrumental_value", "terminal_value"]


@pytest.fixture
def minds_of(monkeypatch):
    """Load a set's minds by name, the set's folder searched after config/ like `--config-dir`."""
    def load(folder: str):
        monkeypatch.setenv(registry.EXTRA_DIRS_ENV, str(EVALUATION / folder))
        out = {}
        for path in sorted((EVALUATION / folder / "minds").glob("*.yaml")):
            mind, warnings = parse_mind(path)
            assert warnings == [], warnings
            out[mind.id] = mind
        return out
    return load


@pytest.mark.parametrize("folder", sorted(SETS))
def test_set_holds_one_new_concept_and_three_minds(folder, minds_of):
    concept_id, names = SETS[folder]
    assert [p.stem for p in (EVALUATION / folder / "concepts").glob("*.yaml")] == [concept_id]
    minds = minds_of(folder)
    assert set(minds) == names
    assert {m.concept for m in minds.values()} == {concept_id}
    assert not (registry.CONFIG_DIR / "concepts" / f"{concept_id}.yaml").exists()
    concept = registry.concept(concept_id)
    assert concept.methodology == "means_end_chain"
    assert concept.id == concept_id and concept.stimulus.strip()


@pytest.mark.parametrize("folder", sorted(SETS))
def test_each_mind_climbs_from_an_attribute_to_a_terminal_value(folder, minds_of):
    for mind in minds_of(folder).values():
        assert 5 <= mind.depth <= 6, mind.id
        top = [c for c in mind.by_id if mind.rung[c] == mind.depth]
        assert [mind.by_id[c].type for c in top] == ["terminal_value"], mind.id
        for cause, effect in mind.links:  # a link never leads down the ladder
            assert RUNG_ORDER.index(mind.by_id[cause].type) <= RUNG_ORDER.index(mind.by_id[effect].type), (mind.id, cause)
        for root in mind.roots:  # every ladder starts at a feature of the stimulus
            assert mind.by_id[root].type == "attribute" and mind.by_id[root].element, (mind.id, root)
        liked = [r for r in mind.roots if top[0] in mind.branch_of(r)]
        assert len(liked) == 2, f"{mind.id}: a main ladder and one side ladder joining it"
        others = [r for r in mind.roots if r not in liked]
        assert len(others) == 1 and mind.by_id[others[0]].stance <= 0, f"{mind.id}: one disliked or neutral attribute"
        assert mind.dont_know, mind.id


@pytest.mark.parametrize("folder", sorted(SETS))
def test_phrasings_are_varied_and_not_borrowed(folder, minds_of):
    minds = minds_of(folder)
    mine = [p.lower() for m in minds.values() for c in m.concepts for p in c.phrasings]
    assert all(len(c.phrasings) == 3 for m in minds.values() for c in m.concepts)
    assert len(mine) == len(set(mine)), "a phrasing repeated within the set"
    earlier: set[str] = set()  # every other minds set and the shipped minds, read as plain YAML
    for path in [*EVALUATION.glob("*/minds/*.yaml"), *registry.CONFIG_DIR.glob("minds/*.yaml")]:
        if path.parts[-3] != folder:
            for c in yaml.safe_load(path.read_text())["concepts"]:
                earlier.update(p.lower() for p in c["phrasings"])
    assert not set(mine) & earlier
