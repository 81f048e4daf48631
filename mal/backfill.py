"""`mal profile-backfill`: write the write-time marks on memories stored before them (issue #13).

Two reads on hot paths rely on marks judged once when a memory is written: a context call reads
only the memories marked as possible profile evidence (mal/profile.py), and a capture's conflict
check reads only the fact's conflict group (parsers.conflict_key). A memory written before a mark
existed, or under other rules, is read as "unknown": correct, but as slow as before, until it is
written again. This command marks them all, subject by subject, in pages.

Resumable twice over: a page only ever holds memories still unmarked (so an interrupted subject
simply continues), and each finished subject is appended to a checkpoint file named after the
rules, so a second run skips finished subjects without reading them. New rules (a changed cue
vocabulary or conflict identity) give a new checkpoint: everything is judged again.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from mal.checkpoints import SubjectCheckpoint
from mal.models import SubjectKey
from mal.ports import SubjectRegistry
from mal.profile import PROFILE_RULES
from parsers import CONFLICT_RULES

__all__ = ["BackfillSummary", "MarkBackfill"]

PAGE = 500  # memories marked per statement
SUBJECT_PAGE = 500


class _Marks(SubjectRegistry, Protocol):
    def backfill_marks(self, subject: SubjectKey, limit: int) -> int: ...


@dataclass
class BackfillSummary:
    subjects: int = 0
    skipped_subjects: int = 0  # finished by an earlier run under the same rules
    marked: int = 0

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


class MarkBackfill:
    def __init__(self, graph: _Marks, checkpoint_dir: Path) -> None:
        self._graph = graph
        self._dir = checkpoint_dir

    def checkpoint(self) -> Path:
        return self._progress().path

    def _progress(self) -> SubjectCheckpoint:
        return SubjectCheckpoint(self._dir, f"marks-{PROFILE_RULES}-{CONFLICT_RULES}")

    def run(
        self, tenant: str | None = None, only: list[SubjectKey] | None = None, progress: bool = False
    ) -> BackfillSummary:
        """Every subject of `tenant` (all tenants: None), or only the subjects in `only`."""
        summary = BackfillSummary()
        done = self._progress()
        bar = _bar() if progress else None
        for subject in only if only is not None else self._subjects(tenant):
            if subject in done:
                summary.skipped_subjects += 1
            else:
                while (marked := self._graph.backfill_marks(subject, PAGE)) > 0:
                    summary.marked += marked
                    if bar is not None:
                        bar.set_postfix(marked=summary.marked)
                done.finish(subject)
                summary.subjects += 1
            if bar is not None:
                bar.update(1)
        if bar is not None:
            bar.close()
        return summary

    def _subjects(self, tenant: str | None) -> Any:
        after = ""
        while page := self._graph.subjects(tenant, after, SUBJECT_PAGE):
            yield from (row.subject for row in page)
            after = page[-1].subject


def _bar() -> Any:
    from tqdm import tqdm

    return tqdm(desc="profile-backfill", unit="subject")
