"""English words of closed classes written another way (nineteenth round, helper unblock19en).

Data only, merged into mal/dedup_lexicon.py's tables, so every reader of a text (the signature, the
vetoes, the model's features) reads both wordings as one:

* `SHORT_TIME_WORDS`: a time word written short or in slang, "next wk", "Saturday arvo", "tmrw",
  "wknd" (mal/dedup_unblock16_en.py spells a unit out after a number; these stand with no number).
  Read as the time word they stand for, a note that spells one out no longer moves the fact in time.
* `WEEKDAY_SPANS`: Monday to / through Friday is "weekdays", as "every weekday" says it; another
  span (Monday to Thursday) is not rewritten and still differs.
* `DIALECT`: one thing with a British and an American name (flat / apartment), the way a note may
  say in one dialect what the user said in the other. Only nouns with no other everyday sense on
  the other side are listed ("football" is another game in America; "chips", "pants" and "biscuit"
  name other things), and "lift" only as a noun after an article or "no" ("I lift weights" stays).
* `KIN_VARIANTS`: spellings of kin words the people table lacked (grandad).

Pure data; no imports from mal, so the lexicon can merge it without a cycle.
"""

from __future__ import annotations

__all__ = ["DIALECT", "DIALECT_PHRASES", "KIN_VARIANTS", "SHORT_TIME_WORDS", "WEEKDAY_SPANS"]

SHORT_TIME_WORDS = {
    "wk": "week",
    "wks": "weeks",
    "yr": "year",
    "yrs": "years",
    "arvo": "afternoon",
    "tmrw": "tomorrow",
    "tmw": "tomorrow",
    "tmr": "tomorrow",
    "tomoz": "tomorrow",
    "tonite": "tonight",
    "wknd": "weekend",
    "wkend": "weekend",
    "yday": "yesterday",
}

_DAYS = ("monday", "mon")
_LAST = ("friday", "fri")
WEEKDAY_SPANS = {
    f"{first}{sep}{last}": "weekdays"
    for first in _DAYS
    for last in _LAST
    for sep in (" to ", " through ", " thru ", "-", " - ", "–")
}

DIALECT = {
    **dict.fromkeys(("flat", "flats", "apartment", "apartments"), "apartment"),
    **dict.fromkeys(("elevator", "elevators"), "elevator"),
    **dict.fromkeys(("nappy", "nappies", "diaper", "diapers"), "diaper"),
    **dict.fromkeys(("pram", "stroller"), "stroller"),
    **dict.fromkeys(("postcode", "zipcode"), "zipcode"),
    **dict.fromkeys(("motorway", "freeway"), "freeway"),
    **dict.fromkeys(("lorry", "truck"), "truck"),
    **dict.fromkeys(("torch", "flashlight"), "flashlight"),
    **dict.fromkeys(("trainers", "sneakers"), "sneakers"),
}
# "lift" names the elevator only as a noun said with its article ("the lift", "no lift")
DIALECT_PHRASES = {
    "no lift": "no elevator",
    "the lift": "the elevator",
    "a lift in": "an elevator in",
    "mobile phone": "cellphone",
    "cell phone": "cellphone",
    "zip code": "zipcode",
}

KIN_VARIANTS = {
    **dict.fromkeys(("grandad", "grandads", "gramps", "grandpop"), "grandfather"),
    **dict.fromkeys(("grandmum", "grandmom"), "grandmother"),
}
