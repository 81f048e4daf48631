"""English profile clauses read by their grammar: a subject, a verb, a complement.

The word-list rules read "I'm a nurse" or "my son is 6" as fixed strings, so every new way of
naming the subject ("my twin boys", "Grandpa's", "Me and my wife", "she's" after "my sister")
or of stating the complement ("is a pilot for Delta", "lives in Denver", "are both vegetarian")
was a miss. Here a clause is split into its subject (the user, a family member, several of them,
or a pronoun standing for the family member named before it) and its predicate, and the predicate
is read the same way whoever the subject is: an age, a job (with its employer and city), a diet,
a city. No statistical parser is loaded (none ships with the project, and a parse would cost more
than the parser's whole 10 ms budget); the subject and predicate shapes are few and closed.
"""

from __future__ import annotations

import re

from parsers.profile_base import REL_EN, Found, en_int, fact

__all__ = ["clause_facts"]

# Plural and colloquial names of relatives, with the relative each stands for.
_REL_MORE = {
    "boys": "son", "boy": "son", "sons": "son", "girls": "daughter", "girl": "daughter", "daughters": "daughter",
    "grandpa": "grandfather", "grandma": "grandmother", "granny": "grandmother", "nana": "grandmother",
    "mom": "mother", "mum": "mother", "dad": "father", "stepdad": "father", "stepmom": "mother",
    "hubby": "spouse", "husband": "spouse", "wife": "spouse", "partner": "spouse",
}  # fmt: skip
_RELS = {**{k.lower(): v for k, v in REL_EN.items()}, **_REL_MORE}
_REL_ALT = "|".join(re.escape(r) for r in sorted(_RELS, key=len, reverse=True))
_ADJ = r"(?:(?:twin|triplet|youngest|oldest|eldest|older|younger|little|big|baby|teenage|two|2|three|3|elder)\s+)?"
# Titles that name a family member without "my" at the start of a clause ("Grandpa's 91", "Dad is 70").
_TITLES = {"grandpa": "grandfather", "grandma": "grandmother", "mom": "mother", "mum": "mother", "dad": "father",
           "nana": "grandmother", "granny": "grandmother"}  # fmt: skip
# Capitalised words after "my son" that are no name: days, months, the pronoun, sentence words.
_NOT_NAMES = (
    "I|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|"
    "August|September|October|November|December|And|But|Is|Has|Just|Also|Still|The"
)
_APPOSED_NAME = re.compile(rf"\s+(?!(?:{_NOT_NAMES})\b)(?P<v>[A-Z][a-z]+)(?=\s+[a-z]|'s\s|\s*[,.;!?]|\s*$)")
_SUBJECT = re.compile(
    rf"(?P<both>\b(?i:me and my|my)\s+(?P<r1>{_REL_ALT})(?i:\s+and\s+(?:I|me))?\b)|"
    rf"\b(?i:my|our)\s+{_ADJ}(?P<r2>{_REL_ALT})\b|"
    rf"(?:^|(?<=[,.;!?]\s)|(?<=\band\s))(?P<t>(?i:{'|'.join(_TITLES)}))(?=(?:'s|\s+is|\s+lives|\s+turned|\s+turns)\b)|"
    r"(?:^|(?<=[,.;!?]\s)|(?<=\band\s))(?P<p>(?i:she|he))(?=(?:'s|\s+is|\s+lives|\s+turned|\s+turns)\b)"
)
_NUMBER = r"(?P<n>\d{1,3}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-\w+)?|\w+teen|ten|eleven|twelve|one|two|three|four|five|six|seven|eight|nine)"  # fmt: skip
# Predicates, read the same for every subject.
_AGE = re.compile(
    rf"^(?:'s|'re|\s+is|\s+are|\s+was)\s+(?:now\s+|both\s+|already\s+|almost\s+|turning\s+|just\s+)?{_NUMBER}"
    r"(?:\s+(?:years?\s+old|yrs?\s+old|y/?o|now|this year|already|and))?(?=[,.;!?]|$|\s+(?:and|now|but|so)\b)|"
    rf"^(?:\s+(?:just\s+)?turned|\s+turns|'s turning|\s+is turning)\s+{_NUMBER.replace('?P<n>', '?P<n2>')}(?=[,.;!?]|$|\s+(?:and|now|but|so|this|next|last)\b)",
    re.I,
)
_JOB = re.compile(
    r"^(?:'s|'re|\s+is|\s+are|\s+works as)\s+(?:both\s+|also\s+|now\s+)?(?:(?:a|an)\s+)?"
    r"(?P<v>(?:[a-z-]+\s+){0,3}?(?:[a-z]+(?:er|or|ist|ian|nt|ef|ot|se|ses|ers|ors|ists|ians|ic|ics|ive|ives|man|men|ee|ees|cher|chers|yer|yers|ier|iers)))"
    r"(?:\s+(?:at|for|with)\s+(?P<org>(?:the\s+)?[A-Z][\w&'.-]*(?:\s+(?:&\s+)?[A-Z][\w&'.-]*){0,3}))?"
    r"(?:\s+in\s+(?P<city>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?))?(?=[,.;!?]|$|\s+(?:and|now|but|so|lol|too)\b)"
)
_DIET = re.compile(r"^(?:'s|'re|\s+is|\s+are|\s+went|\s+has gone)\s+(?:both\s+|also\s+|now\s+|strictly\s+|fully\s+)?(?P<v>vegetarian|vegan|gluten-free|kosher|halal|pescatarian)\b", re.I)  # fmt: skip
_CITY = re.compile(
    r"^(?:\s+(?:still\s+|now\s+)?(?:lives|live|moved|is living|are living|has lived|have lived|is based|are based|relocated)"
    r"\s+(?:in|to|out in|over in|down in|up in))\s+(?P<v>[A-Z][a-zA-Z]+(?:\s+[A-Z][a-zA-Z]+)?)\b"
)
_NOT_JOB = re.compile(
    r"\b(?:allergic|diabetic|sick|older|younger|better|worse|other|together|over|under|never|ever|after|"
    r"fan|lover|person|member|sister|brother|mother|father|daughter|son|parent|kid|wife|husband|partner|"
    r"retired|pregnant|vegetarian|vegan|terrific|fantastic|athletic|allergic|autistic|dyslexic|asthmatic|"
    r"epileptic|tired|doing|going|coming|getting|learning|starting|moving|visiting|staying)\b",
    re.I,
)
# "'s" with no article after it is a possessive, not "is": "my sister's birthday present" (a present),
# "my sister's a nurse" (a job); plurals ("my sons are nurses") take "are".
_POSSESSIVE = re.compile(r"^'s\s+(?!(?:both|also|now|an?)\b)", re.I)
_DIET_VALUE = {"gluten-free": "gluten-free", "vegetarian": "vegetarian", "vegan": "vegan", "kosher": "kosher",
               "halal": "halal"}  # fmt: skip


