"""Measure ``saferelbench report`` on full-size runs: build time and sizes per image mode.

    .venv/bin/python benchmarks/bench_report.py [--agents oracle task-only] [--resamples 2000]
        [--modes none draw embed] [--keep DIR] [--json OUT.json]

Each agent first runs all 507 samples with ``saferelbench run --agent NAME --no-images`` (a
real run directory without any saved image, as the README's main job leaves it); then a report
over those runs is built once per image mode, in this process:

- ``none``: tables, figures and the page without step images;
- ``draw`` (default mode): every step re-simulated and drawn, frames written under
  ``OUT/frames/`` (report.html links them);
- ``embed``: the same frames inlined in report.html;
- ``link``: only with ``--save-images`` (the runs then save their PNGs first; slower).

Printed: build time, report.html size, frames folder (files, size) and the whole report folder.
The figures are recorded in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from saferelbench.reports.build import ReportOptions, build_report
from saferelbench.reports.loading import load_runs


def cli() -> list[str]:
    """The ``saferelbench`` command of this interpreter."""
    script = Path(sys.executable).with_name("saferelbench")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "from saferelbench.cli.main import app; app()"]


def make_run(out: Path, agent: str, save_images: bool) -> float:
    flags = ["--save-images"] if save_images else ["--no-images"]
    t = time.perf_counter()
    subprocess.run(
        [*cli(), "run", "--agent", agent, *flags, "--out", str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
        env={**os.environ, "COLUMNS": "120"},
    )
    return time.perf_counter() - t


def folder_size(path: Path) -> tuple[int, int]:
    files = [p for p in path.rglob("*") if p.is_file()] if path.is_dir() else []
    return len(files), sum(p.stat().st_size for p in files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--agents", nargs="+", default=["oracle"], help="built-in agents to run")
    parser.add_argument("--modes", nargs="+", default=["none", "draw", "embed"])
    parser.add_argument(
        "--save-images", action="store_true", help="runs save PNGs (adds the link mode)"
    )
    parser.add_argument("--resamples", type=int, default=2000)
    parser.add_argument(
        "--keep", type=Path, help="write runs and reports here instead of a temp dir"
    )
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)

    base = args.keep or Path(tempfile.mkdtemp(prefix="bench_report_"))
    base.mkdir(parents=True, exist_ok=True)
    run_dirs, run_seconds = [], {}
    for agent in args.agents:
        d = base / f"run_{agent}"
        shutil.rmtree(d, ignore_errors=True)
        run_seconds[agent] = round(make_run(d, agent, args.save_images), 1)
        run_dirs.append(d)
    runs = load_runs(run_dirs)
    result: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "agents": args.agents,
        "episodes": sum(len(r.episodes) for r in runs),
        "steps": sum(len(e.steps) for r in runs for e in r.episodes),
        "run_s": run_seconds,
        "resamples": args.resamples,
        "modes": {},
    }
    modes = list(args.modes) + (["link"] if args.save_images and "link" not in args.modes else [])
    for mode in modes:
        out = base / f"report_{mode}"
        shutil.rmtree(out, ignore_errors=True)
        t = time.perf_counter()
        build_report(runs, out, ReportOptions(resamples=args.resamples, images=mode))
        elapsed = time.perf_counter() - t
        html = (out / "report.html").stat().st_size
        n_frames, frames = folder_size(out / "frames")
        _, total = folder_size(out)
        result["modes"][mode] = {
            "build_s": round(elapsed, 1),
            "html_MB": round(html / 1e6, 2),
            "frames": n_frames,
            "frames_MB": round(frames / 1e6, 2),
            "report_dir_MB": round(total / 1e6, 2),
        }
        print(
            f"images={mode:5s}  build {elapsed:6.1f} s  report.html {html / 1e6:6.2f} MB  "
            f"frames {n_frames:5d} files {frames / 1e6:6.2f} MB  folder {total / 1e6:6.2f} MB",
            flush=True,
        )
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    if not args.keep:
        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
