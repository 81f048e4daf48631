"""spaCy pipelines built from blank languages: no model download, deterministic.

jieba splits 北京南到上海虹桥 as 北京 / 南到 / 上海 / 虹桥, so the gazetteer goes into jieba's user
dictionary first and into an EntityRuler second.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any

from parsers.lang import as_zh_or_en
from parsers.lexicon import CONDITIONS_EN, CONDITIONS_ZH, LANGUAGES, PLACES_ZH, RELATIVES_EN, RELATIVES_ZH

__all__ = ["entities", "pipeline"]


@lru_cache(maxsize=2)
def pipeline(lang: str) -> Any:
    import spacy

    if lang == "zh":
        import jieba

        jieba.setLogLevel(logging.WARNING)
        for word in [*PLACES_ZH, *CONDITIONS_ZH, *RELATIVES_ZH, *LANGUAGES]:
            jieba.add_word(word, freq=200_000)
        nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
        patterns: list[dict[str, Any]] = (
            [{"label": "PLACE", "pattern": p} for p in PLACES_ZH]
            + [{"label": "CONDITION", "pattern": c} for c in CONDITIONS_ZH]
            + [{"label": "RELATIVE", "pattern": r} for r in RELATIVES_ZH]
            + [{"label": "LANGUAGE", "pattern": w} for w in LANGUAGES if not w.isascii()]
        )
    else:
        nlp = spacy.blank("en")
        patterns = (
            [{"label": "CONDITION", "pattern": [{"LOWER": t} for t in c.split()]} for c in CONDITIONS_EN]
            + [{"label": "RELATIVE", "pattern": [{"LOWER": r}]} for r in RELATIVES_EN]
            + [{"label": "LANGUAGE", "pattern": [{"LOWER": w}]} for w in LANGUAGES if w.isascii()]
        )
    ruler: Any = nlp.add_pipe("entity_ruler", config={"phrase_matcher_attr": "LOWER"} if lang != "zh" else {})
    ruler.add_patterns(patterns)
    return nlp


def entities(text: str, lang: str) -> list[tuple[str, str, int]]:
    """(text, label, char offset) for gazetteer entities, in order of appearance."""
    doc = pipeline(as_zh_or_en(lang))(text)
    return [(ent.text, ent.label_, ent.start_char) for ent in doc.ents]
