"""Writes tests/data/web3_cases.jsonl from the hand-written web-search topics below.

python tests/data/make_web3_cases.py

What it is: 60 MS-MARCO-like web queries (terse, often lower-case) across health, money (salaries, costs,
credit), science definitions, geography, history, food, tech how-tos, animals, sports, law/government basics and
products; three web-snippet passages each; two answers per topic to the same query and passages, written to
imitate the logs of different chat LLMs in a RAG product (model_style): gpt4 (organised, paraphrased, lists, light
hedges), gpt35 (concise, fairly literal, one paragraph), llama (Llama-2-chat: "Based on the passages...",
"Passage 2 states...", "I apologize, but the passages do not...", "I hope this helps!") and mistral (short).
One answer is faithful (everything it says is supported by the passages, paraphrased, merged, reordered, numbers
and units written differently; meta sentences about the passages are not hallucinations), the other is
hallucinated with one unsupported bit, typed after the RAGTruth taxonomy: evident_conflict (clearly contradicts a
passage: another number, name, date, place), subtle_conflict (a small change of meaning: may -> always, most ->
none, a swapped comparison, a range end moved, an attribute moved to the wrong entity), evident_baseless (a whole
added sentence the passages do not contain, often true in the world) and subtle_baseless (a small added detail
inside an otherwise supported sentence: a reason, a number, a qualifier). Hallucinated lines carry a "note"
saying what is unsupported.

How it was written: by hand, blind, by a helper who saw no scorer code (nothing under evaluators/ or bench/, not
tests/data/web_cases_src.py) and did not run the scorer on it. Every faithful answer was re-read against its
passages. Some facts in the passages are simplified and not checked against the world; the passages are the
ground truth.

style is derived from the answer text: "cites" if it mentions a passage or has [n] markers, else "lists" if it has
2+ list lines, else "plain". split: random.Random(3) draws 30 of the 60 topics for "dev", the other
30 are "held_out" (both answers of a topic share it; independent coin flips from that seed gave 22/38, so a seeded
draw of exactly half is used instead); then one coin flip per topic from the same generator decides which answer
gets id suffix -1.

Counts (computed and printed by this script, which fails if these lines go stale):
120 lines, 60 topics
label: faithful 60, hallucinated 60
category: evident_baseless 15, evident_conflict 15, faithful 60, subtle_baseless 15, subtle_conflict 15
style: cites 37, lists 22, plain 61
model_style: gpt35 30, gpt4 33, llama 35, mistral 22
split: dev 60, held_out 60
domain: animals 12, food 12, geography 12, government 10, health 12, history 10, money 12, products 8, science 12, sports 8, tech 12
style (faithful): cites 19, lists 12, plain 29
model_style (faithful): gpt35 14, gpt4 16, llama 19, mistral 11
style (hallucinated): cites 18, lists 10, plain 32
model_style (hallucinated): gpt35 16, gpt4 17, llama 16, mistral 11
"""
from chat_style_sets import Topics, write  # tests/data/chat_style_sets.py: the shared writer

T = Topics()
topic = T.topic


# ---------------------------------------------------------------- health
topic("tattoo-heal", "health", "how long does it take for a tattoo to heal", [
    "A new tattoo usually takes 2 to 3 weeks for the outer layer of skin to heal. However, the skin below the tattoo can take up to 6 months to fully recover. - healthline.com",
    "During the first few days, the tattoo may ooze plasma and ink and feel sore. Between days 4 and 14, scabs form and the area often itches; do not pick or scratch the scabs, as this can pull out ink and cause scarring.",
    "Aftercare tips: wash the tattoo gently 2 to 3 times a day with fragrance-free soap, apply a thin layer of unscented moisturizer, and avoid swimming pools, hot tubs and direct sun until it has healed. Larger tattoos and ones with heavy color may take longer to heal.",
], ("Healing happens in stages:\n1. Surface: the top layer of skin usually heals within 2–3 weeks.\n2. Deeper layers: the skin underneath can need as long as 6 months to fully recover.\n3. First few days: it may ooze plasma and ink and feel sore.\n4. Roughly days 4–14: scabs and itching are common — don't pick or scratch, since that can pull out ink and leave scars.\nKeep it clean with fragrance-free soap two or three times a day, use a thin layer of unscented moisturizer, and stay out of pools, hot tubs and direct sun until it's healed. Big or heavily colored pieces may take longer.", "gpt4"),
   ("Based on the given passages, the outer layer of skin takes about 2 to 3 weeks to heal after getting a tattoo, according to Passage 1. However, the skin underneath can take up to 6 months to fully recover. Passage 2 explains that scabs form between days 4 and 14, and that picking them can pull out ink and cause scarring. Passage 3 recommends washing the tattoo 2 to 3 times a day with fragrance-free soap and avoiding pools, hot tubs, and direct sun. It also notes that smaller tattoos and ones with heavy color may take longer to heal. I hope this helps!", "llama",
    "subtle_conflict", "says smaller tattoos take longer to heal; passage 3 says larger ones"))

topic("ibuprofen-nsaid", "health", "is ibuprofen an nsaid", [
    "Ibuprofen is a nonsteroidal anti-inflammatory drug (NSAID) used to relieve pain, fever and inflammation. It is sold over the counter under brand names such as Advil and Motrin.",
    "NSAIDs work by blocking enzymes called cyclooxygenase (COX-1 and COX-2), which reduces the production of prostaglandins, chemicals that promote inflammation and pain. Other common NSAIDs include naproxen (Aleve) and aspirin.",
    "Acetaminophen (Tylenol) is not an NSAID. It relieves pain and fever but has little anti-inflammatory effect. Long-term NSAID use can raise the risk of stomach ulcers and bleeding, especially in adults over 65.",
], ("Yes. Ibuprofen (Advil, Motrin) is a nonsteroidal anti-inflammatory drug, or NSAID, used for pain, fever, and inflammation. Like naproxen and aspirin, it works by blocking the COX-1 and COX-2 enzymes, which cuts the production of prostaglandins. Acetaminophen (Tylenol), by contrast, is not an NSAID.", "gpt35"),
   ("Yes, ibuprofen is an NSAID (nonsteroidal anti-inflammatory drug), sold as Advil and Motrin. It blocks the COX-1 and COX-2 enzymes to reduce prostaglandins, which drive pain and inflammation. For adults, the usual over-the-counter dose is 200 to 400 mg every 4 to 6 hours, not exceeding 1,200 mg a day. Acetaminophen is not an NSAID.", "mistral",
    "evident_baseless", "adds: OTC dose 200-400 mg every 4-6 hours, max 1,200 mg a day"))

topic("strep-contagious", "health", "how long is strep throat contagious and what antibiotic treats it", [
    "People with strep throat are contagious until they have been taking antibiotics for at least 12 hours, according to the CDC. Most people can return to work or school after 12 to 24 hours of antibiotics if they no longer have a fever.",
    "Without treatment, a person with strep throat can remain contagious for 2 to 3 weeks. Symptoms usually begin 2 to 5 days after exposure to the bacteria.",
    "Strep throat is caused by group A Streptococcus bacteria. It spreads through respiratory droplets when an infected person coughs or sneezes, and by sharing cups or utensils. A rapid strep test can give results in about 10 minutes.",
], ("Based on the passages provided, strep throat is contagious until a person has been on antibiotics for at least 12 hours (Passage 1). Most people can go back to work or school after 12 to 24 hours of antibiotic treatment, as long as they no longer have a fever. If it is not treated, Passage 2 states that a person can stay contagious for 2 to 3 weeks. Passage 3 adds that the infection spreads through respiratory droplets and shared cups or utensils. I apologize, but the passages do not say which specific antibiotic is used to treat strep throat. Please let me know if you have any other questions!", "llama"),
   ("How long strep stays contagious depends on treatment:\n- With antibiotics: until you've taken them for at least 12 hours; most people can return to work or school after 12–24 hours once they're fever-free.\n- Without treatment: contagious for as long as 2 to 3 months.\n- Incubation: symptoms typically show up 2–5 days after exposure.\nThe passages don't name a specific antibiotic. A rapid strep test returns results in about 10 minutes.", "gpt4",
    "evident_conflict", "untreated: contagious 2-3 months; passage 2 says 2-3 weeks"))

topic("body-temp", "health", "what is normal body temperature", [
    "The average normal body temperature is generally accepted as 98.6°F (37°C). Some studies have shown that the 'normal' body temperature can have a wide range, from 97°F (36.1°C) to 99°F (37.2°C).",
    "A temperature over 100.4°F (38°C) most often means you have a fever caused by an infection or illness. Body temperature normally changes throughout the day; it tends to be lower in the morning and higher in the late afternoon.",
    "Recent research from Stanford suggests the average body temperature of Americans has dropped since the 1800s, to about 97.9°F. Older adults tend to have lower body temperatures than younger adults.",
], ("Normal body temperature is usually given as 98.6°F (37°C), but studies show anything from about 97°F to 99°F (36.1–37.2°C) can be normal. It's typically lower in the morning and higher in the late afternoon. A reading above 100.4°F (38°C) most often indicates a fever.", "mistral"),
   ("The commonly accepted normal body temperature is 98.6°F (37°C), though studies show a normal range of about 97°F to 99°F. Temperature varies during the day, tending to be higher in the morning and lower in the late afternoon. Anything over 100.4°F (38°C) usually means a fever. Research from Stanford suggests the average has dropped to around 97.9°F since the 1800s.", "gpt35",
    "subtle_conflict", "swaps the daily pattern: says higher in the morning, lower in the late afternoon"))

topic("vitamin-d-foods", "health", "foods high in vitamin d", [
    "Few foods naturally contain vitamin D. The best sources are fatty fish such as salmon, trout, mackerel and sardines. A 3-ounce serving of cooked rainbow trout provides about 645 IU, while the same amount of sockeye salmon has about 570 IU.",
    "Egg yolks, beef liver and cheese contain small amounts of vitamin D. Mushrooms exposed to UV light can also be a good source. Many brands of milk, orange juice and breakfast cereal in the U.S. are fortified with vitamin D; one cup of fortified milk has about 120 IU.",
    "The recommended dietary allowance (RDA) for vitamin D is 600 IU per day for adults up to age 70 and 800 IU for adults over 70. - NIH Office of Dietary Supplements",
], ("Not many foods have vitamin D naturally, but the best options are:\n- Fatty fish: rainbow trout (about 645 IU per cooked 3-oz serving), sockeye salmon (about 570 IU), plus mackerel and sardines.\n- Smaller amounts: egg yolks, beef liver and cheese.\n- Mushrooms that have been exposed to UV light.\n- Fortified foods: many U.S. milks, orange juices and cereals — a cup of fortified milk has roughly 120 IU.\nFor reference, adults need 600 IU a day up to age 70 and 800 IU after that.", "gpt4"),
   ("Based on the passages, the best food sources of vitamin D are fatty fish like salmon, trout, mackerel, and sardines (Passage 1). A 3-ounce serving of cooked rainbow trout has about 645 IU. Passage 2 mentions that egg yolks, beef liver, cheese, and UV-exposed mushrooms contain some vitamin D, and that many milks, orange juices, and cereals are fortified. Cod liver oil is one of the richest sources, with about 450 IU in a single teaspoon. According to Passage 3, adults up to age 70 need 600 IU per day. I hope this helps!", "llama",
    "evident_baseless", "adds: cod liver oil, about 450 IU per teaspoon"))

