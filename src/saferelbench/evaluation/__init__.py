"""Evaluation: the result schema and the numbers computed over it.

- ``judge``: safety awareness (did the stated cautions cover the safety tips?);
- ``metrics``: SR, SSR, SRec, standard errors and groupings, computed in this one place;
- ``moves``: objects an agent moved that neither the goal nor a safety condition needed;
- ``results``: ``EpisodeResult``, ``RunSummary``, ``RunInfo``: one schema for every runner.
"""
