"""What the parser returns. Plain dataclasses: `parsers/` imports nothing of ours."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["ConflictFinding", "Correction", "EntityRef", "Fact", "ForgetRequest", "ParseResult"]


@dataclass(frozen=True)
class EntityRef:
    name: str
    type: str
    relation: str  # whitelisted relationship type the MAL will use for the quadruple
    detail: str | None = None  # e.g. which relative has the condition


@dataclass
class Fact:
    kind: str
    slots: dict[str, Any]
    entities: list[EntityRef]
    summary: str
    lang: str
    confidence: float
    domain: str = "general"
    sentiment: str = "neutral"
    intensity: float = 0.0
    correction: bool = False
    text: str = ""


@dataclass(frozen=True)
class Correction:
    """ "不对，是2024年不是2023年": `new` replaces `old` in whichever memory holds `old`."""

    new: str
    old: str | None


@dataclass(frozen=True)
class ForgetRequest:
    """What a forget request names: kinds (from kind words) and content terms (whole words / jieba
    tokens); the MAL forgets only a memory these name precisely, otherwise it asks."""

    target: str
    kinds: tuple[str, ...]
    terms: tuple[str, ...] = ()
    lang: str = "en"


@dataclass
class ParseResult:
    lang: str
    intent: str
    sub_intents: list[tuple[str, float]]
    facts: list[Fact] = field(default_factory=list)
    sentiment: str = "neutral"
    intensity: float = 0.0
    correction: Correction | None = None
    forget: ForgetRequest | None = None

    @property
    def storable(self) -> bool:
        return self.intent not in {"smalltalk", "forget_request"}


@dataclass(frozen=True)
class ConflictFinding:
    memory_id: str
    slot: str
    old: Any
    new: Any
    explicit: bool  # True: the user corrected it (old x0.3); False: disputed, ask
    question: str