topic("shingles-vaccine", "health", "who should get the shingles vaccine", [
    "The CDC recommends that adults 50 years and older get two doses of the shingles vaccine Shingrix, separated by 2 to 6 months. Adults 19 and older who have or will have weakened immune systems because of disease or therapy should also get two doses.",
    "You should get Shingrix even if you have had shingles in the past, received Zostavax, or are not sure whether you had chickenpox. Shingrix is more than 90% effective at preventing shingles and postherpetic neuralgia in people with healthy immune systems.",
    "You should not get Shingrix if you currently have shingles, are pregnant, or have had a severe allergic reaction to any component of the vaccine. Common side effects include a sore arm, tiredness, muscle pain and headache, which usually go away in 2 to 3 days.",
], ("The CDC recommends two doses of Shingrix, given 2 to 6 months apart, for adults 50 and older, and for adults 19 and older whose immune systems are or will be weakened by disease or treatment. You should still get it if you've had shingles before, got Zostavax, or aren't sure you had chickenpox. It isn't recommended if you have shingles right now, are pregnant, or had a severe allergic reaction to a vaccine ingredient.", "gpt35"),
   ("Shingrix is recommended for:\n- Adults 50 and older — two doses, 2 to 6 months apart.\n- Adults 19+ with weakened immune systems from disease or therapy, also two doses.\n- People who've had shingles before, had Zostavax, or don't know if they had chickenpox.\nSkip it for now if you currently have shingles or are pregnant, or if you've had a severe allergic reaction to a vaccine component. Side effects like a sore arm, tiredness and headache usually fade within 2–3 days and are a sign the vaccine is building immunity.", "gpt4",
    "subtle_baseless", "adds: side effects are a sign the vaccine is building immunity"))

# ---------------------------------------------------------------- money
topic("dental-hygienist-salary", "money", "what is the average salary of a dental hygienist", [
    "The median annual wage for dental hygienists was $87,530 in May 2023, according to the U.S. Bureau of Labor Statistics. The lowest 10 percent earned less than $64,470, and the highest 10 percent earned more than $113,000.",
    "Dental hygienists typically need an associate's degree in dental hygiene, which usually takes 3 years to complete. Every state requires dental hygienists to be licensed. Employment is projected to grow 7 percent from 2022 to 2032.",
    "Dental Hygienist Salary by State: Washington ($112,990), California ($111,990) and Alaska ($111,730) are among the top-paying states. About half of dental hygienists work part time, and many work for more than one dentist. - Indeed Career Guide",
], ("Based on the given passages, the median annual wage for dental hygienists was $87,530 as of May 2023 (Passage 1). The bottom 10% earned under $64,470, while the top 10% made more than $113,000. Passage 3 lists Washington ($112,990), California ($111,990), and Alaska ($111,730) among the highest-paying states. Please note that Passage 1 gives the median wage rather than the mean. I hope this helps!", "llama"),
   ("Dental hygienists earn a median of about $78,530 a year (BLS, May 2023). The lowest 10% make under $64,470 and the top 10% over $113,000. Washington, California and Alaska are among the best-paying states.", "mistral",
    "evident_conflict", "median $78,530; passage 1 says $87,530"))

topic("water-heater-cost", "money", "cost to replace a water heater", [
    "The average cost to replace a water heater is $1,200 to $3,500, including the unit and installation. Most homeowners pay around $1,900 for a 40- or 50-gallon tank-style gas water heater. - HomeGuide",
    "Tankless water heaters cost more up front, typically $2,500 to $4,500 installed, but they can last 20 years or more compared with 8 to 12 years for a traditional tank. Converting from a tank to tankless may require new gas lines or electrical upgrades.",
    "Labor alone usually runs $300 to $1,000, depending on your location and the complexity of the job. Many cities require a permit for water heater replacement, which can cost $50 to $500. Removing and disposing of the old unit may add $100 to $200.",
], ("Typical costs, installation included:\n1. Overall: about $1,200–$3,500 for the unit plus installation; most people pay around $1,900 for a 40- or 50-gallon gas tank model.\n2. Tankless: roughly $2,500–$4,500 installed. It costs more at first but can last 20+ years versus 8–12 for a tank, and switching over may mean new gas lines or electrical work.\n3. Labor on its own: $300–$1,000, depending on where you live and how complicated the job is.\n4. Extras: a permit ($50–$500) in many cities, and possibly $100–$200 to haul away the old unit.", "gpt4"),
   ("Replacing a water heater usually costs $1,200 to $3,500 installed, with most homeowners paying about $1,900 for a 40- or 50-gallon gas tank. Tankless units run $2,500 to $4,500 installed and can last 20 years or more, though converting from a tank always requires new gas lines or electrical upgrades. Labor alone is $300 to $1,000, and permits can add $50 to $500.", "gpt35",
    "subtle_conflict", "converting 'always requires' new gas lines/electrical work; passage 2 says 'may require'"))

topic("roth-ira-limit", "money", "roth ira contribution limit 2024", [
    "For 2024, the total contributions you make to all of your traditional and Roth IRAs cannot be more than $7,000, or $8,000 if you're age 50 or older. The limit was $6,500 ($7,500 for 50+) in 2023. - IRS.gov",
    "Your ability to contribute to a Roth IRA depends on your modified adjusted gross income (MAGI). For 2024, single filers can make a full contribution with MAGI under $146,000; the amount phases out between $146,000 and $161,000. For married couples filing jointly, the phase-out range is $230,000 to $240,000.",
    "You can make 2024 IRA contributions until the tax filing deadline, April 15, 2025. Unlike traditional IRA contributions, Roth contributions are not tax-deductible, but qualified withdrawals in retirement are tax-free.",
], ("For 2024 you can put up to $7,000 into your IRAs, or $8,000 if you're 50 or older, and that cap covers traditional and Roth IRAs combined. Eligibility depends on MAGI: single filers get the full amount below $146,000, phasing out up to $161,000, and joint filers phase out between $230,000 and $240,000. You have until April 15, 2025 to make 2024 contributions.", "gpt35"),
   ("Based on the passages, the 2024 Roth IRA contribution limit is $7,000, or $8,000 if you are 50 or older (Passage 1). This limit applies to all of your traditional and Roth IRAs combined. Passage 2 explains that single filers can contribute the full amount with a MAGI under $146,000, with a phase-out up to $161,000. Your contribution also cannot exceed your taxable earned income for the year, so someone with $4,000 of earnings can contribute only $4,000. According to Passage 3, you can make 2024 contributions until April 15, 2025. I hope this helps!", "llama",
    "evident_baseless", "adds: contribution capped at earned income ($4,000 example)"))

topic("pharmacist-salary", "money", "how much does a pharmacist make", [
    "Pharmacists earned a median annual salary of $136,030 in May 2023, according to the Bureau of Labor Statistics. That works out to about $65.40 per hour.",
    "Pharmacists who work in hospitals tend to earn more than those in retail pharmacies. The highest-paying industry was outpatient care centers, where the median salary exceeded $150,000. Pharmacists need a Doctor of Pharmacy (Pharm.D.) degree, which typically takes 4 years after 2 to 3 years of undergraduate study.",
    "Employment of pharmacists is projected to grow 3 percent from 2022 to 2032, about as fast as the average for all occupations. About 13,400 openings for pharmacists are projected each year.",
], ("About $136,030 a year at the median, per the BLS (May 2023), which is roughly $65 an hour. Pay tends to be higher in hospitals than in retail, and outpatient care centers pay best, with a median above $150,000.", "mistral"),
   ("According to the Bureau of Labor Statistics, pharmacists had a median annual salary of $136,030 in May 2023, or about $65.40 an hour. Hospital pharmacists typically earn more than retail pharmacists because they usually work night and weekend shifts, and outpatient care centers paid the most, with a median above $150,000. Becoming a pharmacist requires a Pharm.D., usually four years after 2–3 years of undergraduate coursework.", "gpt4",
    "subtle_baseless", "adds reason: hospital pharmacists work night and weekend shifts"))

topic("roof-cost", "money", "average cost of a new roof", [
    "The average cost to replace a roof is $5,700 to $12,000, or about $4 to $11 per square foot, according to Angi. Most homeowners spend around $9,000.",
    "Asphalt shingles are the most affordable roofing material, at $4 to $8 per square foot installed. Metal roofs cost $7 to $16 per square foot, while slate can run $15 to $30 per square foot but may last more than 100 years.",
    "Roof size is the biggest factor in cost. Roofers measure in 'squares'; one square equals 100 square feet. Tearing off an old roof adds $1 to $5 per square foot. A steep pitch or multiple stories can also increase labor costs.",
], ("Based on the passages, here is a breakdown of what a new roof costs:\n\n* Average replacement: $5,700 to $12,000 (roughly $4–$11 per sq ft), with most homeowners spending about $9,000 (Passage 1).\n* Asphalt shingles: $4–$8 per sq ft installed, the cheapest option.\n* Metal: $7–$16 per sq ft.\n* Slate: $15–$30 per sq ft, though it may last over a century (Passage 2).\n\nPassage 3 notes that roof size matters most, and removing the old roof adds $1–$5 per square foot. Steep or multi-story roofs can also raise labor costs. I hope this helps!", "llama"),
   ("A new roof typically costs $5,700 to $12,000, about $4 to $11 per square foot, with most people spending around $9,000. Asphalt shingles are cheapest at $4 to $8 per square foot; metal runs $7 to $16 and slate $15 to $30. Roofers price jobs by the 'square,' which is 1,000 square feet, and tearing off the old roof adds $1 to $5 per square foot.", "gpt35",
    "evident_conflict", "a square is 1,000 sq ft; passage 3 says 100 sq ft"))

topic("credit-score", "money", "what is a good credit score", [
    "FICO scores range from 300 to 850. Generally, a score of 670 to 739 is considered good, 740 to 799 very good, and 800 or higher exceptional. Scores below 580 are considered poor.",
    "The average FICO score in the U.S. was 715 in 2023, according to FICO. Payment history makes up 35% of your FICO score, and amounts owed account for 30%.",
    "VantageScore, a competing model, also uses a 300–850 range, but a 'good' VantageScore is 661 to 780. Lenders may use different scoring models, so your score can vary depending on where you check it.",
], ("On the FICO scale of 300–850, a score from 670 to 739 is generally considered good; 740–799 is very good, 800+ is exceptional, and anything under 580 is poor. For comparison, the U.S. average FICO score was 715 in 2023. Keep in mind that VantageScore uses the same 300–850 range but calls 661–780 'good,' and since lenders use different models, your score can differ depending on where you check. Payment history accounts for 35% of a FICO score and amounts owed for 30%.", "gpt4"),
   ("Based on the given passages, a good FICO score is between 670 and 739 (Passage 1). Scores of 740 to 799 are very good, and 800 or above is exceptional. Passage 2 states that the average FICO score in the U.S. was 715 in 2023, and that amounts owed make up 35% of your score while payment history accounts for 30%. Passage 3 notes that VantageScore considers 661 to 780 to be good. I hope this information is helpful!", "llama",
    "subtle_conflict", "swaps the weights: amounts owed 35%, payment history 30% (passage 2: the reverse)"))

