"""Claim checks added in issue 28 (pure functions over text; evaluators/support.py `support` calls them):

- `converted`: a claim's number that is a unit conversion of a number of the context (425 °F for 220 °C,
  480 feet for 146 metres, 3 km for 3,000 m) is the same fact, not a missing number;
- `entity_alias_found`: unit names ("Fahrenheit"), common abbreviations (US/USA, UK, BC/"before Christ", DIY)
  and chemical formulas (CO2, H2O) are found when the context spells them another way;
- `added_span`: a run of content words that an otherwise supported sentence adds to its best-matching context
  sentence ("... before carving and serving it with roast potatoes"): the added phrase, in words.
Each is one named rule of evaluators/rules.py.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Sequence

from . import rules
from .text.negation import is_negation_word, negation_count_near, without_non_denials
from .text.numbers import _NUMBER_WORDS
from .text.references import strip_citations
from .text.words import NEGATIONS, stem, STOPWORDS, _WORD_RE

# unit -> (dimension, factor to the dimension's base unit); temperatures are converted separately
_UNITS = {
    "mm": ("len", 0.001), "cm": ("len", 0.01), "m": ("len", 1.0), "metre": ("len", 1.0), "meter": ("len", 1.0),
    "km": ("len", 1000.0), "kilometre": ("len", 1000.0), "kilometer": ("len", 1000.0), "in": ("len", 0.0254),
    "inch": ("len", 0.0254), "ft": ("len", 0.3048), "feet": ("len", 0.3048), "foot": ("len", 0.3048),
    "yard": ("len", 0.9144), "mile": ("len", 1609.344), "mi": ("len", 1609.344),
    "g": ("mass", 1.0), "gram": ("mass", 1.0), "kg": ("mass", 1000.0), "kilogram": ("mass", 1000.0),
    "lb": ("mass", 453.592), "lbs": ("mass", 453.592), "pound": ("mass", 453.592), "oz": ("mass", 28.3495),
    "ounce": ("mass", 28.3495), "ton": ("mass", 1e6), "tonne": ("mass", 1e6),
    "ml": ("vol", 1.0), "l": ("vol", 1000.0), "litre": ("vol", 1000.0), "liter": ("vol", 1000.0),
    "cup": ("vol", 240.0), "tbsp": ("vol", 15.0), "tablespoon": ("vol", 15.0), "tsp": ("vol", 5.0),
    "teaspoon": ("vol", 5.0), "gallon": ("vol", 3785.41), "quart": ("vol", 946.353), "pint": ("vol", 473.176),
    "km/h": ("speed", 1.0), "kph": ("speed", 1.0), "mph": ("speed", 1.609344),
    "kpa": ("press", 1.0), "psi": ("press", 6.89476), "bar": ("press", 100.0), "atm": ("press", 101.325),
    "second": ("time", 1.0), "sec": ("time", 1.0), "minute": ("time", 60.0), "min": ("time", 60.0),
    "hour": ("time", 3600.0), "hr": ("time", 3600.0), "h": ("time", 3600.0), "day": ("time", 86400.0),
    "week": ("time", 604800.0),
}
_TEMP = {"c": "c", "celsius": "c", "centigrade": "c", "f": "f", "fahrenheit": "f"}
_QTY_RE = re.compile(
    r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(?:-|\u2013|to)?\s*"
    r"(°\s*[CF]\b|degrees?\s+(?:celsius|fahrenheit|centigrade|c|f)\b|km/h|[A-Za-z]+)", re.IGNORECASE)


def _unit(word: str) -> tuple[str, float] | None:
    w = re.sub(r"\s+", " ", word.lower().replace("°", "").replace("degrees", "").replace("degree", "")).strip()
    if w in _TEMP:
        return ("temp", 0.0) if _TEMP[w] == "c" else ("temp", 1.0)
    for cand in (w, w[:-1] if w.endswith("s") else w, w[:-2] if w.endswith("es") else w):
        if cand in _UNITS:
            return _UNITS[cand]
    return None


@lru_cache(maxsize=4096)
def quantities(text: str) -> tuple[tuple[float, str, float], ...]:
    """(value, dimension, factor) of each number written with a unit ("220 °C", "146 metres", "3,000 m")."""
    out = []
    for m in _QTY_RE.finditer(strip_citations(text or "")):
        u = _unit(m.group(2))
        if u is not None:
            out.append((float(m.group(1).replace(",", "")), u[0], u[1]))
    return tuple(out)


@lru_cache(maxsize=4096)
def conversions(text: str) -> frozenset:
    """Every value the quantities of `text` take in the other units of their dimension (rounded to 4 figures)."""
    out = set()
    for v, dim, f in quantities(text):
        if dim == "temp":
            out.add(round(v * 9 / 5 + 32, 1) if f == 0.0 else round((v - 32) * 5 / 9, 1))
            continue
        base = v * f
        for d, g in _UNITS.values():
            if d == dim and g != f:
                out.add(float(f"{base / g:.4g}"))
    return frozenset(out)


def converted(n, conv: frozenset) -> bool:
    """Number `n` of a claim is a conversion of one of the context's quantities (within 3 %, as answers round)."""
    if isinstance(n, tuple) or not conv:
        return False
    return any(abs(n - c) <= max(0.03 * abs(c), 0.5) for c in conv)


