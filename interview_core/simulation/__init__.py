"""Simulated respondents with a hidden ground truth (a *mind*), and the metrics that score an interview
against that truth.

- :mod:`.mind`: the mind YAML format, its loader and validator;
- :mod:`.intent`: what a question asks for, read from its wording only;
- :mod:`.behaviour`: persona files turned into answer-style probabilities;
- :mod:`.respondent`: the respondent that answers question text from its mind;
- :mod:`.similarity`: token Jaccard and optional embedding cosine used by the metrics;
- :mod:`.metrics`: pure functions over transcripts;
- :mod:`.runner`: drives an interview session with a respondent and writes a run record.

The respondent never imports the engine: it sees question text only.
"""
