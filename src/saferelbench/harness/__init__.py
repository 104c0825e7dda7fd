"""The harness: closed-loop episodes of an agent, and runs of many of them (no Inspect here).

- ``awareness``: applying an awareness judge to a finished episode;
- ``baselines``: SR / SSR of the blanket-caution baselines under the verdict protocols;
- ``config``: ``RunConfig``, the one run configuration (CLI, Inspect task, episode loop);
- ``options``: the run options a configuration's fields declare (name, type, default, help);
- ``diagnosis``: a run's invalid answers and errors by kind, and whether it measured the agent;
- ``episode``: the episode state machine (observe, ask, parse, step, record) and ``run_episode``;
- ``errors``: failures as one-line reasons, secrets redacted everywhere;
- ``ledger``: usage totals, prices, estimated cost and budgets of model runs;
- ``provenance``: where, when and with what a run was made; a new run's ``run.json`` record;
- ``prompts``: the system and step prompts in three variants (jinja2 templates);
- ``shown_goal``: the goal as the agent sees it (without the hazard-mark literals);
- ``rundir``: the crash-safe run directory (run.json, episodes.jsonl, summary.json);
- ``runner``: ``run_native``, many episodes of a Python agent in-process;
- ``scene_text``: a plain-text description of the state (text-only models);
- ``sources``: which tasks a run gets (dataset splits, ``isbench:DIR``, ``file:PATH.jsonl``);
- ``tips``: the ``isbench`` protocol's tips step (the safety tips written before acting);
- ``versions``: the dataset and evaluation versions every result records.
"""
