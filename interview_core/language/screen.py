"""A mechanical screen for interviewer questions and concept labels: faults a reader of English spots at
once, found from word classes alone (closed-class English and LemmInflect), never from a study's words.

Question faults: markup or an unfilled placeholder; the respondent's first person left outside a
quote; an article or possessive glued to a word that cannot follow it ("the if", "the in control");
a function word dangling before punctuation ("when nobody's."); a determiner before a verb ("the
replace"); a gerund as the object of "have"; a filler used as a topic ("does dunno
come up"); a doubled word; unbalanced or empty quotes; no question mark; over MAX_QUESTION_WORDS words.
Person-style rubric checks (wave 3), each a general test of English, never a list of a study's words:
an article before another determiner ("the another app"); "a"/"an" before a plural noun ("a receipts");
"a"/"an" against the next word's first letter ("a apple", "an car"); an article whose phrase ends with no
noun ("about the pretty good?"); a relative pronoun before a bare gerund ("an app that solving"); two
finite verbs in one question clause ("Why does the list is long matter?"); a base verb missing after
"does/do/did" + subject at the end of the sentence ("Why does it?").
Parser checks (wave 4, the shared dependency parse): an adjective alone in a noun slot; per session, a noun the answer says only
under a negation asked about without one.
Session checks (:func:`screen_session`): a quote of the respondent that is not in their words, the same
quote or the same frame used twice in a window of questions.
Label faults: a label that starts with a conjunction, auxiliary, filler or subject pronoun, or ends on
a dangling function word; a clause label (a finite verb after its subject); a bare past-tense verb; a
light verb with only a particle or an indefinite pronoun ("taking over", "watering anything"); an
adjective with only a prepositional phrase ("insane for something"); a relative pronoun before a gerund.
"""

from __future__ import annotations

import re

from lemminflect import getInflection

from .offline.grammar import INDEFINITES, LIGHT_VERBS, closed, is_gerund, is_plural_noun, open_classes, verb_lemma
from ..text.primitives import jaccard, words

MAX_QUESTION_WORDS = 70
_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')
_MARKUP = re.compile(r"[*_`#<>\[\]{}|\\]|https?://")
_RESPONDENT_PERSON = frozenset("my mine myself our ours ourselves".split())
# Particles and adverbs that may close a clause ("turning it up?", "what's behind that?").
_MAY_END = frozenset("up out off down away back over around in on about through with for to there here like".split())
_ARTICLES = frozenset({"a", "an", "the"})
# Determiners an article may precede ("the other", "the few", "a lot", "the most").
_AFTER_ARTICLE_OK = frozenset("other few many more most least less one half such lots".split())
# Heads that stand without a noun after "the" ("the same", "the best", "the rest").
_HEADLESS_OK = frozenset("same other rest most least best worst first last next latter former whole only".split())
_FINITE = frozenset("is are was were am does do did has have had can could will would shall should may might must".split())
# Words that open a new clause inside a question: a second finite verb after one of them is fine.
_CLAUSE_OPENERS = frozenset("that which who whom whose when where why how what if because and or but so than "
                            "whether while before after until since as".split())


def _outside_quotes(text: str) -> str:
    return _QUOTED.sub(" QUOTE ", text)


def _article_glue() -> tuple[frozenset[str], frozenset[str]]:
    c = closed()
    articles = frozenset({"the", "a", "an"}) | (c.possessives - {"mine", "yours", "hers", "ours", "theirs", "his"})
    cannot_follow = (c.coordinators | c.subordinators | c.auxiliaries | c.subject_pronouns | c.subject_contractions
                     | c.prepositions | c.wh_words | articles | c.object_pronouns
                     | (c.interjections - {"like", "well", "right", "sure", "wait", "sorry", "ok", "okay", "so"})
                     ) - {"one", "there", "past", "round", "like", "since", "until", "after", "before", "being", "having"}
    return articles, cannot_follow


