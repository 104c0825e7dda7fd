"""Reports: paper-style tables, intervals, tests, figures and the HTML viewer over runs.

- ``build``: a whole report from loaded runs (tables, figures, HTML);
- ``failures``: which safety condition failed in an unsafe episode, and how;
- ``figures``: the paper's figures with 95% intervals;
- ``formats``: tables as Markdown, CSV and LaTeX;
- ``frames``: every step's image drawn from the replayed episode for the viewer;
- ``html``: the HTML report with the step-by-step viewer;
- ``modes``: a run's action mode and image history (labels; runs of two modes never pooled);
- ``loading``: run directories and Inspect logs (through the adapter) into one shape;
- ``probe``: probe accuracy beside SSR per relation (``report --probe``);
- ``replay``: each episode re-simulated from its task and recorded actions (its states);
- ``results_export``: a verified run as Hugging Face ``.eval_results`` entries;
- ``review``: the human-review sheet of a dataset, a page per relation;
- ``statistics``: seeded bootstrap intervals and paired tests;
- ``sweep``: the report of a sweep (every cell, plus the grid with usage and cost);
- ``tables``: Table 2 cells, overall averages, per-risk rates and paired tests;
- ``verify``: a run checked by replay (steps, verdicts, metrics, versions);
- ``versions``: the runs' versions in a report, and the check before pooling them.
"""
