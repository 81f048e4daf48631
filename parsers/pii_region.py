"""Which country's numbering plan a sentence points to, for the phone detector. Pure, no I/O.

A national number carries no country code: "040 1234567" is a Hamburg landline only if the reader
knows the text is about Germany. People say so in the same sentence ("the Hamburg shop", "my
Indian number", "法国里昂的诊所", "香港办事处"), so a country, a demonym or a large city named near a
digit run lets the matcher (parsers/pii_phone.py) read the run in that country's plan as well as
the default regions. The place word only chooses the plan; the number must still be valid there,
standalone, and written the way phones are written (see `national_by_place`).
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["PLACE_WINDOW", "named_regions", "reads_as_count"]

# Characters either side of a digit run in which a place word counts.
PLACE_WINDOW = 80

# Region code -> English words (country, demonym, large cities) and Chinese names.
_PLACES: dict[str, tuple[str, str]] = {
    "DE": (
        "germany|german|deutschland|berlin|hamburg|munich|munchen|münchen|frankfurt|cologne|koln|köln|stuttgart|"
        "dusseldorf|düsseldorf|dortmund|essen|leipzig|dresden|hanover|hannover|nuremberg|nurnberg|nürnberg|bremen|bonn",
        "德国|柏林|汉堡|慕尼黑|法兰克福|科隆|斯图加特|杜塞尔多夫|莱比锡|德累斯顿|汉诺威|纽伦堡|不来梅",
    ),
    "FR": (
        "france|french|paris|lyon|marseille|toulouse|nice|nantes|strasbourg|bordeaux|lille|montpellier|rennes",
        "法国|巴黎|里昂|马赛|图卢兹|南特|斯特拉斯堡|波尔多|里尔|蒙彼利埃",
    ),
    "ES": (
        "spain|spanish|madrid|barcelona|valencia|seville|sevilla|malaga|málaga|bilbao",
        "西班牙|马德里|巴塞罗那|瓦伦西亚|塞维利亚",
    ),
    "IT": (
        "italy|italian|rome|milan|naples|turin|florence|venice|bologna|genoa",
        "意大利|罗马|米兰|那不勒斯|都灵|佛罗伦萨|威尼斯",
    ),
    "NL": (
        "netherlands|dutch|holland|amsterdam|rotterdam|the hague|utrecht|eindhoven",
        "荷兰|阿姆斯特丹|鹿特丹|海牙|乌得勒支",
    ),
    "BE": ("belgium|belgian|brussels|antwerp|ghent|bruges", "比利时|布鲁塞尔|安特卫普"),
    "CH": ("switzerland|swiss|zurich|zürich|geneva|basel|bern|lausanne", "瑞士|苏黎世|日内瓦|巴塞尔|伯尔尼"),
    "AT": ("austria|austrian|vienna|salzburg|innsbruck|graz", "奥地利|维也纳|萨尔茨堡"),
    "SE": ("sweden|swedish|stockholm|gothenburg|malmo|malmö", "瑞典|斯德哥尔摩|哥德堡"),
    "NO": ("norway|norwegian|oslo|bergen", "挪威|奥斯陆"),
    "DK": ("denmark|danish|copenhagen|aarhus", "丹麦|哥本哈根"),
    "FI": ("finland|finnish|helsinki", "芬兰|赫尔辛基"),
    "PL": ("poland|polish|warsaw|krakow|kraków|cracow|gdansk|gdańsk|wroclaw|wrocław", "波兰|华沙|克拉科夫"),
    "PT": ("portugal|portuguese|lisbon|porto", "葡萄牙|里斯本|波尔图"),
    "CZ": ("czechia|czech|prague", "捷克|布拉格"),
    "GR": ("greece|greek|athens", "希腊|雅典"),
    "RU": ("russia|russian|moscow|st petersburg|saint petersburg", "俄罗斯|莫斯科|圣彼得堡"),
    "TR": ("turkey|turkiye|türkiye|turkish|istanbul|ankara", "土耳其|伊斯坦布尔"),
    "IL": ("israel|israeli|tel aviv|jerusalem", "以色列|特拉维夫"),
    "AE": ("uae|emirates|emirati|dubai|abu dhabi", "阿联酋|迪拜|阿布扎比"),
    "GB": (
        "uk|britain|british|england|english|scotland|scottish|wales|welsh|london|manchester|birmingham|"
        "edinburgh|glasgow|leeds|liverpool|bristol|oxford|cambridge",
        "英国|伦敦|曼彻斯特|伯明翰|爱丁堡|格拉斯哥|利物浦|牛津|剑桥",
    ),
    "IE": ("ireland|irish|dublin|cork|galway|limerick", "爱尔兰|都柏林"),
    "US": (
        "usa|america|american|new york|nyc|los angeles|san francisco|chicago|boston|seattle|"
        "houston|texas|california|florida|miami",
        "美国|纽约|洛杉矶|旧金山|芝加哥|波士顿|西雅图|休斯顿|加州|佛罗里达|迈阿密",
    ),
    "CA": ("canada|canadian|toronto|vancouver|montreal|ottawa|calgary", "加拿大|多伦多|温哥华|蒙特利尔|渥太华"),
    "MX": ("mexico|mexican|guadalajara|monterrey|cancun|cancún", "墨西哥"),
    "BR": ("brazil|brazilian|sao paulo|são paulo|rio", "巴西|圣保罗|里约"),
    "AR": ("argentina|argentine|buenos aires", "阿根廷|布宜诺斯艾利斯"),
    "AU": (
        "australia|australian|aussie|sydney|melbourne|brisbane|perth|adelaide|canberra",
        "澳洲|澳大利亚|悉尼|墨尔本|布里斯班|珀斯",
    ),
    "NZ": ("new zealand|kiwi|auckland|wellington", "新西兰|奥克兰|惠灵顿"),
    "IN": (
        "india|indian|delhi|mumbai|bombay|bangalore|bengaluru|chennai|hyderabad|kolkata|pune|noida|gurgaon|gurugram",
        "印度|新德里|德里|孟买|班加罗尔|金奈|海得拉巴|加尔各答",
    ),
    "SG": ("singapore|singaporean", "新加坡|狮城"),
    "HK": (
        "hong kong|hk|kowloon|tsim sha tsui|mong kok|causeway bay|wan chai",
        "香港|九龙|新界|港岛|尖沙咀|旺角|铜锣湾|湾仔",
    ),
    "MO": ("macau|macao", "澳门"),
    "TW": ("taiwan|taiwanese|taipei|kaohsiung|taichung", "台湾|臺灣|台北|臺北|高雄|台中|新竹"),
    "JP": (
        "japan|japanese|tokyo|osaka|kyoto|yokohama|nagoya|sapporo|fukuoka",
        "日本|东京|大阪|京都|横滨|名古屋|札幌|福冈",
    ),
    "KR": ("korea|korean|seoul|busan|incheon", "韩国|首尔|釜山|仁川"),
    "MY": ("malaysia|malaysian|kuala lumpur|penang|johor", "马来西亚|吉隆坡|槟城|新山"),
    "TH": ("thailand|thai|bangkok|phuket|chiang mai", "泰国|曼谷|普吉|清迈"),
    "VN": ("vietnam|viet nam|vietnamese|hanoi|ho chi minh|saigon", "越南|河内|胡志明"),
    "PH": ("philippines|filipino|manila|cebu", "菲律宾|马尼拉"),
    "ID": ("indonesia|indonesian|jakarta|bali", "印尼|印度尼西亚|雅加达|巴厘岛"),
    "ZA": ("south africa|south african|johannesburg|cape town", "南非|约翰内斯堡|开普敦"),
}
# Words and phrases (lower case, one space between words) -> region; Chinese names -> region.
_EN: dict[str, str] = {w: code for code, (words, _) in _PLACES.items() for w in words.split("|")}
_ZH: dict[str, str] = {w: code for code, (_, words) in _PLACES.items() for w in words.split("|")}
_EN_LONGEST = max(len(w.split()) for w in _EN)
_EN_FIRST = {w.split()[0] for w in _EN if " " in w}
_ZH_LENGTHS = sorted({len(w) for w in _ZH}, reverse=True)
_WORD = re.compile(r"[A-Za-zÀ-ÿĀ-ž]+")
_HAN = re.compile(r"[\u4e00-\u9fff]+")
# English words that are also place words only when capitalised: "english" the language is still
# Britain's, but "nice", "rio", "essen", "bonn" etc. are read only when written with a capital.
_CAPITALISED = {"nice", "rio", "essen", "perth", "cork", "bern", "turkey", "kiwi", "hk", "uk", "uae", "bonn", "bali"}


@lru_cache(maxsize=64)
def _places(text: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, region) of every place word in `text`, found once per text (a sentence has
    several digit runs): dictionary lookups of words, of two- and three-word phrases only after a
    word that starts one, and of Chinese substrings, longest first; a regex alternation of ~400
    names costs ten times more."""
    found: list[tuple[int, int, str]] = []
    words = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(text)]
    i = 0
    while i < len(words):
        first = words[i][2]
        lower = first.lower()
        longest = _EN_LONGEST if lower in _EN_FIRST else 1
        for n in range(min(longest, len(words) - i), 0, -1):
            code = _EN.get(" ".join(w[2].lower() for w in words[i : i + n]) if n > 1 else lower)
            if code is not None and (lower not in _CAPITALISED or first[0].isupper()):
                found.append((words[i][0], words[i + n - 1][1], code))
                i += n - 1
                break
        i += 1
    for run in _HAN.finditer(text):
        at = run.start()
        while at < run.end():
            for n in _ZH_LENGTHS:
                code = _ZH.get(text[at : at + n]) if at + n <= run.end() else None
                if code is not None:
                    found.append((at, at + n, code))
                    at += n - 1
                    break
            at += 1
    return tuple(found)


