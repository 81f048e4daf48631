"""Scoring the parser against the labelled sets (label format v2, docs/parser_labels.md).

Primary intent accuracy (the first fact of a turn, or its only class), fact-level slot P/R/F1 over
every fact of a turn (`intent`+`slots` and each of `more`), invented values over every predicted
fact, latency; zh, en and mixed reported separately. Shared by `make bench-parser` and the unit
test that guards it. A blind set is scored through `Report.aggregates()` only: nothing per item.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import cn2an

import parsers
from parsers.feedback_rules import POLARITY
from parsers.lexicon import EN_NUMBERS, EN_TENS, LANGUAGES, RELATIVES_EN, RELATIVES_ZH, SEAT_CLASSES
from parsers.shorthand import normalise
from parsers.temporal import find_amounts, find_when

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "parser_labelled.jsonl"
SESSION_TIME = datetime(2024, 6, 14, 10, 0)  # a Friday; relative dates in the set resolve from here
# Slots scored per intent (free-text slots such as a todo's task are not scored for exactness).
SCORED = {
    "preference": ("item", "polarity"),
    "profile": ("field", "value", "relative"),
    "family_health": ("relative", "condition", "allergen", "medication"),
    "travel_plan": ("departure", "arrival", "date", "time", "seat_class", "budget_max"),
    "budget": ("amount", "currency", "bound", "category"),
    "todo": ("date", "time"),
    "feedback": ("sentiment",),
    "correction": ("new", "old"),
    "forget_request": ("kinds",),
    "smalltalk": (),
    "request": (),
    "episode": (),
}
# Values normalised to a fixed vocabulary: they restate the text, they cannot invent a fact.
ENUM_SLOTS = {
    "polarity",
    "field",
    "relative",
    "seat_class",
    "currency",
    "bound",
    "category",
    "sentiment",
    "mode",
    "mood",
    "kinds",
    "topic",
    "intensity",
    "category_text",
    "seat_text",
    "relative_text",
}
DIETS = {"vegetarian", "vegan", "halal", "kosher", "gluten-free", "no pork", "no beef", "lactose-free"}
LANGS = ("zh", "en", "mixed")
Pair = tuple[str, dict[str, Any]]


def load(path: Path = DATA) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def row_lang(row: dict[str, Any]) -> str:
    """The label's `lang`; the old sets have none, and there any Chinese character means zh."""
    lang = row.get("lang")
    if lang in LANGS:
        return str(lang)
    return "zh" if re.search(r"[\u4e00-\u9fff]", row["text"]) else "en"


def _gold(intent: str, slots: dict[str, Any]) -> Pair:
    """The oldest labelled sets wrote a feedback's sentiment as the mood (satisfied / frustrated /
    angry); the v2 format is the polarity, so the old labels are read as their polarity."""
    if intent == "feedback" and slots.get("sentiment") in POLARITY:
        slots["sentiment"] = POLARITY[slots["sentiment"]]
    return intent, slots


def gold_facts(row: dict[str, Any]) -> list[Pair]:
    return [_gold(row["intent"], dict(row.get("slots") or {}))] + [
        _gold(m["intent"], dict(m.get("slots") or {})) for m in row.get("more") or []
    ]


def predicted_facts(result: parsers.ParseResult) -> list[Pair]:
    """Every fact a parse yields in reading order; a turn with no fact yields its class alone."""
    if result.forget is not None:
        return [("forget_request", {"kinds": sorted(result.forget.kinds)})]
    if result.intent == "correction" and result.correction is not None:
        # a correction (with or without facts of its own) is scored as the correction it states
        slots = {"new": result.correction.new}
        if result.correction.old is not None:
            slots["old"] = result.correction.old
        return [("correction", slots)]
    if result.facts and any(f.kind != "episode" for f in result.facts):
        return [(f.kind, dict(f.slots)) for f in result.facts]
    return [(result.intent, {})]  # an episode carries the turn's class (the learned layer's, if any)


def predicted(result: parsers.ParseResult) -> Pair:
    """The primary (first) fact or class of a parse."""
    return predicted_facts(result)[0]


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, list) or isinstance(b, list):
        return sorted(a or []) == sorted(b or [])
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(float(a) - float(b)) < 1e-6
    try:
        if isinstance(a, (int, float)) or isinstance(b, (int, float)):
            return abs(float(a) - float(b)) < 1e-6
    except (TypeError, ValueError):
        return False
    return str(a).strip().lower() == str(b).strip().lower()


