"""What each synset is drawn as, and what the initial images look like, for comparing two
versions of the renderer's object kinds.

    .venv/bin/python benchmarks/kind_census.py looks --out before.json [--samples S.jsonl ...]
    .venv/bin/python benchmarks/kind_census.py images --out before_img.json [--every 1]
    .venv/bin/python benchmarks/kind_census.py diff before.json after.json

``looks`` records the look (kind, natural size, colour, marks) of every object of the given
sample files (the shipped file by default) as its scene builds it, and of every synset named in
the repository's sources, tests and docs and in the IS-Bench examples beside the repository
(each as a movable thing and as a fixture). ``images`` records a hash of each shipped sample's
initial image. ``diff`` prints what changed between two records of the same kind.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

from saferelbench.dataset.store import load_samples, read_samples
from saferelbench.render import render
from saferelbench.render.catalog import look_of
from saferelbench.world.knowledge import ObjectInfo, describe
from saferelbench.world.scene_builder import build_world

REPO = Path(__file__).resolve().parent.parent
SYNSET = re.compile(r"\b([a-z][a-z0-9_]*\.n\.\d\d)\b")


def _record(info: ObjectInfo) -> list[object]:
    look = look_of(info)
    return [
        look.kind,
        round(look.w, 3),
        round(look.h, 3),
        list(look.color),
        look.hazard,
        look.mains,
    ]


def _key(info: ObjectInfo) -> str:
    traits = ",".join(sorted(info.attributes | info.abilities))
    return f"{info.category}|{'F' if info.is_fixture else 'M'}|{traits}"


def looks(files: list[Path]) -> dict[str, list[object]]:
    out: dict[str, list[object]] = {}
    samples = [s for f in files for s in read_samples(f)] if files else list(load_samples())
    for sample in samples:
        for info in build_world(sample).scene.objects:
            out[_key(info)] = _record(info)
    texts = [*REPO.glob("src/**/*.py"), *REPO.glob("tests/**/*.py"), *REPO.glob("docs/**/*.md")]
    texts += list((REPO.parent / "shared" / "notes" / "isbench-examples").glob("**/*"))
    names: set[str] = set()
    for path in texts:
        if path.is_file():
            names |= set(SYNSET.findall(path.read_text(encoding="utf-8", errors="replace")))
    for synset in sorted(names):
        for extra in ([], ["fixture"]):
            info = describe(synset + "_1", extra)
            out[_key(info)] = _record(info)
    return out


def images(every: int) -> dict[str, str]:
    out = {}
    for sample in list(load_samples())[::every]:
        world = build_world(sample)
        r = render(world.scene, world.initial)
        out[sample.id] = hashlib.sha256(r.image.tobytes()).hexdigest()
    return out


def diff(a: dict[str, object], b: dict[str, object]) -> int:
    keys = sorted(set(a) | set(b))
    changed = [k for k in keys if a.get(k) != b.get(k)]
    for k in changed:
        print(f"{k}: {a.get(k)} -> {b.get(k)}")
    print(f"{len(keys) - len(changed)} of {len(keys)} equal, {len(changed)} changed")
    return 1 if changed else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    lk = sub.add_parser("looks")
    lk.add_argument("--out", type=Path, required=True)
    lk.add_argument("--samples", type=Path, nargs="*", default=[])
    im = sub.add_parser("images")
    im.add_argument("--out", type=Path, required=True)
    im.add_argument("--every", type=int, default=1)
    df = sub.add_parser("diff")
    df.add_argument("a", type=Path)
    df.add_argument("b", type=Path)
    args = ap.parse_args()
    if args.cmd == "diff":
        return diff(json.loads(args.a.read_text()), json.loads(args.b.read_text()))
    data = looks(args.samples) if args.cmd == "looks" else images(args.every)
    args.out.write_text(json.dumps(data, indent=0, sort_keys=True))
    print(f"{len(data)} records -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
