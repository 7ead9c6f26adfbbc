"""Numbers: the normalised values a text mentions (amounts with multipliers, percentages, number words,
not counts or structural numbers), month names, and numbers by their unit ("12 weeks") to find a swapped
one. Pure functions."""
from __future__ import annotations

import re
from functools import lru_cache

from core.privacy import PLACEHOLDER

from .. import rules
from ..placeholders import NUMBER_KINDS, without_placeholders
from .references import strip_citations
from .words import stem, STOPWORDS


_NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
    "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000,
}  # cardinals only: ordinals and "double"/"single"/"once" are too often not quantities
_MULTIPLIERS = {"thousand": 1e3, "k": 1e3, "lakh": 1e5, "lakhs": 1e5, "lac": 1e5, "crore": 1e7, "crores": 1e7,
                "million": 1e6, "mn": 1e6, "m": 1e6, "billion": 1e9, "bn": 1e9, "trillion": 1e12}
MONTHS = frozenset("january february march april may june july august september october november december "
                   "jan feb mar apr jun jul aug sep sept oct nov dec".split())


_NUM_RE_TAIL = (r"\s?(%|(?:percentage points?|percentage|percent|per cent|pct|thousand|lakhs?|lac|crores?|million|mn|"
                r"billion|bn|trillion|k)\b)?")
_NUM_RE = re.compile(
    r"(?<![\d.,])(?:rs\.?|inr|usd|eur|gbp|\$|\u20b9|\u20ac|\u00a3)?\s?(\d{1,3}(?:,\d{2,3})+|\d+(?:\.\d+)?)"
    + _NUM_RE_TAIL, re.IGNORECASE)
# rule decimals: "8,848.86 metres" is 8848.86 (it was read as 8848: the decimals of a number with thousands
# separators were dropped)
_NUM_DEC_RE = re.compile(
    r"(?<![\d.,])(?:rs\.?|inr|usd|eur|gbp|\$|\u20b9|\u20ac|\u00a3)?\s?(\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    + _NUM_RE_TAIL, re.IGNORECASE)
_NUMWORD_RE = re.compile(r"\b(" + "|".join(sorted((w for w in _NUMBER_WORDS if w != "one"), key=len, reverse=True))
                         + r")\b", re.IGNORECASE)
_COMPOUND_RE = re.compile(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ]"
                          r"(one|two|three|four|five|six|seven|eight|nine)\b", re.IGNORECASE)


_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_UNITS_WORDS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|" \
               "sixteen|seventeen|eighteen|nineteen"
_SCALED_WORD_RE = re.compile(
    rf"\b((?:{_TENS})(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|{_UNITS_WORDS})"
    r"\s+(hundred|thousand|lakhs?|lac|crores?|million|billion|per\s+cent|percent)\b", re.IGNORECASE)


def _word_value(words: str) -> int:
    """"twenty-five" -> 25, "eighteen" -> 18."""
    return sum(_NUMBER_WORDS[w] for w in re.split(r"[- ]", words.lower()) if w)


def _to_float(digits: str) -> float | None:
    try:
        return float(digits.replace(",", ""))
    except ValueError:
        return None


# Counts and structural numbers are not facts to look up: "the two", "those three carriers", "both", "step 4 and
# 5", "box 3", "tip 2" (a count of what the answer itself lists, or its own numbering).
_SMALL = r"(?:two|three|four|five|six|seven|eight|nine|ten)"
_COUNT_RE = re.compile(
    r"\b(?:the|these|those|all|first|last|other|its|their|our|your|both)\s+" + _SMALL + r"\b"
    r"|\b(?:steps?|stages?|box(?:es)?|points?|items?|tips?|options?|methods?|rounds?|lines?|rows?|columns?|"
    r"questions?|slides?|screens?)\s+\d{1,2}(?:\s*(?:,|and|&|or|to|-|\u2013)\s*\d{1,2})*\b",
    re.IGNORECASE)
