"""Run every benchmark script and print a summary of their figures.

    .venv/bin/python benchmarks/run_all.py [--quick] [--only world render ...] [--repeat 3]
        [--log DIR] [--isbench-data DIR] [--before-planner REV] [--before-call-cost REV]

Each script runs in its own process (fresh caches, its own imports) with a time limit; its
full output is kept under ``--log`` (default: a temporary folder, printed at the end) and its
figure lines are collected into the summary. The native-run benchmark (``bench_run.py``
measures each agent once) is run ``--repeat`` times and summarised by the median of its wall
times. The machine is shared, so prefer medians and re-run when the load was high (the load
average is printed before and after each script).

``--before-planner REV`` and ``--before-call-cost REV`` measure the code of an earlier git
revision (a temporary worktree of REV, its ``src`` first on ``PYTHONPATH``) with the current scripts
right after the current code, in the same conditions, so that a speed-up is a ratio measured in one
run: task-only's search over the shipped samples, both planning agents on every 16th sample of
a fresh seed (2027) and, with ``--isbench-data``, the oracle on IS-Bench (the planner), and our own CPU per model call (``bench_call_cost.py --ours-only``,
measured twice, alternately). docs/performance.md names the revisions its ratios compare to.

A full pass takes about 30-40 minutes on a 2-core machine; ``--quick`` (one repetition,
fewer points) about 10. Benchmarks are never run by the test suite. Figures are recorded in
docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent


@dataclass
class Bench:
    name: str
    script: str
    args: list[str]
    quick_args: list[str]
    #: lines of its output that hold figures (regex, searched per line)
    figures: str
    timeout: int = 600
    #: a git revision whose ``src`` is put first on ``PYTHONPATH`` (the code before a change)
    rev: str | None = None


BENCHES = [
    Bench("world", "bench_world.py", ["--repeat", "7"], ["--repeat", "3"], r"step \(|replay of"),
    Bench("render", "bench_render.py", ["--frames", "300"], ["--frames", "60"], r"median per"),
    Bench(
        "validate",
        "bench_validate.py",
        ["--repeat", "3"],
        ["--repeat", "1"],
        r"samples, .* rollouts|best of",
    ),
    Bench("run", "bench_run.py", [], [], r"images=(on|off)"),
    Bench(
        "main_job",
        "bench_run.py",
        ["--main-job"],
        ["--main-job"],
        r"main job|ratio main job|load average",
    ),
    Bench(
        "agents",
        "bench_agents.py",
        [],
        ["--agents", "oracle"],
        r"n=\d+ SR=|states simulated per sample",
        timeout=1200,
    ),
    Bench(
        "agents_fresh",
        "bench_agents.py",
        ["--agents", "oracle", "task-only", "--seed", "2027"],
        ["--agents", "oracle", "task-only", "--seed", "2027", "--every", "8"],
        r"n=\d+ SR=|states simulated per sample",
        timeout=1200,
    ),
    Bench(
        "call_cost",
        "bench_call_cost.py",
        [],
        ["--waves", "1"],
        r"harness \(|inspect floor|bare client:|CPU of the loop|render \+ PNG|^load",
        timeout=900,
    ),
    Bench(
        "throughput_c64",
        "bench_throughput.py",
        ["--latency", "2.0", "1.0", "--concurrency", "64", "--workers", "2"],
        ["--latency", "2.0", "--concurrency", "64", "--workers", "2", "--waves", "2"],
        r"^latency|target",
        timeout=1200,
    ),
    Bench(
        "harness_overhead",
        "bench_harness_overhead.py",
        ["--calls", "200"],
        ["--calls", "60"],
        r"raw HTTP",
    ),
    Bench(
        "throughput",
        "bench_throughput.py",
        ["--latency", "0.5", "1.0", "--concurrency", "1", "8", "32", "64"],
        ["--latency", "0.5", "--concurrency", "1", "32", "--waves", "2"],
        r"^latency|overhead per model call|target",
    ),
    Bench(
        "throughput_text",
        "bench_throughput.py",
        ["--latency", "0.5", "--images", "off", "--concurrency", "32", "64"],
        ["--latency", "0.5", "--images", "off", "--concurrency", "32", "--waves", "2"],
        r"^latency|target",
    ),
    Bench("memory", "bench_memory.py", [], ["--modes", "on"], r"peak RSS"),
    Bench("report", "bench_report.py", [], ["--resamples", "200"], r"images=\w+\s+build"),
]

#: benches added by options (``--isbench-data``, ``--before-planner``, ``--before-call-cost``)
EXTRA = [
    "agents_isbench",
    "agents_before",
    "agents_fresh16",
    "agents_fresh16_before",
    "agents_isbench_before",
    "call_cost_ours",
    "call_cost_ours_before",
]

RUN_LINE = re.compile(r"^\s*(\S+) images=(on|off)\s+([\d.]+) s")


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def checkout(rev: str, into: Path) -> Path:
    """A detached git worktree of ``rev`` at ``into``; returns its ``src``."""
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(into), rev],
        check=True,
        capture_output=True,
        cwd=HERE.parent,
    )
    return into / "src"


def run_one(
    bench: Bench,
    quick: bool,
    log_dir: Path,
    tag: str = "",
    sources: dict[str, Path] | None = None,
) -> tuple[int, float, list[str], str]:
    args = bench.quick_args if quick else bench.args
    cmd = [sys.executable, str(HERE / bench.script), *args]
    env = dict(os.environ)
    if bench.rev is not None and sources is not None:
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(sources[bench.rev]), env.get("PYTHONPATH", "")) if p
        )
    before = load()
    t0 = time.perf_counter()
    try:
        res = subprocess.run(
            cmd, capture_output=True, text=True, timeout=bench.timeout, cwd=HERE.parent, env=env
        )
        code, out = res.returncode, res.stdout + res.stderr
    except subprocess.TimeoutExpired as exc:
        code = -1
        out = (exc.stdout or b"").decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        out += f"\n(timed out after {bench.timeout} s)"
    wall = time.perf_counter() - t0
    (log_dir / f"{bench.name}{tag}.log").write_text(f"$ {' '.join(cmd)}\n{out}", encoding="utf-8")
    lines = [ln.rstrip() for ln in out.splitlines() if re.search(bench.figures, ln)]
    return code, wall, lines, f"load {before} -> {load()}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="one repetition, fewer points")
    ap.add_argument(
        "--only",
        nargs="+",
        choices=[*(b.name for b in BENCHES), *EXTRA],
        help="run only these",
    )
    ap.add_argument(
        "--repeat", type=int, default=None, help="repetitions of bench_run.py (default 3, quick 1)"
    )
    ap.add_argument("--log", type=Path, default=None, help="folder for the full outputs")
    ap.add_argument(
        "--isbench-data",
        type=Path,
        default=None,
        help="IS-Bench's data/ folder: also time the oracle on every IS-Bench task "
        "(bench_agents_isbench.py; docs/isbench.md says where to get it)",
    )
    ap.add_argument(
        "--before-planner",
        metavar="REV",
        default=None,
        help="also measure the planner of this git revision (task-only on the shipped samples; "
        "the oracle on IS-Bench with --isbench-data) right after the current code's",
    )
    ap.add_argument(
        "--before-call-cost",
        metavar="REV",
        default=None,
        help="also measure our own CPU per model call of this git revision, alternately with "
        "the current code's (bench_call_cost.py --ours-only, twice each)",
    )
    args = ap.parse_args(argv)
    benches = list(BENCHES)
    agents = r"n=\d+ SR=|states simulated per sample"
    if args.before_planner is not None:
        taskonly = ["--agents", "task-only"]
        at = benches.index(next(b for b in benches if b.name == "agents")) + 1
        fresh = ["--agents", "oracle", "task-only", "--seed", "2027", "--every", "16"]
        benches.insert(at, Bench("agents_fresh16", "bench_agents.py", fresh, fresh, agents, 1200))
        benches.insert(
            at + 1,
            Bench(
                "agents_fresh16_before",
                "bench_agents.py",
                fresh,
                fresh,
                agents,
                1800,
                rev=args.before_planner,
            ),
        )
        benches.insert(
            at,
            Bench(
                "agents_before",
                "bench_agents.py",
                taskonly,
                taskonly,
                agents,
                1800,
                rev=args.before_planner,
            ),
        )
    if args.isbench_data is not None:
        data = [str(args.isbench_data), "--agents", "oracle"]
        benches.append(
            Bench("agents_isbench", "bench_agents_isbench.py", data, data, r"^oracle:", 1200)
        )
        if args.before_planner is not None:
            benches.append(
                Bench(
                    "agents_isbench_before",
                    "bench_agents_isbench.py",
                    data,
                    data,
                    r"^oracle:",
                    1800,
                    rev=args.before_planner,
                )
            )
    if args.before_call_cost is not None:
        ours = ["--ours-only"]
        pattern = r"CPU of the loop|render \+ PNG|TaskEvaluator|^load"
        for _ in (
            1,
            2,
        ):  # alternately: the current code, the revision, the current code, the revision
            benches.append(Bench("call_cost_ours", "bench_call_cost.py", ours, ours, pattern))
            benches.append(
                Bench(
                    "call_cost_ours_before",
                    "bench_call_cost.py",
                    ours,
                    ours,
                    pattern,
                    rev=args.before_call_cost,
                )
            )
    revs = {b.rev for b in benches if b.rev is not None}
    if args.only:
        revs = {b.rev for b in benches if b.rev is not None and b.name in args.only}
    checkouts = Path(tempfile.mkdtemp(prefix="saferelbench_before_"))
    sources = {rev: checkout(rev, checkouts / rev) for rev in sorted(revs)}
    repeat = args.repeat or (1 if args.quick else 3)
    log_dir = args.log or Path(tempfile.mkdtemp(prefix="saferelbench_bench_"))
    log_dir.mkdir(parents=True, exist_ok=True)
    started = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(
        f"saferelbench benchmarks, {started}; {platform.machine()} {os.cpu_count()} cores, "
        f"{platform.system()} {platform.release()}, python {platform.python_version()}; load {load()}",
        flush=True,
    )
    failed = []
    summary: list[str] = []
    ran: list[Bench] = []
    for bench in benches:
        if args.only and bench.name not in args.only:
            continue
        if bench.name == "run":
            walls: dict[tuple[str, str], list[float]] = {}
            total = 0.0
            for k in range(repeat):
                code, wall, lines, loadinfo = run_one(bench, args.quick, log_dir, f"_{k + 1}")
                total += wall
                print(f"[run {k + 1}/{repeat}] exit {code}, {wall:.0f} s, {loadinfo}", flush=True)
                for ln in lines:
                    print("    " + ln)
                    m = RUN_LINE.match(ln)
                    if m:
                        walls.setdefault((m.group(1), m.group(2)), []).append(float(m.group(3)))
                if code != 0:
                    failed.append(bench.name)
            summary.append(
                f"run ({repeat} repetitions, median wall of a full 507-sample native run):"
            )
            for (agent, images), ws in walls.items():
                summary.append(
                    f"    {agent:>9} images={images:3s} median {statistics.median(ws):6.1f} s  "
                    f"(runs: {', '.join(f'{w:.1f}' for w in ws)})"
                )
            continue
        same = sum(b.name == bench.name for b in ran)
        tag = f"_{same + 1}" if bench.name.startswith("call_cost_ours") else ""
        ran.append(bench)
        code, wall, lines, loadinfo = run_one(bench, args.quick, log_dir, tag, sources)
        label = bench.name + (f" (revision {bench.rev})" if bench.rev else "")
        print(f"[{label}] exit {code}, {wall:.0f} s, {loadinfo}", flush=True)
        for ln in lines:
            print("    " + ln)
        if code != 0:
            failed.append(bench.name)
        summary.append(f"{label} ({wall:.0f} s, {loadinfo}{', FAILED' if code else ''}):")
        summary.extend("    " + ln for ln in lines)
    for rev in sources:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(checkouts / rev)],
            capture_output=True,
            cwd=HERE.parent,
        )
    print("\n===== summary =====")
    print("\n".join(summary))
    print(f"\nfull outputs: {log_dir}")
    if failed:
        print(f"failed or timed out: {', '.join(sorted(set(failed)))}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