# ---------------------------------------------------------------- science
topic("photosynthesis", "science", "define photosynthesis", [
    "Photosynthesis is the process by which green plants, algae and some bacteria use sunlight, water and carbon dioxide to make glucose and release oxygen. The overall equation is 6CO2 + 6H2O + light energy → C6H12O6 + 6O2.",
    "In plants, photosynthesis takes place mainly in the leaves, inside organelles called chloroplasts. Chloroplasts contain chlorophyll, a green pigment that absorbs light most strongly in the blue and red wavelengths and reflects green.",
    "Photosynthesis has two stages: the light-dependent reactions, which occur in the thylakoid membranes and produce ATP and NADPH, and the Calvin cycle (light-independent reactions), which occurs in the stroma and uses that energy to fix carbon dioxide into sugar. - Britannica",
], ("Photosynthesis is how green plants, algae, and some bacteria turn sunlight, water, and carbon dioxide into glucose, releasing oxygen in the process. In plants it happens mostly in the leaves, in chloroplasts, which hold the green pigment chlorophyll. It has two stages: the light-dependent reactions in the thylakoid membranes, which make ATP and NADPH, and the Calvin cycle in the stroma, which uses that energy to turn CO2 into sugar.", "gpt35"),
   ("Photosynthesis is the process green plants, algae and some bacteria use to convert light energy, water and carbon dioxide into glucose, releasing oxygen.\n- Equation: 6CO2 + 6H2O + light → C6H12O6 + 6O2\n- Where: mostly in leaves, inside chloroplasts containing chlorophyll, which absorbs blue and red light and reflects green.\n- Stages: light-dependent reactions (thylakoids, producing ATP and NADPH) and the Calvin cycle (stroma, fixing CO2 into sugar).\n- Scale: photosynthesis by ocean phytoplankton produces roughly half of the oxygen in Earth's atmosphere.", "gpt4",
    "evident_baseless", "adds: ocean phytoplankton produce about half of Earth's oxygen"))

topic("mitosis", "science", "what is mitosis", [
    "Mitosis is a type of cell division in which one cell divides to produce two genetically identical daughter cells. It is used for growth, tissue repair and asexual reproduction.",
    "Mitosis is usually divided into four phases: prophase, metaphase, anaphase and telophase. During metaphase, chromosomes line up along the middle of the cell; in anaphase, sister chromatids are pulled apart to opposite poles. Cytokinesis, the division of the cytoplasm, usually overlaps with telophase.",
    "Unlike mitosis, meiosis produces four daughter cells, each with half the number of chromosomes of the parent cell. Meiosis occurs only in the formation of gametes (sperm and egg cells).",
], ("Based on the passages provided, mitosis is a form of cell division where a single cell splits into two daughter cells that are genetically identical (Passage 1). It is used for growth, repairing tissue, and asexual reproduction. According to Passage 2, it has four phases — prophase, metaphase, anaphase, and telophase — and cytokinesis usually overlaps with telophase. Passage 3 contrasts this with meiosis, which produces four cells with half the chromosome number. I hope this helps!", "llama"),
   ("Mitosis is cell division in which one cell produces two genetically identical daughter cells, used for growth, tissue repair and asexual reproduction. Its phases are prophase, metaphase, anaphase and telophase. In anaphase the chromosomes line up in the middle of the cell, and in metaphase the sister chromatids are pulled to opposite poles.", "mistral",
    "subtle_conflict", "swaps what happens in metaphase and anaphase"))

topic("speed-of-sound", "science", "how fast does sound travel", [
    "The speed of sound in dry air at 20°C (68°F) is about 343 meters per second, or roughly 767 miles per hour. That means sound travels about 1 kilometer in 3 seconds, or 1 mile in about 5 seconds.",
    "Sound travels faster in liquids and solids than in air. In water, sound moves at about 1,480 m/s, more than four times faster than in air, and in steel it can reach about 5,960 m/s.",
    "The speed of sound in air increases with temperature, by about 0.6 m/s for every degree Celsius. Sound cannot travel through a vacuum because there are no particles to carry the vibrations.",
], ("In dry air at 20°C (68°F), sound moves at about 343 m/s — around 767 mph. Some useful points:\n- Rule of thumb: about 1 km every 3 seconds, or a mile in roughly 5 seconds.\n- Warmer air is faster: add about 0.6 m/s per °C.\n- Water: ~1,480 m/s, over four times the speed in air.\n- Steel: up to about 5,960 m/s.\n- Vacuum: no sound at all, since there are no particles to carry the vibrations.", "gpt4"),
   ("Sound travels at about 343 meters per second (around 767 mph) in dry air at 20°C, which is roughly a kilometer every 3 seconds. It goes faster in liquids and solids: about 1,480 m/s in water and about 5,960 m/s in steel. Its speed in air rises by about 6 m/s for each degree Celsius.", "gpt35",
    "evident_conflict", "6 m/s per degree C; passage 3 says 0.6 m/s"))

topic("boiling-altitude", "science", "what temperature does water boil at high altitude", [
    "At sea level, water boils at 212°F (100°C). As altitude increases, atmospheric pressure drops, so water boils at a lower temperature. For roughly every 500 feet of elevation gain, the boiling point falls by about 1°F.",
    "In Denver, Colorado, at about 5,280 feet, water boils at around 202°F (94.4°C). At the summit of Mount Everest (29,032 ft), it boils at about 160°F (71°C).",
    "Because water boils at a lower temperature at high altitude, foods cooked in boiling water, like pasta or eggs, take longer to cook. Pressure cookers raise the boiling point and are popular in mountain areas. - USDA",
], ("Based on the given passages, water boils at 212°F (100°C) at sea level, and the boiling point drops as you go higher because the air pressure is lower (Passage 1). It falls by about 1°F for roughly every 500 feet of elevation. For example, Passage 2 states that water boils at around 202°F in Denver (about 5,280 feet) and at about 160°F on top of Mount Everest. Passage 3 adds that this is why foods like pasta and eggs take longer to cook at high altitude. Please let me know if you have any other questions.", "llama"),
   ("Water boils at 212°F (100°C) at sea level, but lower air pressure at altitude lowers that point — by about 1°F for every 500 feet you climb. In Denver, at roughly 5,280 feet, it boils near 202°F, and on the summit of Everest it's only about 160°F. That's why pasta and eggs take longer to cook in the mountains, and why many high-altitude cooks use pressure cookers, which raise the boiling point to about 250°F.", "gpt4",
    "subtle_baseless", "adds: pressure cookers raise the boiling point to about 250°F"))

topic("isotope", "science", "what is an isotope", [
    "Isotopes are atoms of the same element that have the same number of protons but different numbers of neutrons. Because they have different numbers of neutrons, isotopes of an element have different mass numbers.",
    "For example, carbon-12, carbon-13 and carbon-14 are all isotopes of carbon. Each has 6 protons, but they have 6, 7 and 8 neutrons respectively. Carbon-12 makes up about 99% of natural carbon.",
    "Some isotopes are stable, while others, called radioisotopes, are unstable and decay over time, giving off radiation. Carbon-14 is radioactive, with a half-life of about 5,730 years, which makes it useful for dating organic materials.",
], ("An isotope is a version of an element whose atoms have the same number of protons but a different number of neutrons, so the mass number differs. Carbon-12, -13 and -14, for example, all have 6 protons but 6, 7 and 8 neutrons. Some isotopes are stable; radioactive ones like carbon-14 decay over time.", "mistral"),
   ("Based on the passages, an isotope is an atom of an element with the same number of protons but a different number of neutrons, which gives it a different mass number (Passage 1). Passage 2 gives the example of carbon-12, carbon-13, and carbon-14, which have 6, 7, and 8 neutrons. Isotopes of the same element have nearly identical chemical properties, because chemical behavior depends mainly on the electrons. According to Passage 3, carbon-14 is radioactive with a half-life of about 5,730 years, which makes it useful for dating organic materials. I hope this helps!", "llama",
    "evident_baseless", "adds: isotopes share chemical properties because chemistry depends on electrons"))

topic("seasons", "science", "what causes the seasons", [
    "Earth's seasons are caused by the tilt of its axis, which is about 23.5 degrees relative to its orbit around the Sun. As Earth orbits, different hemispheres are tilted toward or away from the Sun. - NASA Space Place",
    "When the Northern Hemisphere is tilted toward the Sun, it receives more direct sunlight and longer days, producing summer. At the same time the Southern Hemisphere is tilted away and has winter.",
    "A common misconception is that seasons are caused by Earth's distance from the Sun. In fact, Earth is closest to the Sun (perihelion) in early January, during Northern Hemisphere winter.",
], ("The seasons come from the roughly 23.5-degree tilt of Earth's axis, not from how far Earth is from the Sun. As Earth orbits, the hemisphere tilted toward the Sun gets more direct sunlight and longer days (summer) while the other hemisphere is tilted away and has winter. In fact, Earth is nearest the Sun in early January, which is winter in the Northern Hemisphere.", "gpt35"),
   ("Seasons are driven by Earth's axial tilt, not its distance from the Sun:\n- Tilt: Earth's axis is tilted about 23.5° relative to its orbit.\n- Summer: the hemisphere tilted toward the Sun gets more direct sunlight and longer days.\n- Winter: meanwhile the other hemisphere is tilted away and has winter.\n- Distance myth: Earth is actually closest to the Sun in early January, during Southern Hemisphere winter.", "gpt4",
    "subtle_conflict", "perihelion 'during Southern Hemisphere winter'; passage 3 says Northern Hemisphere winter"))

# ---------------------------------------------------------------- geography
topic("frisco-county", "geography", "what county is frisco tx in", [
    "Frisco is a city in Collin and Denton counties in the U.S. state of Texas. It is part of the Dallas–Fort Worth metroplex and is located about 25 miles north of downtown Dallas.",
    "Frisco's population was 200,509 at the 2020 census, up from 116,989 in 2010, making it one of the fastest-growing cities in the United States.",
    "Frisco is home to the Dallas Cowboys' headquarters and practice facility, The Star, as well as the PGA of America headquarters and Toyota Stadium, home of FC Dallas.",
], ("Based on the passages, Frisco, Texas is located in two counties: Collin County and Denton County (Passage 1). It is part of the Dallas–Fort Worth metroplex, roughly 25 miles north of downtown Dallas. Passage 2 also notes that its population was about 200,500 in 2020. I hope this helps!", "llama"),
   ("Frisco, Texas, lies in Collin and Dallas counties. It's part of the Dallas–Fort Worth area, about 25 miles north of downtown Dallas, and had about 200,500 residents in 2020.", "gpt35",
    "evident_conflict", "Collin and Dallas counties; passage 1 says Collin and Denton"))

topic("lake-tahoe-depth", "geography", "how deep is lake tahoe", [
    "Lake Tahoe has a maximum depth of 1,645 feet (501 m), making it the second-deepest lake in the United States after Crater Lake in Oregon. Its average depth is about 1,000 feet.",
    "Lake Tahoe straddles the border of California and Nevada, with about two-thirds of its shoreline in California. The lake is 22 miles long and 12 miles wide, with 72 miles of shoreline.",
    "Lake Tahoe is famous for its clarity; a white disk lowered into the water was visible to a depth of about 71 feet in 2022. The lake holds enough water to cover the entire state of California to a depth of about 14 inches.",
], ("Lake Tahoe reaches 1,645 feet (about 501 meters) at its deepest point and averages roughly 1,000 feet deep. That makes it the second-deepest lake in the U.S., behind Oregon's Crater Lake. The lake is 22 miles long and 12 miles wide, with 72 miles of shoreline, about two-thirds of it in California and the rest in Nevada.", "gpt4"),
   ("Lake Tahoe is 1,645 feet (501 m) deep at its deepest point, which makes it the second-deepest lake in North America, behind Crater Lake. On average it's about 1,000 feet deep.", "mistral",
    "subtle_conflict", "'second-deepest in North America'; passage 1 says in the United States"))