def _subjects(m: re.Match[str], text: str) -> list[str | None]:
    """Who a subject names: relatives (None for the user), in reading order."""
    if m.group("both"):
        rel = _RELS[m.group("r1").lower()]
        whole = m.group("both").lower()
        if whole.startswith("me and"):
            return [None, rel]  # "Me and my wife are both nurses": the user first, as said
        return [rel, None] if re.search(r"and\s+(?:i|me)$", whole) else [rel]
    if m.group("r2"):
        return [_RELS[m.group("r2").lower()]]
    if m.group("t"):
        return [_TITLES[m.group("t").lower()]]
    # "she" / "he": the family member named last before it in the turn
    named: list[str | None] = [
        _RELS[r.group(1).lower()] for r in re.finditer(rf"\b(?i:my|our)\s+{_ADJ}({_REL_ALT})\b", text[: m.start()])
    ]
    return named[-1:]


def clause_facts(text: str, lang: str) -> list[Found]:
    """Profile facts of English clauses whose subject is a family member (or the user with one)."""
    if lang == "zh" or not re.search(r"[A-Za-z]", text):
        return []
    out: list[Found] = []
    for m in _SUBJECT.finditer(text):
        whos = _subjects(m, text)
        if not whos or whos == [None]:
            continue
        rest = text[m.end() : m.end() + 120]
        # the member's name may stand beside it: "my son Leo just turned 4" (the name is read, and
        # the predicate after it is the member's)
        named = _APPOSED_NAME.match(rest)
        if named and len(whos) == 1 and whos[0]:
            out.append((m.end() + named.start("v"), fact("name", named.group("v"), whos[0], 0.85)))
            rest = rest[named.end() :]
        if a := _AGE.match(rest):
            n = en_int(a.group("n") or a.group("n2"))
            if (
                n is not None
                and 0 < n < 120
                and not re.match(r"\s*(?:am|pm|%|:|\.\d|dollars|bucks|kg|lbs)", rest[a.end() :])
            ):
                out += [(m.start(), fact("age", str(n), w, 0.85)) for w in whos]
                continue
        if d := _DIET.match(rest):
            out += [
                (m.start(), fact("diet", _DIET_VALUE[d.group("v").lower()], w, 0.85))
                for w in whos
                if d.group("v").lower() in _DIET_VALUE
            ]
            continue
        if c := _CITY.match(rest):
            out += [(m.start(), fact("city", c.group("v"), w, 0.85)) for w in whos]
            continue
        if j := _JOB.match(rest):
            job = j.group("v")
            if _NOT_JOB.search(job) or _POSSESSIVE.match(rest):
                continue
            out += [(m.start() + 1, fact("job", job, w, 0.85)) for w in whos]
            if j.group("org"):
                org = re.sub(r"^the\s+(?=[A-Z])", "", j.group("org"))
                out += [(m.start() + 2, fact("employer", org, w, 0.85)) for w in whos]
            if j.group("city"):
                out += [(m.start() + 3, fact("city", j.group("city"), w, 0.85)) for w in whos]
    return out
