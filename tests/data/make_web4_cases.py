"""Writes tests/data/web4_cases.jsonl from the hand-written web-search topics below.

python tests/data/make_web4_cases.py

What it is: 60 MS-MARCO-like web queries (terse, often lower-case) in domains the web3 set has little of: home
repair and DIY, gardening, pet care, cars, personal finance products (mortgages, credit, insurance, HSAs), travel
rules, phones and software, cooking and food safety, fitness and nutrition, education and careers, weather,
arts/music/literature, and medicine (doses, contagious periods, fever thresholds). Three web-snippet passages per
topic, denser than web3's: more numbers, ranges, metric and imperial units, dates, percentages and named products,
places and people. In well over a third of the topics the passages cover different cases or partly disagree (cement
vs epoxy grout, fridge vs cold-water thawing, wild vs farmed salmon, 2024 vs 2025 limits, Schengen vs UK, baby age
bands, NIST vs CISA, two violin-size charts), so an answer has to keep each number with its case. Two answers per
topic to the same query and passages, written to imitate the logs of different chat LLMs in a RAG product
(model_style): gpt4 (organised, paraphrased, lists), gpt35 (concise, fairly literal, one paragraph), llama
(Llama-2-chat: "Based on the passages...", "Passage 2 states...", "I apologize, but the passages do not...", "I hope
this helps!") and mistral (short). Answers are longer than web3's on average (about a third have six or more
sentences or list items). Some queries ask for something the passages do not cover (a price, a flour, a number of
steps for weight loss, ranges by age); the faithful answer then says so ("The passages don't say what it costs").

One answer is faithful: everything it says is supported by the passages, paraphrased, merged, reordered, with
synonyms, numbers and units written differently ("a quarter of a percentage point" for 0.25, "1.94 lb" for
"1.94 pounds"), and simple arithmetic on passage numbers (384 - 20 - 30 sq ft, 10 x 325 mg); meta sentences about
the passages are not hallucinations. The other is hallucinated with one (in a few cases two) unsupported bits, typed
after the RAGTruth taxonomy, 15 each: evident_conflict (clearly contradicts a passage: another number, a changed
unit such as °C for °F, km for miles, per kg for per 5 lb, inches for cm), subtle_conflict (a small change of
meaning: a number moved to the other case, a swapped comparison, "most" made "all", an attribute moved to the wrong
entity), evident_baseless (a whole added sentence the passages do not contain, often true in the world, sometimes
attributed to a passage: "According to Passage 3, ...") and subtle_baseless (a small added detail inside an
otherwise supported sentence: a reason, a qualifier, a duration). Hallucinated lines carry a "note" saying what is
unsupported.

How it was written: by hand, blind, by a helper who saw no scorer code (nothing under evaluators/ or bench/, not
tests/data/web_cases_src.py, not tests/integration/) and did not run the scorer on it; topics do not repeat web2's
or web3's. Every faithful answer was re-read against its passages. The passages are written to look like real web
snippets and are kept plausible, but their facts are simplified and not checked against the world (fees, limits
and product policies change); the passages are the ground truth.

style is derived from the answer text: "cites" if it mentions a passage or has [n] markers, else "lists" if it has
2+ list lines, else "plain". split: random.Random(4) draws 30 of the 60 topics for "dev", the other 30 are
"held_out" (both answers of a topic share it); then one coin flip per topic from the same generator decides which
answer gets id suffix -1.

Counts (computed and printed by this script, which fails if these lines go stale):
120 lines, 60 topics
label: faithful 60, hallucinated 60
category: evident_baseless 15, evident_conflict 15, faithful 60, subtle_baseless 15, subtle_conflict 15
style: cites 39, lists 34, plain 47
model_style: gpt35 30, gpt4 34, llama 38, mistral 18
split: dev 60, held_out 60
domain: arts 8, careers 8, cars 10, cooking 10, diy 10, finance 10, fitness 8, garden 10, medicine 8, pets 10, tech 10, travel 10, weather 8
style (faithful): cites 20, lists 16, plain 24
model_style (faithful): gpt35 14, gpt4 16, llama 19, mistral 11
style (hallucinated): cites 19, lists 18, plain 23
model_style (hallucinated): gpt35 16, gpt4 18, llama 19, mistral 7
"""
import json
import pathlib
import random
import re
from collections import Counter

T = []


def topic(tid, domain, query, contexts, faithful, halluc):
    """faithful = (answer, model_style); halluc = (answer, model_style, category, note)."""
    T.append(dict(tid=tid, domain=domain, query=query, contexts=contexts, faithful=faithful, halluc=halluc))


# ---------------------------------------------------------------- diy
topic("drywall-anchor", "diy", "how much weight can drywall anchors hold", [
    "Plastic expansion anchors are the weakest option, holding about 10 to 25 lb (4.5 to 11 kg) each in 1/2-inch drywall. Self-drilling threaded anchors, such as those sold by E-Z Ancor, are rated for 25 to 75 lb depending on size. - The Spruce",
    "Toggle bolts are the strongest drywall anchors. A 1/4-inch toggle bolt can hold up to 100 lb in 1/2-inch drywall and about 80 lb in thinner 3/8-inch drywall. Molly bolts typically hold 25 to 50 lb.",
    "Manufacturer ratings assume the anchor is installed in a wall. In a ceiling, most pros suggest counting on no more than half of the wall rating. For anything over 100 lb, such as a large TV or a heavy mirror, fasten directly into a wood stud instead of relying on anchors alone.",
], ("It depends on the anchor type and where it's installed:\n- Plastic expansion anchors: roughly 10–25 lb (about 4.5–11 kg) each in 1/2-inch drywall — the weakest choice.\n- Self-drilling threaded anchors (e.g., E-Z Ancor): 25–75 lb, depending on size.\n- Molly bolts: typically 25–50 lb.\n- Toggle bolts: the strongest — a 1/4-inch toggle can hold up to 100 lb in 1/2-inch drywall, but only about 80 lb in 3/8-inch drywall.\n- Ceilings: count on no more than half the wall rating.\n- Anything over 100 lb (a large TV, a heavy mirror): fasten into a wood stud rather than relying on anchors alone.", "gpt4"),
   ("Based on the passages, the weight a drywall anchor can hold depends on its type. Passage 1 states that plastic expansion anchors are the weakest, holding about 10 to 25 lb each in 1/2-inch drywall, while self-drilling threaded anchors such as E-Z Ancor are rated for 25 to 75 lb. According to Passage 2, toggle bolts are the strongest option: a 1/4-inch toggle bolt can hold up to 100 lb in 3/8-inch drywall. Molly bolts typically hold 25 to 50 lb. Passage 3 adds that in a ceiling you should count on no more than half of the wall rating, and that anything over 100 lb, like a large TV, should be fastened into a wood stud. I hope this helps!", "llama",
    "subtle_conflict", "gives the 100 lb toggle rating for 3/8-inch drywall; passage 2: 100 lb in 1/2-inch, about 80 lb in 3/8-inch"))

topic("grout-sealing", "diy", "how long to wait before sealing grout and how much does sealer cost", [
    "Most manufacturers recommend waiting 48 to 72 hours after grouting before applying a penetrating sealer to cement-based grout. Some rapid-setting grouts can be sealed after 24 hours, but check the label on the bag.",
    "Epoxy grout does not need to be sealed at all. It is ready for light foot traffic after about 24 hours and reaches full cure in 7 days. Keep showers with new cement grout dry for at least 72 hours.",
    "Sealer is usually reapplied every 1 to 3 years in high-traffic areas such as kitchen floors and showers. To test, drip water on the grout: if it darkens within a few minutes, it's time to reseal. A quart of sealer covers roughly 100 to 150 square feet of tile.",
], ("Based on the passages, you should generally wait 48 to 72 hours after grouting before sealing cement-based grout (Passage 1). Some rapid-setting grouts can be sealed after just 24 hours, but Passage 1 advises checking the label. Passage 2 notes that epoxy grout doesn't need sealing at all, and that new cement grout in a shower should be kept dry for at least 72 hours. Passage 3 adds that sealer is typically reapplied every one to three years in busy areas, and that if water darkens the grout within a few minutes, it's time to reseal. A quart covers about 100 to 150 square feet of tile. I apologize, but the passages do not mention how much grout sealer costs. I hope this helps!", "llama"),
   ("Wait 48 to 72 hours before sealing cement-based grout, though some rapid-setting grouts can be sealed after 24 hours. Epoxy grout doesn't need sealing; it handles light traffic after about 24 hours and fully cures in 7 days. A bottle of penetrating grout sealer typically costs $10 to $25 at home improvement stores. Reseal every 1 to 3 years in high-traffic areas.", "gpt35",
    "evident_baseless", "adds a price: sealer costs $10-$25 a bottle; the passages give no price"))

topic("paint-room", "diy", "how much paint do i need for a 12x12 room", [
    "One gallon of paint covers about 350 to 400 square feet on smooth, previously painted walls. Rough or textured surfaces such as stucco or unprimed drywall may get only 250 to 300 square feet per gallon. Most rooms need two coats. - Sherwin-Williams",
    "To estimate wall area, multiply the room's perimeter by the ceiling height. A 12 x 12 ft room with 8-ft ceilings has 384 sq ft of wall. Subtract about 20 sq ft for each standard door and 15 sq ft for each window.",
    "In metric terms, one litre of emulsion covers roughly 10 to 12 square metres per coat. A standard 2.5-litre tin is enough for about 25 to 30 m². Ceilings are calculated separately; a 12 x 12 ft ceiling is 144 square feet.",
], ("Here's a quick estimate for a 12 × 12 ft room with 8-foot ceilings:\n1. Wall area: 384 sq ft (perimeter × ceiling height).\n2. Openings: take off about 20 sq ft per door and 15 sq ft per window — with one door and two windows you'd have about 334 sq ft.\n3. Coverage: a gallon covers roughly 350–400 sq ft on smooth, already-painted walls, but only 250–300 on textured or unprimed surfaces.\n4. Coats: most rooms need two, so plan on about 2 gallons for smooth walls.\n5. Ceiling: figure it separately — it adds 144 sq ft.\nIf you're buying in litres, one litre covers about 10–12 m² per coat, and a 2.5 L tin does roughly 25–30 m².", "gpt4"),
   ("Based on the passages, a 12 x 12 room with 8-foot ceilings has 384 square feet of wall area (Passage 2), minus about 20 square feet per door and 15 per window. Passage 1 says one gallon covers about 350 to 400 square feet on smooth walls, and most rooms need two coats. According to Passage 3, one gallon of emulsion covers roughly 10 to 12 square metres per coat, and the ceiling adds another 144 square feet. I hope this helps!", "llama",
    "evident_conflict", "gallon of emulsion covers 10-12 m² per coat; passage 3 gives that per litre"))

topic("gfci-locations", "diy", "where are gfci outlets required and cost to install", [
    "The National Electrical Code (NEC) requires GFCI protection for 125-volt, 15- and 20-amp receptacles in bathrooms, garages, outdoors, crawl spaces, unfinished basements, laundry areas and within 6 feet (1.8 m) of the outside edge of any sink.",
    "Since the 2020 NEC, all kitchen receptacles must be GFCI-protected, not just those serving countertops. The 2023 edition extended protection to outlets up to 250 volts in many of these locations. Local codes may adopt NEC editions years later, so requirements vary by town.",
    "A GFCI outlet cuts power in as little as 1/40 of a second when it detects a ground fault of about 4 to 6 milliamps. Press the TEST and RESET buttons once a month to make sure it still works. Since 2015, UL has required new GFCI outlets to have a self-test feature.",
], ("Under the National Electrical Code, GFCI protection is required for 125-volt, 15- and 20-amp outlets in bathrooms, garages, crawl spaces, unfinished basements, laundry areas, outdoors, and within 6 feet of a sink's outer edge. Since the 2020 code, every kitchen outlet needs it too, and the 2023 edition covers outlets up to 250 volts in many of these spots. Local rules vary because towns adopt new code editions at different times. The passages don't say what it costs to install one.", "gpt35"),
   ("GFCI outlets are required (NEC) for 125-volt, 15- and 20-amp receptacles in:\n- Bathrooms\n- Garages and unfinished basements\n- Crawl spaces\n- Outdoors\n- Laundry areas\n- Within 6 feet (1.8 m) of a sink's edge\n- Kitchens — since the 2020 NEC, the receptacles that serve countertops\nThe 2023 edition extended protection to outlets up to 250 volts in many of these locations. A GFCI trips in about 1/40 of a second. Installation cost isn't covered in these sources.", "gpt4",
    "subtle_conflict", "2020 NEC: kitchen countertop receptacles; passage 2 says all kitchen receptacles, not just countertop ones"))

topic("silicone-caulk-cure", "diy", "how long after caulking can i shower", [
    "Most 100% silicone caulks form a skin in about 30 minutes but need 24 hours before they can be exposed to water. Cure time increases in cold or humid conditions; below 40°F (4°C), application isn't recommended. - DAP",
    "Some fast-curing silicone formulas are marketed as shower-ready in as little as 3 hours. Acrylic latex caulk dries to the touch in 30 minutes but can take up to 7 days to fully cure and is less suited to wet areas.",
    "A bead thicker than about 1/4 inch (6 mm) takes longer to cure because silicone cures from the outside in, using moisture in the air. Run a bathroom fan to keep air moving, but avoid splashing the joint before it has cured.",
], ("For standard 100% silicone, wait 24 hours before showering — it skins over in about 30 minutes but needs a full day before it can get wet. Some fast-curing silicones claim to be shower-ready in 3 hours. Cold or humid air and beads thicker than about 1/4 in (6 mm) slow curing.", "mistral"),
   ("Timing depends on the product:\n- Standard 100% silicone: skins over in about 30 minutes, but wait 24 hours before it gets wet.\n- Fast-curing silicone: some are marketed as shower-ready in as little as 30 minutes.\n- Acrylic latex caulk: dry to the touch in 30 minutes, but it can take up to 7 days to fully cure and is less suited to wet areas.\n- Thick beads: anything over about 1/4 inch (6 mm) takes longer, since silicone cures from the outside in.\nCold or humid conditions slow curing, and application isn't recommended below 40°F (4°C). Run the bathroom fan, but don't splash the joint until it has cured.", "gpt4",
    "evident_conflict", "fast-cure silicone shower-ready in 30 minutes; passage 2 says 3 hours (30 minutes is the skin / touch-dry time)"))

