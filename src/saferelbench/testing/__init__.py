"""Test doubles, for the tests and benchmarks only (no product package imports this one).

- ``fake_server``: a scripted OpenAI-compatible HTTP server on 127.0.0.1
  (``python -m saferelbench.testing.fake_server --host 127.0.0.1 --port N``);
- ``chat``: reading chat-completion request bodies (user text, image URLs);
- ``faults``: fault injection for the fake server (HTTP errors, stalls, dropped connections);
- ``probe_answers``: scripted answerers of the perception probe's questions (from the state,
  or guesses);
- ``scripts``: scripted models reading the harness's prompts (golden-plan player, fixed answer);
- ``synthetic``: synthetic run directories for report tests and benchmarks.
"""
