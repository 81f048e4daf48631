"""The learned slot layer: a linear-chain CRF (python-crfsuite) over the rules' output.

Six rounds of hand rules each fixed the last writer's phrasings; a tagger trained on every
labelled set reads span-valued slots (a job, a city, an allergen, a liked thing) in phrasings no
rule names. Precision first, so the rules win where they fire:
- a tagged span becomes a fact (or fills a slot of a rule's fact) only where no rule fact of that
  intent and field exists in the turn, and it overlaps no value a rule read;
- its probability (the least per-token marginal of its tags) is at least the threshold chosen by
  cross-validation at training time (parsers/slot_train.py);
- its clause does not deny it, is not about someone outside the family, and is no question;
- the value is the span of the text itself (zero invention by construction).
The parser calls this after its request / smalltalk / correction decisions, so a question that
names a city gets no fact. A missing or corrupt artefact means rules only; nothing here raises.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from parsers.health_rules import not_a_drug
from parsers.lexicon import COUNTED_MATES_ZH, LONE_MATE_EN, RELATIVES_EN, RELATIVES_ZH, zh_kin_alternation
from parsers.preference_rules import DEGREE_TAIL
from parsers.profile_base import relative_before
from parsers.slot_features import Token, features, span_tag, tokens

__all__ = ["ARTEFACT", "META", "SlotModel", "Span", "load", "slot_facts", "using"]

ARTEFACT = Path(__file__).resolve().parent / "slot_model.crfsuite"
META = Path(__file__).resolve().parent / "slot_model.json"
Match = tuple[str, float, dict[str, Any], list[Any]]
_log = logging.getLogger(__name__)
# An abbreviation's dot ("St. Mary's Hospital", "Mr. Lee") ends no clause and cuts no name.
_ABBREV = r"(?<!\bSt)(?<!\bMt)(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bJr)(?<!\bSr)(?<!\bFt)(?<!\bMrs)(?<!\bInc)(?<!\bCo)"
_ABBREV_END = re.compile(r"\b(?:St|Mt|Dr|Mr|Ms|Mrs|Jr|Sr|Ft)$")
_CLAUSE = re.compile(r"[，。,!！？?；;\n]|" + _ABBREV + r"\.(?:\s|$)")
_NEGATION = re.compile(
    r"不|没|别|\bnot\b|n't\b|\bnever\b|\bno longer\b|\bused to\b|\bno\b|\bquit\b|\bformer(?:ly)?\b", re.I
)
# British "mates" are friends as counted 哥们 (两个哥们) are 朋友 ("I share a flat with two mates in Leeds" read as
# "... with two friends in Leeds" does, issue #11). A lone "mate" is another person only as the one who lives /
# works somewhere ("My mate lives in Leeds"): "me and my mate live in Brisbane" is the user's partner, "Cheers
# mate" no one, and 哥们我 / 我和哥们 keep the user's fact (issue #11 review25).
_OTHER_WORDS_EN = (
    "friend|colleague|coworker|co-worker|boss|neighbou?r|roommate|flatmate|housemate|classmate|girlfriend|boyfriend|"
    "someone|somebody"
)
_OTHER = re.compile(
    rf"朋友|同事|同学|老板|领导|邻居|室友|闺蜜|{COUNTED_MATES_ZH}|男朋友|女朋友|对象|别人|"
    rf"\b(?:{_OTHER_WORDS_EN}|mate)s\b|\b(?:{_OTHER_WORDS_EN})\b|{LONE_MATE_EN}",
    re.I,
)
# A fact the tagger states from scratch must be about the speaker (or family): an English sentence
# names them; Chinese drops the subject ("老家湖南的"), so there only another person's pronoun vetoes.
_SPEAKER_EN = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|im|my|me|mine|we|we're|our|us)\b", re.I)
_THIRD_ZH = re.compile(r"他|她")
# A trip no rule read needs a word of travel in its sentence ("switched from Chrome to Firefox" is none).
_TRAVEL = re.compile(
    r"去|飞|出差|旅游|旅行|出发|机票|高铁|动车|火车|航班|行程|自驾|回老家|"
    r"\b(?:fly|flying|flight|flights|trip|travel\w*|visit\w*|going to|go to|head\w* to|driv\w* to|vacation|"
    r"holiday|ticket|train|leav\w* for|road ?trip|itinerary)\b",
    re.I,
)
# A trip already made is an episode, not a plan ("我上周去了一趟西安"). A habit ("I usually go to Paris
# every summer") is dropped by parsers/guards.py, which also reads the tagger's facts.
_PAST_TRIP = re.compile(
    r"去了|去过|回来|上周|上个月|去年|昨天|前天|"
    r"\b(?:went|visited|was in|were in|got back|last (?:week|month|year)|ago)\b",
    re.I,
)
# A state the user left ("我以前在杭州住过", "I used to be a teacher") is an episode.
_FORMER = re.compile(
    r"以前|曾经|曾(?=是|在|做|当|任|住)|之前|原来|当年|小时候|过去|[住待干做呆]过|"
    r"\b(?:used to|formerly|previously|former|back then|ex-)",
    re.I,
)
# An employer no rule read needs a word of work in its sentence ("I'm at Starbucks with my sister").
_WORK = re.compile(
    r"工作|上班|入职|任职|跳槽|实习|公司|做|干|\b(?:work\w*|job|employ\w*|hired|joined|join|intern\w*|staff|"
    r"position|role|career)\b",
    re.I,
)
# A like needs a word of liking or favour in its sentence: a habit, an ability or an effect ("我每天早上跑步",
# "我会弹吉他", "一喝咖啡就心慌") states none (the labels call "我每天早上6点起床跑步" an episode).
_LIKING = re.compile(
    r"喜|爱|最|迷|热衷|偏好|偏向|钟意|粉|yyds|永远的神|习惯|只|能吃|能喝|美味|好吃|好喝|一定要|命|神|香|"
    r"\b(?:like[sd]?|liek|love[sd]?|prefer\w*|favou?rite|fav|fan|enjoy\w*|rather|adore\w*|into|obsessed|only|"
    r"crazy|hooked|slaps?|jam|thing|personality|best|fancy|reckon|person|go for|give me|always|any day|"
    r"can't get enough|addicted|big on|fond|everything|can't live without|pick|choice|choose)\b|离不开|不能没有|难受",
    re.I,
)
# A dislike restates a negative word of its clause; a like has no negation before it.
_AGAINST = re.compile(
    r"不|没|别|讨厌|烦|受不了|怕|恶心|反感|嫌|戒|\b(?:not|no|never|hate\w*|dislike\w*|can't stand|avoid\w*|"
    r"allergic|sick of|tired of|gross|ugh)\b|n't\b",
    re.I,
)
_CALENDAR = re.compile(
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|(?:mon|tues|wednes|thurs|fri|satur|sun)day", re.I
)
_QUESTION = re.compile(r"[?？]|吗|\b(?:what|which|where|how|who|why|should|could|can you|do you|is there)\b", re.I)
_RELATIVE = re.compile(
    zh_kin_alternation(RELATIVES_ZH, escape=True) + r"|\b(?:" + "|".join(map(re.escape, RELATIVES_EN)) + r")\b",
    re.I,
)


@dataclass(frozen=True)
class Span:
    tag: str  # e.g. "profile.job"
    value: str
    start: int
    prob: float


class SlotModel:
    """A loaded tagger and its acceptance threshold. crfsuite taggers hold state between `set` and
    `marginal`, so one lock serialises a tagging (well under a millisecond)."""

    def __init__(self, model: bytes, threshold: float) -> None:
        import pycrfsuite

        self._model = model  # crfsuite reads the buffer in place: it must outlive the tagger
        self._tagger = pycrfsuite.Tagger()
        self._tagger.open_inmemory(self._model)
        self.threshold = threshold
        self._lock = threading.Lock()

    def spans(self, text: str, rule_spans: list[tuple[str, str]]) -> list[Span]:
        toks = tokens(text)
        if not toks:
            return []
        xseq = features(text, toks, rule_spans)
        with self._lock:
            labels = self._tagger.tag(xseq)
            probs = [self._tagger.marginal(y, i) for i, y in enumerate(labels)]
        return _decode(text, toks, labels, probs)


def _decode(text: str, toks: list[Token], labels: list[str], probs: list[float]) -> list[Span]:
    out: list[Span] = []
    i = 0
    while i < len(labels):
        if not labels[i].startswith("B-"):
            i += 1
            continue
        tag, j = labels[i][2:], i + 1
        while j < len(labels) and labels[j] == "I-" + tag:
            j += 1
        out.append(Span(tag, text[toks[i][1] : toks[j - 1][2]], toks[i][1], min(probs[i:j])))
        i = j
    return out


def load(model_path: Path = ARTEFACT, meta_path: Path = META) -> SlotModel | None:
    """The committed tagger, or None (rules only) when it is missing, corrupt or unloadable."""
    try:
        return SlotModel(model_path.read_bytes(), threshold(meta_path))
    except Exception as exc:  # any failure: rules only, never a failed parse
        _log.warning("slot tagger unavailable (%s); rules only", type(exc).__name__)
        return None


def threshold(meta_path: Path = META) -> float:
    """The committed acceptance threshold."""
    return float(json.loads(meta_path.read_text())["threshold"])


@lru_cache(maxsize=1)
def _committed() -> SlotModel | None:
    return load()


_swapped: list[SlotModel | None] = []  # a model put in place by `using` (training, benchmarks, tests)


def _model() -> SlotModel | None:
    return _swapped[-1] if _swapped else _committed()


@contextmanager
def using(model: SlotModel | None) -> Iterator[None]:
    """Parse with another tagger (None: rules only) inside the block: how the trainer reads the
    rules' own output and how leave-one-set-out holds the tagger out."""
    _swapped.append(model)
    try:
        yield
    finally:
        _swapped.pop()


