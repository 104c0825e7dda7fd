"""Measure the native (in-process, no Inspect) run of the benchmark with each built-in agent,
with and without observation images, writing a real run directory.

    .venv/bin/python benchmarks/bench_run.py [--agents oracle task-only random] [--split all]
                                             [--limit N] [--images both|on|off] [--keep DIR]
    .venv/bin/python benchmarks/bench_run.py --main-job [--limit N]

``--main-job`` times the README's main job, ``saferelbench run --agent oracle --out DIR``, as
a command (a fresh process each, so imports count), against ``saferelbench run --agent random
--no-images`` right after it, and the main job with the plan cache off; prints the ratios (the
figures of docs/performance.md).

Falls back to the IS-Bench examples in ../shared when the dataset is not installed. Prints one
line per (agent, images) with wall time, episodes per second, steps, SR / SSR; figures are
recorded in docs/harness.md.
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from saferelbench.agents.registry import make_agent
from saferelbench.evaluation.results import RunInfo
from saferelbench.harness.episode import EpisodeConfig
from saferelbench.harness.rundir import RunDir
from saferelbench.harness.runner import run_native
from saferelbench.harness.sources import load_isbench_dir, select_tasks

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "shared" / "notes" / "isbench-examples"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--agents", nargs="+", default=["oracle", "task-only", "random"])
    ap.add_argument("--split", default="all")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--images", choices=["both", "on", "off"], default="both")
    ap.add_argument("--keep", default=None, help="keep the run directories under this folder")
    ap.add_argument("--main-job", action="store_true", help="time the CLI main job, images on/off")
    args = ap.parse_args()
    if args.main_job:
        main_job(args.limit)
        return
    try:
        tasks = select_tasks(split=args.split, limit=args.limit)
        source = f"dataset split={args.split}"
    except Exception as exc:  # dataset not installed yet
        tasks = load_isbench_dir(EXAMPLES)
        source = f"IS-Bench examples (dataset unavailable: {exc})"
    print(
        f"machine: {platform.machine()} python {platform.python_version()}; {len(tasks)} samples from {source}"
    )
    modes = {"both": [False, True], "on": [True], "off": [False]}[args.images]
    for name in args.agents:
        for images in modes:
            agent = make_agent(name)
            with tempfile.TemporaryDirectory() as tmp:
                where = (
                    Path(args.keep) / f"{name}-images-{'on' if images else 'off'}"
                    if args.keep
                    else Path(tmp)
                )
                t0 = time.perf_counter()
                out = run_native(
                    tasks,
                    agent,
                    EpisodeConfig(images=images),
                    info=RunInfo.of(name, images=images),
                    out=RunDir(where),
                    seed=0,
                )
                wall = time.perf_counter() - t0
            steps = sum(len(e.steps) for e in out.episodes)
            s = out.summary
            print(
                f"{name:>9} images={'on ' if images else 'off'}  {wall:7.2f} s  {len(tasks) / wall:7.1f} episodes/s  "
                f"{steps:6d} steps ({1000 * wall / max(steps, 1):.2f} ms/step)  "
                f"SR {s['SR']:.3f}  SSR {s['SSR']:.3f}  errors {s['errors']}"
            )


def main_job(limit: int | None) -> None:
    """The README's main job, `saferelbench run --agent oracle --out DIR`, against
    `saferelbench run --agent random --no-images --out DIR` run right after it (the target: at
    most 2x), and the main job with the plan cache off (the search itself)."""
    import os

    cli = str(Path(sys.executable).parent / "saferelbench")
    extra = ["--limit", str(limit)] if limit else []
    runs: tuple[tuple[str, list[str], dict[str, str]], ...] = (
        ("oracle (the main job)", ["--agent", "oracle"], {}),
        ("random --no-images", ["--agent", "random", "--no-images"], {}),
        ("oracle, plan cache off", ["--agent", "oracle"], {"SAFERELBENCH_PLAN_CACHE": "0"}),
    )
    times: dict[str, float] = {}
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for label, flags, env in runs:
        with tempfile.TemporaryDirectory() as tmp:
            command = [cli, "run", *flags, "--out", f"{tmp}/run", "--json", *extra]
            t0 = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env={**os.environ, **env})
            times[label] = time.perf_counter() - t0
        print(f"main job, {label:>24}: {times[label]:6.1f} s")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    ratio = times["oracle (the main job)"] / times["random --no-images"]
    off = times["oracle, plan cache off"] / times["random --no-images"]
    print(f"ratio main job / random --no-images: {ratio:.2f} (target <= 2); cache off: {off:.2f}")


if __name__ == "__main__":
    main()
