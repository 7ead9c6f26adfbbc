"""Writes tests/data/web6_cases.jsonl from the hand-written web-search topics below.

python tests/data/make_web6_cases.py

What it is: 40 MS-MARCO-like web queries (terse, often lower-case, a few full questions) in everyday domains unlike
web5's (and not legal): cooking (temperatures, times, ratios, °F/°C), baking, home repair and DIY, gardening,
pets, personal finance (credit scores, IRAs, mortgage points), insurance, car maintenance, appliance
troubleshooting, smartphone settings, fitness and nutrition, sleep, parenting, skincare, cleaning and laundry,
travel documents and airline rules, real estate, small-business pay rules, food safety and photography; at most 3
topics a domain. Three web-snippet passages per topic (40-110 words each, checked by this script), with numbers,
units, dates, names, ranges, steps and lists; in several topics two passages give different figures or cover
different cases (the USDA turkey chart vs a minutes-per-pound rule, the USDA 145°F minimum vs doneness
temperatures, silicone vs latex caulk, a penny vs a quarter for tread depth, federal vs California overtime), and
some passages are only loosely relevant to the query (caulk removal, hydrangea pruning, tracker accuracy).

As in web5, each topic has THREE answers to the same query and passages, written to imitate the logs of different
chat LLMs in a RAG product (model_style, three different ones a topic, always one Llama-2 and two of the others):
gpt4 (organised, paraphrased, short bulleted or numbered lists, light hedges), gpt35 (concise, fairly literal
paragraph), llama2_70b / llama2_13b / llama2_7b (Llama-2-chat: "Based on the passages provided, ...",
"According to passage 2, ...", "Please note ...", "I hope this helps!"; the 7b is the most verbose and rambling)
and mistral (short, direct, once a terse list). Answers run from one sentence to about ten sentences or list
items; many how-to answers are numbered step lists.

In 32 topics two answers are faithful and one is hallucinated; in 8 topics all three answers are faithful, so
about 27 % of the answers are hallucinated. Faithful answers say only what the passages support, paraphrased,
merged across passages, reordered, with synonyms, numbers and units written differently ("about 3¼ hours" for 13
minutes a pound on 15 lb, "roughly 108-126 bpm" for 60-70 % of 220 minus 40, "half vinegar, half water" for a
reservoir filled halfway with vinegar and topped up with water, 1/125 s as the nearest setting to 1/100), simple
arithmetic on passage numbers (384 sq ft less a door and two windows, two coats -> about 2 gallons; 70 kg x
1.6-2.2 g; $500 of a $1,200 repair), generic framing ("It depends on the size of the hole"), meta sentences about
what the passages do or do not cover ("I apologize, but the passages do not give a ratio for cooking rice in the
microwave"), and polite closings; none of those is a hallucination. Each hallucinated answer has one unsupported
bit, typed after the RAGTruth taxonomy, 8 each: evident_conflict (clearly contradicts a passage: 180°F
for 165°F, three doses for two, ten years for seven, before the last frost for after, per pound for per kilogram,
a 10-year for a 15-year passport window, a gallon bag for a quart bag, a single button Android says it no longer
has), subtle_conflict (a small change of meaning: a USDA minimum moved from whole cuts to ground beef, the seizure
threshold merged into the heart-problem range, level premiums made rising, cold made worse than heat, a clogged
pump made a failed one, more calories per minute moved to the lower zone, safety and quality swapped for frozen
food, an equivalent exposure made brighter), evident_baseless (a whole added sentence or list item the passages do
not contain, often true or plausible advice: throw out a month-old starter, switch off the breaker, a bigger down
payment instead, replace the oil filter, Low Power Mode, a car-seat check at the fire station, the FDA's shelf
life for sunscreen, cooking chicken from frozen) and subtle_baseless (a small added detail inside an otherwise
supported sentence: a reason, a tool, a deadline condition, where tires wear fastest, a time of day, a drying time,
a percentage cap, a payday). The hallucinated answers are written in the same styles and with as much paraphrase
as the faithful ones, so the unsupported bit does not stand out by style; which model style carries the
hallucinated answer was spread so that each style, and each derived style (cites / lists / plain), has roughly the
same hallucination rate (23-29 %). Hallucinated answers are on average a little longer than faithful ones (83 vs
80 words; a baseless sentence adds words). Hallucinated lines carry a "note" saying what is unsupported.

How it was written: by hand, blind, by a helper who saw no scorer code (nothing under evaluators/ or bench/, not
tests/integration/ or tests/unit/, not BENCHMARKS.md, not tests/data/web_cases_src.py, no *.jsonl data but the
first lines of web5_cases.jsonl for the row format) and ran no scorer, benchmark or test on it; no topic, passage
or answer is taken from web5. Every faithful answer was re-read sentence by sentence against its passages, and
every hallucinated answer was re-read to check that its noted bit is unsupported or contradicted and the rest
supported. The passages are written to look like real web snippets and are kept plausible, but their facts are
simplified and not checked against the world; the passages are the ground truth.

style is derived from the answer text by chat_style_sets.style_of: "cites" if it mentions a passage or has [n]
markers, else "lists" if it has 2+ list lines, else "plain". split: chat_style_sets.draw_split with
random.Random(6) draws 20 of the 40 topics for "dev", the other 20 are "held_out" (all three answers of a topic
share it); then the same generator shuffles each topic's three answers, which are numbered -1, -2, -3 in that order.

Counts (computed and printed by this script, which fails if these lines go stale):
topics: all three answers faithful 8, one hallucinated 32
120 lines, 40 topics
label: faithful 88, hallucinated 32
category: evident_baseless 8, evident_conflict 8, faithful 88, subtle_baseless 8, subtle_conflict 8
style: cites 40, lists 25, plain 55
model_style: gpt35 28, gpt4 27, llama2_13b 13, llama2_70b 14, llama2_7b 13, mistral 25
split: dev 60, held_out 60
domain: appliances 6, baking 6, business 3, car 9, cleaning 6, cooking 9, diy 9, finance 9, fitness 6, food_safety 6, gardening 6, insurance 6, parenting 6, pets 9, phone 6, photography 3, realestate 3, skincare 3, sleep 3, travel 6
style (faithful): cites 30, lists 19, plain 39
model_style (faithful): gpt35 20, gpt4 20, llama2_13b 10, llama2_70b 10, llama2_7b 10, mistral 18
style (hallucinated): cites 10, lists 6, plain 16
model_style (hallucinated): gpt35 8, gpt4 7, llama2_13b 3, llama2_70b 4, llama2_7b 3, mistral 7
"""
from chat_style_sets import F, write_three  # tests/data/chat_style_sets.py: the shared writer

TOPICS = []


def topic(tid, domain, query, contexts, answers):
    """answers: three (answer, model_style, category, note-or-None); category is "faithful" or a RAGTruth type."""
    TOPICS.append(dict(tid=tid, domain=domain, query=query, contexts=contexts, answers=answers))


# ---------------------------------------------------------------- cooking
topic("turkey-roast-time", "cooking", "how long to cook a 15 lb turkey", [
    "The USDA recommends roasting a whole turkey in an oven set no lower than 325°F (163°C). Approximate times for an unstuffed bird: 8 to 12 pounds, 2¾ to 3 hours; 12 to 14 pounds, 3 to 3¾ hours; 14 to 18 pounds, 3¾ to 4¼ hours; 18 to 20 pounds, 4¼ to 4½ hours. A stuffed turkey needs roughly 15 to 45 minutes more.",
    "Whatever the chart says, the turkey is done only when a food thermometer reads 165°F (74°C) in the thickest part of the thigh, the innermost part of the wing and the thickest part of the breast. Let the bird rest for 20 minutes before carving so the juices settle. If the skin browns too fast, tent the breast loosely with foil.",
    "Many cooks use a rule of thumb of about 13 minutes per pound at 325°F for an unstuffed turkey and 15 minutes per pound for a stuffed one. A fully thawed bird is essential: thawing in the refrigerator takes about 24 hours for every 4 to 5 pounds.",
], [
    ("For a 15 lb turkey roasted at 325°F (about 163°C), plan on roughly 3¾ to 4¼ hours if it's unstuffed, going by the USDA chart for 14-18 lb birds. A few points:\n"
     "- Stuffed, it needs about 15-45 minutes longer.\n"
     "- The quicker rule of thumb (13 min per lb unstuffed) gives about 3¼ hours, so treat any time as an estimate.\n"
     "- It's done when a thermometer reads 165°F (74°C) in the thickest part of the thigh, the wing and the breast.\n"
     "Let it rest about 20 minutes before carving.",
     "gpt4", F, None),
    ("Based on the passages provided, a 15-pound turkey falls into the 14 to 18 pound range, which the USDA says takes about 3¾ to 4¼ hours unstuffed in an oven set "
     "to at least 325°F. Passage 3 gives a simpler rule of about 13 minutes per pound, which would be around 3 hours and 15 minutes, or 15 minutes per pound (3¾ hours) "
     "if it is stuffed. Either way, passage 2 says the turkey is only done when it reaches 165°F in the thigh, wing and breast. I hope this helps!",
     "llama2_70b", F, None),
    ("A 15 lb unstuffed turkey takes about 3¾ to 4¼ hours at 325°F, or a little longer if it is stuffed. It is done when a thermometer reads 180°F in the thickest "
     "part of the thigh and breast; then let it rest for about 20 minutes. If the turkey is frozen, thaw it in the refrigerator first, which takes about 24 hours for "
     "every 4 to 5 pounds.",
     "gpt35", "evident_conflict", "'180°F': passage 2 says the turkey is done at 165°F (74°C) in the thigh, wing and breast"),
])

topic("rice-water-ratio", "cooking", "rice to water ratio white rice", [
    "For long-grain white rice on the stove, the standard ratio is 1 cup of rice to 2 cups of water. Bring the water to a boil, add the rice and a pinch of salt, cover, reduce to low and simmer for 18 minutes. Remove from the heat and let it stand, covered, for 5 minutes before fluffing with a fork. One cup of dry rice makes about 3 cups cooked.",
    "Many chefs prefer less water for firmer grains: about 1½ cups of water per cup of jasmine rice, and 1¼ cups for basmati that has been soaked for 30 minutes. Rinsing the rice until the water runs clear removes surface starch and keeps the grains from sticking together.",
    "In a rice cooker, use the lines marked inside the bowl or the cup that came with the machine; rice cooker cups hold 180 ml, smaller than a US cup of 240 ml. Brown rice needs more water, about 2½ cups per cup, and 40 to 45 minutes of simmering.",
], [
    ("Based on the passages provided, the standard ratio for long-grain white rice is 1 cup of rice to 2 cups of water. According to passage 1, you bring the water to "
     "a boil, add the rice, cover it and simmer on low for 18 minutes, then let it stand for 5 minutes. Passage 2 mentions that some chefs use less water, such as 1½ "
     "cups for jasmine rice or 1¼ cups for soaked basmati. I apologize, but the passages do not give a ratio for cooking rice in the microwave. I hope this helps!",
     "llama2_13b", F, None),
    ("The usual ratio for long-grain white rice is 1:2, one cup of rice to two cups of water. That said, it varies by type:\n"
     "- Jasmine: about 1½ cups of water per cup, for firmer grains\n"
     "- Basmati (soaked 30 min): about 1¼ cups\n"
     "- Brown rice: about 2½ cups, with a longer 40-45 minute simmer\n"
     "If you use a rice cooker, follow the bowl's markings; note that its cup is 180 ml, not a 240 ml US cup.",
     "gpt4", F, None),
    ("1 part rice to 2 parts water for long-grain white rice. Simmer covered on low for 18 minutes, then rest 5 minutes. One cup dry gives about 3 cups cooked.",
     "mistral", F, None),
])