topic("largest-desert", "geography", "what is the largest desert in the world", [
    "The largest desert in the world is the Antarctic Desert, covering about 14.2 million square kilometers (5.5 million square miles). A desert is defined by low precipitation, not by heat: Antarctica receives less than 200 mm of precipitation a year on average.",
    "The Arctic Desert is the second largest, at about 13.9 million km². The Sahara is the largest hot desert, covering roughly 9.2 million km² across 11 countries in North Africa.",
    "Other large deserts include the Arabian Desert (2.3 million km²), the Gobi Desert (1.3 million km²) and the Kalahari Desert (0.9 million km²).",
], ("Based on the passages, the largest desert in the world is the Antarctic Desert:\n\n1. Antarctic Desert: about 14.2 million square kilometers (5.5 million square miles).\n2. Arctic Desert: second, at about 13.9 million km².\n3. Sahara: the largest hot desert, at roughly 9.2 million km² across 11 North African countries.\n\nPassage 1 explains that a desert is defined by low precipitation rather than heat, which is why Antarctica counts. I hope this helps!", "llama"),
   ("The world's largest desert is the Antarctic Desert, at about 14.2 million km² (5.5 million sq mi), because deserts are defined by low precipitation rather than heat. The Arctic Desert is second, and the Sahara is the biggest hot desert at about 9.2 million km². The Sahara's sand dunes can reach heights of about 180 meters.", "gpt35",
    "evident_baseless", "adds: Sahara dunes reach about 180 m"))

topic("arizona-dst", "geography", "does arizona observe daylight saving time", [
    "Most of Arizona does not observe daylight saving time and stays on Mountain Standard Time (MST) all year. The state opted out under the Uniform Time Act of 1966, and it has not observed DST since 1968.",
    "The Navajo Nation, which extends into Arizona, New Mexico and Utah, does observe daylight saving time. However, the Hopi Reservation, which is surrounded by the Navajo Nation, does not.",
    "Because Arizona doesn't change its clocks, during the summer it is on the same time as California (Pacific Daylight Time), and in the winter it matches Colorado and other Mountain time states. Hawaii is the only other state that doesn't observe DST.",
], ("Mostly no. Here's how it breaks down:\n- Most of Arizona stays on Mountain Standard Time year-round and hasn't used DST since 1968, after opting out under the Uniform Time Act of 1966.\n- One exception is the Navajo Nation, which does switch its clocks.\n- The Hopi Reservation, which is surrounded by the Navajo Nation, doesn't observe DST.\nIn practice, Arizona lines up with California in summer and with Colorado and other Mountain time states in winter. Hawaii is the only other state that skips DST.", "gpt4"),
   ("Based on the given passages, most of Arizona does not observe daylight saving time and stays on Mountain Standard Time all year (Passage 1). The state opted out under the Uniform Time Act of 1966 to keep evenings cooler during its hot summers, and has not observed DST since 1968. According to Passage 2, the Navajo Nation does observe DST, but the Hopi Reservation does not. Passage 3 states that Arizona matches California's time in the summer. I hope this helps!", "llama",
    "subtle_baseless", "adds reason: opted out to keep evenings cooler in hot summers"))

topic("iceland-population", "geography", "population of iceland", [
    "Iceland has a population of about 383,000 people as of January 2024, according to Statistics Iceland. It is the most sparsely populated country in Europe, with roughly 3.7 people per square kilometer.",
    "About two-thirds of Icelanders live in the capital region around Reykjavík. Reykjavík itself has about 139,000 residents.",
    "Iceland's population has grown steadily, passing 300,000 in 2006. Immigrants make up about 18% of the population, with Poles forming the largest group.",
], ("Iceland has roughly 383,000 people (Statistics Iceland, January 2024). About two-thirds of them live in the Reykjavík capital region, and the city of Reykjavík alone has around 139,000.", "mistral"),
   ("Iceland's population at a glance:\n- Total: about 383,000 as of January 2024 (Statistics Iceland), the most sparsely populated country in Europe at roughly 3.7 people per km².\n- Capital region: around two-thirds of residents; Reykjavík itself has about 139,000.\n- Growth: the population passed 300,000 in 2016.\n- Immigrants: about 18% of the population, with Poles the largest group.", "gpt4",
    "evident_conflict", "passed 300,000 in 2016; passage 3 says 2006"))

topic("machu-picchu", "geography", "where is machu picchu", [
    "Machu Picchu is a 15th-century Inca citadel located in the Eastern Cordillera of southern Peru, on a mountain ridge at about 2,430 meters (7,970 ft) above sea level. It lies above the Urubamba River valley, about 80 km northwest of Cusco.",
    "Machu Picchu was built around 1450 for the Inca emperor Pachacuti. It was abandoned about a century later, at the time of the Spanish conquest, and was brought to international attention by Hiram Bingham in 1911.",
    "Most visitors reach Machu Picchu by taking a train from Cusco or Ollantaytambo to the town of Aguas Calientes, then a 25-minute bus ride up to the site. It was declared a UNESCO World Heritage Site in 1983.",
], ("Based on the passages provided, Machu Picchu is located in southern Peru, in the Eastern Cordillera, on a mountain ridge roughly 2,430 meters (7,970 feet) above sea level (Passage 1). It sits above the Urubamba River valley, about 80 km northwest of Cusco. According to Passage 3, most visitors get there by train from Cusco or Ollantaytambo to Aguas Calientes, followed by a 25-minute bus ride. I hope this helps!", "llama"),
   ("Machu Picchu is in southern Peru, on a mountain ridge about 2,430 m (7,970 ft) up in the Eastern Cordillera, above the Urubamba River valley and about 80 km northwest of Cusco. The Inca citadel was built around 1450 for the emperor Pachacuti and was discovered by Hiram Bingham in 1911. Visitors usually take a train to Aguas Calientes and then a bus up to the site.", "gpt35",
    "subtle_conflict", "'discovered by' Bingham; passage 2 says he brought it to international attention"))

# ---------------------------------------------------------------- history
topic("ww1-start", "history", "when did ww1 start", [
    "World War I began on July 28, 1914, when Austria-Hungary declared war on Serbia, one month after the assassination of Archduke Franz Ferdinand in Sarajevo on June 28, 1914.",
    "Within weeks, the major European powers were drawn in through their alliances: Germany declared war on Russia on August 1 and on France on August 3, and Britain declared war on Germany on August 4, 1914.",
    "The war ended with the armistice of November 11, 1918. The United States entered the war in April 1917. About 9 million soldiers were killed.",
], ("World War I started on July 28, 1914, when Austria-Hungary declared war on Serbia. That came a month after Archduke Franz Ferdinand was assassinated in Sarajevo on June 28. Alliances quickly pulled in the other powers: Germany declared war on Russia on August 1 and France on August 3, and Britain declared war on Germany on August 4.", "gpt35"),
   ("Based on the passages, World War I began on July 28, 1914, when Austria-Hungary declared war on Serbia (Passage 1). This was one month after the assassination of Archduke Franz Ferdinand in Sarajevo. Passage 2 explains that Germany declared war on Russia on August 1 and on France on August 3, and that Britain declared war on Germany on August 4. According to Passage 3, the war ended with the armistice of November 11, 1918, and the United States entered the war in April 1915. I hope this helps!", "llama",
    "evident_conflict", "US entered in April 1915; passage 3 says April 1917"))

topic("eiffel-tower", "history", "who built the eiffel tower", [
    "The Eiffel Tower was built by the company of Gustave Eiffel, whose firm specialized in metal structures. It was constructed between 1887 and 1889 as the entrance arch to the 1889 World's Fair (Exposition Universelle).",
    "Although the tower bears Eiffel's name, the initial design was drawn up by two senior engineers in his company, Maurice Koechlin and Émile Nouguier, with architect Stephen Sauvestre refining the look. About 300 workers assembled the 18,038 iron parts using 2.5 million rivets.",
    "At 330 meters (1,083 ft) including antennas, the Eiffel Tower was the tallest man-made structure in the world until the Chrysler Building in New York was completed in 1930.",
], ("It was a team effort led by Gustave Eiffel's firm:\n- Company: Gustave Eiffel's metal-structures firm built it between 1887 and 1889 for the 1889 World's Fair.\n- Design: senior engineers Maurice Koechlin and Émile Nouguier drew up the initial design, and architect Stephen Sauvestre refined its appearance.\n- Construction: about 300 workers put together 18,038 iron parts with 2.5 million rivets.\nSo while it carries Eiffel's name, the initial design came from his engineers.", "gpt4"),
   ("The Eiffel Tower was built by Gustave Eiffel's company between 1887 and 1889 for the 1889 World's Fair. The first design actually came from two of his engineers, Maurice Koechlin and Émile Nouguier, and architect Stephen Sauvestre refined it. About 300 workers assembled its 18,038 iron parts, finishing the job ahead of schedule.", "mistral",
    "subtle_baseless", "adds: finished ahead of schedule"))

topic("declaration-signed", "history", "when was the declaration of independence signed", [
    "The Continental Congress voted for independence on July 2, 1776, and formally adopted the Declaration of Independence on July 4, 1776. The document was primarily written by Thomas Jefferson.",
    "Most delegates did not sign the Declaration on July 4. The engrossed (handwritten final) copy was signed by most of the 56 delegates on August 2, 1776, at the Pennsylvania State House in Philadelphia, now known as Independence Hall.",
    "John Hancock, president of the Continental Congress, signed first, with his famously large signature. A few delegates signed later in 1776, and Thomas McKean may not have signed until 1777 or later.",
], ("Based on the given passages, the Declaration of Independence was adopted on July 4, 1776, but most of the delegates did not actually sign it that day. Passage 2 states that most of the 56 delegates signed the handwritten final copy on August 2, 1776, at the Pennsylvania State House in Philadelphia (now Independence Hall). According to Passage 3, John Hancock signed first, and a few delegates signed later, with Thomas McKean possibly not signing until 1777 or later. I hope this helps clarify the dates!", "llama"),
   ("Although July 4, 1776 is the famous date, that's when Congress formally adopted the Declaration — none of the delegates signed it that day. The handwritten final copy was signed by most of the 56 delegates on August 2, 1776, at the Pennsylvania State House (now Independence Hall) in Philadelphia. John Hancock, as president of Congress, signed first, and a few others added their names later.", "gpt4",
    "subtle_conflict", "'none of the delegates signed' on July 4; passage 2 says most did not"))

topic("hoover-dam", "history", "when was the hoover dam built", [
    "Hoover Dam was constructed between 1931 and 1936 on the Colorado River, on the border between Nevada and Arizona. It was completed more than two years ahead of schedule.",
    "The dam was dedicated by President Franklin D. Roosevelt on September 30, 1935. At the time it was the largest concrete structure in the world, containing about 3.25 million cubic yards of concrete.",
    "More than 21,000 men worked on the project, and 96 workers officially died in industrial accidents during construction. Its reservoir, Lake Mead, is the largest reservoir in the U.S. by capacity.",
], ("Hoover Dam was built from 1931 to 1936 on the Colorado River at the Nevada–Arizona border, finishing more than two years early. President Franklin D. Roosevelt dedicated it on September 30, 1935. Over 21,000 men worked on it.", "gpt35"),
   ("Based on the passages, here are the key facts about when Hoover Dam was built:\n\n* Construction ran from 1931 to 1936 on the Colorado River, between Nevada and Arizona (Passage 1).\n* It was finished more than two years ahead of schedule.\n* President Franklin D. Roosevelt dedicated it on September 30, 1935 (Passage 2).\n* The dam was originally called Boulder Dam, and Congress officially renamed it Hoover Dam in 1947.\n\nI hope this helps!", "llama",
    "evident_baseless", "adds: originally Boulder Dam, renamed by Congress in 1947"))

