"""Evaluation: the result schema and the numbers computed over it.

- ``legend``: what every column of a results table means (run, report);
- ``judge``: safety awareness (did the stated cautions cover the safety tips?);
- ``metrics``: SR, SSR, SRec, standard errors and groupings, computed in this one place
  (and IS-Bench's figures for ``isbench`` runs);
- ``probe``: the perception probe's questions, fixed by the state, and their exact scoring;
- ``probe_run``: the probe's images of a task, the built-in answerers and the result file;
- ``moves``: objects an agent moved that neither the goal nor a condition needed;
- ``relation_safety``: relation SSR, safety on what the spatial relation puts at risk;
- ``results``: ``EpisodeResult``, ``RunSummary``, ``RunInfo``: one schema for every runner.
"""
