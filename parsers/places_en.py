"""Well-known English place names and device brands, lower case, for putting capitals back
(parsers/truecase.py) into turns typed all in lower case.

Only names that are not also everyday English words are listed ("nice", "reading", "mobile",
"bath", "split", "orange", "phoenix", "buffalo", "china" are left out: "a nice trip" must not become
a place). Places after a cue ("moved to keswick") are recased without this list; it covers places
said without one ("a week in lisbon", "lisbon in july"). Names only; no rule lives here.
"""

from __future__ import annotations

__all__ = ["AIRPORTS", "DEVICE_CASE", "PET_WORDS", "PLACES_EN", "PLACE_PREFIXES", "PLACE_SUFFIXES"]

_CITIES = (
    "new york, new york city, nyc, los angeles, san francisco, san diego, san jose, san antonio, sf, la, chicago, "
    "boston, seattle, portland, denver, austin, dallas, houston, miami, atlanta, orlando, tampa, nashville, "
    "memphis, new orleans, las vegas, vegas, salt lake city, minneapolis, st. paul, st paul, detroit, cleveland, "
    "pittsburgh, philadelphia, philly, baltimore, washington dc, dc, brooklyn, manhattan, queens, oakland, "
    "sacramento, honolulu, anchorage, albuquerque, tucson, kansas city, st. louis, st louis, milwaukee, "
    "indianapolis, columbus, cincinnati, charlotte, raleigh, richmond, boise, spokane, omaha, toronto, vancouver, "
    "montreal, calgary, ottawa, edmonton, quebec city, winnipeg, halifax, mexico city, cancun, guadalajara, "
    "london, manchester, liverpool, birmingham, leeds, glasgow, edinburgh, bristol, oxford, cambridge, dublin, "
    "belfast, cardiff, paris, lyon, marseille, bordeaux, berlin, munich, hamburg, frankfurt, cologne, vienna, "
    "zurich, geneva, amsterdam, rotterdam, brussels, copenhagen, stockholm, oslo, bergen, helsinki, reykjavik, "
    "madrid, barcelona, seville, valencia, lisbon, porto, rome, milan, venice, florence, naples, athens, prague, "
    "budapest, warsaw, krakow, istanbul, moscow, dubai, abu dhabi, doha, cairo, tel aviv, jerusalem, nairobi, "
    "lagos, accra, johannesburg, cape town, casablanca, marrakech, mumbai, delhi, new delhi, bangalore, "
    "bengaluru, chennai, hyderabad, kolkata, pune, karachi, lahore, dhaka, kathmandu, colombo, bangkok, "
    "chiang mai, phuket, singapore, kuala lumpur, jakarta, bali, manila, hanoi, ho chi minh city, saigon, "
    "hong kong, macau, taipei, shanghai, beijing, shenzhen, guangzhou, chengdu, hangzhou, tokyo, osaka, kyoto, "
    "seoul, busan, sydney, melbourne, brisbane, perth, adelaide, auckland, wellington, queenstown, sao paulo, "
    "rio de janeiro, rio, buenos aires, santiago, lima, bogota, medellin, havana, san juan"
)
_REGIONS = (
    "usa, uk, america, canada, mexico, brazil, argentina, chile, peru, colombia, england, scotland, wales, "
    "ireland, france, germany, italy, spain, portugal, netherlands, belgium, switzerland, austria, sweden, "
    "norway, denmark, finland, iceland, greece, poland, czechia, hungary, croatia, russia, ukraine, japan, "
    "korea, south korea, vietnam, thailand, malaysia, indonesia, philippines, india, pakistan, nepal, "
    "australia, new zealand, egypt, morocco, kenya, nigeria, south africa, israel, uae, qatar, hawaii, "
    "alaska, california, texas, florida, new jersey, ohio, oregon, colorado, arizona, nevada, utah, georgia, "
    "virginia, massachusetts, michigan, minnesota, wisconsin, illinois, tennessee, kentucky, vermont, maine, "
    "idaho, montana, iowa, kansas, nebraska, oklahoma, louisiana, alabama, mississippi, carolina, "
    "north carolina, south carolina, ontario, quebec, alberta, british columbia, tuscany, bavaria, europe, asia"
)
PLACES_EN: frozenset[str] = frozenset(n.strip() for block in (_CITIES, _REGIONS) for n in block.split(",") if n.strip())
# First words of many-word place names ("new york", "san diego"), and last words ("salt lake city").
PLACE_PREFIXES = frozenset(
    str.split(
        "new san santa los las saint st st. hong kuala tel buenos rio salt cape sao abu ho el fort palo long baton "
        "des grand lake mexico kansas oklahoma panama quebec north south east west costa puerto port"
    )
)
PLACE_SUFFIXES = frozenset(str.split("city beach springs island islands falls valley bay heights park coast county"))
# Device brands and lines as their makers write them.
DEVICE_CASE = {
    "iphone": "iPhone",
    "ipad": "iPad",
    "imac": "iMac",
    "macbook": "MacBook",
    "airpods": "AirPods",
    "pixel": "Pixel",
    "galaxy": "Galaxy",
    "samsung": "Samsung",
    "oneplus": "OnePlus",
    "xiaomi": "Xiaomi",
    "huawei": "Huawei",
    "thinkpad": "ThinkPad",
    "kindle": "Kindle",
    "lenovo": "Lenovo",
    "chromebook": "Chromebook",
    "steam deck": "Steam Deck",
    "playstation": "PlayStation",
    "ps5": "PS5",
    "xbox": "Xbox",
}
# Airport codes travellers write as places ("sfo to jfk"); none is an English word.
AIRPORTS = frozenset(
    str.split(
        "sfo lax jfk lhr lgw ewr lga ord atl dfw sea bos iad dca mia den phx yyz yvr yul cdg fra muc ams nrt hnd "
        "icn pek pvg hkg sin syd dxb doh bkk kul msp dtw clt iah sjc oak pdx slc mco fll bwi"
    )
)
# Animals a pet is named after ("our cat mochi"), as a regex alternation.
PET_WORDS = (
    "cat|dog|puppy|pup|kitten|kitty|rabbit|bunny|parrot|hamster|turtle|beagle|lab|corgi|poodle|husky|bulldog|"
    "terrier|ferret|goldfish|fish|bird|tortoise|gecko|snake|lizard|hedgehog|budgie|parakeet|canary|pug|"
    "dachshund|chihuahua|retriever|labrador|doggo|pupper"
)
