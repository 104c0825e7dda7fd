"""Typed tool-call actions through Inspect AI (``-T actions=tools``).

Each action of the benchmark is a tool (``place_on_top(obj, target, caution=...)``), its
arguments an enum of the task's object names; a call is one step and returns the outcome and
the next image. The built-in agents answer with tool calls too, so this runs offline; for a
real model use e.g. ``model="openai/gpt-4o"``. ``tool_loop="generate"`` runs the calls with
Inspect's ``use_tools()`` + ``generate()``, ``tool_loop="react"`` with its ``react()`` agent,
instead of the plain loop; ``image_history=3`` shows the last three frames.

Command line: ``saferelbench run --model saferelbench/oracle --actions tools --limit 3`` or
``inspect eval saferelbench/saferelbench --model saferelbench/oracle -T actions=tools``.

    .venv/bin/python examples/tool_calls_inspect.py
"""

import json

from inspect_ai import eval
from inspect_ai.model import ChatMessageAssistant

import saferelbench as srb

for loop in ("plain", "generate", "react"):
    logs = eval(
        srb.inspect_task(split="spatial", limit=3, actions="tools", tool_loop=loop),
        model="saferelbench/oracle",
        log_dir="runs/example-tools",
        display="none",
    )
    log = logs[0]
    assert log.results is not None and log.samples, "the evaluation produced no results"
    metrics = log.results.scores[0].metrics
    print(f"{loop:5}: SR {metrics['SR'].value:.2f}  SSR {metrics['SSR'].value:.2f}")

# the first tool call of the last sample, as the model sent it and as the episode recorded it
sample = (log.samples or [])[-1]
calls = [
    call
    for m in sample.messages
    if isinstance(m, ChatMessageAssistant)
    for call in m.tool_calls or []
]
if calls:
    print("tool call:", calls[0].function, json.dumps(calls[0].arguments))
