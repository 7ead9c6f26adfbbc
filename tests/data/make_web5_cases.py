"""Writes tests/data/web5_cases.jsonl from the hand-written web-search topics below.

python tests/data/make_web5_cases.py

What it is: 40 MS-MARCO-like web queries (terse, often lower-case, a few full questions) in domains unlike web3's
and web4's topics and not legal: astronomy and space missions, earth science and climate, biology and ecology,
chemistry in daily life, history and archaeology, geography and travel logistics, sports rules and records,
programming and software how-tos (git, Python, Excel), consumer electronics, public health and first aid, economics
and personal budgeting, music and literature, language and grammar, and transport (trains, flights, EVs); at most 4
topics a domain. Three web-snippet passages per topic (40-110 words each, checked by this script), with numbers,
units, dates, names, ranges and lists; in several topics two passages cover different cases or give different
figures (IPCC 1901-2018 vs NOAA since 1880, La Paz vs Quito, Herodotus vs Egyptologists, Tohoku vs Tokaido,
official vs unofficial Xinjiang time), and some passages are only loosely relevant to the query.

Unlike web3/web4 (two answers a topic), each topic has THREE answers to the same query and passages, written to
imitate the logs of different chat LLMs in a RAG product (model_style, three different ones a topic): gpt4
(organised, paraphrased, short lists, light hedges), gpt35 (concise, fairly literal paragraph), llama2_70b /
llama2_13b / llama2_7b (Llama-2-chat: "Based on the passages provided, ...", "According to passage 2, ...",
"I apologize, but the passages do not ...", "I hope this helps!"; the 7b is the most verbose and rambling) and
mistral (short, direct). Answers run from one sentence to about ten sentences and list items.

In 32 topics two answers are faithful and one is hallucinated; in 8 topics all three answers are faithful, so
about 27 % of the answers are hallucinated, closer to real logs than web3/web4's half. Faithful answers say only
what the passages support, paraphrased, merged across passages, reordered, with synonyms, numbers and units
written differently ("about 9.4-12.8 km" for "9,400 to 12,800 meters", "roughly two per second" for 100-120 a
minute), simple arithmetic on passage numbers (16 x 65,536 rows, 1.8 % a year -> under 10 % in five years, a
$4,000 budget split 50/30/20), generic framing ("It depends on the definition"), meta sentences about what the
passages do or do not cover ("The passages do not mention how to undo a commit in a graphical tool"), and polite
closings; none of those is a hallucination. Each hallucinated answer has one unsupported bit, typed after the
RAGTruth taxonomy, 8 each: evident_conflict (clearly contradicts a passage: hours for minutes, km for miles,
pre-tax for after-tax, an older Excel version, another pH range or lifespan, a derivation credited to the wrong
word), subtle_conflict (a small change of meaning: a multiplier moved from amplitude to energy, "many residents
unofficially" made the whole region, "generally omits" made "never", a swapped comparison, a refresh rate moved to
the other resolution, a gas moved to the wrong mixture, expenses made income, the moment an offside is judged),
evident_baseless (a whole added sentence or list item the passages do not contain, often true in the world, once
credited to a passage, sometimes plausible advice) and subtle_baseless (a small added detail inside an otherwise
supported sentence: a reason, an altitude, a qualifier, a peak month, a condition, an exception, who conducted a
premiere). The hallucinated answers are written in the same styles and with as much paraphrase as the faithful
ones, so the unsupported bit does not stand out by style; which model style carries the hallucinated answer was
spread so that each style, and each derived style (cites / lists / plain), has roughly the same hallucination
rate (23-32 %). Hallucinated answers are on average a little longer than faithful ones (a baseless sentence
adds words). Hallucinated lines carry a "note" saying what is unsupported.

How it was written: by hand, blind, by a helper who saw no scorer code (nothing under evaluators/ or bench/, not
tests/integration/ or tests/unit/, not BENCHMARKS.md, not tests/data/web_cases_src.py, no *.jsonl data) and ran no
scorer, benchmark or test on it; topics do not repeat web2's, web3's or web4's. Every faithful answer was re-read
sentence by sentence against its passages, and every hallucinated answer was re-read to check that its noted bit is
unsupported or contradicted and the rest supported. The passages are written to look like real web snippets and
are kept plausible, but their facts are simplified and not checked against the world; the passages are the ground
truth.

style is derived from the answer text by chat_style_sets.style_of: "cites" if it mentions a passage or has [n]
markers, else "lists" if it has 2+ list lines, else "plain". split: random.Random(5) draws 20 of the 40 topics for
"dev", the other 20 are "held_out" (all three answers of a topic share it); then the same generator shuffles each
topic's three answers, which are numbered -1, -2, -3 in that order.

Counts (computed and printed by this script, which fails if these lines go stale):
topics: all three answers faithful 8, one hallucinated 32
120 lines, 40 topics
label: faithful 88, hallucinated 32
category: evident_baseless 8, evident_conflict 8, faithful 88, subtle_baseless 8, subtle_conflict 8
style: cites 40, lists 25, plain 55
model_style: gpt35 28, gpt4 27, llama2_13b 13, llama2_70b 14, llama2_7b 13, mistral 25
split: dev 60, held_out 60
domain: arts 6, biology 9, chemistry 9, earth 9, economics 9, electronics 6, geography 9, health 9, history 9, language 6, programming 12, space 9, sports 9, transport 9
style (faithful): cites 29, lists 17, plain 42
model_style (faithful): gpt35 21, gpt4 19, llama2_13b 10, llama2_70b 10, llama2_7b 9, mistral 19
style (hallucinated): cites 11, lists 8, plain 13
model_style (hallucinated): gpt35 7, gpt4 8, llama2_13b 3, llama2_70b 4, llama2_7b 4, mistral 6
"""
from chat_style_sets import F, write_three  # tests/data/chat_style_sets.py: the shared writer

TOPICS = []


def topic(tid, domain, query, contexts, answers):
    """answers: three (answer, model_style, category, note-or-None); category is "faithful" or a RAGTruth type."""
    TOPICS.append(dict(tid=tid, domain=domain, query=query, contexts=contexts, answers=answers))


# ---------------------------------------------------------------- space
topic("voyager-1-distance", "space", "how far away is voyager 1", [
    "Voyager 1, launched by NASA on September 5, 1977, is the most distant human-made object. As of early 2024 it was more than 24 billion kilometers (about 15 billion miles) from Earth, traveling at roughly 17 km per second relative to the Sun. It crossed the heliopause into interstellar space in August 2012.",
    "Because of the distance, radio signals from Voyager 1 take about 22.5 hours to reach Earth, one way. Commands are sent through NASA's Deep Space Network, using its 70-meter dishes in California, Spain and Australia. The spacecraft's plutonium power source loses about 4 watts per year, so instruments are being switched off one by one.",
    "Voyager 2, Voyager 1's twin, launched 16 days earlier, on August 20, 1977. It is the only spacecraft to have visited Uranus and Neptune and is about 20 billion km from Earth. It entered interstellar space in November 2018, six years after Voyager 1.",
], [
    ("Voyager 1 is the farthest spacecraft humans have built. As of early 2024 it was:\n"
     "- more than 24 billion km (roughly 15 billion miles) from Earth\n"
     "- moving at about 17 km/s relative to the Sun\n"
     "- so far away that a radio signal needs around 22.5 hours to reach us, one way\n"
     "It crossed the heliopause into interstellar space in August 2012. Its twin, Voyager 2, is a bit closer at about 20 billion km.",
     "gpt4", F, None),
    ("Based on the passages provided, Voyager 1 was over 24 billion kilometers, or about 15 billion miles, from Earth in early 2024. According to passage 2, "
     "this means its radio signals take about 22.5 hours to get to Earth. Passage 1 also says it launched on September 5, 1977 and reached interstellar space "
     "in August 2012. I hope this helps!",
     "llama2_13b", F, None),
    ("Voyager 1 is more than 24 billion km (about 15 billion miles) from Earth as of early 2024. Its signals take roughly 22.5 minutes to arrive, one way.",
     "mistral", "evident_conflict", "'22.5 minutes': passage 2 says radio signals take about 22.5 hours to reach Earth"),
])

topic("mars-day", "space", "how long is a day on mars", [
    "A day on Mars, called a sol, lasts 24 hours, 39 minutes and 35 seconds, only about 40 minutes longer than a day on Earth. Mission teams for rovers such as Curiosity and Perseverance work on 'Mars time' during the first weeks of a mission, shifting their schedules by about 40 minutes every day.",
    "Mars takes 687 Earth days to orbit the Sun, so a Martian year is roughly 1.9 Earth years, or about 668 sols. Its axial tilt of 25.2 degrees, close to Earth's 23.4, gives Mars seasons, but each season lasts roughly twice as long as on Earth.",
    "The sidereal day on Mars, one rotation relative to the distant stars, is 24 hours 37 minutes 22 seconds. The solar day (sol) is slightly longer because Mars moves along its orbit while it rotates. On Earth the difference between the sidereal day (23 h 56 min) and the solar day (24 h) is about 4 minutes.",
], [
    ("A day on Mars, known as a sol, is 24 hours, 39 minutes and 35 seconds long, roughly 40 minutes more than an Earth day. Measured against the stars (a sidereal day), "
     "one rotation takes 24 hours 37 minutes 22 seconds; the sol is a little longer because Mars moves along its orbit as it spins.",
     "gpt35", F, None),
    ("Based on the passages provided, a day on Mars, which is called a sol, lasts 24 hours, 39 minutes and 35 seconds, about 40 minutes longer than a day on Earth. "
     "Passage 3 notes that a rotation measured against the distant stars takes 24 hours 37 minutes 22 seconds, and that this sidereal day is slightly longer than "
     "the sol because Mars keeps moving along its orbit while it rotates. According to passage 2, a Martian year is about 668 sols, or roughly 1.9 Earth years.",
     "llama2_70b", "subtle_conflict", "says the sidereal day is slightly longer than the sol; passage 3 says the sol is the longer one (and gives the shorter sidereal figure)"),
    ("Just a little longer than on Earth. A Martian solar day, or sol, runs 24 h 39 min 35 s, about 40 minutes more than ours. For context:\n"
     "- One rotation relative to the stars (the sidereal day) takes 24 h 37 min 22 s.\n"
     "- A Martian year is 687 Earth days, or about 668 sols.\n"
     "Rover teams even live on 'Mars time' early in a mission, shifting their schedules by around 40 minutes every day.",
     "gpt4", F, None),
])

topic("iss-speed", "space", "how fast does the international space station travel", [
    "The International Space Station orbits Earth at an average altitude of about 400 km (250 miles) and a speed of roughly 28,000 km/h (17,500 mph). At that speed it completes one orbit about every 90 minutes, or around 16 orbits a day, so the crew sees 16 sunrises and 16 sunsets every 24 hours.",
    "Because of atmospheric drag, the ISS slowly loses altitude, about 2 kilometers per month on average and more when solar activity is high. Periodic reboosts using the engines of docked vehicles such as Russia's Progress cargo ships keep it in orbit.",
    "You can often see the ISS from the ground with the naked eye. It looks like a bright, steady star moving across the sky, with no flashing lights, and a typical pass lasts up to about 6 minutes. NASA's Spot the Station service sends alerts for visible passes.",
], [
    ("About 28,000 km/h (17,500 mph). That's fast enough to circle Earth roughly every 90 minutes, about 16 times a day, at an altitude near 400 km.",
     "mistral", F, None),
    ("The ISS travels at roughly 17,500 miles per hour (about 28,000 km/h) at an average height of around 250 miles. It completes an orbit about every hour and a half, "
     "which means astronauts see 16 sunrises and 16 sunsets each day. Drag slowly lowers its orbit by about 2 km a month, so it is periodically reboosted.",
     "gpt35", F, None),
    ("Based on the passages provided, the International Space Station travels at a speed of about 28,000 kilometers per hour, or 17,500 miles per hour. According to "
     "passage 1, it orbits at an average altitude of about 400 km and goes around the Earth once every 90 minutes, which works out to about 16 orbits each day. That is "
     "why the crew can see 16 sunrises and 16 sunsets every day! Passage 2 also mentions that the station slowly loses altitude because of atmospheric drag, so the "
     "engines of docked vehicles like the Russian Progress are used to reboost it. The ISS was first launched in 1998 and has been continuously occupied by astronauts "
     "since November 2000. I hope this helps!",
     "llama2_7b", "evident_baseless", "the sentence 'The ISS was first launched in 1998 and has been continuously occupied ... since November 2000' is in no passage"),
])

