"""How many ordinary sentences (no forget request in them) the parser reads as forget requests,
per language. The corpus is the NOT_FORGET list of tests/unit/test_forget_rules.py; run it on any
checkout (PYTHONPATH=<checkout>) to compare parsers.

    python -m bench.forget_false_positives [path/to/test_forget_rules.py]
"""

from __future__ import annotations

import ast
import sys
from datetime import datetime
from pathlib import Path

import parsers

DEFAULT = Path(__file__).resolve().parents[1] / "tests" / "unit" / "test_forget_rules.py"


def corpus(path: Path) -> list[str]:
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "NOT_FORGET":
            return list(ast.literal_eval(node.value))
    raise SystemExit(f"no NOT_FORGET list in {path}")


def main(argv: list[str]) -> int:
    sentences = corpus(Path(argv[0]) if argv else DEFAULT)
    now = datetime(2026, 11, 30, 12, 0)
    for lang in ("en", "zh"):
        items = [t for t in sentences if (parsers.detect_lang(t) == "en") == (lang == "en")]
        hits = [t for t in items if parsers.parse(t, now).forget is not None]
        print(f"{lang}: {len(hits)} of {len(items)} ordinary sentences read as forget requests")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