topic("steak-doneness-temps", "cooking", "steak internal temperature medium rare", [
    "Internal temperatures for beef steaks, measured in the center with an instant-read thermometer: rare 120-125°F (49-52°C), medium rare 130-135°F (54-57°C), medium 140-145°F (60-63°C), medium well 150-155°F (66-68°C), and well done 160°F (71°C) and above. Pull the steak off the heat about 5°F before your target, because the temperature keeps rising while it rests.",
    "The USDA recommends cooking whole cuts of beef, including steaks and roasts, to a minimum internal temperature of 145°F (63°C) followed by a 3-minute rest. Ground beef should reach 160°F (71°C). Many restaurants serve steaks below the USDA guideline at the customer's request.",
    "For a 1-inch steak on a hot grill, medium rare usually takes 4 to 5 minutes per side. Thicker cuts such as a 2-inch ribeye benefit from the reverse sear: bake at 250°F until about 10-15 degrees below the target, then sear in a very hot pan.",
], [
    ("Based on the passages provided, the internal temperature for a medium rare steak is 130 to 135 degrees Fahrenheit, which is about 54 to 57 degrees Celsius. "
     "Passage 1 explains that you should measure it in the center of the steak with an instant-read thermometer, and that you should take the steak off the heat about "
     "5 degrees before your target temperature because it will keep rising while it rests. So for medium rare you would pull it at around 125 to 130 degrees! However, "
     "it is important to note that according to passage 2, the USDA recommends cooking whole cuts of beef like steak to at least 145°F with a 3-minute rest, which is "
     "actually in the medium range. Passage 3 also says that a 1-inch steak on a hot grill usually takes 4 to 5 minutes per side to reach medium rare. I hope this "
     "helps, and enjoy your steak!",
     "llama2_7b", F, None),
    ("A medium rare steak should read 130-135°F (54-57°C) in the center. Since the temperature rises as the meat rests, take it off the heat about 5°F early. Note that "
     "the USDA's minimum for whole cuts of beef is 145°F with a 3-minute rest, although restaurants often serve steaks below that on request.",
     "gpt35", F, None),
    ("Medium rare is 130-135°F (54-57°C). Take the steak off about 5°F before that, since it keeps cooking while it rests. The USDA's 145°F minimum is for ground beef.",
     "mistral", "subtle_conflict", "moves the USDA's 145°F minimum to ground beef; passage 2 gives 145°F for whole cuts such as steaks and 160°F for ground beef"),
])

# ---------------------------------------------------------------- baking
topic("yeast-conversion", "baking", "substitute instant yeast for active dry", [
    "Active dry yeast and instant yeast can usually be swapped one for one in most recipes. Some bakers prefer to use about 25% less instant yeast, for example ¾ teaspoon of instant for every 1 teaspoon of active dry, because instant yeast is finer and more active. One standard ¼-ounce packet holds 2¼ teaspoons (7 grams) of either type.",
    "Active dry yeast is traditionally dissolved, or 'proofed', in warm water at 105-110°F (40-43°C) for 5 to 10 minutes until foamy before it is added to the flour. Instant yeast can be mixed straight into the dry ingredients. Water above 140°F (60°C) kills yeast.",
    "Fresh (cake) yeast is sold in moist blocks and keeps only about two weeks in the refrigerator. To replace it, use about one third of its weight in instant yeast, or roughly 40% in active dry yeast. Unopened dry yeast keeps until the date on the package; once opened, store it in the freezer.",
], [
    ("Based on the passages provided, you can generally substitute instant yeast for active dry yeast one for one. According to passage 1, some bakers use about 25% "
     "less instant yeast, so ¾ teaspoon of instant for each teaspoon of active dry, since instant yeast is finer and more active. Passage 2 also notes that you don't "
     "need to proof instant yeast in warm water first; it can go straight into the dry ingredients. A ¼-ounce packet contains 2¼ teaspoons, or 7 grams, of either "
     "kind. I hope this helps!",
     "llama2_70b", F, None),
    ("Yes, in most recipes you can swap them 1:1. A few tips:\n"
     "1. Optionally use about a quarter less instant yeast (¾ tsp for every 1 tsp of active dry), since it's finer and more active.\n"
     "2. Skip the proofing step: mix instant yeast directly into the dry ingredients, since its coating dissolves during kneading.\n"
     "3. Keep any liquid well below 140°F (60°C), which kills yeast.\n"
     "One ¼-oz packet is 2¼ tsp (7 g) of either type.",
     "gpt4", "subtle_baseless", "the reason 'since its coating dissolves during kneading' is in no passage (passage 2 only says instant yeast can be mixed into the dry ingredients)"),
    ("Yes, 1:1 works in most recipes, or use about 25% less instant yeast. No need to dissolve it in warm water first; add it straight to the flour.",
     "mistral", F, None),
])

topic("sourdough-starter-feeding", "baking", "how often to feed sourdough starter", [
    "A sourdough starter kept at room temperature (around 70-75°F) should be fed once or twice a day. A common feeding ratio is 1:1:1 by weight: for example, 50 g of starter, 50 g of flour and 50 g of water, discarding the rest. The starter is ready to bake with when it doubles in size within 4 to 8 hours of feeding.",
    "If you bake only occasionally, store your starter in the refrigerator and feed it about once a week. Before using it, take it out and give it one or two feedings at room temperature until it is bubbly and active again. A layer of grayish liquid on top, called hooch, means the starter is hungry; pour it off or stir it in.",
    "Creating a new starter takes 5 to 14 days. Mix equal weights of whole-wheat or rye flour and water, then feed daily. Whole-grain flours contain more wild yeasts and bacteria, so they get fermentation going faster than white flour. Keep the starter in a glass jar with a loose lid.",
], [
    ("Based on the passages provided, how often you feed a sourdough starter depends on where you keep it. According to passage 1, a starter at room temperature should "
     "be fed once or twice a day, often at a 1:1:1 ratio of starter, flour and water by weight. Passage 2 says that if you keep it in the fridge, you only need to feed "
     "it about once a week. A starter that has gone more than a month without feeding in the fridge should be thrown away and started again. I hope this helps!",
     "llama2_13b", "evident_baseless", "the sentence that a starter unfed for more than a month in the fridge should be thrown away is in no passage"),
    ("At room temperature, a sourdough starter should be fed once or twice daily, for example with equal weights of starter, flour and water (50 g each). If you keep it "
     "in the refrigerator, a weekly feeding is enough; give it one or two feedings at room temperature before baking. Grayish liquid on top (hooch) is a sign it needs "
     "feeding.",
     "gpt35", F, None),
    ("Once or twice a day if it lives on the counter; about once a week if it's in the fridge. It's ready to use when it doubles within 4-8 hours of a feeding.",
     "mistral", F, None),
])

# ---------------------------------------------------------------- home repair and DIY
topic("drywall-hole-patch", "diy", "how to patch a hole in drywall", [
    "Small holes up to about ½ inch, such as nail or screw holes, only need spackle. Apply it with a putty knife, scrape it flush with the wall, let it dry (usually 1 to 2 hours for lightweight spackle), then sand lightly with 120- to 150-grit sandpaper and paint.",
    "For holes 1 to 6 inches across, use a self-adhesive mesh patch. Center the patch over the hole, then cover it with joint compound using a 6-inch knife, feathering the edges 2 to 3 inches beyond the patch. Let it dry for 24 hours, apply a second, thinner coat, sand smooth and prime before painting.",
    "Holes larger than 6 inches need a new piece of drywall. Cut the damaged area into a square, screw wood backing strips inside the wall, fasten a matching drywall piece to them, and finish the seams with paper tape and three coats of joint compound.",
], [
    ("It depends on the size of the hole:\n"
     "1. Nail or screw holes (up to ~½ in): fill with spackle, scrape flush, let it dry 1-2 hours, sand lightly (120-150 grit) and paint.\n"
     "2. Holes 1-6 in: stick a self-adhesive mesh patch over the hole, cover it with joint compound and feather it a few inches past the edges. Let it dry 24 hours, add a thinner second coat, then sand, prime and paint.\n"
     "3. Larger than 6 in: cut out a square, screw in wood backing strips, attach a new piece of drywall, and tape and mud the seams (three coats).",
     "gpt4", F, None),
    ("For a medium hole (1 to 6 inches), place a self-adhesive mesh patch over it and cover it with joint compound, feathering the edges 2 to 3 inches beyond the patch. "
     "After 24 hours of drying, apply a thinner second coat, then sand, prime and paint. Tiny nail holes just need spackle, while holes over 6 inches require a new piece "
     "of drywall on wood backing.",
     "gpt35", F, None),
    ("Based on the passages provided, the way you patch a hole in drywall depends on how big the hole is. For small holes like nail holes up to about half an inch, "
     "passage 1 says you only need spackle, which you apply with a putty knife, let dry for 1 to 2 hours and then sand with 120 to 150 grit sandpaper before painting. "
     "For holes between 1 and 6 inches, passage 2 recommends a self-adhesive mesh patch covered with joint compound, which needs to dry for 24 hours before a second "
     "coat. Before cutting into a wall, you should always turn off the power at the breaker and check for wires and pipes behind the drywall. And for really big holes "
     "over 6 inches, passage 3 explains that you need to cut out a square, put in wood backing strips and screw in a new piece of drywall, then finish it with paper "
     "tape and three coats of joint compound. I hope this helps, and good luck with your repair project!",
     "llama2_7b", "evident_baseless", "the sentence about turning off the power at the breaker and checking for wires and pipes is in no passage"),
])

topic("caulk-cure-time", "diy", "how long does silicone caulk take to dry before shower", [
    "100% silicone caulk is usually dry to the touch in 30 minutes to 1 hour, but it needs about 24 hours to cure fully before it is exposed to water. Thick beads, cold temperatures and low humidity can stretch curing to 48 hours or longer, because silicone cures by absorbing moisture from the air.",
    "Acrylic latex caulk dries to the touch in about 30 minutes and can be painted after 2 hours, but many brands say to wait 3 to 7 days before it gets wet, or up to 10 days for siliconized formulas. Always check the label: 'shower-ready' products may allow water exposure in as little as 30 minutes.",
    "To remove old caulk, soften it with a caulk remover, cut along both edges with a utility knife and pull it out. Clean the joint with rubbing alcohol and let it dry completely; new caulk does not stick to soap scum or to leftover silicone.",
], [
    ("Based on the passages provided, it depends on the type of caulk. According to passage 1, 100% silicone caulk is dry to the touch in 30 minutes to an hour, but it "
     "should cure for about 24 hours before you use the shower. It can take 48 hours or more if the bead is thick or the air is cold or dry. Passage 2 says acrylic "
     "latex caulk may need 3 to 7 days, or up to 10 days for siliconized versions, before it gets wet, while some 'shower-ready' products can handle water after just 30 "
     "minutes. It is a good idea to check the label on your product. I hope this helps!",
     "llama2_70b", F, None),
    ("Silicone caulk feels dry within 30 to 60 minutes, but you should wait about 24 hours for it to fully cure before showering. In cold or dry conditions, or with a "
     "thick bead, allow 48 hours or more. Acrylic latex caulk usually needs much longer, 3 to 7 days, before it can get wet.",
     "gpt35", F, None),
    ("About 24 hours for 100% silicone, up to 2 days or more if it's cold, dry or thickly applied. Latex caulk can need 3-7 days. Check the label, since some "
     "shower-ready caulks are water-safe in 30 minutes.",
     "mistral", F, None),
])

topic("paint-coverage", "diy", "how much paint do i need for a 12x12 room", [
    "One gallon of interior paint covers roughly 350 to 400 square feet with one coat on smooth, primed walls. Textured, porous or previously unpainted drywall can reduce coverage to 250-300 square feet per gallon. Most jobs need two coats, especially when changing colors.",
    "To estimate wall area, add the lengths of all walls and multiply by the ceiling height, then subtract about 20 square feet for each door and 15 square feet for each window. For example, a 12 x 12 foot room with 8-foot ceilings has 384 square feet of wall (48 x 8) before subtracting openings.",
    "A quart covers about 100 square feet, enough for trim or a small accent wall. Buying paint by the gallon is usually cheaper per square foot than buying quarts, and a 5-gallon bucket suits whole-house jobs of 1,500 square feet or more per coat.",
], [
    ("Based on the passages provided, a 12 x 12 room with 8-foot ceilings has about 384 square feet of wall, according to passage 2. If the room has one door and two "
     "windows, you would subtract about 20 and 30 square feet, leaving around 334 square feet. Since passage 1 says a gallon covers 350 to 400 square feet per coat and "
     "most jobs need two coats, you would need about 2 gallons. I hope this helps!",
     "llama2_13b", F, None),
    ("Probably about 2 gallons. A 12 x 12 ft room with 8 ft ceilings has roughly 384 sq ft of wall (48 ft of wall length x 8 ft), a bit less once you subtract around "
     "20 sq ft per door and 15 sq ft per window. A gallon typically covers 350-400 sq ft per coat on smooth, primed walls, and most jobs need two coats. If the walls are "
     "textured or unpainted, coverage drops to about 250-300 sq ft per gallon, so you may need closer to 3 gallons. A quart (about 100 sq ft) is enough for trim.",
     "gpt4", F, None),
    ("About 2 gallons. A 12 x 12 room with 8 ft ceilings has 384 sq ft of wall, and a gallon covers 350-400 sq ft per coat with a roller; most rooms need two coats.",
     "mistral", "subtle_baseless", "the condition 'with a roller' is in no passage (passage 1 gives 350-400 sq ft on smooth, primed walls)"),
])

