"""The memory-kind vocabulary: one row per kind, read by the parser, the core and the Neo4j adapter.

Before this table a kind's facts were spelled in five places (the relation whitelist, the write
path's correction pool, conflict keys, query and forget words, domains); adding a kind meant finding
them all. Now a kind is one `KindSpec` row. It lives in `parsers/` because parsers may import nothing
of ours (import-linter), while `mal/` and `adapters/` may import parsers.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "EXTRA_RELATIONS",
    "KINDS",
    "KindSpec",
    "bare_correction_kinds",
    "conflict_keys",
    "forget_words",
    "kind_domains",
    "kind_relations",
    "pending_kinds",
    "query_words",
    "relation_types",
]


@dataclass(frozen=True)
class KindSpec:
    """One kind of memory.

    relation: the relationship type its quadruples get, (User)-[relation]->(Entity); whitelisted.
    domain: its domain unless the text says finance/education.
    conflict_keys: (identity slots that must match, value slot that must not differ) for a conflict.
    query_words: words in a question that say it is about this kind (retrieval hints).
    forget_words: words in a forget request that name this kind.
    bare_correction_order: where it stands in the pool a bare correction ("不对，是800") searches
        (None: a bare correction never rewrites it).
    pending: something still to happen (todo, schedule), shown as pending among related memories.
    """

    name: str
    relation: str
    domain: str = "general"
    conflict_keys: tuple[tuple[str, ...], str] | None = None
    query_words: tuple[str, ...] = ()
    forget_words: tuple[str, ...] = ()
    bare_correction_order: int | None = None
    pending: bool = False


KINDS: dict[str, KindSpec] = {
    spec.name: spec
    for spec in (
        KindSpec(
            "preference",
            relation="PREFERS",
            conflict_keys=(("item",), "polarity"),
            query_words=(
                "喜欢",
                "偏好",
                "爱好",
                "口味",
                "prefer",
                "preference",
                "preferences",
                "favorite",
                "favourite",
            ),
            forget_words=(
                "prefer",
                "prefers",
                "preference",
                "preferences",
                "like",
                "likes",
                "love",
                "favorite",
                "favourite",
                "喜欢",
                "偏好",
                "爱好",
                "口味",
                "dislikes",
                "dislike",
                "喜好",
            ),
            bare_correction_order=4,
        ),
        KindSpec(
            "profile",
            relation="HAS_PROFILE",
            conflict_keys=(("field",), "value"),
            query_words=("名字", "叫什么", "职业", "住在", "哪里人", "母语", "my name", "my job", "my profession"),
            forget_words=(
                "name",
                "address",
                "job",
                "work",
                "employer",
                "city",
                "live",
                "hometown",
                "occupation",
                "profession",
                "名字",
                "姓名",
                "地址",
                "住址",
                "住",
                "住在",
                "职业",
                "工作",
                "家乡",
                "老家",
                "母语",
                "城市",
                "个人信息",
                "个人资料",
                "personal",
                "profile",
                # the profile fields a user names when dropping one (docs/parser_labels.md, profile)
                "diet",
                "饮食",
                "birthday",
                "bday",
                "生日",
                "age",
                "年龄",
                "pet",
                "宠物",
                "device",
                "型号",
                "手机型号",
                # identifiers stated as the user's own (parsers/identifier_rules.py); not "phone",
                # "email", "手机" or "邮箱": those name things ("the draft email", "我的旧手机")
                "passport",
                "手机号",
                "身份证",
                "身份证号",
                "护照号",
                "银行卡号",
                "护照",
                "银行卡",
                "卡号",
            ),
            bare_correction_order=2,
        ),
        KindSpec(
            "family_health",
            relation="HAS_FAMILY_HISTORY",
            domain="health",
            conflict_keys=(("relative", "condition"), "condition"),
            query_words=(
                "生病",
                "得病",
                "什么病",
                "健康",
                "血压",
                "糖尿病",
                "health",
                "illness",
                "sick",
                "disease",
                "diagnosed",
                "medical condition",
            ),
            forget_words=(
                "health",
                "condition",
                "illness",
                "diagnosis",
                "disease",
                "medical",
                "allergy",
                "allergies",
                "medication",
                "medications",
                "过敏",
                "用药",
                "病",
                "病情",
                "病史",
                "健康",
                "疾病",
            ),
        ),
        KindSpec(
            "travel_plan",
            relation="HAS_TRAVEL_PLAN",
            domain="travel",
            conflict_keys=(("arrival", "date"), "time"),
            query_words=(
                "行程",
                "高铁",
                "火车",
                "车票",
                "机票",
                "航班",
                "发车",
                "出发",
                "旅行",
                "旅游",
                "my trip",
                "train ticket",
                "flight",
                "travel plan",
                "itinerary",
            ),
            forget_words=(
                "trip",
                "trips",
                "travel",
                "flight",
                "flights",
                "train",
                "ticket",
                "tickets",
                "itinerary",
                "行程",
                "旅行",
                "旅游",
                "车票",
                "机票",
                "高铁",
                "火车",
                "航班",
                "出行",
                "出行计划",
                "旅行计划",
            ),
            bare_correction_order=1,
        ),
        KindSpec(
            "budget",
            relation="HAS_BUDGET",
            domain="finance",
            conflict_keys=(("category",), "amount"),
            query_words=("预算", "花多少", "budget", "afford"),
            forget_words=("budget", "budgets", "money", "spending", "预算", "钱", "花费", "开销"),
            bare_correction_order=0,
        ),
        KindSpec(
            "todo",
            relation="HAS_TODO",
            query_words=("提醒", "待办", "日程", "remind", "reminder", "to-do", "todo", "my schedule", "appointment"),
            forget_words=(
                "remind",
                "reminder",
                "reminders",
                "todo",
                "todos",
                "to-do",
                "to-dos",
                "schedule",
                "meeting",
                "appointment",
                "提醒",
                "待办",
                "日程",
                "提醒事项",
                "事项",
            ),
            bare_correction_order=3,
            pending=True,
        ),
        KindSpec("schedule", relation="HAS_TODO", pending=True),
        KindSpec(
            "feedback",
            relation="GAVE_FEEDBACK",
            query_words=("反馈", "投诉", "feedback", "complaint", "complain"),
            forget_words=("feedback", "complaint", "反馈", "投诉"),
        ),
        KindSpec("episode", relation="MENTIONED"),
    )
}
# Relationship types that are not a kind's own: a preference can also be a dislike.
EXTRA_RELATIONS: tuple[str, ...] = ("DISLIKES",)


def kind_relations() -> dict[str, str]:
    return {k.name: k.relation for k in KINDS.values()}


def relation_types() -> frozenset[str]:
    return frozenset(k.relation for k in KINDS.values()) | frozenset(EXTRA_RELATIONS)


def conflict_keys() -> dict[str, tuple[tuple[str, ...], str]]:
    return {k.name: k.conflict_keys for k in KINDS.values() if k.conflict_keys is not None}


def kind_domains() -> dict[str, str]:
    return {k.name: k.domain for k in KINDS.values() if k.domain != "general"}


def query_words() -> dict[str, tuple[str, ...]]:
    return {k.name: k.query_words for k in KINDS.values() if k.query_words}


def forget_words() -> dict[str, str]:
    """word -> kind, for every word any kind lists."""
    return {w: k.name for k in KINDS.values() for w in k.forget_words}


def bare_correction_kinds() -> tuple[str, ...]:
    ranked = [k for k in KINDS.values() if k.bare_correction_order is not None]
    return tuple(k.name for k in sorted(ranked, key=lambda k: k.bare_correction_order or 0))


def pending_kinds() -> tuple[str, ...]:
    return tuple(k.name for k in KINDS.values() if k.pending)
