"""Wave 18 (dedup18): the cross pairs (labels of different dev pairs, one domain and node type: an interview's
nodes, read with ``interview bench dedup --cross``) leave out every combination that is itself a labelled pair of
the split, in either order and any case. A label the pairs' author used in two pairs ("a swan shape" beside
"carved swan" and beside "cloudy ice") otherwise makes the labelled paraphrase again as a cross pair labelled
different: 75 of the 100 ``--cross`` merges at w18-base were such labelled paraphrases, and a tier fitted with the
cross pairs as negatives learnt against its own positives. Invented domain: ice sculpture commissions."""

from interview_core.dedup.evaluation import LabelledPair, cross_pairs

D = "ice_sculpture"


def _cross(pairs):
    return {(p.a.lower(), p.b.lower()) for p in cross_pairs(pairs)}


def test_a_labelled_paraphrase_is_no_cross_pair_when_a_label_is_used_twice():
    pairs = [LabelledPair(D, "dev", "attribute", "carved swan", "a swan shape", True),
             LabelledPair(D, "dev", "attribute", "a swan shape", "cloudy ice", False),
             LabelledPair(D, "dev", "attribute", "crystal clear ice", "ice you can see through", True)]
    got = _cross(pairs)
    # "carved swan" (first pair) / "a swan shape" (second pair) is the first pair again: left out
    assert ("carved swan", "a swan shape") not in got
    assert ("carved swan", "cloudy ice") in got and ("a swan shape", "crystal clear ice") in got


def test_a_labelled_pair_is_left_out_in_either_order_and_any_case():
    pairs = [LabelledPair(D, "dev", "functional_consequence", "lasts the whole party", "doesn't melt before the toast", True),
             LabelledPair(D, "dev", "functional_consequence", "Doesn't melt before the toast", "drips on the tablecloth", False),
             LabelledPair(D, "dev", "functional_consequence", "drips on the tablecloth", "Lasts the whole party", False)]
    got = _cross(pairs)
    # every combination of these labels is one of the three labelled pairs (in another order or case)
    assert got == set()


def test_a_label_pair_labelled_only_in_another_split_or_type_stays_a_cross_pair():
    pairs = [LabelledPair(D, "dev", "attribute", "a chiselled logo", "the company badge in ice", True),
             LabelledPair(D, "dev", "attribute", "a frozen bar counter", "an ice luge", True),
             LabelledPair(D, "heldout", "attribute", "a chiselled logo", "a frozen bar counter", False),
             LabelledPair(D, "dev", "functional_consequence", "the company badge in ice", "an ice luge", False)]
    # labelled in the held-out split or under another node type only: the dev attribute combination stays
    assert _cross(pairs) == {("a chiselled logo", "a frozen bar counter"), ("a chiselled logo", "an ice luge"),
                             ("the company badge in ice", "a frozen bar counter"),
                             ("the company badge in ice", "an ice luge")}
