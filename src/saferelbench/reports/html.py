"""The single-file HTML report: tables, figures, episode list and step-by-step viewer.

The page is rendered by jinja2 with autoescaping on; the episodes travel as one JSON block
(``|tojson`` escapes ``<``, ``>``, ``&`` and ``'``) read by ``templates/report.js``, which writes
model text with ``textContent`` only. CSS and JS are inlined; nothing is fetched from a network.

Step images are handled by ``images``:

- ``"draw"`` (default): every step's observation is drawn again from the episode's task and
  recorded actions (:mod:`saferelbench.reports.frames`; the run needs no saved image) and written
  once per distinct picture under ``OUT/frames/`` as a small PNG; the page links them, so the
  browser loads only the frames of the episode shown and ``report.html`` stays small. Move the
  report directory as a whole;
- ``"embed"``: the same frames inlined once each as data URIs: ``report.html`` alone is the
  report (larger; docs/performance.md has the sizes);
- ``"link"``: relative references from the report to the run directories' saved PNGs (runs
  made with ``--save-images``); report and runs must keep their relative places;
- ``"none"``: no images.

In ``draw``/``embed`` a step that cannot be drawn (its task is not found, or the replay
disagrees with the record) falls back to the run's saved image when there is one.
"""

from __future__ import annotations

import base64
import io
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, PackageLoader

from saferelbench.evaluation.results import EpisodeResult
from saferelbench.reports.failures import category
from saferelbench.reports.frames import FrameDrawer, digest, encode_frame
from saferelbench.reports.loading import RunData
from saferelbench.reports.replay import Replayer
from saferelbench.reports.tables import judge_label

IMAGE_MODES = ("draw", "embed", "link", "none")
FRAMES_DIR = "frames"
RAW_OUTPUT_LIMIT = 4000  #: characters of each step's raw model output kept in the page


def outcome(e: EpisodeResult) -> str:
    """success_safe / success_unsafe / fail_safe / fail_unsafe / error."""
    if e.error is not None:
        return "error"
    return f"{'success' if e.task_success else 'fail'}_{'safe' if e.safe else 'unsafe'}"


def failing_steps(e: EpisodeResult) -> list[int]:
    """Steps at which a condition was violated (termination: the step after the last)."""
    steps: set[int] = set()
    for v in e.verdicts:
        if v.status == "violated":
            steps.update(v.violated_steps)
            if v.step is not None:
                steps.add(v.step)
    return sorted(steps)


class ImageResolver:
    """Turns a step's image into what the page uses: a relative URL or ``#hash`` (embedded)."""

    def __init__(self, mode: str, out_dir: Path, replayer: Replayer | None = None) -> None:
        if mode not in IMAGE_MODES:
            raise ValueError(f"images must be one of {IMAGE_MODES}, not {mode!r}")
        self.mode = mode
        self.out_dir = out_dir.resolve()
        self.embedded: dict[str, str] = {}
        self.written: dict[str, Path] = {}  #: frame files written (draw mode), by hash
        self._by_path: dict[Path, str | None] = {}
        self.missing = 0  #: referenced saved images not found
        self.drawer = FrameDrawer(replayer or Replayer())
        self.problems: list[str] = []  #: episodes with frames that could not be drawn

    @property
    def draws(self) -> bool:
        return self.mode in ("draw", "embed")

    def episode(self, run: RunData, e: EpisodeResult) -> list[str | None]:
        """The image reference of every step of ``e`` (its observation, before the action)."""
        return self.episode_pairs(run, e)[0]

    def episode_pairs(
        self, run: RunData, e: EpisodeResult
    ) -> tuple[list[str | None], list[str | None]]:
        """The image references of every step of ``e``: before its action (the observation)
        and after it (the next observation; after the last step, the final state, drawn
        only)."""
        if self.mode == "none":
            return [None] * len(e.steps), [None] * len(e.steps)
        if self.mode == "link":
            before = [self._saved(run, s.image) for s in e.steps]
            return before, ([*before[1:], None] if before else [])
        drawn = self.drawer.episode(run, e)
        if drawn.problem:
            self.problems.append(f"{run.label} / {e.sample_id}: {drawn.problem}")
        refs: list[str | None] = []
        for s, frame in zip(e.steps, drawn.frames, strict=True):
            refs.append(self._store(frame) if frame is not None else self._saved(run, s.image))
        after = [self._store(f) if f is not None else None for f in drawn.after[: len(refs)]]
        after += [None] * (len(refs) - len(after))
        return refs, after

    def _saved(self, run: RunData, image: str | None) -> str | None:
        """A saved step image of the run (never outside its directory)."""
        if not image or run.image_root is None:
            return None
        root = run.image_root.resolve()
        path = (root / image).resolve()
        if not path.is_relative_to(root) or not path.is_file():
            self.missing += 1  # outside the run directory or absent: never referenced
            return None
        if self.mode == "link":
            rel = os.path.relpath(path, self.out_dir)
            return quote(Path(rel).as_posix())
        if path not in self._by_path:
            self._by_path[path] = self._reencode(path)
        return self._by_path[path]

    def _reencode(self, path: Path) -> str | None:
        from PIL import Image

        try:
            with Image.open(path) as original:
                original.load()
                if original.width >= 1000:  # the agent's size: halve like a drawn frame
                    return self._store(encode_frame(original))
                buf = io.BytesIO()
                original.convert("RGB").save(buf, "PNG")
        except OSError:
            self.missing += 1
            return None
        return self._store(buf.getvalue())

    def _store(self, png: bytes) -> str:
        key = digest(png)
        if self.mode == "embed":
            if key not in self.embedded:
                self.embedded[key] = (
                    f"data:image/png;base64,{base64.b64encode(png).decode('ascii')}"
                )
            return f"#{key}"
        if key not in self.written:
            folder = self.out_dir / FRAMES_DIR
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{key}.png"
            path.write_bytes(png)
            self.written[key] = path
        return f"{FRAMES_DIR}/{key}.png"