# ---------------------------------------------------------------- gardening and plants
topic("tomato-planting-time", "gardening", "when to plant tomatoes outside", [
    "Tomatoes are warm-season plants that are damaged by frost. Transplant seedlings outdoors 1 to 2 weeks after your area's average last frost date, once nighttime temperatures stay above 50°F (10°C) and the soil has warmed to at least 60°F (16°C). In much of the central US this falls between early May and early June.",
    "Start tomato seeds indoors 6 to 8 weeks before the last frost date. Before transplanting, harden off seedlings by setting them outside for a few hours a day over 7 to 10 days, gradually increasing their exposure to sun and wind.",
    "Space tomato plants 18 to 24 inches apart in rows 3 to 4 feet apart, and plant them deep: bury two thirds of the stem, since tomatoes grow roots along the buried stem. Most varieties need 60 to 85 days from transplant to first harvest.",
], [
    ("Based on the passages provided, the best time to plant tomatoes outside is about 1 to 2 weeks after the average last frost date in your area. According to passage "
     "1, you should wait until the nights stay above 50 degrees Fahrenheit (10°C) and the soil is at least 60°F (16°C), because tomatoes are warm-season plants that can "
     "be damaged by frost. In much of the central United States, this is usually sometime between early May and early June. Passage 2 also recommends hardening off your "
     "seedlings before you transplant them, by putting them outside for a few hours each day for 7 to 10 days so they get used to the sun and wind. And if you are "
     "starting from seed, you should start them indoors 6 to 8 weeks before the last frost! Passage 3 adds that you should space the plants 18 to 24 inches apart and "
     "bury two thirds of the stem. I hope this helps, and happy gardening!",
     "llama2_7b", F, None),
    ("Generally 1-2 weeks after your average last frost date, once:\n"
     "- nights stay above 50°F (10°C), and\n"
     "- the soil is at least 60°F (16°C).\n"
     "In much of the central US that's roughly early May to early June. Harden seedlings off first over 7-10 days, and plant them deep, burying about two thirds of the stem.",
     "gpt4", F, None),
    ("Plant them 1-2 weeks before your last frost date, once nights stay above 50°F and the soil reaches 60°F. Harden seedlings off for 7-10 days first.",
     "mistral", "evident_conflict", "'before your last frost date': passage 1 says to transplant 1 to 2 weeks after the average last frost date"),
])

topic("hydrangea-blue", "gardening", "how to change hydrangea color to blue", [
    "The flower color of bigleaf hydrangeas (Hydrangea macrophylla) depends on aluminum in the soil, which the plants can absorb only in acidic soil. A soil pH of 5.0 to 5.5 gives blue flowers, a pH of 6.0 to 6.5 or higher gives pink, and in between you may see purple or mixed blooms. White hydrangeas do not change color.",
    "To turn hydrangeas blue, lower the pH by adding garden sulfur or aluminum sulfate in spring. A typical rate is 1 tablespoon of aluminum sulfate dissolved in 1 gallon of water, applied around each plant once a month during the growing season. Too much aluminum sulfate can burn roots. Color changes often take a full season or more.",
    "Hydrangeas prefer morning sun and afternoon shade and about 1 inch of water a week. Prune bigleaf types right after flowering, because they bloom on old wood; cutting them back in fall or spring removes next year's flower buds. A layer of mulch helps keep the roots cool and moist.",
], [
    ("Based on the passages provided, you can turn a bigleaf hydrangea blue by making the soil more acidic. According to passage 1, blue flowers appear when the soil pH "
     "is between 5.0 and 5.5, because the plant can only absorb aluminum from acidic soil. Passage 2 suggests adding garden sulfur or aluminum sulfate in spring; a "
     "typical dose is 1 tablespoon of aluminum sulfate in a gallon of water around each plant once a month during the growing season. Be careful not to use too much, "
     "since it can burn the roots, and be patient, because the change may take a season or longer. Please note that white hydrangeas will not change color. I hope "
     "this helps!",
     "llama2_70b", F, None),
    ("To get blue flowers on a bigleaf hydrangea, you need acidic soil so the plant can take up aluminum:\n"
     "1. Aim for a soil pH of about 5.0-5.5 (6.0 and up tends to give pink).\n"
     "2. In spring, add garden sulfur or aluminum sulfate.\n"
     "3. A common rate is 1 Tbsp of aluminum sulfate per gallon of water, poured around each plant monthly through the growing season; don't overdo it, as it can burn roots.\n"
     "Expect it to take a season or more. White varieties won't turn blue.",
     "gpt4", F, None),
    ("Hydrangea color is controlled by soil pH. To make bigleaf hydrangeas blue, lower the pH to about 5.0-5.5 with garden sulfur or aluminum sulfate, for example 1 "
     "tablespoon of aluminum sulfate per gallon of water applied monthly during the growing season. The change can take a full season or more.",
     "gpt35", F, None),
])

# ---------------------------------------------------------------- pets and animal care
topic("dog-chocolate-toxicity", "pets", "how much chocolate is toxic to a dog", [
    "Chocolate contains theobromine and caffeine, which dogs metabolize slowly. Mild signs such as vomiting, diarrhea and restlessness can appear at about 20 mg of theobromine per kilogram of body weight, heart problems at 40-50 mg/kg, and seizures at 60 mg/kg or more. Symptoms usually start 6 to 12 hours after eating and can last up to 72 hours.",
    "The darker the chocolate, the more dangerous it is. Approximate theobromine per ounce: white chocolate 0.25 mg, milk chocolate 44-58 mg, semisweet and dark chocolate 150-160 mg, and unsweetened baking chocolate up to 450 mg. Cocoa powder can contain more than 800 mg per ounce.",
    "If your dog eats chocolate, call your veterinarian or the ASPCA Animal Poison Control Center at (888) 426-4435 right away; a consultation fee may apply. Have your dog's weight, the type of chocolate and the amount eaten ready. Do not induce vomiting at home unless a vet tells you to.",
], [
    ("Based on the passages provided, the toxic amount depends on the dog's weight and the kind of chocolate. According to passage 1, mild symptoms like vomiting and "
     "diarrhea can start at about 20 mg of theobromine per kilogram of body weight, and seizures can happen at 60 mg/kg or more. Passage 2 explains that darker chocolate "
     "has much more theobromine: milk chocolate has about 44-58 mg per ounce, while baking chocolate can have up to 450 mg. So even a small amount of dark or baking "
     "chocolate can be dangerous for a small dog. If your dog eats chocolate, passage 3 says to call your vet or the ASPCA Animal Poison Control Center right away. I "
     "hope this helps!",
     "llama2_13b", F, None),
    ("It depends on your dog's weight and the type of chocolate. Mild signs such as vomiting and diarrhea can appear at around 20 mg of theobromine per kilogram of body "
     "weight, and heart problems and seizures at 40-50 mg/kg. Dark and semisweet chocolate have about three times as much theobromine per ounce as milk chocolate, and "
     "baking chocolate even more. If your dog eats chocolate, call your vet or the ASPCA Animal Poison Control Center right away.",
     "gpt35", "subtle_conflict", "puts seizures at 40-50 mg/kg; passage 1 gives 40-50 mg/kg for heart problems and 60 mg/kg or more for seizures"),
    ("It depends on weight and chocolate type. Trouble can start around 20 mg of theobromine per kg of body weight, and dark or baking chocolate is far more dangerous "
     "than milk chocolate. Call your vet or ASPCA Poison Control right away.",
     "mistral", F, None),
])

topic("kitten-vaccine-schedule", "pets", "kitten vaccination schedule", [
    "Kittens should start core vaccines at 6 to 8 weeks of age. The FVRCP vaccine, which protects against feline viral rhinotracheitis, calicivirus and panleukopenia, is given every 3 to 4 weeks until the kitten is 16 to 20 weeks old. A booster follows one year later, then every 3 years for most indoor cats.",
    "Rabies vaccination is required by law in many US states and is usually given at 12 to 16 weeks of age, as a single dose. Depending on the vaccine used, boosters are given every 1 or 3 years. Keep your cat's rabies certificate, since boarding facilities and groomers often ask for it.",
    "The feline leukemia (FeLV) vaccine is recommended for all kittens and for adult cats that go outdoors or live with FeLV-positive cats. It is given as two doses 3 to 4 weeks apart, starting at 8 weeks or older, after a negative FeLV test.",
], [
    ("Based on the passages provided, kittens should begin their core vaccines at 6 to 8 weeks old. According to passage 1, the FVRCP vaccine is given every 3 to 4 "
     "weeks until the kitten is 16 to 20 weeks old, with a booster one year later and then every 3 years for most indoor cats. Passage 2 says the rabies vaccine is "
     "usually given at 12 to 16 weeks as a single dose. Passage 3 recommends the feline leukemia vaccine for all kittens, given as three doses 3 to 4 weeks apart "
     "starting at 8 weeks, after a negative FeLV test. I hope this helps!",
     "llama2_70b", "evident_conflict", "'three doses': passage 3 says the FeLV vaccine is given as two doses 3 to 4 weeks apart"),
    ("A typical kitten schedule looks like this:\n"
     "- 6-8 weeks: start FVRCP (rhinotracheitis, calicivirus, panleukopenia); repeat every 3-4 weeks until 16-20 weeks.\n"
     "- 8 weeks or older: FeLV, two doses 3-4 weeks apart, after a negative FeLV test.\n"
     "- 12-16 weeks: one rabies shot (legally required in many US states).\n"
     "- One year later: FVRCP booster, then about every 3 years for most indoor cats; rabies boosters every 1 or 3 years depending on the vaccine.\n"
     "Keep the rabies certificate, as boarders and groomers often ask for it.",
     "gpt4", F, None),
    ("Kittens usually get their first FVRCP shot at 6 to 8 weeks, with repeat doses every 3 to 4 weeks until 16 to 20 weeks of age. Rabies is given once at 12 to 16 "
     "weeks, and the FeLV vaccine is given in two doses 3 to 4 weeks apart from 8 weeks on. FVRCP is boosted after one year and then every 3 years for most indoor cats.",
     "gpt35", F, None),
])

topic("dog-bath-frequency", "pets", "how often should you bathe a dog", [
    "Most dogs with short, smooth coats need a bath only every 1 to 3 months. Bathing too often strips the natural oils that keep skin and coat healthy and can cause dryness and itching. Dogs that swim often or roll in mud may need more frequent rinses with plain water.",
    "Breeds with oily coats, such as Basset Hounds, may need a bath as often as once a week, while double-coated breeds like Huskies and Malamutes need baths only a few times a year, with regular brushing instead. Dogs with skin conditions should be bathed on the schedule their veterinarian sets, often with a medicated shampoo.",
    "Use a shampoo made for dogs; human shampoo has a different pH and can irritate a dog's skin. Use lukewarm water, rinse thoroughly, and dry with a towel or a blow dryer on a cool setting. Puppies can usually be bathed from about 8 weeks of age.",
], [
    ("Based on the passages provided, how often you should bathe your dog depends on the type of coat your dog has. According to passage 1, most dogs with short, smooth "
     "coats only need a bath every 1 to 3 months, because bathing too often can strip away the natural oils in their skin and coat and make them dry and itchy. "
     "However, passage 2 explains that some breeds with oily coats, like Basset Hounds, may need a bath as often as once a week, while double-coated breeds like Huskies "
     "and Malamutes only need a few baths a year and should be brushed regularly instead. If your dog has a skin condition, it is best to follow the schedule your vet "
     "sets. Passage 3 also reminds us to use a shampoo made for dogs, not human shampoo, because human shampoo has a different pH and can irritate a dog's skin. I hope "
     "this information is helpful, and happy bathing!",
     "llama2_7b", F, None),
    ("It depends mostly on the coat:\n"
     "- Short, smooth coats: every 1-3 months\n"
     "- Oily coats (e.g., Basset Hounds): as often as weekly\n"
     "- Double coats (e.g., Huskies, Malamutes): a few times a year, with regular brushing in between\n"
     "Over-bathing strips natural oils and can leave skin dry and itchy. Use a dog shampoo and lukewarm water, and follow your vet's schedule if your dog has a skin condition.",
     "gpt4", F, None),
    ("For most short-coated dogs, every 1-3 months. Oily-coated breeds may need weekly baths; double-coated breeds only a few a year.",
     "mistral", F, None),
])