# ---------------------------------------------------------------- garden
topic("tomato-spacing", "garden", "how far apart to plant tomatoes", [
    "Space determinate (bush) tomatoes 18 to 24 inches (45-60 cm) apart. Indeterminate varieties such as 'Sungold' and 'Brandywine' grow larger and need 24 to 36 inches (60-90 cm) between plants. Leave 4 feet (1.2 m) between rows. - Bonnie Plants",
    "If you stake or cage indeterminate tomatoes and prune them to one or two main stems, you can plant them as close as 15 to 18 inches apart. Good spacing improves air flow, which helps prevent fungal diseases like early blight.",
    "Transplant tomatoes outdoors 1 to 2 weeks after your last frost date, once night temperatures stay above 50°F (10°C). In containers, grow one plant per pot of at least 5 gallons (19 liters).",
], ("Based on the passages, the right spacing depends on the type of tomato. Passage 1 recommends 18 to 24 inches (about 45 to 60 cm) between determinate, or bush, tomatoes, and 24 to 36 inches (60 to 90 cm) for larger indeterminate varieties like 'Sungold' and 'Brandywine'. Rows should be about 4 feet apart. However, Passage 2 notes that if you stake or cage indeterminate plants and prune them to one or two main stems, you can set them as close as 15 to 18 inches. Proper spacing also improves air circulation, which helps prevent fungal diseases such as early blight. According to Passage 3, you should transplant 1 to 2 weeks after the last frost, once nights stay above 50°F (10°C), and container plants need a pot of at least 5 gallons each. I hope this helps!", "llama"),
   ("Tomato spacing depends on the type:\n- Determinate (bush): 18–24 in (45–60 cm).\n- Indeterminate: 24–36 in (60–90 cm), or 15–18 in if staked or caged and pruned to one or two stems.\n- Rows: about 4 ft (1.2 m) apart.\n- Containers: one plant per 5-gallon (19 L) pot.\n- Planting depth: bury up to two-thirds of the stem, since tomatoes grow roots along the buried part.\nTransplant 1–2 weeks after your last frost, once nights stay above 50°F.", "gpt4",
    "evident_baseless", "adds a planting-depth tip: bury two-thirds of the stem, roots grow along it"))

topic("mowing-height", "garden", "best mowing height for lawn", [
    "Cool-season grasses such as Kentucky bluegrass and tall fescue should be mowed at 2.5 to 4 inches. Warm-season Bermuda grass and zoysia can be cut much shorter, at 1 to 2 inches. St. Augustine grass is an exception among warm-season grasses and does best at 2.5 to 4 inches. - University of Maryland Extension",
    "Follow the one-third rule: never remove more than one-third of the grass blade in a single mowing. If your lawn has grown well past its target height, bring it down gradually over several mowings a few days apart.",
    "During summer heat and drought, raise the mower deck by about half an inch (1.3 cm); taller grass shades the soil and keeps roots cooler. Leave clippings on the lawn — they return nitrogen to the soil.",
], ("It depends on your grass. Cool-season types like Kentucky bluegrass and tall fescue do best at 2.5 to 4 inches, while Bermuda and zoysia can be kept at 1 to 2 inches; St. Augustine, though a warm-season grass, prefers 2.5 to 4 inches. Never cut off more than a third of the blade at once, and raise the deck about half an inch in summer heat or drought.", "gpt35"),
   ("It depends on the grass. Cool-season types like Kentucky bluegrass and tall fescue should be mowed at 2.5 to 4 inches, while warm-season grasses, including Bermuda, zoysia and St. Augustine, can be cut shorter, at 1 to 2 inches. Never remove more than a third of the blade in a single mowing; if the lawn has grown well past its target, bring it down over several mowings a few days apart. In summer heat and drought, raise the deck about half an inch, and leave the clippings on the lawn to return nitrogen to the soil.", "gpt35",
    "subtle_conflict", "puts St. Augustine at 1-2 inches; passage 1 says it is the exception and does best at 2.5-4 inches"))

topic("hydrangea-blue", "garden", "how to make hydrangeas blue", [
    "Only bigleaf (Hydrangea macrophylla) and mountain hydrangeas change color with soil chemistry. Flowers turn blue when the soil pH is below about 5.5 and aluminum is available to the plant; at pH 6.5 or higher they turn pink. - Penn State Extension",
    "To turn flowers blue, dissolve 1 tablespoon of aluminum sulfate in 1 gallon (3.8 L) of water and drench the soil around established plants in early spring, repeating every 4 weeks. Color change can take a full season or two. Avoid fertilizers high in phosphorus, which binds aluminum.",
    "White hydrangeas, such as the smooth hydrangea 'Annabelle' (H. arborescens) and most panicle types, will not turn blue no matter how you treat the soil. To make blue flowers pink, add garden lime to raise the pH.",
], ("To get blue flowers:\n1. Check the type — only bigleaf (H. macrophylla) and mountain hydrangeas respond; white ones like 'Annabelle' and most panicle hydrangeas won't change.\n2. Lower the pH — blue needs soil below roughly pH 5.5 with aluminum available (6.5 or above gives pink).\n3. Apply aluminum sulfate — mix 1 tbsp per gallon of water and soak the soil around established plants in early spring.\n4. Repeat every four weeks.\n5. Skip high-phosphorus fertilizers, since phosphorus binds the aluminum.\n6. Be patient — it can take one or two seasons to see the change.", "gpt4"),
   ("Based on the passages, hydrangeas turn blue when the soil pH is below about 5.5 and aluminum is available (Passage 1). Passage 2 recommends dissolving 1 tablespoon of aluminum sulfate in a gallon of water and drenching the soil in early spring, repeating every 4 weeks. According to Passage 3, burying rusty nails or coffee grounds around the plant will also help turn the flowers blue. Note that white hydrangeas like 'Annabelle' won't change color. I hope this helps!", "llama",
    "evident_baseless", "attributes to passage 3 a tip (rusty nails, coffee grounds) that no passage contains"))

topic("compost-time", "garden", "how long does it take to make compost", [
    "Hot composting can produce finished compost in 1 to 3 months. The pile should be at least 3 x 3 x 3 feet (about 1 cubic meter) and reach 130 to 160°F (54 to 71°C) in its center; turn it every 1 to 2 weeks. - EPA",
    "Cold or passive composting, where materials are simply piled up and left alone, takes 6 months to 2 years. It requires little work but doesn't get hot enough to kill most weed seeds.",
    "Aim for about 3 parts 'browns' (dry leaves, cardboard, straw) to 1 part 'greens' (grass clippings, vegetable scraps) by volume; some guides recommend 2:1 instead. Compost is ready when it is dark, crumbly and smells earthy, and you can no longer recognize the original materials.",
], ("Anywhere from 1 month to 2 years. A hot pile — at least 3 ft on each side, 130–160°F in the middle, turned every week or two — can be done in 1 to 3 months. A cold pile that's left alone takes 6 months to 2 years and won't kill most weed seeds. It's ready when it's dark, crumbly and smells earthy.", "mistral"),
   ("Hot composting takes 1 to 3 months if the pile is at least 3 feet on each side, its center reaches 130 to 160°C, and you turn it every 1 to 2 weeks. Cold composting takes 6 months to 2 years. Use about 3 parts browns to 1 part greens by volume.", "gpt35",
    "evident_conflict", "pile center 130-160°C; passage 1 says 130-160°F (54-71°C)"))

topic("garlic-planting", "garden", "when to plant garlic", [
    "Plant garlic in the fall, about 4 to 6 weeks before the ground freezes, so roots can establish before winter. In USDA zones 3 to 5 this is usually late September to early October; in zones 6 to 8, mid-October to November. - Old Farmer's Almanac",
    "In mild-winter areas (zones 9 and 10), plant in late fall or early winter, from November to January. Softneck types such as 'California Early' do better in warm climates, while hardneck types such as 'Music' need a cold period of at least 6 weeks below 45°F (7°C).",
    "Set cloves pointy end up, 2 inches (5 cm) deep and 6 inches (15 cm) apart, and mulch with 4 to 6 inches of straw in cold regions. Garlic is harvested the following summer, usually June or July, when the lower third of the leaves have turned brown.",
], ("Based on the passages, garlic is planted in the fall, roughly 4 to 6 weeks before the ground freezes (Passage 1). The exact timing depends on your zone: late September to early October in zones 3 to 5, and mid-October through November in zones 6 to 8. Passage 2 says that in mild-winter zones 9 and 10, you can plant from November to January, and softneck types like 'California Early' are better suited to warm climates. Hardneck varieties such as 'Music' need at least six weeks of cold below 45°F (7°C). According to Passage 3, cloves go in pointy end up, about 2 inches deep and 6 inches apart, and the crop is usually harvested the next June or July. I hope this helps!", "llama"),
   ("Garlic goes in during fall, about 4–6 weeks before the ground freezes:\n- Zones 3–5: late September to early October.\n- Zones 6–8: mid-October through November.\n- Zones 9–10: November to January.\nPlant cloves pointy end up, 2 in (5 cm) deep and 6 in (15 cm) apart. Hardneck types like 'Music' need at least 6 weeks below 45°F, while softnecks do better in warm areas. Harvest the following summer when the lower half of the leaves have browned.", "gpt4",
    "subtle_conflict", "harvest when the lower half of the leaves brown; passage 3 says the lower third"))

# ---------------------------------------------------------------- pets
topic("puppy-shots", "pets", "puppy vaccine schedule and cost", [
    "Puppies should receive the DHPP combination vaccine (distemper, hepatitis, parvovirus, parainfluenza) at 6 to 8 weeks, 10 to 12 weeks, and 14 to 16 weeks of age, followed by a booster 1 year later. After that, most vets give DHPP every 3 years. - AKC",
    "Rabies vaccination is required by law in most U.S. states. It is usually given at 12 to 16 weeks, depending on state law, with a booster at 1 year and then every 1 or 3 years, depending on the vaccine and local rules.",
    "Non-core vaccines are recommended based on lifestyle. Leptospirosis can be started at 12 weeks and requires two doses 2 to 4 weeks apart; Bordetella (kennel cough) is often required by boarding kennels and groomers. A full puppy series typically costs $75 to $100 at low-cost clinics and can exceed $300 at private practices.",
], ("A typical puppy vaccine schedule:\n- 6–8 weeks: first DHPP (distemper, hepatitis, parvovirus, parainfluenza).\n- 10–12 weeks: second DHPP.\n- 12–16 weeks: rabies, timed by your state's law.\n- 14–16 weeks: third DHPP.\n- Lifestyle-based extras: leptospirosis from 12 weeks (two doses 2–4 weeks apart) and Bordetella (kennel cough), which many boarding kennels and groomers require.\n- 1 year: DHPP and rabies boosters, then DHPP about every 3 years and rabies every 1 or 3 years.\nCost: roughly $75–$100 for the full series at a low-cost clinic, and it can top $300 at private practices.", "gpt4"),
   ("Based on the passages, puppies get the DHPP vaccine at 6 to 8 weeks, 10 to 12 weeks, and 14 to 16 weeks, with a booster one year later (Passage 1). Passage 2 explains that rabies is usually given at 12 to 16 weeks, depending on state law. Puppies are not fully protected until about two weeks after their final shot, so they should avoid dog parks until then. According to Passage 3, the full series costs about $75 to $100 at low-cost clinics and can be over $300 at private practices. I hope this helps!", "llama",
    "evident_baseless", "adds: not fully protected until two weeks after the last shot, avoid dog parks"))

topic("cat-water", "pets", "how much water should a cat drink per day", [
    "A healthy cat needs roughly 3.5 to 4.5 ounces (about 100 to 130 ml) of water per 5 pounds (2.3 kg) of body weight per day. A 10-pound cat therefore needs about 7 to 9 ounces daily. - PetMD",
    "Cats that eat wet food get much of that water from their diet, since canned food is about 75 to 80 percent moisture, compared with around 10 percent for dry kibble. A cat on an all-wet diet may drink very little from its bowl.",
    "Drinking noticeably more than usual can be a sign of kidney disease, diabetes or hyperthyroidism, especially in cats over 7. Many cats prefer running water; pet fountains and wide, shallow bowls can encourage drinking.",
], ("Plan on about 3.5 to 4.5 ounces (roughly 100–130 ml) of water per 5 pounds of body weight each day, so a 10-pound cat needs about 7 to 9 ounces. Cats on wet food get much of that from their meals, because canned food is 75–80% moisture versus about 10% for dry kibble, so a cat on an all-wet diet may barely touch its bowl. If your cat drinks noticeably more than usual, especially if it's over 7, it could be a sign of kidney disease, diabetes or hyperthyroidism.", "gpt35"),
   ("Roughly 100–130 ml of water per kilogram of body weight a day, or about 7–9 oz for a 10-lb cat. Cats on wet food drink less from the bowl, since canned food is 75–80% moisture versus about 10% for kibble. Drinking much more than usual, especially past age 7, can be a sign of kidney disease, diabetes or hyperthyroidism. A fountain can help, since many cats prefer running water.", "mistral",
    "evident_conflict", "100-130 ml per kilogram; passage 1 gives it per 5 pounds (2.3 kg)"))

topic("grapes-dogs", "pets", "can dogs eat grapes", [
    "No. Grapes, raisins, currants and sultanas can cause sudden kidney failure in dogs. There is no known safe amount; some dogs have become ill after eating just a few, while others eat more with no effects. - ASPCA",
    "In 2021, veterinary toxicologists at the ASPCA Animal Poison Control Center identified tartaric acid as the likely toxic compound in grapes. Vomiting is usually the first sign, often within 6 to 12 hours; lethargy, diarrhea and reduced urination may follow within 24 to 72 hours.",
    "If your dog eats grapes, contact your veterinarian or the ASPCA Animal Poison Control Center at (888) 426-4435 right away; a consultation fee may apply. Vets may induce vomiting if ingestion was within about 2 hours and give IV fluids for at least 48 hours to protect the kidneys.",
], ("No, based on the passages, dogs should not eat grapes. Passage 1 explains that grapes, raisins, currants, and sultanas can cause sudden kidney failure in dogs, and there is no known safe amount — some dogs get sick after only a few. Passage 2 states that in 2021, ASPCA toxicologists identified tartaric acid as the likely toxic compound, and that vomiting is usually the first sign, often within 6 to 12 hours. If your dog eats grapes, Passage 3 recommends contacting your vet or the ASPCA Animal Poison Control Center at (888) 426-4435 right away. I hope this helps!", "llama"),
   ("No — grapes are dangerous for dogs.\n- Risk: grapes, raisins, currants and sultanas can cause sudden kidney failure, and no amount is known to be safe.\n- Cause: in 2021, ASPCA toxicologists identified tartaric acid as the likely culprit; small dogs are at greater risk because the acid is more concentrated relative to their body weight.\n- Symptoms: vomiting within 6–12 hours, then possibly lethargy, diarrhea and reduced urination within 24–72 hours.\n- What to do: call your vet or ASPCA Poison Control at (888) 426-4435 right away. Vets may induce vomiting within about 2 hours and give IV fluids for at least 48 hours.", "gpt4",
    "subtle_baseless", "adds: small dogs at greater risk because the acid is more concentrated for their weight"))

