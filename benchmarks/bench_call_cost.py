"""Where the harness's CPU per model call goes (issue 14): three figures per call, images on,
against the fake server in its own process (``bench_throughput.ServerProcess``), with the
model always answering a failing action (5 calls an episode, as ``bench_throughput.py``):

    .venv/bin/python benchmarks/bench_call_cost.py [--concurrency 16] [--waves 3] [--ours-only]

- ``harness``: ``run_inspect`` with one worker (the code path of ``run --model``), CPU of the
  process inside the server's busy window (start-up and log finalisation excluded);
- ``inspect floor``: a bare Inspect eval whose solver only calls ``get_model().generate`` five
  times with one step's real messages (same eval options as ``run_inspect``): what Inspect's
  per-call machinery plus the ``openai`` client cost without any of our work;
- ``bare client``: the ``openai`` async client posting the same messages (no Inspect);
- ``ours``: our own per-step work timed in-process without Inspect or HTTP (sample and task
  conversion, world build, prompt, render + PNG + saved image, parsing and simulation,
  verdict, keyword judge, fsynced episode line), split by part.

``--ours-only`` measures only ``ours`` (no server, no Inspect eval): quick, and runnable
on an earlier revision of the package for a before/after ratio (``run_all.py
--before-call-cost REV``). Figures go to docs/performance.md; they move with the machine's load (printed).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
import bench_throughput as bt  # noqa: E402

OBJECT_RE = re.compile(r"^- ([a-z0-9_]+\.n\.\d+_\d+)", re.MULTILINE)


def inspect_floor(tasks: list[Any], concurrency: int, n: int, latency: float, server: Any) -> float:
    from inspect_ai import Task as InspectTask
    from inspect_ai import eval as inspect_eval
    from inspect_ai.dataset import Sample
    from inspect_ai.model import GenerateConfig, get_model
    from inspect_ai.solver import Generate, Solver, TaskState, solver

    from saferelbench.harness.episode import Episode, EpisodeConfig
    from saferelbench.inspect_adapter.solver import step_messages

    episode = Episode(tasks[0], EpisodeConfig(step_limit=5, images=True))
    messages = step_messages(episode, 0, metadata=False)

    @solver
    def five_calls() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            model = get_model()
            for _ in range(5):
                await model.generate(messages, config=GenerateConfig(temperature=0.0, seed=0))
            return state

        return solve

    def run(count: int, c: int, lat: float) -> tuple[int, float]:
        with tempfile.TemporaryDirectory() as tmp:
            server.stats()
            with bt.CpuMonitor(server.pids()) as monitor:
                inspect_eval(
                    InspectTask(
                        dataset=[Sample(id=i, input="x") for i in range(count)],
                        solver=five_calls(),
                    ),
                    model=f"openai-api/local/bench-c{c}-l{lat}",
                    log_dir=tmp,
                    display="none",
                    max_connections=c,
                    log_realtime=False,
                    log_images=False,
                    score_display=False,
                )
            stamps = sorted(server.stats())
            return len(stamps), monitor.at(stamps[-1] + lat) - monitor.at(stamps[0])

    run(2, 1, 0.05)  # warm-up
    calls, cpu = run(n, concurrency, latency)
    return 1000 * cpu / calls


def ours(tasks: list[Any], answers: str = "golden") -> dict[str, float]:
    """Our per-step work, CPU ms per call (``process_time``: the fsync's and the disk's waits
    are not counted; the wall time of the fsynced episode line is given apart), and the CPU
    of the whole loop. ``answers="golden"``: the model answers the golden plan, so every call
    after a state change draws and encodes a new frame (a model whose actions succeed);
    ``"failing"``: it always answers a failing action (``CLOSE`` of the first object listed),
    as the throughput benchmark's server does, so only an episode's first frame is drawn."""
    from saferelbench.harness.awareness import judge_with_keywords
    from saferelbench.harness.config import RunConfig
    from saferelbench.harness.episode import Episode
    from saferelbench.harness.errors import Redactor
    from saferelbench.harness.rundir import RunDir
    from saferelbench.inspect_adapter.dataset import task_of, to_inspect_sample
    from saferelbench.inspect_adapter.solver import step_messages

    parts: dict[str, float] = collections.defaultdict(float)
    config = RunConfig(step_limit=5, images=True, judge="keyword").episode()
    warm, timed = tasks[:2], tasks[2:]
    cpu0 = 0.0
    calls = 0
    with tempfile.TemporaryDirectory() as tmp:
        run_dir = RunDir(tmp)
        redactor = Redactor.from_environment({})
        for t in warm + timed:
            if t is timed[0]:
                parts.clear()
                calls = 0
                cpu0 = time.process_time()
            c0 = time.process_time()

            def tick(key: str) -> None:
                nonlocal c0
                now = time.process_time()
                parts[key] += now - c0
                c0 = now

            sample = to_inspect_sample(t)
            task = task_of(sample.metadata, sample.id)
            tick("sample and task conversion")
            episode = Episode(
                task, config, agent_name="m", image_sink=run_dir.save_image, redactor=redactor
            )
            tick("world build (Episode)")
            plan = [s.action for s in task.golden_plan]
            while not episode.finished:
                episode.image_data_uri()
                tick("render + PNG + base64 + saved image")
                messages = step_messages(episode, 0, metadata=False)
                tick("prompt + messages")
                if answers == "golden":
                    action = plan[min(episode.step - 1, len(plan) - 1)]
                else:
                    action = f"CLOSE({OBJECT_RE.findall(messages[1].text)[0]})"
                episode.submit(json.dumps({"action": action, "caution": None}))
                calls += 1
                tick("parse + simulate")
            result = judge_with_keywords(task, episode.result())
            result.model_dump(mode="json")
            tick("verdict, judge, dump")
            w0 = time.perf_counter()
            run_dir.append_episode(result)
            parts["episode line (fsync), wall"] += time.perf_counter() - w0
            tick("episode line (fsync)")
        cpu = time.process_time() - cpu0
    out = {k: 1000 * v / calls for k, v in parts.items()}
    out["CPU of the loop"] = 1000 * cpu / calls
    out["calls"] = calls
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--concurrency", type=int, default=16)
    ap.add_argument("--waves", type=int, default=3)
    ap.add_argument("--latency", type=float, default=0.5)
    ap.add_argument(
        "--ours-only", action="store_true", help="measure only our own per-call work (no server)"
    )
    args = ap.parse_args(argv)
    from saferelbench.harness.sources import select_tasks

    tasks = select_tasks(split="all")
    n = args.concurrency * args.waves
    print(f"load before {os.getloadavg()}", flush=True)
    if args.ours_only:
        return _print_ours(tasks[: n + 2])
    with bt.ServerProcess() as server:
        os.environ["LOCAL_BASE_URL"] = server.base_url
        os.environ["LOCAL_API_KEY"] = "bench"
        bt.one_point(tasks[:2], 1, 2, 0.05, True, server, workers=1)  # warm-up
        row = bt.one_point(tasks[:n], args.concurrency, 5, args.latency, True, server, workers=1)
        print(f"harness (1 worker): {row['busy_cpu_ms_per_call']} ms/call", flush=True)
        floor = inspect_floor(tasks, args.concurrency, n, args.latency, server)
        print(f"inspect floor: {floor:.1f} ms/call", flush=True)
        _, bare = bt.raw_point(tasks[:n], args.concurrency, 5, args.latency, True, server)
        print(f"bare client: {bare:.1f} ms/call", flush=True)
    return _print_ours(tasks[: n + 2])


def _print_ours(tasks: list[Any]) -> int:
    import saferelbench
    from saferelbench.world.scene_builder import build_world
    from saferelbench.world.verdict import TaskEvaluator

    print(f"package: {Path(saferelbench.__file__).parent}", flush=True)
    worlds = [(t, build_world(t).scene) for t in tasks]
    for t, scene in worlds[:2]:  # warm-up
        TaskEvaluator(t, scene)
    c0 = time.process_time()
    for t, scene in worlds:
        TaskEvaluator(t, scene)
    ms = 1000 * (time.process_time() - c0) / len(worlds)
    print(f"TaskEvaluator build (one per episode): {ms:.2f} ms CPU ({len(worlds)} samples)")
    for answers in ("golden", "failing"):
        parts = ours(tasks, answers)
        calls = int(parts.pop("calls"))
        for key, value in parts.items():
            print(f"ours ({answers} answers, {calls} calls): {key}: {value:.2f} ms/call")
    print(f"load after {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