# ---------------------------------------------------------------- personal finance
topic("credit-score-factors", "finance", "what affects credit score", [
    "FICO scores range from 300 to 850 and are based on five categories: payment history (35%), amounts owed (30%), length of credit history (15%), new credit (10%) and credit mix (10%). A score of 670 to 739 is generally considered good, and 800 or above is exceptional.",
    "Credit utilization, the share of your available revolving credit that you are using, is a big part of the 'amounts owed' category. Experts recommend keeping it below 30%, and people with the highest scores often use less than 10%. For example, a $600 balance on cards with a $3,000 total limit is 20% utilization.",
    "A hard inquiry, made when you apply for a loan or credit card, can lower your score by a few points and stays on your report for two years, though FICO counts it for only 12 months. Checking your own score is a soft inquiry and does not affect it. Late payments can remain on your report for seven years.",
], [
    ("Based on the passages provided, your FICO credit score is affected by five main factors. According to passage 1, payment history counts for 35%, amounts owed for "
     "30%, length of credit history for 15%, and new credit and credit mix for 10% each. Passage 2 says that keeping your credit utilization below 30% helps, and people "
     "with top scores often stay below 10%. Passage 3 mentions that applying for new credit causes a hard inquiry that can lower your score by a few points, but "
     "checking your own score does not hurt it. I hope this helps!",
     "llama2_13b", F, None),
    ("Your FICO score (300-850) is built from five factors:\n"
     "1. Payment history, 35%\n"
     "2. Amounts owed, 30%: largely your credit utilization; try to stay under 30%, ideally under 10%\n"
     "3. Length of credit history, 15%\n"
     "4. New credit, 10%: each hard inquiry can cost a few points and is counted for 12 months\n"
     "5. Credit mix, 10%\n"
     "Late payments can linger on your report for up to ten years. Checking your own score is a soft inquiry and won't hurt it.",
     "gpt4", "evident_conflict", "'up to ten years': passage 3 says late payments can remain on your report for seven years"),
    ("Your credit score is mainly affected by your payment history (35% of a FICO score) and the amounts you owe (30%), followed by the length of your credit history "
     "(15%), new credit (10%) and your credit mix (10%). Keeping your card balances below 30% of your limits helps, and new applications cause hard inquiries that can "
     "lower your score by a few points.",
     "gpt35", F, None),
])

topic("roth-ira-limit", "finance", "roth ira contribution limit 2024", [
    "For 2024, the total you can contribute to all of your traditional and Roth IRAs is $7,000, or $8,000 if you are age 50 or older. You can't contribute more than your taxable compensation for the year. Contributions for 2024 can be made until the tax filing deadline, April 15, 2025.",
    "Your ability to contribute to a Roth IRA phases out at higher incomes. For 2024, single filers can make a full contribution with modified adjusted gross income under $146,000, a reduced amount up to $161,000, and nothing above that. For married couples filing jointly, the phase-out range is $230,000 to $240,000.",
    "Roth IRA contributions are made with after-tax dollars, and qualified withdrawals in retirement are tax-free. You can withdraw your contributions (but not earnings) at any time without tax or penalty. Earnings withdrawn before age 59½ and before the account is five years old may be taxed and hit with a 10% penalty.",
], [
    ("Based on the passages provided, the Roth IRA contribution limit for 2024 is $7,000, or $8,000 if you are 50 or older. Please note that according to passage 1, "
     "this limit applies to all of your traditional and Roth IRAs combined, and you cannot contribute more than your taxable compensation. Passage 2 explains that the "
     "amount you can contribute is reduced at higher incomes: for single filers, the phase-out starts at $146,000 of modified adjusted gross income and ends at $161,000, "
     "and for married couples filing jointly it is $230,000 to $240,000. You have until April 15, 2025 to make 2024 contributions. I hope this helps!",
     "llama2_70b", F, None),
    ("The 2024 limit is $7,000, or $8,000 if you're 50 or older, across all your traditional and Roth IRAs combined. The full amount is available to single filers with "
     "a modified AGI under $146,000 and to married couples filing jointly under $230,000, and it phases out completely at $161,000 and $240,000, respectively. You can "
     "make 2024 contributions until April 15, 2025, even if you file for a tax extension.",
     "gpt35", "subtle_baseless", "'even if you file for a tax extension' is in no passage (passage 1 only gives the April 15, 2025 filing deadline)"),
    ("$7,000 for 2024 ($8,000 if you're 50+), shared across all your IRAs. It phases out for single filers between $146,000 and $161,000 of MAGI.",
     "mistral", F, None),
])

topic("mortgage-points", "finance", "are mortgage points worth it", [
    "Mortgage points, also called discount points, are fees paid to the lender at closing in exchange for a lower interest rate. One point costs 1% of the loan amount, so on a $300,000 loan one point is $3,000. Each point typically lowers the rate by about 0.25 percentage points, though this varies by lender.",
    "To decide whether points are worth it, calculate the break-even point: divide the cost of the points by the monthly savings. If a $3,000 point saves $45 a month, you break even after about 67 months, or a little over five and a half years. Points make sense mainly if you expect to keep the loan longer than that.",
    "Discount points on a loan for your main home can often be deducted as mortgage interest in the year they are paid, if you itemize deductions. Points are different from origination fees, which cover the lender's cost of processing the loan and do not lower your rate.",
], [
    ("Based on the passages provided, whether mortgage points are worth it depends mainly on how long you plan to keep your loan. According to passage 1, mortgage "
     "points, also called discount points, are fees that you pay to the lender at closing to get a lower interest rate. One point costs 1% of your loan amount, so on a "
     "$300,000 loan that would be $3,000, and each point usually lowers your rate by about 0.25 percentage points, although it can vary from lender to lender. Passage 2 "
     "explains that you should figure out your break-even point by dividing the cost of the points by how much you save each month. For example, if you pay $3,000 and "
     "save $45 a month, it would take about 67 months, which is a little more than five and a half years, to break even. So points are usually only worth it if you "
     "expect to keep the loan longer than that! Passage 3 also mentions that you may be able to deduct the points on your taxes if you itemize. I hope this helps!",
     "llama2_7b", F, None),
    ("They can be, if you keep the loan long enough. How to judge:\n"
     "1. Cost: one point = 1% of the loan ($3,000 on $300,000) and usually cuts the rate by about 0.25 percentage points, though lenders vary.\n"
     "2. Break-even: divide the cost by the monthly savings. $3,000 / $45 a month = about 67 months, just over 5½ years.\n"
     "3. Decide: points pay off mainly if you expect to keep the mortgage longer than the break-even period.\n"
     "As a bonus, points on a primary-home loan are often deductible as mortgage interest if you itemize.",
     "gpt4", F, None),
    ("Mortgage points can be worth it if you plan to keep your loan for a long time. Each point costs 1% of the loan amount and typically lowers your rate by about 0.25 "
     "percentage points. To find your break-even point, divide the cost of the points by your monthly savings; for example, $3,000 saving $45 a month breaks even after "
     "about 67 months. If you are likely to sell or refinance within a few years, it is usually better to put the money toward a larger down payment instead.",
     "gpt35", "evident_baseless", "the advice to put the money toward a larger down payment instead is in no passage"),
])

# ---------------------------------------------------------------- insurance
topic("term-vs-whole-life", "insurance", "term vs whole life insurance", [
    "Term life insurance covers you for a set period, usually 10, 20 or 30 years, and pays a death benefit only if you die during that term. It has no cash value. Because of this, it is much cheaper: a healthy 30-year-old might pay about $25 a month for a 20-year, $500,000 policy.",
    "Whole life insurance is a type of permanent insurance that lasts your entire life as long as premiums are paid. Part of each premium builds cash value, which grows at a guaranteed rate and can be borrowed against. Premiums stay level but are often 5 to 15 times higher than term premiums for the same death benefit.",
    "Many financial planners suggest buying life insurance worth 10 to 12 times your annual income. Term policies can often be converted to permanent coverage without a new medical exam before a set age, commonly 65 or 70, depending on the insurer.",
], [
    ("Based on the passages provided, the main difference is how long the coverage lasts and whether it builds cash value. According to passage 1, term life insurance "
     "covers you for a set number of years, such as 10, 20 or 30, and has no cash value, which makes it much cheaper. Passage 2 explains that whole life insurance lasts "
     "your whole life as long as you pay the premiums, and part of each premium builds cash value that you can borrow against. However, whole life premiums are often 5 "
     "to 15 times higher than term premiums for the same death benefit. I hope this helps!",
     "llama2_13b", F, None),
    ("The key differences:\n"
     "- Duration: term covers a fixed period (typically 10, 20 or 30 years); whole life lasts your lifetime as long as you keep paying.\n"
     "- Cash value: term has none; whole life builds cash value at a guaranteed rate, which you can borrow against.\n"
     "- Cost: term is far cheaper (for example, around $25 a month for a healthy 30-year-old with a 20-year, $500,000 policy), while whole life premiums rise with age and often end up 5-15 times higher.\n"
     "Many term policies can later be converted to permanent coverage without a new medical exam, up to an age such as 65 or 70.",
     "gpt4", "subtle_conflict", "'whole life premiums rise with age': passage 2 says whole life premiums stay level"),
    ("Term covers a set period (10-30 years) with no cash value and is much cheaper. Whole life lasts your lifetime and builds cash value, but costs 5-15 times more.",
     "mistral", F, None),
])

topic("insurance-deductible", "insurance", "what does a $500 deductible mean", [
    "A deductible is the amount you pay out of pocket on a claim before your insurance pays. With a $500 deductible on your car's collision coverage, if repairs after an accident cost $3,000, you pay the first $500 and your insurer pays the remaining $2,500. If the damage is less than $500, the insurer pays nothing.",
    "Choosing a higher deductible lowers your premium. Raising a car insurance deductible from $200 to $1,000 can cut collision and comprehensive premiums by 40% or more, according to the Insurance Information Institute. Pick a deductible you could pay comfortably from savings.",
    "In car insurance, deductibles usually apply per claim. Liability coverage, which pays for damage you cause to others, normally has no deductible. Some home insurance policies use a percentage deductible for wind or hurricane damage, such as 2% of the home's insured value.",
], [
    ("Based on the passages provided, a $500 deductible means you pay the first $500 of a claim yourself before your insurance company starts paying. According to passage "
     "1, if your car needs $3,000 of repairs after an accident, you would pay $500 and the insurer would pay $2,500. If the damage costs less than $500, you pay all of it. "
     "Passage 3 adds that car insurance deductibles usually apply to each claim. I hope this helps!",
     "llama2_70b", F, None),
    ("A $500 deductible means you pay the first $500 of a covered claim, and your insurer pays the rest. For example, for $3,000 in repairs you would pay $500 and the "
     "insurance company $2,500. A higher deductible generally means a lower premium.",
     "gpt35", F, None),
    ("You cover the first $500 of a claim; insurance pays the rest. On a $1,200 repair, you'd pay $500 and your insurer $700.",
     "mistral", F, None),
])

# ---------------------------------------------------------------- car maintenance
topic("synthetic-oil-interval", "car", "how often to change synthetic oil", [
    "Most modern cars using full synthetic oil can go 7,500 to 10,000 miles between oil changes, and some manufacturers allow up to 15,000 miles. The older rule of changing oil every 3,000 miles dates from conventional oils and older engines. Always follow the interval in your owner's manual or the car's oil-life monitor.",
    "Even if you drive very little, change the oil at least once or twice a year, because oil breaks down over time. Severe driving conditions, such as frequent short trips, towing, dusty roads or extreme heat, call for shorter intervals, often around 5,000 miles.",
    "Synthetic blend oil is a mix of synthetic and conventional base oils and usually costs less than full synthetic. It is commonly changed every 5,000 to 7,500 miles. A full synthetic oil change typically costs $65 to $125 at a shop.",
], [
    ("Based on the passages provided, if your car uses full synthetic oil, you can usually go between 7,500 and 10,000 miles between oil changes, and some manufacturers "
     "even allow up to 15,000 miles! According to passage 1, the old rule of changing your oil every 3,000 miles comes from the days of conventional oil and older "
     "engines. However, it is very important to always follow the interval that is in your owner's manual or shown by your car's oil-life monitor. Passage 2 also says "
     "that you should still change your oil at least once or twice a year even if you don't drive much, since oil breaks down over time, and that severe driving "
     "conditions like lots of short trips, towing, dusty roads or extreme heat may mean changing it around every 5,000 miles. If you use a synthetic blend instead, "
     "passage 3 says it is usually changed every 5,000 to 7,500 miles. I hope this helps!",
     "llama2_7b", F, None),
    ("For full synthetic oil, most modern cars can go about 7,500-10,000 miles between changes (some makers allow up to 15,000). A few caveats:\n"
     "- Follow your owner's manual or oil-life monitor first.\n"
     "- Change it at least once or twice a year even if you rarely drive, as oil degrades over time.\n"
     "- For severe use (short trips, towing, dust, extreme heat), shorten the interval to around 5,000 miles.\n"
     "- Replace the oil filter at every change, since a clogged filter lets dirty oil circulate.\n"
     "A synthetic blend is usually changed every 5,000-7,500 miles.",
     "gpt4", "evident_baseless", "the list item about replacing the oil filter at every change is in no passage"),
    ("With full synthetic oil, most modern cars can go 7,500 to 10,000 miles between oil changes, and some up to 15,000 miles, but you should follow your owner's manual "
     "or oil-life monitor. Change it at least once or twice a year regardless of mileage, and more often (around 5,000 miles) under severe driving conditions.",
     "gpt35", F, None),
])