topic("rabbit-lifespan", "pets", "how long do rabbits live as pets", [
    "Domestic rabbits kept indoors typically live 8 to 12 years, and some reach their mid-teens. Wild cottontail rabbits, by contrast, usually live only 1 to 2 years because of predators and disease. - House Rabbit Society",
    "Breed affects lifespan. Small breeds such as the Netherland Dwarf and Holland Lop often live 10 to 12 years, while giant breeds like the Flemish Giant typically live 5 to 8 years.",
    "Spaying and neutering can lengthen a rabbit's life. Studies have found that up to 80% of unspayed female rabbits develop uterine cancer by age 4 to 6. A diet that is about 80% hay supports dental and digestive health.",
], ("Pet rabbits kept indoors usually live 8 to 12 years, and some make it to their mid-teens. Small breeds like the Netherland Dwarf and Holland Lop often reach 10–12 years, while giants like the Flemish Giant usually live 5–8. Spaying or neutering can help them live longer.", "mistral"),
   ("Based on the passages, domestic rabbits kept indoors typically live 8 to 12 years, and some reach their mid-teens (Passage 1). Lifespan also depends on breed. According to Passage 2, small breeds like the Netherland Dwarf and Holland Lop often live 10 to 12 years, while giant breeds like the Flemish Giant typically live only 1 to 2 years. Passage 3 notes that spaying and neutering can lengthen a rabbit's life, since up to 80% of unspayed females develop uterine cancer by age 4 to 6. A diet that is about 80% hay also supports dental and digestive health. I hope this helps!", "llama",
    "evident_conflict", "Flemish Giant 1-2 years; passage 2 says 5-8 (1-2 years is the wild cottontail figure)"))

topic("goldfish-tank", "pets", "what size tank does a goldfish need", [
    "Fancy goldfish, such as orandas and ryukins, need at least 20 gallons (75 liters) for the first fish and 10 gallons (38 liters) for each additional fish. They usually reach 6 to 8 inches (15-20 cm). - Aquarium Co-Op",
    "Single-tailed common and comet goldfish can grow to 10 to 12 inches (25-30 cm) and are best kept in ponds or tanks of 75 gallons or more. Bowls are unsuitable for any goldfish because they lack room for filtration.",
    "Goldfish produce a lot of ammonia, so strong filtration and weekly water changes of 25 to 30 percent are important. Fancy goldfish prefer water at 68 to 74°F (20-23°C).",
], ("Based on the passages, the right tank size depends on the type of goldfish. According to Passage 1, fancy goldfish like orandas and ryukins need at least 20 gallons (75 liters) for the first fish, plus 10 gallons for each additional one. Passage 2 states that common and comet goldfish can grow to 10 to 12 inches, so they are best kept in ponds or tanks of 75 gallons or more. Passage 2 also notes that bowls are not suitable for any goldfish. Passage 3 adds that goldfish produce a lot of ammonia, so strong filtration and weekly water changes of 25 to 30 percent are important. I hope this helps!", "llama"),
   ("Fancy goldfish like orandas and ryukins need at least 20 gallons for the first fish and 10 more gallons for each additional fish. Common and comet goldfish can grow to 10–12 inches within their first two years, so they're best kept in ponds or tanks of 75 gallons or more. Bowls aren't suitable for goldfish. Keep up with strong filtration and weekly 25–30% water changes.", "gpt35",
    "subtle_baseless", "adds: commons/comets reach 10-12 inches within their first two years"))

# ---------------------------------------------------------------- cars
topic("synthetic-oil-interval", "cars", "how often to change synthetic oil", [
    "Most cars using full synthetic oil can go 7,500 to 10,000 miles (12,000 to 16,000 km) between oil changes, compared with 3,000 to 5,000 miles for conventional oil. Always follow the interval in your owner's manual. - Mobil",
    "Toyota recommends changing the 0W-20 synthetic oil in most of its newer models every 10,000 miles or 12 months, whichever comes first. Some European manufacturers, such as BMW, specify intervals of up to 15,000 miles or 1 year.",
    "Severe driving conditions — frequent short trips under 5 miles, towing, extreme heat or cold, or dusty roads — can cut the recommended interval roughly in half. Even if you drive very little, change the oil at least once a year, because oil degrades over time.",
], ("Full synthetic oil typically lasts 7,500 to 10,000 miles (about 12,000–16,000 km) between changes, versus 3,000 to 5,000 for conventional oil. Toyota says every 10,000 miles or 12 months for the 0W-20 synthetic in most newer models, and BMW allows up to 15,000 miles or a year. Severe conditions like short trips, towing or dusty roads can cut that roughly in half, and even if you drive very little you should change it at least once a year. Your owner's manual has the final word.", "gpt35"),
   ("Based on the passages, cars using full synthetic oil can typically go 7,500 to 10,000 miles between oil changes (Passage 1). Passage 2 states that Toyota recommends changing its 0W-20 synthetic every 10,000 kilometers or 12 months, and that BMW allows up to 15,000 miles. According to Passage 3, severe conditions like short trips, towing, or dusty roads can cut the interval roughly in half, and you should change the oil at least once a year. I hope this helps!", "llama",
    "evident_conflict", "Toyota interval 10,000 kilometers; passage 2 says 10,000 miles"))

topic("tire-pressure", "cars", "what should my tire pressure be", [
    "Most passenger cars call for 32 to 35 psi (about 2.2 to 2.4 bar) when the tires are cold. The correct figure for your vehicle is on a sticker inside the driver's door jamb or in the owner's manual. - Bridgestone",
    "The number molded into the tire sidewall, often 44 or 51 psi, is the maximum pressure the tire can safely hold, not the recommended pressure. Some pickups and SUVs specify higher pressures, especially when carrying heavy loads.",
    "Tire pressure drops about 1 psi for every 10°F (roughly 5.6°C) drop in outside temperature. Check pressure at least once a month, before driving. The tire pressure monitoring system (TPMS) warning light comes on when a tire is 25% or more below the recommended pressure.",
], ("For most passenger cars it's 32 to 35 psi (roughly 2.2–2.4 bar), measured cold, but the exact number for your car is on the sticker in the driver's door jamb or in the owner's manual. Don't go by the sidewall number, such as 44 or 51 psi; that's the tire's maximum. Check monthly before driving, since pressure falls about 1 psi for every 10°F drop in temperature.", "gpt35"),
   ("Most cars need 32–35 psi (2.2–2.4 bar) cold; the exact number is on the sticker in the driver's door jamb or in the owner's manual. The number on the sidewall, like 44 or 51 psi, is the recommended pressure for highway driving. Pressure drops about 1 psi per 10°F; check it monthly. The TPMS light comes on when a tire is 25% or more below the recommended pressure.", "mistral",
    "subtle_conflict", "calls the sidewall number the recommended highway pressure; passage 2: it is the maximum, not the recommended pressure"))

topic("brake-pads", "cars", "how long do brake pads last and how much to replace", [
    "Brake pads generally last between 30,000 and 70,000 miles, depending on driving habits, vehicle and pad material. City driving with frequent stops wears pads much faster than highway driving. - Kelley Blue Book",
    "Consumer Reports puts typical brake pad life at 25,000 to 65,000 miles. Ceramic pads usually last longer and produce less dust than semi-metallic pads, while organic pads wear out fastest.",
    "New pads are about 10 to 12 mm thick. Mechanics recommend replacing them when they are worn to about 3 mm (1/8 inch). Many pads have a metal wear indicator that makes a high-pitched squeal when it's time for new ones.",
], ("Based on the passages, brake pads typically last between 30,000 and 70,000 miles, according to Passage 1, although Passage 2 cites Consumer Reports' slightly lower range of 25,000 to 65,000 miles. How long yours last depends on your driving habits, your vehicle, and the pad material. Stop-and-go city driving wears them out much faster than highway miles. Passage 2 also notes that ceramic pads tend to last longer than semi-metallic ones, and organic pads wear out the fastest. According to Passage 3, new pads are about 10 to 12 mm thick and should be replaced at around 3 mm (1/8 inch); a high-pitched squeal from the wear indicator is a common sign. I apologize, but none of the passages mention how much it costs to replace brake pads. I hope this helps!", "llama"),
   ("Brake pads usually last 30,000 to 70,000 miles, though Consumer Reports gives a range of 25,000 to 65,000. Ceramic pads last longest, and city driving wears pads faster than highway driving. Replace them when they're worn to about 3 mm (1/8 inch). Replacing pads typically costs $150 to $300 per axle.", "gpt35",
    "evident_baseless", "adds a price ($150-$300 per axle); the passages give no cost"))

topic("ev-charging-time", "cars", "how long does it take to charge an electric car", [
    "Level 1 charging uses a standard 120-volt household outlet and adds only about 3 to 5 miles of range per hour, so fully charging a 60 kWh battery can take 40 to 50 hours. - U.S. Department of Energy",
    "A Level 2 charger (240 volts), like those installed in garages and at many workplaces, typically adds 20 to 30 miles of range per hour and fills most EV batteries in 4 to 10 hours, making it ideal for overnight charging.",
    "DC fast chargers can take a battery from 20% to 80% in about 20 to 60 minutes. Tesla says its V3 Superchargers, which deliver up to 250 kW, can add up to 200 miles of range in 15 minutes. Charging slows considerably above 80% to protect the battery.",
], ("Charging time depends on the type of charger:\n- Level 1 (120 V household outlet): about 3–5 miles of range per hour; a full charge of a 60 kWh battery can take 40–50 hours.\n- Level 2 (240 V, common in garages and workplaces): roughly 20–30 miles of range per hour, and a full charge in about 4–10 hours — good for overnight.\n- DC fast charging: 20% to 80% in around 20 minutes to an hour.\n- Tesla V3 Superchargers (up to 250 kW): up to 200 miles of range in 15 minutes, according to Tesla.\nAbove 80%, charging slows down considerably to protect the battery.", "gpt4"),
   ("With a Level 2 (240 V) charger, most EVs fill up in 4–10 hours, adding 20–30 miles of range per hour. A standard 120 V outlet adds only 3–5 miles per hour. DC fast chargers go from 20% to 80% in about 20–60 minutes, though cold weather can double that, and Tesla's V3 Superchargers can add up to 200 miles in 15 minutes.", "mistral",
    "subtle_baseless", "adds: cold weather can double fast-charging time"))

topic("flashing-check-engine", "cars", "flashing check engine light meaning", [
    "A solid check engine light usually signals a non-urgent problem, such as a loose gas cap or a failing oxygen sensor; have it checked soon. A flashing check engine light means a severe engine misfire that needs immediate attention. - Car and Driver",
    "When cylinders misfire, unburned fuel can enter the exhaust and overheat the catalytic converter, which can cost $1,000 to $2,500 to replace. If the light is flashing, reduce speed, avoid hard acceleration, and stop driving as soon as it's safe.",
    "Any car sold in the U.S. since the 1996 model year has an OBD-II port, usually under the dashboard. Inexpensive code readers cost $20 to $100, and many auto parts stores, including AutoZone and O'Reilly, will read codes for free.",
], ("Based on the passages, a flashing check engine light indicates a severe engine misfire that needs immediate attention (Passage 1). This is different from a solid light, which usually points to something less urgent, like a loose gas cap or a failing oxygen sensor. According to Passage 2, a misfire can send unburned fuel into the exhaust and overheat the catalytic converter, a part that costs $1,000 to $2,500 to replace. If your light is flashing, slow down, avoid accelerating hard, and stop driving as soon as you safely can. Passage 3 adds that U.S. cars from the 1996 model year on have an OBD-II port, and stores like AutoZone and O'Reilly will read the codes for free. I hope this helps!", "llama"),
   ("A flashing check engine light is more urgent than a solid one:\n- Solid: usually a non-urgent issue like a loose gas cap or a failing oxygen sensor.\n- Flashing: a severe engine misfire. Unburned fuel can get into the exhaust and overheat the catalytic converter, a $1,000–$2,500 repair.\n- What to do: slow down, avoid hard acceleration, and keep driving gently until you reach a mechanic.\n- Diagnosis: cars from the 1996 model year on have an OBD-II port; code readers run $20–$100, and AutoZone and O'Reilly read codes free.", "gpt4",
    "subtle_conflict", "says keep driving gently to a mechanic; passage 2 says stop driving as soon as it is safe"))

# ---------------------------------------------------------------- finance
topic("pmi-removal", "finance", "when does pmi go away", [
    "Under the Homeowners Protection Act of 1998, you can ask your lender to cancel private mortgage insurance (PMI) on a conventional loan once your balance reaches 80% of the home's original value. PMI ends automatically when the balance is scheduled to reach 78%. - Consumer Financial Protection Bureau",
    "If PMI hasn't already ended, it must be removed at the midpoint of the loan's amortization schedule — for example, after 15 years on a 30-year mortgage — as long as you are current on payments.",
    "FHA loans work differently. Borrowers who put down less than 10% pay the mortgage insurance premium (MIP) for the life of the loan; those who put down 10% or more pay it for 11 years. PMI on conventional loans typically costs 0.46% to 1.5% of the loan amount per year.",
], ("On a conventional loan, you can request PMI cancellation once you owe 80% of the home's original value, and it drops off automatically when your balance is scheduled to hit 78%. If neither happens first, it must end at the loan's halfway point — 15 years into a 30-year mortgage, for example — provided you're current on payments. FHA loans are different: with under 10% down you pay mortgage insurance for the life of the loan, and with 10% or more you pay it for 11 years.", "gpt35"),
   ("Based on the passages, you can ask your lender to cancel PMI once your loan balance reaches 80% of your home's original value (Passage 1), and it ends automatically at 78%. Passage 2 says it must be removed at the loan's midpoint, such as after 15 years on a 30-year mortgage. According to Passage 3, FHA borrowers who put down less than 10% pay mortgage insurance for 11 years, while those who put down 10% or more can cancel it at 78% like PMI. I hope this helps!", "llama",
    "subtle_conflict", "FHA under 10% down: 11 years (passage 3: life of the loan); 10%+ down 'cancel at 78%' (passage 3: pay for 11 years)"))

