"""Measure the report on a full-size (507-episode) run: build time and report.html size per
image mode.

    .venv/bin/python benchmarks/bench_report.py [--runs 1] [--image-source DIR] [--resamples 2000]
        [--keep DIR] [--json OUT.json]

The runs are synthetic (``saferelbench.testing.synthetic``: the paper's 248 spatial samples and
259 matched controls, 3-8 steps each, one image per step). ``--image-source DIR`` replaces the
synthetic step images with real renderer PNGs found under DIR (e.g. a run made with
``saferelbench run --agent oracle --save-images``), each copy marked with a few unique pixels so
that no two steps share an image (the embed mode deduplicates identical images, which would
flatter the size). Figures are recorded in docs/reports.md.
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from saferelbench.reports.build import ReportOptions, build_report
from saferelbench.reports.loading import load_runs
from saferelbench.testing.synthetic import synthetic_run


def replace_images(run_dir: Path, source: Path) -> int:
    """Overwrite every step image of ``run_dir`` with a uniquely marked real image."""
    from PIL import Image

    real = sorted(source.rglob("*.png"))
    if not real:
        sys.exit(f"error: {source}: no PNG files")
    pictures = [Image.open(p).convert("RGB") for p in real]
    targets = sorted((run_dir / "images").rglob("*.png"))
    for k, (target, picture) in enumerate(zip(targets, itertools.cycle(pictures), strict=False)):
        img = picture.copy()
        for bit in range(16):  # a 16-pixel barcode of k in the corner: every image distinct
            shade = 0 if (k >> bit) & 1 else 255
            img.putpixel((2 + bit, 2), (shade, shade, shade))
        img.save(target, optimize=False, compress_level=6)
    return len(targets)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--runs", type=int, default=1, help="runs in the report (prompt variants of one model)"
    )
    parser.add_argument("--image-source", type=Path, help="directory of real step PNGs to use")
    parser.add_argument("--resamples", type=int, default=2000)
    parser.add_argument(
        "--keep", type=Path, help="write runs and report here instead of a temp dir"
    )
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)

    base = args.keep or Path(tempfile.mkdtemp(prefix="bench_report_"))
    prompts = ["base", "risk_aware", "action_grounded"]
    t0 = time.perf_counter()
    run_dirs = []
    for i in range(args.runs):
        prompt = prompts[i % len(prompts)] if i < len(prompts) else f"variant{i}"
        d = synthetic_run(
            base / f"run{i}",
            agent="synthetic/model",
            prompt=prompt,
            skill=0.6 + 0.05 * i,
            images=True,
        )
        if args.image_source:
            replace_images(d, args.image_source)
        run_dirs.append(d)
    setup = time.perf_counter() - t0
    runs = load_runs(run_dirs)
    episodes = sum(len(r.episodes) for r in runs)
    steps = sum(len(e.steps) for r in runs for e in r.episodes)
    image_bytes = sum(p.stat().st_size for d in run_dirs for p in (d / "images").rglob("*.png"))
    result: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "runs": args.runs,
        "episodes": episodes,
        "steps": steps,
        "image_source": str(args.image_source) if args.image_source else "synthetic",
        "run_images_MB": round(image_bytes / 1e6, 1),
        "resamples": args.resamples,
        "setup_s": round(setup, 1),
        "modes": {},
    }
    for mode in ("none", "link", "embed"):
        out = base / f"report_{mode}"
        t = time.perf_counter()
        build_report(
            runs, out, ReportOptions(resamples=args.resamples, images=mode, figures=mode == "link")
        )
        elapsed = time.perf_counter() - t
        size = (out / "report.html").stat().st_size
        result["modes"][mode] = {"build_s": round(elapsed, 2), "html_MB": round(size / 1e6, 2)}
        print(
            f"images={mode:5s}  build {elapsed:6.2f} s  report.html {size / 1e6:7.2f} MB",
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