# rule count_units: "the first two years", "those three hours" are amounts, not counts: a unit follows
_COUNT_UNIT_RE = re.compile(
    r"\b(?:the|these|those|all|first|last|other|its|their|our|your|both)\s+" + _SMALL + r"\b"
    r"(?!\s+(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|decades?|centuries|inches|feet|miles|metres|"
    r"meters|kilometres|kilometers|pounds|ounces|cups|tablespoons|teaspoons|gallons|litres|liters|degrees|"
    r"percent|times)\b)"
    r"|\b(?:steps?|stages?|box(?:es)?|points?|items?|tips?|options?|methods?|rounds?|lines?|rows?|columns?|"
    r"questions?|slides?|screens?)\s+\d{1,2}(?:\s*(?:,|and|&|or|to|-|\u2013)\s*\d{1,2})*\b",
    re.IGNORECASE)
# one or two digits glued to a capital before them name a thing, not an amount: "CO2", "H2O", "MP3", "A4",
# "B12" (an amount glued to a word, "Room2000/-", stays one)
_GLUED_DIGITS_RE = re.compile(r"(?<=[A-Z])\d{1,2}(?=[A-Z]|\b)")


_COMMA_RUN_RE = re.compile(r"(?<![\d.])\d+(?:,\d+)+(?![\d])")


def _comma_run(m: re.Match) -> str:
    """A comma-joined run of digits: a number when grouped in thousands ("1,000,000") or the Indian way
    ("12,34,567"), else a list ("1,2,3", "10,20,30") written as "1, 2, 3" — so a list reads the same
    with or without spaces after the commas (issue 34)."""
    head, *groups = m.group(0).split(",")
    western = len(head) <= 3 and all(len(g) == 3 for g in groups)
    indian = len(head) <= 2 and len(groups[-1]) == 3 and all(len(g) == 2 for g in groups[:-1])
    return m.group(0) if western or indian else ", ".join([head, *groups])


_VULGAR = {"\u00bd": 0.5, "\u00bc": 0.25, "\u00be": 0.75, "\u2153": 1 / 3, "\u2154": 2 / 3, "\u215b": 0.125}
_VULGAR_RE = re.compile(r"(?<![\d.,])(\d+)?\s?([" + "".join(_VULGAR) + "])")
# "1/2", "3/4", "1 1/2": a proper fraction with a small denominator; "24/7", "12/05" and "3/12/2024" are not
_SLASH_RE = re.compile(r"(?<![\d/.,])(?:(\d{1,3})\s+)?(\d{1,2})/(\d{1,2})(?![\d/])")
# the context's fraction words: "half a cup", "one and a half hours", "a quarter of", "two thirds"; a bare
# "half" / "third" / "quarter" is often no amount ("the second half", "the third step", "the first quarter")
_FRACTION_WORD_RE = re.compile(
    r"\b(?:(?P<whole>\d+|" + _UNITS_WORDS + r")\s+and\s+a\s+half"
    r"|(?:a|one)\s+half|(?<!first )(?<!second )(?<!other )(?<!latter )(?<!back )(?<!front )half\s+(?:a|an|of|the)"
    r"|(?P<qn>a|one|three)\s+quarters?"
    r"|(?P<tn>a|one|two)\s+thirds?)\b", re.IGNORECASE)


# the context's "a cup", "an hour", "a dozen": one of a unit (an answer may write "1 cup", "1 hour", "12")
_ONE_UNIT_RE = re.compile(
    r"\b(?:a|an)\s+(?:single\s+|whole\s+|full\s+)?(?:(dozen|hundred|thousand)|cup|teaspoon|tablespoon|tsp|tbsp|"
    r"litre|liter|pint|quart|gallon|ounce|pound|kilogram|kilo|gram|metre|meter|kilometre|kilometer|mile|inch|"
    r"foot|yard|second|minute|hour|day|week|fortnight|month|year|decade|century)s?\b", re.IGNORECASE)
_ONE_UNIT_VALUES = {"dozen": 12.0, "hundred": 100.0, "thousand": 1000.0}


