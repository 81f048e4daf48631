"""A to-do against the deed done, a target against the amount reached (helper todo22, issue #11).

The retired sets (blind20, blind21) merged, or let past every veto, two kinds of near miss:

  * `owed_done` - an obligation or to-do against the same deed done: 我得给狗约个疫苗 / 我已经给狗约好了
    疫苗, "Need to pay the council tax by the 1st" / "Already paid the council tax on the 1st",
    "I still need to pay the electricity bill" / "I've already paid the electricity bill". The
    notes21 check (mal/dedup_notes21.py `done_against_todo`) knows only a to-do's markers ("I need
    to" right after "I", 提醒我, 待办); the obligation words (need to, have to, gotta, must, still need,
    should get round to, 得, 要, 需要, 还得, 还没, 待交, 记得) read nothing, and the aspect veto lets an
    "already" said by one text alone pass on purpose (已经90岁了 / 今年九十岁了: a state, not a deed).
    So the "already" passes when the other text owes the deed, and the word rules (`agree`) merged
    the Chinese pair outright.
  * `reached_aimed` - an amount reached against an amount aimed at: "got about $40k so far" /
    "aiming for about $40k", 已经存了五万 / 目标存五万. The same number, read as one budget.

Each reading holds when one text says its first side and not its second, and the other text the
second and not the first (mal/dedup_text.py `opposed`): a text that says both ("still need to pay
the rest, already paid half", 我要去北京了) is read as neither, so a restatement that happens to carry
both words is never kept apart by this check. Only a to-do's own words are read, not the deed: a
to-do of one thing and the deed of another differ anyway, by the checks that read the words.

Review26 narrowed and widened both: a to-do's closing 了 (我该去体检了, 是时候…了, 我得交房租了) and a negated
过 (我没结过婚) mark no deed done; 完 / 完成 (交完, 办完) do, as does the past of the very verb the other text
owes, wherever it stands ("Gotta renew the car insurance" / "Car insurance renewed", "Need to tell Sam" /
"Told Sam"); 存够…了 is reached, "saving up $X" / "going for $X" aimed at, "I'm at $X" reached.

Pure functions over two texts as the family checks read them (mal/dedup.py `first_person`: a note's
"User still needs to" is "I still need to", "Remind me to" is "I need to").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mal.dedup_text import flat, opposed

__all__ = ["CHECKS", "differs", "owed_done", "reached_aimed"]

# --- an obligation / a to-do
# (not "must have" / "must be": a guess; "haven't ... yet", not a bare "haven't": "I haven't
# smoked since 2019" is a deed done)
_OWED_EN = (
    r"\b(?:still\s+)?needs?\s+to\b|\b(?:have|has)\s+to\b|\b(?:'ve|have|has)\s+got\s+to\b|\bgotta\b|\bgot\s+to\s+(?!be\b|know\b)"
    r"|\bmust\b(?!\s+(?:have|be|'ve)\b)|\bshould\s+(?:really\s+)?(?:get\s+(?:round|around)\s+to|remember\s+to)\b"
    r"|\b(?:haven't|hasn't|have\s+not|has\s+not)\b[^.;,!?]*\byet\b|\b(?:have|has)\s+yet\s+to\b|\bnot\s+yet\b"
    r"|\bremind\s+me\b|\breminder\s+to\b|\bdon't\s+forget\b|\bto-?\s?do\b"
)
# 得 as "must" after its subject or an adverb (not 记得 / 觉得 / 跑得快, not 得了 / 得到: got),
# 要 as "need to" (not 重要 / 主要 / 只要 / 不要 / 想要 / 要是 / 要求), 还没 (not yet), 待交 / 待办
_ZH_SUBJECT = (
    r"(?:^|[我你他她们还也就都先又总可]|用户|今天|明天|后天|今晚|明晚"
    r"|这周|本周|下周|月底|周[一二三四五六日末]|马上|赶紧)"
)
_OWED_ZH = (
    rf"{_ZH_SUBJECT}得(?![了到])|(?<![重主只不想首必纲摘提需将快就])要(?![是求么紧闻素点害])|需要|必须|还没|尚未"
    r"|待(?:办|交|付|缴|处理|完成|还)|记得|提醒我|别忘"
)
_OWED = re.compile(f"{_OWED_EN}|{_OWED_ZH}")

# --- the deed done
# "already", "Done: …", "is paid", or a past verb opening the sentence ("Paid the council tax",
# "I've booked …"; not "wanted / planned / tried to": no deed)
_PAST = (
    "went|got|took|made|bought|sold|left|met|saw|ate|gave|spent|found|rode|ran|wrote|paid|sent|"
    "brought|did|done|taken|given|seen|written|sorted"
)
_NOT_DEEDS = (
    r"(?!(?:wanted|planned|hoped|tried|needed|decided|intended|forgot|started|used|promised|agreed|offered|"
    r"expected|meant)\b)"
)
_DONE_EN = (
    r"\balready\b|^\W*(?:done|completed|finished|sorted)\b"
    r"|\b(?:is|are|was|were|has\s+been|have\s+been|got)\s+(?:all\s+)?(?:paid|done|sorted|booked|renewed|finished|"
    r"completed|submitted|filed|sent|taken\s+care\s+of|cancell?ed|scheduled|fixed|returned)\b"
    r"|^\W*(?:(?:i|we|i've|we've|i\s+have|we\s+have)\s+)?(?:just\s+|finally\s+|also\s+)?"
    rf"{_NOT_DEEDS}(?:[a-z]+[^\We\s]ed|{_PAST})\b(?!\s+to\b)"
)
# 已经 / 好了 / 办好 / a 了 or 过 after a deed (not 为了 / 除了 / 了解 / 忘了 / 得了 / 不了 / 算了; not
# 过敏 / 过年 / 不过 / 超过)
_DONE_ZH = (
    r"已经|已(?=[\u4e00-\u9fff])|办好|搞定|弄好|处理好|(?<![为除忘得不算罢极])了(?!解)"
    r"|(?<![不难经通超路错度])过(?![敏年节去来日生期量度分滤得])"
)
# 完 / 完成 after a deed (交完, 办完, 打完电话, 续签完成; review26), not 完全 / 完美 / 完整 / 完善 / 完蛋 /
# 完好, not 没 / 未 / 不 完 (吃不完, 没完成)
_DONE_ZH_FINISHED = r"|(?<=[\u4e00-\u9fff])(?<![没未不])完(?![全美整善蛋好])"
_DONE = re.compile(f"{_DONE_EN}|{_DONE_ZH}{_DONE_ZH_FINISHED}")

# A to-do's own 了 and a negated 过 say no deed done (review26): 我该去体检了 / 是时候去看牙医了 / 我得交房租了
# end an obligation with "now" (not 要…了: "about to", read as neither on purpose), and 我没结过婚 is a state
# negated, as 我还没结婚 is
_OWED_NOW = re.compile(
    r"((?:[我你他她们还也就都先又总可]得|应该|该|是时候|需要|必须)[^,，。.;；!！?？]*?)了(?=$|[,，。.;；!！?？])"
)
_NEVER_DONE = re.compile(r"((?:没|未|从不)[^,，。.;；!！?？了]*?)过")
# 该 / 应该 / 是时候 owe a deed as 得 does (该 after its subject or an adverb: not 该公司, 活该)
_OWED_MORE_ZH = re.compile(r"(?:^|[我你他她们也就都先又总可应])该(?![死])|是时候")


def _as_read(text: str) -> str:
    """`text` flat, with a to-do's closing 了 and a negated 过 taken off (they mark no deed done)."""
    return _NEVER_DONE.sub(r"\1", _OWED_NOW.sub(r"\1", flat(text)))


