"""The question screen (wave 15): "one" as the object of the verb before it is a pronoun, not a dangling word
("I can't promise one;"); a determiner or preposition left before punctuation is still a fault. Invented domain: a
school of hand-lettered sign-writing."""

from __future__ import annotations

import pytest

from interview_core.language.screen import screen_question


@pytest.mark.parametrize("question", [
    "I haven't been told of a discount, so I can't promise one; what would you want from the course?",
    "Would you like to try one? What would you letter first?",
])
def test_one_as_the_object_of_a_verb_is_no_dangling_word(question):
    assert not any("dangling 'one'" in f for f in screen_question(question))


@pytest.mark.parametrize("question", ["What do you think of the?", "Which lettering would you pick, the one or?"])
def test_a_word_left_before_punctuation_is_still_flagged(question):
    assert any("dangling" in f for f in screen_question(question))
