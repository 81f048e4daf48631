"""Template summaries, one per intent and language. Every value comes from the slots, which come
from the source text: a summary can restate, never invent."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import Environment, StrictUndefined

from parsers.lang import as_zh_or_en

__all__ = ["render"]

TEMPLATES: dict[tuple[str, str], str] = {
    ("preference", "zh"): "用户{% if slots.polarity == 'dislike' %}不喜欢{% else %}喜欢{% endif %}{{ slots.item }}",
    (
        "preference",
        "en",
    ): "User {% if slots.polarity == 'dislike' %}dislikes{% else %}prefers{% endif %} {{ slots.item }}",
    (
        "profile",
        "zh",
    ): "{% if slots.relative %}用户的{{ slots.relative_text or slots.relative }}{% else %}用户{% endif %}"
    "{{ {'name': '姓名', 'job': '职业', 'city': '所在城市', 'language': '语言', 'hometown': '家乡', 'age': '年龄',"
    " 'pet': '宠物', 'diet': '饮食', 'device': '设备', 'birthday': '生日', 'employer': '工作单位',"
    " 'phone': '手机号', 'email': '邮箱', 'id_number': '身份证号', 'bank_card': '银行卡号', 'passport': '护照号',"
    " 'ip_address': 'IP地址', 'ssn': '美国社安号', 'address': '住址'}.get(slots.field, slots.field) }}"
    "：{{ slots.value }}",
    (
        "profile",
        "en",
    ): "User{% if slots.relative %}'s {{ slots.relative_text or slots.relative }}{% endif %} "
    "{{ {'name': 'name', 'job': 'job', 'city': 'city', 'language': 'language', 'hometown': 'hometown', 'age': 'age',"
    " 'pet': 'pet', 'diet': 'diet', 'device': 'device', 'birthday': 'birthday', 'employer': 'employer',"
    " 'id_number': 'ID number', 'bank_card': 'bank card', 'ip_address': 'IP address', 'ssn': 'SSN'}.get(slots.field, slots.field) }}"
    ": {{ slots.value }}",
    (
        "family_health",
        "zh",
    ): "{% if slots.relative == 'self' %}用户{% else %}用户的{{ slots.relative_text or slots.relative }}{% endif %}"
    "{% if slots.allergen %}对{{ slots.allergen }}过敏{% elif slots.condition %}{{ '' if slots.condition == '怀孕' else '有' }}{{ slots.condition }}{% endif %}"
    "{% if slots.medication %}{{ '，' if slots.condition else '' }}用药：{{ slots.medication }}{% endif %}",
    (
        "family_health",
        "en",
    ): "{% if slots.relative == 'self' %}User{% else %}User's {{ slots.relative_text or slots.relative }}{% endif %}"
    "{% if slots.allergen %} is allergic to {{ slots.allergen }}{% elif slots.condition %}{{ ' is ' if slots.condition|lower is adjectival else ' has ' }}{{ slots.condition }}{% endif %}"
    "{% if slots.medication %}{{ ',' if slots.condition else '' }} takes {{ slots.medication }}{% endif %}",
    ("travel_plan", "zh"): "行程：{% if slots.departure %}{{ slots.departure }} → {% endif %}{{ slots.arrival or '' }}"
    "{% if slots.date %}，{{ slots.date }}{% endif %}{% if slots.time %} {{ slots.time }}{% endif %}"
    "{% if slots.mode %}，{{ {'train': '火车/高铁', 'flight': '航班'}.get(slots.mode, slots.mode) }}{% endif %}"
    "{% if slots.seat_class %}，{{ slots.seat_text }}{% endif %}"
    "{% if slots.budget_max %}，预算{{ slots.budget_max|int }}{{ '元' if slots.currency == 'CNY' else ' ' ~ slots.currency }}以内{% endif %}",
    (
        "travel_plan",
        "en",
    ): "Trip{% if slots.departure %} from {{ slots.departure }}{% endif %}{% if slots.arrival %} to {{ slots.arrival }}{% endif %}"
    "{% if slots.date %} on {{ slots.date }}{% endif %}{% if slots.time %} at {{ slots.time }}{% endif %}"
    "{% if slots.mode %} by {{ slots.mode }}{% endif %}{% if slots.seat_class %}, {{ slots.seat_class|replace('_', ' ') }}{% endif %}"
    "{% if slots.budget_max %}, max budget {{ slots.budget_max|int }} {{ slots.currency }}{% endif %}",
    (
        "budget",
        "zh",
    ): "预算（{{ slots.category_text }}）：{{ '不超过' if slots.bound == 'max' else ('至少' if slots.bound == 'min' else '') }}{{ slots.amount|int }}{{ '元' if slots.currency == 'CNY' else ' ' ~ slots.currency }}",
    (
        "budget",
        "en",
    ): "Budget ({{ slots.category_text }}): {{ 'at most ' if slots.bound == 'max' else ('at least ' if slots.bound == 'min' else '') }}{{ slots.amount|int }} {{ slots.currency }}",
    (
        "todo",
        "zh",
    ): "待办：{{ slots.task }}{% if slots.date %}（{{ slots.date }}{% if slots.time %} {{ slots.time }}{% endif %}）{% endif %}",
    (
        "todo",
        "en",
    ): "To do: {{ slots.task }}{% if slots.date %} ({{ slots.date }}{% if slots.time %} {{ slots.time }}{% endif %}){% endif %}",
    ("feedback", "zh"): "用户反馈（{{ slots.mood or slots.sentiment }}）：{{ slots.content }}",
    ("feedback", "en"): "User feedback ({{ slots.mood or slots.sentiment }}): {{ slots.content }}",
    ("episode", "zh"): "{% if slots.speaker %}{{ slots.speaker }}：{% endif %}{{ slots.content }}",
    ("episode", "en"): "{% if slots.speaker %}{{ slots.speaker }}: {% endif %}{{ slots.content }}",
}


_RELATIVE_ZH = {
    "mother": "妈妈", "father": "爸爸", "grandmother": "奶奶/外婆", "grandfather": "爷爷/外公", "brother": "兄弟",
    "sister": "姐妹", "spouse": "配偶", "son": "儿子", "daughter": "女儿", "child": "孩子", "aunt": "阿姨",
    "uncle": "叔叔", "mother-in-law": "婆婆/岳母", "father-in-law": "公公/岳父", "boyfriend": "男朋友",
    "girlfriend": "女朋友", "cousin": "表亲",
}  # fmt: skip


def _adjectival(condition: str) -> bool:
    """ "User's wife is pregnant", "User is diabetic", but "User has asthma": a condition said as an
    adjective takes "is"."""
    return condition.endswith(("ic", "ant", "ing", "intolerant"))


@lru_cache(maxsize=1)
def _env() -> Environment:
    env = Environment(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False)
    env.tests["adjectival"] = _adjectival
    return env


@lru_cache(maxsize=64)
def _template(kind: str, lang: str) -> Any:
    return _env().from_string(TEMPLATES[(kind, lang)])


def render(kind: str, slots: dict[str, Any], lang: str) -> str:
    """Render the summary of a fact; mixed-language text uses the Chinese template."""
    key_lang = as_zh_or_en(lang)
    wrapped = _Slots(slots)
    if key_lang == "zh" and wrapped.get("relative") and not wrapped.get("relative_text"):
        wrapped["relative_text"] = _RELATIVE_ZH.get(str(wrapped["relative"]), wrapped["relative"])
    return str(_template(kind, key_lang).render(slots=wrapped)).strip()


class _Slots(dict[str, Any]):
    """Missing optional slots render as empty instead of failing the whole summary."""

    def __getattr__(self, name: str) -> Any:
        return self.get(name)