topic("late-payment-score", "finance", "how much does a late payment drop your credit score", [
    "A payment usually isn't reported to the credit bureaus as late until it is at least 30 days past due. Once reported, a late payment can stay on your credit report for 7 years. - Experian",
    "According to FICO data, a single 30-day late payment could drop a score of 780 by 90 to 110 points, while a score of 680 might fall 60 to 80 points. People with higher scores tend to lose more points because they have more to lose.",
    "A 90-day late payment does more damage than a 30-day one. The impact fades over time, especially if you keep all other accounts current. Some lenders will remove a first late payment as a goodwill gesture if you ask.",
], ("It depends on your starting score. Per FICO data, one 30-day late payment could knock 90–110 points off a 780 score, or 60–80 points off a 680. It usually isn't reported until it's 30 days past due, and it can stay on your report for 7 years, though the impact fades over time.", "mistral"),
   ("Based on the passages, a payment usually isn't reported as late until it is at least 30 days past due (Passage 1). According to Passage 2, FICO data show that a single 30-day late payment could drop a 780 score by 90 to 110 points, while a 680 score might fall by 60 to 80 points. People with higher scores tend to lose more because they have more to lose. Once reported, a late payment can stay on your credit report for 10 years. Passage 3 adds that a 90-day late payment does more damage, but the impact fades over time, and some lenders will remove a first late payment as a goodwill gesture. I hope this helps!", "llama",
    "evident_conflict", "stays on the report 10 years; passage 1 says 7 years"))

topic("mortgage-points", "finance", "are mortgage points worth it", [
    "One discount point costs 1% of your loan amount — $3,000 on a $300,000 mortgage — and typically lowers your interest rate by about 0.25 percentage points, though the reduction varies by lender. - Bankrate",
    "To decide whether points pay off, find your break-even point: divide the cost of the points by your monthly savings. If a $3,000 point saves you $50 a month, you break even after 60 months, or 5 years. If you expect to sell or refinance before then, points usually aren't worth it.",
    "Discount points paid on a loan to buy your main home are generally tax-deductible as mortgage interest in the year you pay them, if you itemize deductions. Origination points, which cover lender fees, don't lower your rate.",
], ("Based on the passages, whether mortgage points are worth it depends on whether you keep the loan long enough to break even. According to Passage 1, one discount point costs 1% of the loan amount (for example, $3,000 on a $300,000 mortgage) and typically cuts your rate by about a quarter of a percentage point, though this varies by lender. Passage 2 suggests calculating your break-even point by dividing the cost of the points by your monthly savings; a $3,000 point that saves $50 a month takes 60 months, or five years, to pay off. If you plan to sell or refinance before reaching that point, they usually aren't worth it. Passage 3 adds that discount points on a loan for your main home are generally tax-deductible as mortgage interest in the year paid, if you itemize. I hope this helps!", "llama"),
   ("One discount point costs 1% of the loan — $3,000 on a $300,000 mortgage — and usually lowers your rate by about 0.25 percentage points. Divide the cost by your monthly savings to find your break-even; at $50 a month saved, a $3,000 point pays off in 5 years, and points generally make sense only if you keep the loan for at least 10 years. They're also usually tax-deductible if you itemize.", "gpt35",
    "subtle_baseless", "adds a 10-year rule of thumb; passage 2 ties it to the break-even (5 years in the example)"))

topic("term-vs-whole-life", "finance", "term vs whole life insurance cost", [
    "Term life insurance covers you for a set period, usually 10, 20 or 30 years, and pays out only if you die during that term. A healthy 30-year-old non-smoker can buy a 20-year, $500,000 term policy for roughly $20 to $30 a month. - Policygenius",
    "Whole life insurance lasts your entire life and builds cash value. It typically costs 5 to 15 times more than term coverage for the same death benefit; the same 30-year-old might pay $350 to $450 a month for a $500,000 whole life policy.",
    "Cash value in a whole life policy grows at a guaranteed rate set by the insurer, often 1% to 3.5%, and can be borrowed against. Many financial planners suggest buying term and investing the difference, though whole life can suit people with lifelong dependents or estate-planning needs.",
], ("Term is much cheaper. A healthy 30-year-old non-smoker can get a 20-year, $500,000 term policy for about $20 to $30 a month, while whole life for the same $500,000 might run $350 to $450 a month — typically 5 to 15 times more. The difference is that whole life lasts your entire life and builds cash value, which grows at a guaranteed rate (often 1% to 3.5%) and can be borrowed against; term pays out only if you die during the term (usually 10, 20 or 30 years).", "gpt35"),
   ("Based on the passages, term life insurance is much cheaper than whole life. Passage 1 states that a healthy 30-year-old non-smoker can get a 20-year, $500,000 term policy for about $20 to $30 a month. According to Passage 2, whole life typically costs 5 to 15 times more, around $350 to $450 a month for the same coverage. Passage 3 also explains that most term policies can be converted to whole life without a medical exam before a certain age. I hope this helps!", "llama",
    "evident_baseless", "attributes to passage 3 a conversion option (term to whole life without a medical exam) that no passage mentions"))

topic("hsa-limit-2025", "finance", "hsa contribution limit 2025", [
    "For 2025, the IRS has set the HSA contribution limit at $4,300 for self-only coverage and $8,550 for family coverage, up from $4,150 and $8,300 in 2024. - IRS Rev. Proc. 2024-25",
    "People age 55 or older can contribute an extra $1,000 catch-up contribution each year. Contributions are allowed only while you are covered by a high-deductible health plan (HDHP) and not enrolled in Medicare.",
    "For 2025, an HDHP must have a minimum deductible of $1,650 for self-only coverage or $3,300 for family coverage, with out-of-pocket maximums no higher than $8,300 and $16,600. You have until the tax filing deadline, typically April 15 of the following year, to contribute for 2025.",
], ("For 2025 it's $4,300 for self-only coverage and $8,550 for family coverage, up from $4,150 and $8,300 in 2024. If you're 55 or older you can add a $1,000 catch-up. You have to be on a high-deductible plan and not on Medicare, and you can contribute until the tax deadline, usually April 15 of the following year.", "mistral"),
   ("2025 HSA limits:\n- Self-only coverage: $4,150\n- Family coverage: $8,550\n- Catch-up (age 55+): an extra $1,000\nTo contribute you need a high-deductible health plan — for 2025, a minimum deductible of $1,650 (self-only) or $3,300 (family) — and you can't be enrolled in Medicare. Contributions for 2025 can be made until the tax filing deadline, typically April 15 of the next year.", "gpt4",
    "evident_conflict", "self-only limit $4,150 is the 2024 figure; passage 1 gives $4,300 for 2025"))

# ---------------------------------------------------------------- travel
topic("schengen-stay", "travel", "how long can us citizens stay in europe without visa", [
    "U.S. citizens can visit the Schengen Area visa-free for up to 90 days within any 180-day period for tourism or business. The Schengen Area has 29 member countries, including Bulgaria and Romania, which joined for air and sea travel in March 2024. - U.S. State Department",
    "Your passport must be valid for at least 3 months beyond your planned departure from the Schengen Area and must have been issued within the previous 10 years. Starting in late 2026, Americans will need ETIAS travel authorization, which will cost €20 and be valid for 3 years.",
    "The United Kingdom is not part of Schengen. Americans can visit the UK for up to 6 months without a visa, but since January 8, 2025 they must obtain an Electronic Travel Authorisation (ETA) before travelling; the fee was £10 at launch. Ireland also sets its own rules, allowing visits of up to 90 days.",
], ("It depends on which part of Europe:\n- Schengen Area (29 countries, including Bulgaria and Romania since March 2024): up to 90 days in any 180-day period, visa-free, for tourism or business.\n- Passport rules: valid at least 3 months past your planned departure and issued within the last 10 years.\n- Coming change: from late 2026 you'll need an ETIAS authorization (€20, valid 3 years).\n- United Kingdom: not in Schengen; you can stay up to 6 months without a visa, but since January 8, 2025 you need an ETA before you travel (it cost £10 at launch).\n- Ireland: sets its own rules, with visits of up to 90 days.", "gpt4"),
   ("U.S. citizens can stay in the Schengen Area for up to 90 days in any 180-day period without a visa, for tourism or business. The area now has 29 countries, including Bulgaria and Romania, which joined for air and sea travel in March 2024. Your passport must be valid for at least 3 months beyond your planned departure and have been issued within the last 10 years. From late 2026 you'll also need an ETIAS authorization, which will cost €20. The UK isn't part of Schengen and also allows visits of up to 90 days, though Americans now need an Electronic Travel Authorisation before going.", "gpt35",
    "subtle_conflict", "UK visits up to 90 days; passage 3 says 6 months (90 days is the Schengen and Ireland figure)"))

topic("carry-on-size", "travel", "carry on size limit", [
    "Most major U.S. airlines, including American, Delta and United, limit carry-on bags to 22 x 14 x 9 inches (56 x 36 x 23 cm), including handles and wheels. Southwest allows slightly larger bags, up to 24 x 16 x 10 inches.",
    "Ryanair's free allowance is one small personal bag of 40 x 20 x 25 cm that fits under the seat. A larger 10 kg cabin bag of up to 55 x 40 x 20 cm requires a Priority & 2 Cabin Bags fare.",
    "United's Basic Economy fares don't include a full-size carry-on on most routes; only a personal item that fits under the seat, up to 17 x 10 x 9 inches, is allowed. Most U.S. airlines don't set a weight limit for carry-ons, but many international carriers cap them at 7 to 10 kg (15 to 22 lb).",
], ("Based on the passages, carry-on size limits vary by airline. According to Passage 1, American, Delta, and United all allow carry-ons up to 22 x 14 x 9 inches (56 x 36 x 23 cm), including wheels and handles, while Southwest permits bags up to 24 x 16 x 10 inches. Passage 2 explains that Ryanair's free allowance is just a small under-seat bag of 40 x 20 x 25 cm; a 10 kg cabin bag up to 55 x 40 x 20 cm requires a Priority & 2 Cabin Bags fare. Passage 3 adds that United Basic Economy passengers on most routes can bring only a personal item up to 17 x 10 x 9 inches. Most U.S. airlines do not have a carry-on weight limit, but many international airlines cap bags at 7 to 10 kg (15 to 22 lb). I hope this helps!", "llama"),
   ("Limits vary by airline:\n- American, Delta, United: 22 x 14 x 9 in (56 x 36 x 23 cm), wheels and handles included.\n- Southwest: slightly larger, up to 24 x 16 x 10 in.\n- United Basic Economy: on most routes, only a personal item up to 17 x 10 x 9 in.\n- Ryanair: the free bag is 40 x 20 x 25 inches and must fit under the seat; a 10 kg cabin bag up to 55 x 40 x 20 cm needs a Priority & 2 Cabin Bags fare.\nMost U.S. airlines don't set a weight limit for carry-ons, but many international carriers cap them at 7–10 kg (15–22 lb).", "gpt4",
    "evident_conflict", "Ryanair free bag 40 x 20 x 25 inches; passage 2 gives centimetres"))

topic("esta-fee", "travel", "esta cost and how long is it valid", [
    "The ESTA fee has two parts: a $4 processing charge paid by every applicant and a $17 authorization charge paid only if the application is approved, for a total of $21. Payment is made online by credit or debit card. - U.S. Customs and Border Protection (2024)",
    "An approved ESTA is generally valid for 2 years or until your passport expires, whichever comes first, and allows multiple trips. Each visit under the Visa Waiver Program can last up to 90 days.",
    "CBP recommends applying at least 72 hours before travel. Most applications receive a decision within minutes. The Visa Waiver Program covers citizens of 41 countries, including the UK, Japan, Australia and most of the EU; travelers from non-participating countries need a visa instead.",
], ("An ESTA costs $21 per approved application: a $4 processing fee that everyone pays, plus $17 if you're approved. Once approved, it's usually valid for two years or until your passport expires, whichever is sooner, and you can use it for multiple trips of up to 90 days each. CBP suggests applying at least 72 hours before you travel.", "gpt35"),
   ("Based on the passages, the ESTA costs $21 in total, made up of a $4 processing fee and a $17 authorization fee charged only if you are approved (Passage 1). Passage 2 states that an approved ESTA is valid for 2 years or until your passport expires, and each visit can last up to 90 days. According to Passage 3, you should apply at least 72 hours before your trip. Keep in mind that the 90-day limit cannot be extended, and trips to Canada or Mexico count toward it. I hope this helps!", "llama",
    "evident_baseless", "adds: the 90 days cannot be extended and Canada/Mexico trips count toward them"))

topic("jet-lag", "travel", "how long does jet lag last", [
    "A common rule of thumb is that it takes about one day per time zone crossed for your body clock to adjust. After a flight from New York to Paris, six time zones east, symptoms may last up to 6 days. - Cleveland Clinic",
    "Flying east is usually harder than flying west, because it is easier for the body to lengthen its day than to shorten it. Some studies suggest people adjust to westward travel at about 1.5 hours per day, but only about 1 hour per day after eastward travel.",
    "Melatonin, taken in doses of 0.5 to 5 mg about 30 minutes before bedtime at your destination, may help reduce jet lag, especially after crossing five or more time zones. Getting bright morning light after flying east and evening light after flying west also helps reset your clock.",
], ("Roughly one day for each time zone you cross — so a New York–to–Paris trip (six zones east) can mean symptoms for up to six days. Direction matters: going east is usually tougher, because your body lengthens its day more easily than it shortens it. Some studies suggest you adjust about 1.5 hours a day after flying west but only about an hour a day after flying east. To help your clock reset:\n- Melatonin: 0.5–5 mg about 30 minutes before bedtime at your destination, especially after crossing five or more zones.\n- Light: bright morning light after an eastward flight, evening light after a westward one.", "gpt4"),
   ("Jet lag typically lasts about one day per time zone crossed, so a six-zone trip like New York to Paris can take up to six days to recover from. Flying west is usually harder than flying east. Melatonin (0.5 to 5 mg, taken 30 minutes before bedtime at your destination) may help, especially after crossing five or more time zones.", "gpt35",
    "subtle_conflict", "says flying west is harder; passage 2 says east is harder"))

