"""SafeRelBench as an Inspect AI task from Python (same as the command line
``inspect eval saferelbench/saferelbench --model ... -T prompt=risk_aware -T limit=5``).

Any Inspect model works here: ``openai/gpt-4o``, ``anthropic/claude-sonnet-4-0``,
``vllm/Qwen/Qwen2.5-VL-7B-Instruct`` (with VLLM_BASE_URL set to a running server),
``openai-api/<service>/<model>``. The built-in agents are providers too: ``saferelbench/oracle``.

    .venv/bin/python examples/inspect_eval.py
"""

from inspect_ai import eval

import saferelbench as srb

logs = eval(
    srb.inspect_task(split="spatial", prompt="risk_aware", limit=5),
    model="saferelbench/task-only",
    log_dir="runs/example-inspect",
)
results = logs[0].results
assert results is not None, "the evaluation produced no results"
for name, metric in results.scores[0].metrics.items():
    if name in ("SR", "SSR", "SRec", "errors"):
        print(f"{name}: {metric.value:.3f}")
