"""Scoring the parser against tests/data/parser_labelled.jsonl: intent accuracy, slot P/R/F1,
invented values, latency. Shared by `make bench-parser` and the unit test that guards it."""

from __future__ import annotations

import json
import re
import statistics
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import parsers
from parsers.lexicon import LANGUAGES, RELATIVES_EN, RELATIVES_ZH, SEAT_CLASSES
from parsers.temporal import find_amounts, find_when

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "parser_labelled.jsonl"
SESSION_TIME = datetime(2024, 6, 14, 10, 0)  # a Friday; relative dates in the set resolve from here
# Slots scored per intent (free-text slots such as a todo's task are not scored for exactness).
SCORED = {
    "preference": ("item", "polarity"),
    "profile": ("field", "value"),
    "family_health": ("relative", "condition"),
    "travel_plan": ("departure", "arrival", "date", "time", "seat_class", "budget_max"),
    "budget": ("amount", "currency", "bound", "category"),
    "todo": ("date", "time"),
    "feedback": ("sentiment",),
    "correction": ("new", "old"),
    "forget_request": ("kinds",),
    "smalltalk": (),
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
    "kinds",
    "topic",
    "intensity",
    "category_text",
    "seat_text",
    "relative_text",
}


def load(path: Path = DATA) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def predicted(result: parsers.ParseResult) -> tuple[str, dict[str, Any]]:
    if result.forget is not None:
        return "forget_request", {"kinds": sorted(result.forget.kinds)}
    if result.intent == "correction" and result.correction is not None and not result.facts:
        slots = {"new": result.correction.new}
        if result.correction.old is not None:
            slots["old"] = result.correction.old
        return "correction", slots
    if result.facts:
        return result.facts[0].kind, dict(result.facts[0].slots)
    return result.intent, {}


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, list) or isinstance(b, list):
        return sorted(a or []) == sorted(b or [])
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(float(a) - float(b)) < 1e-6
    return str(a).strip().lower() == str(b).strip().lower()


def invented(text: str, slots: dict[str, Any], now: datetime = SESSION_TIME) -> list[str]:
    """Slot values that neither appear in the text nor normalise something in it."""
    low, bad = text.lower(), []
    for key, value in slots.items():
        if key in ENUM_SLOTS or value in (None, "", []):
            continue
        if key in {"date", "time"}:
            when = find_when(text, now, parsers.detect_lang(text))
            if when is None or any(part not in low for part in when.span.lower().split()):
                bad.append(f"{key}={value}")
            continue
        if isinstance(value, (int, float)):
            amounts = {a.value for a in find_amounts(text, "mixed")} | {
                a.value for a in find_amounts(text + "元", "zh")
            }
            if float(value) not in amounts and str(int(value)) not in re.sub(r"[,\s]", "", text):
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
class Report:
    n: int = 0
    intent_correct: int = 0
    tp: int = 0
    fp: int = 0
    fn: int = 0
    invented: list[tuple[str, list[str]]] = field(default_factory=list)
    misses: list[tuple[str, str, str]] = field(default_factory=list)
    slot_errors: list[tuple[str, str, Any, Any]] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)
    by_lang: dict[str, list[int]] = field(default_factory=dict)

    @property
    def accuracy(self) -> float:
        return self.intent_correct / self.n

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

    def latency(self, q: float) -> float:
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def as_dict(self) -> dict[str, Any]:
        return {
            "utterances": self.n,
            "intent_accuracy": round(self.accuracy, 4),
            "slot_precision": round(self.precision, 4),
            "slot_recall": round(self.recall, 4),
            "slot_f1": round(self.f1, 4),
            "invented_values": len(self.invented),
            "latency_ms": {
                "p50": round(self.latency(0.5), 3),
                "p95": round(self.latency(0.95), 3),
                "mean": round(statistics.fmean(self.latencies_ms), 3),
            },
            "intent_accuracy_by_lang": {k: round(v[0] / v[1], 4) for k, v in sorted(self.by_lang.items())},
        }


def evaluate(rows: list[dict[str, Any]]) -> Report:
    report = Report()
    parsers.parse("明天下午3点提醒我开会", SESSION_TIME)  # load dictionaries outside the timings
    parsers.parse("remind me tomorrow at 9am", SESSION_TIME)
    for row in rows:
        started = time.perf_counter()
        result = parsers.parse(row["text"], SESSION_TIME)
        report.latencies_ms.append((time.perf_counter() - started) * 1000)
        intent, slots = predicted(result)
        report.n += 1
        lang = "zh" if re.search(r"[\u4e00-\u9fff]", row["text"]) else "en"
        tally = report.by_lang.setdefault(lang, [0, 0])
        tally[1] += 1
        if intent == row["intent"]:
            report.intent_correct += 1
            tally[0] += 1
        else:
            report.misses.append((row["text"], row["intent"], intent))
        gold = row["slots"]
        for key in SCORED.get(row["intent"], ()):
            if key in gold and key in slots and _same(gold[key], slots[key]):
                report.tp += 1
            else:
                if key in gold:
                    report.fn += 1
                if key in slots and intent == row["intent"]:
                    report.fp += 1
                if key in gold or key in slots:
                    report.slot_errors.append((row["text"], key, gold.get(key), slots.get(key)))
        fake = invented(row["text"], slots)
        if fake:
            report.invented.append((row["text"], fake))
    return report
