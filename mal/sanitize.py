"""Seed 000's sanitizer, made strict: only user/assistant turns with content survive, cut to size."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mal.errors import PayloadTooLarge
from mal.models import Turn

__all__ = ["sanitize_turns"]


def sanitize_turns(raw: Sequence[Any], max_turns: int, max_chars: int) -> tuple[list[Turn], int]:
    """Returns the kept turns and how many were dropped (bad role or empty content)."""
    if len(raw) > max_turns:
        raise PayloadTooLarge(
            f"turns has {len(raw)} items; at most {max_turns} are accepted per call", field="turns"
        )
    kept: list[Turn] = []
    for item in raw:
        data = item if isinstance(item, dict) else getattr(item, "model_dump", lambda: {})()
        role = str(data.get("role", ""))
        content = str(data.get("content") or "").strip()
        if role not in {"user", "assistant"} or not content:
            continue
        kept.append(
            Turn(
                role=role,  # type: ignore[arg-type]
                content=content[:max_chars],
                at=data.get("at"),
                ref=data.get("ref"),
                speaker=data.get("speaker"),
            )
        )
    return kept, len(raw) - len(kept)
