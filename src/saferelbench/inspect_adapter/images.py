"""The observation images of one step as chat content: the current frame alone (the paper's
protocol) or, with ``image_history`` K > 1, the last K frames, oldest first, each after a line
naming its step."""

from __future__ import annotations

import base64
from collections.abc import Sequence

from inspect_ai.model import ChatMessage, Content, ContentImage, ContentText

from saferelbench.harness.episode import Episode

__all__ = ["Content", "frame_contents", "images_in", "keep_last_images", "png_data_uri"]


def png_data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def frame_label(step: int, current: bool) -> str:
    """The line before a frame of the image history."""
    return f"Image at step {step} (now):" if current else f"Image at step {step}:"


def frame_contents(episode: Episode, *, last_only: bool = False, now: bool = True) -> list[Content]:
    """The step's images: one image (``image_history`` 1) or the labelled last K frames;
    ``last_only``: the current frame alone, labelled (a tool result of a continuing
    conversation, where the earlier frames are already in the messages); ``now=False``: no
    frame is marked as the current one (a message that stays in a conversation)."""
    if not episode.config.images:
        return []
    if episode.config.image_history == 1 and not last_only:
        uri = episode.image_data_uri()
        return [ContentImage(image=uri)] if uri else []
    frames = episode.frames()
    if last_only:
        frames = frames[-1:]
    out: list[Content] = []
    for i, (step, png) in enumerate(frames):
        current = i == len(frames) - 1
        uri = episode.image_data_uri() if current else png_data_uri(png)
        # a tool result stays in the conversation: "now" would turn false a step later
        out.append(ContentText(text=frame_label(step, current and now and not last_only)))
        out.append(ContentImage(image=uri or png_data_uri(png)))
    return out


#: What replaces a frame that fell out of the image history in a continuing conversation.
DROPPED_IMAGE = "(an earlier image, no longer shown)"


def keep_last_images(messages: Sequence[ChatMessage], keep: int) -> list[ChatMessage]:
    """``messages`` with only the last ``keep`` images; older ones become a short text (a
    tool-call conversation shows the last K frames, like a JSON-mode step)."""
    seen = 0
    out: list[ChatMessage] = []
    for message in reversed(messages):
        content = message.content
        if isinstance(content, str):
            out.append(message)
            continue
        parts: list[Content] = []
        changed = False
        for part in reversed(content):
            if isinstance(part, ContentImage):
                seen += 1
                if seen > keep:
                    parts.append(ContentText(text=DROPPED_IMAGE))
                    changed = True
                    continue
            parts.append(part)
        parts.reverse()
        out.append(message.model_copy(update={"content": parts}) if changed else message)
    out.reverse()
    return out


def images_in(messages: Sequence[ChatMessage]) -> int:
    """How many images ``messages`` hold."""
    return sum(
        1
        for m in messages
        if not isinstance(m.content, str)
        for part in m.content
        if isinstance(part, ContentImage)
    )