def _an_fault(article: str, word: str) -> bool:
    """'a' before a vowel letter or 'an' before a consonant letter, where spelling decides the sound
    ('an hour', 'a user', 'a one-off', acronyms and digits are not judged)."""
    if not word.isalpha() or not word.islower() or len(word) < 2:
        return False
    first = word[0]
    if article == "a":
        return first in "aeio" and not word.startswith(("one", "once", "eu"))
    return first in "bcdfgjklmnpqrstvwxyz" and not word.startswith(("hour", "honest", "honour", "honor", "heir"))


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.?!])\s+", text) if s.strip()]


def _double_finite(sentence_words: list[str]) -> str | None:
    """Two finite verbs in the first clause of a question ("why does the list is long matter"): the
    slot took a whole clause. Starts at a question's auxiliary (first word, or after a wh-word) and
    stops at the first word that opens a new clause."""
    ws = sentence_words
    start = 1 if ws and ws[0] in closed().wh_words else 0
    if len(ws) <= start or ws[start] not in _FINITE:
        return None
    for w in ws[start + 1:]:
        if w in _CLAUSE_OPENERS or w in closed().subject_contractions:
            return None
        if w in _FINITE - {"do", "have"}:  # "what did you do": a base form is the main verb
            return f"two finite verbs in one clause: '{ws[start]} ... {w}'"
    return None


_SINGULAR_AUX = {"does": "do", "is": "are", "was": "were", "has": "have", "doesn't": "don't", "isn't": "aren't",
                 "wasn't": "weren't", "hasn't": "haven't"}


def _singular_verb_plural_subject(ws: list[str]) -> str | None:
    """A singular auxiliary before a plural subject ("how does some courgettes help"): the auxiliary,
    then at most two determiners or adjectives, then a plural noun that ends the noun phrase."""
    c = closed()
    for i, w in enumerate(ws):
        if w not in _SINGULAR_AUX:
            continue
        j = i + 1
        while j < len(ws) and j - i <= 2 and (ws[j] in c.determiners | c.possessives
                                                or open_classes(ws[j]) == frozenset({"ADJ"})):
            j += 1
        if j < len(ws) and not any(x.isdigit() for x in ws[i + 1:j + 1]) and is_plural_noun(ws[j]) and (
                j + 1 == len(ws) or not ws[j + 1].endswith("ing")) and (j + 1 == len(ws) or ws[j + 1] in c.function_words or {"VERB"} & open_classes(ws[j + 1])
                or not {"NOUN"} & open_classes(ws[j + 1])):
            return f"'{w} ... {ws[j]}': a singular verb with a plural subject"
    return None


def _headless_article(ws: list[str], i: int) -> bool:
    """The article at ``i`` heads a phrase that ends (at the sentence end) with no noun ("about the
    pretty good"): every word after it is only an adjective or adverb in the lexicon."""
    rest = ws[i + 1:]
    if not rest or rest[-1] in _HEADLESS_OK or any(w in _HEADLESS_OK for w in rest):
        return False
    if all(open_classes(w) and open_classes(w) <= {"ADJ", "ADV"} and not w.endswith("est") for w in rest):
        return True
    # "the pretty good": an intensifier and an adjective, no noun after them
    return len(rest) == 2 and "ADV" in open_classes(rest[0]) and "ADJ" in open_classes(rest[1]) and not rest[1].endswith("est")


def _verb_only(word: str) -> bool:
    """A word that can only be a verb form in English ("replace", "says"), per LemmInflect."""
    return open_classes(word) == frozenset({"VERB"})


