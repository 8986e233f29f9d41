"""Wave 10: labels whose every content word matches the other's and that still name another thing, from
examples of our own (a canal-boat hire and a pottery studio, domains used nowhere else in the repository):
a scale against one of its values reached through a derivation or WordNet's looser links ("the boat's
speed" / "a fast boat"), another question word ("when" / "how" the lock opens), the same words hung from
swapped predicates ("easy to steer but hard to moor"), an ability against an obligation ("I can steer" /
"I have to steer"), a giver against a receiver ("a mug from / for my sister"), whose a thing is ("the
potter chipped the student's bowl" / "the student chipped the potter's bowl"), who feels and whom it is about,
and a cause against what it causes ("teaching" / "learning"). Each must never merge in
the aligned-words tier, with the looser links on, and the rewordings beside them still merge."""

import pytest

from interview_core.config.settings import DedupSettings
from interview_core.dedup.calibration import Calibration
from interview_core.dedup.matcher import HybridMatcher

APART = [
    ("the boat's speed", "a fast boat"),  # a scale and one of its values, joined by a derivation
    ("kiln temperature", "a hot kiln"),  # ... and by a neighbour both words reach
    ("knowing when the lock opens", "knowing how the lock opens"),  # another question
    ("easy to steer but hard to moor", "hard to steer but easy to moor"),  # the same words, swapped predicates
    ("the glaze is thin and the clay thick", "the glaze is thick and the clay thin"),
    ("I can steer the boat", "I have to steer the boat"),  # able to, as against made to
    ("a mug from my sister", "a mug for my sister"),  # the one it comes from, the one it goes to
    # whose the thing is, when the words are all shared (the wave-10 dev errors' kind, written for our domains)
    ("the potter chipped the student's bowl", "the student chipped the potter's bowl"),
    ("my tiller was fixed by the lock keeper", "I fixed the lock keeper's tiller"),
    ("my friend moors at my jetty", "I moor at my friend's jetty"),
    # who feels it and whom it is about
    ("annoyed with the lock keeper", "the lock keeper annoyed with us"),
    ("the potter is kind to my son", "my son is kind to the potter"),
    ("my daughter being proud of the potter", "the potter being proud of my daughter"),
    ("the potter's student", "the student's potter"),  # the owner and the owned swapped
    # a cause and what it causes (WordNet's cause link): done by different people
    ("teaching a glazing technique", "learning a glazing technique"),
]

STILL_ONE = [
    ("a fast boat", "a quick boat"),
    ("freedom on the canal", "feeling free on the canal"),  # a state named after its value
    ("a convenient mooring", "mooring convenience"),
    ("the beauty of the canal", "a lovely canal"),  # the noun names the value's own pole
    ("knowing when the lock opens", "knowing when the lock is open"),
    ("easy to steer", "steering is easy"),
    ("I can steer the boat", "I am able to steer the boat"),
    ("my tiller was fixed by the lock keeper", "the lock keeper fixed my tiller"),
    ("the potter's bowl", "the bowl of the potter"),
    ("our jetty", "my jetty"),
]


def _matcher(lexicon) -> HybridMatcher:
    cal = Calibration(model="none", target_precision=0.95, dev_pairs=0, embedding_thresholds={},
                      aligned_thresholds={"default": 0.4}, related_words=True)
    return HybridMatcher(DedupSettings(), lexicon=lexicon, encoder=None, calibration=cal)


@pytest.mark.parametrize("a,b", APART)
def test_reworded_labels_naming_another_thing_never_merge(parsed_lexicon, a, b):
    m = _matcher(parsed_lexicon)
    assert m.match(b, "functional_consequence", [("n1", a)]) is None
    assert m.match(a, "attribute", [("n1", b)]) is None


@pytest.mark.parametrize("a,b", STILL_ONE)
def test_rewordings_of_the_same_thing_still_merge(parsed_lexicon, a, b):
    m = _matcher(parsed_lexicon)
    assert m.match(b, "functional_consequence", [("n1", a)]) is not None