topic("intl-driving-permit", "travel", "do i need an international driving permit", [
    "An International Driving Permit (IDP) translates your license into 10 languages and is valid for 1 year. It is not a license on its own: you must carry it together with your valid U.S. driver's license. In the U.S., only AAA and the American Automobile Touring Alliance (AATA) are authorized to issue IDPs; the fee is $20. - U.S. State Department",
    "Japan requires foreign drivers to carry an IDP issued under the 1949 Geneva Convention; renting a car without one is not possible. Italy, Spain and Greece also require non-EU drivers to carry an IDP, even though rental companies don't always ask for it.",
    "Many countries do not require an IDP for short visits. U.S. visitors can drive in the United Kingdom on their state license for up to 12 months, and in Canada and Mexico a U.S. license is generally accepted.",
], ("Based on the passages, whether you need an International Driving Permit depends on where you're going. Passage 2 states that Japan requires an IDP issued under the 1949 Geneva Convention, and you cannot rent a car there without one. Italy, Spain, and Greece also require non-EU drivers to have one, even if rental companies don't always ask for it. On the other hand, Passage 3 notes that U.S. visitors can drive in the UK on their state license for up to 12 months, and a U.S. license is generally accepted in Canada and Mexico. According to Passage 1, an IDP is valid for one year, costs $20, and must be carried along with your U.S. license; in the U.S., only AAA and AATA can issue them. I hope this helps!", "llama"),
   ("It depends on the country:\n- Required: Japan (a 1949 Geneva Convention permit — you can't rent a car without one), plus Italy, Spain and Greece for non-EU drivers.\n- Not required for short visits: the UK (up to 12 months on a U.S. license), Canada and Mexico.\nAn IDP translates your license into 10 languages, is valid for a year, and must be carried with your U.S. license. Only AAA and AATA issue them in the U.S.; the fee is $20, and you'll need two passport photos.", "gpt4",
    "subtle_baseless", "adds: two passport photos needed"))

# ---------------------------------------------------------------- tech
topic("iphone-storage", "tech", "how to free up storage on iphone", [
    "Go to Settings > General > iPhone Storage to see which apps use the most space. Turning on Offload Unused Apps removes apps you rarely use but keeps their documents and data; reinstalling the app restores everything. - Apple Support",
    "Photos and videos you delete go to the Recently Deleted album and stay there for 30 days. Empty the album to free space immediately. In Settings > Messages > Keep Messages, you can change the setting from Forever to 30 Days or 1 Year.",
    "iCloud gives every Apple account 5 GB of free storage. In the U.S., iCloud+ plans cost $0.99 a month for 50 GB, $2.99 for 200 GB and $9.99 for 2 TB. Turning on Optimize iPhone Storage keeps smaller versions of photos on the device and full-resolution originals in iCloud.",
], ("Here are the main ways:\n1. See what's using space: Settings > General > iPhone Storage.\n2. Offload unused apps: this removes rarely used apps but keeps their documents and data, which come back when you reinstall.\n3. Empty Recently Deleted: deleted photos and videos sit there for 30 days, so clear it to get the space back right away.\n4. Shorten message history: Settings > Messages > Keep Messages, and switch from Forever to 30 Days or 1 Year.\n5. Optimize photo storage: keep smaller versions on the phone and the full-resolution originals in iCloud.\n6. Get more iCloud space if needed: 5 GB is free; in the U.S., iCloud+ is $0.99/month for 50 GB, $2.99 for 200 GB, or $9.99 for 2 TB.", "gpt4"),
   ("Open Settings > General > iPhone Storage and turn on Offload Unused Apps, which keeps app data. Empty the Recently Deleted album, since deleted photos stay there for 60 days. You can also set Messages to keep texts for 30 days or 1 year instead of forever.", "mistral",
    "evident_conflict", "deleted photos kept 60 days; passage 2 says 30 days"))

topic("windows10-end", "tech", "windows 10 end of support date", [
    "Microsoft will end support for Windows 10 on October 14, 2025. After that date, PCs running Windows 10 will keep working but will no longer receive security updates, bug fixes or technical support. - Microsoft",
    "Home users can enroll in Extended Security Updates (ESU) for one additional year, until October 13, 2026, for $30. Businesses pay $61 per device for the first year, and the price doubles each year for up to three years.",
    "Windows 11 requires a 64-bit processor with at least 2 cores and 1 GHz, 4 GB of RAM, 64 GB of storage, UEFI Secure Boot and TPM version 2.0. Eligible Windows 10 PCs can upgrade for free through Windows Update.",
], ("Windows 10 support ends on October 14, 2025. Your PC will still run after that, but it won't get security updates, bug fixes or technical support. Home users can pay $30 for Extended Security Updates through October 13, 2026, while businesses pay $61 per device for the first year, with the price doubling each year for up to three years. If your PC meets Windows 11's requirements, including TPM 2.0 and 4 GB of RAM, you can upgrade for free through Windows Update.", "gpt35"),
   ("Key dates and options:\n- October 14, 2025: Windows 10 support ends. PCs keep working, but there are no more security updates, bug fixes or tech support.\n- Extended Security Updates: home users can pay $61 for one more year, through October 13, 2026; businesses pay $61 per device in year one, doubling each year for up to 3 years.\n- Upgrade: eligible PCs can move to Windows 11 free. You'll need a 64-bit, 2-core, 1 GHz CPU, 4 GB RAM, 64 GB storage, Secure Boot and TPM 2.0.", "gpt4",
    "subtle_conflict", "home ESU $61; passage 2 says $30 for home users ($61 is the business price)"))

topic("samsung-updates", "tech", "how many years of updates do samsung phones get", [
    "Starting with the Galaxy S24 series in January 2024, Samsung promises 7 years of Android OS upgrades and security updates for its flagship phones. The Galaxy Z Fold6 and Z Flip6 get the same 7-year commitment. - Samsung Newsroom",
    "Older flagships, including the Galaxy S23, S22 and S21, are covered by Samsung's previous policy of 4 major Android OS upgrades and 5 years of security updates.",
    "Budget models get shorter support. Many Galaxy A-series phones, such as the Galaxy A15, receive 4 OS upgrades and 5 years of security patches, while cheaper phones may get just 2 OS upgrades. By comparison, Google's Pixel 8 and later also get 7 years of updates.",
], ("Based on the passages, it depends on the model. According to Passage 1, Samsung promises seven years of Android OS upgrades and security updates for flagships starting with the Galaxy S24 series, as well as the Galaxy Z Fold6 and Z Flip6. Passage 2 states that older flagships like the Galaxy S23, S22, and S21 get four major OS upgrades and five years of security updates. Passage 3 notes that many A-series phones, such as the Galaxy A15, also get four OS upgrades and five years of security patches, but cheaper models may receive only two OS upgrades. I hope this helps!", "llama"),
   ("Samsung promises 7 years of OS and security updates for flagships starting with the Galaxy S23 series, including the Z Fold6 and Z Flip6. Older flagships like the S22 and S21 get 4 OS upgrades and 5 years of security updates. Budget A-series phones like the A15 get 4 OS upgrades and 5 years of patches.", "gpt35",
    "evident_conflict", "7 years starting with the S23; passage 1 says the S24 series, passage 2 puts the S23 under the 4 + 5 year policy"))

topic("password-length", "tech", "how long should a password be", [
    "NIST's updated digital identity guidelines (SP 800-63B) say passwords used as the only sign-in factor should be at least 15 characters long; a minimum of 8 is allowed when the password is combined with multi-factor authentication. Systems should accept passwords of at least 64 characters. - NIST",
    "NIST also advises against forcing users to change passwords on a schedule or to mix character types, and recommends checking new passwords against lists of known breached passwords.",
    "The U.S. Cybersecurity and Infrastructure Security Agency (CISA) recommends passwords of at least 16 characters, or a passphrase of 5 to 7 unrelated words. According to Hive Systems' 2024 table, an 8-character password using numbers, upper- and lowercase letters and symbols can be cracked in about an hour with modern hardware.",
], ("Current guidance points to roughly 15–16 characters or more:\n- NIST: at least 15 characters if the password is your only sign-in factor; 8 is the minimum when it's combined with multi-factor authentication. Systems should accept at least 64.\n- CISA: at least 16 characters, or a passphrase of 5–7 unrelated words.\n- Why length matters: Hive Systems' 2024 table estimates an 8-character password with numbers, upper- and lowercase letters and symbols can be cracked in about an hour on modern hardware.\nNIST also recommends against forced scheduled changes and character-mix rules, and suggests screening new passwords against lists of known breached ones.", "gpt4"),
   ("Based on the passages, NIST recommends passwords of at least 15 characters when used alone, or at least 8 with multi-factor authentication (Passage 1). Passage 3 states that CISA recommends at least 16 characters. According to Passage 2, a password manager is the safest way to generate and store these long passwords. Passage 3 also notes that an 8-character complex password can be cracked in about an hour. I hope this helps!", "llama",
    "evident_baseless", "attributes a password-manager recommendation to passage 2; no passage mentions password managers"))

topic("laptop-plugged-in", "tech", "is it bad to keep laptop plugged in", [
    "Modern laptops stop charging when the battery is full, so leaving one plugged in won't overcharge it. However, lithium-ion batteries age faster when held at 100% charge and at high temperatures, especially above 35°C (95°F). - Battery University",
    "Apple says MacBook batteries are designed to retain up to 80% of their original capacity at 1,000 complete charge cycles. macOS's Optimized Battery Charging learns your routine and delays charging past 80% until you need it.",
    "Many Windows laptops offer charge limits: Lenovo Vantage's Conservation Mode holds the battery at about 55 to 60%, and Dell Power Manager can cap charging at a user-set level. If you'll store a laptop for months, leave the battery at around 50%.",
], ("It won't overcharge — modern laptops stop charging when full. But lithium-ion batteries do wear faster when kept at 100% and when hot (above 35°C/95°F). macOS Optimized Battery Charging delays charging past 80% until you need it, and Lenovo's Conservation Mode holds the charge around 55–60%.", "mistral"),
   ("Leaving a modern laptop plugged in won't overcharge it, since charging stops when the battery is full. But lithium-ion batteries age faster when kept at 100% and in heat above 35°F. MacBook batteries are designed to retain up to 80% of their capacity after 1,000 cycles, and macOS Optimized Battery Charging holds off charging past 80% until you need it.", "gpt35",
    "evident_conflict", "heat above 35°F; passage 1 says 35°C (95°F)"))

# ---------------------------------------------------------------- cooking
topic("thaw-turkey", "cooking", "how long to thaw a 20 lb turkey", [
    "Thawing in the refrigerator at 40°F (4°C) or below is the safest method: allow about 24 hours for every 4 to 5 pounds. A 20-pound turkey needs 4 to 5 days. - USDA",
    "For faster thawing, submerge the turkey in its wrapping in cold tap water, changing the water every 30 minutes, and allow about 30 minutes per pound. A 20-pound bird will take about 10 hours this way and must be cooked immediately.",
    "A turkey thawed in the refrigerator can stay there 1 to 2 days before cooking. Never thaw a turkey on the counter, because the outer layers can sit in the 'danger zone' between 40°F and 140°F (4-60°C), where bacteria multiply rapidly.",
], ("In the refrigerator (40°F or colder), a 20-pound turkey takes 4 to 5 days, based on about a day per 4 to 5 pounds. If you're short on time, a cold-water bath takes roughly 10 hours — about 30 minutes per pound, with the water changed every half hour — but then it has to be cooked right away. Don't thaw it on the counter.", "gpt35"),
   ("Based on the passages, the safest way to thaw a turkey is in the refrigerator, allowing about 24 hours for every 4 to 5 pounds (Passage 1), so a 20-pound turkey needs 4 to 5 days. Passage 2 describes the cold-water method, which takes about 30 minutes per pound, or about 10 hours for a 20-pound bird. After cold-water thawing, the turkey can be kept in the refrigerator for 1 to 2 days before cooking. Passage 3 warns against thawing on the counter. I hope this helps!", "llama",
    "subtle_conflict", "cold-water-thawed turkey kept 1-2 days in the fridge; passage 2 says cook immediately (1-2 days is for fridge-thawed birds)"))

topic("pork-temp", "cooking", "what temp is pork done", [
    "The USDA recommends cooking whole cuts of pork — chops, roasts, tenderloin — to 145°F (63°C), followed by a 3-minute rest. The guideline was lowered from 160°F in 2011. - USDA FSIS",
    "Ground pork and sausages must reach 160°F (71°C), because grinding can spread bacteria from the surface throughout the meat. Pork cooked to 145°F may still look slightly pink in the center and is safe to eat.",
    "Fully cooked hams from a USDA-inspected plant can be reheated to 140°F (60°C); hams that are not fully cooked should reach 145°F. Use a digital instant-read thermometer in the thickest part, away from bone.",
], ("Whole cuts like chops, roasts and tenderloin are done at 145°F (63°C) plus a 3-minute rest — a slightly pink center is safe. Ground pork and sausage need 160°F (71°C), and a fully cooked, USDA-inspected ham only needs reheating to 140°F (60°C).", "mistral"),
   ("Safe temperatures by cut:\n- Whole cuts (chops, roasts, tenderloin): 145°F (63°C), then a 3-minute rest. The USDA lowered this from 160°F in 2011.\n- Ground pork and sausage: 160°F (71°C), since grinding can spread surface bacteria through the meat.\n- Fully cooked ham: reheat to 140°F (60°C); ham that isn't fully cooked needs 145°F.\nA slightly pink center at 145°F is safe. Trichinosis from commercial pork is now very rare in the U.S., which is part of why the guideline could come down. Use an instant-read thermometer in the thickest part, away from the bone.", "gpt4",
    "evident_baseless", "adds: trichinosis from commercial pork is rare, as a reason the guideline came down; no passage mentions it"))