def converted_in_unit(n, claim: str, parts, conv: frozenset) -> bool:
    """Rule conversion_units: number `n`, which the claim gives with a unit, is one of the context's quantities in
    that unit (within 3 %): "6 m/s" is no conversion of "5,960 m/s" (5.96 km/s), "59 °F" may be "15 °C". A number
    the claim gives without a unit is `converted` as before, against the context's conversions `conv`
    (Evidence.conversions, computed once per record)."""
    if isinstance(n, tuple):
        return False
    mine = [(d, f) for v, d, f in quantities(claim) if v == n]
    if not mine:
        return converted(n, conv)
    theirs = [q for part in parts for q in quantities(part)]
    for d, f in mine:
        for v2, d2, f2 in theirs:
            if d2 != d or f2 == f:
                continue
            if d == "temp":
                c = round(v2 * 9 / 5 + 32, 1) if f2 == 0.0 else round((v2 - 32) * 5 / 9, 1)
                if abs(n - c) <= max(0.03 * abs(c), 0.5):
                    return True
            elif abs(n * f - v2 * f2) <= 0.03 * abs(v2 * f2):
                return True
    return False


def unit_swaps(claim: str, sentences: Sequence[str], parts: Sequence[str], conv: frozenset) -> list[str]:
    """Rule unit_swaps: the claim's quantities whose number the sentences give in another unit of the same dimension,
    where the context never gives that number in the claim's unit and it is no conversion ("10,000 kilometers"
    where it says "10,000 miles", "450-500°C" for "450 to 500°F"); as "10,000 km (the context: 10,000 mi)"."""
    theirs = [q for t in sentences for q in quantities(t)]
    everywhere = {(v, d, f) for part in parts for v, d, f in quantities(part)}
    out = []
    for v, d, f in quantities(claim):
        if (v, d, f) in everywhere:
            continue
        other = next((f2 for v2, d2, f2 in theirs if v2 == v and d2 == d and f2 != f), None)
        if other is not None and not converted_in_unit(v, claim, parts, conv):
            out.append(f"{v:,g} {_UNIT_NAMES.get((d, f), d)} (the context: {v:,g} {_UNIT_NAMES.get((d, other), d)})")
    return out


_UNIT_NAMES = {("temp", 0.0): "°C", ("temp", 1.0): "°F"} | {  # each unit by its shortest name: "mi", "km"
    (d, f): u for u, (d, f) in sorted(_UNITS.items(), key=lambda kv: -len(kv[0]))}


# rule fraction_swaps: "the lower half of the leaves" where the context says "the lower third of the leaves",
# "ratified by two-thirds of the states" where it says "three-fourths of the states"
_FRACTION_DEN = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
                 "fourths": 4, "fifth": 5, "fifths": 5}
_FRACTION_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}
_FRACTION_OF_RE = re.compile(
    r"\b(?:(a|an|one|two|three|four)[\s-]+)?(half|halves|thirds?|quarters?|fourths?|fifths?)\s+of\s+"
    r"(?:(?:the|a|an|its|their|your|all|that|this|these|those|his|her)\s+)*([A-Za-z]+)", re.IGNORECASE)


def _fractions_of(text: str) -> dict[tuple[float, str], str]:
    """(share, the noun's stem) -> the words that say it ("two-thirds of the states")."""
    out = {}
    for m in _FRACTION_OF_RE.finditer(text or ""):
        num = _FRACTION_NUM.get((m.group(1) or "one").lower(), 1)
        out.setdefault((round(num / _FRACTION_DEN[m.group(2).lower()], 4), stem(m.group(3))), m.group(0))
    return out


def fraction_swaps(claim: str, sentences: Sequence[str]) -> list[str]:
    """The claim's "<fraction> of <noun>" that the sentences give with another fraction for the same noun and never
    with the claim's."""
    mine = _fractions_of(claim)
    if not mine:
        return []
    theirs = {k for t in sentences for k in _fractions_of(t)}
    return [said for (v, noun), said in mine.items()
            if (v, noun) not in theirs and any(n2 == noun and v2 != v for v2, n2 in theirs)]