# "twice the fees", "double the dose", "three times as fast", "2x the speed": a multiple of something, kept as
# ("×", n) so that "twice" and "two times" agree and neither passes for the plain number 2; "double as",
# "twice a day" and a bare "twice" (a count of times) are not multiples
_MULTIPLE_WORDS = {"twice": 2, "double": 2, "thrice": 3, "triple": 3, "treble": 3, "quadruple": 4}
_MULTIPLE_RE = re.compile(
    r"\b(?:(?P<word>twice|thrice)\s+(?=(?:the|as|that|this|its|their|his|her|what|how|more|less|many|much)\b)"
    r"|(?P<verb>double|triple|treble|quadruple)\s+(?=(?:the|that|this|its|their|his|her|what)\b)"
    r"|(?P<n>\d+(?:\.\d+)?|two|three|four|five|six|seven|eight|nine|ten)\s*(?:times|x)\s+"
    r"(?=(?:the|as|that|this|its|their|his|her|what|more|less|higher|lower|greater|larger|smaller|faster|"
    r"slower|bigger|longer|shorter|stronger|heavier|cheaper|costlier)\b))", re.IGNORECASE)


_TIMES_WORD_RE = re.compile(r"\b(twice|thrice)\b", re.IGNORECASE)


def _multiples(text: str, vals: set) -> str:
    """Rule `multiples`: "twice the annual fees" is the multiple 2, which a context saying "the fees" does not
    give (and "two times the" agrees with "twice the")."""
    def one(m):
        word = (m.group("word") or m.group("verb") or "").lower()
        n = m.group("n")
        value = _MULTIPLE_WORDS[word] if word else (float(n) if n[0].isdigit() else _NUMBER_WORDS[n.lower()])
        vals.add(("\u00d7", float(value)))
        return " "
    return _MULTIPLE_RE.sub(one, text)


def _fraction(num: str, den: str, whole: str | None) -> float | None:
    n, d = int(num), int(den)
    if not (2 <= d <= 16 and 0 < n < d):
        return None
    return round((int(whole) if whole else 0) + n / d, 4)


def _fraction_word_value(m: re.Match) -> float:
    if m.group("whole"):
        whole = m.group("whole").lower()
        return (float(whole) if whole.isdigit() else float(_NUMBER_WORDS[whole])) + 0.5
    if m.group("qn"):
        return 0.75 if m.group("qn").lower() == "three" else 0.25
    if m.group("tn"):
        return round(2 / 3 if m.group("tn").lower() == "two" else 1 / 3, 4)
    return 0.5  # "a half", "half a/of/the"


def _fractions(text: str, vals: set, words: bool) -> str:
    """Rule `fractions`: "1/2", "1½" and "1 1/2" are the values 0.5, 1.5 (not the numbers 1 and 2), and the
    context's fraction words ("half a cup") and single units ("a cup", "an hour", "a dozen") are amounts an
    answer may give in digits ("1/2 cup", "1 cup", "12")."""
    def vulgar(m):
        vals.add(round((int(m.group(1)) if m.group(1) else 0) + _VULGAR[m.group(2)], 4))
        return " "

    def slash(m):
        v = _fraction(m.group(2), m.group(3), m.group(1))
        if v is None:
            return m.group(0)
        vals.add(v)
        return " "

    def word(m):  # "three and a half" on either side (not also the number 3); the rest on the context's
        if not (words or m.group("whole")):
            return m.group(0)
        vals.add(round(_fraction_word_value(m), 4))
        return " " if m.group("whole") else m.group(0)

    text = _FRACTION_WORD_RE.sub(word, _SLASH_RE.sub(slash, _VULGAR_RE.sub(vulgar, text)))
    if words:
        vals.update(_ONE_UNIT_VALUES.get((m.group(1) or "").lower(), 1.0) for m in _ONE_UNIT_RE.finditer(text))
    return text


