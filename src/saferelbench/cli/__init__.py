"""The ``saferelbench`` command (typer), the top layer.

- ``check_cmd``: ``check-extensions``: every registered extension checked for completeness;
- ``commands``: the sub-command modules, each with ``register(app)``;
- ``dataset_cmd``: ``build-dataset``, ``validate``, ``stats``, ``export-dataset``;
- ``hf_export_cmd``: ``export-dataset --format hf``, the initial images drawn;
- ``main``: the ``saferelbench`` app, wiring the sub-commands;
- ``probe_cmd``: ``probe``: the perception probe, a built-in answerer or a model;
- ``render_cmd``: ``render``: the image of every step of a plan;
- ``replay_cmd``: ``replay``: a plan (or the golden plan) on a task, or an IS-Bench folder;
- ``replay_table``: what ``replay`` prints: the steps and every condition with its verdict;
- ``report_cmd``: ``report``: tables, intervals, figures and the HTML report;
- ``review_cmd``: ``review``: the human-review sheet, a page per relation;
- ``run_checks``: what ``run`` says besides its table: answers by kind, fail fast, exit codes,
  ``--dry-run``;
- ``run_cmd``: ``run``: the main job, an agent or a model over the benchmark;
- ``run_options``: ``run``'s options: its own and one per run configuration field;
- ``run_output``: what ``run`` prints: the table, its legend, the usage line, the progress bar;
- ``show_cmd``: ``show``: one recorded episode in the terminal or as a page;
- ``sweep_cmd``: ``sweep``: models x prompt variants through Inspect's eval-set, one report;
- ``verify_cmd``: ``verify``: a run replayed and checked, and its ``.eval_results`` export.
"""
