"""What KIND of detail one text of a pair says and the other does not: the second opinion's features.

The learned layer's second opinion (mal/dedup_model.py `SecondOpinion`) is fitted on every judged
pair, the near misses the hard vetoes stop as well as the pairs they let through. A vetoed near
miss teaches it a kind of difference only if the features name the kind: the veto sees "a number
only one text says", the model learns that any detail only one text says (a number, a time, a
name, a stance, a scope word) counts against a merge, and reads a kind the vetoes miss ("I swim on
Sundays" / "... except in winter", 我喝绿茶 / 我只在下午喝绿茶) the same way.

Taken over from the nineteenth round's first try (branch addmodel19), where these features made the
only learned model: alone it cost too many restatements, as a second opinion that can only say no
it is asked about the pairs the first model would merge.

Pure functions over mal/dedup_text.py signatures.
"""

from __future__ import annotations

import re
from collections import Counter

from mal.dedup_text import Signature

__all__ = ["DETAILS", "details"]

DETAILS = ("extra_quantity", "extra_time", "extra_name", "extra_stance", "extra_scope")
# Words that bound or widen what a fact covers, or bring a phrase that does: a text that adds one
# ("I'm vegan" / "I'm vegan on weekdays", 我周末不加班 / 我周末不加班，月底除外) or swaps one ("since" /
# "until", 从 / 到) says something else. Many are fillers to the word rules (in, to, all, every), so
# they are read off the words as written. Chinese ones are matched in the text: jieba glues 只 and 都
# to the verb.
_SCOPE_EN = frozenset(
    (
        *("since", "until", "till", "except", "including", "plus", "only", "before", "after", "during", "unless"),
        *("if", "instead", "half", "most", "nearly", "almost", "other", "whole", "partly", "mostly", "again"),
        *("another", "near", "than"),
    )
)
_SCOPE_ZH = (
    *("除了", "除外", "只", "仅", "以前", "之前", "以后", "之后", "直到", "以来", "如果", "除非", "每隔", "一半"),
    *("大部分", "部分", "差不多", "将近", "再", "又", "以上", "以下", "附近"),
)
# Words that say how sure or how settled the fact is: "I might take the job" is not "I'm taking it".
_STANCE_EN = frozenset(
    (
        *("might", "maybe", "may", "probably", "perhaps", "possibly", "trying", "try", "hope", "hoping"),
        *("thinking", "want", "wanna", "considering", "used", "supposed", "barely"),
        # tense and settledness, fillers to the word rules: "is getting married" / "got married"
        *("will", "gonna", "going", "got", "getting", "soon", "yet", "still", "already", "finally"),
    )
)
_STANCE_ZH = (
    *("可能", "也许", "大概", "或许", "想", "打算", "准备", "试着", "尝试", "希望", "本来", "差点", "考虑"),
    "应该",
)
_WORD = re.compile(r"[a-z]+")


def details(sa: Signature, sb: Signature) -> list[float]:
    """`DETAILS` in order, as counts of what the two texts do not share: numbers (as multisets),
    times, names / places / people, stance (negation, aspect, a hedge or tense word) and scope
    words (`_SCOPE_EN`, `_SCOPE_ZH`). Symmetric: either text may be the one that adds."""
    return [
        float(_differ(sa.numbers, sb.numbers)),
        float(len(sa.times ^ sb.times)),
        float(len((sa.names | sa.places | sa.people) ^ (sb.names | sb.places | sb.people))),
        float(
            (sa.negated != sb.negated)
            + len(sa.aspects ^ sb.aspects)
            + len(_marks(sa.text, _STANCE_EN, _STANCE_ZH) ^ _marks(sb.text, _STANCE_EN, _STANCE_ZH))
        ),
        float(len(_marks(sa.text, _SCOPE_EN, _SCOPE_ZH) ^ _marks(sb.text, _SCOPE_EN, _SCOPE_ZH))),
    ]


def _differ(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    """How many values one sequence holds that the other does not (as multisets)."""
    ca, cb = Counter(a), Counter(b)
    return sum(((ca - cb) + (cb - ca)).values())


def _marks(text: str, english: frozenset[str], chinese: tuple[str, ...]) -> frozenset[str]:
    """The marker words a normalised text says: English ones as words, Chinese ones anywhere."""
    return frozenset(_WORD.findall(text)) & english | frozenset(w for w in chinese if w in text)