topic("berlin-wall", "history", "when did the berlin wall fall", [
    "The Berlin Wall fell on the night of November 9, 1989, when East German authorities announced that citizens could cross the border freely. Crowds gathered at checkpoints and guards eventually opened the gates.",
    "The wall had divided East and West Berlin since August 13, 1961. Official demolition began in June 1990, and German reunification followed on October 3, 1990.",
    "At least 140 people were killed at the Berlin Wall while trying to cross it. The wall stretched about 155 kilometers (96 miles) around West Berlin.",
], ("The Berlin Wall fell on the night of November 9, 1989, after East German officials announced that people could cross the border freely; crowds gathered at the checkpoints and the guards eventually opened the gates. It had stood since August 13, 1961. Official demolition started in June 1990, and Germany reunified on October 3, 1990.", "mistral"),
   ("The Berlin Wall fell on the night of November 9, 1989 [1]. East German authorities announced that citizens could cross freely, and after crowds gathered at the checkpoints, guards eventually opened the gates, starting at Bornholmer Strasse [1]. The wall had split East and West Berlin since August 13, 1961 [2], and official demolition began in June 1990, ahead of reunification on October 3, 1990 [2].", "gpt4",
    "subtle_baseless", "adds: the gates opened first at Bornholmer Strasse"))

# ---------------------------------------------------------------- food
topic("chicken-temp", "food", "what temperature should chicken be cooked to", [
    "The USDA recommends cooking all poultry, including whole chickens, breasts, thighs and ground chicken, to a safe minimum internal temperature of 165°F (74°C).",
    "Check the temperature with a food thermometer inserted into the thickest part of the meat, avoiding bone. Color is not a reliable indicator of doneness; chicken can look white but still be undercooked.",
    "Some cooks prefer to take thighs and drumsticks to 175°F to 185°F because dark meat has more connective tissue, which breaks down at higher temperatures and makes the meat more tender. Let chicken rest for about 5 minutes after cooking.",
], ("Based on the passages, the USDA recommends cooking all chicken — whole birds, breasts, thighs, and ground chicken — to an internal temperature of at least 165°F (74°C) (Passage 1). Passage 2 advises using a food thermometer in the thickest part of the meat, away from the bone, since color alone is not a reliable sign of doneness. Passage 3 notes that some cooks take dark meat like thighs and drumsticks to 175–185°F for a more tender result. I hope this helps!", "llama"),
   ("Cook chicken to an internal temperature of 165°F (74°C), per the USDA. Measure in the thickest part, away from the bone; if the meat looks white all the way through, it's done. Some cooks take dark meat to 175–185°F for tenderness.", "mistral",
    "evident_conflict", "says white meat all the way through means done; passage 2 says color is not reliable"))

topic("boil-corn", "food", "how long to boil corn on the cob", [
    "Bring a large pot of water to a boil. Add the shucked ears of corn and cook for 3 to 5 minutes for fresh, in-season corn. Older corn may need 6 to 8 minutes.",
    "Don't salt the water. Some cooks say salt can toughen the kernels; instead, add a tablespoon of sugar if the corn isn't very sweet. Remove the corn with tongs and serve with butter and salt.",
    "Frozen corn on the cob takes 5 to 8 minutes in boiling water, no thawing needed. One medium ear of corn has about 90 calories and 2 grams of fiber.",
], ("Boil fresh, in-season corn for about 3–5 minutes once it goes into the boiling water; older ears may need 6–8 minutes, and frozen cobs take 5–8 minutes without thawing. Skip the salt in the water, since some cooks say it can toughen the kernels, and add a tablespoon of sugar if the corn isn't very sweet.", "gpt35"),
   ("Boiling times for corn on the cob:\n- Fresh, in-season ears: 3–5 minutes in boiling water.\n- Older corn: 6–8 minutes.\n- Frozen: 5–8 minutes, straight from the freezer, since thawing first makes the kernels mushy.\nLeave the salt out of the water — some cooks say it toughens the kernels — and add a tablespoon of sugar if the corn isn't very sweet. Lift the ears out with tongs and serve with butter and salt.", "gpt4",
    "subtle_baseless", "adds reason: thawing makes the kernels mushy"))

topic("tahini", "food", "what is tahini", [
    "Tahini is a paste made from toasted, ground hulled sesame seeds. It is a staple in Middle Eastern and Mediterranean cooking and is a key ingredient in hummus and baba ghanoush.",
    "Tahini has a nutty, slightly bitter flavor and a texture similar to natural peanut butter. Oil often separates and rises to the top of the jar, so stir it well before using. Once opened, it can be stored in the pantry or the refrigerator.",
    "Two tablespoons of tahini contain about 180 calories, 5 grams of protein and 16 grams of fat. Tahini is also a good source of copper, phosphorus and selenium.",
], ("Tahini is a paste of toasted, ground, hulled sesame seeds — a staple of Middle Eastern and Mediterranean cooking and a key ingredient in hummus and baba ghanoush. It tastes nutty and a little bitter, with a consistency like natural peanut butter.", "mistral"),
   ("Based on the given passages, tahini is a paste made from toasted and ground hulled sesame seeds (Passage 1). It is widely used in Middle Eastern and Mediterranean cuisine and is a main ingredient in hummus and baba ghanoush. According to Passage 2, it has a nutty and slightly bitter taste, similar in texture to natural peanut butter, and the oil tends to separate, so it should be stirred before use. Tahini made from unhulled seeds is darker and more bitter than tahini made from hulled seeds. I hope this helps!", "llama",
    "evident_baseless", "adds: unhulled-seed tahini is darker and more bitter"))

topic("rice-fridge", "food", "how long is cooked rice good in the fridge", [
    "Cooked rice can be stored in the refrigerator for 3 to 4 days, according to the USDA FoodKeeper app. Refrigerate rice within 2 hours of cooking, in a shallow airtight container so it cools quickly.",
    "Uncooked rice can contain spores of Bacillus cereus, which can survive cooking. If cooked rice is left at room temperature, the spores can grow into bacteria that produce toxins, which may cause vomiting or diarrhea. Reheating does not destroy these toxins.",
    "Cooked rice can be frozen for up to 6 months. When reheating, make sure it is steaming hot all the way through, and reheat it only once.",
], ("Cooked rice keeps for about 3–4 days in the fridge (USDA FoodKeeper). A few safety points:\n1. Get it into the fridge within 2 hours of cooking, in a shallow, airtight container so it cools fast.\n2. Don't leave it sitting out: Bacillus cereus spores can survive cooking, grow at room temperature, and produce toxins that may cause vomiting or diarrhea — and reheating won't destroy them.\n3. Reheat it only once, until it's steaming hot all the way through.\n4. For longer storage, freeze it for up to 6 months.", "gpt4"),
   ("Cooked rice lasts 5 to 7 days in the refrigerator. Refrigerate it within 2 hours of cooking in a shallow, airtight container. Bacillus cereus spores can survive cooking and produce toxins if rice sits at room temperature, and reheating won't destroy them. You can also freeze cooked rice for up to 6 months.", "gpt35",
    "evident_conflict", "5 to 7 days; passage 1 says 3 to 4 days"))

topic("espresso-caffeine", "food", "how much caffeine in a shot of espresso", [
    "A single shot of espresso (about 1 ounce or 30 mL) contains about 63 milligrams of caffeine, according to USDA data. A double shot has roughly 125 mg.",
    "By volume, espresso has far more caffeine than drip coffee: about 63 mg per ounce versus about 12 mg per ounce. But a typical 8-ounce cup of brewed coffee contains around 95 mg, more than a single shot of espresso.",
    "The FDA says up to 400 mg of caffeine a day is generally safe for healthy adults. Caffeine content varies with the bean, roast and brewing method; Robusta beans have roughly twice as much caffeine as Arabica.",
], ("Based on the passages, a single 1-ounce shot of espresso has about 63 mg of caffeine, and a double shot has about 125 mg (Passage 1). Passage 2 points out that espresso is much stronger per ounce than drip coffee, but an 8-ounce cup of brewed coffee still has more caffeine overall, at around 95 mg. For reference, Passage 3 states that the FDA considers up to 400 mg per day generally safe for healthy adults. Please let me know if you have any other questions!", "llama"),
   ("A single shot of espresso (about 1 oz) has roughly 63 mg of caffeine, and a double has about 125 mg. Ounce for ounce that's far more than drip coffee — about 63 mg versus 12 mg — which is why a single shot of espresso has more caffeine than a typical 8-oz cup of brewed coffee. Actual amounts vary with the bean, roast and brewing method.", "gpt4",
    "subtle_conflict", "says a shot has more caffeine than an 8-oz cup; passage 2 says the cup (95 mg) has more"))

topic("quinoa-gluten", "food", "is quinoa gluten free", [
    "Quinoa is naturally gluten-free. Although it is often cooked and eaten like a grain, it is actually the seed of a plant related to spinach and beets, so it is called a pseudocereal.",
    "People with celiac disease should look for quinoa labeled 'certified gluten-free,' because quinoa can be cross-contaminated with wheat, barley or rye during growing or processing.",
    "Quinoa is a complete protein, containing all nine essential amino acids. One cup of cooked quinoa provides about 8 grams of protein and 5 grams of fiber. Rinse quinoa before cooking to remove saponins, which can taste bitter or soapy.",
], ("Yes, quinoa is naturally gluten-free. Although it's cooked and eaten like a grain, it's actually a seed from a plant related to spinach and beets (a pseudocereal). If you have celiac disease, choose quinoa labeled certified gluten-free, since it can be cross-contaminated with wheat, barley or rye during growing or processing.", "gpt35"),
   ("Yes, quinoa is naturally gluten-free — it's the seed of a plant related to spinach and beets, not a true grain. If you have celiac disease, buy certified gluten-free quinoa to avoid cross-contamination. Oats are also naturally gluten-free but are frequently contaminated with wheat during processing.", "mistral",
    "evident_baseless", "adds: oats are gluten-free but often contaminated with wheat"))

# ---------------------------------------------------------------- tech
topic("screenshot-windows", "tech", "how to take a screenshot on windows 10", [
    "Press the Windows logo key + Print Screen (PrtScn) to capture your whole screen. The screen will dim briefly, and the screenshot will be saved as a PNG file in Pictures > Screenshots.",
    "To capture part of the screen, press Windows logo key + Shift + S to open Snip & Sketch. You can choose a rectangular, freeform, window or full-screen snip. The snip is copied to your clipboard, and you can paste it into another app.",
    "Pressing PrtScn alone copies the entire screen to the clipboard without saving a file. Alt + PrtScn copies only the active window. - support.microsoft.com",
], ("Windows 10 gives you several options:\n- Whole screen, saved as a file: Windows key + PrtScn. The screen dims for a moment and a PNG is saved in Pictures > Screenshots.\n- Part of the screen: Windows key + Shift + S opens Snip & Sketch, where you can pick a rectangular, freeform, window, or full-screen snip; it's copied to the clipboard so you can paste it into another app.\n- Whole screen to the clipboard only: PrtScn by itself.\n- Just the active window: Alt + PrtScn.", "gpt4"),
   ("Based on the passages, there are a few ways to take a screenshot on Windows 10. According to Passage 1, pressing the Windows key + Print Screen captures the whole screen and saves it as a PNG in Pictures > Screenshots. Passage 2 explains that Windows key + Shift + S opens Snip & Sketch, which lets you capture a rectangular or freeform area of the screen. Passage 3 states that pressing PrtScn alone saves the entire screen as a file, and Alt + PrtScn copies only the active window. I hope this helps!", "llama",
    "evident_conflict", "PrtScn alone 'saves a file'; passage 3 says it copies to clipboard without saving a file"))

