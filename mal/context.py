"""Ready-to-inject system messages in seed 000's format, in the user's language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, StrictUndefined

from mal.lifecycle import effective_weight
from mal.models import Memory, MemoryStatus
from mal.ports import Clock, GraphStore
from mal.recent import RecentBuffer
from mal.retrieval import Retriever
from mal.scope import SubjectScope
from mal.settings import LifecycleSettings

__all__ = ["ContextBuilder", "ContextResult"]

_ENV = Environment(undefined=StrictUndefined, autoescape=False)
MEMORY_TEMPLATE = {
    "zh": _ENV.from_string(
        "这是同一位用户过去明确同意保存的记忆摘要。请自然利用，不要逐字复述，也不要声称记得未提供的信息：\n"
        "{% for m in memories %}- {{ m.summary }}{% if m.status == 'disputed' %}（待确认）{% endif %}\n{% endfor %}"
    ),
    "en": _ENV.from_string(
        "These are notes about this user that they previously agreed to let us keep. Use them naturally; "
        "do not repeat them verbatim and do not claim to remember anything that is not listed:\n"
        "{% for m in memories %}- {{ m.summary }}{% if m.status == 'disputed' %} (unconfirmed){% endif %}\n{% endfor %}"
    ),
}
RECENT_TEMPLATE = {
    "zh": _ENV.from_string("这是同一位用户最近的对话记录（按时间顺序）：\n{% for t in turns %}- {{ t.role }}: {{ t.content }}\n{% endfor %}"),
    "en": _ENV.from_string("This is this user's recent conversation, oldest first:\n{% for t in turns %}- {{ t.role }}: {{ t.content }}\n{% endfor %}"),
}


@dataclass
class ContextResult:
    system_messages: list[dict[str, str]]
    memory_ids: list[str]
    lang: str


class ContextBuilder:
    def __init__(self, graph: GraphStore, retriever: Retriever, recent: RecentBuffer, clock: Clock,
                 lifecycle: LifecycleSettings) -> None:
        self._graph = graph
        self._retriever = retriever
        self._recent = recent
        self._clock = clock
        self._lifecycle = lifecycle

    def build(self, scope: SubjectScope, query: str | None, max_memories: int, max_recent_turns: int,
              lang: str | None) -> ContextResult:
        memories = self._memories(scope, query, max_memories) if max_memories > 0 else []
        turns = self._recent.get(scope, max_recent_turns)
        lang = lang or _majority_lang(memories, turns)
        messages = []
        if memories:
            messages.append({"role": "system", "content": MEMORY_TEMPLATE[lang].render(
                memories=[{"summary": m.summary, "status": m.status.value} for m in memories]).strip()})
        if turns:
            messages.append({"role": "system", "content": RECENT_TEMPLATE[lang].render(turns=turns).strip()})
        return ContextResult(messages, [m.id for m in memories], lang)

    def _memories(self, scope: SubjectScope, query: str | None, limit: int) -> list[Memory]:
        if query and query.strip():
            return [h.memory for h in self._retriever.search(scope, query, k=limit).hits]
        statuses = [MemoryStatus.ACTIVE.value, MemoryStatus.DISPUTED.value]
        memories, _ = self._graph.list_memories(scope.subject, statuses, None, 0, 500)
        now = self._clock.now()
        memories.sort(key=lambda m: effective_weight(m, now, self._lifecycle), reverse=True)
        return memories[:limit]


def _majority_lang(memories: list[Memory], turns: list[dict[str, Any]]) -> str:
    import parsers

    votes = [m.lang for m in memories] + [parsers.detect_lang(t["content"]) for t in turns if t["role"] == "user"]
    zh = sum(1 for v in votes if v in {"zh", "mixed"})
    return "zh" if votes and zh * 2 >= len(votes) else "en"
