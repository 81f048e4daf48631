"""What one capture changed, and how to undo it: a capture that fails anywhere puts back every memory
it changed and removes every memory it created (best effort per item, each step logged), so a
request is all or nothing. Split from mal/writing.py."""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass, field

from mal.audit import AuditType, audit_event
from mal.models import Memory
from mal.ports import Clock, GraphStore, VectorStore
from mal.scope import SubjectScope
from mal.write_batch import StagedWrites

__all__ = ["Journal", "undo"]

log = logging.getLogger("mal.write")


@dataclass
class Journal:
    """What one capture changed, so that any failure can undo it (see the module docstring)."""

    created: list[str] = field(default_factory=list)
    before: dict[str, Memory] = field(default_factory=dict)  # memory id -> its state before this request
    # The capture's batched writes and up-front reads (mal/write_batch.py): per-capture state that
    # every step of the write path already carries with the journal.
    staged: StagedWrites = field(default_factory=StagedWrites)

    def changing(self, memory: Memory) -> None:
        self.before.setdefault(memory.id, copy.deepcopy(memory))


def undo(graph: GraphStore, vectors: VectorStore, clock: Clock, scope: SubjectScope, journal: Journal) -> None:
    """Put back what this request changed, then remove what it created; best effort per item."""
    for memory_id, before in journal.before.items():
        if memory_id in journal.created:
            continue
        indexed = True
        if memory_id in journal.staged.retexted:  # its index entry was re-worded: back to `before`'s
            try:
                vectors.update_text(scope.subject, before)
            except Exception:
                # The index still holds the undone variant's words: the memory goes back unindexed
                # (hidden from reads), and repair() rewrites its index entry from the graph.
                indexed = False
                log.warning("rollback could not re-index the words of memory %s; repair() will", memory_id)
        try:
            graph.upsert(scope.subject, before, indexed=indexed)
        except Exception:
            log.warning("rollback could not restore memory %s", memory_id)
    _roll_back(graph, vectors, scope, journal.created)
    try:  # the trail already says "created"/"reinforced"; it must also say that was undone
        at = clock.now()
        for memory_id in [*journal.created, *(i for i in journal.before if i not in journal.created)]:
            graph.append_audit(
                scope.subject, audit_event(AuditType.ROLLED_BACK, memory_id, at, {"reason": "capture failed"})
            )
    except Exception:
        log.warning("rollback could not record %d audit events", len(journal.created) + len(journal.before))


def _roll_back(graph: GraphStore, vectors: VectorStore, scope: SubjectScope, created: list[str]) -> None:
    for memory_id in created:
        try:
            # A capture may fail after its memories were already made visible (indexed): hide the
            # node first, so that a rollback cut short below leaves a memory repair() finishes,
            # never a hot node whose vector is gone (found by the fault run).
            graph.mark_unindexed(scope.subject, memory_id)
        except Exception:
            log.warning("rollback could not hide memory %s; it stays whole (node and vector)", memory_id)
            continue
        try:
            vectors.delete(scope.subject, [memory_id])
        except Exception:
            # Deleting the graph copy now would leave a vector no memory owns (in one store and not
            # the other); kept unindexed instead, repair() finishes it as a whole memory.
            log.warning("rollback could not delete the vector of memory %s; repair() will finish it", memory_id)
            continue
        try:
            graph.delete(scope.subject, memory_id)
        except Exception:
            log.warning("rollback left memory %s unindexed; repair() will finish it", memory_id)