# ---------------------------------------------------------------- earth science and climate
topic("earthquake-magnitude", "earth", "difference between magnitude 6 and 7 earthquake", [
    "The moment magnitude scale is logarithmic. Each whole-number step up corresponds to about 10 times more ground shaking amplitude and roughly 32 times more energy released. A magnitude 7 earthquake therefore releases about 32 times the energy of a magnitude 6, and about 1,000 times the energy of a magnitude 5.",
    "The USGS classes earthquakes of magnitude 6.0 to 6.9 as 'strong' and 7.0 to 7.9 as 'major.' Worldwide there are on average about 100 to 150 strong earthquakes per year and roughly 15 major ones. Quakes of magnitude 8 or more ('great') occur about once a year.",
    "Damage depends on much more than magnitude: depth, distance from populated areas, local soil and building standards all matter. A shallow magnitude 6 beneath a city can cause more destruction than a deep magnitude 7 far offshore. Intensity, measured on the Modified Mercalli scale (I to XII), describes the shaking felt at a particular place.",
], [
    ("A magnitude 7 is much bigger than a 6, because the scale is logarithmic:\n"
     "- Shaking amplitude: about 10 times greater for each whole step.\n"
     "- Energy: about 32 times more for each step, so a 7 releases roughly 32 times the energy of a 6 (and around 1,000 times that of a 5).\n"
     "- Classification: the USGS calls 6.0-6.9 'strong' and 7.0-7.9 'major'; there are about 100-150 strong quakes a year worldwide versus roughly 15 major ones.\n"
     "That said, actual damage also depends on depth, distance to towns, soil and building standards: a shallow 6 under a city can be worse than a deep 7 offshore.",
     "gpt4", F, None),
    ("Based on the passages provided, the main difference is the size of the earthquake. According to passage 1, the magnitude scale is logarithmic, so a magnitude 7 "
     "earthquake releases about 10 times more energy than a magnitude 6. Passage 2 says that the USGS calls earthquakes between 6.0 and 6.9 'strong' and those between "
     "7.0 and 7.9 'major'. However, passage 3 points out that damage also depends on factors like depth and distance from cities. I hope this helps!",
     "llama2_13b", "subtle_conflict", "'about 10 times more energy': passage 1 gives 10x for shaking amplitude and about 32x for energy"),
    ("Each step on the magnitude scale means about 10x the shaking amplitude and about 32x the energy. So a 7 ('major') releases roughly 32 times as much energy as a 6 ('strong').",
     "mistral", F, None),
])

topic("sea-level-rise", "earth", "how much has sea level risen since 1900", [
    "Global mean sea level has risen about 21 to 24 centimeters (8 to 9 inches) since 1880, according to NOAA. About a third of that rise has happened in just the last two and a half decades. In 2022 global sea level set a new record high, 101.2 mm above 1993 levels.",
    "The IPCC's Sixth Assessment Report estimates that global mean sea level rose by 0.20 m between 1901 and 2018. The average rate was 1.3 mm per year between 1901 and 1971, increasing to 1.9 mm per year between 1971 and 2006, and 3.7 mm per year between 2006 and 2018.",
    "The two main causes of rising seas are thermal expansion, as water expands when it warms, and added water from melting glaciers and ice sheets, such as those on Greenland and Antarctica. Local sea level can change faster or slower than the global average because land can sink (subsidence) or rise.",
], [
    ("Global mean sea level rose about 0.20 meters (20 cm) between 1901 and 2018, according to the IPCC. The pace has sped up, from 1.3 mm per year in 1901-1971 "
     "to 3.7 mm per year in 2006-2018. NOAA puts the rise since 1880 at roughly 21-24 cm, or 8-9 inches.",
     "gpt35", F, None),
    ("Based on the passages, sea level has risen by roughly 20 centimeters since the early 1900s. Passage 2 cites the IPCC figure of 0.20 m between 1901 and 2018, "
     "while passage 1 gives NOAA's estimate of about 21 to 24 cm (8 to 9 inches) since 1880. Both passages also indicate that the rise is accelerating: passage 1 "
     "notes that about a third of it has come in the last two and a half decades, and passage 2 shows the rate nearly tripling from 1.3 mm per year early in the "
     "century to 3.7 mm per year in 2006-2018. Passage 3 explains that the main drivers are warming water expanding and meltwater from glaciers and ice sheets.",
     "llama2_70b", F, None),
    ("About 20 cm (0.20 m) from 1901 to 2018, per the IPCC, or roughly 8 inches. In 2006-2018 the rate was about 3.7 mm a year, close to three times the 1901-1971 pace.",
     "mistral", F, None),
])

topic("el-nino-cause", "earth", "what causes el nino", [
    "El Niño is the warm phase of the El Niño-Southern Oscillation (ENSO). It begins when the trade winds that normally blow from east to west across the tropical Pacific weaken. Warm surface water that usually piles up in the western Pacific then spreads east toward South America, and upwelling of cold, nutrient-rich water off Peru is reduced.",
    "NOAA declares El Niño conditions when sea-surface temperatures in the Niño 3.4 region of the central Pacific are at least 0.5°C above average and the atmosphere responds. Episodes typically occur every 2 to 7 years and usually last 9 to 12 months, though some persist for more than a year.",
    "La Niña is the opposite, cool phase, when stronger-than-normal trade winds push more warm water west and cold water wells up in the eastern Pacific. In the United States, El Niño winters tend to be wetter across the southern states, while La Niña winters are often drier in the South.",
], [
    ("El Niño is set off by a weakening of the Pacific trade winds. Normally these winds blow from east to west and keep warm surface water piled up in the western Pacific. When they slacken:\n"
     "1. That warm water spreads eastward toward South America.\n"
     "2. Upwelling of cold, nutrient-rich water off Peru weakens.\n"
     "3. Once central-Pacific (Niño 3.4) surface temperatures run at least 0.5°C above average and the atmosphere responds, NOAA declares El Niño conditions.\n"
     "It's the warm phase of ENSO; La Niña, its cool counterpart, comes with stronger-than-normal trade winds.",
     "gpt4", F, None),
    ("El Niño happens when the east-to-west trade winds across the tropical Pacific weaken, letting warm surface water from the western Pacific spread east toward "
     "South America and reducing the upwelling of cold water off Peru. Episodes typically return every 2 to 7 years and usually last 9 to 12 months, peaking around "
     "December. NOAA declares El Niño when temperatures in the Niño 3.4 region are at least 0.5°C above average.",
     "gpt35", "subtle_baseless", "'peaking around December' is not in the passages (passage 2 gives only how often episodes occur and how long they last)"),
    ("Based on the passages provided, El Niño is caused by a weakening of the trade winds over the tropical Pacific Ocean. According to passage 1, these winds normally "
     "blow from east to west, which keeps warm surface water piled up in the western Pacific. When the winds weaken, the warm water spreads east toward South America, "
     "and less cold, nutrient-rich water comes up off the coast of Peru. Passage 2 explains that NOAA declares El Niño conditions when sea-surface temperatures in the "
     "Niño 3.4 region are 0.5°C or more above average and the atmosphere responds. El Niño episodes typically happen every 2 to 7 years. Passage 3 also mentions that "
     "La Niña is the opposite, cool phase. I hope this information is helpful! Let me know if you have any other questions.",
     "llama2_7b", F, None),
])

# ---------------------------------------------------------------- biology and ecology
topic("honey-bee-lifespan", "biology", "how long do honey bees live", [
    "The lifespan of a honey bee depends on its caste and the season. Worker bees born in spring and summer live only about 5 to 7 weeks, as foraging wears them out. Workers that emerge in autumn, known as winter bees, can live 4 to 6 months, clustering to keep the queen warm until spring.",
    "A queen honey bee typically lives 2 to 3 years, although some live up to 5. She can lay up to 2,000 eggs a day at the peak of the season. Beekeepers often replace queens every one to two years to keep colonies productive.",
    "Drones, the male bees, exist only to mate with a queen. They live roughly 8 weeks in summer, die after mating, and are expelled from the hive by workers in the fall when food becomes scarce. A healthy colony in summer may hold 20,000 to 60,000 workers but only a few hundred drones.",
], [
    ("Based on the passages provided, a honey bee's lifespan depends on its role in the colony and the time of year. Summer workers live only about 5 to 7 weeks "
     "because foraging wears them out, while winter bees that emerge in autumn can survive 4 to 6 months. Queens live much longer, typically 2 to 3 years and "
     "sometimes up to 5. Drones live around 8 weeks in the summer. I hope this helps!",
     "llama2_70b", F, None),
    ("It varies a lot by role and season:\n"
     "- Workers (spring/summer): about 5-7 weeks, because foraging wears them out quickly.\n"
     "- Workers that emerge in autumn ('winter bees'): 4-6 months, long enough to keep the queen warm through winter.\n"
     "- Queens: usually 2-3 years, occasionally as long as 7.\n"
     "- Drones: roughly 8 weeks in summer; they die after mating or are pushed out of the hive in the fall.\n"
     "So the bees you see foraging in summer are short-lived compared with the queen.",
     "gpt4", "evident_conflict", "queens 'occasionally as long as 7' years: passage 2 says some live up to 5"),
    ("Summer worker bees live about 5-7 weeks, autumn-born winter bees 4-6 months, and queens usually 2-3 years (up to 5).",
     "mistral", F, None),
])

topic("tardigrades-space", "biology", "can tardigrades survive in space", [
    "Tardigrades, or water bears, are microscopic animals about 0.5 mm long. In 2007, the European Space Agency's FOTON-M3 mission exposed dried tardigrades to open space in low Earth orbit for 10 days. Many survived the vacuum, and some even survived the added exposure to solar UV radiation, going on to reproduce after being rehydrated.",
    "Tardigrades survive extreme conditions by entering a dried, dormant state called a tun, in which their metabolism drops to less than 0.01% of normal. In this state some species tolerate temperatures from about -272°C to 150°C for short periods and pressures up to 6,000 atmospheres.",
    "Survival is not unlimited. A 2021 study found that tardigrades fired from a gun survived impacts up to about 900 meters per second but not faster. Active, hydrated tardigrades are far more fragile than tuns: in one experiment, half of them died after 24 hours at 37°C.",
], [
    ("Yes, at least for a while. In 2007, ESA's FOTON-M3 mission exposed dried tardigrades to open space in low Earth orbit for 10 days; many survived the vacuum, "
     "and some also survived solar UV radiation and later reproduced after rehydration. They manage this by entering a dormant, dried-out 'tun' state in which their "
     "metabolism falls below 0.01% of normal.",
     "gpt35", F, None),
    ("Yes, according to the passages, tardigrades can survive in space. Passage 1 says that in 2007 the European Space Agency's FOTON-M3 mission exposed dried "
     "tardigrades to open space for 10 days, and many of them survived the vacuum. Some even survived solar UV radiation and went on "
     "to reproduce. Passage 2 explains that they do this by going into a dried, dormant state called a tun. However, passage 3 notes that their survival is not "
     "unlimited. I hope this helps!",
     "llama2_13b", F, None),
    ("Yes, in their dried, dormant form. Key points from the sources:\n"
     "- On ESA's FOTON-M3 flight in 2007, dehydrated tardigrades spent 10 days exposed to space in low Earth orbit, about 270 km up. Many withstood the vacuum, and a few also withstood solar UV and reproduced once rehydrated.\n"
     "- The trick is the 'tun' state, in which metabolism drops below 0.01% of normal; tuns of some species can briefly tolerate roughly -272°C to 150°C and up to 6,000 atmospheres.\n"
     "- There are limits: active, hydrated tardigrades are much more fragile, and in a 2021 test they survived impacts only up to about 900 m/s.",
     "gpt4", "subtle_baseless", "'about 270 km up': passage 1 says only 'in low Earth orbit', no altitude"),
])

