"""Test doubles and extension checks, for the tests, benchmarks and extension authors (no
product package imports this one, except ``saferelbench check-extensions``, which runs
``checks``).

- ``checks``: one checker per extension point (action, hazard rule, scene template, object
  kind, the Gymnasium environment), run over every registered item;
- ``fake_server``: a scripted OpenAI-compatible HTTP server on 127.0.0.1
  (``python -m saferelbench.testing.fake_server --host 127.0.0.1 --port N``);
- ``chat``: reading chat-completion request bodies (user text, image URLs);
- ``faults``: fault injection for the fake server (HTTP errors, stalls, dropped connections);
- ``probe_answers``: scripted answerers of the perception probe's questions (from the state,
  or guesses);
- ``scripts``: scripted models reading the harness's prompts (golden-plan player, fixed answer);
- ``synthetic``: synthetic run directories for report tests and benchmarks;
- ``tasks``: hand-made tasks in a few lines (:func:`~saferelbench.testing.tasks.make_task`)
  and the conditions they are annotated with, for tests, docs and template authors.
"""
