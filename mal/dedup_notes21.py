"""Twenty-first round (helper notes21, issue #11): clinical and to-do notes read in the user's words.

Assistants keep a memory in one of several registers: the user's own words ("I...", 我...), a
third-person note ("The user...", 用户..., read by mal/dedup_notes.py), a clinical note ("Patient
states they have never smoked") and a to-do note ("待办：明天给妈妈打电话", "To-do: renew passport").
The retired sets kept such a note apart from the user's sentence it restates, on words that only
the register adds. `register_read` rewrites one text before any check reads it (mal/dedup_notes.py
`first_person` calls it first), so the vetoes compare the facts:

  * a to-do marker is one marker: 待办：X / 我(明天)要记得X / 提醒我X are 提醒我X; "To-do: X" /
    "Remind me to X" / "I need to remember to X" are "I need to X". Only the marker is read: the
    task and its time stay as written, so another task or another day still differs;
  * in a to-do, the words of handing a thing in: 明日 is 明天, 缴纳 / 缴 (a bill, a tax) is 交, 提交
    is 交, and 向<someone>提交<a thing> is 把<the thing>交给<someone>;
  * a deadline: 周五之前 / 月底之前 is 周五前 / 月底前 (之前 alone is "formerly", after a day or a
    month's end it is "by"), and 本月底 / 这个月底 is 月底;
  * a clinical note's "Patient states / reports (that) they / he / she X" is "I X" (only the
    patient's own statement: "Patient's mother states..." keeps the mother);
  * "underwent X" is "had X" where X is a surgery or a procedure ("underwent a divorce" stays), and
    "hip replacement surgery" is "a hip replacement";
  * "went hiking" is "hiked" (a pastime said with "went", from a closed list);
  * "completed / finished paying off" is "paid off", "completed / finished a marathon" is "ran a
    marathon" (only things one finishes; "started paying off", "signed up for a marathon" stay);
  * "never ... in my life" is "never ...".

Once "went hiking" reads as "hiked", a pastime swapped ("went hiking" / "went camping" at one place
on one day, which passed every veto before) is read by the check `pastime_swapped`: each text names
a pastime (from the closed list) the other does not. And since every to-do marker reads as one, a
to-do and the report of its deed ("Done: took the recycling out." / "To-do: take the recycling
out.", 已经给妈妈打过电话了 / 待办：给妈妈打电话) are read by `done_against_todo`: one text is a
to-do, the other says the deed done and is no to-do.

The pair's reading of a note's "their" against the user's "our" ("booked the hotel for our
anniversary trip" / "The user booked the hotel for their anniversary trip") is mal/dedup_household.py
`their_noted`.

Pure functions over text; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["CHECKS", "done_against_todo", "pastime_swapped", "register_read"]

# --- Chinese to-do markers
_ZH_TIME = r"[今明后下这本上周月日号天晚早午点星期礼拜一二三四五六七八九十两\d底末初前]"
_ZH_LABEL = re.compile(r"^\s*(?:待办(?:事项)?|备忘|提醒)\s*[：:]\s*")
# 我明天要记得X / 我得记得X / 我要记着X: the marker after the time the user names first
# (a modal before 记得: 我记得小时候… is "I remember")
_ZH_REMEMBER = re.compile(rf"^\s*我({_ZH_TIME}{{0,6}}?)(?:(?:一定)?(?:要|得|需要)(?:记得|记着)|别忘了)(?:要)?")
_ZH_REMIND = re.compile(r"^\s*提醒(?:一下)?我")
# in a to-do: handing a thing in
_ZH_HAND_IN = (
    (re.compile(r"明日(?!之)"), "明天"),
    (re.compile(r"缴纳?(?=[\u4e00-\u9fff]{0,4}?(?:费|税|租|款|金))"), "交"),
    (re.compile(r"向([\u4e00-\u9fff]{1,6}?)提交([^，。,；;！!？?\s]+)"), r"把\2交给\1"),
    (re.compile(r"提交"), "交"),
)
# a deadline: a day or a month's end before 之前 / 以前
_ZH_DEADLINE = re.compile(
    r"((?:周|星期|礼拜)[一二三四五六日天末]|月底|月初|月中|年底|年初|(?<=\d)[号日]|[一二三四五六七八九十][号日]|"
    r"明天|后天|今天|今晚|下班|放学|下周)(?:之前|以前)"
)
_ZH_THIS_MONTH_END = re.compile(r"(?:本|这个?)月底")

# --- English to-do markers
_EN_LABEL = re.compile(r"^\s*(?:to-?\s?do|todo)\s*[:\-\u2013]\s*(?:to\s+)?", re.IGNORECASE)
_EN_REMIND = re.compile(
    r"^\s*(?:please\s+)?(?:remind me to|i need to remember to|i have to remember to|i must remember to|"
    r"don't let me forget to|i need a reminder to)\s+",
    re.IGNORECASE,
)

# --- clinical notes: "Patient states (that) they have never smoked"; only a text that IS such a note (it
# starts so): a nurse's "I'm a nurse. Patient states he has chest pain." is about someone else (review23)
_CLINICAL = re.compile(
    r"^\s*(?:the\s+)?(?:patient|pt\.?|client)\s+(?:states|reports|says|notes|indicates|confirms|endorses)"
    r"(?:\s+that)?\s+(they|he|she)(?:\s+(\w+(?:n't)?))?\b",
    re.IGNORECASE,
)
_CLINICAL_VERB = {
    "has": "have",
    "is": "am",
    "are": "am",
    "were": "was",
    "does": "do",
    "doesn't": "don't",
    "hasn't": "haven't",
    "isn't": "am not",
    "aren't": "am not",
    "weren't": "wasn't",
    # words ending in s that are no third-person verb ("she was", "he always ...")
    "was": "was",
    "always": "always",
    "sometimes": "sometimes",
    "perhaps": "perhaps",
    "nevertheless": "nevertheless",
}

# --- a procedure one undergoes
_PROCEDURE = (
    r"surgery|surgeries|operation|replacement|transplant|bypass|procedure|biopsy|colonoscopy|endoscopy|"
    r"mammogram|angioplasty|c-section|caesarean|cesarean|chemotherapy|chemo|radiotherapy|dialysis|"
    r"mri|ct scan|scan|x-ray|ultrasound|[a-z]+ectomy|[a-z]+plasty|[a-z]+otomy|[a-z]+oscopy"
)
_UNDERWENT = re.compile(
    rf"\bunderwent\b(?=\s+(?:(?:a|an|the|his|her|their|my|our)\s+)?(?:[\w-]+\s+){{0,3}}?(?:{_PROCEDURE})\b)",
    re.IGNORECASE,
)
_SURGERY_AFTER = re.compile(r"\b(replacement|transplant|bypass)\s+surgery\b", re.IGNORECASE)
_HAD_BARE = re.compile(r"\bhad\s+(?=[\w-]+\s+(?:replacement|transplant|bypass)\b)", re.IGNORECASE)

# --- "went hiking": a pastime said with "went"
_PASTIMES = {
    "hiking": "hiked",
    "camping": "camped",
    "fishing": "fished",
    "skiing": "skied",
    "snowboarding": "snowboarded",
    "swimming": "swam",
    "running": "ran",
    "jogging": "jogged",
    "biking": "biked",
    "cycling": "cycled",
    "kayaking": "kayaked",
    "canoeing": "canoed",
    "sailing": "sailed",
    "surfing": "surfed",
    "skating": "skated",
    "climbing": "climbed",
    "bouldering": "bouldered",
    "bowling": "bowled",
    "dancing": "danced",
    "shopping": "shopped",
    "snorkeling": "snorkeled",
    "snorkelling": "snorkelled",
    "scuba diving": "scuba dived",
    "horseback riding": "rode horses",
    "birdwatching": "birdwatched",
    "hunting": "hunted",
    "rafting": "rafted",
    "paddleboarding": "paddleboarded",
}
_WENT = re.compile(rf"\bwent\s+({'|'.join(sorted(_PASTIMES, key=len, reverse=True))})\b", re.IGNORECASE)

# --- things one finishes
_FINISHED_PAYING = re.compile(r"\b(?:completed|finished)\s+paying\s+(off|back)\b", re.IGNORECASE)
_FINISHED_RACE = re.compile(
    r"\b(?:completed|finished)\s+(?=(?:(?:my|his|her|their|our|a|an|the)\s+)?(?:first\s+|second\s+|third\s+)?"
    r"(?:full\s+|half[- ]|ultra[- ]?)?(?:marathon|ultramarathon|5k|10k|half-marathon)\b)",
    re.IGNORECASE,
)

# --- "never ... in my life"
_NEVER_IN_LIFE = re.compile(r"(\bnever\b[^.;,!?]*?)\s+in\s+my\s+(?:entire\s+|whole\s+)?life\b", re.IGNORECASE)


def register_read(text: str) -> str:
    """`text` with a to-do's or a clinical note's register read in the user's words (see above)."""
    text = _zh_read(text)
    if not any(c.isascii() and c.isalpha() for c in text):
        return text
    return _en_read(text)