def screen_question(question: str) -> list[str]:
    """The faults found in one interviewer question (empty when none)."""
    c = closed()
    faults = []
    text = question.strip()
    if _MARKUP.search(text):
        faults.append("markup or placeholder")
    if text.count('"') % 2:
        faults.append("unbalanced quotes")
    if any(len(words(q)) == 0 or all(w in c.function_words | c.interjections for w in words(q))
           for q in _QUOTED.findall(text)):
        faults.append("quote without content")
    if not text.endswith(("?", ".")):
        faults.append("no sentence end")
    if len(words(text)) > MAX_QUESTION_WORDS:
        faults.append(f"over {MAX_QUESTION_WORDS} words")
    outside = _outside_quotes(text)
    ws = words(outside)
    if _RESPONDENT_PERSON & set(ws):
        faults.append("respondent's first person outside a quote: " + ", ".join(sorted(_RESPONDENT_PERSON & set(ws))))
    articles, cannot_follow = _article_glue()
    for a, b in zip(ws, ws[1:]):
        if a in articles and b in cannot_follow:
            faults.append(f"'{a} {b}': a determiner glued to a function word")
        if a in articles and _verb_only(b) and not b.endswith(("ed", "ing")):  # participles modify nouns
            faults.append(f"'{a} {b}': a determiner before a verb")
        if a in ("have", "has", "had", "get", "got") and b.endswith("ing") and verb_lemma(b):
            faults.append(f"'{a} {b}': a gerund as the object of '{a}'")
        if a == b and a not in ("that", "very", "had"):
            faults.append(f"doubled word '{a}'")
        if b in (c.interjections - {"like", "well", "right", "sure", "so", "ok", "okay", "thanks", "please", "sorry", "no"}) \
                and (a in c.prepositions or a in articles or a in c.auxiliaries):
            faults.append(f"filler as a topic: '{a} {b}'")
    for a, b in zip(ws, ws[1:]):
        if a in _ARTICLES and b in (c.determiners | c.possessives) - _AFTER_ARTICLE_OK - _ARTICLES:
            faults.append(f"'{a} {b}': an article before another determiner")
        if a in ("a", "an") and is_plural_noun(b):
            faults.append(f"'{a} {b}': a singular article before a plural noun")
        if a in ("a", "an") and _an_fault(a, b):
            faults.append(f"'{a} {b}': '{a}' before the wrong sound")
        if a in ("that", "which", "who") and is_gerund(b) and b not in ("being",):
            faults.append(f"'{a} {b}': a relative pronoun before a bare gerund")
    for sentence in _sentences(outside):
        sw = words(sentence)
        if (found := _singular_verb_plural_subject(sw)):
            faults.append(found)
        if sentence.rstrip().endswith("?") and (found := _double_finite(sw)):
            faults.append(found)
        for i, w in enumerate(sw):
            if w in _ARTICLES and sentence.rstrip().endswith(("?", ".")) and _headless_article(sw, i):
                faults.append(f"'{' '.join(sw[i:])}': an article with no noun")
    dangling = (c.coordinators | c.subordinators | c.determiners | c.possessives | c.prepositions
                | c.auxiliaries | c.subject_pronouns | c.subject_contractions) - _MAY_END - c.wh_words - {
                    "it", "you", "that", "this", "more", "enough", "all", "other", "others", "not",
                    "mine", "yours", "hers", "ours", "theirs", "his"}  # independent possessives end phrases
    for m in re.finditer(r"([A-Za-z']+)\s*[?.,!;:]", outside):
        word = m.group(1).lower().replace("’", "'")
        before = outside[:m.start()].split()[-1:]
        sentence_so_far = words(re.split(r"[.?!]\s", outside[:m.start()])[-1])
        stranded = word in c.prepositions and bool(c.wh_words & set(sentence_so_far))  # "where your food comes from."
        # "let's leave that one.": "one" as a pronoun after a demonstrative; "No, ...": a reply word opening a sentence
        # ... or after a preposition ("I haven't been told of one, but")
        pronoun = word == "one" and bool(before) and (before[0].lower().strip("'\"") in (
            "that", "this", "which", "each", "another", "the") or before[0].lower() in c.prepositions
            or _object_of_verb(outside[:m.start()].split()[-2:]))  # "so I can't promise one;"
        reply = word in ("no", "yes") and not sentence_so_far
        if word in dangling and not stranded and not pronoun and not reply and not (before and before[0].lower() == "or") and not (
                word in ("be", "been") and before and before[0].lower() in c.subject_pronouns | {"that", "this"}):
            # "..., or did.", "When would that be?"
            faults.append(f"dangling '{word}' before punctuation")
    faults += parse_faults(text)
    return list(dict.fromkeys(faults))