def _numbers_in(text: str) -> set[float]:
    found = {a.value for a in find_amounts(text, "mixed")} | {a.value for a in find_amounts(text + "元", "zh")}
    found |= {float(n) for n in re.findall(r"\d+(?:\.\d+)?", re.sub(r"[,\s]", "", text))}
    # "3k到4k", "1.2w": the multiplier letter is part of the written number
    found |= {
        float(n) * (1_000 if k.lower() == "k" else 10_000)
        for n, k in re.findall(r"(\d+(?:\.\d+)?)\s?([kKwW])(?![a-zA-Z])", text)
    }
    found |= {float(n) * 1_000 for n in re.findall(r"(\d+(?:\.\d+)?)\s+grand\b", text, re.I)}  # "15 grand"
    for run in re.findall(r"[零〇一二两三四五六七八九十百千万]+", text):
        try:
            found.add(float(cn2an.cn2an(run, "smart")))
        except (ValueError, KeyError, IndexError):
            continue
    return found | _numbers_in_words(text)


_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]


def _date_stated(text: str, value: str, now: datetime) -> bool:
    """A birthday (MM-DD / YYYY-MM-DD) restates the text when its day and month (and year) are
    written there (digits, Chinese numerals or a month name), or when it is the date a relative
    phrase in the text resolves to ("明天是我生日")."""
    parts = [int(p) for p in re.findall(r"\d+", value)]
    if len(parts) < 2:
        return False
    numbers, low = _numbers_in(text), text.lower()
    month_named = any(re.search(rf"\b{_MONTHS[parts[-2] - 1]}", low) for _ in [0]) if 1 <= parts[-2] <= 12 else False
    if float(parts[-1]) in numbers and (float(parts[-2]) in numbers or month_named):
        return len(parts) == 2 or float(parts[0]) in numbers
    when = find_when(text, now, parsers.detect_lang(text))
    return bool(when and when.date and when.date.endswith(value[-5:]))


def _when_stated(text: str, now: datetime) -> bool:
    """Does the text name a date or time, every word of it written there? Read as written and as the
    parser reads it (parsers/shorthand.py: "tmrw", "7 月 15 号" with the spaces a switch of keyboard
    leaves), so a date resolved from either is a normalisation, not an invented value."""
    when = find_when(text, now, parsers.detect_lang(text))
    return when is not None and all(part in text.lower() for part in when.span.lower().split())


def _numbers_in_words(text: str) -> set[float]:
    found: set[float] = set()
    for m in re.finditer(
        r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](\w+))?\b|\b(\w+)\b", text.lower()
    ):
        if m.group(1):
            unit = EN_NUMBERS.get(m.group(2) or "", 0)
            found.add(float(EN_TENS[m.group(1)] + (unit if unit < 10 else 0)))
        elif m.group(3) in EN_NUMBERS:
            found.add(float(EN_NUMBERS[m.group(3)]))
    return found


def invented(text: str, slots: dict[str, Any], now: datetime = SESSION_TIME) -> list[str]:
    """Slot values that neither appear in the text nor normalise something in it."""
    low, bad = text.lower(), []
    for key, value in slots.items():
        if key in ENUM_SLOTS or value in (None, "", []):
            continue
        if key == "value" and str(slots.get("field")) == "diet" and str(value).lower() in DIETS:
            continue  # a normalised diet label
        if key in {"date", "time"}:
            if not any(_when_stated(said, now) for said in {text, normalise(text)}):
                bad.append(f"{key}={value}")
            continue
        if key == "condition" and str(value).lower() in {"allergy", "过敏"} and re.search(r"aller|alerg|过敏", low):
            continue  # the normalised name of an allergy
        if key == "value" and str(slots.get("field")) == "birthday":
            if not _date_stated(text, str(value), now):
                bad.append(f"{key}={value}")
            continue
        if isinstance(value, (int, float)) or (key == "value" and str(slots.get("field")) == "age"):
            try:
                number = float(value)
            except (TypeError, ValueError):
                bad.append(f"{key}={value}")
                continue
            if number not in _numbers_in(text):
                bad.append(f"{key}={value}")
            continue
        sval = str(value).lower()
        if sval in low:
            continue
        aliases = [
            k
            for k, v in {**LANGUAGES, **RELATIVES_ZH, **RELATIVES_EN, **SEAT_CLASSES}.items()
            if str(v).lower() == sval
        ]
        if not any(a.lower() in low for a in aliases):
            bad.append(f"{key}={value}")
    return bad


@dataclass
class Tally:
    """Counts for one slice (all turns, or one language)."""

    n: int = 0
    intent_correct: int = 0
    tp: int = 0
    fp: int = 0
    fn: int = 0
    gold_facts: int = 0
    predicted_facts: int = 0
    matched_facts: int = 0
    invented: int = 0

    @property
    def accuracy(self) -> float:
        return self.intent_correct / max(1, self.n)

    @property
    def precision(self) -> float:
        return self.tp / max(1, self.tp + self.fp)

    @property
    def recall(self) -> float:
        return self.tp / max(1, self.tp + self.fn)

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / max(1e-9, p + r)

    def as_dict(self) -> dict[str, Any]:
        return {
            "utterances": self.n,
            "intent_accuracy": round(self.accuracy, 4),
            "slot_precision": round(self.precision, 4),
            "slot_recall": round(self.recall, 4),
            "slot_f1": round(self.f1, 4),
            "fact_recall": round(self.matched_facts / max(1, self.gold_facts), 4),
            "fact_precision": round(self.matched_facts / max(1, self.predicted_facts), 4),
            "invented_values": self.invented,
        }