def _rule_values(matches: list[Match]) -> list[str]:
    values = [str(v).lower() for m in matches for v in m[2].values() if isinstance(v, str) and v]
    return [v for v in values if len(v) > 1 or not v.isascii()]


def _clause(text: str, start: int, end: int) -> tuple[str, str]:
    """The words of the span's clause before it, and the whole clause."""
    left = max((m.end() for m in _CLAUSE.finditer(text, 0, start)), default=0)
    right = next((m.start() for m in _CLAUSE.finditer(text, end)), len(text))
    return text[left:start], text[left:right]


def _relative(before: str) -> str | None:
    found = list(_RELATIVE.finditer(before))
    if not found:
        return None
    word = found[-1].group()
    return RELATIVES_ZH.get(word) or RELATIVES_EN.get(word.lower())


def _family_of(text: str, pos: int, lang: str) -> str | None:
    """The family member a health span is about when its own clause names nobody: the rules' lookup,
    which reads the subject of an earlier clause ("我外公住院了，医生说是心衰": the grandfather)."""
    return relative_before(text, pos, "en" if lang == "en" else "zh")


def _sentence(text: str, start: int) -> str:
    left = max((m.end() for m in re.finditer(r"[。!！？?\n]|" + _ABBREV + r"\.(?:\s|$)", text[:start])), default=0)
    right = re.search(r"[。!！？?\n]|" + _ABBREV + r"\.(?:\s|$)", text[start:])
    return text[left : start + right.start() if right else len(text)]