def _object_of_verb(pair: list[str]) -> bool:
    """"one" as the object of the verb before it ("I can't promise one", "you'd want one"): that word a verb
    (its open classes), after an auxiliary or modal, a negation, a subject pronoun or "to"."""
    c = closed()
    if len(pair) != 2:
        return False
    first, verb = (w.lower().strip("'\",") for w in pair)
    return "VERB" in open_classes(verb) and verb not in c.auxiliaries and (
        first in c.auxiliaries or first in c.subject_pronouns or first in ("to", "not", "never")
        or first.endswith("n't"))


_NEGATORS = frozenset("not n't no never without nothing nobody none".split())


def parse_faults(question: str) -> list[str]:
    """Faults the dependency parse shows in a question sentence, outside its quotes: an adjective or
    adverb alone in a noun slot ("about great"). (Counting finite verbs against clause openers was
    tried and dropped: the small parser's clause boundaries gave false alarms on good questions.)"""
    from ..text.parse import parse  # the shared cached parse; loaded only when the screen runs

    faults = []
    for sentence in _sentences(_outside_quotes(question.strip())):
        if not sentence.rstrip().endswith("?"):
            continue
        doc = parse(sentence)
        for t in doc:
            if t.dep_ == "pobj" and t.pos_ in ("ADJ", "ADV") and not list(t.children):
                faults.append(f"an adjective or adverb alone in a noun slot: '{t.head.text} {t.text}'")
    return list(dict.fromkeys(faults))


def lost_negation(question: str, answer: str) -> list[str]:
    """A noun of the question (outside quotes) that the answer says only under a negation ("we don't own
    a car"), asked about with no negation in the question ("why does the car matter")."""
    from ..text.parse import parse
    from .offline.topics import is_negated

    outside = _outside_quotes(question)
    if not answer or _NEGATORS & set(words(outside)):
        return []
    asked = {t.lemma_.lower() for t in parse(outside) if t.pos_ in ("NOUN", "PROPN") and t.text != "QUOTE"
             and t.lower_ not in closed().general_nouns}  # "one way or the other" names no topic
    said = [t for t in parse(answer) if t.lemma_.lower() in asked]
    if said and all(is_negated(t) for t in said):
        return [f"a negation in the answer lost in the question: '{said[0].text}'"]
    return []


def screen_label(label: str) -> list[str]:
    """The faults found in one concept label (empty when none)."""
    c = closed()
    ws = words(label)
    if not ws:
        return ["empty label"]
    faults = []
    first, last = ws[0], ws[-1]
    if first in c.coordinators or first in c.subordinators:
        faults.append(f"starts with a conjunction '{first}'")
    if first in c.auxiliaries and first not in ("being", "having"):
        faults.append(f"starts with an auxiliary '{first}'")
    if first in c.interjections and first not in ("no", "like"):
        faults.append(f"starts with a filler '{first}'")
    if first in c.subject_pronouns or first in c.subject_contractions:
        faults.append(f"starts with a subject '{first}'")
    if len(ws) > 1 and (last in c.subordinators or last in c.coordinators or last in c.determiners
                        or last in c.auxiliaries) and last not in ("more", "enough", "all", "much", "less"):
        faults.append(f"ends on '{last}'")
    faults += _label_rubric(ws)
    return faults