topic("sourdough-feeding", "cooking", "how often to feed sourdough starter and what flour", [
    "A starter kept at room temperature, around 70 to 75°F (21-24°C), should be fed once or twice a day. A common feeding ratio is 1:1:1 by weight — for example, 50 g starter, 50 g flour and 50 g water. - King Arthur Baking",
    "If you bake only occasionally, store the starter in the refrigerator and feed it about once a week. Before baking, give a refrigerated starter one or two room-temperature feedings to revive it.",
    "A healthy starter should roughly double in size within 4 to 8 hours after feeding. A layer of grayish liquid, called hooch, means it's hungry; pour it off or stir it in. A new starter takes about 5 to 14 days to become active enough to bake with.",
], ("Based on the passages, how often you feed your starter depends on where you keep it. According to Passage 1, a starter kept at room temperature (about 70 to 75°F) needs feeding once or twice a day, often at a 1:1:1 ratio by weight, such as 50 grams each of starter, flour, and water. Passage 2 explains that if you keep it in the fridge, about once a week is enough, but you should give it one or two feedings at room temperature before baking. Passage 3 adds that a healthy starter roughly doubles within 4 to 8 hours of a feeding, and a layer of grayish liquid called hooch means it's hungry. I apologize, but the passages do not say which type of flour to use. I hope this helps!", "llama"),
   ("Feeding frequency depends on storage:\n- Room temperature (70–75°F / 21–24°C): once or twice a day, at a 1:1:1 ratio by weight (e.g., 50 g each of starter, flour and water).\n- Refrigerator: about once a week; give it one or two room-temperature feedings before baking.\nSigns to watch: a healthy starter doubles within 4–8 hours of feeding, and grayish liquid (hooch) on top means it's hungry. For flour, unbleached all-purpose or whole wheat works best, because bleaching can harm the wild yeast.", "gpt4",
    "evident_baseless", "adds a flour recommendation and a reason (bleaching harms the yeast); the passages name no flour"))

topic("cast-iron-season", "cooking", "how to season cast iron in oven", [
    "Lodge recommends applying a very thin layer of vegetable oil or melted shortening to the entire pan, inside and out, then baking it upside down at 450 to 500°F (232-260°C) for 1 hour. Place aluminum foil or a baking sheet on the lower rack to catch drips. - Lodge Cast Iron",
    "For a new or stripped pan, repeat the oiling and baking 3 to 4 times to build up a durable layer. Flaxseed oil produces a hard finish but is more likely to flake over time, according to Cook's Illustrated testing.",
    "Wipe off as much oil as you can after applying it — excess oil turns sticky. Let the pan cool in the oven after baking. Avoid soaking cast iron or putting it in the dishwasher, which can cause rust.",
], ("Steps:\n1. Coat the whole pan, inside and out, with a very thin layer of vegetable oil or melted shortening.\n2. Wipe off as much as you can — excess oil leaves a sticky surface.\n3. Put it in the oven upside down at 450–500°F (232–260°C), with foil or a baking sheet on the lower rack to catch drips.\n4. Bake for an hour.\n5. Let it cool in the oven.\n6. For a new or stripped pan, repeat 3–4 times to build a durable layer.\nFlaxseed oil gives a hard finish but is more prone to flaking over time, per Cook's Illustrated testing. Don't soak cast iron or run it through the dishwasher, which can cause rust.", "gpt4"),
   ("Based on the passages, Lodge recommends coating the entire pan, inside and out, with a very thin layer of vegetable oil or melted shortening (Passage 1). Passage 3 advises wiping off as much oil as you can, since excess oil turns sticky. Then bake the pan upside down at 450 to 500°C for one hour, with foil or a baking sheet on the lower rack to catch drips, and let it cool in the oven. According to Passage 2, a new or stripped pan should go through this 3 to 4 times to build a durable layer. Flaxseed oil gives a hard finish but is more likely to flake. I hope this helps!", "llama",
    "evident_conflict", "450-500°C; passage 1 says 450-500°F (232-260°C)"))

topic("salmon-temp", "cooking", "what temperature is salmon done", [
    "The FDA recommends cooking fish, including salmon, to an internal temperature of 145°F (63°C), or until the flesh is opaque and separates easily with a fork. - FoodSafety.gov",
    "Many chefs prefer to pull salmon off the heat earlier for a moist, medium-rare result: around 120°F (49°C) for wild salmon, which is leaner, and 125°F (52°C) for fatty farmed salmon. The temperature will rise a few degrees as it rests.",
    "As a guide, bake salmon fillets at 400°F (204°C) for 12 to 15 minutes per inch of thickness. Fish to be eaten raw, as in sushi, should first be frozen at -4°F (-20°C) or below for 7 days to kill parasites.",
], ("Based on the passages, the FDA recommends cooking salmon to an internal temperature of 145°F (63°C), or until it's opaque and flakes easily with a fork (Passage 1). However, Passage 2 notes that many chefs take salmon off the heat sooner for a moist, medium-rare result — around 120°F (49°C) for leaner wild salmon and 125°F (52°C) for fattier farmed salmon — and the temperature climbs a few degrees while it rests. For timing, Passage 3 suggests baking fillets at 400°F for 12 to 15 minutes per inch of thickness. I hope this helps!", "llama"),
   ("The FDA says 145°F (63°C). Many chefs stop earlier for medium-rare: about 125°F for wild salmon and 120°F for farmed, since farmed is leaner. Bake at 400°F for 12–15 minutes per inch.", "mistral",
    "subtle_conflict", "swaps wild/farmed temperatures and calls farmed leaner; passage 2: wild 120°F (leaner), farmed 125°F (fatty)"))

# ---------------------------------------------------------------- fitness
topic("protein-muscle", "fitness", "how much protein per day to build muscle", [
    "The RDA for protein is 0.8 grams per kilogram of body weight per day (about 0.36 g per pound) — roughly 56 g for a 70 kg (154 lb) adult. This is the minimum to prevent deficiency, not the optimal amount for building muscle. - Harvard Health",
    "The International Society of Sports Nutrition recommends 1.4 to 2.0 g/kg per day for most exercising people. Some reviews suggest up to 2.2 g/kg for lifters trying to maximize muscle gain, especially while eating in a calorie deficit.",
    "Spreading protein across meals, with about 20 to 40 g per meal, may support muscle growth better than eating most of it at dinner. Older adults may need 1.0 to 1.2 g/kg just to maintain muscle mass.",
], ("More than the RDA of 0.8 g/kg (about 0.36 g/lb), which only prevents deficiency. The ISSN recommends 1.4–2.0 g per kg of body weight a day for people who exercise, and some reviews go up to 2.2 g/kg for lifters trying to maximize muscle gain. Spreading it out at about 20–40 g per meal may help.", "mistral"),
   ("Based on the passages, the RDA for protein is 0.8 grams per kilogram of body weight, which is only the minimum to prevent deficiency (Passage 1). For building muscle, Passage 2 states that the International Society of Sports Nutrition recommends 1.4 to 2.0 grams per pound of body weight per day for most exercising people, and some reviews suggest up to 2.2 for lifters in a calorie deficit. According to Passage 3, eating about 20 to 40 grams per meal may support muscle growth better than eating most of it at dinner. Older adults may need 1.0 to 1.2 g/kg just to maintain muscle. I hope this helps!", "llama",
    "evident_conflict", "1.4-2.0 g per pound; passage 2 says per kilogram"))

topic("steps-weight-loss", "fitness", "how many steps a day to lose weight", [
    "The 10,000-steps goal dates back to a 1965 marketing campaign for a Japanese pedometer called the manpo-kei, which means '10,000-step meter'. It was not based on scientific research.",
    "A 2019 study of about 16,700 older women led by I-Min Lee found that those who took about 4,400 steps a day had lower death rates than those taking about 2,700, with benefits leveling off at around 7,500 steps. A 2023 meta-analysis found health benefits starting at as few as 2,337 steps a day.",
    "Walking 2,000 steps is roughly equal to one mile (1.6 km) and burns about 80 to 100 calories for most people, depending on body weight and pace. - Mayo Clinic",
], ("I apologize, but the passages do not give a specific number of steps per day for losing weight. Here's what they do say: according to Passage 3, 2,000 steps is about one mile (1.6 km) and burns roughly 80 to 100 calories for most people, depending on weight and pace. Passage 1 explains that the popular 10,000-step goal comes from a 1965 marketing campaign for a Japanese pedometer, the manpo-kei, rather than from scientific research. Passage 2 describes a 2019 study of about 16,700 older women in which around 4,400 steps a day was linked to lower death rates than about 2,700, with the benefits leveling off near 7,500 steps. A 2023 meta-analysis found benefits starting at just 2,337 steps a day. I hope this helps!", "llama"),
   ("There's no magic number; the 10,000-step target came from a 1965 marketing campaign for a Japanese pedometer, not from research. Every 2,000 steps is about a mile and burns roughly 80 to 100 calories. To lose a pound a week you need a deficit of about 3,500 calories, or 500 a day, so adding 10,000 to 12,000 steps a day can help. Studies show health benefits starting at around 2,300 to 4,400 steps a day.", "gpt35",
    "evident_baseless", "adds the 3,500-calorie (500 a day) rule and a 10,000-12,000 step suggestion"))

topic("fat-burn-zone", "fitness", "fat burning heart rate zone", [
    "The fat-burning zone is usually defined as 60% to 70% of your maximum heart rate. A common estimate of maximum heart rate is 220 minus your age, so for a 40-year-old the max is about 180 beats per minute (bpm) and the fat-burning zone is roughly 108 to 126 bpm. - Cleveland Clinic",
    "The American Heart Association defines moderate-intensity exercise as 50% to 70% of maximum heart rate and vigorous exercise as 70% to 85%.",
    "The 220-minus-age formula can be off by 10 to 12 bpm for many people. The Tanaka formula, 208 minus 0.7 times age, may be more accurate for older adults. Working in a lower-intensity zone burns a higher percentage of calories from fat, but higher-intensity exercise can burn more total calories in the same time.",
], ("The fat-burning zone is generally 60–70% of your maximum heart rate. Using the common 220-minus-age estimate, a 40-year-old's max is about 180 bpm, putting the zone at roughly 108 to 126 bpm. That formula can be off by 10–12 bpm, though, and the Tanaka formula (208 minus 0.7 × age) may be more accurate for older adults. Keep in mind that while lower intensity burns a higher share of calories from fat, harder workouts can burn more total calories in the same amount of time.", "gpt35"),
   ("Fat-burning zone: 60–70% of max heart rate.\n- Max heart rate: about 220 minus your age (180 bpm at age 40), though it can be off by 10–12 bpm; the Tanaka formula (208 − 0.7 × age) may suit older adults better.\n- Example: a 40-year-old's zone is roughly 108–126 bpm.\n- AHA intensity levels: moderate is 50–70%, vigorous 70–85% of max.\nLower intensity burns a bigger share of calories from fat — after about 30 minutes, fat becomes the main fuel — but high-intensity work can burn more total calories in the same time.", "gpt4",
    "subtle_baseless", "adds: after about 30 minutes fat becomes the main fuel"))

topic("creatine-dose", "fitness", "how much creatine per day", [
    "The standard maintenance dose of creatine monohydrate is 3 to 5 grams per day. Taken daily without a loading phase, it takes about 28 days to fully saturate muscle creatine stores. - International Society of Sports Nutrition",
    "A loading phase of about 20 g per day (or 0.3 g per kg of body weight), split into four 5-g doses, for 5 to 7 days saturates muscles faster. Loading often causes a gain of 1 to 2 kg (2 to 4 lb) of body weight, mostly water, in the first week.",
    "Creatine has been studied in healthy adults at doses up to 30 g per day for up to 5 years without serious side effects. People with kidney disease should talk to a doctor before taking it. Timing matters less than taking it consistently every day.",
], ("Take 3–5 g of creatine monohydrate a day. To saturate your muscles faster you can load with about 20 g daily (split into four 5-g doses) for 5–7 days; without loading it takes around 28 days to saturate your muscles. Expect 1–2 kg (2–4 lb) of mostly water weight when loading. Consistency matters more than timing.", "mistral"),
   ("Based on the passages, the standard maintenance dose of creatine monohydrate is 3 to 5 grams per day (Passage 1). Without loading, it takes about 28 days to saturate your muscles. Passage 2 describes an optional loading phase of around 20 grams a day, split into four 5-gram doses, for 5 to 7 days, which may add 1 to 2 kg of water weight. According to Passage 3, creatine has been studied at up to 30 grams per day for up to 5 years, and it should be taken with a carbohydrate-rich meal to improve absorption. I hope this helps!", "llama",
    "subtle_baseless", "adds, attributed to passage 3: take it with a carbohydrate-rich meal to improve absorption (passage 3 says timing matters less than consistency)"))

# ---------------------------------------------------------------- careers
topic("np-school", "careers", "how long does it take to become a nurse practitioner and how much does it cost", [
    "Becoming a nurse practitioner usually takes 6 to 8 years in total: a 4-year Bachelor of Science in Nursing (BSN), passing the NCLEX-RN exam, and then a graduate program. Many graduate programs want 1 to 2 years of RN experience first. - Nurse.org",
    "A Master of Science in Nursing (MSN) for nurse practitioners takes about 2 years full-time or 3 to 4 years part-time. A BSN-to-DNP (Doctor of Nursing Practice) program takes 3 to 4 years full-time. Graduates must pass a national certification exam from the AANP or ANCC.",
    "Nurse practitioners earned a median salary of $126,260 in May 2023, according to the Bureau of Labor Statistics. Employment is projected to grow 46% from 2023 to 2033, much faster than average.",
], ("All told, expect about 6–8 years:\n1. BSN: 4 years.\n2. NCLEX-RN: pass the exam.\n3. RN experience: many graduate programs want 1–2 years first.\n4. Graduate degree: an MSN takes about 2 years full-time (3–4 part-time); a BSN-to-DNP takes 3–4 years full-time.\n5. Certification: pass a national exam from the AANP or ANCC.\nThe sources don't say what the education costs. For context, NPs earned a median of $126,260 in May 2023, per the BLS.", "gpt4"),
   ("Based on the passages, becoming a nurse practitioner usually takes 6 to 8 years (Passage 1). This includes a 4-year BSN, passing the NCLEX-RN, and a graduate program, and many programs want 1 to 2 years of RN experience first. Passage 2 states that an MSN takes about 2 years full-time, while a BSN-to-DNP program takes 3 to 4 years. According to Passage 2, tuition for an MSN program typically ranges from $35,000 to $70,000. I apologize, but the passages don't give details on other costs. I hope this helps!", "llama",
    "evident_baseless", "attributes an MSN tuition range ($35,000-$70,000) to passage 2; no passage gives costs"))