def _guarded(span: Span, text: str, lang: str) -> bool:
    """The parser's guards in front of the tagger: denial, someone outside the family, a question,
    and (for a fact stated from scratch) a sentence about nobody in particular."""
    before, clause = _clause(text, span.start, span.start + len(span.value))
    if not span.tag.startswith("preference.") and (_NEGATION.search(before) or _FORMER.search(clause)):
        return True
    family = _relative(before)
    if (_OTHER.search(before) or (lang != "en" and _THIRD_ZH.search(before))) and not family:
        return True
    sentence = _sentence(text, span.start)
    taste = span.tag.startswith("preference.")  # "Can't stand cilantro": a taste drops its subject
    if taste and family:
        return True  # a relative's taste is no fact of the user's ("我爸爸喜欢钓鱼")
    if span.tag == "preference.dislike" and not _AGAINST.search(clause):
        return True  # "每天早上我都喝咖啡" is no dislike
    if span.tag == "preference.like" and _NEGATION.search(before):
        return True
    if span.tag == "preference.like" and not _LIKING.search(sentence):
        return True  # "我周末在乐队里弹吉他", "I do yoga every day": a thing done is no liking said
    if re.search(r"(?:\bfrom|从)\s*(?:an?\s+|the\s+|my\s+)?$", before, re.I) and span.tag != "travel_plan.departure":
        return True  # "switched from an iPhone 15": what the user left
    if lang == "en" and not taste and not (_SPEAKER_EN.search(sentence) or _RELATIVE.search(sentence)):
        return True
    return bool(_QUESTION.search(clause))


