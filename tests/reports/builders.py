"""Small hand-made episodes and runs for the report tests."""

from __future__ import annotations

from pathlib import Path

from saferelbench.evaluation.results import (
    ConditionVerdict,
    EpisodeResult,
    RunInfo,
    StepRecord,
    Verdict,
)
from saferelbench.reports.loading import RunData


def ep(
    sample_id: str,
    split: str = "spatial",
    relation: str | None = "supporting",
    success: bool = True,
    safe: bool = True,
    *,
    error: str | None = None,
    risk: str | None = "falling_object",
    agent: str = "agent-a",
    prompt: str = "base",
    steps: list[StepRecord] | None = None,
    verdicts: list[ConditionVerdict] | None = None,
    awareness: float | None = None,
) -> EpisodeResult:
    return EpisodeResult(
        sample_id=sample_id,
        split=split,
        relation=relation,
        risk=risk,
        agent=agent,
        prompt=prompt,
        ended_by="error" if error else "done",
        error=error,
        steps=steps or [],
        verdict=Verdict(
            task_success=success,
            goal_reached=success,
            safe=safe,
            conditions=verdicts or [],
            conditions_safe=all(v.status != "violated" for v in verdicts or []),
        ),
        awareness=awareness,
    )


def run(
    episodes: list[EpisodeResult],
    label: str = "agent-a · base",
    agent: str = "agent-a",
    prompt: str = "base",
) -> RunData:
    return RunData(
        label=label,
        info=RunInfo.of(agent, prompt=prompt),
        episodes=episodes,
        source=Path("."),
        kind="native",
    )


def small_fixture() -> list[EpisodeResult]:
    """Hand-computed: supporting w/ SR 2/4 SSR 1/4; containment w/ SR 1 SSR 1;
    supporting w/o SR 1/2 SSR 1/2. The errored episode claims success but counts as a failure."""
    return [
        ep("s1", success=True, safe=True),
        ep("s2", success=True, safe=False),
        ep("s3", success=False, safe=True),
        ep("s4", success=True, safe=True, error="model API timeout"),
        ep("c1", relation="containment", risk="fire"),
        ep("c2", relation="containment", risk="fire"),
        ep("k1", split="control", risk=None),
        ep("k2", split="control", risk=None, success=False, safe=False),
    ]


def write_run_dir(path: Path, episodes: list[EpisodeResult], info: RunInfo | None = None) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    with (path / "episodes.jsonl").open("w", encoding="utf-8") as fh:
        for e in episodes:
            fh.write(e.model_dump_json() + "\n")
    info = info or RunInfo.of(episodes[0].agent, prompt=episodes[0].prompt)
    (path / "run.json").write_text(info.model_dump_json(), encoding="utf-8")
    return path


def real_episode(sample_id: str, actions: list[str], agent: str = "hand") -> EpisodeResult:
    """An episode of a shipped sample with hand-written actions: simulated and judged by the
    world itself (real outcomes and verdicts), without the harness."""
    from saferelbench.dataset.store import get_sample
    from saferelbench.world import simulator
    from saferelbench.world.scene_builder import build_world
    from saferelbench.world.verdict import TaskEvaluator, Trajectory, TrajectoryStep

    task = get_sample(sample_id)
    world = build_world(task)
    state = world.initial
    trajectory = Trajectory(initial=state)
    steps = []
    for i, action in enumerate(actions, start=1):
        new, result = simulator.step(world.scene, state, action, i)
        trajectory.steps.append(
            TrajectoryStep(result.action, result.outcome, state, new, result.events)
        )
        steps.append(
            StepRecord(
                index=i, action=result.action, outcome=result.outcome.value, reason=result.reason
            )
        )
        state = new
    trajectory.final_events = simulator.finish(world.scene, world.initial, state, len(steps) + 1)
    verdict = TaskEvaluator(task, world.scene).evaluate(trajectory)
    return EpisodeResult(
        sample_id=task.id,
        split=task.split,
        relation=task.relation,
        risk=task.risk,
        agent=agent,
        steps=steps,
        verdict=verdict,
    )
