"""Every setting is documented: the README's Configuration table names exactly the variables the
Settings class reads (plus the stack's own MAL_BIN_CACHE)."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from mal.settings import Settings

README = Path(__file__).resolve().parents[2] / "README.md"
NOT_SETTINGS = {"MAL_BIN_CACHE"}  # read by infra/stack.py before any Settings exists


def settings_variables(model: type[BaseModel] = Settings, prefix: str = "MAL_") -> set[str]:
    names: set[str] = set()
    for name, field in model.model_fields.items():
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            names |= settings_variables(annotation, f"{prefix}{name.upper()}__")
        else:
            names.add(f"{prefix}{name.upper()}")
    return names


def documented_variables() -> set[str]:
    section = README.read_text().split("## Configuration", 1)[1].split("\n## ", 1)[0]
    names: set[str] = set()
    for line in section.splitlines():
        if not line.startswith("| `"):
            continue
        first_cell = line.split("|")[1]
        full = ""
        for token in re.findall(r"`([A-Z0-9_]+)`", first_cell):
            if token.startswith("MAL_"):
                full = token
                names.add(token)
            elif token.startswith("__") and full:  # shorthand: same prefix as the previous name
                names.add(full.rsplit("__", 1)[0] + token)
    return names


def test_readme_configuration_table_matches_settings() -> None:
    documented, actual = documented_variables(), settings_variables()
    assert sorted(actual - documented) == [], "settings missing from README's Configuration table"
    assert sorted(documented - actual - NOT_SETTINGS) == [], "README documents variables Settings does not read"
