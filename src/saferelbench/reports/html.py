"""The single-file HTML report: tables, figures, episode list and step-by-step viewer.

The page is rendered by jinja2 with autoescaping on; the episodes travel as one JSON block
(``|tojson`` escapes ``<``, ``>``, ``&`` and ``'``) read by ``templates/report.js``, which writes
model text with ``textContent`` only. CSS and JS are inlined; nothing is fetched from a network.

Step images are handled by ``images``:

- ``"link"`` (default): relative references from the report to the run directories' PNGs. The
  report stays small (no image bytes); report and runs must keep their relative places;
- ``"embed"``: each distinct image downscaled (longest side ``EMBED_MAX_SIDE`` px), re-encoded as
  JPEG and inlined once as a data URI: the file is standalone;
- ``"none"``: no images.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, PackageLoader

from saferelbench.evaluation.results import EpisodeResult
from saferelbench.reports.loading import RunData

IMAGE_MODES = ("link", "embed", "none")
EMBED_MAX_SIDE = 360
JPEG_QUALITY = 80
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
    """Turns a step's image path into what the page uses (relative URL or ``#hash``)."""

    def __init__(self, mode: str, out_dir: Path) -> None:
        if mode not in IMAGE_MODES:
            raise ValueError(f"images must be one of {IMAGE_MODES}, not {mode!r}")
        self.mode = mode
        self.out_dir = out_dir.resolve()
        self.embedded: dict[str, str] = {}
        self._by_path: dict[Path, str | None] = {}
        self.missing = 0

    def __call__(self, run: RunData, image: str | None) -> str | None:
        if self.mode == "none" or not image or run.image_root is None:
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
            self._by_path[path] = self._embed(path)
        return self._by_path[path]

    def _embed(self, path: Path) -> str | None:
        from PIL import Image

        raw = path.read_bytes()
        digest = hashlib.sha1(raw).hexdigest()[:16]
        if digest not in self.embedded:
            try:
                with Image.open(io.BytesIO(raw)) as original:
                    img = original.convert("RGB")
                    img.thumbnail((EMBED_MAX_SIDE, EMBED_MAX_SIDE))
                    buf = io.BytesIO()
                    # JPEG: on the renderer's images about 30% smaller than PNG at this size,
                    # and several times faster to encode than an optimised PNG
                    img.save(buf, "JPEG", quality=JPEG_QUALITY)
            except OSError:
                self.missing += 1
                return None
            best = buf.getvalue()
            fmt = "jpeg"
            self.embedded[digest] = (
                f"data:image/{fmt};base64,{base64.b64encode(best).decode('ascii')}"
            )
        return f"#{digest}"


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
        "hazards": e.hazards,
        "protocol": e.protocol,
        "decided_by": e.decided_by,
        "disagreements": e.disagreements,
        "failing_steps": failing_steps(e),
        "verdicts": [
            v.model_dump(
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
                "hazards": s.hazards,
                "raw_output": clip(_raw_output(s)),
                "image": resolve(run, s.image),
            }
            for s in e.steps
        ],
    }


def _asset(name: str) -> str:
    return (Path(__file__).parent / "templates" / name).read_text(encoding="utf-8")


def render_html(
    runs: Sequence[RunData],
    *,
    out_dir: Path,
    context: dict[str, Any],
    images: str = "link",
) -> tuple[str, ImageResolver]:
    """The report page as a string; ``context`` holds the tables/figures parts of the template."""
    resolve = ImageResolver(images, out_dir)
    episodes = []
    for i, run in enumerate(runs):
        seen: dict[str, int] = {}
        for e in run.episodes:
            item = episode_data(i, run, e, resolve)
            k = seen.get(e.sample_id, 0)
            seen[e.sample_id] = k + 1
            if k:  # repeated sample (epochs): keep keys unique
                item["key"] += f"#{k}"
            episodes.append(item)
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