topic("tire-penny-test", "car", "penny test tire tread", [
    "To do the penny test, insert a penny into a tread groove with Lincoln's head upside down and facing you. If you can see the top of Lincoln's head, your tread is at or below 2/32 of an inch, the legal minimum in most US states, and the tire should be replaced. Check several spots around each tire.",
    "Many safety experts say 2/32 inch is too worn for wet roads and suggest replacing tires at 4/32 inch. For this, use a quarter instead: if you can see the top of George Washington's head, you have less than 4/32 inch of tread. New tires usually have 10/32 to 11/32 inch.",
    "Most tires also have tread wear indicator bars, small raised bars across the bottom of the grooves. When the tread wears down level with these bars, at 2/32 inch, it is time for new tires. Tires should also be replaced after about 6 to 10 years regardless of tread, since rubber ages.",
], [
    ("Based on the passages provided, the penny test is an easy way to check your tire tread. According to passage 1, you put a penny into a tread groove with Lincoln's "
     "head upside down and facing you. If you can see the top of his head, your tread is at or below 2/32 of an inch, which is the legal minimum in most US states, and "
     "you should replace the tire. You should check several spots on each tire, especially on the outer edges where tires wear fastest. Passage 2 suggests using a "
     "quarter instead if you want to replace your tires at 4/32 inch, which is safer on wet roads. I hope this helps!",
     "llama2_13b", "subtle_baseless", "'especially on the outer edges where tires wear fastest' is in no passage (passage 1 only says to check several spots)"),
    ("Here's how the penny test works:\n"
     "1. Put a penny into a tread groove, Lincoln's head upside down and facing you.\n"
     "2. If you can see the top of his head, the tread is at or below 2/32 in, the legal minimum in most states, so replace the tire.\n"
     "3. Repeat at several spots on each tire.\n"
     "Many experts suggest replacing tires earlier, at 4/32 in, for wet roads; a quarter works for that (if you can see the top of Washington's head, you're under "
     "4/32 in). For reference, new tires start at about 10/32-11/32 in.",
     "gpt4", F, None),
    ("Put a penny in the tread, Lincoln's head down. If you can see the top of his head, the tread is 2/32 inch or less and the tire needs replacing.",
     "mistral", F, None),
])

topic("car-battery-life", "car", "how long does a car battery last", [
    "A typical lead-acid car battery lasts 3 to 5 years. Heat is the biggest enemy: in hot climates such as Arizona or Florida, batteries often last only about 3 years, because high temperatures speed up corrosion and water loss inside the battery. Cold weather does not shorten battery life as much, but it reduces the power available for starting.",
    "Signs of a failing battery include a slow-cranking engine, dim headlights at idle, a battery warning light and a swollen case. A healthy, fully charged battery reads about 12.6 volts with the engine off; 12.4 volts is about 75% charged, and below 12.0 volts it is considered discharged.",
    "Frequent short trips of under 20 minutes can prevent the alternator from fully recharging the battery. Many auto parts stores test batteries for free. A replacement usually costs $100 to $250, or more for AGM batteries used in cars with start-stop systems.",
], [
    ("Based on the passages provided, a typical car battery lasts about 3 to 5 years. According to passage 1, batteries in hot climates like Arizona or Florida often "
     "last only about 3 years, and cold weather shortens battery life even more, since it also reduces the power available for starting. Passage 2 lists some signs "
     "that your battery may be failing, such as slow cranking, dim headlights at idle, a battery warning light or a swollen case. I apologize, but the passages do not say how long AGM batteries last. I hope this helps!",
     "llama2_70b", "subtle_conflict", "'cold weather shortens battery life even more': passage 1 says heat is the biggest enemy and cold does not shorten battery life as much"),
    ("Most car batteries last 3 to 5 years, but in hot climates they often last only about 3 years, since heat speeds up corrosion and water loss. Warning signs include "
     "slow cranking, dim headlights at idle and a battery warning light. A healthy, fully charged battery should read about 12.6 volts with the engine off.",
     "gpt35", F, None),
    ("Usually 3-5 years; closer to 3 in hot places like Arizona or Florida. Many auto parts stores will test it for free.",
     "mistral", F, None),
])

# ---------------------------------------------------------------- appliance manuals and troubleshooting
topic("dishwasher-not-draining", "appliances", "dishwasher not draining standing water", [
    "If water is left in the bottom of your dishwasher, start with the filter. Most models made since about 2010 have a manual filter under the lower spray arm: twist it counterclockwise, lift it out, and rinse it under warm water with a soft brush. Manufacturers recommend cleaning it once a month, or more often if you don't pre-rinse dishes.",
    "Next, check the drain hose for kinks and the air gap on the sink, if you have one. If the dishwasher drains into a garbage disposal, make sure the knockout plug was removed when the disposal was installed, and run the disposal before starting a cycle, since food in the disposal can block drainage.",
    "If the filter, hose and disposal are clear, the drain pump may be clogged or failed. Listen for the pump humming during the drain part of the cycle; a humming pump that moves no water often has debris such as glass or a fruit pit stuck in its impeller, which can be cleared with the power off. Replacement drain pumps typically cost $40 to $120 in parts.",
], [
    ("Based on the passages provided, there are several things you can check if your dishwasher is not draining and has standing water in the bottom. First, according "
     "to passage 1, you should clean the filter, which on most newer models is located under the lower spray arm. You just twist it counterclockwise, lift it out and "
     "rinse it under warm water with a soft brush, and it is recommended to do this once a month. Second, passage 2 says to check the drain hose for kinks and check the "
     "air gap on your sink if there is one. If your dishwasher drains into a garbage disposal, make sure the knockout plug was removed and run the disposal before you "
     "start the dishwasher. Finally, if none of that works, passage 3 explains that the drain pump might be clogged or broken, and you can listen for it humming during "
     "the drain cycle. A pump that hums but does not move water has usually failed and needs to be replaced, which typically costs $40 to $120 in parts. I hope this "
     "helps you fix your dishwasher!",
     "llama2_7b", "subtle_conflict", "says a humming pump that moves no water has usually failed and needs replacing; passage 3 says it often has debris stuck in its impeller, which can be cleared"),
    ("Work through these in order:\n"
     "1. Clean the filter. On most models since about 2010 it sits under the lower spray arm; twist it counterclockwise, lift it out and rinse it with warm water and a soft brush (ideally monthly).\n"
     "2. Check the drain hose for kinks, and the sink's air gap if you have one.\n"
     "3. If it drains into a garbage disposal, run the disposal first, and make sure the knockout plug was removed when the disposal was installed.\n"
     "4. Check the drain pump. If it hums during draining but no water moves, debris like glass or a fruit pit may be stuck in the impeller.\n"
     "If the pump has failed, a replacement part usually runs $40-$120.",
     "gpt4", F, None),
    ("Start by removing and rinsing the filter under the lower spray arm, then check the drain hose for kinks and the air gap. If the dishwasher connects to a garbage "
     "disposal, run the disposal and confirm the knockout plug was removed. If the pump hums but doesn't drain, debris may be stuck in its impeller.",
     "gpt35", F, None),
])

topic("keurig-descale-vinegar", "appliances", "how to descale a keurig with vinegar", [
    "Keurig recommends descaling brewers every 3 to 6 months to remove calcium buildup, or sooner if the 'descale' light comes on. You can use Keurig Descaling Solution or white vinegar. Empty the water reservoir and remove any water filter before you begin.",
    "To descale with vinegar, fill the reservoir halfway with undiluted white vinegar and top it up with water. Place a large mug on the drip tray and run brew cycles using the largest cup size, without a pod, until the 'add water' light comes on. Let the machine sit for at least 30 minutes, then discard any remaining solution.",
    "After descaling, rinse the reservoir well, fill it with fresh water to the max fill line and run at least 12 rinse brews to flush out any vinegar taste. Hard water areas may need more frequent descaling. Never descale with bleach or dish soap.",
], [
    ("Based on the passages provided, here is how to descale a Keurig with vinegar. According to passage 1, first empty the water reservoir and take out the water filter "
     "if there is one. Then, passage 2 says to fill the reservoir halfway with white vinegar and fill the rest with water, put a large mug on the drip tray, and run brew "
     "cycles at the largest cup size without a pod until the 'add water' light comes on. Let it sit for at least 30 minutes and throw out the leftover solution. "
     "Finally, passage 3 says to rinse the reservoir, fill it with fresh water and run at least 12 rinse brews to get rid of the vinegar taste. I apologize, but the passages do not give the steps for using Keurig's own descaling solution instead of "
     "vinegar. I hope this helps!",
     "llama2_13b", F, None),
    ("1. Empty the reservoir and remove the water filter, if any.\n"
     "2. Fill the reservoir about halfway with undiluted white vinegar, then top up with water.\n"
     "3. With a large mug on the drip tray, run brew cycles (largest size, no pod) until the 'add water' light comes on.\n"
     "4. Let it sit at least 30 minutes, then pour out what's left.\n"
     "5. Rinse the reservoir, refill with fresh water and run at least 12 rinse brews.\n"
     "Do this every 3-6 months, or sooner in hard-water areas or when the descale light comes on.",
     "gpt4", F, None),
    ("Half vinegar, half water in the reservoir; brew without a pod on the largest setting until the add-water light comes on, wait 30 minutes, then run at least 12 "
     "fresh-water rinse brews.",
     "mistral", F, None),
])

# ---------------------------------------------------------------- smartphone and app settings
topic("android-clear-cache", "phone", "how to clear app cache android", [
    "To clear an app's cache on Android 12 or later, open Settings, tap Apps, then See all apps, choose the app, tap Storage & cache, and tap Clear cache. Clearing the cache removes temporary files and does not delete your account, settings or saved data. Menu names can differ slightly on Samsung and other brands.",
    "Tapping Clear storage (called Clear data on some phones) instead deletes all of the app's data, including logins and settings, and returns the app to the state it was in when first installed. Use it only if clearing the cache does not fix the problem.",
    "Android 8.0 Oreo and later no longer offer a single button to clear the cache for all apps at once; you have to do it app by app. In Chrome, you can clear the browsing cache separately under Settings > Privacy and security > Clear browsing data, choosing 'Cached images and files'.",
], [
    ("Based on the passages provided, you can clear an app's cache on Android 12 or later by going to Settings, tapping Apps, then See all apps, selecting the app, "
     "tapping Storage & cache, and then tapping Clear cache. According to passage 1, this only removes temporary files and won't delete your account or saved data. "
     "Please be careful not to tap Clear storage instead, because passage 2 explains that it deletes all of the app's data, including your logins and settings. Passage "
     "3 also notes that newer versions of Android do not let you clear the cache for all apps at once, so you need to do it one app at a time. I hope this helps!",
     "llama2_70b", F, None),
    ("On Android 12 and newer:\n"
     "1. Open Settings > Apps > See all apps.\n"
     "2. Pick the app.\n"
     "3. Tap Storage & cache > Clear cache.\n"
     "This only removes temporary files; your account and settings stay. Avoid Clear storage (or Clear data) unless clearing the cache doesn't help, since it resets "
     "the app as if freshly installed. Menu names may vary a little on Samsung and other phones.",
     "gpt4", F, None),
    ("Go to Settings > Apps > See all apps, select the app, then tap Storage & cache and Clear cache. This removes the app's temporary files but keeps your account and "
     "settings. To clear the cache for all apps at once, Android 8.0 and later offer a single button for it under Settings > Storage.",
     "gpt35", "evident_conflict", "says Android 8.0 and later offer a single button to clear all apps' caches; passage 3 says they no longer do"),
])

