"""The claim-check rules of issue 28, by name, each measured alone (bench/bench_judge.py switches them off one
at a time; the product runs with all of them on but DEFAULT_OFF). EVALBOARD_RULES_OFF="name,name" switches rules
off for a run, EVALBOARD_RULES_ON a default-off one on.

  negation_scope   a negation flip only when the context's negation covers the claim's own words
  meta_sentences   refusals and sentences about the passages ("Passage 3 does not provide ...", "Unable to
                   answer ...") are not claims, with or without their reference markers
  list_items       list items are claims whatever their length; headings are decided by form (a trailing
                   colon, Title Case, a markdown heading), not by length
  units_names      unit words and conversions (Fahrenheit/Celsius, inches/cm), common abbreviations (DIY,
                   US/USA, BC/"before Christ") and name variants are not missing entities
  counts           counts and structural numbers ("the two", "step 4 and 5") are not facts to look up
  passage_check    a claim that cites passage N is checked against passage N
  added_phrase     a phrase added inside an otherwise supported sentence: its content words against the
                   best-matching context sentence
  contradiction    opposite-polarity words (up/down, same/reverse, finely/coarsely, limited/lifetime, ...) between
                   a claim and its best-matching context sentence where the words around them match
  quantity_mismatch  a length of time the claim gives otherwise than its best-matching sentence ("lifetime" or
                   "five-year" for "two-year", "30 days" for "14 days"); "24 months" for "two years" is the same
  claim_split      compound claims split at "and also", "that also", "which also", "as well as", ", and", ";",
                   so that an unsupported half is checked on its own
  contrast_words   (judge30) contradictions said with a phrase or a compound: "faster" / "takes longer",
                   "succeeded" / "were blocked", "deeper than before" / "the same depth", "water-based" /
                   "oil-based" (evaluators/polarity.py)
  negation_clause  (judge30) a negation flip only when the negation's own clause holds the claim's words, the
                   words it denies are not also said plainly in the sentence, and the other side does not
                   prevent them ("so it does not brown" / "to stop it turning brown") (evaluators/polarity.py)
  number_neighbours (judge30) a number the context gives in another sentence than the claim's best one is with
                   the claim's fact when that sentence has a content word next to it that the claim has next to
                   it ("stood about 146 metres tall"); units and time words do not count (evaluators/numfacts.py)
  fractions        (judge31) "1/2", "½" and "1 1/2" are the values 0.5 and 1.5, not the numbers 1 and 2, and the
                   context's fraction words ("half a cup", "one and a half hours", "two thirds") and single
                   units ("a cup", "an hour", "a dozen") are amounts an answer may give in digits
                   (evaluators/text/numbers.py)
  short_answer_kind (judge31, answer relevancy) a short answer (<= 4 content words) of the kind its question asks
                   for - a year, a number, a name the question does not say, a yes or no - takes the question up
                   (0.85), wherever the context says it (evaluators/answer_kind.py)
  partial_refusal  (judge31, answer relevancy) an answer that gives what it can and then says what the sources
                   leave open is not a refusal; only an answer none of whose other sentences takes the question up
                   is capped as one (evaluators/metrics/answer_relevancy.py `declines`)
  multiples        (judge32) "twice the fees", "double the dose", "three times as fast" are the multiple 2 or 3,
                   which the context must give too ("two times the" and "twice the" agree); neither passes for
                   the plain number (evaluators/text/numbers.py)
  question_names   (judge33) a name the question gives in any case ("a us passport" -> "U.S.") is not a missing
                   entity (evaluators/support.py `_check_entities`)
  web_tokens       (judge33) URLs, domains ("routerlogin.net"), e-mail addresses and file names the claim gives and
                   neither the context nor the question has are missing entities, whatever their case
  exclusions       (judge33) "6 to 8 weeks, not including mailing time" and "6-8 weeks plus mailing time" are no
                   negation flip: the context leaves a part out that the claim adds on top (evaluators/checks.py)
  light_words      (judge33) an added phrase needs two absent words that are not light verbs or particles: "then
                   let go" for "then release it" adds nothing (evaluators/checks.py LIGHT_WORDS)
  before_after     (judge33) "after that", "before this" order the answer's own steps: "After that, let it sit 10
                   minutes, then fluff it" does not contradict "rest it 10 minutes before fluffing"
  next_sentence    (judge33) an added phrase is looked for against the claim's best sentence and its neighbours in
                   the same passage: "Open Chrome and click the three-dot menu at the top right" joins "open Chrome."
                   to the sentence after it
  initial_words    (judge33) a common word that starts a sentence before a name ("Tick Cookies and other site
                   data", "Choose Settings") is not an entity itself; the name's own words are still checked
  same_direction   (judge33) a polar word the context says the same way about the same words ("lower kidney
                   function" / "reduce kidney function") contradicts no other polar word of the sentence ("which
                   can raise blood pressure")
  unit_words       (judge34) a unit's name and its symbol are one slot: "95 mg" and "95 milligrams", "8 oz" and "8
                   ounces" (evaluators/text/numbers.py)
  rounding         (judge34) a hedged number that is the context's rounded to its own last significant digit
                   ("roughly 238,900 miles" for 238,855; at least two significant digits) is neither missing nor
                   a different number
  demonyms         (judge34) a country's people and its name are one entity: "American" for "U.S.", "Japanese"
                   for "Japan" (evaluators/checks.py DEMONYMS)
  code_spans       (judge34) a command or literal in backticks the context does not give ("`git push --force`") is
                   a missing entity
  decimals         (judge35) "8,848.86 metres" is 8848.86, not 8848 (the decimals of a number written with
                   thousands separators were dropped); "21 calendar days" is a length of time like "21 days"
  answer_particles (judge35) a leading "No." or "Yes," answers the question: "No. Grapes are poisonous for dogs" is
                   no negation flip against "Grapes are toxic to dogs"
  stem_forms       (judge36) a consonant doubled before -ing/-ed comes off ("scarring" and "scars", "stopped" and
                   "stops"), and a four-letter plural is its singular ("eggs", "days", "SSDs")
  context_counts   (judge36) the context's "the first ten" is a number an answer may give as "the first 10"; only
                   the answer's own counts are left out
  anaphor_numbers  (judge36) a number in a sentence that goes on about the claim's best sentence ("It was originally
                   proposed in 1789.", "Each has 6 protons.") is with the claim's fact
  contrast_denials (judge36) "Rather than burning out suddenly, LEDs dim" is no negation flip against "LEDs don't burn
                   out suddenly": the claim's "rather than X" / "instead of X" denies X too
  negation_elsewhere (judge36) a negated claim is no negation flip when another context sentence denies the same
                   words ("there's no limit on terms" / "There are no term limits"), whichever sentence matched best
  slot_elsewhere   (judge36) a number the best sentence gives otherwise for the same unit is no swap when another
                   sentence with as many of the claim's words gives the claim's number for it ("3-5 minutes" for fresh corn,
                   where the frozen corn's "5 to 8 minutes" matched best)
  certainty        (judge36) an overclaim: the claim says "always" / "all" / "every" where its best-matching sentence
                   says "often", "usually", "some" or "most" about the same words (not the other way round)
  acronym_plurals  (judge36) a short name and its plural are one entity: "SSD" where the context says "SSDs", "ATMs"
                   where it says "ATM" (the narrow part of stem_forms)
  conversion_units (judge36) a number the claim gives with a unit passes as a conversion only in that unit: "6 m/s" is
                   no conversion of "5,960 m/s" (5.96 km/s), "59 °F" still is one of "15 °C"
  range_slots      (judge36) both ends of a range carry its unit ("20 to 60 minutes": 20 minutes too), so "in around
                   20 minutes to an hour" is no swap against it
  context_particles (judge36) a passage's own leading "No." / "Yes," answers its question and denies nothing: "Grapes
                   are toxic" is no contradiction of "No. Grapes, raisins ... can cause kidney failure"
  unit_swaps       (judge36) a number the claim gives in another unit than the context, of the same dimension and
                   no conversion: "every 10,000 kilometers" where it says "10,000 miles", "450-500°C" for "°F"
  count_units      (judge36) "the first two years", "those three hours": a count followed by a unit is an amount to
                   look up, not the answer's own count
  meta_forms       (judge36) "Installation cost isn't covered in these sources", "Cost isn't mentioned in any of the
                   passages": sentences about the sources in the passive with a contraction or another determiner
  step_verbs       (judge37) "Bake for an hour." in a longer answer is a step, not a name: a common word opening a
                   claim before a lower-case word is no entity (a short answer alone still is: "Mumbai")
  fraction_swaps   (judge37) "the lower half of the leaves" where the matching sentences say "the lower third of the
                   leaves", "two-thirds of the states" for "three-fourths of the states"
  comparison_swaps (judge37) a comparison the best sentence makes the other way round: "males are generally larger than
                   females" where it says "Females are generally larger than males"
  times_words      (judge38) the context's bare "twice" / "thrice" gives the number 2 / 3 ("hum the song twice" for
                   an answer's "two rounds of the song")
  comparative_forms (judge38) a comparative is not the opposite of its antonym's base form: "shallower
                   compressions" where the context says the infant's compressions are "4 cm deep"
  exception_words  (judge38) an answer's "unless X" is its own exception, as the context's "except where X" is
"""
from __future__ import annotations