topic("monarch-migration", "biology", "how far do monarch butterflies migrate", [
    "Eastern monarch butterflies travel up to 4,800 km (3,000 miles) each fall from southern Canada and the northeastern United States to overwintering sites in the oyamel fir forests of central Mexico. They reach Mexico around early November, close to the Day of the Dead.",
    "No single butterfly completes the full round trip. The 'super generation' that flies south in the fall lives up to 8 or 9 months, while summer generations live only 2 to 6 weeks. It takes three to four generations to return north in spring and summer.",
    "Western monarchs, found west of the Rocky Mountains, migrate shorter distances to overwinter along the California coast, in groves of eucalyptus, Monterey pine and cypress. The western population counted at Thanksgiving fell below 2,000 butterflies in 2020 before rebounding to more than 200,000 in 2022.",
], [
    ("Eastern monarchs fly up to about 4,800 km (3,000 miles) from southern Canada and the northeastern US to central Mexico each fall. Western monarchs travel "
     "shorter distances, to the California coast.",
     "mistral", F, None),
    ("Eastern monarch butterflies migrate up to 3,000 miles (about 4,800 km) every fall, flying from southern Canada and the northeastern U.S. to fir forests in "
     "central Mexico, where they arrive around early November. Monarchs find their way using the position of the sun and an internal magnetic compass. No single "
     "butterfly makes the full round trip: it takes three to four generations to get back north.",
     "gpt35", "evident_baseless", "the sentence on navigating by the sun and a magnetic compass is in no passage"),
    ("Based on the passages provided, monarch butterflies can migrate very long distances. According to passage 1, eastern monarchs travel up to 4,800 kilometers, "
     "which is about 3,000 miles, every fall. They fly from southern Canada and the northeastern United States all the way to the oyamel fir forests of central Mexico, "
     "and they get there around early November, close to the Day of the Dead. Passage 2 says that no single butterfly completes the whole round trip. The 'super "
     "generation' that flies south lives up to 8 or 9 months, but it takes three to four generations to return north. Passage 3 mentions that western monarchs, "
     "which live west of the Rocky Mountains, migrate shorter distances to the California coast. I hope this helps you understand how far monarch butterflies migrate!",
     "llama2_7b", F, None),
])

# ---------------------------------------------------------------- chemistry in daily life
topic("baking-soda-vs-powder", "chemistry", "baking soda vs baking powder", [
    "Baking soda is pure sodium bicarbonate, a base. It needs an acidic ingredient, such as buttermilk, yogurt, lemon juice, brown sugar or natural cocoa, to react and release carbon dioxide, which makes batter rise. The reaction starts as soon as the ingredients are mixed, so batters with only baking soda should be baked promptly.",
    "Baking powder contains baking soda plus a powdered acid (such as cream of tartar or sodium aluminum sulfate) and a starch to keep it dry. Most baking powder sold in stores is double-acting: it releases some gas when wet and more when heated in the oven.",
    "Baking soda is about three to four times stronger than baking powder. As a rule of thumb, 1 teaspoon of baking powder can be replaced with 1/4 teaspoon of baking soda plus 1/2 teaspoon of cream of tartar. Too much baking soda leaves a soapy, metallic taste.",
], [
    ("Both are leaveners, but they work differently:\n"
     "- Baking soda is just sodium bicarbonate. It only produces carbon dioxide when it meets an acid in the recipe (buttermilk, yogurt, lemon juice, brown sugar, natural cocoa), and it starts reacting right away, so bake soon after mixing.\n"
     "- Baking powder is baking soda with the acid already included, plus starch to keep it dry. Most supermarket versions are double-acting, giving off gas once when moistened and again in the oven.\n"
     "- Strength: soda is roughly 3-4 times as strong, so you use much less. Overdoing it gives a soapy, metallic flavour.\n"
     "To stand in for 1 tsp of baking powder, combine 1/4 tsp baking soda with 1/2 tsp cream of tartar.",
     "gpt4", F, None),
    ("Based on the passages provided, the main difference is that baking soda is a single ingredient while baking powder is a mixture. Passage 1 explains that baking "
     "soda is pure sodium bicarbonate, a base that needs an acidic ingredient such as buttermilk or lemon juice to release carbon dioxide. Passage 2 states that baking "
     "powder already contains baking soda together with a powdered acid and a starch, and that most store-bought baking powder is double-acting, releasing gas both "
     "when it gets wet and when it is heated. Passage 3 adds that baking soda is three to four times stronger. The passages do not say which one is better for a "
     "particular recipe.",
     "llama2_70b", F, None),
    ("Baking soda is pure sodium bicarbonate and needs an acid in the recipe to rise; baking powder already contains its own acid. Soda is 3-4 times stronger.",
     "mistral", F, None),
])

topic("bleach-ammonia", "chemistry", "why can't you mix bleach and ammonia", [
    "Mixing household bleach (sodium hypochlorite) with ammonia produces toxic gases called chloramines. Breathing chloramine vapors can cause coughing, shortness of breath, chest pain, watery eyes, nausea and, at high concentrations, fluid in the lungs. In a small, poorly ventilated bathroom, a few minutes of exposure can be enough to cause symptoms.",
    "Many glass and window cleaners contain ammonia, and urine also releases ammonia, which is why using bleach on a cat litter box or around a toilet can release small amounts of chloramine. Bleach should also never be mixed with acids such as vinegar or some toilet bowl cleaners, which release chlorine gas.",
    "If you are exposed, leave the area immediately and get fresh air. Call Poison Control (1-800-222-1222 in the US) or 911 if symptoms are severe. Ventilate the room by opening windows and running fans before returning, and always store cleaning products in their original containers.",
], [
    ("Based on the passages provided, you should never mix bleach and ammonia because the combination produces toxic gases called chloramines. Passage 1 explains "
     "that breathing these vapors can cause coughing, shortness of breath, chest pain, watery eyes and nausea, and at high concentrations fluid can build up in the "
     "lungs. Passage 2 points out that ammonia is found in many glass cleaners and in urine, so even using bleach on a litter box can release some chloramine. If you "
     "are exposed, passage 3 advises getting to fresh air right away and calling Poison Control at 1-800-222-1222, or 911 for severe symptoms.",
     "llama2_70b", F, None),
    ("Bleach and ammonia react to form chloramine gases, which are toxic. Inhaling them can cause coughing, shortness of breath, chest pain, watery eyes and nausea, "
     "and high concentrations can lead to fluid in the lungs. Ammonia is common in glass cleaners and is also released by urine, and bleach mixed with vinegar "
     "produces chloramines as well. If exposed, get fresh air immediately and call Poison Control.",
     "gpt35", "subtle_conflict", "'bleach mixed with vinegar produces chloramines': passage 2 says bleach with acids such as vinegar releases chlorine gas"),
    ("Together they release chloramine gases, which are toxic to breathe, causing coughing, chest pain, shortness of breath and, at high levels, fluid in the lungs.",
     "mistral", F, None),
])

topic("vinegar-ph", "chemistry", "what is the ph of vinegar", [
    "Distilled white vinegar typically has a pH of about 2.4 to 3.4, most often around 2.5. It is usually 4% to 7% acetic acid by volume, with 5% being the most common strength sold for cooking and cleaning in the US.",
    "Cleaning vinegar is stronger, usually around 6% acetic acid, while horticultural vinegar used as a weed killer can be 20% to 30% acetic acid and can cause burns to skin and eyes. Apple cider vinegar has a pH of about 2.8 to 3.0.",
    "The pH scale runs from 0 to 14, with 7 being neutral. Each whole number is a tenfold change in acidity, so a solution with a pH of 3 is ten times more acidic than one with a pH of 4. For comparison, lemon juice has a pH of about 2 and black coffee about 5.",
], [
    ("Vinegar is quite acidic. Typical values:\n"
     "- Distilled white vinegar: pH about 2.4-3.4, usually close to 2.5 (it's generally 4-7% acetic acid, most often 5%).\n"
     "- Apple cider vinegar: pH roughly 4.8-5.0.\n"
     "For perspective, neutral is 7, and because each pH unit is a tenfold step, a pH of 3 is ten times more acidic than a pH of 4. Lemon juice sits around 2 and black coffee around 5.",
     "gpt4", "evident_conflict", "apple cider vinegar 'pH roughly 4.8-5.0': passage 2 says about 2.8 to 3.0"),
    ("Based on the passages provided, the pH of vinegar depends on the type. According to passage 1, distilled white vinegar usually has a pH between 2.4 and 3.4, "
     "most commonly about 2.5, and it is usually 4% to 7% acetic acid, with 5% being the most common. Passage 2 says that apple cider vinegar has a pH of around 2.8 "
     "to 3.0, and that cleaning vinegar is a little stronger at about 6% acetic acid. Passage 3 explains that the pH scale goes from 0 to 14 and that 7 is neutral, "
     "so vinegar is an acid. It is important to be careful with strong vinegars like horticultural vinegar, which can be 20% to 30% acetic acid and can burn your "
     "skin and eyes. I hope this helps!",
     "llama2_7b", F, None),
    ("White vinegar usually has a pH of around 2.5, within a typical range of 2.4 to 3.4, while apple cider vinegar is about 2.8 to 3.0. Most vinegar sold for "
     "cooking and cleaning in the US is 5% acetic acid.",
     "gpt35", F, None),
])

# ---------------------------------------------------------------- history and archaeology
topic("great-pyramid-build-time", "history", "how long did it take to build the great pyramid of giza", [
    "The Great Pyramid of Giza was built for the pharaoh Khufu of Egypt's Fourth Dynasty around 2560 BC. According to the Greek historian Herodotus, writing some 2,000 years later, construction took 20 years. Most Egyptologists accept a building period of roughly 20 to 27 years.",
    "The pyramid originally stood about 146.6 meters (481 feet) tall and contains an estimated 2.3 million blocks of stone, averaging about 2.5 tonnes each. It remained the tallest human-made structure in the world for more than 3,800 years. Its sides are aligned almost exactly with the four cardinal directions.",
    "Contrary to popular belief, the pyramids were not built by slaves. Excavations of workers' villages near Giza since the 1990s indicate a workforce of skilled laborers and rotating crews, perhaps 20,000 to 30,000 people at a time, who were fed with bread, beer and meat.",
], [
    ("The Great Pyramid, built for the pharaoh Khufu around 2560 BC, took about 20 years according to Herodotus, and most Egyptologists estimate 20 to 27 years. "
     "The project involved some 2.3 million stone blocks and a workforce of perhaps 20,000 to 30,000 skilled laborers at a time.",
     "gpt35", F, None),
    ("Roughly 20 to 27 years, per most Egyptologists (Herodotus said 20). It was built for Khufu around 2560 BC from about 2.3 million blocks. It was originally "
     "covered in polished white limestone casing stones.",
     "mistral", "evident_baseless", "the sentence on polished white limestone casing stones is in no passage"),
    ("Based on the passages provided, the Great Pyramid of Giza took around 20 years to build. Passage 1 states that the Greek historian Herodotus gave a figure "
     "of 20 years, and that most Egyptologists accept a construction period of about 20 to 27 years. It was built for the pharaoh Khufu around 2560 BC. Passage 3 "
     "also mentions that it was built by skilled workers rather than slaves, with maybe 20,000 to 30,000 people working at a time. I hope this helps!",
     "llama2_13b", F, None),
])

topic("rosetta-stone", "history", "what is the rosetta stone and where is it now", [
    "The Rosetta Stone is a granodiorite slab inscribed in 196 BC with a decree issued by priests in Memphis, Egypt, on behalf of King Ptolemy V. The same text appears in three scripts: Egyptian hieroglyphs, Demotic, and ancient Greek. The decree affirmed the royal cult of the 13-year-old king on the first anniversary of his coronation.",
    "French soldiers found the stone in July 1799 near the town of Rashid (Rosetta) in the Nile Delta during Napoleon's campaign in Egypt. After the French defeat, it passed to the British under the Treaty of Alexandria in 1801 and has been displayed at the British Museum in London since 1802.",
    "Because scholars could read the Greek, the stone became the key to deciphering hieroglyphs. Thomas Young made early progress, but Jean-François Champollion announced the decipherment in 1822. The stone measures about 112 cm tall, 76 cm wide and 28 cm thick and weighs roughly 760 kg.",
], [
    ("The Rosetta Stone is a granodiorite slab carrying a 196 BC priestly decree for King Ptolemy V, written three times: in hieroglyphs, in Demotic and in ancient "
     "Greek. Since scholars could already read Greek, it unlocked Egyptian hieroglyphs; Champollion announced the decipherment in 1822, building on earlier work by "
     "Thomas Young.\n\n"
     "Where it is now: the British Museum in London, where it has been on display since 1802. French soldiers had found it near Rashid (Rosetta) in the Nile Delta "
     "in 1799, and it passed to Britain under the 1801 Treaty of Alexandria.",
     "gpt4", F, None),
    ("Based on the passages provided, the Rosetta Stone is a granodiorite slab inscribed in 196 BC with a decree on behalf of King Ptolemy V, written in Egyptian "
     "hieroglyphs, Demotic and ancient Greek. According to passage 2, it was discovered by French soldiers in July 1799 near Rashid (Rosetta) and passed to the "
     "British in 1801. It has been displayed at the British Museum in London since 1802, apart from two years during World War I when it was moved underground for "
     "safekeeping. Passage 3 explains that it was the key to deciphering hieroglyphs, which Jean-François Champollion achieved in 1822.",
     "llama2_70b", "subtle_baseless", "'apart from two years during World War I when it was moved underground for safekeeping' is not in passage 2"),
    ("The Rosetta Stone is an inscribed slab from 196 BC bearing the same decree in hieroglyphs, Demotic and Greek, which made it the key to deciphering "
     "hieroglyphs. It is in the British Museum in London, where it has been displayed since 1802. It weighs about 760 kg.",
     "gpt35", F, None),
])

