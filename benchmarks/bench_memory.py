"""Peak memory (max RSS) of a full native run of the benchmark, as a user runs it.

    .venv/bin/python benchmarks/bench_memory.py [--agent oracle] [--modes off on save]
        [--limit N] [--repeat 1] [--json OUT]

Each mode is one fresh ``saferelbench run --agent AGENT --out TMP --json`` in a child process
(so the figure includes the interpreter, the imports and the dataset, and nothing of this
script); its peak resident set size is read from ``getrusage(RUSAGE_CHILDREN)`` after it
exits, via a small wrapper process per run so that runs do not mask each other's peak. Modes:
``off`` (--no-images), ``on`` (images rendered every step, not saved), ``save``
(--save-images: every observation PNG written under RUN/images/). Also reports the size of the
run directory. About 10-45 s per mode on a 2-core machine. Figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: Runs the command given as argv[1:] and prints its peak RSS in KiB (Linux ru_maxrss unit).
WRAPPER = (
    "import resource, subprocess, sys;"
    "rc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode;"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, rc)"
)
MODE_FLAGS = {"off": ["--no-images"], "on": [], "save": ["--save-images"]}


def cli() -> list[str]:
    exe = Path(sys.executable).with_name("saferelbench")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "saferelbench.cli.main"]


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def one_run(agent: str, mode: str, limit: int | None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench_mem_") as tmp:
        out = Path(tmp) / "run"
        cmd = [*cli(), "run", "--agent", agent, "--out", str(out), "--json", *MODE_FLAGS[mode]]
        if limit:
            cmd += ["--limit", str(limit)]
        t0 = time.perf_counter()
        res = subprocess.run(
            [sys.executable, "-c", WRAPPER, *cmd], capture_output=True, text=True, check=True
        )
        wall = time.perf_counter() - t0
        kib, rc = (int(x) for x in res.stdout.split())
        if rc != 0:
            raise SystemExit(f"run failed ({rc}): {' '.join(cmd)}\n{res.stderr[-2000:]}")
        episodes = sum(1 for _ in (out / "episodes.jsonl").open())
        return {
            "agent": agent,
            "mode": mode,
            "episodes": episodes,
            "peak_rss_mb": round(kib / 1024, 1),
            "wall_s": round(wall, 1),
            "run_dir_mb": round(dir_size(out) / 1e6, 1),
        }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agent", default="oracle")
    ap.add_argument("--modes", nargs="+", choices=list(MODE_FLAGS), default=["off", "on", "save"])
    ap.add_argument(
        "--limit", type=int, default=None, help="first N samples only (default: all 507)"
    )
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, python {platform.python_version()}",
        flush=True,
    )
    rows = []
    for mode in args.modes:
        runs = [one_run(args.agent, mode, args.limit) for _ in range(args.repeat)]
        row = dict(runs[0])
        row["peak_rss_mb"] = statistics.median(r["peak_rss_mb"] for r in runs)
        row["wall_s"] = statistics.median(r["wall_s"] for r in runs)
        rows.append(row)
        print(
            f"{args.agent} images={mode:4s} {row['episodes']} episodes: peak RSS {row['peak_rss_mb']:6.1f} MB  "
            f"wall {row['wall_s']:5.1f} s (incl. start-up)  run dir {row['run_dir_mb']:.1f} MB",
            flush=True,
        )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