import os

NAMES = ("negation_scope", "meta_sentences", "list_items", "units_names", "counts", "passage_check", "added_phrase",
         "contradiction", "quantity_mismatch", "claim_split", "contrast_words", "negation_clause",
         "number_neighbours", "fractions", "short_answer_kind", "partial_refusal", "multiples", "question_names",
         "web_tokens", "exclusions", "light_words", "before_after", "initial_words", "next_sentence",
         "same_direction", "unit_words", "rounding", "demonyms", "code_spans", "decimals",
         "answer_particles", "stem_forms", "context_counts",
         "anaphor_numbers", "contrast_denials", "negation_elsewhere",
         "slot_elsewhere", "certainty", "acronym_plurals",
         "conversion_units", "range_slots",
         "context_particles", "unit_swaps",
         "count_units", "meta_forms",
         "step_verbs", "fraction_swaps", "comparison_swaps",
         "times_words", "comparative_forms", "exception_words")
# added_phrase is on since judge31: +0.034 web_dev, +0.001 HaluEval, 0 on rag and web_held (BENCHMARKS.md); the
# one demo answer it flagged ("…, which is a statutory defence") added words its context does not say and now
# says what the proviso says.
# quantity_mismatch and claim_split change no AUROC on web_dev/web_held (their sets hold no such case) and move
# rag by +0.002/+0.001 (BENCHMARKS.md, "judge29"); they are on because they catch what those sets lack and no
# set shows a cost: "lifetime" for "two-year", and a compound claim whose second half the context denies
# ("The phone has a lifetime warranty that also covers water damage" passed with the two off)
# number_neighbours (judge30): +0.006 web_dev, 0 on rag and web_held, -0.001 on the held-out HaluEval sample
# (0.897 -> 0.896): not better on every set, so measured, not shipped then. Shipped in judge38: measured again on
# the eleven sets of today's scorer it is >= 0 on every one (web4_dev +0.014, web2 +0.003, web5_dev +0.003,
# web3_held +0.001, the rest 0, HaluEval included). contrast_words and negation_clause are on (BENCHMARKS.md, "judge30")
# same_direction (judge33): 0 on the four sets above, -0.007 on the held-out web2 set (0.751 -> 0.744): measured, not
# shipped, like number_neighbours
# stem_forms (judge36): +0.020 on web3_dev, where it was found, but -0.001 rag, -0.001 web_dev, -0.002 web3_held and
# -0.014 web2 (one hallucinated answer lost a flag on a true claim: "let it run" read as "running" now matches):
# measured, not shipped
# meta_forms (judge36) is shipped although it lowers web4_dev by 0.012: its only change there is a hallucinated answer
# that had been caught for a wrong reason ("Installation cost isn't covered in these sources" checked as a claim),
# and sentences about the sources are issue 28's largest class of false alarms on faithful answers.
# acronym_plurals (judge36): +0.010 web3_dev, +0.014 web4_held, but -0.002 rag (an answer whose hallucination is a
# swapped number was caught only because "four EMIs" read as a name the context lacks), which would leave the shipped
# combination below the session's start on rag: measured, not shipped
DEFAULT_OFF = frozenset({"same_direction", "stem_forms", "acronym_plurals"})
_on_env = {n.strip() for n in os.environ.get("EVALBOARD_RULES_ON", "").split(",") if n.strip()}
_off: set[str] = ({n.strip() for n in os.environ.get("EVALBOARD_RULES_OFF", "").split(",") if n.strip()}
                  | (DEFAULT_OFF - _on_env))


def on(name: str) -> bool:
    return name not in _off


def switch_off(names) -> None:
    """Measure without `names` (the rest on). The caller clears the cached text functions (their results
    change): bench/bench_judge.py does."""
    _off.clear()
    _off.update(names)