topic("pompeii-destroyed", "history", "when was pompeii destroyed", [
    "Pompeii was buried by the eruption of Mount Vesuvius in AD 79. For centuries the date was given as 24 August, based on a letter by Pliny the Younger, but a charcoal inscription found in 2018 suggests the eruption more likely happened on or after 17 October.",
    "The eruption buried Pompeii under 4 to 6 meters of volcanic ash and pumice. The nearby town of Herculaneum was engulfed by pyroclastic flows. About 1,150 sets of human remains have been recovered at Pompeii, though the total death toll is unknown.",
    "The ruins were rediscovered in the late 16th century, and systematic excavations began in 1748. Today the Pompeii Archaeological Park is a UNESCO World Heritage Site and receives around 2.5 million visitors a year. Plaster casts of victims, made by pouring plaster into hollows left in the ash, were pioneered by Giuseppe Fiorelli in 1863.",
], [
    ("Based on the passages provided, Pompeii was destroyed in AD 79 by the eruption of Mount Vesuvius. Passage 1 explains that the date was traditionally given as "
     "24 August, based on a letter by Pliny the Younger, but a charcoal inscription discovered in 2018 suggests that the eruption more likely took place on or after "
     "17 October. According to passage 2, the city was buried under 4 to 6 meters of ash and pumice. I hope this helps!",
     "llama2_13b", F, None),
    ("In AD 79, when Vesuvius erupted. The traditional date is 24 August, but a 2018 find points to 17 October or later instead.",
     "mistral", F, None),
    ("Pompeii was destroyed in AD 79 by the eruption of Mount Vesuvius. The exact day is debated:\n"
     "- Traditional date: 24 August, from a letter by Pliny the Younger.\n"
     "- Newer evidence: a charcoal inscription found in 2018 suggests the eruption happened on or after 17 October.\n"
     "The town ended up under 4-6 m of ash and pumice, and roughly 1,150 sets of remains have been recovered there so far.",
     "gpt4", F, None),
])

# ---------------------------------------------------------------- geography and travel logistics
topic("china-time-zones", "geography", "how many time zones does china have", [
    "Although China spans about 5,000 km from east to west, wide enough for five time zones, the whole country officially uses a single time zone, China Standard Time (UTC+8), also called Beijing Time. The single zone was adopted in 1949.",
    "In Xinjiang in the far west, the sun can rise as late as 10 a.m. Beijing Time in winter. Many local Uyghur residents unofficially use Xinjiang Time (UTC+6), two hours behind Beijing, so travelers should confirm which time is meant when booking buses or tours.",
    "China does not observe daylight saving time. It last used it from 1986 to 1991. Hong Kong and Macau also use UTC+8, so there is no time difference when crossing from mainland China into either territory. Neighboring Mongolia's capital, Ulaanbaatar, is also on UTC+8.",
], [
    ("Officially, just one. Despite stretching about 5,000 km east to west, China uses a single time zone, China Standard Time (UTC+8), also called Beijing Time, "
     "adopted in 1949. In the far western region of Xinjiang, many Uyghur residents unofficially follow Xinjiang Time (UTC+6), two hours behind Beijing.",
     "gpt35", F, None),
    ("China has one official time zone: China Standard Time, or Beijing Time, at UTC+8, even though the country is about 5,000 km wide, enough for five zones. A few practical notes:\n"
     "- There is no daylight saving time (it was last used in 1986-1991).\n"
     "- In practice, Xinjiang in the far west runs on its own Xinjiang Time (UTC+6), two hours behind Beijing, so check which time a bus or tour is quoted in.\n"
     "- Hong Kong and Macau are on UTC+8 as well.",
     "gpt4", "subtle_conflict", "'Xinjiang ... runs on its own Xinjiang Time' makes the whole region use it; passage 2 says many local Uyghur residents use it unofficially, passage 1 that the whole country officially uses UTC+8"),
    ("Based on the passages provided, China has only one official time zone. According to passage 1, the whole country uses China Standard Time, which is UTC+8 "
     "and is also called Beijing Time, even though China is about 5,000 kilometers wide from east to west and could fit five time zones. This single time zone was "
     "adopted in 1949. Passage 2 mentions that in Xinjiang the sun can rise as late as 10 a.m. Beijing Time in winter, and many local Uyghur residents unofficially "
     "use Xinjiang Time, which is UTC+6, two hours behind Beijing. Passage 3 says that China does not use daylight saving time. So if you are traveling in China, "
     "it is a good idea to confirm which time is meant when booking buses or tours. I hope this helps!",
     "llama2_7b", F, None),
])

topic("highest-capital-city", "geography", "highest capital city in the world", [
    "La Paz, Bolivia's seat of government, sits at about 3,640 meters (11,942 feet) above sea level, making it the highest administrative capital in the world. Bolivia's constitutional capital, Sucre, is much lower at around 2,810 m. La Paz fills a steep canyon, with wealthier neighborhoods at the lower, warmer end of the valley.",
    "Quito, Ecuador, at 2,850 meters (9,350 ft), is often called the highest official capital city, since La Paz is not Bolivia's constitutional capital. Bogotá, Colombia, at about 2,640 m, is the third-highest capital in South America. Quito lies about 25 km south of the equator, so its temperatures vary little through the year.",
    "Visitors flying into El Alto International Airport (4,061 m), which serves La Paz, often experience altitude sickness: headache, nausea and shortness of breath. Doctors recommend resting on the first day, drinking water and avoiding alcohol; coca tea is widely offered locally.",
], [
    ("Based on the passages provided, the answer depends on how you define 'capital'. Passage 1 states that La Paz, Bolivia's seat of government, sits at about "
     "3,640 meters (11,942 feet), which makes it the highest administrative capital in the world. However, passage 2 points out that La Paz is not Bolivia's "
     "constitutional capital, so Quito, Ecuador, at 2,850 meters, is often called the highest official capital. Passage 2 also mentions that Lhasa in Tibet is even "
     "higher, at around 3,650 meters, but it is not a national capital. If you visit La Paz, passage 3 recommends resting on the first day and drinking water to "
     "cope with the altitude.",
     "llama2_70b", "evident_baseless", "the sentence on Lhasa (about 3,650 m, not a national capital) is credited to passage 2 but is in no passage"),
    ("La Paz, Bolivia, at about 3,640 m (11,942 ft), is the highest seat of government. If you count only official capitals, Quito, Ecuador (2,850 m) is often given the title.",
     "mistral", F, None),
    ("It depends on the definition:\n"
     "1. La Paz, Bolivia: roughly 3,640 m (11,942 ft). It is the seat of government and the highest administrative capital anywhere.\n"
     "2. Quito, Ecuador: 2,850 m (9,350 ft). Since La Paz isn't Bolivia's constitutional capital (that's Sucre, around 2,810 m), Quito is often named the highest official capital.\n"
     "If you're travelling to La Paz, note that its airport, El Alto, is at 4,061 m and altitude sickness is common; rest on day one, drink water and skip alcohol.",
     "gpt4", F, None),
])

topic("iceland-northern-lights", "geography", "best time to see northern lights in iceland", [
    "The northern lights season in Iceland runs from late August to mid-April, when nights are dark enough. The best months are usually September to March. The aurora is not visible in summer because of the midnight sun. In December, Reykjavík gets only about four to five hours of daylight.",
    "To see the aurora you need three things: darkness, clear skies and solar activity. The best viewing hours are between 10 p.m. and 2 a.m. Check the Icelandic Met Office's aurora forecast, which rates activity on a scale of 0 to 9, and its cloud-cover map.",
    "Getting away from Reykjavík's light pollution helps. Popular spots within an hour's drive include Þingvellir National Park (about 45 minutes) and the Reykjanes Peninsula. Guided bus tours from Reykjavík cost around 8,000 to 12,000 ISK, and many offer a free second trip if no lights are seen.",
], [
    ("The northern lights season in Iceland lasts from late August to mid-April, and the best months are usually September to March, especially around the "
     "equinoxes. Aim for the hours between 10 p.m. and 2 a.m. on a clear night, and check the Icelandic Met Office aurora forecast and cloud-cover map before "
     "heading out of Reykjavík's light pollution.",
     "gpt35", "subtle_baseless", "'especially around the equinoxes' is not in passage 1, which names only September to March"),
    ("Based on the passages provided, the best time to see the northern lights in Iceland is from September to March. Passage 1 says the season runs from late "
     "August to mid-April, and that you cannot see the aurora in summer because of the midnight sun. According to passage 2, the best hours are between 10 p.m. "
     "and 2 a.m., and you need darkness, clear skies and solar activity. Passage 3 suggests getting away from Reykjavík's city lights, for example by going to "
     "Þingvellir National Park, which is about 45 minutes away. I hope this helps and that you get to see them!",
     "llama2_13b", F, None),
    ("September to March is best (the season runs late August to mid-April). Go out between 10 p.m. and 2 a.m. on a clear, dark night, away from Reykjavík's lights.",
     "mistral", F, None),
])

# ---------------------------------------------------------------- sports rules and records
topic("tennis-tiebreak", "sports", "how does a tiebreak work in tennis", [
    "In a standard tiebreak, played when a set reaches 6-6, the first player to win 7 points with a margin of at least 2 wins the tiebreak and the set 7-6. The player whose turn it is to serve serves the first point; after that, players alternate, each serving two points in a row.",
    "Players change ends after every 6 points of a tiebreak. The player who served first in the tiebreak receives serve in the first game of the next set. The tiebreak counts as one game in the set score. Points in a tiebreak are called as plain numbers (1, 2, 3 and so on) rather than 15, 30, 40.",
    "Since 2022, all four Grand Slam tournaments use the same final-set rule: a 10-point tiebreak at 6-6, won by the first player to reach 10 points with a 2-point margin. Before that, Wimbledon played a tiebreak at 12-12 in the final set and the French Open had no final-set tiebreak.",
], [
    ("A tiebreak decides a set that reaches 6-6:\n"
     "- The first to 7 points wins, but they must be at least 2 points ahead (so 7-5, 8-6, 10-8 and so on).\n"
     "- The player due to serve takes the first point; after that, serve alternates every two points.\n"
     "- Players switch ends every 6 points.\n"
     "- The winner takes the set 7-6, and the player who served first in the tiebreak receives first in the next set.\n"
     "In the final set of a Grand Slam, the rule since 2022 is a 10-point tiebreak at 6-6, again with a 2-point margin.",
     "gpt4", F, None),
    ("At 6-6, players play a tiebreak: first to 7 points, winning by 2. Serve alternates every two points after the first, and players change ends every 4 points. "
     "The winner takes the set 7-6.",
     "mistral", "evident_conflict", "'change ends every 4 points': passage 2 says after every 6 points"),
    ("Based on the passages provided, a tiebreak is played when a set is tied at 6-6. According to passage 1, the first player to win 7 points with a lead of at "
     "least 2 points wins the tiebreak and therefore the set, 7-6. The player whose turn it is serves the first point, and then the players alternate, each serving "
     "two points in a row. Passage 2 adds that players change ends after every 6 points and that the whole tiebreak counts as a single game in the set score. "
     "Finally, passage 3 notes that in the final set at Grand Slam tournaments, a 10-point tiebreak has been used at 6-6 since 2022.",
     "llama2_70b", F, None),
])