# rule comparison_swaps: "males are generally larger than females" where the context says "Females are generally
# larger than males"; "a shot has more caffeine than a cup" where it says "a cup contains 95 mg, more than a shot"
_COMPARISON_RE = re.compile(
    r"\b([A-Za-z]+)\s+(?:(?:are|is|was|were|has|have|had|contains?|gets?|grows?|tends?\s+to\s+be|can\s+be)\s+)"
    r"(?:[a-z]+ly\s+)?(?:far\s+|much\s+|a\s+bit\s+|slightly\s+)?([a-z]+er|more|less|fewer)\b[^.;]{0,40}?\bthan\s+"
    r"(?:(?:a|an|the|typical|regular|most|many)\s+)*(?:[\d.,-]+\s*[a-z]*\s+)?(?:[a-z]+\s+){0,2}?([A-Za-z]+)\b",
    re.IGNORECASE)


def _comparisons(text: str) -> dict[tuple[str, str, str], str]:
    """(greater side, comparative, lesser side) as stems -> the words that say it."""
    return {(stem(m.group(1)), stem(m.group(2)), stem(m.group(3))): m.group(0)
            for m in _COMPARISON_RE.finditer(text or "")
            if m.group(1).lower() not in STOPWORDS and m.group(3).lower() not in STOPWORDS}