topic("force-restart-iphone", "tech", "how to force restart iphone 13", [
    "To force restart an iPhone 8 or later, including iPhone 13: press and quickly release the volume up button, press and quickly release the volume down button, then press and hold the side button. When the Apple logo appears, release the side button.",
    "A force restart doesn't erase the content on your device. You can use it if your iPhone is unresponsive and you can't turn it off and on normally.",
    "On iPhone 7, press and hold both the volume down button and the Sleep/Wake button at the same time until the Apple logo appears. If your iPhone still doesn't turn on after a force restart, charge it for up to an hour and try again. - Apple Support",
], ("Based on the passages, here is how to force restart an iPhone 13 (these steps apply to iPhone 8 and later):\n\n1. Press and quickly release the volume up button.\n2. Press and quickly release the volume down button.\n3. Press and hold the side button.\n4. Release the side button when the Apple logo appears.\n\nPassage 2 notes that a force restart won't erase your content, and Passage 3 suggests charging the phone for up to an hour and trying again if it still won't turn on. I hope this helps!", "llama"),
   ("On an iPhone 13, press and quickly release volume up, then press and quickly release volume down, then press and hold the side button for about 10 seconds until the Apple logo appears, and let go. A force restart doesn't delete any of your content. If the phone still won't turn on, charge it for up to an hour and try again.", "gpt35",
    "subtle_baseless", "adds: hold the side button for about 10 seconds"))

topic("what-is-ram", "tech", "what is ram in a computer", [
    "RAM (random access memory) is a computer's short-term memory, where the data the processor is currently using is stored so it can be accessed quickly. RAM is volatile, meaning its contents are lost when the computer is turned off.",
    "RAM is much faster than storage drives like SSDs and hard drives, but it holds far less data. If a computer runs out of RAM, it uses part of the storage drive as virtual memory, which slows things down.",
    "For most users, 8 GB of RAM is enough for web browsing and office work, while 16 GB is recommended for gaming and photo editing. Video editors and other power users may want 32 GB or more.",
], ("RAM (random access memory) is your computer's short-term memory: it holds the data the processor is using right now so it can get to it fast. It's much faster than an SSD or hard drive but stores far less, and it's volatile, so everything in it is lost when the computer is turned off. For most people 8 GB is enough for browsing and office work; 16 GB is recommended for gaming and photo editing.", "mistral"),
   ("RAM, or random access memory, is a computer's short-term memory:\n- What it does: stores the data the processor is actively using so it can be reached quickly.\n- Volatile: its contents disappear when the computer is turned off.\n- Speed vs. size: much faster than SSDs or hard drives, but it holds much less; when it runs out, the system falls back on slower virtual memory on the drive.\n- Types: most current desktops and laptops use DDR4 or DDR5 memory modules.\n- How much: 8 GB for browsing and office work, 16 GB for gaming and photo editing, 32 GB+ for video editing.", "gpt4",
    "evident_baseless", "adds: most current computers use DDR4 or DDR5 modules"))

topic("wifi-password", "tech", "how to change wifi password", [
    "To change your Wi-Fi password, open a web browser on a device connected to your network and type your router's IP address, commonly 192.168.0.1 or 192.168.1.1, into the address bar. Log in with the router's admin username and password, which are often printed on a sticker on the router.",
    "Once logged in, look for a section called Wireless, Wi-Fi or WLAN settings. Find the field labeled Password, Passphrase or Pre-Shared Key, enter a new password, and click Save or Apply.",
    "After you change the password, all of your devices will be disconnected and you'll need to reconnect them using the new password. Use WPA2 or WPA3 security and a password of at least 12 characters.",
], ("On a device connected to your network, type your router's IP address (often 192.168.0.1 or 192.168.1.1) into a browser and log in with the admin username and password, which are often on a sticker on the router. Go to the Wireless, Wi-Fi, or WLAN settings, find the Password, Passphrase, or Pre-Shared Key field, enter the new password, and click Save or Apply. Afterward, reconnect all your devices using the new password.", "gpt35"),
   ("Based on the given passages, here's how to change your Wi-Fi password. Passage 1 explains that you should open a web browser on a connected device and enter your router's IP address, such as 192.168.0.1 or 192.168.1.1, then log in with the admin username and password, which are always printed on a sticker on the router. According to Passage 2, you then go to the Wireless or WLAN settings, enter a new password in the Password or Pre-Shared Key field, and click Save. Passage 3 notes that all your devices will be disconnected and will need the new password to reconnect. I hope this helps!", "llama",
    "subtle_conflict", "admin login 'always printed' on the sticker; passage 1 says often"))

topic("usb-c-thunderbolt", "tech", "difference between usb c and thunderbolt", [
    "USB-C is a connector shape, not a speed standard. A USB-C port can support different protocols, including USB 2.0, USB 3.2 and Thunderbolt, so two USB-C ports can look identical but perform very differently.",
    "Thunderbolt 3 and Thunderbolt 4, developed by Intel, use the USB-C connector and support data transfer speeds of up to 40 Gbps. Thunderbolt 4 requires support for two 4K displays or one 8K display, and charging of at least 15 W over the port.",
    "USB 3.2 Gen 2x2 tops out at 20 Gbps. Thunderbolt ports are usually marked with a small lightning-bolt icon. All Thunderbolt 3 and 4 ports can accept regular USB-C devices, but a USB-C port without Thunderbolt won't run Thunderbolt-only accessories.",
], ("The key point is that USB-C is a connector shape, while Thunderbolt is a protocol that can run through that connector.\n- USB-C: a connector that can carry different protocols (USB 2.0, USB 3.2, or Thunderbolt), so identical-looking ports can perform very differently.\n- Thunderbolt 3/4: Intel's standards, using the USB-C connector, with speeds up to 40 Gbps. Thunderbolt 4 must also support two 4K displays or one 8K display and at least 15 W of charging.\n- Speed comparison: USB 3.2 Gen 2x2 maxes out at 20 Gbps, half of Thunderbolt's 40 Gbps.\n- Compatibility: Thunderbolt 3 and 4 ports accept ordinary USB-C devices, but a USB-C port without Thunderbolt can't run Thunderbolt-only accessories.\nA small lightning-bolt icon usually marks a Thunderbolt port.", "gpt4"),
   ("USB-C is just the connector shape; Thunderbolt is Intel's protocol that uses it. Thunderbolt 3 and 4 reach up to 40 Gbps, while USB 3.2 Gen 2x2 tops out at 10 Gbps. Thunderbolt ports, usually marked with a lightning bolt, also work with regular USB-C devices.", "mistral",
    "evident_conflict", "USB 3.2 Gen 2x2 at 10 Gbps; passage 3 says 20 Gbps"))

topic("pdf-to-word", "tech", "how to convert pdf to word", [
    "In Microsoft Word, go to File > Open and select the PDF. Word will display a message that it will convert the PDF into an editable Word document. Click OK. The converted document may not perfectly match the original, especially if it has a lot of graphics.",
    "You can also use Adobe Acrobat: open the PDF, click Export PDF in the right pane, choose Microsoft Word as the export format, and click Export. Exporting requires a paid Acrobat subscription.",
    "Free online converters can change PDFs to Word files in seconds, but avoid uploading documents containing sensitive personal or financial information. Scanned PDFs need OCR (optical character recognition) to turn the images into editable text.",
], ("Based on the passages, there are a few ways to convert a PDF to Word:\n\n1. In Microsoft Word, go to File > Open, pick the PDF, and click OK when Word says it will convert it into an editable document (Passage 1). Note that the result may not match the original exactly, particularly if there are lots of graphics.\n2. In Adobe Acrobat, open the PDF, click Export PDF, select Microsoft Word, and click Export. Passage 2 mentions this needs a paid subscription.\n3. Free online converters are fast, but Passage 3 advises against uploading documents with sensitive personal or financial information.\n\nIf your PDF is scanned, it will need OCR to make the text editable. I hope this helps!", "llama"),
   ("You can open the PDF in Microsoft Word (File > Open) and click OK when Word offers to convert it into an editable document; the result may not match the original exactly, especially with lots of graphics. In Adobe Acrobat, use Export PDF and choose Microsoft Word, which requires a paid subscription. Free online converters also work in seconds, but don't upload sensitive documents. Scanned PDFs need OCR, which Word runs automatically when it opens them.", "gpt35",
    "subtle_baseless", "adds: Word runs OCR automatically on scanned PDFs"))

# ---------------------------------------------------------------- animals
topic("indoor-cat-lifespan", "animals", "how long do indoor cats live", [
    "Indoor cats typically live 12 to 18 years, and many live into their early 20s. Outdoor cats have much shorter average lifespans, often 2 to 5 years, because of risks such as cars, predators, fights and disease. - ASPCA",
    "Creme Puff, a cat from Austin, Texas, holds the Guinness World Record for the oldest cat ever, living to 38 years and 3 days.",
    "Spaying or neutering, regular veterinary checkups, a healthy weight and dental care can all help cats live longer. Cats are considered seniors at around 11 years of age.",
], ("Indoor cats usually live about 12 to 18 years, and many make it into their early 20s. That's far longer than outdoor cats, which often live only 2 to 5 years because of cars, predators, fights, and disease. Spaying or neutering, regular vet checkups, keeping a healthy weight, and dental care can all help a cat live longer.", "gpt35"),
   ("Based on the passages, indoor cats typically live between 12 and 18 years, and many live into their early 20s (Passage 1). Outdoor cats have much shorter lifespans, often 2 to 5 years, due to risks like cars and predators. According to Passage 2, the oldest cat on record, Creme Puff from Austin, Texas, lived to 38 years and 3 days on a diet that included bacon and eggs. Passage 3 notes that cats are considered seniors at around 11 years old. I hope this helps!", "llama",
    "subtle_baseless", "adds: Creme Puff's diet included bacon and eggs"))

topic("elephant-pregnancy", "animals", "how long are elephants pregnant", [
    "Elephants have the longest pregnancy of any living land mammal. African elephants are pregnant for about 22 months, while Asian elephants carry their calves for 18 to 22 months.",
    "A newborn elephant calf weighs about 200 to 250 pounds (90–115 kg) and stands about 3 feet tall. Calves can stand within an hour or two of birth.",
    "Female elephants usually give birth to a single calf every 4 to 5 years. Twins are rare, occurring in about 1 percent of births.",
], ("About 22 months for African elephants and 18–22 months for Asian elephants — the longest pregnancy of any living land mammal. Calves weigh roughly 200–250 lb at birth.", "mistral"),
   ("Elephants have the longest pregnancy of any living land mammal. African elephants carry their young for about 22 months, and Asian elephants for 18 to 24 months. Newborn calves weigh 200–250 pounds (90–115 kg) and can stand within an hour or two. Females usually give birth to one calf every 4 to 5 years.", "gpt4",
    "subtle_conflict", "Asian elephants 18-24 months; passage 1 says 18-22"))

