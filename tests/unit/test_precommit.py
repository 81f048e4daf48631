"""The pre-commit hooks run the same local tools as `make check`, from the project's .venv, and
never fetch a hook from the network."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_hooks_are_local_and_cover_the_gate() -> None:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())
    assert [r["repo"] for r in config["repos"]] == ["local"]
    hooks = {h["id"]: h for r in config["repos"] for h in r["hooks"]}
    assert set(hooks) == {"ruff-check", "ruff-format", "mypy", "lint-imports"}
    for hook in hooks.values():
        assert hook["language"] == "system" and hook["entry"].startswith(".venv/bin/")
        tool = hook["entry"].split()[0]
        assert (ROOT / tool).exists(), tool
        # The Makefile's gate runs the same tool.
        assert tool.removeprefix(".venv/bin/") in (ROOT / "Makefile").read_text()
    assert "--check" in hooks["ruff-format"]["entry"]
