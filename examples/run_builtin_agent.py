"""A whole evaluation in a dozen lines: the task-only agent on the spatial split.

.venv/bin/python examples/run_builtin_agent.py
"""

from saferelbench.agents.registry import make_agent
from saferelbench.evaluation.results import RunInfo
from saferelbench.harness.episode import EpisodeConfig
from saferelbench.harness.rundir import RunDir
from saferelbench.harness.runner import run_native
from saferelbench.harness.sources import select_tasks

tasks = select_tasks(split="spatial", relation="supporting", limit=20)
outcome = run_native(
    tasks,
    make_agent("task-only"),
    EpisodeConfig(images=False),
    info=RunInfo(agent="task-only"),
    out=RunDir("runs/example-task-only"),
    resume=True,
)
s = outcome.summary
print(f"{s['n']} samples  SR {s['SR']:.2f}  SSR {s['SSR']:.2f}  SRec {s['SRec']}")
