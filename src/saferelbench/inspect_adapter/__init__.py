"""The Inspect AI adapter: the only package that imports ``inspect_ai``.

- ``dataset``: tasks as Inspect samples, each carrying its task in its metadata;
- ``solver``: the closed-loop episode of a sample with the evaluated model;
- ``tools``: typed tool-call actions, one tool per action spec (plain loop or ``react()``);
- ``images``: a step's observation images as chat content (the last K frames, labelled);
- ``scorer``: the scorer and the SR / SSR / SRec metrics (computed by ``evaluation.metrics``);
- ``task``: the ``saferelbench`` ``@task``;
- ``task_args``: the task's arguments made from the run configuration's fields;
- ``probe``: the ``saferelbench_probe`` ``@task`` (perception questions, exact scorer);
- ``providers``: the built-in agents as Inspect model providers (``saferelbench/oracle`` ...);
- ``registry``: the ``[project.entry-points.inspect_ai]`` module registering task and providers;
- ``run``: ``saferelbench run --model``: Inspect's ``eval`` into a run directory;
- ``logs``: Inspect logs read back as episodes (for ``run`` and ``report``);
- ``preflight``: the model server reachable before a run starts;
- ``retry``: the retry budget of a model call;
- ``scrub``: secrets removed from Inspect's log files;
- ``sweep``: a grid of models x prompt variants through Inspect's ``eval_set``.

Importing this package does not import ``inspect_ai``; its modules do.
"""
