"""Time the renderer: median milliseconds per frame at the default size, with and without PNG
encoding, and per full episode (every step of a golden plan rendered and encoded).

    .venv/bin/python benchmarks/bench_render.py [--frames 300] [--size 1024x768]

Frames cycle through a set of states of a busy kitchen (15 objects, open/closed doors, a stack,
a liquid, proximity pairs, fire, sparks, a fall) so caches of the empty room and fonts are warm
but every frame is really drawn. The figure quoted in docs/rendering.md comes from this script.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path

from saferelbench.render import render
from saferelbench.render.png import encode_png
from saferelbench.world.events import HazardEvent
from saferelbench.world.knowledge import describe
from saferelbench.world.state import Placement, Scene, State

NAMES = [
    "countertop.n.01_1",
    "stove.n.01_1",
    "microwave.n.02_1",
    "electric_refrigerator.n.01_1",
    "cabinet.n.01_1",
    "sink.n.01_1",
    "floor.n.01_1",
    "agent.n.01_1",
    "paper_towel.n.01_1",
    "frying_pan.n.01_1",
    "chicken.n.01_1",
    "aluminum_foil.n.01_1",
    "bowl.n.01_1",
    "apple.n.01_1",
    "mug.n.04_1",
    "water.n.06_1",
    "book.n.02_1",
    "box.n.01_1",
    "carton.n.02_1",
    "plate.n.04_1",
    "dust.n.01_1",
]


def kitchen_states() -> tuple[Scene, list[tuple[State, tuple[HazardEvent, ...]]]]:
    scene = Scene("kitchen", tuple(describe(n) for n in NAMES), "floor.n.01_1")
    P = Placement
    base = State.build(
        [
            P("paper_towel.n.01_1", "ontop", "countertop.n.01_1"),
            P("frying_pan.n.01_1", "ontop", "stove.n.01_1"),
            P("chicken.n.01_1", "inside", "frying_pan.n.01_1"),
            P("aluminum_foil.n.01_1", "inside", "microwave.n.02_1"),
            P("bowl.n.01_1", "ontop", "countertop.n.01_1"),
            P("apple.n.01_1", "inside", "bowl.n.01_1"),
            P("mug.n.04_1", "ontop", "countertop.n.01_1"),
            P("box.n.01_1", "ontop", "cabinet.n.01_1"),
            P("book.n.02_1", "ontop", "box.n.01_1"),
            P("carton.n.02_1", "inside", "electric_refrigerator.n.01_1"),
            P("plate.n.04_1", "inside", "sink.n.01_1"),
            P("agent.n.01_1", "ontop", "floor.n.01_1"),
        ],
        nextto=[("paper_towel.n.01_1", "stove.n.01_1"), ("mug.n.04_1", "bowl.n.01_1")],
        contents=[("mug.n.04_1", "water.n.06_1")],
        covered=[("plate.n.04_1", "dust.n.01_1")],
    )
    fire = HazardEvent("fire", "proximity_fire", ("paper_towel.n.01_1", "stove.n.01_1"), 2)
    fall = HazardEvent("fall", "falling", ("book.n.02_1", "box.n.01_1"), 3)
    s1 = base.with_flag("open", "electric_refrigerator.n.01_1")
    s2 = s1.with_flag("toggled_on", "stove.n.01_1").with_flag("on_fire", "paper_towel.n.01_1")
    s3 = (
        s2.with_placement("box.n.01_1", "ontop", "countertop.n.01_1")
        .with_placement("book.n.02_1", "ontop", "floor.n.01_1")
        .with_flag("fallen", "book.n.02_1")
    )
    s4 = s3.with_flag("toggled_on", "microwave.n.02_1").with_flag("sparking", "microwave.n.02_1")
    return scene, [(base, ()), (s1, ()), (s2, (fire,)), (s3, (fall,)), (s4, ())]


def _median_ms(fn, n: int) -> float:
    times = []
    for i in range(n):
        t = time.perf_counter()
        fn(i)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def episode_ms(size: tuple[int, int], repeats: int) -> tuple[str, int, float] | None:
    """Median time to render and encode every step of an IS-Bench example's golden plan."""
    task_file = (
        Path(__file__).resolve().parents[2]
        / "shared/notes/isbench-examples/tasks/put_away_cereal_and_toast.json"
    )
    if not task_file.exists():
        return None
    from saferelbench.dataset.isbench import load_task
    from saferelbench.world.rollout import run_actions
    from saferelbench.world.scene_builder import build_world

    task = load_task(task_file)
    world = build_world(task)
    traj, results = run_actions(world, [s.action for s in task.golden_plan])
    frames = [(world.initial, ())] + [
        (st.after, res.events) for st, res in zip(traj.steps, results, strict=True)
    ]

    def run(_: int) -> None:
        for state, events in frames:
            render(world.scene, state, size=size, events=events).png_bytes()

    run(0)
    return task.id, len(frames), _median_ms(run, repeats)


def dataset_ms(size: tuple[int, int], step: int = 7) -> tuple[int, float]:
    """Median drawing time of the initial scene of every ``step``-th shipped sample (their
    layout follows the world's places and anchors: split counters, clusters)."""
    from saferelbench.dataset.store import load_samples
    from saferelbench.world.scene_builder import build_world

    worlds = [build_world(s) for s in load_samples()[::step]]
    for w in worlds:  # warm the caches
        render(w.scene, w.initial, size=size)
    ms = _median_ms(
        lambda i: render(worlds[i % len(worlds)].scene, worlds[i % len(worlds)].initial, size=size),
        3 * len(worlds),
    )
    return len(worlds), ms


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--size", default="1024x768")
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    scene, states = kitchen_states()
    for state, events in states:  # warm the caches (fonts, empty room, knowledge)
        render(scene, state, size=(w, h), events=events)
    draw = _median_ms(
        lambda i: render(
            scene, states[i % len(states)][0], size=(w, h), events=states[i % len(states)][1]
        ),
        args.frames,
    )
    full = _median_ms(
        lambda i: render(
            scene, states[i % len(states)][0], size=(w, h), events=states[i % len(states)][1]
        ).png_bytes(),
        args.frames,
    )
    print(
        f"machine: {platform.processor() or platform.machine()}, python {platform.python_version()}, {platform.system()}"
    )
    print(
        f"size {w}x{h}, {args.frames} frames over {len(states)} kitchen states ({len(scene.objects)} objects)"
    )
    print(f"median per frame, render only:       {draw:6.2f} ms")
    print(f"median per frame, render + PNG bytes: {full:6.2f} ms")
    images = [render(scene, st, size=(w, h), events=ev).image for st, ev in states]
    cpu: list[float] = []
    for i in range(args.frames):
        c0 = time.process_time()
        encode_png(images[i % len(images)])
        cpu.append(1000 * (time.process_time() - c0))
    print(f"median per frame, PNG encoding only, CPU: {statistics.median(cpu):6.2f} ms")
    n, ms = dataset_ms((w, h))
    print(f"median per frame, dataset initial scenes ({n} samples), render only: {ms:6.2f} ms")
    ep = episode_ms((w, h), max(5, args.frames // 30))
    if ep is not None:
        name, n, ms = ep
        print(
            f"median per episode ({name}, {n} frames, render + PNG): {ms:6.1f} ms ({ms / n:.2f} ms/frame)"
        )


if __name__ == "__main__":
    main()