def _owes(text: str) -> bool:
    return bool(_OWED.search(text) or _OWED_MORE_ZH.search(text))


# --- the owed verb's own past, wherever it stands (review26): "Gotta renew the car insurance" / "Car
# insurance renewed", "Need to tell Sam" / "Told Sam". Regular pasts are spelt from the verb; these are not.
_IRREGULAR_PAST: dict[str, tuple[str, ...]] = {
    "tell": ("told",),
    "pay": ("paid",),
    "buy": ("bought",),
    "send": ("sent",),
    "get": ("got", "gotten"),
    "take": ("took", "taken"),
    "make": ("made",),
    "give": ("gave", "given"),
    "write": ("wrote", "written"),
    "sell": ("sold",),
    "find": ("found",),
    "leave": ("left",),
    "meet": ("met",),
    "see": ("saw", "seen"),
    "do": ("did", "done"),
    "bring": ("brought",),
    "ring": ("rang", "rung"),
    "pick": ("picked",),
    "hand": ("handed",),
    "sort": ("sorted",),
    "hold": ("held",),
    "teach": ("taught",),
    "catch": ("caught",),
    "feed": ("fed",),
    "win": ("won",),
}
_OWED_VERB = re.compile(
    r"\b(?:(?:still\s+)?needs?\s+to|(?:have|has)\s+to|(?:'ve|have|has)\s+got\s+to|gotta|must|remember\s+to|"
    r"reminder\s+to|don't\s+forget\s+to|get\s+(?:round|around)\s+to)\s+(?:go\s+|really\s+|finally\s+)?([a-z]+)"
)