def named_regions(text: str, start: int, end: int) -> tuple[str, ...]:
    """Region codes of the places named within `PLACE_WINDOW` characters of text[start:end], the
    nearest first."""
    found: list[tuple[int, str]] = []
    for p_start, p_end, code in _places(text):
        distance = start - p_end if p_end <= start else p_start - end
        if distance <= PLACE_WINDOW:
            found.append((max(distance, 0), code))
    ordered: list[str] = []
    for _, code in sorted(found):
        if code not in ordered:
            ordered.append(code)
    return tuple(ordered)


# Without a phone word, a number beside a place name is as often a count, an amount or a span of
# years: "India's population is 1 428 627 663", "the flat cost 612 345 678", "the 2024 2025 season".
_COUNT_BEFORE = re.compile(
    r"(?:\b(?:cost|costs|costing|price[ds]?|paid|pay|worth|total(?:led)?|population|budget|revenue|salary|"
    r"amount|sum|balance|spent|raised|earned|gdp|fine[ds]?|valued|sold|bought|about|around|roughly|nearly|over|"
    r"some)\b|人口|价格|价钱|总价|预算|收入|花了|共计|合计|大约|约|超过)[^\d\n]{0,12}$",
    re.I,
)
_COUNT_AFTER = re.compile(
    r"^\s*(?:(?:in\s+)?(?:old\s+)?(?:francs?|marks?|lire|pesetas?|crowns?|kron[aeor]+|z[lł]oty|rupees?|dollars?|"
    r"euros?|yen|won|baht|ringgit|residents|inhabitants|people|visitors|tourists|tonnes|tons|units|copies)\b|"
    r"万|亿|元|人|欧元|美元|日元|港币|卢比|号(?!码)|室|次|期)",
    re.I,
)


def reads_as_count(text: str, start: int, end: int) -> bool:
    """A number beside a place name that reads as a count or an amount (a money or count word just
    before, a currency or a unit just after, a one-digit group as in thousands "1 428 627 663") or
    as years ("2024 2025"): not a phone unless a phone word says so."""
    groups = re.findall(r"\d+", text[start:end])
    if all(re.fullmatch(r"(?:19|20)\d\d", g) for g in groups) or any(len(g) == 1 for g in groups):
        return True
    return bool(_COUNT_BEFORE.search(text[max(0, start - 32) : start]) or _COUNT_AFTER.match(text[end : end + 24]))