topic("chocolate-dogs", "animals", "why is chocolate bad for dogs", [
    "Chocolate contains theobromine and caffeine, which dogs metabolize much more slowly than humans. These chemicals can cause vomiting, diarrhea, rapid breathing, increased heart rate and, in severe cases, seizures. - American Kennel Club",
    "The darker and more bitter the chocolate, the more dangerous it is. Baking chocolate and cocoa powder contain the most theobromine, while milk chocolate contains less and white chocolate contains very little.",
    "Signs of chocolate poisoning usually appear within 6 to 12 hours of ingestion and can last up to 72 hours. If your dog eats chocolate, call your veterinarian or the ASPCA Animal Poison Control Center at (888) 426-4435.",
], ("Based on the given passages, chocolate is bad for dogs because it contains theobromine and caffeine, which dogs break down much more slowly than people do (Passage 1). This can lead to vomiting, diarrhea, rapid breathing, a higher heart rate, and even seizures in severe cases. Passage 2 explains that darker, more bitter chocolate is more dangerous, with baking chocolate and cocoa powder containing the most theobromine. According to Passage 3, symptoms usually show up within 6 to 12 hours. If your dog eats chocolate, you should contact your vet or the ASPCA Animal Poison Control Center. I hope this helps!", "llama"),
   ("Chocolate contains theobromine and caffeine, which dogs process much more slowly than humans; they can cause vomiting, diarrhea, a racing heart and even seizures. Dark and baking chocolate are the most dangerous, while white chocolate has very little theobromine. As little as 1 ounce of milk chocolate per pound of body weight can be fatal. Symptoms usually start within 6 to 12 hours.", "gpt35",
    "evident_baseless", "adds: 1 oz of milk chocolate per pound of body weight can be fatal"))

topic("blue-whale-size", "animals", "how big is a blue whale", [
    "The blue whale is the largest animal known to have ever lived. Adults can reach lengths of up to 100 feet (30 meters) and weigh as much as 200 tons (about 180,000 kg).",
    "A blue whale's heart is about the size of a small car and weighs around 400 pounds. Its tongue alone can weigh as much as an elephant.",
    "Despite their size, blue whales feed mainly on krill, tiny shrimp-like animals. An adult can eat about 4 tons of krill a day during feeding season. Females are generally larger than males.",
], ("Blue whales are the biggest animals known to have ever lived:\n- Length: up to about 100 ft (30 m).\n- Weight: as much as 200 tons, roughly 180,000 kg.\n- Heart: around 400 lb, about the size of a small car.\n- Tongue: can weigh as much as an elephant.\nFemales are generally bigger than males. Despite all that bulk, they feed mainly on tiny krill — about 4 tons a day in feeding season.", "gpt4"),
   ("Blue whales are the largest animals ever known, reaching up to 100 feet (30 m) and 200 tons. Their heart is about the size of a small car, and males are generally larger than females.", "mistral",
    "subtle_conflict", "says males are larger; passage 3 says females are"))

topic("bats-blind", "animals", "are bats blind", [
    "No, bats are not blind. All bat species have eyes and can see. The phrase 'blind as a bat' is a myth. - USGS",
    "Many bats, especially small insect-eating species, use echolocation to navigate and hunt in the dark: they emit high-pitched calls and listen for the echoes. Large fruit bats, often called flying foxes, mostly do not echolocate and rely on their large eyes and keen sense of smell.",
    "Some studies suggest that certain bats can see ultraviolet light, and some may see better than humans in low light.",
], ("Based on the passages, no, bats are not blind. Passage 1 states that all bat species have eyes and can see, and that 'blind as a bat' is a myth. According to Passage 2, many small insect-eating bats use echolocation to find their way and hunt in the dark, while large fruit bats mostly don't echolocate and rely on their big eyes and keen sense of smell instead. Passage 3 adds that some bats may even see better than humans in low light. I hope this helps!", "llama"),
   ("No, bats aren't blind — every bat species has eyes and can see, and 'blind as a bat' is a myth. Many small insect-eating bats use echolocation, sending out high-pitched calls and listening for echoes, which lets them detect objects as thin as a human hair. Large fruit bats mostly rely on their big eyes and sense of smell instead.", "gpt35",
    "subtle_baseless", "adds: echolocation detects objects as thin as a human hair"))

topic("hummingbird-heart", "animals", "hummingbird heart rate", [
    "A hummingbird's heart can beat more than 1,200 times per minute during flight. At rest, its heart rate is around 250 beats per minute.",
    "Hummingbirds have the highest metabolism of any animal relative to body size. To save energy at night, they can enter torpor, a hibernation-like state in which the heart rate can drop to as low as 50 beats per minute.",
    "The ruby-throated hummingbird, the most common species in the eastern United States, beats its wings about 53 times per second. Hummingbirds can fly backward and hover.",
], ("In flight, a hummingbird's heart can top 1,200 beats per minute, compared with roughly 250 bpm at rest. To save energy at night it may go into torpor, a hibernation-like state in which its heart rate can fall to as low as 50 bpm. Hummingbirds also have the highest metabolism of any animal relative to their body size.", "gpt4"),
   ("Based on the passages, a hummingbird's heart can beat more than 1,200 times per minute during flight (Passage 1). At rest, its heart rate is around 250 beats per minute. Passage 2 explains that at night hummingbirds can enter torpor, a hibernation-like state, and their heart rate can drop to as low as 5 beats per minute. I hope this helps!", "llama",
    "evident_conflict", "torpor heart rate as low as 5 bpm; passage 2 says 50"))

# ---------------------------------------------------------------- sports
topic("nba-quarter", "sports", "how long is an nba quarter", [
    "An NBA game consists of four 12-minute quarters, for a total of 48 minutes of regulation play. If the score is tied, 5-minute overtime periods are played until there is a winner.",
    "Because the clock stops for fouls, timeouts, free throws and out-of-bounds plays, an NBA game typically lasts about 2 to 2.5 hours in real time. Halftime is 15 minutes.",
    "College basketball (NCAA men's) uses two 20-minute halves, while WNBA and FIBA games have four 10-minute quarters. High school games usually have 8-minute quarters.",
], ("Each NBA quarter is 12 minutes, so regulation is 48 minutes across four quarters; ties go to 5-minute overtime periods. With all the clock stoppages, a game usually takes about 2 to 2½ hours in real time.", "gpt35"),
   ("NBA quarters are 12 minutes long. In context:\n- Regulation: four 12-minute quarters = 48 minutes.\n- Overtime: 5-minute periods until someone wins.\n- Real time: about 2–2.5 hours because of stoppages; halftime is 15 minutes.\n- Other levels: NCAA men's games use two 20-minute halves, WNBA and FIBA use 10-minute quarters, and high school games usually use 10-minute quarters too.", "gpt4",
    "evident_conflict", "high school quarters 10 minutes; passage 3 says 8"))

topic("golf-par", "sports", "what is par in golf", [
    "Par is the number of strokes an expert golfer is expected to need to complete a hole or a course. Holes are usually par 3, par 4 or par 5, based mainly on their length.",
    "Most 18-hole championship courses have a total par of 70, 71 or 72. A score of one stroke under par on a hole is called a birdie, two under is an eagle, and one over par is a bogey.",
    "Under USGA guidelines, par-3 holes for men are typically up to 260 yards, par-4 holes range from about 240 to 490 yards, and par-5 holes from about 450 to 710 yards.",
], ("Par is the number of strokes an expert golfer should need to finish a hole or a whole course. Holes are usually par 3, 4 or 5, mostly depending on length, and most 18-hole championship courses total 70, 71 or 72. One under par on a hole is a birdie, two under an eagle, one over a bogey.", "mistral"),
   ("Based on the given passages, par is the number of strokes an expert golfer is expected to take to complete a hole or course (Passage 1). Holes are usually par 3, 4, or 5, mainly depending on their length. Passage 2 explains that most 18-hole championship courses have a total par of 70, 71, or 72, and that one under par is a birdie, two under is an eagle, and one over is a bogey. Three under par on a single hole is called an albatross, or double eagle. I hope this helps!", "llama",
    "evident_baseless", "adds: three under is an albatross / double eagle"))

topic("olympic-pool", "sports", "how long is an olympic swimming pool", [
    "An Olympic-size swimming pool is 50 meters long and 25 meters wide, with 10 lanes, eight of which are used in competition. The minimum depth is 2 meters, though 3 meters is recommended.",
    "An Olympic pool holds about 2,500,000 liters (660,000 US gallons) of water at a depth of 2 meters. The water temperature must be kept between 25 and 28°C (77–82°F).",
    "A 'short course' pool is 25 meters long and is used for some competitions, including the World Aquatics Swimming Championships (25m). Many U.S. high school and college pools are 25 yards long.",
], ("An Olympic pool is 50 meters long by 25 meters wide. It has 10 lanes, eight of which are used in competition, and must be at least 2 meters deep (3 meters is recommended). At 2 meters deep it holds about 2.5 million liters, or roughly 660,000 gallons. By comparison, short-course pools are 25 meters, and many American high school and college pools are 25 yards.", "gpt4"),
   ("An Olympic swimming pool is 50 meters long and 25 meters wide, with 10 lanes, eight of which are used in races so that the outside lanes can absorb waves. The minimum depth is 2 meters, and it holds about 2.5 million liters of water.", "gpt35",
    "subtle_baseless", "adds reason: outside lanes left empty to absorb waves"))

topic("first-super-bowl", "sports", "when was the first super bowl", [
    "The first Super Bowl was played on January 15, 1967, at the Los Angeles Memorial Coliseum. The Green Bay Packers of the NFL defeated the Kansas City Chiefs of the AFL, 35–10.",
    "At the time, the game was called the AFL-NFL World Championship Game; the name 'Super Bowl' was not officially used until the third game. Packers quarterback Bart Starr was named MVP.",
    "Tickets for the first Super Bowl cost $6, $10 or $12, and the game was the only Super Bowl not to sell out, with about 61,946 fans in attendance. It was broadcast on both CBS and NBC.",
], ("Based on the passages provided, the first Super Bowl took place on January 15, 1967, at the Los Angeles Memorial Coliseum (Passage 1). The Green Bay Packers beat the Kansas City Chiefs 35–10, and Passage 2 states that quarterback Bart Starr was named MVP. At the time, it was actually called the AFL-NFL World Championship Game. According to Passage 3, tickets cost as little as $6, and it was the only Super Bowl that didn't sell out. I hope this helps!", "llama"),
   ("The first Super Bowl was played January 15, 1967, at the Rose Bowl in Pasadena. Green Bay beat Kansas City 35–10, with Bart Starr named MVP.", "mistral",
    "evident_conflict", "venue Rose Bowl in Pasadena; passage 1 says Los Angeles Memorial Coliseum"))

# ---------------------------------------------------------------- law / government
topic("senator-term", "government", "how long is a senator's term", [
    "U.S. senators serve six-year terms. The terms are staggered so that about one-third of the Senate's 100 seats are up for election every two years.",
    "Members of the House of Representatives serve two-year terms, and the President serves a four-year term. There are no term limits for members of Congress.",
    "To be a senator, a person must be at least 30 years old, a U.S. citizen for at least nine years, and a resident of the state they represent. Senators were chosen by state legislatures until the 17th Amendment was ratified in 1913.",
], ("A U.S. senator's term is six years. Terms are staggered, so roughly a third of the 100 Senate seats are up every two years, and there's no limit on how many terms a senator can serve. By comparison, House members serve two years and the president four.", "gpt35"),
   ("U.S. senators serve six-year terms. A few related facts:\n- Elections are staggered, so about one-third of the 100 seats come up every two years.\n- There are no term limits for members of Congress.\n- House members serve two-year terms; the president serves four.\n- Rank-and-file senators are paid a salary of $174,000 a year.", "gpt4",
    "evident_baseless", "adds: senators' salary is $174,000"))

