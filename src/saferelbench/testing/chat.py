"""Reading OpenAI chat-completion request bodies (what a provider really sent)."""

from __future__ import annotations

from typing import Any


def user_text(body: dict[str, Any]) -> str:
    """All text of the user messages of a chat request, joined."""
    parts: list[str] = []
    for message in body.get("messages", []):
        if message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str):
            parts.append(content)
        elif isinstance(content, list):
            parts.extend(str(c.get("text", "")) for c in content if c.get("type") == "text")
    return "\n".join(parts)


def image_urls(body: dict[str, Any]) -> list[str]:
    """The image URLs (data URIs) of a chat request."""
    urls: list[str] = []
    for message in body.get("messages", []):
        content = message.get("content")
        if isinstance(content, list):
            for c in content:
                if c.get("type") == "image_url":
                    image = c.get("image_url")
                    urls.append(image.get("url", "") if isinstance(image, dict) else str(image))
    return urls