topic("marathon-world-record", "sports", "men's marathon world record", [
    "Kelvin Kiptum of Kenya set the men's marathon world record of 2:00:35 at the Chicago Marathon on 8 October 2023, breaking Eliud Kipchoge's mark of 2:01:09 from Berlin in 2022 by 34 seconds. World Athletics ratified the record in February 2024.",
    "Eliud Kipchoge ran 1:59:40 in Vienna in October 2019 in the INEOS 1:59 Challenge, the first sub-two-hour marathon. The time is not recognized as an official world record because it was not an open race and used rotating pacemakers and a pace car.",
    "The women's marathon world record is 2:09:56, set by Ruth Chepngetich of Kenya in Chicago on 13 October 2024, the first time a woman broke 2:10 in a marathon. The previous record, 2:11:53, was set by Tigst Assefa of Ethiopia in Berlin in 2023.",
], [
    ("The men's marathon world record is 2:00:35, set by Kenya's Kelvin Kiptum at the 2023 Chicago Marathon, 34 seconds faster than Eliud Kipchoge's 2:01:09 from "
     "Berlin in 2022. Kipchoge's 1:59:40 in Vienna in 2019 doesn't count as an official record, because it wasn't an open race and used rotating pacemakers and a pace car.",
     "gpt35", F, None),
    ("Based on the passages provided, the official men's marathon world record is 2 hours, 0 minutes and 35 seconds. According to passage 1, this record was set by "
     "Kelvin Kiptum from Kenya at the Chicago Marathon on October 8, 2023, and it was ratified by World Athletics in February 2024. He broke the previous record of "
     "2:01:09, which was set by Eliud Kipchoge in Berlin in 2022. Passage 2 mentions that Eliud Kipchoge actually ran a marathon in 1:59:40 in Vienna in 2019, which "
     "was the first time anyone ran a marathon in under two hours. However, this is not an official world record because it was not an open race and he had rotating "
     "pacemakers and a pace car helping him. Passage 3 is about the women's record, which is 2:09:56 by Ruth Chepngetich. I hope this helps!",
     "llama2_7b", F, None),
    ("The official record is **2:00:35**, run by Kelvin Kiptum (Kenya) in Chicago on 8 October 2023 and ratified in February 2024. It took 34 seconds off Eliud "
     "Kipchoge's previous best of 2:01:09.\n\n"
     "You may also see Kipchoge's 1:59:40 from Vienna (2019) quoted; it was the first marathon under two hours, but it isn't ratified, since it wasn't an open race "
     "and he had rotating pacemakers and a pace car.",
     "gpt4", F, None),
])

topic("offside-rule", "sports", "offside rule soccer explained", [
    "A player is in an offside position if any part of the head, body or feet is in the opponents' half and closer to the opponents' goal line than both the ball and the second-last opponent (usually the last outfield defender, with the goalkeeper being the last). Hands and arms are not considered.",
    "Being in an offside position is not an offence in itself. A player is penalised only if, at the moment the ball is played by a teammate, they become involved in active play by interfering with play, interfering with an opponent, or gaining an advantage. The punishment is an indirect free kick to the defending team.",
    "There is no offside offence if a player receives the ball directly from a goal kick, a throw-in or a corner kick. A player level with the second-last opponent or with the last two opponents is not offside. Since 2019 the Premier League has used VAR to check tight offside decisions.",
], [
    ("A player is in an offside position when any part of their head, body or feet is in the opponents' half and nearer the opponents' goal line than both the ball "
     "and the second-last opponent; arms and hands don't count. Being in that position isn't an offence by itself: the player is penalised only if, when a teammate "
     "plays the ball, they get involved in active play, and the other team then gets an indirect free kick. There's no offside from a goal kick, throw-in or corner.",
     "gpt35", F, None),
    ("Based on the passages provided, the offside rule works like this. According to passage 1, a player is in an offside position if any part of their head, body "
     "or feet is in the opponents' half and closer to the goal line than both the ball and the second-last opponent. Passage 2 explains that being in an offside "
     "position is not an offence on its own; the player is only penalised if they become involved in active play at the moment the ball is played by a teammate, and the defending "
     "team then gets an indirect free kick. Passage 3 adds that a player who is level with the second-last opponent is not offside. I hope this helps!",
     "llama2_13b", F, None),
    ("You're offside if you're in the opponents' half, ahead of both the ball and the second-last defender, and you get involved in active play at the moment you "
     "receive the ball. Being level is onside, and the restart is an indirect free kick.",
     "mistral", "subtle_conflict", "'at the moment you receive the ball': passage 2 judges it at the moment the ball is played by a teammate"),
])

# ---------------------------------------------------------------- programming and software how-tos
topic("git-undo-commit", "programming", "git undo last commit", [
    "To undo the last commit but keep your changes staged, run `git reset --soft HEAD~1`. To keep the changes in your working directory but unstage them, use `git reset HEAD~1` (the default --mixed mode). `git reset --hard HEAD~1` discards the commit and all its changes permanently from your working tree.",
    "If the commit has already been pushed to a shared branch, don't rewrite history with reset. Instead use `git revert HEAD`, which creates a new commit that undoes the changes of the last commit, leaving the history intact for everyone else who has pulled the branch.",
    'To change only the message of the most recent commit, use `git commit --amend -m "new message"`. If you lose a commit by mistake after a hard reset, `git reflog` lists recent positions of HEAD so you can usually recover it; reflog entries are kept for 90 days by default.',
], [
    ("It depends on whether you've pushed yet and what you want to keep:\n"
     "- Keep the changes staged: `git reset --soft HEAD~1`\n"
     "- Keep the changes but unstaged: `git reset HEAD~1` (mixed mode, the default)\n"
     "- Throw the commit and its changes away: `git reset --hard HEAD~1` (careful, this is destructive)\n"
     "- Already pushed to a shared branch: use `git revert HEAD` instead, which adds a new commit undoing the last one without rewriting history.\n"
     "- If you use GitHub Desktop, the Undo button next to the latest commit does the same thing as a soft reset.\n"
     'If you only need to fix the message, `git commit --amend -m "new message"` is enough.',
     "gpt4", "evident_baseless", "the GitHub Desktop Undo button item is in no passage"),
    ("`git reset --soft HEAD~1` keeps your changes staged; `git reset --hard HEAD~1` deletes them. If you've already pushed, use `git revert HEAD` instead.",
     "mistral", F, None),
    ("Based on the passages provided, there are a few ways to undo the last commit in Git. Passage 1 says that `git reset --soft HEAD~1` undoes the commit but keeps "
     "your changes staged, while `git reset HEAD~1` keeps the changes in your working directory but unstages them. If you want to discard the changes completely, you "
     "can use `git reset --hard HEAD~1`. However, passage 2 warns that if you have already pushed the commit to a shared branch, you should use `git revert HEAD` "
     "instead, which creates a new commit that undoes the changes. Passage 3 mentions that if you lose a commit by mistake, `git reflog` can usually help you recover "
     "it. The passages do not mention how to undo a commit in a graphical tool. I hope this helps!",
     "llama2_13b", F, None),
])

topic("python-venv", "programming", "how to create a virtual environment in python", [
    "Python 3.3 and later include the venv module. To create a virtual environment, run `python -m venv .venv` in your project folder (on some systems use `python3`). This creates a .venv directory containing a copy of the Python interpreter, the pip package manager and an empty site-packages folder.",
    "Activate the environment before installing packages. On Windows (Command Prompt) run `.venv\\Scripts\\activate`; in PowerShell run `.venv\\Scripts\\Activate.ps1`; on macOS and Linux run `source .venv/bin/activate`. Your prompt then shows the environment's name. Type `deactivate` to leave it. PowerShell may block the script until you allow it with `Set-ExecutionPolicy -Scope CurrentUser RemoteSigned`.",
    "Don't commit the virtual environment folder to version control; add it to .gitignore. Instead, record dependencies with `pip freeze > requirements.txt` and recreate them elsewhere with `pip install -r requirements.txt`. Tools such as virtualenv, conda and uv offer similar functionality with extra features.",
], [
    ("Since Python 3.3, the built-in venv module does this: run `python -m venv .venv` (or `python3 -m venv .venv`) in your project folder. Then activate it with "
     "`source .venv/bin/activate` on macOS/Linux or `.venv\\Scripts\\activate` on Windows, and install packages with pip. Run `deactivate` when you're done.",
     "gpt35", F, None),
    ("Python 3.3+ ships with the `venv` module (on Ubuntu you may first need to install the `python3-venv` package). The basic steps:\n"
     "1. In your project folder, run `python -m venv .venv` (`python3` on some systems). This creates a `.venv` directory with its own interpreter, pip and an empty site-packages.\n"
     "2. Activate it:\n"
     "   - Windows Command Prompt: `.venv\\Scripts\\activate`\n"
     "   - PowerShell: `.venv\\Scripts\\Activate.ps1`\n"
     "   - macOS/Linux: `source .venv/bin/activate`\n"
     "3. Install what you need; save it with `pip freeze > requirements.txt`.\n"
     "4. Leave it with `deactivate`.\n"
     "Keep `.venv` out of git by adding it to `.gitignore`.",
     "gpt4", "subtle_baseless", "'on Ubuntu you may first need to install the python3-venv package' is not in the passages"),
    ("Based on the passages provided, you can create a virtual environment with the venv module that comes with Python 3.3 and later. Passage 1 says to run "
     "`python -m venv .venv` in your project folder, which creates a .venv directory with a copy of the Python interpreter, pip and an empty site-packages folder. "
     "According to passage 2, you then need to activate it: on macOS and Linux run `source .venv/bin/activate`, and on Windows run `.venv\\Scripts\\activate` (or "
     "`.venv\\Scripts\\Activate.ps1` in PowerShell). Passage 3 recommends not committing the folder to version control and instead saving your dependencies to a "
     "requirements.txt file with `pip freeze`.",
     "llama2_70b", F, None),
])

topic("vlookup-vs-xlookup", "programming", "vlookup vs xlookup", [
    "VLOOKUP searches for a value in the first column of a range and returns a value from a column to the right, specified by a column index number. By default its last argument, range_lookup, is TRUE (approximate match), so most users must enter FALSE to get an exact match. It cannot look to the left.",
    "XLOOKUP, available in Excel for Microsoft 365 and Excel 2021 and later, takes a lookup array and a separate return array, so it can return values to the left or right. It defaults to an exact match and has a built-in if_not_found argument, replacing the need to wrap formulas in IFERROR.",
    "XLOOKUP is not available in Excel 2019 or earlier; workbooks that use it will show #NAME? errors when opened in those versions. Google Sheets added XLOOKUP in August 2022. INDEX and MATCH remain a common alternative that works in every version of Excel.",
], [
    ("Based on the passages provided, VLOOKUP and XLOOKUP are both Excel functions for looking up values, but there are some important differences. According to "
     "passage 1, VLOOKUP searches in the first column of a range and returns a value from a column to the right using a column index number. It uses approximate "
     "match by default, so you need to enter FALSE for an exact match, and it cannot look to the left. Passage 2 says that XLOOKUP uses a separate lookup array and "
     "return array, so it can return values on either side. It also uses exact match by default and has an if_not_found argument, so you don't need IFERROR. XLOOKUP "
     "is available in Excel 2016 and later versions, as well as Excel for Microsoft 365. I hope this helps you decide which function to use!",
     "llama2_7b", "evident_conflict", "'available in Excel 2016 and later': passage 2 says Microsoft 365 and Excel 2021 and later, passage 3 that it is not in Excel 2019 or earlier"),
    ("XLOOKUP is the more flexible of the two. Main differences:\n"
     "- Direction: VLOOKUP can only return from a column to the right of the lookup column; XLOOKUP takes a separate return array, so left or right both work.\n"
     "- Match type: VLOOKUP defaults to approximate match (you must add FALSE for exact); XLOOKUP defaults to exact.\n"
     "- Errors: XLOOKUP has a built-in if_not_found argument, so there's no need to wrap it in IFERROR.\n"
     "- Availability: XLOOKUP needs Microsoft 365 or Excel 2021+; workbooks using it show #NAME? errors in Excel 2019 or older.",
     "gpt4", F, None),
    ("VLOOKUP looks up a value in the first column of a range and returns a value from a column to its right; it defaults to approximate match and can't look left. "
     "XLOOKUP, available in Microsoft 365 and Excel 2021 or later, uses separate lookup and return arrays, so it can return values in either direction, defaults to "
     "an exact match and has a built-in if_not_found option.",
     "gpt35", F, None),
])