topic("iphone-optimized-charging", "phone", "what is optimized battery charging iphone", [
    "Optimized Battery Charging, introduced in iOS 13, is designed to reduce battery aging. When it is on, your iPhone learns your daily charging routine and, when it expects to be connected for a long time, such as overnight, it waits to finish charging past 80% until just before you need to use it.",
    "To turn the feature on or off, go to Settings > Battery > Battery Health & Charging and toggle Optimized Battery Charging. On iPhone 15 models, you can instead choose an 80% Limit, which stops charging at 80% every time. Turning the feature off lets the phone charge straight to 100%.",
    "Apple says lithium-ion batteries age faster when kept at full charge or exposed to heat. A normal iPhone battery is designed to keep up to 80% of its original capacity at 500 complete charge cycles; iPhone 15 models are rated for 1,000 cycles. Battery Health shows your battery's maximum capacity.",
], [
    ("Based on the passages provided, Optimized Battery Charging is a feature that was introduced in iOS 13 to help reduce the aging of your iPhone's battery. According "
     "to passage 1, when this feature is turned on, your iPhone learns your daily charging routine, and when it expects to stay plugged in for a long time, like "
     "overnight, it will hold the charge at 80% and wait to finish charging until just before you need to use your phone. This is helpful because, as passage 3 "
     "explains, lithium-ion batteries age faster when they are kept at a full charge or get hot. You can turn this feature on or off by going to Settings, then Battery, "
     "then Battery Health & Charging, according to passage 2. If you have an iPhone 15, you can also choose an 80% Limit instead, which stops charging at 80% every "
     "time. I hope this helps, and let me know if you have any other questions!",
     "llama2_7b", F, None),
    ("Optimized Battery Charging is an iOS feature, available since iOS 13, that slows battery aging. Your iPhone learns when you usually charge, and when it expects to "
     "stay plugged in for a long time, such as overnight, it delays charging beyond 80% until shortly before you need it. You can turn it on or off in Settings > Battery "
     "> Battery Health & Charging.",
     "gpt35", F, None),
    ("It's an iOS feature that learns your charging routine and holds the battery at 80% until just before you usually unplug, to reduce battery aging. It also turns "
     "itself off automatically in Low Power Mode. Toggle it in Settings > Battery > Battery Health & Charging.",
     "mistral", "evident_baseless", "the sentence that it turns itself off in Low Power Mode is in no passage"),
])

# ---------------------------------------------------------------- fitness and nutrition
topic("protein-for-muscle", "fitness", "how much protein to build muscle", [
    "The Recommended Dietary Allowance for protein is 0.8 grams per kilogram of body weight per day for healthy adults, about 56 g for a 70 kg (154 lb) man. This is the minimum to prevent deficiency, not the optimal amount for people who train.",
    "For building muscle with resistance training, sports nutrition guidelines recommend 1.6 to 2.2 g of protein per kilogram per day, or roughly 0.7 to 1 g per pound. Spreading intake over 3 to 5 meals of about 20 to 40 g each appears to support muscle growth better than one or two large servings.",
    "Good protein sources include chicken breast (about 31 g per 100 g cooked), Greek yogurt (about 10 g per 100 g), eggs (about 6 g each) and lentils (about 9 g per 100 g cooked). Older adults may need more protein per meal to get the same muscle-building response.",
], [
    ("Based on the passages provided, if you want to build muscle, you should eat about 1.6 to 2.2 grams of protein per kilogram of body weight per day, according to "
     "passage 2. That is roughly 0.7 to 1 gram per pound, so for a 70 kg person it would be about 112 to 154 grams a day. Passage 1 notes that the basic RDA of 0.8 "
     "grams per pound of body weight is only a minimum to prevent deficiency. Passage 2 also suggests spreading your protein over 3 to 5 meals of about 20 to 40 grams "
     "each. I hope this helps!",
     "llama2_13b", "evident_conflict", "'0.8 grams per pound': passage 1 gives the RDA as 0.8 g per kilogram of body weight"),
    ("For muscle gain with resistance training, aim for about 1.6-2.2 g of protein per kg of body weight per day (roughly 0.7-1 g per lb). Some context:\n"
     "- The RDA of 0.8 g/kg is a minimum to avoid deficiency, not an optimum for people who train.\n"
     "- Example: a 70 kg (154 lb) person would target about 112-154 g a day.\n"
     "- Spread it across 3-5 meals of roughly 20-40 g each.\n"
     "Chicken breast (~31 g per 100 g cooked), Greek yogurt, eggs and lentils are good sources.",
     "gpt4", F, None),
    ("To build muscle, most guidelines recommend 1.6 to 2.2 grams of protein per kilogram of body weight daily, or about 0.7 to 1 gram per pound, which is well above the "
     "RDA of 0.8 g/kg. It helps to spread this over 3 to 5 meals with 20 to 40 grams of protein each.",
     "gpt35", F, None),
])

topic("fat-burning-heart-rate", "fitness", "target heart rate zone for fat burning", [
    "A common way to estimate maximum heart rate is 220 minus your age; for a 40-year-old that is 180 beats per minute. The American Heart Association defines moderate-intensity exercise as 50% to 70% of maximum heart rate and vigorous exercise as 70% to 85%.",
    "The so-called fat-burning zone is usually put at about 60% to 70% of maximum heart rate. At this lower intensity, a larger share of the calories you burn comes from fat, but higher-intensity workouts burn more total calories per minute, so they can lead to as much or more fat loss overall.",
    "Wrist-based fitness trackers estimate heart rate with optical sensors and can be less accurate during high-intensity intervals; chest straps are generally more accurate. A more personal way to set zones is the Karvonen formula, which also uses your resting heart rate.",
], [
    ("Based on the passages provided, the fat-burning zone is usually considered to be about 60% to 70% of your maximum heart rate. According to passage 1, you can "
     "estimate your maximum heart rate by subtracting your age from 220, so for a 40-year-old that would be 180 beats per minute, and the fat-burning zone would be "
     "roughly 108 to 126 bpm. However, passage 2 points out that while a larger share of calories comes from fat at this intensity, higher-intensity workouts burn more "
     "calories in total and can lead to as much or more fat loss. I hope this helps!",
     "llama2_70b", F, None),
    ("The 'fat-burning zone' is typically about 60-70% of your maximum heart rate. To estimate it:\n"
     "1. Max heart rate ≈ 220 − your age (e.g., 180 bpm at age 40).\n"
     "2. Multiply by 0.6 and 0.7 (about 108-126 bpm at 40).\n"
     "Keep in mind that harder workouts (70-85%, vigorous) burn more total calories per minute, so they may lead to as much or more fat loss overall, even though a "
     "smaller share comes from fat.",
     "gpt4", F, None),
    ("About 60-70% of your max heart rate (220 minus your age). At that intensity you burn more total calories per minute, mostly from fat.",
     "mistral", "subtle_conflict", "says the 60-70% zone burns more total calories per minute; passage 2 says higher-intensity workouts do, the lower zone only burns a larger share from fat"),
])

# ---------------------------------------------------------------- sleep
topic("power-nap-length", "sleep", "how long should a power nap be", [
    "Sleep researchers generally recommend power naps of 10 to 20 minutes. Naps of this length keep you in the lighter stages of sleep, so you wake up more alert and without much grogginess. A NASA study of pilots found that a 26-minute nap improved alertness by 54% and performance by 34%.",
    "Napping for 30 to 60 minutes can leave you groggy, a state called sleep inertia, because you may wake from deep sleep. A 90-minute nap allows a full sleep cycle, including REM sleep, and can help creativity and memory, but it may make it harder to fall asleep at night.",
    "The best time for a nap for most adults is early afternoon, roughly 1 p.m. to 3 p.m., when there is a natural dip in alertness. Avoid napping after about 4 p.m. People with insomnia are often advised not to nap at all.",
], [
    ("Based on the passages provided, a power nap should ideally be about 10 to 20 minutes long. According to passage 1, naps of this length keep you in the lighter "
     "stages of sleep, so you wake up feeling more alert and not groggy. Interestingly, passage 1 also mentions a NASA study of pilots where a 26-minute nap improved "
     "alertness by 54% and performance by 34%! On the other hand, passage 2 explains that napping for 30 to 60 minutes can make you feel groggy because you might wake "
     "up from deep sleep, which is called sleep inertia. A longer 90-minute nap gives you a full sleep cycle, but it might make it harder to sleep at night. Passage 3 "
     "suggests that the best time to nap is in the early afternoon, between about 1 and 3 p.m., and that you should avoid napping after 4 p.m. I hope this helps, and "
     "sweet dreams!",
     "llama2_7b", F, None),
    ("A power nap should usually last 10 to 20 minutes, which keeps you in light sleep so you wake up alert. Naps of 30 to 60 minutes can leave you groggy, while a "
     "90-minute nap covers a full sleep cycle but may interfere with nighttime sleep. Early afternoon, around 1 to 3 p.m., is the best time.",
     "gpt35", F, None),
    ("10-20 minutes, ideally in the early afternoon. Naps of 30-60 minutes can leave you groggy.",
     "mistral", F, None),
])

# ---------------------------------------------------------------- parenting and child development
topic("baby-solid-food", "parenting", "when can babies start solid food", [
    "The American Academy of Pediatrics recommends exclusive breastfeeding or formula feeding for about the first 6 months, then introducing solid foods at around 6 months while continuing breast milk or formula. Starting solids before 4 months is not recommended. Breast milk or formula remains the main source of nutrition until about 12 months.",
    "Signs a baby is ready for solids include sitting up with little or no support, good head and neck control, opening the mouth when food comes near, and no longer pushing food out with the tongue (the tongue-thrust reflex). Doubling birth weight is sometimes mentioned but is not a reliable sign on its own.",
    "Common first foods include iron-fortified infant cereal, pureed meats, and mashed vegetables and fruits. Introduce one new food at a time and wait 3 to 5 days before the next to watch for reactions. Most babies can have peanut foods early, around 4 to 6 months; ask your pediatrician first if your baby has severe eczema or an egg allergy. Avoid honey before 12 months.",
], [
    ("Based on the passages provided, babies can usually start solid foods at around 6 months of age, according to the American Academy of Pediatrics. Passage 1 says "
     "that starting solids before 4 months is not recommended, and that you should keep giving breast milk or formula. According to passage 2, signs that your baby is "
     "ready include sitting up with little support, good head control, opening their mouth when food comes near, and no longer pushing food out with their tongue. "
     "Passage 3 suggests introducing one new food at a time and waiting 3 to 5 days before the next one. I hope this helps!",
     "llama2_13b", F, None),
    ("Most babies can start solids at around 6 months, per the AAP, alongside continued breast milk or formula; not before 4 months. Look for readiness signs:\n"
     "- Sits up with little or no support\n"
     "- Good head and neck control\n"
     "- Opens their mouth for food\n"
     "- No longer pushes food out with the tongue\n"
     "Good first foods are iron-fortified cereal, pureed meats and mashed vegetables or fruit. Offer one new food at a time, waiting 3-5 days between them, and give "
     "new foods in the morning so you can watch for reactions during the day.",
     "gpt4", "subtle_baseless", "'give new foods in the morning so you can watch for reactions during the day' is in no passage"),
    ("Babies can usually start solid foods at around 6 months, while still getting breast milk or formula; solids should not be started before 4 months. Signs of "
     "readiness include sitting up with little support, good head control and losing the tongue-thrust reflex. Good first foods are iron-fortified infant cereal, "
     "pureed meats and mashed fruits and vegetables.",
     "gpt35", F, None),
])