@lru_cache(maxsize=8192)
def numbers(text: str, fraction_words: bool = False) -> frozenset:
    """Normalised numeric values mentioned in `text` (amounts with multipliers expanded, % kept apart,
    number words converted). Citation page numbers are ignored. `fraction_words`: also the amounts said
    with fraction words (the context's side: an answer's "half" is not checked as a number)."""
    text = strip_citations(text or "")
    vals: set = set()
    if rules.on("fractions"):
        text = _fractions(text, vals, fraction_words)
    if rules.on("multiples"):
        text = _multiples(text, vals)
    if "[" in text:  # a number's placeholder is that number, equal only to itself ("1" of [PHONE_1] is none)
        vals.update(("#", m.group(0)) for m in PLACEHOLDER.finditer(text) if m.group(1) in NUMBER_KINDS)
        text = without_placeholders(text)
    if rules.on("counts") and not (fraction_words and rules.on("context_counts")):
        # an answer's counts; the context's "the first ten" is a number it gives
        text = (_COUNT_UNIT_RE if rules.on("count_units") else _COUNT_RE).sub(" ", text)
    if rules.on("units_names"):
        text = _GLUED_DIGITS_RE.sub(" ", text)
    text = re.sub(r"\b(\d{1,2}):(\d{2})\b", lambda m: f"{int(m.group(1))}.{m.group(2)}", text)  # 2:30 PM -> 2.30
    text = _COMMA_RUN_RE.sub(_comma_run, text)  # "1,2,3" is the list 1, 2, 3; "1,000" stays a thousand
    for m in (_NUM_DEC_RE if rules.on("decimals") else _NUM_RE).finditer(text):
        v = _to_float(m.group(1))
        if v is None:
            continue
        unit = (m.group(2) or "").lower()
        if unit in ("%", "percent", "per cent", "pct") or unit.startswith("percentage"):
            vals.add(("%", round(v, 4)))
            continue
        if unit in _MULTIPLIERS:
            v = v * _MULTIPLIERS[unit]
        vals.add(round(v, 4))
    def _scaled(m):  # "twenty lakh" -> 2,000,000; "eighteen per cent" -> 18%; "one hundred" -> 100
        v = _word_value(m.group(1))
        unit = re.sub(r"\s+", " ", m.group(2).lower())
        if unit in ("percent", "per cent"):
            vals.add(("%", float(v)))
        else:
            vals.add(float(v * (100 if unit == "hundred" else _MULTIPLIERS[unit])))
        return " "
    text = _SCALED_WORD_RE.sub(_scaled, text)

    def _compound(m):
        vals.add(float(_NUMBER_WORDS[m.group(1).lower()] + _NUMBER_WORDS[m.group(2).lower()]))
        return " "
    text = _COMPOUND_RE.sub(_compound, text)  # twenty-five -> 25
    if fraction_words and rules.on("times_words"):
        # the context's bare "twice" / "thrice" (a count of times: "hum the song twice") gives 2 / 3, as an
        # answer's "two rounds" says it; an answer's own bare "twice" stays no number (as before)
        for m in _TIMES_WORD_RE.finditer(text):
            vals.add(float(_MULTIPLE_WORDS[m.group(1).lower()]))
    for m in _NUMWORD_RE.finditer(text):
        w = m.group(1).lower()
        v = _NUMBER_WORDS[w]
        if w in ("hundred", "thousand", "million", "billion"):
            continue  # usually a multiplier of a preceding number, handled above
        vals.add(float(v))
    return frozenset(vals)


def months(text: str) -> frozenset:
    """Month names (capitalised, so the verb "may" is not one), as 3-letter lower-case keys."""
    return frozenset(w[:3].lower() for w in re.findall(r"[A-Za-z]+", text or "")
                     if w[0].isupper() and w.lower() in MONTHS)


_SLOT_RE = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)*)\s*(%|[A-Za-z]+)")
_SLOT_DEG_RE = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)*)\s*(%|\u00b0\s*[CFcf]\b|[A-Za-z]+)")


# rule unit_words: a unit's name and its symbol are one slot ("95 milligrams" and "95 mg", "8 ounces" and "8 oz")
_UNIT_SYMBOLS = {w: sym for sym, words in {
    "mg": "milligram milligrams milligramme milligrammes", "kg": "kilogram kilograms kilo kilos",
    "oz": "ounce ounces", "lb": "pound pounds lbs", "km": "kilometre kilometres kilometer kilometers",
    "cm": "centimetre centimetres centimeter centimeters", "mm": "millimetre millimetres millimeter millimeters",
    "ml": "millilitre millilitres milliliter milliliters", "mi": "mile miles", "ft": "foot feet",
    "min": "minute minutes mins", "sec": "second seconds secs", "hr": "hour hours hrs", "mph": "mph",
    "kwh": "kilowatt-hour kilowatt-hours", "gb": "gigabyte gigabytes", "mb": "megabyte megabytes",
}.items() for w in words.split()}