def _zh_read(text: str) -> str:
    out = _ZH_LABEL.sub("提醒我", text)
    out = _ZH_REMEMBER.sub(lambda m: f"提醒我{m.group(1)}", out)
    if _ZH_REMIND.match(out):
        for pattern, repl in _ZH_HAND_IN:
            out = pattern.sub(repl, out)
    out = _ZH_THIS_MONTH_END.sub("月底", out)
    return _ZH_DEADLINE.sub(r"\1前", out)


def _en_read(text: str) -> str:
    out = _EN_LABEL.sub("I need to ", text)
    out = _EN_REMIND.sub("I need to ", out)
    out = _CLINICAL.sub(_clinical, out)
    out = _UNDERWENT.sub(lambda m: _same_case(m.group(0), "had"), out)
    out = _SURGERY_AFTER.sub(r"\1", out)
    out = _HAD_BARE.sub(lambda m: m.group(0) + "a ", out)
    out = _WENT.sub(lambda m: _PASTIMES[m.group(1).lower()], out)
    out = _FINISHED_PAYING.sub(lambda m: f"paid {m.group(1)}", out)
    out = _FINISHED_RACE.sub("ran ", out)
    return _NEVER_IN_LIFE.sub(r"\1", out)


def _clinical(m: re.Match[str]) -> str:
    pronoun, verb = m.group(1).lower(), m.group(2) or ""
    low = verb.lower()
    if low in _CLINICAL_VERB:
        verb = _CLINICAL_VERB[low]
    elif pronoun != "they" and len(low) > 3 and low.endswith("ies"):
        verb = verb[:-3] + "y"
    elif pronoun != "they" and len(low) > 3 and low.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        verb = verb[:-2]
    elif pronoun != "they" and len(low) > 2 and low.endswith("s") and not low.endswith(("ss", "us", "is")):
        verb = verb[:-1]
    return "I" + (f" {verb}" if verb else "")