def _whole_name(span: Span, text: str) -> Span:
    """A span the tagger ended at an abbreviation ("St" of "St. Mary's Hospital") runs on through
    the capitalised words of the name; a bare abbreviation is no value."""
    end = span.start + len(span.value)
    if _ABBREV_END.search(span.value):
        rest = re.match(r"\.\s*[A-Z][\w'’&-]*(?:\s+(?:of\s+|&\s+)?[A-Z][\w'’&-]*)*", text[end:])
        if rest is None:
            return Span(span.tag, "", span.start, 0.0)
        return Span(span.tag, text[span.start : end + rest.end()], span.start, span.prob)
    if span.tag == "profile.employer" and span.value[:1].isupper():
        # a capitalised name runs on ("St. Luke's Medical" + "Center")
        rest = re.match(r"(?:\s+[A-Z][\w'’&-]*)+", text[end:])
        if rest:
            return Span(span.tag, text[span.start : end + rest.end()], span.start, span.prob)
    return span


def _position(text: str, match: Match) -> int:
    spots = [text.find(str(v)) for v in match[2].values() if isinstance(v, str) and v and str(v) in text]
    return min(spots) if spots else len(text)


def _apply(span: Span, text: str, lang: str, matches: list[Match], added: list[tuple[int, Match]]) -> bool:
    intent, _, key = span.tag.partition(".")
    before, _ = _clause(text, span.start, span.start + len(span.value))
    relative = _relative(before)
    conf = round(span.prob, 2)
    if intent == "profile":
        if any(m[0] == "profile" and m[2].get("field") == key for m in matches):
            return False
        if key == "employer" and not _WORK.search(_sentence(text, span.start)):
            return False
        slots: dict[str, Any] = {"field": key, "value": span.value, **({"relative": relative} if relative else {})}
    elif intent == "preference":
        if any(m[0] == "preference" and m[2].get("polarity") == key for m in matches):
            return False
        # the rules' trim: how much it is liked is no part of the thing ("aisle seats best")
        slots = {"item": DEGREE_TAIL.sub("", span.value) or span.value, "polarity": key}
    else:
        if key == "medication" and not_a_drug(span.value):  # 我每天吃苹果: the rules' refusal holds
            return False
        same = [m for m in matches if m[0] == intent]
        if any(key in m[2] for m in same):
            return False
        if len(same) == 1:  # the rule read the fact but not this slot of it
            same[0][2][key] = span.value
            return True
        sentence = _sentence(text, span.start)
        if intent == "travel_plan" and (not _TRAVEL.search(sentence) or _PAST_TRIP.search(sentence)):
            return False
        slots = {key: span.value}
        if intent == "family_health":
            slots["relative"] = relative or _family_of(text, span.start, lang) or "self"
            if key == "allergen" and re.search(r"aller|alerg|过敏", text, re.I):  # the label only when said
                slots["condition"] = "allergy" if lang == "en" else "过敏"
    added.append((span.start, (intent, conf, slots, [])))
    return True


def slot_facts(
    text: str, lang: str, matches: list[Match], model: SlotModel | None = None, log: list[Span] | None = None
) -> list[Match]:
    """The rules' facts plus what the tagger adds (module docstring), in reading order. `log`, when
    given, receives every span that was applied (how the trainer measures the threshold)."""
    model = model or _model()
    if model is None or not text.strip():
        return matches
    try:
        spans = model.spans(text, [p for m in matches for p in span_tag(m[0], m[2])])
    except Exception as exc:  # any failure: rules only, never a failed parse
        _log.warning("slot tagger failed (%s); rules only", type(exc).__name__)
        return matches
    ruled = _rule_values(matches)
    added: list[tuple[int, Match]] = []
    for span in map(lambda s: _whole_name(s, text), spans):
        low = span.value.lower().strip()
        if span.prob < model.threshold or (len(low) < 2 and low.isascii()) or not re.search(r"\w", low):
            continue
        if span.value not in text or any(low in v or v in low for v in ruled) or _CALENDAR.fullmatch(low):
            continue  # never a value the rules already read as something else
        if _guarded(span, text, lang):
            continue
        if _apply(span, text, lang, matches, added) and log is not None:
            log.append(span)
        ruled.append(low)
    if not added:
        return matches
    merged = [(_position(text, m), m) for m in matches] + added
    return [m for _, m in sorted(merged, key=lambda f: f[0])]