def _label_rubric(ws: list[str]) -> list[str]:
    """A reader's faults in a label: a clause rather than a phrase, a bare verb, an empty predicate."""
    c = closed()
    faults = []
    for i in range(1, len(ws)):
        before = ws[:i]
        if any(w in _CLAUSE_OPENERS or w in c.wh_words or verb_lemma(w) in c.framing_verbs for w in before):
            break  # "knowing where my food comes from", "knowing the family is safe": a clause as object
        if ws[i] in _FINITE | {"'s", "'re", "'m"} and ws[i - 1] not in ("being", "having"):
            faults.append(f"a clause, not a phrase: finite '{ws[i]}'")
            break
    if len(ws) == 1 and verb_lemma(ws[0]) and verb_lemma(ws[0]) != ws[0] and not ws[0].endswith("ing") \
            and ws[0] in (getInflection(verb_lemma(ws[0]), "VBD") or ()):
        faults.append(f"a bare past-tense verb '{ws[0]}'")
    if is_gerund(ws[0]) and verb_lemma(ws[0]) in LIGHT_VERBS and all(
            w in c.prepositions or w in INDEFINITES or w in c.object_pronouns for w in ws[1:]):
        faults.append("a light verb with no content")
    if is_gerund(ws[0]) and len(ws) > 1 and all(w in INDEFINITES for w in ws[1:]):
        faults.append("a verb with only an indefinite pronoun")
    if len(ws) > 2 and open_classes(ws[0]) == frozenset({"ADJ"}) and ws[1] in c.prepositions and ws[2] in INDEFINITES:
        faults.append(f"an adjective about an indefinite pronoun, no concept: '{' '.join(ws[:3])}'")
    if any(a in ("that", "which", "who") and is_gerund(b) for a, b in zip(ws, ws[1:])):
        faults.append("a relative pronoun before a bare gerund")
    return faults


_SAID = re.compile(r'(?:You said|You mentioned|Earlier you said|earlier you mentioned)\s+"([^"]+)"')
SESSION_WINDOW = 6


def _plain(question: str) -> str:
    """The question part of an interviewer turn (its last sentences from the last quote or question)."""
    from .offline.questions import plain_question

    return plain_question(question)


def _skeleton(question: str) -> frozenset[str]:
    """A question's words with quotes masked: what stays when only the topic changes."""
    return frozenset(words(_QUOTED.sub(" quote ", question)))


def screen_session(questions: list[str], answers: list[str] | None = None) -> list[tuple[int, list[str]]]:
    """Faults that show only across a session: (index of the question, faults) for each question whose
    quote of the respondent is not in the answers given before it (when ``answers[k]`` is the answer to
    ``questions[k]``), or that repeats a quote or a whole frame of one of the SESSION_WINDOW questions
    before it. Frames are compared with quotes masked; the same wording with a new topic is the
    same frame when its words match at 0.9 or more."""
    out = []
    for k, question in enumerate(questions):
        faults = []
        if answers is not None and 0 < k <= len(answers):
            faults += lost_negation(question, answers[k - 1])
        said = _SAID.findall(question)
        if answers is not None:
            heard = " ".join(" ".join(a.replace('"', "'").split()) for a in answers[:k])
            faults += [f"quote not in the respondent's words: {q!r}" for q in said
                       if q.rstrip(".") not in heard and (q[:1].upper() + q[1:]).rstrip(".") not in heard]
        window = questions[max(0, k - SESSION_WINDOW):k]
        if k and _plain(questions[k - 1]) and _plain(questions[k - 1]) in question:
            window = window[:-1]  # a rephrase of the last question ("what do you mean?") repeats it on purpose
        if any(q in prev for q in said for prev in window):
            faults.append("the same quote as a recent question")
        mine = _skeleton(question)
        if len(mine) > 4 and any(jaccard(mine, _skeleton(prev)) >= 0.9 for prev in window):
            faults.append("the same frame as a recent question")
        if faults:
            out.append((k, faults))
    return out
