"""Step images drawn for the report from the replayed episode (:mod:`saferelbench.reports.replay`).

The observation of step *k* is the state after steps 1 .. k-1 drawn by
:func:`saferelbench.render.render`, as the agent saw it (same renderer, same labels), whether or
not the run kept any image; the state after step *k* is the next step's observation, and after
the last step the final state is drawn too, so the viewer shows each step's image before and
after its action. When the replay diverged, the steps after the divergence are not drawn: the
report never shows a picture of a state the agent did not see.

Frames are drawn at the agent's size (1024x768, name tags as legible as the agent had them) and
stored as 64-colour PNG: the schematic images have few colours, so this is several times
smaller than JPEG at the same size and keeps the name tags sharp.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field

from saferelbench.evaluation.results import EpisodeResult
from saferelbench.reports.loading import RunData
from saferelbench.reports.replay import Replayer

FRAME_COLOURS = 64


def encode_frame(image: object) -> bytes:
    """Reduce to :data:`FRAME_COLOURS` colours at full size, PNG-encode (deterministic
    bytes)."""
    from PIL import Image

    assert isinstance(image, Image.Image)
    buf = io.BytesIO()
    image.convert("RGB").quantize(FRAME_COLOURS, method=Image.Quantize.FASTOCTREE).save(buf, "PNG")
    return buf.getvalue()


def digest(data: bytes) -> str:
    return hashlib.sha1(data).hexdigest()[:16]


@dataclass
class EpisodeFrames:
    """The drawn frame (PNG bytes) of each step, None where it could not be drawn."""

    frames: list[bytes | None]  #: each step's observation (the state before its action)
    problem: str | None = None  #: why some or all frames are missing
    #: the state after each step's action (the next observation; the final state last)
    after: list[bytes | None] = field(default_factory=list)


@dataclass
class FrameDrawer:
    """Draws every step of an episode from its replay."""

    replayer: Replayer = field(default_factory=Replayer)
    drawn: int = 0  #: frames drawn

    def episode(self, run: RunData, e: EpisodeResult) -> EpisodeFrames:
        if not e.steps:
            return EpisodeFrames([])
        replayed = self.replayer.replay(run, e)
        if isinstance(replayed, str):
            return EpisodeFrames([None] * len(e.steps), f"{replayed}: frames not drawn")
        from saferelbench.render.steady import SteadyFrames

        labels = bool(run.info.setting("labels", True))
        drawn: list[bytes | None] = []
        steady = SteadyFrames(replayed.scene, replayed.states[0]) if replayed.states else None
        for k in range(len(e.steps) + 1):
            if steady is not None and k < len(replayed.states):
                # in step order, each in the frame of the one before, as the agent saw them
                drawn.append(encode_frame(steady.draw(replayed.states[k], labels=labels).image))
                self.drawn += 1
            else:
                drawn.append(None)
        problem = f"{replayed.problem}: later frames not drawn" if replayed.problem else None
        return EpisodeFrames(drawn[:-1], problem, drawn[1:])