topic("rear-facing-car-seat", "parenting", "how long should a child be rear facing", [
    "The American Academy of Pediatrics recommends that children ride rear-facing as long as possible, until they reach the highest weight or height allowed by their convertible car seat. Most convertible seats allow rear-facing up to 40 to 50 pounds, which lets most children stay rear-facing past their second birthday.",
    "Rear-facing seats spread crash forces across a child's back, neck and head, which is especially important because young children's spinal columns are still developing. Once a child outgrows the rear-facing limits, use a forward-facing seat with a five-point harness. Many forward-facing harness seats fit children up to 65 pounds.",
    "State laws set minimum requirements that are often lower than best-practice advice; several states require rear-facing until at least age 2 unless the child has reached 40 pounds or 40 inches. Children should ride in the back seat until age 13.",
], [
    ("Based on the passages provided, the American Academy of Pediatrics recommends keeping your child rear-facing for as long as possible, until they reach the maximum "
     "weight or height limit of their convertible car seat. According to passage 1, most convertible seats allow rear-facing up to 40 to 50 pounds, so most kids can "
     "stay rear-facing past age 2. Passage 3 mentions that several states require rear-facing until at least age 2, unless the child has reached 40 pounds or 40 inches. "
     "It is also a good idea to have your installation checked by a certified child passenger safety technician, which is often free at local fire stations. I hope "
     "this helps!",
     "llama2_70b", "evident_baseless", "the sentence about having the installation checked by a certified technician, often free at fire stations, is in no passage"),
    ("As long as possible. The AAP advises keeping children rear-facing until they hit the highest weight or height their convertible seat allows for rear-facing:\n"
     "- Most convertible seats go up to 40-50 lb rear-facing, so most kids stay rear-facing past age 2.\n"
     "- Some state laws set a lower bar (e.g., until at least 2 unless the child is 40 lb or 40 in).\n"
     "After that, switch to a forward-facing seat with a five-point harness, and keep kids in the back seat until 13.",
     "gpt4", F, None),
    ("Until they max out the rear-facing weight or height limit of their convertible seat, usually 40-50 lb. For most kids that's past age 2.",
     "mistral", F, None),
])

# ---------------------------------------------------------------- skincare
topic("sunscreen-reapply", "skincare", "how often to reapply sunscreen", [
    "Dermatologists recommend reapplying sunscreen at least every 2 hours when outdoors, and immediately after swimming or heavy sweating. 'Water-resistant' sunscreens stay effective for either 40 or 80 minutes in water, as stated on the label; no sunscreen is waterproof. Reapply more often near water, snow or sand, which reflect sunlight.",
    "Most adults need about 1 ounce of sunscreen, roughly enough to fill a shot glass, to cover exposed skin. Apply it 15 minutes before going outside. Use a broad-spectrum product with SPF 30 or higher, which blocks about 97% of UVB rays; SPF 50 blocks about 98%.",
    "If you wear makeup, sunscreen sprays and powders with SPF can make reapplying easier during the day. For indoor office days with little sun exposure, one morning application is often enough, though windows do let UVA rays through. A lip balm with SPF 30 protects the lips.",
], [
    ("Based on the passages provided, you should reapply sunscreen at least every 2 hours when you are outside, and right away after swimming or sweating a lot. According "
     "to passage 1, water-resistant sunscreens only stay effective for 40 or 80 minutes in the water, depending on what the label says, and no sunscreen is completely "
     "waterproof. Passage 2 explains that most adults need about 1 ounce of sunscreen, which is about the amount that fills a shot glass, and that you should put it on "
     "15 minutes before you go outside. It is also important to know that sunscreen expires, and the FDA requires sunscreens to stay at full strength for at least three "
     "years, so you should throw out any bottle that is older than that. If you are wearing makeup, passage 3 suggests using an SPF spray or powder to make reapplying "
     "easier. I hope this helps, and stay safe in the sun!",
     "llama2_7b", "evident_baseless", "the sentence about sunscreen expiring and the FDA's three-year full-strength rule is in no passage"),
    ("Reapply at least every 2 hours when you're outdoors, and right away after swimming or heavy sweating. Water-resistant sunscreens only hold up for 40 or 80 minutes "
     "in water (the label says which), and none is truly waterproof. Use about an ounce, roughly a shot glass, of a broad-spectrum SPF 30 or higher, applied 15 minutes "
     "before going out. On indoor office days, one morning application is often enough, though UVA rays do pass through windows.",
     "gpt4", F, None),
    ("You should reapply sunscreen at least every 2 hours while outdoors and immediately after swimming or heavy sweating. Water-resistant sunscreens last 40 or 80 "
     "minutes in water, depending on the label. If you wear makeup, an SPF spray or powder can make reapplying easier.",
     "gpt35", F, None),
])

# ---------------------------------------------------------------- cleaning and laundry
topic("shower-grout-mold", "cleaning", "how to clean mold from shower grout", [
    "For mildew on shower grout, start with a paste of baking soda and water. Spread it on the grout, spray with white vinegar, let it fizz for 10 to 15 minutes, then scrub with a stiff nylon brush and rinse. Avoid metal brushes, which can scratch tile and grout.",
    "For stubborn black mold stains, use a solution of 1 part household bleach to 10 parts water, or a bleach-based cleaner. Ventilate the bathroom, wear rubber gloves, and let the solution sit for 10 minutes before rinsing. Never mix bleach with vinegar or ammonia: it releases toxic chlorine or chloramine gas.",
    "After cleaning, seal the grout with a penetrating grout sealer to help keep moisture out; most sealers should be reapplied every 1 to 2 years. To prevent regrowth, run the exhaust fan during and for 30 minutes after showers, and squeegee the walls.",
], [
    ("Based on the passages provided, there are a couple of ways to clean mold from shower grout. According to passage 1, for light mildew you can spread a paste of "
     "baking soda and water on the grout, spray it with white vinegar, let it fizz for 10 to 15 minutes and then scrub it with a stiff nylon brush. For tougher black "
     "mold stains, passage 2 suggests using 1 part bleach to 10 parts water and letting it sit for 10 minutes, with the bathroom ventilated and gloves on. Please be "
     "careful never to mix bleach with vinegar or ammonia, because it creates toxic gas! Passage 3 recommends sealing the grout afterwards. I hope this helps!",
     "llama2_13b", F, None),
    ("Start by scrubbing the grout with a paste of baking soda and water sprayed with white vinegar, letting it fizz for 10 to 15 minutes before scrubbing with a stiff "
     "nylon brush. For stubborn black stains, apply a solution of 1 part bleach to 10 parts water, let it sit for 10 minutes and rinse, wearing gloves and keeping the "
     "room ventilated. Never combine bleach with vinegar or ammonia. Once the grout is completely dry, usually after 24 hours, seal it with a penetrating sealer.",
     "gpt35", "subtle_baseless", "'once the grout is completely dry, usually after 24 hours' is in no passage (passage 3 only says to seal after cleaning)"),
    ("Scrub with a baking soda paste and vinegar, using a nylon brush. For stubborn stains, use 1 part bleach to 10 parts water for 10 minutes. Don't mix bleach with vinegar.",
     "mistral", F, None),
])

topic("laundry-water-temperature", "cleaning", "what temperature to wash clothes", [
    "Cold water (60-80°F, about 15-27°C) works for most everyday loads, dark and bright colors, and delicates, and it helps prevent shrinking and fading. Modern detergents are formulated to clean well in cold water. About 90% of the energy a washer uses goes to heating water.",
    "Use warm water (90-110°F, about 32-43°C) for moderately soiled clothes, man-made fibers and light-colored items. Hot water (130°F, about 54°C, or above) is best for white cottons, towels, bedding and diapers, and for heavily soiled items or clothes worn by someone who is ill.",
    "Always check the care label. The washtub symbol with one dot means cold, two dots warm, and three or more dots hot; a hand in the tub means hand-wash only. Washing protein stains such as blood in hot water can set them, so rinse them in cold water first.",
], [
    ("Based on the passages provided, the right temperature depends on what you are washing. According to passage 1, cold water, around 60 to 80°F, is fine for most "
     "everyday loads, darks, bright colors and delicates, and it helps prevent shrinking and fading. Passage 2 says warm water, about 90 to 110°F, is good for moderately "
     "dirty clothes, synthetic fabrics and light colors, while hot water of 130°F or more is best for white cottons, towels, bedding and heavily soiled items. Passage 3 "
     "adds that you should always check the care label, and that blood stains should be rinsed in cold water first because hot water can set them. I hope this helps!",
     "llama2_70b", F, None),
    ("It depends on the load:\n"
     "- Cold (about 15-27°C / 60-80°F): most everyday clothes, darks, brights and delicates; reduces shrinking and fading.\n"
     "- Warm (about 32-43°C / 90-110°F): moderately soiled clothes, synthetics, light colors.\n"
     "- Hot (54°C / 130°F or more): white cottons, towels, bedding, diapers and heavily soiled items.\n"
     "Check the care label first (one dot = cold, two = warm, three or more = hot), and rinse protein stains like blood in cold water before washing.",
     "gpt4", F, None),
    ("Cold water is fine for most everyday loads, darks and delicates, and modern detergents clean well in it. Use warm water for moderately soiled clothes and light "
     "colors, and hot water (130°F or higher) for whites, towels, bedding and heavily soiled items. Washing in cold also saves energy, since about 90% of a washer's "
     "energy goes to heating water.",
     "gpt35", F, None),
])

# ---------------------------------------------------------------- travel documents and airline rules
topic("passport-renewal-time", "travel", "how long does passport renewal take", [
    "As of 2024, routine US passport processing takes 6 to 8 weeks and expedited service takes 2 to 3 weeks, not counting mailing time. Expedited service costs an extra $60. Mailing times can add up to 2 weeks each way, so apply well before any planned travel.",
    "You can renew by mail with Form DS-82 if your most recent passport was issued when you were 16 or older, within the last 15 years, and is undamaged. The renewal fee for a passport book is $130. Eligible adults can also use the online renewal system, which opened in 2024.",
    "If you have international travel within 14 days, you may be able to get a passport at one of the State Department's passport agencies or centers, by appointment only, with proof of travel such as a ticket or itinerary. Many countries require your passport to be valid for six months beyond your travel dates.",
], [
    ("Based on the passages provided, renewing a US passport takes about 6 to 8 weeks for routine processing as of 2024, or 2 to 3 weeks if you pay an extra $60 for "
     "expedited service. However, it is important to keep in mind that according to passage 1, these times do not include mailing, which can add up to 2 weeks each "
     "way, so the whole process could take quite a bit longer! To renew by mail, passage 2 says you use Form DS-82, as long as your last passport was issued when you "
     "were 16 or older, within the last 15 years, and is not damaged, and the fee for a passport book is $130. If you need to travel within 14 days, passage 3 explains "
     "that you may be able to get a passport at a passport agency by appointment, with proof of your travel. I hope this helps, and have a great trip!",
     "llama2_7b", F, None),
    ("As of 2024, routine passport processing takes about 6 to 8 weeks, and expedited service, which costs an extra $60, about 2 to 3 weeks. Neither estimate includes "
     "mailing, which can add up to two weeks in each direction. You can renew by mail with Form DS-82 if your last passport was issued within the past 10 years, when "
     "you were 16 or older, and isn't damaged. If you're flying abroad within 14 days, a passport agency appointment may be an option.",
     "gpt4", "evident_conflict", "'within the past 10 years': passage 2 says the most recent passport must have been issued within the last 15 years"),
    ("Routine renewal takes 6-8 weeks, expedited 2-3 weeks (extra $60), plus mailing time.",
     "mistral", F, None),
])

topic("tsa-liquids-rule", "travel", "tsa liquid rule carry on", [
    "Under the TSA's 3-1-1 rule, carry-on liquids, gels, aerosols, creams and pastes must be in containers of 3.4 ounces (100 milliliters) or less. All containers must fit in one clear, quart-sized resealable bag, and each passenger is allowed one bag. Larger containers must go in checked baggage.",
    "Exceptions apply to medications, baby formula, breast milk and juice for infants, which are allowed in reasonable quantities above 3.4 ounces. Declare them to a TSA officer at the checkpoint for separate screening. Duty-free liquids in a sealed, tamper-evident bag with the receipt are also allowed.",
    "Some airports with new CT scanners let passengers leave liquids and laptops in their bags, but the 3.4-ounce container limit still applies unless signs say otherwise. In the European Union, the 100 ml limit was reinstated at many airports in 2024.",
], [
    ("Based on the passages provided, the TSA's 3-1-1 rule says that liquids, gels, aerosols, creams and pastes in your carry-on must be in containers of 3.4 ounces "
     "(100 ml) or less. According to passage 1, all of these containers need to fit into one clear, quart-sized resealable bag, and each passenger can bring one bag. "
     "Passage 2 explains that medications, baby formula, breast milk and juice for infants are exceptions and can be brought in larger amounts, but you need to declare "
     "them at the checkpoint. I hope this helps!",
     "llama2_13b", F, None),
    ("The TSA allows carry-on liquids in containers of up to 3.4 ounces (100 ml), all packed in a single clear quart-sized bag, one per passenger. Anything larger has to "
     "go in checked luggage. Medications, baby formula and breast milk are exempt in reasonable amounts but must be declared at screening.",
     "gpt35", F, None),
    ("Containers up to 3.4 oz (100 ml), all in one clear gallon-sized bag per passenger. Medications and baby formula are exempt but must be declared.",
     "mistral", "evident_conflict", "'gallon-sized bag': passage 1 says one clear, quart-sized bag"),
])

