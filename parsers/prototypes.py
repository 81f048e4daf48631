"""The fallback after the rules: cosine similarity to a few prototype sentences per intent.

Pure: the caller injects the embedding function. It only ever labels an utterance (smalltalk, not
stored; or a sub-intent guess on an episode): a fact needs slots taken from the text, and a
similarity score cannot supply those without inventing them."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

__all__ = ["PROTOTYPES", "prototype_fallback"]

Embed = Callable[[Sequence[str]], list[list[float]]]
PROTOTYPES: dict[str, tuple[str, ...]] = {
    "smalltalk": (
        "hello there",
        "thanks a lot",
        "okay sounds good",
        "see you later",
        "good night",
        "haha nice",
        "sure thing",
        "no worries",
    ),
    "preference": ("I like this kind of thing", "I prefer that one"),
    "feedback": ("this service is too slow", "the answer was helpful"),
    "todo": ("remind me to do it later", "I have a meeting tomorrow"),
    "travel_plan": ("book a ticket for my trip", "I am flying next week"),
}
MAX_WORDS = 8  # longer utterances are episodes; only short ones are ambiguous enough to need this
_CJK = re.compile(r"[\u4e00-\u9fff]")


def prototype_fallback(embed: Embed, threshold: float = 0.72) -> Callable[[str], tuple[str, float] | None]:
    labels = [label for label, texts in PROTOTYPES.items() for _ in texts]
    cache: list[list[float]] = []

    def classify(text: str) -> tuple[str, float] | None:
        if len(text.split()) > MAX_WORDS or len(text) > 40 or _CJK.search(text):
            return None  # the packaged model is English-only: its Chinese similarities are noise
        if not cache:
            cache.extend(embed([t for texts in PROTOTYPES.values() for t in texts]))
        vector = embed([text])[0]
        scores = [sum(a * b for a, b in zip(vector, proto, strict=False)) for proto in cache]
        best = max(range(len(scores)), key=scores.__getitem__)
        return (labels[best], round(scores[best], 3)) if scores[best] >= threshold else None

    return classify
