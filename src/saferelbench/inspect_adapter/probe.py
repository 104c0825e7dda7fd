"""The ``saferelbench_probe`` Inspect task: perception questions about each sample's initial
image, answered yes or no and scored exactly, per relation (:mod:`saferelbench.harness.probe`).

    inspect eval saferelbench/saferelbench_probe --model openai/gpt-4o -T limit=50
"""

from __future__ import annotations

import base64

from inspect_ai import Task as InspectTask
from inspect_ai import task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessageSystem, ChatMessageUser, ContentImage, ContentText
from inspect_ai.scorer import (
    CORRECT,
    INCORRECT,
    Score,
    Scorer,
    Target,
    accuracy,
    grouped,
    scorer,
    stderr,
)
from inspect_ai.solver import TaskState, generate

from saferelbench.harness import probe, sources

SYSTEM = (
    "You look at a schematic front view of a room. Every object carries its name tag. "
    "Answer the question about the image with one word: yes or no."
)


@scorer(metrics=[grouped(accuracy(), "kind"), stderr()])
def probe_scorer() -> Scorer:
    """Exact: the answer's first word equals the key ("yes" or "no")."""

    async def score(state: TaskState, target: Target) -> Score:
        answer = probe.normalise(state.output.completion)
        return Score(value=CORRECT if answer == target.text else INCORRECT, answer=answer)

    return score


@task
def saferelbench_probe(
    split: str = "all", limit: int | None = None, seed: int = 0, labels: bool = True
) -> InspectTask:
    """``split``: all, spatial or control; ``limit``: the first N samples; ``seed`` picks the
    questions; ``labels=False`` asks about images without name tags."""
    tasks = sources.select_tasks(split=split, limit=limit)
    samples = []
    for item in probe.probe_items(tasks, seed=seed, labels=labels):
        uri = "data:image/png;base64," + base64.b64encode(item.png).decode("ascii")
        for q in item.questions:
            samples.append(
                Sample(
                    id=q.id,
                    input=[
                        ChatMessageSystem(content=SYSTEM),
                        ChatMessageUser(
                            content=[
                                ContentImage(image=uri),
                                ContentText(text=q.text + probe.SUFFIX),
                            ]
                        ),
                    ],
                    target=q.answer,
                    metadata={"kind": q.kind, "sample": q.sample},
                )
            )
    return InspectTask(dataset=MemoryDataset(samples), solver=generate(), scorer=probe_scorer())
