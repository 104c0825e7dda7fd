"""Reports: paper-style tables, intervals, tests, figures and the HTML viewer over runs.

- ``build``: a whole report from loaded runs (tables, figures, HTML);
- ``failures``: which safety condition failed in an unsafe episode, and how;
- ``figures``: the paper's figures with 95% intervals;
- ``formats``: tables as Markdown, CSV and LaTeX;
- ``html``: the single-file HTML report with the step-by-step viewer;
- ``loading``: run directories and Inspect logs (through the adapter) into one shape;
- ``statistics``: seeded bootstrap intervals and paired tests;
- ``tables``: Table 2 cells, overall averages, per-risk rates and paired tests.
"""