# ---------------------------------------------------------------- real estate
topic("buyer-closing-costs", "realestate", "how much are closing costs for buyer", [
    "Buyers typically pay closing costs of 2% to 5% of the home's purchase price. On a $350,000 home, that is roughly $7,000 to $17,500. Costs include loan origination fees, appraisal, title insurance, recording fees and prepaid items such as property taxes and homeowners insurance.",
    "Sellers usually pay more in total because they cover the real estate agents' commissions, which have often been 5% to 6% of the sale price, plus transfer taxes in some states. Since August 2024, buyer agent compensation in the US must be agreed in a written buyer agreement.",
    "Within three business days of applying for a mortgage, lenders must give you a Loan Estimate listing expected closing costs, and at least three business days before closing you receive a Closing Disclosure with the final figures. Some buyers negotiate seller concessions to cover part of their closing costs.",
], [
    ("Based on the passages provided, buyers usually pay closing costs of about 2% to 5% of the purchase price. According to passage 1, for a $350,000 home, that would be "
     "around $7,000 to $17,500. These costs include things like loan origination fees, the appraisal, title insurance, recording fees, and prepaid property taxes and "
     "homeowners insurance. Passage 3 explains that your lender must give you a Loan Estimate within three business days of applying, and a Closing Disclosure with the "
     "final numbers at least three business days before closing. Some buyers also negotiate seller concessions to cover part of their closing costs, typically up to 3% "
     "of the price. I hope this helps!",
     "llama2_70b", "subtle_baseless", "'typically up to 3% of the price' is in no passage (passage 3 only says some buyers negotiate seller concessions)"),
    ("Buyers usually pay about 2-5% of the purchase price, so roughly $7,000-$17,500 on a $350,000 home. That typically covers:\n"
     "- Loan origination fees and the appraisal\n"
     "- Title insurance and recording fees\n"
     "- Prepaid property taxes and homeowners insurance\n"
     "Your lender's Loan Estimate (within 3 business days of applying) lists expected costs, and the Closing Disclosure (at least 3 business days before closing) gives "
     "the final numbers. You can also try negotiating seller concessions to cover part of them.",
     "gpt4", F, None),
    ("Closing costs for buyers usually run 2% to 5% of the purchase price, or about $7,000 to $17,500 on a $350,000 home. They include lender fees, the appraisal, title "
     "insurance, recording fees and prepaid taxes and insurance. Sellers generally pay more overall because they cover agent commissions.",
     "gpt35", F, None),
])

# ---------------------------------------------------------------- small business and HR
topic("overtime-pay-calculation", "business", "how to calculate overtime pay", [
    "Under the federal Fair Labor Standards Act (FLSA), non-exempt employees must be paid at least 1.5 times their regular rate of pay for every hour worked over 40 in a workweek. For example, an employee earning $20 an hour who works 45 hours earns $800 for the first 40 hours plus $150 for 5 overtime hours, $950 in total.",
    "The regular rate includes most non-discretionary pay, such as shift differentials and production bonuses, not just the hourly wage. A workweek is any fixed, recurring period of 168 hours (seven consecutive 24-hour days); hours cannot be averaged across two weeks.",
    "Some states have stricter rules. California requires overtime at 1.5 times the regular rate for hours over 8 in a workday and double time for hours over 12 in a workday. Salaried employees may be exempt if they meet salary and duties tests; the federal salary threshold is set by Department of Labor rules.",
], [
    ("Based on the passages provided, overtime pay under the federal Fair Labor Standards Act is calculated at 1.5 times the employee's regular rate of pay for every hour "
     "over 40 in a workweek. According to passage 1, if someone earns $20 an hour and works 45 hours in a week, they would get $800 for the first 40 hours and then $150 "
     "for the 5 extra hours, since their overtime rate would be $30 an hour, for a total of $950. Passage 2 also explains that the regular rate is not just the hourly "
     "wage, but also includes things like shift differentials and production bonuses. It is also important to note that hours cannot be averaged over two weeks, "
     "because each workweek is counted on its own! Some states have stricter rules too; for example, passage 3 says California requires overtime for hours over 8 in a "
     "single workday and double time for hours over 12. I hope this helps!",
     "llama2_7b", F, None),
    ("Under the federal FLSA, the basic calculation is:\n"
     "1. Work out the regular rate: the hourly wage plus non-discretionary pay such as shift differentials or production bonuses.\n"
     "2. Multiply it by 1.5 for the overtime rate.\n"
     "3. Pay that rate for each hour over 40 in the workweek.\n"
     "Example: $20/hour for 45 hours → 40 × $20 = $800, plus 5 × $30 = $150, $950 in total.\n"
     "Hours can't be averaged across two weeks, and some states are stricter (California also requires daily overtime after 8 hours and double time after 12).",
     "gpt4", F, None),
    ("Non-exempt employees get 1.5 times their regular rate for each hour over 40 in a workweek, paid on the regular payday for that week. So at $20/hour, 45 hours = "
     "$800 + $150 = $950.",
     "mistral", "subtle_baseless", "'paid on the regular payday for that week' is in no passage"),
])

# ---------------------------------------------------------------- food safety
topic("leftovers-fridge-days", "food_safety", "how long are leftovers good in the fridge", [
    "The USDA says cooked leftovers can be kept in the refrigerator at 40°F (4°C) or below for 3 to 4 days. After that, the risk of food poisoning increases, even if the food looks and smells fine. Leftovers frozen at 0°F (-18°C) stay safe indefinitely but are best in quality within 2 to 6 months.",
    "Refrigerate leftovers within 2 hours of cooking, or within 1 hour if the temperature is above 90°F (32°C), such as at a summer picnic. Divide large amounts into shallow containers so they cool quickly. When reheating, bring leftovers to 165°F (74°C) and bring sauces, soups and gravies to a rolling boil.",
    "Some foods have their own limits: cooked rice is best eaten within 1 day, opened deli meats within 3 to 5 days, and hard-boiled eggs within a week. Label containers with the date the food was cooked so you know when to toss them. When in doubt, throw it out.",
], [
    ("Based on the passages provided, most cooked leftovers are good in the fridge for 3 to 4 days, as long as the fridge is at 40°F (4°C) or colder. According to "
     "passage 1, after that the chance of food poisoning goes up, even if the food looks and smells fine. Passage 2 says you should get leftovers into the refrigerator "
     "within 2 hours of cooking, or within 1 hour if it is hotter than 90°F. Passage 3 mentions that some foods are different; for example, cooked rice is best eaten "
     "within 1 day, while hard-boiled eggs last about a week. I hope this helps!",
     "llama2_13b", F, None),
    ("Cooked leftovers are safe in the refrigerator for 3 to 4 days at 40°F (4°C) or below. Refrigerate them within 2 hours of cooking, or within 1 hour in hot weather, "
     "and reheat them to 165°F (74°C). Leftovers frozen at 0°F keep their best quality indefinitely, although they are only safe for 2 to 6 months.",
     "gpt35", "subtle_conflict", "swaps safety and quality: passage 1 says frozen leftovers stay safe indefinitely and are best in quality within 2 to 6 months"),
    ("3-4 days at 40°F or below. Get them into the fridge within 2 hours, and when in doubt, throw it out.",
     "mistral", F, None),
])

topic("thaw-chicken-safely", "food_safety", "how to thaw chicken safely", [
    "The safest way to thaw chicken is in the refrigerator. Allow about 24 hours for every 4 to 5 pounds, so a package of breasts typically thaws overnight and a whole 4-pound chicken in about a day. Thawed raw chicken can stay in the fridge another 1 to 2 days before cooking and can be refrozen without cooking.",
    "For faster thawing, seal the chicken in a leak-proof bag and submerge it in cold tap water, changing the water every 30 minutes. A 1-pound package may thaw in an hour or less; a 3- to 4-pound package may take 2 to 3 hours. Cook chicken thawed this way immediately.",
    "You can also thaw chicken in the microwave using the defrost setting, but cook it right away, since some areas may start to cook. Never thaw chicken on the counter or in hot water: bacteria multiply quickly between 40°F and 140°F, the so-called danger zone.",
], [
    ("Based on the passages provided, the safest way to thaw chicken is in the refrigerator, which takes about 24 hours for every 4 to 5 pounds. According to passage 1, "
     "chicken thawed this way can stay in the fridge for another 1 to 2 days and can even be refrozen without cooking. If you need it faster, passage 2 suggests sealing "
     "it in a leak-proof bag and putting it in cold tap water, changing the water every 30 minutes, and then cooking it right away. Passage 3 says you can also use the "
     "microwave's defrost setting, but you should never thaw chicken on the counter or in hot water. I hope this helps!",
     "llama2_70b", F, None),
    ("The safest method is to thaw chicken in the refrigerator, allowing about 24 hours for every 4 to 5 pounds. For quicker thawing, submerge it in a sealed bag in cold "
     "water, changing the water every 30 minutes, or use the microwave's defrost setting, and cook it immediately. You can also cook chicken straight from frozen, which "
     "takes about 50% longer than cooking thawed chicken. Never thaw it on the counter or in hot water.",
     "gpt35", "evident_baseless", "the sentence about cooking chicken straight from frozen, about 50% longer, is in no passage"),
    ("- Fridge: about 24 hours per 4-5 lb; the safest way.\n"
     "- Cold water: in a sealed bag, changing the water every 30 minutes.\n"
     "- Microwave: on the defrost setting.\n"
     "Cook right away after cold-water or microwave thawing. Never thaw it on the counter.",
     "mistral", F, None),
])

# ---------------------------------------------------------------- photography
topic("sunny-16-rule", "photography", "sunny 16 rule", [
    "The sunny 16 rule estimates exposure without a light meter: on a bright, sunny day with distinct shadows, set the aperture to f/16 and the shutter speed to the reciprocal of the ISO. At ISO 100, that means 1/100 second, or the nearest setting, 1/125 second.",
    "Adjust for conditions: use f/11 for slight overcast with soft shadows, f/8 for overcast with barely visible shadows, f/5.6 for heavy overcast, and f/4 for open shade or sunset. On snow or sand, which reflect more light, use f/22. Each of these steps is one stop apart.",
    "Because aperture and shutter speed trade off in equal stops, equivalent settings give the same exposure: at ISO 100, f/16 at 1/125 equals f/11 at 1/250 or f/8 at 1/500. A faster shutter speed freezes motion, while a wider aperture gives a shallower depth of field.",
], [
    ("Based on the passages provided, the sunny 16 rule is a way to figure out your camera's exposure without using a light meter. According to passage 1, on a bright "
     "sunny day with clear shadows, you set your aperture to f/16 and your shutter speed to 1 divided by your ISO. So if your ISO is 100, you would use a shutter speed "
     "of 1/100 of a second, or 1/125 since that is the nearest setting. Passage 2 explains that you can adjust this for different conditions, like using f/11 when it "
     "is slightly overcast, f/8 when it is overcast, f/5.6 for heavy overcast, and f/4 for open shade or sunset. If you are photographing snow or sand, you should use "
     "f/22 because they reflect more light! Passage 3 also mentions that you can use equivalent settings; for example, f/8 at 1/500 at ISO 100 gives the same exposure "
     "as f/16 at 1/125. I hope this helps, and happy shooting!",
     "llama2_7b", F, None),
    ("The sunny 16 rule lets you estimate exposure without a meter. On a bright day with distinct shadows:\n"
     "- Aperture: f/16\n"
     "- Shutter speed: 1/ISO (at ISO 100, 1/100 s or the nearest setting, 1/125 s)\n"
     "Then adjust: f/11 for light overcast, f/8 for overcast, f/5.6 for heavy overcast, f/4 for open shade or sunset, and f/22 on snow or sand. Equivalent "
     "combinations also work; for example, f/11 at 1/250 gives a shallower depth of field than f/16 at 1/125 but a slightly brighter exposure.",
     "gpt4", "subtle_conflict", "'a slightly brighter exposure': passage 3 says f/11 at 1/250 gives the same exposure as f/16 at 1/125"),
    ("The sunny 16 rule says that on a bright, sunny day you can set your aperture to f/16 and your shutter speed to the reciprocal of your ISO, such as 1/125 second at "
     "ISO 100. In cloudier conditions you open up the aperture, to f/11, f/8 or f/5.6, while snow or sand calls for f/22.",
     "gpt35", F, None),
])



def main():
    write_three(TOPICS, 6, "web6_cases.jsonl", __doc__)


if __name__ == "__main__":
    main()
