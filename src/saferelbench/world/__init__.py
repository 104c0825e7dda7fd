"""The world model: a pure, deterministic symbolic household simulator and its evaluator
(imports nothing else of the project).

- ``action_specs``: one spec per action (parameters, preconditions with reason codes, effect,
  prompt description, groundings), the registry the simulator dispatches through;
- ``actions``: the action names and action strings;
- ``conditions``: BDDL conditions over the state, through the ``bddl`` package's evaluator;
- ``doc_tables``: the generated tables of docs/hazards.md (rules, every synset's profile);
- ``errors``: ``SafeRelBenchError``, the base of every project error, and ``InputError``;
- ``events``: a step's outcome and the hazard events it caused;
- ``hazards``: the physical hazard model, one module per relation (what follows from the state
  after every step);
- ``jsonio``: the one JSON / JSONL reader with the project's error messages;
- ``materials``: what a thing is made of and its safety profile, with the source of each value;
- ``outcomes``: outcome predicates of conditions (heat reaching, exposed in, loose on, ...),
  read from the hazard physics;
- ``layout``: where things stand on long and small surfaces, and the proximity derived from it;
- ``knowledge``: what an object is (``bddl`` taxonomy abilities + ``attributes.json``);
- ``rollout``: replay a list of actions on a task in one call;
- ``scene_builder``: the scene and initial state of a task;
- ``simulator``: ``step`` and ``finish``, pure and deterministic;
- ``state``: ``Scene`` and the immutable ``State``;
- ``substances``: substances as states: what sources give, which tool removes or soaks up what;
- ``task``: the ``Task`` model (conditions, cautions, golden plan);
- ``verdict``: the process-safety evaluator (paper eq. 1);
- ``vocabulary``: relations, splits, risk types, hazard kinds and state flags, defined once.
"""