@dataclass
class Report:
    total: Tally = field(default_factory=Tally)
    langs: dict[str, Tally] = field(default_factory=dict)
    invented: list[tuple[str, list[str]]] = field(default_factory=list)
    misses: list[tuple[str, str, str]] = field(default_factory=list)
    slot_errors: list[tuple[str, str, Any, Any]] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)
    # CPU time of the parsing thread: what a parse costs, without the wait for a core that wall
    # time includes on a shared machine (2 cores, many processes)
    cpu_ms: list[float] = field(default_factory=list)

    n = property(lambda self: self.total.n)
    accuracy = property(lambda self: self.total.accuracy)
    precision = property(lambda self: self.total.precision)
    recall = property(lambda self: self.total.recall)
    f1 = property(lambda self: self.total.f1)

    def latency(self, q: float, cpu: bool = False) -> float:
        ordered = sorted(self.cpu_ms if cpu else self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0

    def as_dict(self) -> dict[str, Any]:
        """Aggregates only (safe for a blind set): no text, no per-item error."""
        return {
            **self.total.as_dict(),
            "latency_ms": {
                "p50": round(self.latency(0.5), 3),
                "p95": round(self.latency(0.95), 3),
                "mean": round(statistics.fmean(self.latencies_ms), 3),
            },
            "cpu_ms": {
                "p50": round(self.latency(0.5, cpu=True), 3),
                "p95": round(self.latency(0.95, cpu=True), 3),
            },
            "by_lang": {k: self.langs[k].as_dict() for k in LANGS if k in self.langs},
        }


def _align(gold: list[Pair], pred: list[Pair]) -> list[tuple[Pair | None, Pair | None]]:
    """Pairs each gold fact with the unused predicted fact of its intent that agrees on most slots."""
    used: set[int] = set()
    pairs: list[tuple[Pair | None, Pair | None]] = []
    for g in gold:
        keys = SCORED.get(g[0], ())
        best, best_score = None, -1
        for i, p in enumerate(pred):
            if i in used or p[0] != g[0]:
                continue
            score = sum(1 for k in keys if k in g[1] and k in p[1] and _same(g[1][k], p[1][k]))
            if score > best_score:
                best, best_score = i, score
        if best is None:
            pairs.append((g, None))
        else:
            used.add(best)
            pairs.append((g, pred[best]))
    pairs.extend((None, p) for i, p in enumerate(pred) if i not in used)
    return pairs


def _score_turn(text: str, gold: list[Pair], pred: list[Pair], tallies: list[Tally], report: Report) -> None:
    primary_ok = gold[0][0] == pred[0][0]
    stored = [p for p in pred if SCORED.get(p[0])]  # classes with no slots are not facts
    gold_stored = [g for g in gold if SCORED.get(g[0])]
    fake = [v for _, slots in pred for v in invented(text, slots)]
    for t in tallies:
        t.n += 1
        t.intent_correct += int(primary_ok)
        t.gold_facts += len(gold_stored)
        t.predicted_facts += len(stored)
        t.invented += int(bool(fake))
    if not primary_ok:
        report.misses.append((text, gold[0][0], pred[0][0]))
    if fake:
        report.invented.append((text, fake))
    for g, p in _align(gold, pred):
        if g is not None and p is not None and SCORED.get(g[0]):
            for t in tallies:
                t.matched_facts += 1
        kind = (g or p or ("", {}))[0]
        gs, ps = (g[1] if g else {}), (p[1] if p else {})
        for key in SCORED.get(kind, ()):
            hit = key in gs and key in ps and _same(gs[key], ps[key])
            for t in tallies:
                t.tp += int(hit)
                t.fn += int(not hit and key in gs)
                t.fp += int(not hit and key in ps)
            if not hit and (key in gs or key in ps):
                report.slot_errors.append((text, key, gs.get(key), ps.get(key)))


def evaluate(rows: list[dict[str, Any]]) -> Report:
    report = Report()
    parsers.warm_up(SESSION_TIME)  # what the service does before its first request (mal/bootstrap.py)
    for row in rows:
        started, cpu = time.perf_counter(), time.thread_time()
        result = parsers.parse(row["text"], SESSION_TIME)
        report.latencies_ms.append((time.perf_counter() - started) * 1000)
        report.cpu_ms.append((time.thread_time() - cpu) * 1000)
        lang = row_lang(row)
        tallies = [report.total, report.langs.setdefault(lang, Tally())]
        _score_turn(row["text"], gold_facts(row), predicted_facts(result), tallies, report)
    return report
