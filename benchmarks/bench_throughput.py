"""Harness throughput with a model: episodes per minute through Inspect AI against a local
OpenAI-compatible server that answers every call after a fixed latency, at several
concurrencies, versus the ideal ``concurrency / (steps per episode x latency)``.

    .venv/bin/python benchmarks/bench_throughput.py [--latency 0.5 1.0] [--steps 5]
        [--concurrency 1 8 32 64] [--waves 4] [--images on|off|both] [--repeat 1] [--json OUT]

Each point is one ``saferelbench.inspect_adapter.run.run_inspect`` call (the code path of
``saferelbench run --model openai-api/local/...``: Inspect task, solver, scorer, run directory
with saved step images) over ``concurrency x waves`` real dataset samples with
``max_connections = concurrency`` (Inspect then runs as many samples at once). The model always
answers a valid action that fails (``CLOSE`` of the first listed object), so every episode runs
exactly ``--steps`` calls. Throughput is taken over the server's busy window (first request in
to last answer out; Inspect's start-up and log finalisation excluded) and also over the whole
call. Overhead per call = busy window per call at concurrency 1 minus the latency.

The server is ``saferelbench.testing.fake_server.FakeOpenAIServer`` (one thread per
connection) in a **separate process**, so its JSON parsing does not compete with the harness
for the GIL, with a listen backlog of 256 (the stdlib default of 5 drops connection attempts
when 64 clients connect at once). Bounded: about ``waves x steps x latency`` seconds per point
plus start-up; the defaults take about 2-3 minutes. Figures are recorded in
docs/performance.md.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing as mp
import os
import platform
import random
import re
import sys
import tempfile
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

OBJECT_RE = re.compile(r"^- ([a-z0-9_]+\.n\.\d+_\d+)", re.MULTILINE)


# ----- the server, in its own process -----------------------------------------------------------


def _serve(conn: Any) -> None:
    """Child process: run the fake server; answer ``stats`` (and clear), ``stop``. The latency
    of a call is read from the model name (``bench-c32-l0.5``: 0.5 s)."""
    from saferelbench.testing.fake_server import (
        FakeOpenAIServer,
        Reply,
        _make_handler,
        user_text,
    )

    stamps: list[float] = []
    rng = random.Random(0)

    def script(body: dict[str, Any]) -> Reply:
        stamps.append(time.monotonic())  # CLOCK_MONOTONIC: comparable across processes
        names = OBJECT_RE.findall(user_text(body))
        action = f"CLOSE({names[0]})" if names else "DONE"
        name = str(body.get("model", ""))  # bench-c32-l0.5-j0.2: latency 0.5 s +- 20 %
        latency = float(name.split("-l", 1)[-1].split("-j")[0] or 0)
        jitter = float(name.split("-j", 1)[-1]) if "-j" in name else 0.0
        if jitter:
            latency *= 1 + jitter * (2 * rng.random() - 1)
        return Reply(text=json.dumps({"action": action, "caution": None}), delay=latency)

    class BigBacklog(ThreadingHTTPServer):
        request_queue_size = 256
        daemon_threads = True

    class Server(FakeOpenAIServer):
        def start(self) -> FakeOpenAIServer:
            import threading

            self._httpd = BigBacklog(("127.0.0.1", 0), _make_handler(self))
            self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
            self._thread.start()
            return self

    with Server(script) as server:
        conn.send(server.base_url)
        while True:
            cmd = conn.recv()
            if cmd == "stats":
                conn.send(list(stamps))
                stamps.clear()
                server.requests.clear()  # request bodies hold the images: do not pile them up
                server.headers.clear()
            else:
                break


class ServerProcess:
    def __enter__(self) -> ServerProcess:
        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child,), daemon=True)
        self.proc.start()
        self.base_url = self.conn.recv()
        return self

    def pids(self) -> set[int]:
        """The server process and its children (not the harness: left out of its CPU)."""
        import psutil

        proc = psutil.Process(self.proc.pid)
        return {proc.pid} | {p.pid for p in proc.children(recursive=True)}

    def stats(self) -> list[float]:
        self.conn.send("stats")
        return list(self.conn.recv())

    def __exit__(self, *exc: object) -> None:
        self.conn.send("stop")
        self.proc.join(timeout=10)
        if self.proc.is_alive():
            self.proc.terminate()


# ----- one measurement --------------------------------------------------------------------------


def raw_ratio(
    tasks: list[Any],
    concurrency: int,
    steps: int,
    latency: float,
    images: bool,
    server: ServerProcess,
    jitter: float = 0.0,
) -> float:
    """The bare client's share of the ideal (see :func:`raw_point`)."""
    return raw_point(tasks, concurrency, steps, latency, images, server, jitter)[0]


