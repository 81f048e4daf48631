"""`make bench-pii`: precision and recall of the PII detector (parsers/pii.py) per type and language.

A predicted span counts as found when it has the gold span's type and overlaps it (redaction cares
that the identifier is covered; boundaries are reported apart as exact-boundary hits). A predicted
span overlapping no gold span of its type is a false positive, whatever else it overlaps.

    python -m bench.pii_bench                       # the development sets, errors listed
    python -m bench.pii_bench --data PATH [PATH...] # other sets, errors listed
    python -m bench.pii_bench --blind PATH          # a blind set: aggregates only, never its text

The development sets (tests/data/pii_dev.jsonl, pii_dev2 / 3 / 4 / 5 / 6 / 7.jsonl) are the ones the
detector was tuned on. A blind set is scored once the detector is finished; its sentences are never
printed, so nobody tunes on them.
Rows are JSON lines with `text`, `lang` and a list of gold spans (`spans`, `entities`, `labels` or
`pii`), each with a type and either `start`/`end` offsets or the `value` as written in the text.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from parsers.lang import detect_lang
from parsers.pii import PII_TYPES, detect

DEV = [Path(f"tests/data/pii_dev{n}.jsonl") for n in ("", "2", "3", "4", "5", "6", "7")]
_ALIASES = {
    "PHONE": "PHONE",
    "PHONE_NUMBER": "PHONE",
    "MOBILE": "PHONE",
    "TEL": "PHONE",
    "LANDLINE": "PHONE",
    "EMAIL": "EMAIL",
    "E-MAIL": "EMAIL",
    "EMAIL_ADDRESS": "EMAIL",
    "ID_CARD": "ID_CARD",
    "ID": "ID_CARD",
    "CN_ID": "ID_CARD",
    "RESIDENT_ID": "ID_CARD",
    "PRC_ID": "ID_CARD",
    "ID_NUMBER": "ID_CARD",
    "NATIONAL_ID": "ID_CARD",
    "BANK_CARD": "BANK_CARD",
    "CARD": "BANK_CARD",
    "CREDIT_CARD": "BANK_CARD",
    "BANK_CARD_NUMBER": "BANK_CARD",
    "PASSPORT": "PASSPORT",
    "PASSPORT_NUMBER": "PASSPORT",
    "IP": "IP",
    "IPV4": "IP",
    "IPV6": "IP",
    "IP_ADDRESS": "IP",
    "ADDRESS": "ADDRESS",
    "STREET_ADDRESS": "ADDRESS",
    "LOCATION_ADDRESS": "ADDRESS",
    "SSN": "SSN",
    "US_SSN": "SSN",
    "SOCIAL_SECURITY_NUMBER": "SSN",
}


def _find(text: str, value: str, start: int) -> int:
    """First whole-token occurrence of value from start, else the first occurrence at all.

    A gold "172.16.254.1" in "172.16.254.10 with gateway 172.16.254.1" is the second address, not
    the head of the first one.
    """
    at = text.find(value, start)
    first = at
    while at >= 0:
        before = text[at - 1] if at > 0 else " "
        after = text[at + len(value)] if at + len(value) < len(text) else " "
        if not (before.isalnum() and value[:1].isalnum()) and not (after.isalnum() and value[-1:].isalnum()):
            return at
        at = text.find(value, at + 1)
    return first


def gold_spans(row: dict[str, Any]) -> list[tuple[str, int, int]]:
    """(type, start, end) of each labelled identifier; values without offsets are found in order."""
    text = str(row.get("text", ""))
    labels = row.get("spans") or row.get("entities") or row.get("labels") or row.get("pii") or []
    out: list[tuple[str, int, int]] = []
    cursor: dict[str, int] = defaultdict(int)
    for label in labels:
        raw = str(label.get("type") or label.get("label") or label.get("kind") or "").upper()
        kind = _ALIASES.get(raw, raw)
        if "start" in label and "end" in label:
            out.append((kind, int(label["start"]), int(label["end"])))
            continue
        value = str(label.get("value") or label.get("text") or "")
        at = _find(text, value, cursor[value]) if value else -1
        if at < 0:
            at = _find(text, value, 0)
        if at < 0:
            raise ValueError(f"a gold value is not in its sentence (row {row.get('id', '?')})")
        cursor[value] = at + len(value)
        out.append((kind, at, at + len(value)))
    return out


def _lang(row: dict[str, Any]) -> str:
    lang = str(row.get("lang") or detect_lang(str(row.get("text", ""))))
    return "zh" if lang.startswith("zh") else "en"


def score(rows: list[dict[str, Any]], show: bool) -> dict[str, Any]:
    counts: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: {"tp": 0, "fp": 0, "fn": 0, "exact": 0})
    sentences = {"zh": 0, "en": 0}
    clean = {"zh": [0, 0], "en": [0, 0]}  # sentences without gold identifiers: [total, left untouched]
    for row in rows:
        text, lang = str(row["text"]), _lang(row)
        sentences[lang] += 1
        gold = gold_spans(row)
        pred = [(p.type, p.start, p.end) for p in detect(text)]
        if not gold:
            clean[lang][0] += 1
            clean[lang][1] += not pred
        matched_gold: set[int] = set()
        for kind, start, end in pred:
            hit = next(
                (
                    i
                    for i, (gk, gs, ge) in enumerate(gold)
                    if gk == kind and i not in matched_gold and start < ge and gs < end
                ),
                None,
            )
            c = counts[(kind, lang)]
            if hit is None:
                c["fp"] += 1
                if show:
                    print(f"  FP {kind:<9} {lang} {text[start:end]!r} in {text!r}")
                continue
            matched_gold.add(hit)
            c["tp"] += 1
            c["exact"] += (start, end) == gold[hit][1:]
        for i, (kind, start, end) in enumerate(gold):
            if i not in matched_gold:
                counts[(kind, lang)]["fn"] += 1
                if show:
                    print(f"  FN {kind:<9} {lang} {text[start:end]!r} in {text!r}")
    return {"counts": counts, "sentences": sentences, "clean": clean}


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.3f}" if b else "  -  "


def report(result: dict[str, Any]) -> dict[str, Any]:
    counts = result["counts"]
    print(f"sentences: zh {result['sentences']['zh']}, en {result['sentences']['en']}")
    print(f"{'type':<10}{'lang':<5}{'gold':>6}{'pred':>6}{'prec':>8}{'recall':>8}{'exact':>8}")
    summary: dict[str, Any] = {}
    for kind in (*PII_TYPES, *sorted({k for k, _ in counts} - set(PII_TYPES))):
        for lang in ("zh", "en", "all"):
            langs = ("zh", "en") if lang == "all" else (lang,)
            tp = sum(counts[(kind, x)]["tp"] for x in langs if (kind, x) in counts)
            fp = sum(counts[(kind, x)]["fp"] for x in langs if (kind, x) in counts)
            fn = sum(counts[(kind, x)]["fn"] for x in langs if (kind, x) in counts)
            exact = sum(counts[(kind, x)]["exact"] for x in langs if (kind, x) in counts)
            if tp + fp + fn == 0:
                continue
            print(
                f"{kind:<10}{lang:<5}{tp + fn:>6}{tp + fp:>6}"
                f"{_ratio(tp, tp + fp):>8}{_ratio(tp, tp + fn):>8}{_ratio(exact, tp):>8}"
            )
            summary[f"{kind}/{lang}"] = {"tp": tp, "fp": fp, "fn": fn}
    for lang in ("zh", "en"):
        tp = sum(v["tp"] for (k, x), v in counts.items() if x == lang)
        fp = sum(v["fp"] for (k, x), v in counts.items() if x == lang)
        fn = sum(v["fn"] for (k, x), v in counts.items() if x == lang)
        total, untouched = result["clean"][lang]
        print(
            f"ALL       {lang:<5}{tp + fn:>6}{tp + fp:>6}{_ratio(tp, tp + fp):>8}{_ratio(tp, tp + fn):>8}"
            f"   sentences without PII left untouched: {untouched}/{total}"
        )
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--blind", type=Path, help="a blind set: aggregates only, sentences never printed")
    parser.add_argument("--data", type=Path, nargs="+", default=DEV)
    args = parser.parse_args(argv)
    paths = [args.blind] if args.blind else args.data
    rows = [
        json.loads(line) for path in paths for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    names = ", ".join(path.name for path in paths)
    print(f"{'blind' if args.blind else 'development'} set: {names}, {len(rows)} rows")
    report(score(rows, show=not args.blind))
    return 0


if __name__ == "__main__":
    sys.exit(main())
