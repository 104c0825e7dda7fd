"""The SafeRelBench dataset: schema, construction, validation and the shipped samples.

- ``bddl_export``: a sample as a BEHAVIOR-1K BDDL problem file;
- ``careful``: the careful-variant sweep (each spatial sample's golden plan with every other
  precaution a person would accept);
- ``catalogue``: the safety knowledge (principles, tips) templates turn into conditions;
- ``draft``: a scenario under construction and its conversion into a ``Sample``;
- ``hf_export``: the dataset as a Hugging Face dataset repository (card, splits, eval.yaml);
- ``isbench``: read and write IS-Bench-format tasks;
- ``order_cues``: how often an instruction's clause order (or its reverse) is the safe order;
- ``outcomes``: relation conditions derived from a hazard as the unsafe outcome they guard;
- ``pipeline``: composition -> seeded scene sampling -> spatial sample + matched controls;
- ``sample``: the ``Sample`` schema (a ``Task`` plus split, relation, risk, pair);
- ``stats``: dataset statistics (paper Fig. 3);
- ``store``: loading the shipped ``samples.jsonl`` or any samples file;
- ``validate``: every sample earns its place (replays, controls, guards);
- ``vocabulary``: the object roles scenarios are made of (pools of synsets by attribute);
- ``templates``: the scenario templates per relation and risk type.
"""
