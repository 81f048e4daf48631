"""Seed 000's sanitizer, made strict: only user/assistant turns with content survive, cut to size."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mal.errors import PayloadTooLarge
from mal.models import Turn

__all__ = ["sanitize_turns"]


def sanitize_turns(
    raw: Sequence[Any], max_turns: int, max_chars: int, hard_chars: int | None = None
) -> tuple[list[Turn], int]:
    """Returns the kept turns and how many were dropped (bad role or empty content).

    A turn up to `hard_chars` is cut to `max_chars`; a longer one is refused (413) naming it, because
    silently keeping the first 2,000 characters of a 5,000,000-character turn hides a caller bug and
    still made us parse and store what the caller did not mean to send."""
    if len(raw) > max_turns:
        raise PayloadTooLarge(f"turns has {len(raw)} items; at most {max_turns} are accepted per call", field="turns")
    kept: list[Turn] = []
    for position, item in enumerate(raw):
        data = item if isinstance(item, dict) else getattr(item, "model_dump", lambda: {})()
        role = str(data.get("role", ""))
        content = str(data.get("content") or "").strip()
        if hard_chars is not None and len(content) > hard_chars:
            raise PayloadTooLarge(
                f"turns[{position}].content has {len(content)} characters; at most {hard_chars} are accepted",
                field=f"turns.{position}.content",
            )
        if role not in {"user", "assistant"} or not content:
            continue
        kept.append(
            Turn(
                role=role,
                content=content[:max_chars],
                at=data.get("at"),
                ref=data.get("ref"),
                speaker=data.get("speaker"),
            )
        )
    return kept, len(raw) - len(kept)
