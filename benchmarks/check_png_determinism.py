"""Whether the frames' PNG bytes are the same in every process: draws the first frame of every
``--every``-th shipped sample once, then compresses those frames' filtered rows in
``--processes`` fresh interpreters and counts the distinct results.

    .venv/bin/python benchmarks/check_png_determinism.py [--processes 30] [--every 2]
        [--compressor current|isal|zlib-ng|zlib]

``current`` is the writer's own compressor (:mod:`saferelbench.render.png`); ``isal`` needs the
``isal`` package (not a dependency: the writer used it before, and about one process in thirty
compressed some frames into other, equally valid, streams). A model's response cache keys its
entries by the image, so one result is the only right answer. Exit status 1 when the
processes disagree.
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = """
import hashlib, sys, numpy as np
rows = np.load(sys.argv[1])
which = sys.argv[2]
if which == "current":
    from saferelbench.render import png
    compress = lambda d: png._DEFLATE.compress(d, png._DEFLATE_LEVEL)
elif which == "isal":
    from isal import isal_zlib
    compress = lambda d: isal_zlib.compress(d, 1)
elif which == "zlib-ng":
    from zlib_ng import zlib_ng
    compress = lambda d: zlib_ng.compress(d, 2)
else:
    import zlib
    compress = lambda d: zlib.compress(d, 1)
h = hashlib.sha256()
for frame in rows:
    h.update(hashlib.sha256(compress(np.ascontiguousarray(frame))).digest())
print(h.hexdigest())
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--processes", type=int, default=30)
    ap.add_argument("--every", type=int, default=2, help="every n-th shipped sample")
    ap.add_argument(
        "--compressor", choices=["current", "isal", "zlib-ng", "zlib"], default="current"
    )
    args = ap.parse_args(argv)
    if args.compressor == "isal":
        try:
            import isal  # noqa: F401
        except ImportError:
            print("the isal package is not installed: pip install isal", file=sys.stderr)
            return 2
    import numpy as np

    from saferelbench.harness.sources import select_tasks
    from saferelbench.render import render
    from saferelbench.render.png import up_filtered_rows
    from saferelbench.world.scene_builder import build_world

    tasks = select_tasks(split="all")[:: args.every]
    frames = []
    for t in tasks:
        world = build_world(t)
        frames.append(up_filtered_rows(render(world.scene, world.initial).image))
    print(f"{len(frames)} frames, {args.processes} processes, compressor {args.compressor}")
    seen: collections.Counter[str] = collections.Counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rows.npy"
        np.save(path, np.stack(frames))
        env = dict(os.environ)
        for i in range(args.processes):
            out = subprocess.run(
                [sys.executable, "-c", CHILD, str(path), args.compressor],
                capture_output=True,
                text=True,
                check=True,
                env=env,
            )
            seen[out.stdout.strip()] += 1
            print(f"\r{i + 1}/{args.processes} processes, {len(seen)} distinct", end="", flush=True)
    print()
    for digest, n in seen.most_common():
        print(f"{n:4d} x {digest[:16]}")
    print("same in every process" if len(seen) == 1 else "DIFFERENT across processes")
    return 0 if len(seen) == 1 else 1


if __name__ == "__main__":
    raise SystemExit(main())