def _pasts(verb: str) -> set[str]:
    """The past forms a verb may take: its irregular ones, or -ed / -d / -ied / a doubled consonant."""
    if verb in _IRREGULAR_PAST:
        return set(_IRREGULAR_PAST[verb])
    forms = {verb + "ed", verb + "d", verb + verb[-1:] + "ed"}
    if verb.endswith("y"):
        forms.add(verb[:-1] + "ied")
    return forms


def _owed_verb_done(owing: str, other: str) -> bool:
    """`other` says the past of a verb `owing` owes (not "to renewed": a past after "to" or "will" is none)."""
    verbs = {m.group(1) for m in _OWED_VERB.finditer(owing)} - {"be", "go", "get", "have", "do"}
    return any(re.search(rf"(?<!\bto\s)(?<!\bwill\s)\b(?:{'|'.join(sorted(_pasts(v)))})\b", other) for v in verbs)


# A deed done for a time to come (a day ahead, a clock time) is an arrangement, and 要 is also "will":
# 我明天要去看牙医 / 明天我约了牙医 is one appointment (blind5, blind7, blind12, blind14 restatements)
_AHEAD = re.compile(
    r"明天|后天|明早|明晚|今晚|下(?:个|一)?(?:周|星期|礼拜|月)|明年|[\d一二三四五六七八九十两]点|\d{1,2}[:：]\d\d"
    r"|\btomorrow\b|\bnext\b|\btonight\b|\bthis\s+(?:weekend|evening|afternoon)\b|\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b"
)


def owed_done(a: str, b: str) -> bool:
    """One text owes a deed (need to, gotta, still need, 得, 要, 还没, 待办) and says nothing done, the
    other says a deed done (already, paid, 已经, 了, 好了), owes nothing and books it for no time
    ahead (`_AHEAD`)."""
    x, y = _as_read(a), _as_read(b)
    return any(
        _owes(s)
        and not _DONE.search(s)
        and (_DONE.search(t) or _owed_verb_done(s, t))
        and not _owes(t)
        and not _AHEAD.search(t)
        for s, t in ((x, y), (y, x))
    )


# --- an amount reached against an amount aimed at
_AMOUNT = r"\s*(?:about|around|roughly|nearly|almost|over|just|close\s+to)?\s*[$£€¥]?\d"
_REACHED = re.compile(
    r"\bso\s+far\b|\bup\s+to\s+now\b|\bto\s+date\b|\balready\s+(?:have|got|saved|put|at)\b"
    r"|\b(?:have|has|'ve)\s+(?:already\s+)?(?:saved|put\s+(?:away|aside)|set\s+aside|got|raised|collected|stashed)\b"
    rf"|\bsaved(?:\s+up)?{_AMOUNT}|\bgot{_AMOUNT}|\bcurrently\s+(?:have|at|sitting)\b|\bsitting\s+at\b"
    rf"|\b(?:i'm|i\s+am|we're|we\s+are)\s+(?:now\s+|already\s+)?at{_AMOUNT}|(?:存|攒|凑)够[^，。,；;！？]{{0,6}}了"
    r"|(?:已经?|目前|现在|至今|到现在)[^，。,；;！？]{0,4}?(?:存|攒|凑)|(?:存|攒|凑)(?:了|到了|下了|够了)|目前为止|到现在为止"
)
_AIMED = re.compile(
    r"\baim(?:s|ing|ed)?\s+(?:for|to|at)\b|\b(?:my|the|our|a|his|her|their)\s+(?:\w+\s+)?(?:goal|target)\b"
    r"|\b(?:goal|target)\s+(?:is|of|amount)\b|\btargeting\b"
    r"|\b(?:wants?|hop(?:e|es|ing)|trying|plan(?:s|ning)?|needs?)\s+to\s+(?:reach|hit|get\s+to|save|raise|put\s+away)\b"
    rf"|\bsaving(?:\s+up)?{_AMOUNT}|\bgoing\s+for{_AMOUNT}"
    r"|目标|(?:打算|计划|准备|争取|希望|想要?)(?:能)?(?:存|攒|凑)|要(?:存|攒|凑)(?:到|够)|(?:存|攒|凑)够(?![^，。,；;！？]{0,6}了)"
)


def reached_aimed(a: str, b: str) -> bool:
    """One text says an amount reached (so far, have saved, 已经存了, 攒了), the other an amount aimed at
    (aiming for, goal, target, 目标, 打算存, 想攒到)."""
    return opposed(flat(a), flat(b), _REACHED, _AIMED)


def differs(a: str, b: str) -> bool:
    """Either reading tells the texts apart (the word rules consult this: mal/dedup.py `_turned`)."""
    return any(check(a, b) for _, check in CHECKS)


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("owed_done", owed_done),
    ("reached_aimed", reached_aimed),
)