_RANGE_RE = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)*)\s*(?:to|-|\u2013|\u2014)\s*(\d+(?:[.,]\d+)*)\s*"
                       r"(%|\u00b0\s*[CFcf]\b|[A-Za-z]+)")


def number_slots(text: str) -> dict[str, set[str]]:
    """Numbers by the word that follows them ("12 weeks" -> {"week": {"12"}}, "10%" -> {"%": {"10"}}); numbers
    followed by a stopword ("Section 138 of") say nothing about a unit and are left out."""
    out: dict[str, set[str]] = {}
    symbols = rules.on("unit_words")
    if rules.on("range_slots"):  # "20 to 60 minutes": both ends are minutes
        text = _RANGE_RE.sub(lambda m: f"{m.group(1)} {m.group(3)} to {m.group(2)} {m.group(3)}", text or "")
    for num, unit in (_SLOT_DEG_RE if rules.on("units_names") else _SLOT_RE).findall(text or ""):
        if unit.startswith("\u00b0"):  # "70 °C": degrees are a unit too
            unit = "deg" + unit[-1].lower()
        u = "%" if unit == "%" else unit.lower()
        if symbols and u in _UNIT_SYMBOLS:
            u = _UNIT_SYMBOLS[u]
        if u != "%" and (u in STOPWORDS or len(u) < 2):
            continue
        out.setdefault("%" if u == "%" else stem(u), set()).add(num.replace(",", ""))
    return out


# rule rounding: "roughly 238,900 miles" for 238,855 miles, "about 240,000" for 238,855: a hedged number that is
# the context's number rounded to the claim's own last significant digit
_HEDGED_RE = re.compile(r"\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|close\s+to|some|~)\s*"
                        r"[$\u00a3\u20ac]?\s*(\d[\d,]*(?:\.\d+)?)", re.IGNORECASE)


def hedged_numbers(text: str) -> frozenset:
    """The numbers of `text` said with a hedge ("about 95", "roughly 238,900"), as floats."""
    out = set()
    for m in _HEDGED_RE.finditer(text or ""):
        try:
            out.add(float(m.group(1).replace(",", "")))
        except ValueError:
            continue
    return frozenset(out)


def rounds_to(n: float, others) -> bool:
    """`n` is one of `others` rounded to n's own precision: its trailing zeros (238,900: hundreds) or its decimals
    (3.8: tenths); within half of that unit, and not equal (an equal number needs no rounding)."""
    if isinstance(n, bool) or not isinstance(n, (int, float)) or n != n or abs(n) == float("inf"):
        return False
    if float(n).is_integer():
        k, unit = int(abs(n)), 1.0
        while k and k % 10 == 0:
            k //= 10
            unit *= 10
        if k < 10:  # one significant digit ("about 20", "about 100") rounds too much to tell what it stands for
            return False
    else:
        unit = 10.0 ** -min(6, len(repr(float(n)).split(".")[1].rstrip("0")))
    return any(isinstance(m, (int, float)) and not isinstance(m, bool) and m != n and abs(n - m) <= unit / 2
               for m in others)


def slot_conflicts(claim: str, sentence: str) -> list[str]:
    """The claim's numbers that the sentence gives otherwise for the same unit ("26 weeks" where the sentence
    says "12 weeks" and never 26 weeks): a number taken from elsewhere and attached to this fact. A claim that
    also gives the sentence's own number for that unit states two facts ("the 11th for GSTR-1 and the 20th for
    GSTR-3B"), not a swap."""
    mine, theirs = number_slots(claim), number_slots(sentence)
    hedged = hedged_numbers(claim) if rules.on("rounding") else frozenset()
    out = []
    for unit, nums in mine.items():
        other = theirs.get(unit)
        if other and not (nums & other) and not any(_rounded(n, other, hedged) for n in nums):
            out += [f"{n} {unit}" for n in sorted(nums)]
    return out


def _rounded(num: str, others: set[str], hedged: frozenset) -> bool:
    try:
        n = float(num)
        return n in hedged and rounds_to(n, {float(o) for o in others})
    except ValueError:
        return False