def comparison_swaps(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's comparison, the sentence's) where the sentence puts the claim's greater side on the lesser one
    with the same comparative: claim (A, larger, B), sentence (C, larger, A), and the sentence never says A is."""
    mine, theirs = _comparisons(claim), _comparisons(sentence)
    out = []
    for (a, comp, _), said in mine.items():
        if any(x == a and c == comp for x, c, _ in theirs):
            continue
        other = next((t for (_, c, y), t in theirs.items() if y == a and c == comp), None)
        if other:
            out.append((said, other))
    return out


# an abbreviation or variant -> words any one of which, found in the context, makes it a known entity
ALIASES = {
    "us": ("united", "america", "american", "usa"), "usa": ("united", "america", "american", "us"),
    "uk": ("united", "britain", "british", "england", "kingdom"), "britain": ("uk", "british", "england"),
    "bc": ("bce", "christ", "bc"), "bce": ("bc", "christ"), "christ": ("bc", "bce"), "ad": ("ce",), "ce": ("ad",),
    "diy": ("yourself", "home"), "mt": ("mount",), "mount": ("mt",), "st": ("saint", "street"),
    "h2o": ("water",), "co2": ("carbon",), "o2": ("oxygen",), "so2": ("sulfur", "sulphur"), "nacl": ("salt",),
    "ch4": ("methane",), "n2": ("nitrogen",), "co": ("carbon",), "so": ("sulfur", "sulphur"),
}
# rule demonyms: a country's people and its name ("American passport holder" for "U.S. citizens")
DEMONYMS = {"american": ("us", "usa", "america", "united"), "america": ("us", "usa", "american"),
            "british": ("uk", "britain", "england", "kingdom"), "english": ("england", "uk", "britain"),
            "canadian": ("canada",), "canada": ("canadian",), "australian": ("australia",),
            "australia": ("australian",), "indian": ("india",), "india": ("indian",), "german": ("germany",),
            "germany": ("german",), "french": ("france",), "france": ("french",), "japanese": ("japan",),
            "japan": ("japanese",), "chinese": ("china",), "china": ("chinese",), "mexican": ("mexico",),
            "mexico": ("mexican",), "european": ("europe", "eu"), "europe": ("european", "eu")}
UNIT_NAMES = frozenset(stem(w) for w in "fahrenheit celsius centigrade kelvin".split())


def entity_alias_found(part: str, find, acronyms=frozenset()) -> bool:
    """`part` (an entity's stem) is a unit name, or an alias of it occurs in the context (`find`: stem ->
    the context's stem or None; `acronyms`: the context's acronyms in lower case, "us" of "U.S.")."""
    if part in UNIT_NAMES:
        return True
    aliases = ALIASES.get(part, ()) + (DEMONYMS.get(part, ()) if rules.on("demonyms") else ())
    return any(find(stem(a)) or (acronyms and a in acronyms) for a in aliases)


# rule web_tokens: a URL, a domain, an e-mail address or a file name is as specific as a name, and lower case
_WEB_TOKEN_RE = re.compile(
    r"(?:https?://|www\.)[^\s<>\"'()\[\]]+"
    r"|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
    r"|\b(?:[a-z0-9][a-z0-9-]*\.)+(?:com|net|org|io|gov|edu|info|co|uk|us|in|de|fr|ai|app|dev|me|tv|ly)\b"
    r"|\b[\w-]+\.(?:py|js|ts|json|ya?ml|toml|txt|csv|md|exe|sh|bat|conf|cfg|ini|html?|xml|pdf|docx?|xlsx?|zip)\b",
    re.IGNORECASE)


def web_tokens(text: str) -> list[str]:
    """The URLs, domains ("routerlogin.net"), e-mail addresses and file names ("config.yaml") of `text`, lower
    case, trailing punctuation off."""
    return list(dict.fromkeys(m.group(0).rstrip(".,;:!?").lower() for m in _WEB_TOKEN_RE.finditer(text or "")))


# rule exclusions: the context leaves a part out of a quantity ("6 to 8 weeks, not including mailing time", "$50
# excluding tax"); a claim that adds that part on top ("plus mailing time", "tax is extra") agrees with it
EXCLUSION_RE = re.compile(r"\b(?:not\s+(?:including|counting|incl\.?)|excluding|exclusive\s+of)\b", re.IGNORECASE)
ADDITIVE_RE = re.compile(r"\b(?:plus|on\s+top(?:\s+of)?|in\s+addition(?:\s+to)?|additional(?:ly)?|extra|excluding|"
                         r"not\s+(?:including|counting)|besides|separately)\b", re.IGNORECASE)


# rule code_spans: a command or a literal in backticks ("`git push --force`") is as specific as a name
_CODE_SPAN_RE = re.compile(r"`([^`\n]{2,80})`")


def code_spans(text: str) -> list[str]:
    """The backtick spans of `text`, lower case, spaces collapsed."""
    return list(dict.fromkeys(" ".join(m.group(1).split()).lower() for m in _CODE_SPAN_RE.finditer(text or "")
                              if m.group(1).strip()))


# rule light_words: verbs and particles that say how, not what ("then let go", "go back", "set it up"): an added
# phrase needs two absent words that are not these
LIGHT_WORDS = frozenset(stem(w) for w in """let go goes going gone went get gets got getting put puts take takes taking
took make makes made making do does did doing come comes came keep keeps kept give gives gave set sets back up out off
over away again then still also just really simply""".split())


_JOINER_RE = re.compile(r",|;|\b(?:and|which|with|especially|ideally|usually|although|though|while|plus|so|making|"
                        r"because|as|since|before|after|using|by)\b", re.IGNORECASE)


def _content_positions(text: str) -> list[tuple[str, str, int, int]]:
    """(surface, stem, start, end) of the content words of `text` (as `content_words`, numbers left out)."""
    out = []
    for m in _WORD_RE.finditer(text):
        w = m.group(0).lower().replace("\u2019", "'")
        if w in STOPWORDS or len(w) < 2 or w in NEGATIONS or w[0].isdigit() or w in _NUMBER_WORDS:
            continue
        out.append((m.group(0), stem(w), m.start(), m.end()))
    return out


def added_span(claim: str, sentence_tokens: set, ev_find, q_tokens: set, min_run: int = 2,
               light: frozenset = frozenset()) -> list[str]:
    """An added tail: the run of >= `min_run` content words that ends `claim`, is joined to the rest by a comma
    or a joining word (", which ...", "and serving it with ...", "ideally in ..."), and is absent from the
    claim's best-matching context sentences (`sentence_tokens`), at least two of its words found nowhere in the
    context (`ev_find`: stem -> the context's stem or None), while the rest of the claim is covered by those
    sentences (>= 70 %): a phrase added to an otherwise supported sentence. Empty when there is none. Question
    words count as covered, not as added; numbers are left to the number checks. Words in `light` (LIGHT_WORDS
    under rule light_words) do not count among the two found nowhere."""
    text = strip_citations(claim or "").rstrip(" .!;")
    words = _content_positions(text)
    if len(words) < min_run + 3:
        return []
    absent = [st not in sentence_tokens and ev_find(st) not in sentence_tokens for _, st, _, _ in words]
    k = len(words)
    while k > 0 and absent[k - 1]:
        k -= 1
    run = list(range(k, len(words)))
    if len(run) < min_run or k == 0 or not _JOINER_RE.search(text[words[k - 1][3]:words[k][2]]):
        return []
    covered = sum(1 for i in range(k) if not absent[i] or words[i][1] in q_tokens) / k
    nowhere = [i for i in run if ev_find(words[i][1]) is None and words[i][1] not in q_tokens
               and words[i][1] not in light]
    if covered < 0.7 or len(nowhere) < 2:
        return []
    return [words[i][0] for i in run]


# --- issue 28 follow-up (judge29): contradictions without a negation word, duration mismatches --------------

# Opposite-polarity words of general English: each group is a list of poles, each pole the surface forms that
# say the same thing. A claim word of one pole against a context word of another pole of the same group, where
# the words around them match, is a contradiction ("breast side down" for "breast side up"). Curated by hand
# from general antonyms, not from any one set; no legal-only words.
_ANTONYM_GROUPS = [
    ("up upward upwards", "down downward downwards"),
    ("above", "below beneath"),
    ("upper", "lower"),
    ("top", "bottom"),
    ("high higher highest", "low lower lowest"),
    ("raise raises raised raising", "lower lowers lowered lowering"),
    ("increase increases increased increasing", "decrease decreases decreased decreasing reduce reduces "
                                                "reduced reducing"),
    ("rise rises rising rose", "fall falls falling fell"),
    ("more", "less fewer"),
    ("most", "least fewest"),
    ("large larger largest big bigger biggest", "small smaller smallest little"),
    ("long longer longest", "short shorter shortest"),
    ("fast faster fastest quick quicker quickly rapid rapidly", "slow slower slowest slowly"),
    ("early earlier earliest", "late later latest"),
    ("before", "after"),
    ("first", "last"),
    ("hot hotter hottest warm warmer boiling", "cold colder coldest cool cooler chilled iced"),
    ("same identical", "reverse reversed opposite different"),
    ("fine finely", "coarse coarsely"),
    ("thick thicker", "thin thinner"),
    ("wet wetter", "dry drier dryer"),
    ("heavy heavier", "light lighter"),
    ("hard harder", "soft softer"),
    ("strong stronger", "weak weaker"),
    ("deep deeper", "shallow shallower"),
    ("wide wider", "narrow narrower"),
    ("full", "empty"),
    ("minimum min", "maximum max"),
    ("limited", "unlimited lifetime lifelong permanent indefinite"),
    ("include includes included including cover covers covered", "exclude excludes excluded excluding"),
    ("allow allows allowed permit permits permitted", "prohibit prohibits prohibited forbid forbids forbidden "
                                                      "ban bans banned"),
    ("accept accepts accepted", "reject rejects rejected refuse refuses refused"),
    ("succeed succeeds succeeded successful", "fail fails failed unsuccessful"),
    ("win wins won", "lose loses lost"),
    ("add adds added", "remove removes removed"),
    ("open opens opened", "close closes closed shut"),
    ("inside inner interior internal", "outside outer exterior external"),
    ("towards toward", "away"),
    ("forward forwards", "backward backwards"),
    ("ascending", "descending"),
    ("clockwise", "anticlockwise counterclockwise"),
    ("horizontal horizontally", "vertical vertically"),
    ("north northern", "south southern"),
    ("east eastern", "west western"),
    ("absorb absorbs absorbed absorbing", "release releases released releasing emit emits emitted"),
    ("import imports imported", "export exports exported"),
    ("enable enables enabled", "disable disables disabled"),
    ("mandatory compulsory required", "optional voluntary"),
    ("public", "private"),
    ("true", "false"),
    ("positive", "negative"),
    ("cheap cheaper cheapest", "expensive"),
    ("new newer newest", "old older oldest"),
    ("summer", "winter"),
    ("morning", "evening"),
]
# rule certainty: the claim says always / all where the context hedges (an overclaim); only that direction, a claim
# saying "often" where the context says "always" says less, not otherwise
_CERTAINTY_GROUPS = [
    ("always", "often usually sometimes occasionally typically generally frequently mostly"),
    ("all every", "some most many several"),
]
_CERTAIN = frozenset(w for pole, _ in _CERTAINTY_GROUPS for w in pole.split())


def _poles(groups) -> dict[str, list[tuple[int, int]]]:
    """word -> [(group, pole)] (a word may sit in two groups: "lower" is low and the opposite of raise)."""
    out: dict[str, list[tuple[int, int]]] = {}
    for g, poles in enumerate(groups):
        for p, forms in enumerate(poles):
            for w in forms.split():
                out.setdefault(w, []).append((g, p))
    return out


_POLE = _poles(_ANTONYM_GROUPS)
_POLE_CERTAINTY = _poles(_ANTONYM_GROUPS + _CERTAINTY_GROUPS)  # rule certainty on
_TOKEN_RE = re.compile(r"[A-Za-z]+(?:['\u2019][A-Za-z]+)?|\d+(?:[.,]\d+)*")
_NEIGHBOURS = 2  # content words each side of a polar word that must match the other side's


def _tokens(text: str) -> list[str]:
    return [m.group(0).lower().replace("\u2019", "'") for m in _TOKEN_RE.finditer(strip_citations(text or ""))]


def _context_window(toks: list[str], i: int, n: int = _NEIGHBOURS, poles: dict = _POLE) -> tuple[set, set]:
    """The stems of the `n` content words before and after token i (numbers, negations and polar words
    skipped: they are what may differ)."""
    def side(rng):
        out = []
        for j in rng:
            w = toks[j]
            if w in STOPWORDS or w in poles or w[0].isdigit() or w in _NUMBER_WORDS or len(w) < 2 \
                    or is_negation_word(w):
                continue
            out.append(stem(w))
            if len(out) == n:
                break
        return set(out)
    return side(range(i - 1, -1, -1)), side(range(i + 1, len(toks)))


def _negated_near(toks: list[str], i: int, scope: int = 5) -> bool:
    return any(is_negation_word(toks[j]) for j in range(max(0, i - scope), min(len(toks), i + scope + 1)))


# rule same_direction: words that move a quantity the same way across the antonym groups ("lower kidney function"
# and "reduce kidney function"): a claim word whose direction the context says about the same words is no
# contradiction of another polar word of the sentence ("... which can raise blood pressure")
_DOWN = frozenset("lower lowers lowered lowering reduce reduces reduced reducing decrease decreases decreased "
                  "decreasing fall falls falling fell drop drops dropped dropping cut cuts down less fewer".split())
_UP = frozenset("raise raises raised raising increase increases increased increasing rise rises rising rose up more "
                "higher boost boosts boosted boosting".split())


def _said_same_way(w: str, window: set, b: list[str]) -> bool:
    """The sentence (tokens `b`) has a word moving the same way as `w` next to one of `window`'s words."""
    same = _DOWN if w in _DOWN else _UP if w in _UP else None
    if same is None:
        return False
    for j, v in enumerate(b):
        if v in same and not _negated_near(b, j):
            bp, bn = _context_window(b, j)
            if window & (bp | bn):
                return True
    return False


# rule before_after: "after that", "before this" order the answer's own steps ("After that, let it sit 10 minutes,
# then fluff it"); they say nothing against the context's "rest it 10 minutes before fluffing"
_RELATIONAL = frozenset({"before", "after"})
_ANAPHORS = frozenset({"that", "this", "which", "these", "those", "then", "it"})


_GROUP_FORMS = [frozenset(" ".join(poles).split()) for poles in _ANTONYM_GROUPS + _CERTAINTY_GROUPS]


def _comparative(word: str, forms: frozenset) -> bool:
    """Rule comparative_forms: "shallower", "deeper", "larger" are comparatives in their antonym group (the group
    holds their base form too); "shallow", "deep" are not, nor "lower" where it is the verb opposite "raise"."""
    if not word.endswith(("er", "est")) or len(word) < 5:
        return False
    base = word[:-2] if word.endswith("er") else word[:-3]
    return any(b in forms for b in (base, base + "e", base[:-1] + "y", base[:-1]) if b and b != word)


def _comparison_only(w: str, v: str, groups: set[int]) -> bool:
    """In every antonym group where `w` and `v` are opposites, one is a comparative and the other is not."""
    return all(_comparative(w, _GROUP_FORMS[g]) != _comparative(v, _GROUP_FORMS[g]) for g in groups)


def contradictions(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(claim word, context word) pairs of opposite polarity (`_ANTONYM_GROUPS`) between `claim` and its
    best-matching context `sentence`, where the words around them match: the claim word is absent from the
    sentence, the context word absent from the claim, and a content word next to one (up to two either side,
    numbers skipped) is next to the other ("grind finely" / "a coarse grind": word order may change). A negation
    near either word cancels the pair ("not up" may well mean "down"; the negation rule judges those). Failing
    a pair, a word the claim states plainly that the sentence only denies ("covers" / "does not cover", with a
    neighbouring word in common): the negation rule asks for more overlap than a half of a split claim has."""
    a, b = _tokens(claim), _tokens(sentence)
    aset, bset = set(a), set(b)
    pole = _POLE_CERTAINTY if rules.on("certainty") else _POLE
    out: list[tuple[str, str]] = []
    for i, w in enumerate(a):
        if w not in pole or w in bset or _negated_near(a, i):
            continue
        # a hedge in the claim ("often" where the context says "always") says less, not otherwise
        mine = [(g, p) for g, p in pole[w] if g < len(_ANTONYM_GROUPS) or w in _CERTAIN]
        for j, v in enumerate(b):
            if v not in pole or v in aset or _negated_near(b, j):
                continue
            opposed = {g for g, p in mine for h, q in pole[v] if g == h and p != q}
            if not opposed:
                continue
            if rules.on("comparative_forms") and _comparison_only(w, v, opposed):
                continue  # "shallower compressions" for the infant's "4 cm deep": a comparison, not the opposite
            # both poles in the claim ("from top to bottom") say nothing against the sentence
            if any(g == h and p != q for g, p in mine for x in aset if x in pole for h, q in pole[x]):
                continue
            (ap, an), (bp, bn) = _context_window(a, i, poles=pole), _context_window(b, j, poles=pole)
            if w in _RELATIONAL and rules.on("before_after") and i + 1 < len(a) and a[i + 1] in _ANAPHORS:
                continue  # "After that, let it sit" orders the answer's own steps: no event of the sentence's
            if (ap | an) & (bp | bn):
                if rules.on("same_direction") and _said_same_way(w, ap | an, b):
                    continue
                out.append((w, v))
                break
    return out or _denied_word(a, _tokens(without_non_denials(sentence)))


_LIMIT_WORDS = frozenset("exceeding exceed exceeds more less fewer later earlier below above over under beyond "
                         "longer shorter greater lower higher".split())


# rule exception_words: the content words after "unless" / "except" that make up an exception
_EXCEPTION_TOKENS = 10  # the words after "unless" / "except" that make up the exception (about five content words)


def _exception_stems(text: str) -> set[str]:
    toks = _tokens(text)
    out: set[str] = set()
    for i, w in enumerate(toks):
        if w in ("unless", "except"):
            out |= {stem(x) for x in toks[i + 1:i + 1 + _EXCEPTION_TOKENS] if x not in STOPWORDS and len(x) > 2
                    and not is_negation_word(x)}
    return out


def same_exception(claim: str, sentence: str) -> bool:
    """Both state an exception ("unless it's needed for clarity" / "except where needed for clarity") and the two
    exceptions share a content word: the claim restates the sentence's exception, not another one."""
    return bool(_exception_stems(claim) & _exception_stems(sentence))


def _denied_word(a: list[str], b: list[str]) -> list[tuple[str, str]]:
    """A content word the claim (tokens `a`) states plainly that the sentence (tokens `b`) uses only right
    after a negation ("covers ... damage" where the sentence says "does not cover damage"), with a content word
    of the three either side in common: [(claim word, the sentence's negated words)], else []."""
    # a claim with a negation of its own ("non-discriminatory"), or a sentence with an even number of them ("no
    # arrest ... without permission"), is the negation rule's to judge
    denials = sum(1 for k, w in enumerate(b) if is_negation_word(w) and not (k + 1 < len(b) and b[k + 1] in _LIMIT_WORDS))
    if any(is_negation_word(w) or w == "non" for w in a) or denials % 2 == 0:
        return []
    if rules.on("exception_words") and "unless" in a and same_exception(" ".join(a), " ".join(b)):
        return []  # the claim's own exception: "unless it's needed" says what "except where needed" says
    stems_b = [stem(w) for w in b]
    for i, w in enumerate(a):
        if w in STOPWORDS or len(w) < 3 or w[0].isdigit() or w in _NUMBER_WORDS or w in _LIMIT_WORDS:
            continue
        st = stem(w)
        where = [j for j, x in enumerate(stems_b) if x == st]
        if not where or not all(any(is_negation_word(b[k]) for k in range(max(0, j - 2), j)) for j in where):
            continue
        # "not exceeding twenty", "no more than", "not later than": a limit, not a denial
        if any(b[k] in _LIMIT_WORDS for j in where for k in range(max(0, j - 2), j)):
            continue
        j = where[0]
        if set().union(*_context_window(a, i, 3)) & set().union(*_context_window(b, j, 3)):
            k = next(k for k in range(max(0, j - 2), j) if is_negation_word(b[k]))
            k = k - 1 if k > 0 and b[k - 1] in ("does", "do", "did", "is", "are", "was", "were", "will", "can") else k
            return [(w, " ".join(b[k:j + 1]))]
    return []


_TIME_DAYS = {"second": 1 / 86400, "minute": 1 / 1440, "hour": 1 / 24, "day": 1.0, "week": 7.0,
              "fortnight": 14.0, "month": 30.44, "year": 365.25, "decade": 3652.5, "century": 36525.0}
_UNBOUNDED = ("lifetime", "lifelong", "permanent", "permanently", "indefinite", "indefinitely", "forever",
              "unlimited")
_DURATION_RE = re.compile(
    r"(?<![\w.])(half\s+an?|\d+(?:\.\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|"
    r"twenty|thirty|forty|fifty|sixty|ninety|hundred|half)(?:\s+|-)(?:calendar\s+)?(second|minute|hour|day|week|fortnight|month|"
    r"year|decade|century|centurie)s?\b|\b(" + "|".join(_UNBOUNDED) + r"|life(?=\s+(?:imprisonment|sentence|term|ban)\b)"
    r"|(?<=\bfor\s)life)\b", re.IGNORECASE)  # "life imprisonment", "banned for life": unbounded too


@lru_cache(maxsize=4096)
def durations(text: str) -> tuple[tuple[float, str, float], ...]:
    """(length in days, as written, the count) of each duration in `text`: "30 days", "two-year", "a week", "6-month";
    "lifetime", "permanent", "indefinitely", "unlimited", "life imprisonment", "for life" are unbounded (inf).
    Ages ("five-year-old") are left out."""
    out = []
    t = strip_citations(text or "")
    for m in _DURATION_RE.finditer(t):
        if m.group(3):
            out.append((float("inf"), m.group(3).lower(), float("inf")))
            continue
        if re.match(r"-old\b", t[m.end():]):
            continue
        n = m.group(1).lower()
        v = {"a": 1.0, "an": 1.0, "half": 0.5, "half a": 0.5, "half an": 0.5}.get(re.sub(r"\s+", " ", n))
        if v is None:
            v = float(_NUMBER_WORDS[n]) if n in _NUMBER_WORDS else float(n)
        unit = m.group(2).lower().replace("centurie", "century")
        out.append((v * _TIME_DAYS[unit], m.group(0), v))
    return tuple(out)


def _same_length(x: float, y: float, tol: float = 0.05) -> bool:
    """Two lengths of time are the same within `tol` (a month is 28-31 days; an answer rounds)."""
    if x == float("inf") or y == float("inf"):
        return x == y
    return abs(x - y) <= tol * max(x, y)


def duration_conflicts(claim: str, sentence: str, context_lengths=()) -> list[tuple[str, str]]:
    """(claim's duration, sentence's) where the claim gives a length of time that its best-matching `sentence`
    gives otherwise and that the whole context (`context_lengths`, in days) never gives: "lifetime" where it
    says "two-year", "30 days" where it says "14 days". A claim that also gives one of the sentence's lengths
    (or the same length in other units: "24 months" for "two years", "half an hour" for "30 minutes") states
    it, not a swap; a sentence with no duration has nothing to conflict with."""
    mine, theirs = durations(claim), durations(sentence)
    if not mine or not theirs:
        return []
    if any(_same_length(x, y) for x, _, _ in mine for y, _, _ in theirs):
        return []
    alien = [w for x, w, _ in mine if not any(_same_length(x, y) for y in context_lengths)]
    return [(alien[0], theirs[0][1])] if alien else []


def same_duration(n, claim: str, context_lengths) -> bool:
    """Number `n` of `claim` counts a length of time that the context gives in other units ("24 months" where
    it says "two years", "half an hour" for "30 minutes"): the same fact, not a missing number. Only a number
    written with its time unit counts; `context_lengths`: the context's durations, in days."""
    if isinstance(n, tuple) or not context_lengths:
        return False
    return any(abs(count - n) < 1e-9 and any(_same_length(days, y, 0.01) for y in context_lengths)
               for days, _, count in durations(claim))


# a sentence that opens with a pronoun goes on about the sentence before it ("It was originally proposed in 1789.",
# "Each has 6 protons."): an answer that merges the two gives the numbers of both as one fact (rule anaphor_numbers)
_CONTINUES_RE = re.compile(r"^\W*(?:it|its|they|their|this|these|each|both|he|she|his|her)\b", re.IGNORECASE)


def continued_sentences(sentences: Sequence[str], source: Sequence[int], best: int) -> set[int]:
    """The sentences of `best`'s passage that continue it (each opening with a pronoun, in a run after it) and,
    when `best` itself opens with one, the sentences it continues."""
    out = set()
    i = best
    while i > 0 and source[i - 1] == source[best] and _CONTINUES_RE.match(sentences[i]):
        i -= 1
        out.add(i)
    i = best + 1
    while i < len(sentences) and source[i] == source[best] and _CONTINUES_RE.match(sentences[i]):
        out.add(i)
        i += 1
    return out


_CONTRAST_RE = re.compile(r"\b(?:rather\s+than|instead\s+of)\s+((?:[\w'-]+\s+){0,3}[\w'-]+)", re.IGNORECASE)


def contrast_denies(claim: str, sentence: str) -> bool:
    """Rule contrast_denials: the claim's "rather than X" / "instead of X" denies X, which the sentence denies too
    ("Rather than burning out suddenly, LEDs dim" / "LEDs don't usually burn out suddenly")."""
    for m in _CONTRAST_RE.finditer(claim):
        denied = {stem(w) for w in m.group(1).lower().split() if w not in STOPWORDS}
        if denied and negation_count_near(without_non_denials(sentence), denied, strict=True) % 2 == 1:
            return True
    return False


def denied_elsewhere(claim_stems, sentences: Sequence[str], sent_stems: Sequence[set], best: int) -> bool:
    """Rule negation_elsewhere: a negated claim another context sentence negates the same way (two of the claim's
    words in it, a negation bearing on them): "there's no limit on how many terms a senator can serve" and "There
    are no term limits for members of Congress", where the best-matching sentence is "senators serve six-year
    terms"."""
    words = set(claim_stems)
    return any(j != best and len(words & sent_stems[j]) >= 2
               and negation_count_near(without_non_denials(sentences[j]), words, strict=True) % 2 == 1
               for j in range(len(sentences)))


def short_plural_found(part: str, find) -> bool:
    """Rule acronym_plurals: a short name's plural or singular is in the evidence ("SSD" where it says "SSDs", "ATMs"
    where it says "ATM"); the stemmer leaves words of four letters or fewer whole."""
    if len(part) > 4 or not part.isalpha():
        return False
    return bool(find(part + "s") or (part.endswith("s") and len(part) > 2 and find(part[:-1])))