topic("gre-score", "careers", "what is a good gre score", [
    "The GRE Verbal Reasoning and Quantitative Reasoning sections are each scored from 130 to 170 in 1-point increments. Analytical Writing is scored from 0 to 6 in half-point increments. - ETS",
    "Recent ETS data show mean scores of about 151 in Verbal, 157 in Quantitative and 3.5 in Analytical Writing. A Verbal score of 160 is around the 85th percentile, while the same score in Quantitative is only around the 70th percentile, because more test takers score highly in Quant. Top programs often look for 160 or more in the section most relevant to the field, such as Quant for engineering.",
    "Since September 2023, the shorter GRE General Test takes about 1 hour and 58 minutes. Scores are valid for 5 years after the test date, and you can take the test once every 21 days, up to 5 times in any rolling 12-month period.",
], ("For reference, Verbal and Quant are each scored 130–170, and recent averages are about 151 Verbal and 157 Quant (3.5 in Analytical Writing). A 160 is around the 85th percentile in Verbal but only about the 70th in Quant, since more test takers score high in Quant. Top programs often want 160 or more in the section most relevant to the field, like Quant for engineering.", "gpt35"),
   ("GRE scoring at a glance:\n- Verbal and Quant: 130–170 each, in 1-point steps; Analytical Writing: 0–6 in half points.\n- Averages: about 151 Verbal, 157 Quant, 3.5 Writing.\n- Percentiles: a 160 is around the 85th percentile in Quant but only about the 70th in Verbal.\n- Top programs: often look for 160+ in the section most relevant to the field, like Quant for engineering.\nScores stay valid for 5 years.", "gpt4",
    "subtle_conflict", "swaps the percentiles: 160 is ~85th in Verbal and ~70th in Quant per passage 2"))

topic("electrician-apprenticeship", "careers", "how long is an electrician apprenticeship", [
    "In the United States, electrician apprenticeships typically last 4 to 5 years and include about 8,000 hours of paid on-the-job training plus at least 144 hours of classroom instruction per year. Programs are run by unions such as the IBEW (through JATCs) and by non-union groups such as the ABC and IEC. - BLS",
    "In Ontario, Canada, the Construction and Maintenance Electrician (309A) apprenticeship requires 9,000 hours of on-the-job and in-school training, which usually takes about 5 years. Apprentices then write the Certificate of Qualification exam, which carries the Red Seal endorsement.",
    "In the UK, an electrical installation apprenticeship (Level 3) usually takes 3 to 4 years and ends with the AM2 practical assessment. Apprentice pay starts at the national apprentice minimum wage of £7.55 an hour as of April 2025.",
], ("Based on the passages, the length of an electrician apprenticeship depends on the country. In the United States, Passage 1 states that apprenticeships typically last 4 to 5 years, with about 8,000 hours of paid on-the-job training and at least 144 hours of classroom instruction each year. They're offered through unions like the IBEW as well as non-union groups such as the ABC and IEC. In Ontario, Canada, Passage 2 says the 309A apprenticeship requires 9,000 hours, which usually takes around five years. In the UK, Passage 3 notes that a Level 3 electrical installation apprenticeship usually takes 3 to 4 years and ends with the AM2 practical assessment. I hope this helps!", "llama"),
   ("Length varies by country:\n- United States: 4–5 years, with about 8,000 hours of paid on-the-job training and at least 144 classroom hours a year, usually taken at night after work, through IBEW JATCs or non-union ABC and IEC programs.\n- Ontario, Canada (309A): 9,000 hours, usually about 5 years, followed by the Certificate of Qualification exam with the Red Seal.\n- United Kingdom (Level 3): 3–4 years, ending with the AM2 assessment; pay starts at the apprentice minimum wage of £7.55 an hour.", "gpt4",
    "subtle_baseless", "adds: classroom hours usually taken at night after work"))

topic("pilot-hours", "careers", "how many flight hours to become a pilot", [
    "The FAA requires at least 40 hours of flight time for a private pilot certificate under Part 61, including at least 20 hours with an instructor and 10 hours solo. Most students actually need 60 to 75 hours. - AOPA",
    "A commercial pilot certificate requires at least 250 hours of total flight time. To fly for a U.S. airline, pilots need an Airline Transport Pilot (ATP) certificate, which requires 1,500 hours.",
    "A restricted ATP (R-ATP) lowers the requirement to 1,000 hours for graduates of approved four-year aviation degree programs, 1,250 hours for approved two-year programs, and 750 hours for former military pilots. Training from zero to ATP typically costs $80,000 to $100,000 or more.",
], ("It depends on the certificate:\n- Private pilot: FAA minimum of 40 hours (Part 61), with at least 20 hours of instruction and 10 solo — though most students need 60–75 hours.\n- Commercial pilot: at least 250 total hours.\n- Airline Transport Pilot (required to fly for a U.S. airline): 1,500 hours.\n- Restricted ATP: 1,000 hours for graduates of approved four-year aviation degrees, 1,250 for approved two-year programs, and 750 for former military pilots.\nGoing from zero to ATP usually costs $80,000–$100,000 or more.", "gpt4"),
   ("The FAA minimum for a private pilot certificate is 40 hours, including 20 with an instructor and 10 solo, but most students need 60 to 75 hours, or about 3 to 6 months of training. A commercial certificate needs 250 hours, and airline pilots need an ATP with 1,500 hours. Graduates of approved four-year aviation programs can qualify for a restricted ATP at 1,000 hours, and former military pilots at 750.", "gpt35",
    "subtle_baseless", "adds: 60-75 hours is about 3 to 6 months of training"))

# ---------------------------------------------------------------- weather
topic("hurricane-categories", "weather", "hurricane category wind speeds", [
    "The Saffir-Simpson Hurricane Wind Scale rates hurricanes from Category 1 to 5 by their maximum sustained winds: Category 1, 74-95 mph (119-153 km/h); Category 2, 96-110 mph (154-177 km/h); Category 3, 111-129 mph (178-208 km/h). - National Hurricane Center",
    "Category 4 hurricanes have sustained winds of 130-156 mph (209-251 km/h), and Category 5 storms have winds of 157 mph (252 km/h) or higher. Hurricanes of Category 3 and above are considered major hurricanes.",
    "The scale measures wind only; it does not account for storm surge, rainfall or tornadoes, which often cause more deaths. Tropical storms have sustained winds of 39 to 73 mph and are given names but are not yet hurricanes.",
], ("Saffir-Simpson categories by maximum sustained wind:\n- Category 1: 74–95 mph (119–153 km/h)\n- Category 2: 96–110 mph (154–177 km/h)\n- Category 3: 111–129 mph (178–208 km/h) — the start of 'major' hurricanes\n- Category 4: 130–156 mph (209–251 km/h)\n- Category 5: 157 mph (252 km/h) or more\nBelow hurricane strength, tropical storms have sustained winds of 39–73 mph. The scale reflects wind only, not storm surge, rain or tornadoes, which often cause more deaths.", "gpt4"),
   ("Based on the passages, the Saffir-Simpson scale rates hurricanes by their maximum sustained winds (Passage 1). Category 1 storms have winds of 74 to 95 mph, Category 2 storms 96 to 110 mph, and Category 3 storms 111 to 129 mph. According to Passage 2, Category 4 hurricanes have winds of 130 to 156 km/h, and Category 5 storms reach 157 mph or higher. Category 3 and above are considered major hurricanes. Passage 3 notes that the scale doesn't account for storm surge, rainfall, or tornadoes. I hope this helps!", "llama",
    "evident_conflict", "Category 4 at 130-156 km/h; passage 2 says mph (209-251 km/h)"))

topic("hail-size", "weather", "how big can hail get", [
    "The largest hailstone recorded in the United States fell in Vivian, South Dakota, on July 23, 2010. It measured 8 inches (20 cm) in diameter and 18.62 inches in circumference and weighed 1.94 pounds (0.88 kg). - NOAA",
    "The National Weather Service classifies hail as severe when it is 1 inch (2.5 cm) in diameter or larger, about the size of a quarter; the threshold was raised from 3/4 inch in 2010. Golf ball-size hail is 1.75 inches, and baseball-size is 2.75 inches.",
    "Large hailstones can fall at more than 100 mph (160 km/h). Hail forms when strong updrafts in thunderstorms carry raindrops high into extremely cold parts of the cloud, where they freeze and grow in layers.",
], ("Very big: the U.S. record, from Vivian, South Dakota, on July 23, 2010, was 8 inches (20 cm) across and weighed 1.94 lb (0.88 kg). For scale, the Weather Service calls hail severe at 1 inch (quarter size); golf-ball hail is 1.75 in and baseball hail 2.75 in.", "mistral"),
   ("The largest hailstone on record in the U.S. fell in Vivian, South Dakota, on July 23, 2010; it was 8 inches in diameter and weighed 1.94 pounds, making it the heaviest hailstone ever recorded worldwide. Hail is considered severe at 1 inch, about the size of a quarter, and large stones can fall faster than 100 mph.", "gpt35",
    "subtle_baseless", "adds: heaviest hailstone recorded worldwide (passage 1: largest recorded in the U.S.)"))

topic("dew-point-comfort", "weather", "what dew point is uncomfortable", [
    "The National Weather Service says dew points of 55°F or lower feel dry and comfortable. Between 55 and 65°F it starts to feel sticky or muggy, and above 65°F the air feels oppressive. - NWS",
    "Meteorologists in Europe use Celsius: a dew point below 10°C feels fresh, 16 to 18°C feels noticeably humid, and above 20°C is very muggy and uncomfortable for most people. Dew points above 24°C are rare outside the tropics.",
    "Unlike relative humidity, which depends on temperature, the dew point measures the actual amount of moisture in the air. A day with 90% relative humidity at 40°F can feel drier than a day with 50% humidity at 90°F.",
], ("Based on the passages, dew points start to feel sticky above about 55°F and oppressive above 65°F. According to Passage 1, the National Weather Service considers dew points of 55°F or lower dry and comfortable, 55 to 65°F sticky or muggy, and anything above 65°F oppressive. Passage 2 gives the Celsius scale used by meteorologists in Europe: under 10°C feels fresh, 16 to 18°C noticeably humid, and over 20°C very muggy and uncomfortable for most people. Passage 3 explains that, unlike relative humidity, which depends on temperature, the dew point measures the actual amount of moisture in the air. I hope this helps!", "llama"),
   ("Rough comfort guide (NWS):\n- 55°F or below: dry and comfortable\n- 55–65°F: sticky or muggy\n- Above 65°F: oppressive\nIn Celsius, European forecasters call under 10°C fresh, 16–18°C noticeably humid and above 20°C very muggy. Dew point reflects the actual moisture in the air, while relative humidity depends on temperature. Technically, the dew point is the temperature to which air must cool for dew or fog to form.", "gpt4",
    "evident_baseless", "adds the definition: temperature to which air must cool for dew or fog to form"))

topic("tornado-season", "weather", "when is tornado season", [
    "There is no single tornado season in the U.S. For the southern Plains, including Oklahoma and Texas, peak season runs from May into early June. On the Gulf Coast, tornadoes are most common earlier, from February through April. - NOAA Storm Prediction Center",
    "In the northern Plains and upper Midwest, such as the Dakotas and Minnesota, the peak comes in June and July. Parts of the Southeast also see a secondary 'second season' in November and December.",
    "The United States averages about 1,200 tornadoes a year, more than any other country. Most tornadoes occur between 4 p.m. and 9 p.m. local time, but they can happen at any hour.",
], ("It depends on where you live. On the Gulf Coast, tornadoes peak from February through April; in the southern Plains, such as Oklahoma and Texas, from May into early June; and in the northern Plains and upper Midwest, like the Dakotas and Minnesota, in June and July. Parts of the Southeast also have a second season in November and December. Most tornadoes hit between 4 and 9 p.m., though they can occur at any hour.", "gpt35"),
   ("Peak season depends on region: February to April on the Gulf Coast, May to early June in the southern Plains, and June and July in the northern Plains. The U.S. sees about 1,200 tornadoes a year, and they happen in the late afternoon and evening, between 4 and 9 p.m.", "mistral",
    "subtle_conflict", "says tornadoes happen between 4 and 9 p.m.; passage 3: most do, but they can happen at any hour"))

# ---------------------------------------------------------------- arts
topic("violin-size-child", "arts", "what size violin for a 7 year old", [
    "Violin sizes are usually matched to arm length, measured from the neck to the middle of the palm with the arm fully extended. A 1/4-size violin suits an arm length of about 18.5 to 20 inches (47-51 cm), typically ages 7 to 8; a 1/2-size suits 20 to 22 inches (51-56 cm), ages 8 to 10. - Shar Music",
    "Another common chart lists 1/4 size for ages 6 to 7 and 1/2 size for ages 7 to 9, with 3/4 size for ages 9 to 11 and full size (4/4) from about age 11 and up. Age ranges are only a guide because children of the same age vary in size.",
    "A teacher or violin shop can fit your child in person. Full-size violins have a body length of about 14 inches (35.5 cm), while a 1/4 size measures about 11 inches (28 cm). Many shops rent fractional violins for $15 to $30 a month, with the option to trade up as the child grows.",
], ("Most likely a 1/4 size, though one chart puts 7-year-olds in a 1/2. Sizing usually goes by arm length:\n- How to measure: arm fully extended, from the neck to the middle of the palm.\n- 1/4 size: about 18.5–20 in (47–51 cm) of arm length; one chart says ages 7–8, another 6–7.\n- 1/2 size: about 20–22 in (51–56 cm); ages 8–10 on one chart, 7–9 on the other.\nAge ranges are only a rough guide, since kids of the same age differ in size, so you can also have a teacher or violin shop fit your child in person. Many shops rent fractional violins for $15–$30 a month and let you trade up as your child grows.", "gpt4"),
   ("Based on the passages, a 7-year-old will usually need a 1/4-size violin. Passage 1 recommends a 1/4 size for an arm length of about 18.5 to 20 inches, typically ages 7 to 8, measured from the neck to the middle of the palm. Passage 2 lists 1/4 size for ages 6 to 7 and 1/2 size for ages 7 to 9. According to Passage 3, a 1/4-size violin has a body length of about 11 inches, and shops rent fractional violins for $15 to $30 a month, usually with the first month free. I hope this helps!", "llama",
    "subtle_baseless", "adds: rentals usually come with the first month free"))

