"""Claim checks added in issue 28 (pure functions over text; evaluators/local.py `support` calls them):

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

from . import text as T

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
    for m in _QTY_RE.finditer(T.strip_citations(text or "")):
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


# an abbreviation or variant -> words any one of which, found in the context, makes it a known entity
ALIASES = {
    "us": ("united", "america", "american", "usa"), "usa": ("united", "america", "american", "us"),
    "uk": ("united", "britain", "british", "england", "kingdom"), "britain": ("uk", "british", "england"),
    "bc": ("bce", "christ", "bc"), "bce": ("bc", "christ"), "christ": ("bc", "bce"), "ad": ("ce",), "ce": ("ad",),
    "diy": ("yourself", "home"), "mt": ("mount",), "mount": ("mt",), "st": ("saint", "street"),
    "h2o": ("water",), "co2": ("carbon",), "o2": ("oxygen",), "so2": ("sulfur", "sulphur"), "nacl": ("salt",),
    "ch4": ("methane",), "n2": ("nitrogen",), "co": ("carbon",), "so": ("sulfur", "sulphur"),
}
UNIT_NAMES = frozenset(T.stem(w) for w in "fahrenheit celsius centigrade kelvin".split())


def entity_alias_found(part: str, find) -> bool:
    """`part` (an entity's stem) is a unit name, or an alias of it occurs in the context (`find`: stem ->
    the context's stem or None)."""
    if part in UNIT_NAMES:
        return True
    return any(find(T.stem(a)) for a in ALIASES.get(part, ()))


_JOINER_RE = re.compile(r",|;|\b(?:and|which|with|especially|ideally|usually|although|though|while|plus|so|making|"
                        r"because|as|since|before|after|using|by)\b", re.IGNORECASE)


def _content_positions(text: str) -> list[tuple[str, str, int, int]]:
    """(surface, stem, start, end) of the content words of `text` (as `T.content_words`, numbers left out)."""
    out = []
    for m in T._WORD_RE.finditer(text):
        w = m.group(0).lower().replace("\u2019", "'")
        if w in T.STOPWORDS or len(w) < 2 or w in T.NEGATIONS or w[0].isdigit() or w in T._NUMBER_WORDS:
            continue
        out.append((m.group(0), T.stem(w), m.start(), m.end()))
    return out


def added_span(claim: str, sentence_tokens: set, ev_find, q_tokens: set, min_run: int = 2) -> list[str]:
    """An added tail: the run of >= `min_run` content words that ends `claim`, is joined to the rest by a comma
    or a joining word (", which ...", "and serving it with ...", "ideally in ..."), and is absent from the
    claim's best-matching context sentences (`sentence_tokens`), at least two of its words found nowhere in the
    context (`ev_find`: stem -> the context's stem or None), while the rest of the claim is covered by those
    sentences (>= 70 %): a phrase added to an otherwise supported sentence. Empty when there is none. Question
    words count as covered, not as added; numbers are left to the number checks."""
    text = T.strip_citations(claim or "").rstrip(" .!;")
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
    nowhere = [i for i in run if ev_find(words[i][1]) is None and words[i][1] not in q_tokens]
    if covered < 0.7 or len(nowhere) < 2:
        return []
    return [words[i][0] for i in run]