topic("excel-max-rows", "programming", "excel maximum number of rows", [
    "Since Excel 2007, a worksheet can have up to 1,048,576 rows and 16,384 columns (the last column is XFD). Earlier versions, such as Excel 2003, were limited to 65,536 rows and 256 columns. The limits are the same in the Windows and Mac versions of Excel.",
    "If you open a CSV file with more than 1,048,576 rows, Excel loads only the first 1,048,576 and displays a warning that the file was not loaded completely. For larger datasets, use Power Query to load the data into the Data Model, which can hold millions of rows, or use a database.",
    "Google Sheets has a different limit: a spreadsheet can contain up to 10 million cells in total, across all of its sheets, and a maximum of 18,278 columns. Importing a file that would exceed the cell limit fails with an error.",
], [
    ("1,048,576 rows per worksheet (and 16,384 columns), in Excel 2007 and later.",
     "mistral", F, None),
    ("An Excel worksheet can hold a maximum of 1,048,576 rows and 16,384 columns, ending at column XFD; this has been the limit since Excel 2007. Older versions "
     "like Excel 2003 allowed only 65,536 rows. If you open a CSV with more rows than that, Excel loads only the first 1,048,576 and warns you, so for bigger data "
     "you can use Power Query and the Data Model or a database.",
     "gpt35", F, None),
    ("Based on the passages provided, the maximum number of rows in an Excel worksheet is 1,048,576, which is 16 times the 65,536-row limit of Excel 2003 and "
     "earlier. Passage 1 states that this limit has applied since Excel 2007, together with a maximum of 16,384 columns. Passage 2 notes that if a CSV file has "
     "more rows than this, only the first 1,048,576 are loaded and a warning is shown. For comparison, passage 3 says that Google Sheets instead limits a "
     "spreadsheet to 10 million cells in total.",
     "llama2_70b", F, None),
])

# ---------------------------------------------------------------- consumer electronics
topic("oled-burn-in", "electronics", "does oled burn in", [
    "OLED TVs can suffer burn-in, or permanent image retention, because each pixel produces its own light and organic compounds wear down with use. Static elements shown for long periods, such as news tickers, channel logos and video game HUDs, age some pixels faster than others, leaving a faint ghost image.",
    "For most people who watch varied content, burn-in is rare. In RTINGS' accelerated longevity test, several OLED TVs showed visible burn-in after around 5,000 to 9,000 hours of static content, roughly equivalent to years of normal viewing. Manufacturers include pixel-refresh cycles, logo dimming and pixel shift to reduce the risk.",
    "LG and Sony generally exclude burn-in from their standard TV warranties, while some brands, such as certain Dell Alienware QD-OLED monitors, offer 2- or 3-year warranties that explicitly cover burn-in. Extended warranties from retailers may or may not include it, so read the terms.",
], [
    ("Yes, it can, but it's uncommon with normal use.\n"
     "- Why it happens: every OLED pixel emits its own light and the organic material wears over time, so static elements (news tickers, channel logos, game HUDs) kept on screen for long stretches can leave a faint ghost image.\n"
     "- How likely: for people who watch varied content, burn-in is rare. In RTINGS' accelerated test, several OLED TVs developed visible burn-in only after about 5,000-9,000 hours of static content.\n"
     "- Protection: pixel refresh, logo dimming and pixel shift lower the risk.\n"
     "Check the warranty too: LG and Sony generally don't cover burn-in, while some monitors (e.g. certain Alienware QD-OLEDs) include 2-3 years of burn-in coverage.",
     "gpt4", F, None),
    ("Based on the passages provided, yes, OLED TVs can burn in. According to passage 1, this happens because each pixel makes its own light and the organic compounds "
     "wear down over time, so static images like news tickers or channel logos can leave a ghost image. However, passage 2 says that burn-in is rare for most people "
     "who watch a variety of content, and manufacturers use pixel-refresh cycles that run automatically when the TV is switched off, as well as logo dimming and pixel "
     "shift. Passage 3 mentions that LG and Sony usually do not cover burn-in under their warranties. I hope this helps!",
     "llama2_13b", "subtle_baseless", "'that run automatically when the TV is switched off' is not in passage 2, which only lists pixel-refresh cycles"),
    ("It can, mainly from static elements like logos, tickers or game HUDs shown for long periods. With varied viewing it's rare, and features like pixel refresh "
     "and pixel shift reduce the risk.",
     "mistral", F, None),
])

topic("hdmi-21-vs-20", "electronics", "hdmi 2.1 vs 2.0", [
    "HDMI 2.0, introduced in 2013, supports a maximum bandwidth of 18 Gbps, enough for 4K at 60 Hz. HDMI 2.1, announced in 2017, raises bandwidth to 48 Gbps, allowing 4K at 120 Hz and 8K at 60 Hz, as well as 10K resolution for commercial uses.",
    "HDMI 2.1 adds gaming features such as Variable Refresh Rate (VRR), Auto Low Latency Mode (ALLM) and Quick Frame Transport (QFT), plus enhanced Audio Return Channel (eARC), which can pass lossless Dolby Atmos and DTS:X audio to a soundbar or receiver.",
    "To get full HDMI 2.1 bandwidth you need a cable certified as Ultra High Speed, marked with the official label. Older High Speed cables are rated for 18 Gbps. Note that some TVs advertise HDMI 2.1 but only offer 40 Gbps on some ports, and not all ports may support 2.1 features.",
], [
    ("HDMI 2.1 raises bandwidth from 18 Gbps to 48 Gbps, enough for 8K at 120 Hz, and adds VRR, ALLM and eARC. You'll need an Ultra High Speed certified cable to "
     "get the full bandwidth.",
     "mistral", "subtle_conflict", "'8K at 120 Hz': passage 1 gives 4K at 120 Hz and 8K at 60 Hz for HDMI 2.1"),
    ("HDMI 2.0 tops out at 18 Gbps, which handles 4K at 60 Hz, while HDMI 2.1 offers up to 48 Gbps for 4K at 120 Hz and 8K at 60 Hz. HDMI 2.1 also adds gaming "
     "features like VRR, ALLM and QFT and supports eARC for lossless Dolby Atmos and DTS:X. To get the full bandwidth you need a certified Ultra High Speed cable, "
     "and some TVs offer only 40 Gbps on certain ports.",
     "gpt35", F, None),
    ("Based on the passages provided, HDMI 2.1 is a big upgrade over HDMI 2.0. According to passage 1, HDMI 2.0 came out in 2013 and has a maximum bandwidth of "
     "18 Gbps, which is enough for 4K at 60 Hz. HDMI 2.1 was announced in 2017 and increases the bandwidth to 48 Gbps, which is more than two and a half times as "
     "much. This allows 4K at 120 Hz and 8K at 60 Hz. Passage 2 explains that HDMI 2.1 also has gaming features like Variable Refresh Rate (VRR), Auto Low Latency "
     "Mode (ALLM) and Quick Frame Transport (QFT), and it supports eARC, which can send lossless Dolby Atmos and DTS:X audio to a soundbar or receiver. Passage 3 "
     "says you need an Ultra High Speed cable to get the full bandwidth, because older High Speed cables are only rated for 18 Gbps. I hope this helps you "
     "understand the difference between HDMI 2.1 and 2.0!",
     "llama2_7b", F, None),
])

# ---------------------------------------------------------------- public health and first aid
topic("cpr-compression-rate", "health", "how many compressions per minute cpr", [
    "For adults, the American Heart Association recommends chest compressions at a rate of 100 to 120 per minute, pushing down at least 2 inches (5 cm) but not more than 2.4 inches (6 cm), and letting the chest fully recoil between compressions.",
    "Hands-only CPR is recommended for untrained bystanders who see a teen or adult suddenly collapse: call 911, then push hard and fast in the center of the chest. Songs with a tempo of about 100 to 120 beats per minute, such as the Bee Gees' 'Stayin' Alive', can help you keep the right pace.",
    "Trained rescuers giving conventional CPR use a ratio of 30 compressions to 2 rescue breaths for adults. For infants, compressions should be about 1.5 inches (4 cm) deep, using two fingers or two thumbs, at the same rate of 100 to 120 per minute.",
], [
    ("Based on the passages provided, you should give chest compressions at a rate of 100 to 120 per minute. Passage 1 explains that for adults you should push down "
     "at least 2 inches (5 cm) but no more than 2.4 inches (6 cm), letting the chest come all the way back up between compressions. Passage 2 suggests using a song "
     "like 'Stayin' Alive' to keep the right pace, and passage 3 notes that the same rate applies to infants, with compressions of about 1.5 inches. If you are "
     "trained and giving rescue breaths, the ratio for adults is 30 compressions to 2 breaths.",
     "llama2_70b", F, None),
    ("The recommended rate is 100 to 120 compressions per minute, at a depth of at least 2 inches (5 cm) but no more than 2.4 inches (6 cm) for adults, allowing "
     "full chest recoil. Trained rescuers use 30 compressions followed by 2 rescue breaths. If two rescuers are present, they should switch every 2 minutes to avoid "
     "fatigue. A song like 'Stayin' Alive' can help you keep the pace.",
     "gpt35", "evident_baseless", "the sentence on two rescuers switching every 2 minutes is in no passage"),
    ("Aim for 100-120 compressions per minute, roughly two per second. For an adult:\n"
     "- Depth: at least 5 cm (2 in), but no more than 6 cm (2.4 in).\n"
     "- Let the chest rise fully between pushes.\n"
     "- Untrained? Do hands-only CPR: call 911, then push hard and fast in the centre of the chest.\n"
     "- Trained? Use 30 compressions to 2 rescue breaths.\n"
     "Infants get the same rate, with shallower compressions of about 4 cm (1.5 in).",
     "gpt4", F, None),
])

topic("burn-cool-water", "health", "how long to run cold water on a burn", [
    "For minor burns, cool the area under cool or lukewarm running water for 20 minutes as soon as possible. Cooling is still helpful up to 3 hours after the injury. Do not use ice, iced water or butter, which can damage the skin further.",
    "Remove jewelry, watches and tight clothing near the burned area before it starts to swell, but don't pull off clothing that is stuck to the skin. After cooling, cover the burn loosely with cling film or a sterile, non-fluffy dressing.",
    "Seek emergency care for burns larger than the palm of the person's hand, burns on the face, hands, feet or genitals, chemical or electrical burns, and any burn in a child under 5. Blisters should be left intact to reduce the risk of infection.",
], [
    ("Run cool or lukewarm water over a minor burn for 20 minutes, starting as soon as you can; cooling still helps for up to 3 hours afterward. Avoid ice, iced "
     "water and butter, and remove jewelry or tight clothing near the burn before swelling starts.",
     "gpt35", F, None),
    ("20 minutes under cool (not icy) running water, as soon as possible, though it still helps up to 3 hours later. Then cover it loosely with cling film.",
     "mistral", F, None),
    ("Based on the passages provided, you should run cool or lukewarm water over a minor burn for 20 minutes, because this helps reduce pain and prevents scarring. "
     "According to passage 1, cooling is still useful up to 3 hours after the burn happens, but you should not use ice, iced water or butter because they can "
     "damage the skin even more. Passage 2 says to take off any jewelry or tight clothing near the burn before it swells, and then cover the burn loosely with cling "
     "film or a sterile dressing. Passage 3 says to get emergency care for large burns, burns on the face, hands, feet or genitals, and burns in young children. "
     "I hope this helps, and I hope the burn heals quickly!",
     "llama2_7b", "subtle_baseless", "the reason 'because this helps reduce pain and prevents scarring' is not in the passages"),
])