def _same_case(word: str, repl: str) -> str:
    return repl.capitalize() if word[:1].isupper() else repl


# --- the check: another pastime
_PASTIME_WORD = re.compile(
    rf"\b(?:go|goes|going|gone|went)\s+({'|'.join(sorted(_PASTIMES, key=len, reverse=True))})\b"
    rf"|\b({'|'.join(sorted(set(_PASTIMES.values()) - {'ran', 'shopped', 'rode horses'}, key=len, reverse=True))})\b",
    re.IGNORECASE,
)


def _pastimes(text: str) -> frozenset[str]:
    out = set()
    for m in _PASTIME_WORD.finditer(text):
        out.add(_PASTIMES[m.group(1).lower()] if m.group(1) else m.group(2).lower())
    return frozenset(out)


def pastime_swapped(a: str, b: str) -> bool:
    """Each text names a pastime the other does not: hiked / camped, went fishing / went sailing."""
    x, y = _pastimes(a), _pastimes(b)
    return bool(x - y) and bool(y - x)


# --- the check: a to-do against its deed done
_TODO_EN = re.compile(
    r"\b(?:i need to|i have to|i must|i've got to|i gotta|remind me|reminder to|don't forget to|to-?do)\b",
    re.IGNORECASE,
)
_PAST_EN = (
    "went|got|grew|took|made|came|flew|drove|bought|sold|left|met|saw|ate|broke|began|gave|spent|won|lost|found|"
    "rode|ran|swam|wrote|read|paid|sent|kept|heard|told|said|taught|wore|built|lent|did|brought|picked|called"
)
# "Done: ...", "I (already) took ...", "Took the recycling out", "I've renewed ..."
_DONE_EN = re.compile(
    r"^\W*(?:done|completed|finished)\s*[:\-\u2013]"
    r"|^\W*(?:(?:i|we|i've|we've)\s+)?(?:(?:already|just|finally|have|has|had)\s+)*"
    rf"(?:[a-z]+[^\We]ed|{_PAST_EN})\b"  # (not "need", "feed", "agreed")
    r"|\balready\b",
    re.IGNORECASE,
)
_TODO_ZH = re.compile(r"提醒我|待办|要记得|别忘了|记得要|^\W*记得")
# 了 / 过 after a deed (not 为了, 除了, 了解, 过敏, 过年, 过去)
_DONE_ZH = re.compile(r"已经|已(?=[\u4e00-\u9fff])|(?<![为除])了(?!解)|过(?![敏年节去来日生期量度分滤])|搞定|办好")


def _todo(text: str) -> bool:
    return bool(_TODO_EN.search(text) or _TODO_ZH.search(text))


def _done(text: str) -> bool:
    return bool(_DONE_EN.search(text) or _DONE_ZH.search(text))


def done_against_todo(a: str, b: str) -> bool:
    """One text is a to-do (its marker: "I need to", "remind me", 提醒我, 待办), the other says the
    deed done ("Done:", "took", "already", 已经, 了, 过) and is no to-do itself."""
    return any(_todo(x) and not _todo(y) and _done(y) for x, y in ((a, b), (b, a)))


CHECKS: tuple[tuple[str, Callable[[str, str], bool]], ...] = (
    ("pastime", pastime_swapped),
    ("todo_done", done_against_todo),
)