topic("president-min-age", "government", "minimum age to be president", [
    "Article II, Section 1 of the U.S. Constitution requires that the President be at least 35 years old, a natural-born citizen of the United States, and a resident of the United States for at least 14 years.",
    "The youngest person to become president was Theodore Roosevelt, who took office at 42 after the assassination of William McKinley in 1901. John F. Kennedy was the youngest elected president, at 43.",
    "The Constitution sets no maximum age for the presidency. The 22nd Amendment limits presidents to two elected terms.",
], ("Based on the given passages, the minimum age to be President of the United States is 35 (Passage 1). Article II, Section 1 of the Constitution also requires the President to be a natural-born citizen and to have been a resident of the United States for at least 14 years. Passage 2 mentions that Theodore Roosevelt was the youngest person to become president, at 42, while John F. Kennedy was the youngest to be elected, at 43. Passage 3 notes that there is no maximum age. I hope this helps!", "llama"),
   ("The Constitution requires the president to be at least 35 years old, a natural-born citizen, and a U.S. resident for at least 14 years. John F. Kennedy was the youngest person to become president, at 43, and there is no maximum age.", "gpt35",
    "subtle_conflict", "JFK 'youngest to become president'; passage 2: youngest elected, Roosevelt youngest to take office"))

topic("passport-renewal", "government", "how long does it take to renew a passport", [
    "Routine passport processing takes 6 to 8 weeks, and expedited service takes 2 to 3 weeks, according to the U.S. Department of State. Processing times do not include mailing time, which can add up to 2 weeks each way.",
    "Expedited service costs an extra $60 on top of the $130 renewal fee for a passport book. You can renew by mail using Form DS-82 if your most recent passport was issued when you were 16 or older and within the last 15 years.",
    "If you have international travel within 14 days, you may be able to get an appointment at a passport agency or center. Online renewal is available to some adults whose passports expire within one year or expired less than five years ago.",
], ("It depends on the service you pay for:\n- Routine: 6–8 weeks.\n- Expedited: 2–3 weeks, for an extra $60 beyond the $130 renewal fee for a passport book.\n- International travel within 14 days: you may be able to get an appointment at a passport agency or center.\nThose processing times don't count mailing, which can add as much as 2 weeks in each direction. If your last passport was issued when you were 16 or older and within the past 15 years, you can renew by mail with Form DS-82.", "gpt4"),
   ("Routine renewal takes 6–8 weeks and expedited service 2–3 weeks, plus up to 2 weeks of mailing time each way. Expediting costs an extra $60 on top of the $130 fee, and it's worth paying for in spring and summer, when processing times are longest.", "mistral",
    "subtle_baseless", "adds: processing is longest in spring and summer"))

topic("constitution-amendments", "government", "how many amendments are in the constitution", [
    "The U.S. Constitution has 27 amendments. The first ten, ratified on December 15, 1791, are known as the Bill of Rights.",
    "The most recent amendment, the 27th, was ratified in 1992. It delays any law changing the salaries of members of Congress from taking effect until after the next House election. It was originally proposed in 1789.",
    "An amendment can be proposed by a two-thirds vote of both houses of Congress, and it must be ratified by three-fourths of the states (38 of 50). More than 11,000 amendments have been proposed in Congress since 1789.",
], ("There are 27. The first 10, ratified in 1791, make up the Bill of Rights, and the most recent, the 27th, was ratified in 1992 after first being proposed in 1789.", "mistral"),
   ("Based on the passages, the U.S. Constitution has 27 amendments (Passage 1). The first ten, ratified on December 15, 1791, are known as the Bill of Rights. According to Passage 2, the most recent amendment, the 27th, was ratified in 1992 and deals with congressional pay. Passage 3 explains that an amendment must be ratified by two-thirds of the states, or 38 of 50. I hope this helps!", "llama",
    "evident_conflict", "ratified by two-thirds of the states; passage 3 says three-fourths"))

topic("small-claims-ca", "government", "small claims limit california", [
    "In California, individuals can sue for up to $12,500 in small claims court. Businesses and other entities are limited to $6,250. - California Courts Self-Help Guide",
    "A person can file no more than two small claims cases for over $2,500 anywhere in California in a calendar year. There is no limit on the number of cases for $2,500 or less.",
    "Lawyers generally cannot represent parties in small claims court. Filing fees range from $30 to $75 depending on the amount of the claim and how many claims you have filed in the past 12 months.",
], ("In California, an individual can sue for up to $12,500 in small claims court, while businesses and other entities are capped at $6,250. You can file at most two claims over $2,500 per calendar year, but there's no cap on the number of claims of $2,500 or less. Filing fees run $30 to $75.", "gpt35"),
   ("California small claims at a glance:\n- Limit: $12,500 for individuals, $6,250 for businesses and other entities.\n- Frequency: no more than two cases over $2,500 per calendar year; smaller claims are unlimited.\n- Lawyers: generally can't represent either side.\n- Fees: $30 to $75.\n- Appeals: a plaintiff who loses can't appeal, but a losing defendant has 30 days to appeal to the superior court.", "gpt4",
    "evident_baseless", "adds: appeal rules (plaintiff cannot appeal, defendant has 30 days)"))

# ---------------------------------------------------------------- products
topic("kindle-battery", "products", "how long does a kindle battery last", [
    "A single charge of the Kindle Paperwhite lasts up to 10 weeks, based on a half hour of reading a day with wireless off and the light setting at 13. Battery life will vary based on settings and usage. - Amazon",
    "Kindle e-readers use E Ink displays, which draw power only when the page changes, which is why the battery lasts so much longer than a tablet's. Charging the Paperwhite fully takes about 2.5 hours with a 9W USB-C power adapter.",
    "Reviewers note that heavy readers who use the front light at high brightness and keep Wi-Fi on may need to charge every 2 to 3 weeks. Kindle batteries typically hold up for several years before noticeably losing capacity.",
], ("Based on the passages, a Kindle Paperwhite can last up to 10 weeks on one charge, according to Amazon (Passage 1). However, that figure assumes 30 minutes of reading per day with wireless turned off and the light at setting 13, so your results will vary. Passage 3 notes that heavy readers who keep Wi-Fi on and use the front light at high brightness may need to recharge every 2 to 3 weeks. Passage 2 explains that the long battery life comes from the E Ink display, which only draws power when the page changes. Please note that the passages only give this figure for the Paperwhite, not for other Kindle models. I hope this helps!", "llama"),
   ("A Kindle Paperwhite lasts up to 10 weeks per charge, based on 30 minutes of reading a day with wireless off and the light at 13. The E Ink screen only draws power when the page changes, which is why it lasts much longer than a tablet. A full charge takes about 2.5 hours with a 9W USB-C adapter, or about 5 hours from a computer's USB port.", "gpt35",
    "subtle_baseless", "adds: about 5 hours to charge from a computer's USB port"))

topic("led-bulb-life", "products", "how long do led bulbs last", [
    "Most LED bulbs are rated to last 15,000 to 25,000 hours, compared with about 1,000 hours for a traditional incandescent bulb and 8,000 to 10,000 hours for a compact fluorescent (CFL). - Energy.gov",
    "At 3 hours of use a day, a 25,000-hour LED bulb would last about 22 years. LEDs don't usually burn out suddenly; instead, their light output gradually dims over time, and the rated life is typically the point when they reach 70% of their original brightness.",
    "Heat is the main enemy of LED lifespan. Bulbs used in enclosed fixtures or recessed cans without proper ventilation may fail much sooner than their rating. Look for bulbs labeled as rated for enclosed fixtures.",
], ("LED bulbs last much longer than incandescent or CFL bulbs:\n- LED: usually rated for 15,000–25,000 hours.\n- CFL: 8,000–10,000 hours.\n- Incandescent: around 1,000 hours.\nUsed 3 hours a day, a 25,000-hour LED works out to roughly 22 years. Rather than burning out suddenly, LEDs usually dim gradually, and the rated life typically marks when they fall to 70% of their original brightness. Heat shortens their life, so for enclosed fixtures or poorly ventilated recessed cans, choose bulbs rated for enclosed fixtures.", "gpt4"),
   ("Based on the given passages, most LED bulbs are rated to last between 15,000 and 25,000 hours, compared with about 1,000 hours for incandescent bulbs (Passage 1). Passage 2 explains that at 3 hours of use per day, a 25,000-hour bulb would last around 22 years, and that the rated life is the point at which the bulb burns out completely. Passage 3 notes that heat shortens LED lifespan, especially in enclosed fixtures without proper ventilation. I hope this helps!", "llama",
    "subtle_conflict", "rated life = bulb burns out; passage 2: LEDs dim, rated life is when they reach 70% brightness"))

topic("air-fryer", "products", "what is an air fryer", [
    "An air fryer is a small countertop convection oven. It uses a heating element and a powerful fan to circulate hot air around food in a basket, producing a crisp exterior similar to deep frying.",
    "Air-fried foods typically need only a tablespoon of oil or less, compared with several cups for deep frying, which can cut calories by 70 to 80 percent, according to some estimates.",
    "Most basket-style air fryers hold 2 to 6 quarts. Foods should be spread in a single layer and shaken halfway through cooking for even results. Popular uses include fries, chicken wings, vegetables and reheating leftovers.",
], ("An air fryer is basically a small countertop convection oven: a heating element and a powerful fan circulate hot air around food in a basket so the outside comes out crisp, similar to deep frying. It typically needs a tablespoon of oil or less instead of several cups.", "mistral"),
   ("An air fryer is a compact countertop convection oven. Key points:\n- How it works: a heating element and a strong fan circulate hot air around food in a basket, crisping the outside much like deep frying.\n- Oil: usually a tablespoon or less, versus several cups for deep frying — by some estimates that cuts calories by 70–80%.\n- Size: most basket models hold 2 to 6 quarts.\n- Preheating: most models heat up in about 3 minutes, much faster than a full-size oven.\n- Tips: spread food in a single layer and shake the basket halfway through.", "gpt4",
    "evident_baseless", "adds: preheats in about 3 minutes, faster than a full-size oven"))

topic("car-battery-life", "products", "how long does a car battery last", [
    "Most car batteries last 3 to 5 years under normal conditions. Extreme heat shortens battery life more than cold, so batteries in hot climates like Arizona or Florida may need replacing after as little as 2 to 3 years. - AAA",
    "Warning signs of a failing battery include a slow engine crank, dim headlights, a check engine or battery warning light, and a swollen battery case.",
    "Frequent short trips can prevent the battery from fully recharging. AAA recommends having your battery tested once it is 3 years old, and every year after that. A new car battery typically costs $100 to $300.",
], ("Based on the passages, most car batteries last about 3 to 5 years under normal conditions (Passage 1). Extreme heat is harder on batteries than cold, so in hot places like Arizona or Florida a battery may need replacing after as little as 2 to 3 years. Passage 2 lists warning signs such as a slow engine crank, dim headlights, a check engine or battery warning light, and a swollen battery case. Passage 3 recommends getting the battery tested once it is 3 years old and then every year after that. I hope this helps!", "llama"),
   ("A car battery usually lasts 3 to 5 years. Heat wears batteries out faster than cold by speeding up corrosion inside, so in hot states like Arizona or Florida you may need a new one in 2 to 3 years. Frequent short trips can also keep it from fully recharging. AAA suggests testing it at 3 years and every year after.", "gpt35",
    "subtle_baseless", "adds mechanism: heat speeds up corrosion inside the battery"))


if __name__ == "__main__":
    write(T, seed=3, name="web3_cases.jsonl", doc=__doc__)