topic("mona-lisa-size", "arts", "how big is the mona lisa", [
    "The Mona Lisa is surprisingly small: it measures 77 cm x 53 cm (30 in x 21 in). Leonardo da Vinci painted it in oil on a poplar wood panel. - Louvre Museum",
    "Leonardo began the portrait around 1503, and art historians believe he continued working on it until as late as 1517. It is thought to depict Lisa Gherardini, wife of the Florentine merchant Francesco del Giocondo.",
    "The painting was stolen from the Louvre in 1911 by Vincenzo Peruggia, an Italian handyman, and recovered in Florence in 1913. Today it hangs behind bulletproof glass in the Salle des États, the largest room in the Louvre.",
], ("It's smaller than many people expect: 77 × 53 cm, or about 30 × 21 inches. It's an oil painting on a poplar wood panel.", "mistral"),
   ("The Mona Lisa measures 77 by 53 centimeters, about 30 by 21 inches, and is painted in oil on a poplar panel. Leonardo started it around 1503. It hangs behind bulletproof glass in the Louvre's Salle des États. In 1962 it was insured for $100 million, then the highest insurance valuation ever for a painting.", "gpt35",
    "evident_baseless", "adds the 1962 $100 million insurance valuation; no passage mentions it"))

topic("sonnet-lines", "arts", "how many lines in a sonnet", [
    "A sonnet is a 14-line poem, traditionally written in iambic pentameter, a meter of five pairs of unstressed and stressed syllables per line. - Poetry Foundation",
    "The Shakespearean (English) sonnet has three quatrains and a final couplet, rhyming ABAB CDCD EFEF GG. Shakespeare's 154 sonnets were first published in 1609.",
    "The Petrarchan (Italian) sonnet is split into an eight-line octave rhyming ABBAABBA and a six-line sestet, usually rhyming CDECDE or CDCDCD. The shift in thought between the two parts is called the volta, or turn.",
], ("Based on the passages, a sonnet has 14 lines (Passage 1), traditionally written in iambic pentameter. How those lines are organized depends on the type. According to Passage 2, the Shakespearean sonnet has three quatrains and a closing couplet, rhyming ABAB CDCD EFEF GG. Passage 3 explains that the Petrarchan sonnet is divided into an eight-line octave (ABBAABBA) and a six-line sestet, usually CDECDE or CDCDCD, with a turn called the volta between them. I hope this helps!", "llama"),
   ("A sonnet has 14 lines, usually in iambic pentameter. The two main forms:\n- Shakespearean (English): three quatrains and a closing couplet, rhyming ABAB CDCD EFEF GG.\n- Petrarchan (Italian): a six-line octave (ABBAABBA) and an eight-line sestet (CDECDE or CDCDCD), with a turn, the volta, between them.\nShakespeare's 154 sonnets were first published in 1609.", "gpt4",
    "subtle_conflict", "six-line octave, eight-line sestet; passage 3: eight-line octave, six-line sestet"))

topic("piano-keys", "arts", "how many keys on a piano", [
    "A standard modern piano has 88 keys: 52 white and 36 black. They span just over seven octaves, from A0 to C8. - Steinway & Sons",
    "Pianos from Mozart's time usually had about five octaves, or around 61 keys. The 88-key standard was reached by the 1880s, with Steinway helping to popularize it.",
    "Some concert grands have more: the Bösendorfer Imperial has 97 keys, extending down to C0. Digital keyboards for beginners often have 61 or 76 keys, which is enough for most pop music but not for all classical pieces.",
], ("A standard modern piano has 88 keys — 52 white and 36 black — covering a bit more than seven octaves, from A0 to C8. Not every instrument matches: the Bösendorfer Imperial concert grand has 97 keys, pianos in Mozart's day had around 61, and beginner digital keyboards often have 61 or 76.", "gpt35"),
   ("88 on a standard piano: 52 white and 36 black, spanning A0 to C8. The Bösendorfer Imperial has 97, with the extra keys added in the bass to give the instrument more resonance.", "mistral",
    "subtle_baseless", "adds a reason: extra bass keys give more resonance"))

# ---------------------------------------------------------------- medicine
topic("acetaminophen-max", "medicine", "max tylenol per day", [
    "For healthy adults, the maximum daily dose of acetaminophen from all sources is 4,000 mg in 24 hours, according to the FDA. Exceeding it can cause severe liver damage. - FDA",
    "To reduce the risk of accidental overdose, the maker of Tylenol Extra Strength (500 mg caplets) changed its label to a maximum of 6 caplets (3,000 mg) in 24 hours: 2 caplets every 6 hours as needed. For Regular Strength (325 mg) tablets, the label says 2 tablets every 4 to 6 hours, no more than 10 tablets in 24 hours.",
    "Many cold and flu products, such as NyQuil, and some prescription painkillers also contain acetaminophen, so check labels to avoid doubling up. People who have 3 or more alcoholic drinks a day should ask a doctor before using acetaminophen. Children's doses are based on weight.",
], ("The limit depends on whose guidance and which product:\n- FDA overall maximum for healthy adults: 4,000 mg in 24 hours, from all sources — going over can cause severe liver damage.\n- Tylenol Extra Strength (500 mg caplets): label max of 6 caplets (3,000 mg) a day, taken as 2 caplets every 6 hours as needed.\n- Regular Strength (325 mg tablets): 2 tablets every 4–6 hours, no more than 10 tablets (3,250 mg) a day.\n- Hidden acetaminophen: cold and flu medicines like NyQuil and some prescription painkillers contain it too, so check labels.\n- Alcohol: if you have three or more drinks a day, ask a doctor first.\nChildren's doses are based on weight.", "gpt4"),
   ("Healthy adults shouldn't take more than 4,000 mg of acetaminophen in 24 hours from all sources, per the FDA, because more can cause severe liver damage. Tylenol Extra Strength's label is stricter: at most 6 of the 500 mg caplets (3,000 mg) a day. Since products like NyQuil also contain acetaminophen, check labels, and if you have three or more drinks a day, ask a doctor first and keep to under 2,000 mg.", "gpt35",
    "subtle_baseless", "adds: people who drink 3+ a day should keep under 2,000 mg"))

topic("measles-incubation", "medicine", "measles incubation period and when contagious", [
    "The measles incubation period is usually 11 to 12 days from exposure to the first symptoms, but it can range from 7 to 21 days. Early symptoms include high fever, which may spike above 104°F (40°C), cough, runny nose and red, watery eyes. - CDC",
    "People with measles are contagious from 4 days before the rash appears through 4 days after. The rash usually appears 3 to 5 days after symptoms begin, starting at the hairline and spreading down the body. Tiny white Koplik spots may appear in the mouth 2 to 3 days after symptoms start.",
    "Two doses of the MMR vaccine are about 97% effective at preventing measles; one dose is about 93% effective. Children should get the first dose at 12 to 15 months and the second at 4 to 6 years. The virus can stay in the air for up to 2 hours after an infected person leaves a room.",
], ("Based on the passages, the incubation period for measles is usually 11 to 12 days from exposure to the first symptoms, though it can be anywhere from 7 to 21 days (Passage 1). Early symptoms include a high fever that can go above 104°F (40°C), cough, runny nose, and red, watery eyes. According to Passage 2, a person is contagious from 4 days before the rash appears until 4 days after it. The rash typically shows up 3 to 5 days after symptoms start, beginning at the hairline and moving down the body. Passage 3 adds that the virus can linger in the air for up to 2 hours after an infected person has left a room, and that two doses of MMR are about 97% effective. I hope this helps!", "llama"),
   ("Measles timeline:\n- Incubation: typically 11–12 days from exposure to first symptoms (range 7–21 days).\n- Early symptoms: high fever (can exceed 104°F/40°C), cough, runny nose, red watery eyes.\n- Koplik spots: tiny white spots in the mouth 2–3 days after symptoms start.\n- Rash: 3–5 days after symptoms begin, starting at the hairline and spreading downward.\n- Contagious period: from 4 days before the rash until 4 days after, and people are most contagious right before the rash appears.\nTwo MMR doses are about 97% effective.", "gpt4",
    "subtle_baseless", "adds: most contagious right before the rash appears"))

topic("blood-pressure-normal", "medicine", "normal blood pressure by age", [
    "Under the 2017 American College of Cardiology/American Heart Association guideline, normal blood pressure for adults is below 120/80 mm Hg. Elevated is 120-129 systolic with diastolic below 80; stage 1 hypertension is 130-139 systolic or 80-89 diastolic; stage 2 is 140/90 or higher. - American Heart Association",
    "European guidelines have used a higher cutoff, defining hypertension as 140/90 mm Hg or above. The 2024 European Society of Cardiology guideline added an 'elevated' category of 120-139 systolic or 70-89 diastolic.",
    "A reading above 180/120 mm Hg is a hypertensive crisis; if it comes with chest pain, shortness of breath or vision changes, call 911. Blood pressure should be measured after sitting quietly for 5 minutes, with the arm supported at heart level.",
], ("Based on the passages, normal blood pressure for adults is below 120/80 mm Hg under the 2017 ACC/AHA guideline (Passage 1). Readings of 120 to 129 systolic with diastolic under 80 are considered elevated, 130 to 139 systolic or 80 to 89 diastolic is stage 1 hypertension, and 140/90 or higher is stage 2. Passage 2 notes that European guidelines have used a higher cutoff of 140/90 for hypertension, and the 2024 ESC guideline added an 'elevated' range of 120 to 139 systolic or 70 to 89 diastolic. A reading above 180/120 is a hypertensive crisis (Passage 3). I apologize, but the passages do not give normal ranges broken down by age. I hope this helps!", "llama"),
   ("For adults, normal blood pressure is below 120/80 mm Hg under the 2017 ACC/AHA guideline; 120–129 systolic is elevated, 130–139 systolic or 80–89 diastolic is stage 1, and 140/90 or higher is stage 2. Blood pressure tends to rise with age, and for adults over 60 some guidelines accept a systolic reading below 150. European guidelines have used 140/90 as the cutoff for hypertension. Anything above 180/120 is a crisis.", "gpt35",
    "evident_baseless", "adds: blood pressure rises with age; some guidelines accept systolic below 150 over 60 (no passage covers age)"))

topic("baby-fever-doctor", "medicine", "when to take baby to doctor for fever", [
    "For babies younger than 3 months, a rectal temperature of 100.4°F (38°C) or higher needs medical attention right away, even if the baby seems otherwise well. - American Academy of Pediatrics",
    "For babies 3 to 6 months old, call the doctor for a temperature of 102°F (38.9°C) or higher, or a lower fever with unusual irritability, lethargy or discomfort. For children 6 to 24 months, call if a fever above 102°F lasts longer than one day with no other symptoms.",
    "Call a doctor if a child of any age has a fever that repeatedly rises above 104°F (40°C), or if a child 2 years or older has had a fever for more than 3 days. Ibuprofen should not be given to babies younger than 6 months. - Mayo Clinic",
], ("It depends on the baby's age:\n- Under 3 months: a rectal temperature of 100.4°F (38°C) or higher needs medical attention right away, even if your baby seems fine otherwise.\n- 3–6 months: call the doctor at 102°F (38.9°C) or above, or for a lower fever if your baby is unusually irritable, lethargic or uncomfortable.\n- 6–24 months: call if a fever over 102°F lasts more than a day with no other symptoms.\n- 2 years and older: call if the fever has gone on for more than 3 days.\n- Any age: call for a fever that repeatedly rises above 104°F (40°C).\nAlso, don't give ibuprofen to babies younger than 6 months.", "gpt4"),
   ("Based on the passages, if your baby is younger than 3 months, a rectal temperature of 100.4°F (38°C) or higher needs medical attention right away (Passage 1). For babies 3 to 6 months old, Passage 2 advises calling the doctor at 102°F (38.9°C) or higher, or for a lower fever if the baby is unusually irritable or lethargic. For children 6 to 24 months, call if a fever above 102°F lasts more than a day. Passage 3 says to call at any age if the fever repeatedly goes above 104°F (40°C), and that ibuprofen shouldn't be given to babies under 6 months because their kidneys are still developing. I hope this helps!", "llama",
    "subtle_baseless", "adds a reason: no ibuprofen under 6 months because their kidneys are still developing"))


def style_of(answer):
    """cites: names a passage or has [n] markers; lists: 2+ list lines; else plain."""
    if re.search(r"\bpassages?\b|\[\d\]", answer, re.I):
        return "cites"
    if sum(bool(re.match(r"\s*(?:[-*•]|\d+\.)\s", ln)) for ln in answer.splitlines()) >= 2:
        return "lists"
    return "plain"


def build():
    rng = random.Random(4)
    dev = set(rng.sample(range(len(T)), len(T) // 2))
    rows = []
    for i, t in enumerate(T):
        split = "dev" if i in dev else "held_out"
        fa, fm = t["faithful"]
        ha, hm, hc, note = t["halluc"]
        base = dict(domain=t["domain"], query=t["query"], contexts=t["contexts"])
        f = dict(base, answer=fa, label="faithful", category="faithful", style=style_of(fa), model_style=fm, split=split)
        h = dict(base, answer=ha, label="hallucinated", category=hc, style=style_of(ha), model_style=hm, split=split, note=note)
        pair = [f, h]
        if rng.random() < 0.5:
            pair.reverse()
        for n, r in enumerate(pair, 1):
            rows.append({"id": f"{t['tid']}-{n}", **r})
    return rows


def counts(rows):
    lines = [f"{len(rows)} lines, {len(T)} topics"]
    for key in ("label", "category", "style", "model_style", "split", "domain"):
        c = Counter(r[key] for r in rows)
        lines.append(f"{key}: " + ", ".join(f"{k} {c[k]}" for k in sorted(c)))
    for lab in ("faithful", "hallucinated"):
        for key in ("style", "model_style"):
            c = Counter(r[key] for r in rows if r["label"] == lab)
            lines.append(f"{key} ({lab}): " + ", ".join(f"{k} {c[k]}" for k in sorted(c)))
    return lines


def main():
    rows = build()
    assert len({r["id"] for r in rows}) == len(rows) == 2 * len(T)
    assert len({t["tid"] for t in T}) == len(T)
    assert all(len(t["contexts"]) == 3 for t in T)
    out = pathlib.Path(__file__).with_name("web4_cases.jsonl")
    with out.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    lines = counts(rows)
    print(f"wrote {out}")
    print("\n".join(lines))
    stale = [ln for ln in lines if ln not in __doc__]
    if stale:
        raise SystemExit("docstring counts are stale, update them:\n" + "\n".join(stale))


if __name__ == "__main__":
    main()
