"""The planned agents' CPU against an earlier revision, in alternating runs on a noisy machine.

    .venv/bin/python benchmarks/bench_planner_pairs.py --before e673bc8 [--pairs 3]
        [--seed 2027] [--every 16] [--agents oracle task-only] [--log DIR]

Runs ``bench_agents.py`` (plan cache off) on the current code, then on revision ``--before``
(its ``src`` exported with ``git archive`` and put first on ``PYTHONPATH``), and again, for
``--pairs`` pairs, and prints per pair and agent the CPU seconds of the agents' ``act`` calls
before and now, their ratio, the states the current search simulated, and the load average
around each run. On a machine shared with other work only ratios measured side by side mean
something; the spread over the pairs shows how much the load moved them. Figures are recorded
in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def export(rev: str, into: Path) -> Path:
    """``rev``'s ``src`` under ``into`` (``git archive``: no worktree is registered)."""
    archive = into / "src.tar"
    subprocess.run(
        ["git", "archive", "--format=tar", "-o", str(archive), rev, "src"],
        check=True,
        cwd=HERE.parent,
    )
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def run(args: list[str], src: Path | None, out: Path) -> dict[str, Any]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(src), env.get("PYTHONPATH", "")) if p)
    cmd = [sys.executable, str(HERE / "bench_agents.py"), *args, "--json", str(out)]
    res = subprocess.run(cmd, capture_output=True, text=True, cwd=HERE.parent, env=env)
    if not out.exists():
        raise SystemExit(f"bench_agents.py failed ({res.returncode}):\n{res.stdout}{res.stderr}")
    report: dict[str, Any] = json.loads(out.read_text())
    return report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True, help="the earlier git revision")
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2027, help="fresh dataset seed (-1: shipped)")
    ap.add_argument("--every", type=int, default=16)
    ap.add_argument("--agents", nargs="+", default=["oracle", "task-only"])
    ap.add_argument("--log", type=Path, default=None, help="keep the JSON reports here")
    args = ap.parse_args()
    if args.pairs < 1:
        ap.error("--pairs must be at least 1")
    bench = ["--agents", *args.agents, "--every", str(args.every)]
    if args.seed >= 0:
        bench += ["--seed", str(args.seed)]
    work = Path(tempfile.mkdtemp(prefix="saferelbench_pairs_"))
    logs = args.log or work
    logs.mkdir(parents=True, exist_ok=True)
    before_src = export(args.before, work)
    print(f"bench_agents.py {' '.join(bench)}; now against {args.before}, {args.pairs} pairs")
    ratios: dict[str, list[float]] = {a: [] for a in args.agents}
    for k in range(1, args.pairs + 1):
        start = load()
        now = run(bench, None, logs / f"now_{k}.json")
        middle = load()
        before = run(bench, before_src, logs / f"before_{k}.json")
        print(f"pair {k} (load {start} -> {middle} -> {load()}):")
        for agent in args.agents:
            cpu_now = sum(r["cpu"] for r in now["rows"][agent])
            cpu_before = sum(r["cpu"] for r in before["rows"][agent])
            states = sum(r["simulated"] or 0 for r in now["rows"][agent])
            ratio = cpu_before / cpu_now if cpu_now else float("inf")
            ratios[agent].append(ratio)
            print(
                f"    {agent:10s} CPU {cpu_before:8.3f} s -> {cpu_now:7.3f} s ({ratio:5.1f}x);"
                f" states simulated now {states}"
            )
    for agent, rs in ratios.items():
        print(f"{agent}: CPU ratio {min(rs):.1f}-{max(rs):.1f}x over {len(rs)} pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
