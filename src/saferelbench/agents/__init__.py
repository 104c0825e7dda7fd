"""Agents: the seam between the harness and whatever decides the actions.

- ``base``: the ``Agent`` protocol and what it sees (``Observation``, ``HistoryItem``);
- ``blanket``: the scene-blind baselines ``checklist``, ``clear-all`` and ``clear-away``;
- ``goal_analysis``: reading a task's BDDL for planning;
- ``parsing``: reading an agent's answer (tolerant about form, strict about content);
- ``plan_cache``: the shipped cache of first plans, each verified by replay before use;
- ``planner``: the planner over the symbolic simulator behind oracle and task-only;
- ``planning_agents``: the ``oracle`` and ``task-only`` agents;
- ``random_agent``: the seeded ``random`` agent;
- ``registry``: built-in agents by name (``make_agent``);
- ``replay``: the ``replay`` agent and plan files (one plan, or sample id -> plan);
- ``routines``: the red-team routines (scene-blind plans the dataset must not let pass), judged.
"""