topic("handwashing-time", "health", "how long should you wash your hands", [
    "The CDC recommends scrubbing your hands with soap for at least 20 seconds, about the time it takes to hum the 'Happy Birthday' song from beginning to end twice. Lather the backs of your hands, between your fingers and under your nails.",
    "The five steps are: wet, lather, scrub, rinse and dry. Water temperature does not appear to affect microbe removal, so use whatever temperature is comfortable. Dry hands with a clean towel or an air dryer, since germs spread more easily from wet hands.",
    "When soap and water are not available, use an alcohol-based hand sanitizer containing at least 60% alcohol. Sanitizers do not remove all types of germs, such as norovirus, and are less effective when hands are visibly dirty or greasy. Rub sanitizer over all surfaces of the hands until they feel dry, which takes about 20 seconds.",
], [
    ("At least 20 seconds of scrubbing with soap, about two rounds of 'Happy Birthday'. The steps are:\n"
     "1. Wet your hands.\n"
     "2. Lather, covering the backs of the hands, between the fingers and under the nails.\n"
     "3. Scrub for 20 seconds or more.\n"
     "4. Rinse.\n"
     "5. Dry with a clean towel or an air dryer.\n"
     "Water temperature doesn't seem to matter, so pick whatever is comfortable. If there's no soap and water, a sanitizer with 60% alcohol or more is the fallback, "
     "though it won't remove every germ.",
     "gpt4", F, None),
    ("Based on the passages provided, you should wash your hands for at least 20 seconds. Passage 1 says that this is about the time it takes to hum the 'Happy "
     "Birthday' song twice, and that you should lather the backs of your hands, between your fingers and under your nails. According to passage 2, the steps are wet, "
     "lather, scrub, rinse and dry, and the water temperature does not seem to affect how many germs are removed. I hope this helps!",
     "llama2_13b", F, None),
    ("The CDC recommends scrubbing your hands with soap for at least 20 seconds, roughly two rounds of 'Happy Birthday', making sure to clean the backs of your "
     "hands, between your fingers and under your nails. If soap and water aren't available, use a hand sanitizer with at least 60% alcohol.",
     "gpt35", F, None),
])

# ---------------------------------------------------------------- economics and personal budgeting
topic("50-30-20-rule", "economics", "what is the 50/30/20 budget rule", [
    "The 50/30/20 rule, popularized by Senator Elizabeth Warren and her daughter Amelia Warren Tyagi in the 2005 book 'All Your Worth', divides after-tax income into three categories: 50% for needs, 30% for wants and 20% for savings and debt repayment.",
    "Needs include rent or mortgage, utilities, groceries, insurance, minimum loan payments and transportation to work. Wants cover things like dining out, streaming subscriptions, travel and hobbies. Extra debt payments beyond the minimum count toward the 20% savings category. Gym memberships and shopping usually count as wants, even when they feel necessary.",
    "Critics say the rule can be hard to follow in high-cost cities, where housing alone may take 40% or more of take-home pay. Some planners suggest adjusting it to 60/20/20 or 70/20/10 depending on your situation, as long as some money still goes to savings.",
], [
    ("The 50/30/20 rule is a simple way to split your gross (pre-tax) income into three buckets:\n"
     "- 50% for needs: housing, utilities, groceries, insurance, minimum loan payments, getting to work.\n"
     "- 30% for wants: eating out, streaming, travel, hobbies.\n"
     "- 20% for savings and paying down debt (anything above the minimum payments goes here).\n"
     "It comes from Elizabeth Warren and Amelia Warren Tyagi's 2005 book *All Your Worth*. In expensive cities it can be hard to stick to, and some planners adjust "
     "it to 60/20/20 or 70/20/10.",
     "gpt4", "evident_conflict", "'gross (pre-tax) income': passage 1 says the rule divides after-tax income"),
    ("Based on the passages provided, the 50/30/20 rule is a budgeting guideline that splits your after-tax income into three parts: 50% for needs, 30% for wants "
     "and 20% for savings and debt repayment. Passage 1 notes that it was popularized by Elizabeth Warren and Amelia Warren Tyagi in their 2005 book 'All Your "
     "Worth'. According to passage 2, needs include things like rent, utilities, groceries and minimum loan payments, while wants include dining out, subscriptions "
     "and travel. Passage 3 points out that it can be difficult to follow in high-cost cities, where housing alone may take 40% or more of take-home pay.",
     "llama2_70b", F, None),
    ("Split your take-home pay: 50% on needs, 30% on wants, 20% on savings and extra debt payments. So on $4,000 a month after tax, that's $2,000, $1,200 and $800.",
     "mistral", F, None),
])

topic("emergency-fund-size", "economics", "how much should an emergency fund be", [
    "Most financial planners recommend keeping three to six months' worth of essential living expenses in an emergency fund. Essential expenses include housing, food, utilities, insurance, transportation and minimum debt payments, not your full income. For a household spending $3,000 a month on essentials, that means $9,000 to $18,000.",
    "People with irregular income, such as freelancers and commission-based workers, single-income households and those in unstable industries may want to save six to twelve months of expenses. If three months feels out of reach, start with a smaller goal such as $1,000.",
    "Keep emergency savings somewhere safe and easy to access, such as a high-yield savings account or money market account, rather than in stocks. Online high-yield savings accounts paid around 4% to 5% APY in 2024, compared with a national average of about 0.5% for regular savings.",
], [
    ("Based on the passages provided, most financial planners recommend having three to six months of essential living expenses saved in an emergency fund. "
     "According to passage 1, essential expenses are things like housing, food, utilities, insurance, transportation and minimum debt payments, not your whole "
     "income. Passage 2 says that if you have an irregular income, like freelancers or people who work on commission, or if you live in a single-income household, "
     "you may want to save six to twelve months of expenses instead. If that seems like too much, you can start with a smaller goal like $1,000. Passage 3 suggests "
     "keeping the money in a high-yield savings account or money market account instead of stocks, because it needs to be safe and easy to get to. I hope this "
     "helps you plan your budget!",
     "llama2_7b", F, None),
    ("A common guideline is to save three to six months of your income in an emergency fund. If your income is irregular, you're self-employed or you're the only "
     "earner in your household, consider six to twelve months instead. Keep it in a high-yield savings account (around 4% to 5% APY online in 2024) or a money "
     "market account rather than in stocks.",
     "gpt35", "subtle_conflict", "'three to six months of your income': passage 1 says of essential living expenses, explicitly not your full income"),
    ("The usual target is 3-6 months of essential expenses: rent or mortgage, food, utilities, insurance, transport and minimum debt payments, not your whole salary. "
     "You might go bigger (6-12 months) if:\n"
     "- your income is irregular (freelance or commission work),\n"
     "- you're a single-income household, or\n"
     "- your industry is unstable.\n"
     "If even three months seems far off, start with something like $1,000. Park it in a high-yield savings or money market account rather than stocks.",
     "gpt4", F, None),
])

topic("cpi-calculation", "economics", "what is cpi and how is it calculated", [
    "The Consumer Price Index (CPI) measures the average change over time in prices paid by urban consumers for a market basket of goods and services. In the US it is published monthly by the Bureau of Labor Statistics (BLS) and covers about 93% of the population.",
    "To build the CPI, BLS data collectors record about 80,000 prices each month from roughly 23,000 retail and service establishments in 75 urban areas. Prices are weighted by how much consumers spend on each item, based on the Consumer Expenditure Surveys; housing (shelter) is the largest component, at about a third of the index.",
    "Core CPI excludes food and energy prices, which tend to be volatile. The annual inflation rate is the percentage change in the CPI compared with the same month a year earlier: for example, if the index rises from 300 to 309, inflation is 3%.",
], [
    ("CPI tracks the average change in prices urban consumers pay for a basket of goods and services. BLS collects about 80,000 prices a month and weights them by "
     "consumer spending; inflation is the year-over-year percentage change.",
     "mistral", F, None),
    ("The Consumer Price Index measures how the prices paid by urban consumers change over time; the Bureau of Labor Statistics publishes it monthly. How it's calculated:\n"
     "1. About 80,000 prices are collected every month from around 23,000 stores and service providers in 75 urban areas.\n"
     "2. Each item is weighted by its share of consumer spending, using the Consumer Expenditure Surveys; shelter is the biggest piece, roughly a third.\n"
     "3. Inflation is the percentage change from the same month a year earlier (an index going from 300 to 309 means 3%).\n"
     "'Core' CPI leaves out food and energy because they swing a lot. The Federal Reserve's 2% inflation target is based on a different measure, the PCE price index.",
     "gpt4", "evident_baseless", "the sentence on the Federal Reserve's 2% target and the PCE price index is in no passage"),
    ("Based on the passages provided, the Consumer Price Index (CPI) measures the average change in the prices that urban consumers pay for a basket of goods and "
     "services. Passage 1 says it is published every month by the Bureau of Labor Statistics and covers about 93% of the US population. According to passage 2, it "
     "is calculated by collecting about 80,000 prices each month from around 23,000 businesses in 75 urban areas, and weighting them by how much consumers spend on "
     "each item. Passage 3 explains that the inflation rate is the percentage change compared with the same month a year earlier. I hope this helps!",
     "llama2_13b", F, None),
])

# ---------------------------------------------------------------- music and literature
topic("beethoven-symphonies", "arts", "how many symphonies did beethoven write", [
    "Ludwig van Beethoven completed nine symphonies between 1800 and 1824. The Symphony No. 9 in D minor, premiered in Vienna on 7 May 1824, includes a choral finale setting Friedrich Schiller's poem 'Ode to Joy'; by then Beethoven was almost completely deaf.",
    "Sketches survive for a tenth symphony that Beethoven was working on before his death in March 1827. In 1988 musicologist Barry Cooper assembled a performing version of the first movement from the sketches, and in 2021 an AI-assisted completion was premiered in Bonn.",
    "The Symphony No. 5 in C minor, first performed in 1808, opens with one of the most famous four-note motifs in music. The Sixth, the 'Pastoral', premiered at the same concert and depicts scenes of country life in five movements.",
], [
    ("Beethoven completed nine symphonies between 1800 and 1824, ending with the Ninth, whose choral finale sets Schiller's 'Ode to Joy'. He left sketches for a "
     "tenth when he died in 1827; a performing version of its first movement was assembled by Barry Cooper in 1988.",
     "gpt35", F, None),
    ("Based on the passages provided, Beethoven wrote nine complete symphonies. According to passage 1, he completed them between 1800 and 1824. His last one, the "
     "Symphony No. 9 in D minor, was premiered in Vienna on May 7, 1824, with Beethoven conducting it himself, and it has a choral finale based on Schiller's poem "
     "'Ode to Joy'. He was almost completely deaf at that time. Passage 2 says that there are also sketches for a tenth symphony that he was working on before he "
     "died in 1827, and that an AI-assisted version was premiered in Bonn in 2021. Passage 3 talks about his famous Fifth Symphony and his Sixth Symphony, the "
     "'Pastoral'. I hope this helps!",
     "llama2_7b", "subtle_baseless", "'with Beethoven conducting it himself' is not in passage 1"),
    ("Nine completed symphonies (1800-1824). He also left sketches for a tenth, unfinished at his death in 1827.",
     "mistral", F, None),
])

topic("frankenstein-author", "arts", "who wrote frankenstein and when", [
    "Frankenstein; or, The Modern Prometheus was written by the English author Mary Shelley and first published anonymously in London on 1 January 1818. Shelley was 20 when it appeared. Her name first appeared on the second edition, published in 1823.",
    "Shelley began the story in June 1816 at the Villa Diodati near Lake Geneva, where Lord Byron challenged his guests, including Mary, her future husband Percy Bysshe Shelley and John Polidori, to each write a ghost story during a cold, rainy summer.",
    "In 1831 Shelley published a revised edition with a new introduction describing the novel's origins. Many modern editions follow the 1831 text, although scholars often prefer the 1818 version as closer to her original conception of the book. The novel is widely regarded as one of the earliest works of science fiction.",
], [
    ("Based on the passages provided, Frankenstein was written by Mary Shelley. Passage 1 states that it was first published anonymously in London on 1 January "
     "1818, when she was 20 years old, and that her name first appeared on the second edition in 1823. Passage 2 explains that she started the story in June 1816 "
     "at the Villa Diodati near Lake Geneva, after Lord Byron challenged his guests to each write a ghost story. Passage 3 adds that she published a revised "
     "edition in 1831.",
     "llama2_70b", F, None),
    ("Mary Shelley wrote it. Key dates:\n"
     "- June 1816: she starts the story at the Villa Diodati by Lake Geneva, prompted by Lord Byron's ghost-story challenge.\n"
     "- 1 January 1818: first published, anonymously, in London; she was 20.\n"
     "- 1823: the second edition is the first to carry her name.\n"
     "- 1831: a revised edition with a new introduction about how the book began.",
     "gpt4", F, None),
    ("Mary Shelley, who started it in 1816 near Lake Geneva; it was published anonymously in January 1818.",
     "mistral", F, None),
])

