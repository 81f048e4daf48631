"""Which memories can be evidence for a personalised instruction (mal/instructions.py), marked on write.

A context call used to list the subject's 500 newest memories and run every cue over them to
derive the instructions message: 0.7 s of a 0.8 s context call at 400 memories (issue #13). Most
memories can never support an instruction ("I visited a museum"), and whether one can depends only
on its own content, which does not change once written (forget and archive blank it, but they also
leave the statuses a profile reads). So the graph adapter stores the answer with the memory
(`profile`, under the `profile_rules` it was judged by), and a context call reads only the marked
memories that are active now: one small read, no cache, nothing to invalidate across replicas.
Status, events and timestamps are read live, so a forget, erase, correction or decay is seen by the
very next call.

`is_evidence` is deliberately wider than `derive` (no deploy-question gate, no negation or
"someone else" filter): deriving over a superset of the contributing memories gives exactly the
instructions of deriving over all of them. `PROFILE_RULES` fingerprints the cue vocabularies and
`RULES_VERSION`; a memory judged under other rules (older code, or none) is returned as unknown
and judged again here, so a changed vocabulary never hides evidence, it only costs speed until
the memory is written again.
"""

from __future__ import annotations

import hashlib

from mal.models import Memory
from parsers import cues

__all__ = ["PROFILE_RULES", "RULES_VERSION", "is_evidence"]

# Bump when a slot rule below (or in mal/instructions.py) starts reading another kind or slot.
RULES_VERSION = "1"
_EVIDENCE_KINDS = ("feedback",)  # every feedback memory can set the tone


def _fingerprint() -> str:
    parts = [RULES_VERSION]
    for table in (cues.LANGUAGES, cues.TOOLS, cues.DEPLOY_TARGETS, cues.ACCESSIBILITY):
        parts.extend(f"{name}\x1f{pattern.pattern}\x1f{pattern.flags}" for name, pattern in table.items())
    return hashlib.sha256("\x1e".join(parts).encode()).hexdigest()[:16]


PROFILE_RULES = _fingerprint()


def is_evidence(memory: Memory) -> bool:
    """Could this memory, while active, support any instruction `derive` makes? (A superset.)"""
    slots = memory.slots
    if memory.kind in _EVIDENCE_KINDS:
        return True
    if memory.kind == "budget" and slots.get("amount") is not None:
        return True
    if memory.kind == "profile" and slots.get("field") == "diet" and slots.get("value"):
        return True
    if memory.kind == "family_health" and slots.get("relative") == "self" and slots.get("allergen"):
        return True
    said = memory.text or memory.summary
    tables = (cues.LANGUAGES, cues.TOOLS, cues.DEPLOY_TARGETS, cues.ACCESSIBILITY)
    return any(pattern.search(said) for table in tables for pattern in table.values())
