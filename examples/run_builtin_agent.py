"""A whole evaluation in a dozen lines: the task-only agent on the spatial split.

.venv/bin/python examples/run_builtin_agent.py
"""

import saferelbench as srb

tasks = srb.select_tasks(split="spatial", relation="supporting", limit=20)
outcome = srb.run_native(
    tasks,
    srb.make_agent("task-only"),
    srb.EpisodeConfig(images=False),
    info=srb.RunInfo(agent="task-only"),
    out=srb.RunDir("runs/example-task-only"),
    resume=True,
)
s = srb.RunSummary.model_validate(outcome.summary)
print(f"{s.n} samples  SR {s.SR}  SSR {s.SSR}  SRec {s.SRec}")