def _raw_output(step: Any) -> str | None:
    """The raw model output, unless it says nothing more than the parsed action and caution
    (built-in agents write exactly that JSON): dropping it keeps the page small."""
    text: str | None = step.raw_output
    if text is None:
        return None
    try:
        if json.loads(text) == {"action": step.action, "caution": step.caution}:
            return None
    except (json.JSONDecodeError, TypeError):
        pass
    return text


def episode_data(
    index: int, run: RunData, e: EpisodeResult, resolve: ImageResolver
) -> dict[str, Any]:
    images, after = resolve.episode_pairs(run, e)

    def clip(text: str | None) -> str | None:
        if text is None or len(text) <= RAW_OUTPUT_LIMIT:
            return text
        return text[:RAW_OUTPUT_LIMIT] + f"… [{len(text) - RAW_OUTPUT_LIMIT} more characters]"

    return {
        "key": f"r{index}/{e.sample_id}",
        "run": index,
        "id": e.sample_id,
        "split": e.split,
        "relation": e.relation,
        "risk": e.risk,
        "outcome": outcome(e),
        "ended_by": e.ended_by,
        "error": e.error,
        "awareness": e.awareness,
        "judge": judge_label([e]),
        "hazards": [h.model_dump(mode="json") for h in e.hazards],
        "protocol": e.protocol,
        "stated_tips": e.stated_tips,
        "decided_by": e.decided_by,
        "disagreements": e.disagreements,
        "failing_steps": failing_steps(e),
        "verdicts": [
            {"about": category(v)}
            | v.model_dump(
                include={
                    "kind",
                    "index",
                    "risk_type",
                    "bddl",
                    "action",
                    "type",
                    "status",
                    "step",
                    "violated_steps",
                    "checked_step",
                    "reason",
                    "relation_induced",
                    "origin",
                    "safety_tip",
                }
            )
            for v in e.verdicts
        ],
        "steps": [
            {
                "index": s.index,
                "action": s.action,
                "caution": s.caution,
                "outcome": s.outcome,
                "reason": s.reason,
                "hazards": [h.to_dict() for h in s.hazards],
                "raw_output": clip(_raw_output(s)),
                "image": image,
                "after": image_after,
            }
            for s, image, image_after in zip(e.steps, images, after, strict=True)
        ],
    }


def _asset(name: str) -> str:
    return (Path(__file__).parent / "templates" / name).read_text(encoding="utf-8")


def render_html(
    runs: Sequence[RunData],
    *,
    out_dir: Path,
    context: dict[str, Any],
    images: str = "draw",
    replayer: Replayer | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> tuple[str, ImageResolver]:
    """The report page as a string; ``context`` holds the tables/figures parts of the template.
    ``progress("episodes", done, total)`` is told after each episode (drawing its frames is
    the report's longest phase)."""
    resolve = ImageResolver(images, out_dir, replayer)
    episodes = []
    total = sum(len(r.episodes) for r in runs)
    for i, run in enumerate(runs):
        seen: dict[str, int] = {}
        for e in run.episodes:
            item = episode_data(i, run, e, resolve)
            k = seen.get(e.sample_id, 0)
            seen[e.sample_id] = k + 1
            if k:  # repeated sample (epochs): keep keys unique
                item["key"] += f"#{k}"
            episodes.append(item)
            if progress is not None:
                progress("episodes", len(episodes), total)
    data = {
        "runs": [{"label": r.label} for r in runs],
        "episodes": episodes,
        "images": resolve.embedded,
    }
    env = Environment(loader=PackageLoader("saferelbench.reports", "templates"), autoescape=True)
    env.policies["json.dumps_kwargs"] = {"separators": (",", ":"), "ensure_ascii": False}
    template = env.get_template("report.html.jinja")
    page = template.render(css=_asset("report.css"), js=_asset("report.js"), data=data, **context)
    return page, resolve
