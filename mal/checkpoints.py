"""Resumable per-subject jobs (`mal reindex`, `mal profile-backfill`): a plain file lists the
subjects a run has finished, so an interrupted run resumes where it stopped, and a changed job
(another model, other rules) gets another file because its name is part of the file's name."""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["SubjectCheckpoint"]


class SubjectCheckpoint:
    def __init__(self, directory: Path, name: str) -> None:
        self.path = directory / (re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:120] + ".done")
        self._done = set(self.path.read_text().split()) if self.path.exists() else set()

    def __contains__(self, subject: str) -> bool:
        return subject in self._done

    def covers(self, subjects: list[str]) -> bool:
        return self._done.issuperset(subjects)

    def finish(self, subject: str) -> None:
        """Appended as soon as the subject is done: a crash loses at most the subject in hand."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a") as out:
            out.write(subject + "\n")
        self._done.add(subject)