# ---------------------------------------------------------------- language and grammar
topic("affect-vs-effect", "language", "affect vs effect", [
    "In most cases, 'affect' is a verb meaning to influence or change something ('The weather affected our plans'), while 'effect' is a noun meaning a result ('The new rules had a big effect'). A common memory aid is RAVEN: Remember, Affect is a Verb, Effect is a Noun.",
    "There are exceptions. 'Effect' can be a verb meaning to bring about or cause ('to effect change'), and 'affect' can be a noun in psychology, meaning an observable emotional expression ('the patient had a flat affect'). These uses are much less common in everyday writing.",
    "Related words follow the same pattern: 'effective' and 'effectively' come from 'effect', while 'affected' can also mean artificial or pretentious, as in 'an affected accent'. Spell-checkers often miss affect/effect mix-ups because both are real words. Some writers sidestep the problem by using 'influence' or 'result' instead.",
], [
    ("Quick rule: *affect* is usually the verb, *effect* usually the noun.\n"
     "- Affect (verb) = to influence: 'The weather affected our plans.'\n"
     "- Effect (noun) = a result: 'The new rules had a big effect.'\n"
     "Mnemonic: RAVEN, Remember, Affect is a Verb, Effect is a Noun.\n"
     "Two exceptions worth knowing: *effect* can be a verb meaning to bring about ('to effect change'), and in psychology *affect* is a noun for visible emotional "
     "expression ('a flat affect').",
     "gpt4", F, None),
    ("Based on the passages provided, 'affect' is usually a verb that means to influence something, while 'effect' is usually a noun that means a result. Passage 1 "
     "mentions the memory aid RAVEN: Remember, Affect is a Verb, Effect is a Noun. According to passage 2, there are some exceptions, such as 'effect' being used as "
     "a verb to mean bring about, as in 'to effect change'. Passage 3 also says that words like 'effective' and 'effectively' come from 'affect', while 'affected' "
     "can mean pretentious. I hope this helps!",
     "llama2_13b", "evident_conflict", "\"'effective' and 'effectively' come from 'affect'\": passage 3 says they come from 'effect'"),
    ("'Affect' is generally a verb meaning to influence ('The weather affected our plans'), while 'effect' is generally a noun meaning a result ('The new rules had "
     "a big effect'). The exceptions are 'effect' as a verb meaning to bring about, and 'affect' as a psychology term for an observable emotional expression.",
     "gpt35", F, None),
])

topic("oxford-comma", "language", "what is the oxford comma", [
    "The Oxford comma, also called the serial comma, is the comma placed before the final 'and' or 'or' in a list of three or more items, as in 'red, white, and blue.' It takes its name from Oxford University Press, whose style guide has traditionally required it.",
    "Usage guides disagree. The Chicago Manual of Style and the APA recommend the serial comma, while the Associated Press (AP) stylebook, used by most American newspapers, generally omits it except where needed for clarity. The Guardian and The Times in the UK also usually leave it out.",
    "Supporters say it prevents ambiguity, as in 'I'd like to thank my parents, Ayn Rand and God.' In 2017 a US appeals court ruled in favor of dairy truck drivers in Maine in a dispute over overtime pay that hinged on a missing serial comma in state law; the company later settled for $5 million.",
], [
    ("It's the comma before the final 'and' or 'or' in a list of three or more ('red, white, and blue'). Chicago and APA use it; AP style never does.",
     "mistral", "subtle_conflict", "'AP style never does': passage 2 says AP generally omits it except where needed for clarity"),
    ("Based on the passages provided, the Oxford comma is the comma that comes before the last 'and' or 'or' in a list of three or more things, like in 'red, white, "
     "and blue.' According to passage 1, it is also called the serial comma, and it is named after Oxford University Press, whose style guide has traditionally "
     "required it. Passage 2 says that style guides do not agree about it. The Chicago Manual of Style and the APA recommend using it, but the AP stylebook, which "
     "most American newspapers use, usually leaves it out unless it is needed to make the meaning clear. Passage 3 explains that people who like the Oxford comma "
     "say it helps avoid confusion, and it even mentions a 2017 court case in Maine about dairy truck drivers and overtime pay that depended on a missing comma, "
     "which ended with the company settling for $5 million. I hope this helps!",
     "llama2_7b", F, None),
    ("The Oxford comma, or serial comma, is the comma before the final 'and' or 'or' in a list of three or more items, as in 'red, white, and blue.' The Chicago "
     "Manual of Style and APA recommend it, while AP style generally leaves it out unless it's needed for clarity.",
     "gpt35", F, None),
])

# ---------------------------------------------------------------- transport
topic("shinkansen-speed", "transport", "how fast does the shinkansen go", [
    "Japan's Shinkansen bullet trains run at a maximum operating speed of 320 km/h (199 mph) on the Tohoku Shinkansen between Utsunomiya and Morioka, using E5 and H5 series trains. On the busy Tokaido Shinkansen between Tokyo and Shin-Osaka, the top speed is 285 km/h.",
    "The fastest Nozomi trains cover the 515 km between Tokyo and Shin-Osaka in about 2 hours 21 minutes. The Japan Rail Pass does not cover Nozomi and Mizuho trains without an extra ticket, so pass holders usually ride Hikari or Kodama services, which take about 3 and 4 hours respectively.",
    "The first Shinkansen line opened between Tokyo and Osaka on 1 October 1964, just before the Tokyo Olympics, with a top speed of 210 km/h. JR Central's experimental maglev train reached 603 km/h in 2015, and the Chuo Shinkansen maglev line is planned to link Tokyo and Nagoya.",
], [
    ("Top speeds depend on the line:\n"
     "- Tohoku Shinkansen (Utsunomiya-Morioka): up to 320 km/h (about 199 mph) with E5/H5 trains, the fastest operating speed on the network.\n"
     "- Tokaido Shinkansen (Tokyo-Shin-Osaka): up to 285 km/h.\n"
     "In practice, a Nozomi covers the 515 km from Tokyo to Shin-Osaka in roughly 2 h 21 min. For comparison, the original 1964 line topped out at 210 km/h, and "
     "JR Central's experimental maglev hit 603 km/h in 2015.",
     "gpt4", F, None),
    ("Based on the passages provided, the Shinkansen's maximum operating speed is 320 km/h (199 mph), reached on the Tohoku Shinkansen between Utsunomiya and "
     "Morioka. Passage 1 notes that on the Tokaido Shinkansen between Tokyo and Shin-Osaka the top speed is lower, at 285 km/h, and passage 2 says the fastest "
     "Nozomi trains make that 515 km trip in about 2 hours 21 minutes. Despite these speeds, the Shinkansen has never had a passenger fatality caused by a "
     "derailment or collision. Passage 3 also mentions that an experimental maglev train reached 603 km/h in 2015.",
     "llama2_70b", "evident_baseless", "the sentence that the Shinkansen has never had a passenger fatality from a derailment or collision is in no passage"),
    ("The Shinkansen's top operating speed is 320 km/h (199 mph), on the Tohoku line between Utsunomiya and Morioka, while trains on the Tokaido line between Tokyo "
     "and Shin-Osaka run at up to 285 km/h. The fastest Nozomi trains make the 515 km Tokyo-Shin-Osaka trip in about 2 hours 21 minutes.",
     "gpt35", F, None),
])

topic("plane-cruising-altitude", "transport", "what altitude do commercial planes fly at", [
    "Most commercial jetliners cruise between 31,000 and 42,000 feet (about 9,400 to 12,800 meters), or roughly 6 to 8 miles above the ground. The thinner air at these altitudes reduces drag, which saves fuel, and lets planes fly above most weather.",
    "Turboprop regional aircraft usually cruise lower, between 20,000 and 30,000 feet, while small private piston planes typically fly below 10,000 feet. Air traffic control assigns cruising altitudes, and eastbound and westbound flights use different levels to keep aircraft separated. Pilots can also request a different level to avoid turbulence.",
    "A plane's cruising altitude is not fixed for the whole flight. On long-haul routes, aircraft often 'step climb' to higher levels as they burn fuel and get lighter. Planes also fly lower on very short routes, where there isn't time to climb to a typical cruising altitude.",
], [
    ("Based on the passages provided, most commercial jets cruise at an altitude between 31,000 and 42,000 feet, which is about 9,400 to 12,800 meters. Passage 1 "
     "explains that flying this high saves fuel because the thinner air reduces drag, and it also lets planes fly above most weather. According to passage 2, smaller "
     "turboprop planes usually fly lower, between 20,000 and 30,000 feet. I apologize, but the passages do not give the exact altitude for a specific airline or "
     "route. I hope this helps!",
     "llama2_13b", F, None),
    ("Most commercial jets cruise at 31,000 to 42,000 feet, or about 6 to 8 kilometers above the ground, where the thinner air reduces drag and saves fuel. Turboprop "
     "regional planes usually fly lower, at 20,000 to 30,000 feet. On long flights, planes often step-climb to higher altitudes as they burn fuel and become lighter.",
     "gpt35", "evident_conflict", "'about 6 to 8 kilometers': passage 1 says roughly 6 to 8 miles (about 9,400 to 12,800 meters)"),
    ("Typically 31,000-42,000 ft (about 9.4-12.8 km). Regional turboprops fly lower, around 20,000-30,000 ft.",
     "mistral", F, None),
])

topic("ev-battery-life", "transport", "how long do ev batteries last", [
    "Most electric car batteries are expected to last 10 to 20 years, or roughly 100,000 to 200,000 miles, before they need replacement. A 2024 analysis of 15,000 vehicles by the telematics firm Geotab found an average battery capacity loss of about 1.8% per year.",
    "Most manufacturers in the US warrant EV batteries for 8 years or 100,000 miles, whichever comes first, while Hyundai and Kia offer 10 years or 100,000 miles. Many warranties guarantee that the battery will keep at least 70% of its original capacity during that period.",
    "Battery life is shortened by frequent DC fast charging, regularly charging to 100%, and extreme heat. Experts recommend keeping the charge between about 20% and 80% for daily driving. Replacing a battery out of warranty typically costs $5,000 to $20,000 depending on the model.",
], [
    ("Based on the passages provided, electric car batteries usually last a long time. According to passage 1, most EV batteries are expected to last between 10 "
     "and 20 years, or about 100,000 to 200,000 miles, before they need to be replaced. A study by Geotab in 2024 found that batteries lose about 1.8% of their "
     "capacity each year on average. Passage 2 says that most manufacturers in the US give a battery warranty of 8 years or 100,000 miles, and Hyundai and Kia offer "
     "10 years or 100,000 miles. Many warranties promise that the battery will keep at least 70% of its capacity. Passage 3 explains that things like frequent DC "
     "fast charging, charging to 100% all the time and extreme heat can shorten the battery's life, so it is a good idea to keep the charge between 20% and 80% for "
     "everyday driving. I hope this helps!",
     "llama2_7b", F, None),
    ("Typically 10-20 years, or about 100,000-200,000 miles. Some useful context:\n"
     "- Degradation: a 2024 Geotab study of 15,000 vehicles found an average capacity loss of around 1.8% a year, so under 10% after five years.\n"
     "- Warranty: most US makers cover the battery for 8 years/100,000 miles (Hyundai and Kia: 10 years/100,000 miles), often promising at least 70% of original capacity.\n"
     "- What wears it faster: frequent DC fast charging, routinely charging to 100%, and extreme heat; keeping it between roughly 20% and 80% day to day is recommended.\n"
     "Out of warranty, a replacement usually costs $5,000-$20,000 depending on the car.",
     "gpt4", F, None),
    ("Most EV batteries are expected to last 10 to 20 years, or roughly 100,000 to 200,000 miles, losing on average about 1.8% of their capacity per year. In the US "
     "they are typically warranted for 8 years or 100,000 miles, often with a guarantee of at least 70% capacity.",
     "gpt35", F, None),
])



def main():
    write_three(TOPICS, 5, "web5_cases.jsonl", __doc__)


if __name__ == "__main__":
    main()