def raw_point(
    tasks: list[Any],
    concurrency: int,
    steps: int,
    latency: float,
    images: bool,
    server: ServerProcess,
    jitter: float = 0.0,
) -> tuple[float, float]:
    """The same load without the harness: ``concurrency`` workers of the bare ``openai`` async
    client (the one Inspect uses), each posting ``len(tasks) / concurrency`` episodes of
    ``steps`` calls with a step's real messages. Its share of the ideal is the ceiling this
    test rig (client, local stdlib server, shared CPU) allows; the harness cannot beat it.
    Returns that share and the client's CPU milliseconds per call."""
    import asyncio
    import resource

    from openai import AsyncOpenAI

    from saferelbench.harness.episode import Episode, EpisodeConfig
    from saferelbench.inspect_adapter.solver import step_messages

    episode = Episode(tasks[0], EpisodeConfig(step_limit=steps, images=images))
    system, user = step_messages(episode, 0)
    content: Any = user.content
    if not isinstance(content, str):
        content = [
            {"type": "image_url", "image_url": {"url": c.image}}
            if c.type == "image"
            else {"type": "text", "text": c.text}
            for c in content
        ]
    messages = [{"role": "system", "content": system.text}, {"role": "user", "content": content}]
    model = f"bench-c{concurrency}-l{latency}" + (f"-j{jitter}" if jitter else "")
    per_worker = max(1, len(tasks) // concurrency) * steps

    async def go() -> float:
        client = AsyncOpenAI(base_url=server.base_url, api_key="bench", max_retries=0)

        async def worker() -> None:
            for _ in range(per_worker):
                await client.chat.completions.create(model=model, messages=messages)  # type: ignore[arg-type]

        t0 = time.monotonic()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        return time.monotonic() - t0

    server.stats()
    own = resource.getrusage(resource.RUSAGE_SELF)
    cpu0 = own.ru_utime + own.ru_stime
    wall = asyncio.run(go())
    own = resource.getrusage(resource.RUSAGE_SELF)
    cpu = own.ru_utime + own.ru_stime - cpu0
    server.stats()
    return per_worker * latency / wall, 1000 * cpu / (per_worker * concurrency)


def _cpu(resource: Any) -> float:
    """CPU seconds of this process plus its waited-for children (the harness's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


class CpuMonitor:
    """CPU seconds of this process and all its descendants (the harness's workers), sampled
    every ``interval`` seconds on a thread, with ``time.monotonic`` stamps: the CPU spent
    inside the server's busy window (start-up and log finalisation excluded) is interpolated
    from the samples. A process that ends takes its last sample's CPU with it; the workers
    end after the busy window, so that does not bias the window's figure."""

    def __init__(self, exclude: set[int], interval: float = 0.05) -> None:
        import threading

        import psutil

        self.interval = interval
        self.exclude = exclude  #: the server process (a child too) and its own children
        self.me = psutil.Process()
        self.samples: list[tuple[float, float]] = []
        self._stop = threading.Event()
        self._seen: dict[int, float] = {}
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _total(self) -> float:
        import psutil

        procs = [self.me]
        with contextlib.suppress(psutil.Error):
            procs += self.me.children(recursive=True)
        for proc in procs:
            if proc.pid in self.exclude:
                continue
            try:
                t = proc.cpu_times()
                self._seen[proc.pid] = t.user + t.system
            except psutil.Error:
                continue  # gone: keep its last figure
        return sum(self._seen.values())

    def _run(self) -> None:
        while not self._stop.is_set():
            self.samples.append((time.monotonic(), self._total()))
            self._stop.wait(self.interval)

    def __enter__(self) -> CpuMonitor:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def at(self, t: float) -> float:
        """CPU seconds at time ``t`` (linear between the two samples around it)."""
        s = self.samples
        if not s:
            return float("nan")
        if t <= s[0][0]:
            return s[0][1]
        for (t0, c0), (t1, c1) in zip(s, s[1:], strict=False):
            if t0 <= t <= t1:
                return c0 + (c1 - c0) * (t - t0) / (t1 - t0) if t1 > t0 else c1
        return s[-1][1]


def one_point(
    tasks: list[Any],
    concurrency: int,
    steps: int,
    latency: float,
    images: bool,
    server: ServerProcess,
    jitter: float = 0.0,
    workers: int | None = None,
) -> dict[str, Any]:
    import resource

    from saferelbench.evaluation.results import RunInfo
    from saferelbench.harness.config import RunConfig
    from saferelbench.harness.rundir import RunDir
    from saferelbench.inspect_adapter.run import auto_workers, run_inspect

    n_workers = workers if workers is not None else auto_workers(concurrency, len(tasks))
    server.stats()  # reset
    config = RunConfig(step_limit=steps, images=images, judge="keyword")
    with tempfile.TemporaryDirectory(prefix="bench_tp_") as tmp:
        t0, cpu0 = time.monotonic(), _cpu(resource)
        with CpuMonitor(server.pids()) as monitor:
            outcome = run_inspect(
                tasks,
                f"openai-api/local/bench-c{concurrency}-l{latency}"
                + (f"-j{jitter}" if jitter else ""),
                config,
                info=RunInfo.of("bench", images=images),
                out=RunDir(Path(tmp) / "run"),
                max_connections=concurrency,
                display="none",
                workers=n_workers,
            )
        wall = time.monotonic() - t0
        # this process and its finished worker processes; the server runs in another (it is
        # started before, so it is no child that has ended)
        cpu = _cpu(resource) - cpu0
    stamps = sorted(server.stats())
    calls = len(stamps)
    n = len(tasks)
    window = stamps[-1] + latency - stamps[0] if stamps else float("nan")
    # CPU of the harness while the server was busy: what limits throughput (no start-up)
    busy_cpu = monitor.at(stamps[-1] + latency) - monitor.at(stamps[0]) if stamps else float("nan")
    ideal = 60 * concurrency / (steps * latency)
    per_min = 60 * n / window
    return {
        "images": images,
        "concurrency": concurrency,
        "workers": n_workers,
        "episodes": n,
        "calls": calls,
        "expected_calls": n * steps,
        "errors": outcome.summary.get("errors"),
        "window_s": round(window, 2),
        "wall_s": round(wall, 2),
        "episodes_per_min": round(per_min, 1),
        "episodes_per_min_wall": round(60 * n / wall, 1),
        "ideal_per_min": round(ideal, 1),
        "ratio": round(per_min / ideal, 3),
        "overhead_ms_per_call": round(1000 * (window * concurrency / calls - latency), 1)
        if calls
        else None,
        "cpu_ms_per_call": round(1000 * cpu / calls, 1) if calls else None,
        "cpu_share": round(cpu / wall, 2),
        "busy_cpu_ms_per_call": round(1000 * busy_cpu / calls, 1) if calls else None,
        "busy_cpu_share": round(busy_cpu / window, 2) if calls else None,
        "load_at_end": [round(x, 2) for x in os.getloadavg()],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--latency", type=float, nargs="+", default=[0.5, 1.0], help="seconds per model call"
    )
    ap.add_argument("--steps", type=int, default=5, help="model calls per episode (step limit)")
    ap.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32, 64])
    ap.add_argument(
        "--jitter",
        type=float,
        default=0.0,
        help="spread of the latency: uniform in latency x (1 +- JITTER); 0 = fixed (default)",
    )
    ap.add_argument("--waves", type=int, default=4, help="episodes per connection")
    ap.add_argument("--images", choices=["on", "off", "both"], default="on")
    ap.add_argument(
        "--repeat", type=int, default=1, help="measure each point N times; report the median"
    )
    ap.add_argument(
        "--workers",
        type=int,
        default=None,
        help="harness worker processes (run --workers); default: what run --model picks",
    )
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args(argv)

    from saferelbench.harness.sources import select_tasks

    all_tasks = select_tasks(split="all")
    modes = {"on": [True], "off": [False], "both": [False, True]}[args.images]
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, python {platform.python_version()}; "
        f"{args.steps} calls per episode, {args.waves} episodes per connection, latency jitter +-{100 * args.jitter:.0f}%",
        flush=True,
    )
    rows: list[dict[str, Any]] = []
    load_before = list(os.getloadavg())
    print(f"load average before: {load_before}", flush=True)
    with ServerProcess() as server:
        os.environ["LOCAL_BASE_URL"] = server.base_url
        os.environ["LOCAL_API_KEY"] = "bench"
        one_point(all_tasks[:2], 1, 2, 0.05, modes[0], server)  # warm-up: imports, first connection
        for latency in args.latency:
            for images in modes:
                for c in args.concurrency:
                    n = min(len(all_tasks), max(c * args.waves, 4))
                    runs = [
                        one_point(
                            all_tasks[:n],
                            c,
                            args.steps,
                            latency,
                            images,
                            server,
                            args.jitter,
                            args.workers,
                        )
                        for _ in range(args.repeat)
                    ]
                    row = sorted(runs, key=lambda r: r["episodes_per_min"])[
                        len(runs) // 2
                    ]  # median
                    row["latency"] = latency
                    bare, bare_cpu = raw_point(
                        all_tasks[:n], c, args.steps, latency, images, server, args.jitter
                    )
                    row["raw_ratio"] = round(bare, 3)
                    row["bare_cpu_ms_per_call"] = round(bare_cpu, 1)
                    row["vs_bare"] = round(row["ratio"] / row["raw_ratio"], 3)
                    row["runs_episodes_per_min"] = [r["episodes_per_min"] for r in runs]
                    rows.append(row)
                    print(
                        f"latency {latency} s images={'on ' if images else 'off'} c={c:3d}  {row['episodes']:4d} episodes, "
                        f"{row['calls']:5d} calls (expected {row['expected_calls']}, errors {row['errors']})  "
                        f"busy {row['window_s']:6.1f} s  wall {row['wall_s']:6.1f} s  {row['episodes_per_min']:7.1f} ep/min "
                        f"(wall {row['episodes_per_min_wall']:7.1f}) vs ideal {row['ideal_per_min']:7.1f} = "
                        f"{100 * row['ratio']:5.1f}% (bare client: {100 * row['raw_ratio']:5.1f}%)  beyond latency {row['overhead_ms_per_call']} ms/call, "
                        f"harness CPU {row['cpu_ms_per_call']} ms/call ({100 * row['cpu_share']:.0f}% of a core), "
                        f"in the busy window {row['busy_cpu_ms_per_call']} ms/call ({100 * row['busy_cpu_share']:.0f}% of a core), "
                        f"bare client {row['bare_cpu_ms_per_call']} ms/call; load {row['load_at_end']}",
                        flush=True,
                    )
    for r in rows:
        if r["concurrency"] == 1:
            print(
                f"overhead per model call (c=1, latency {r['latency']} s, images {'on' if r['images'] else 'off'}): "
                f"{r['overhead_ms_per_call']:.1f} ms"
            )
    for r in rows:
        verdict = "MET" if r["vs_bare"] >= 0.95 else "MISSED"
        print(
            f"target harness >= 95% of the bare client's share (latency {r['latency']} s, "
            f"concurrency {r['concurrency']}, {r['workers']} worker(s), images "
            f"{'on' if r['images'] else 'off'}): {verdict} (harness {100 * r['ratio']:.1f}% of "
            f"ideal, bare client {100 * r['raw_ratio']:.1f}%: {100 * r['vs_bare']:.1f}%; "
            f"harness CPU {r['cpu_ms_per_call']} ms/call, {r['busy_cpu_ms_per_call']} in the busy "
            f"window; load {r['load_at_end']})"
        )
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "latency": args.latency,
                    "steps": args.steps,
                    "cores": os.cpu_count(),
                    "load_before": load_before,
                    "load_after": list(os.getloadavg()),
                    "rows": rows,
                },
                indent=2,
            )
            + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
