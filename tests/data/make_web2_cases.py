"""Writes tests/data/web2_cases.jsonl from the hand-written web-search topics below (issue 28, judge33).

python tests/data/make_web2_cases.py

45 topics (recipes, how-tos, health, finance, travel, tech, science, history, consumer, sports, geography,
education; no legal), three web-snippet passages each, one faithful answer (paraphrased as a chat model does:
synonyms, merged passages, "seven" -> "7", "United States" -> "U.S.", hedges) and one hallucinated answer (an
added on-topic fact 16, a changed number 9, a changed name 5, a contradiction without "not" 5, an overclaim 5, a
step or advice the passages do not give 5), styles plain / lists / cites about a third each. Written by a helper
who saw neither the scorer's code nor tests/data/web_cases_src.py and did not run the scorer on it, after the
judge33 rules were written: every line is held out (nothing is tuned on it). Which answer of a topic gets id
suffix -1 is a seeded coin flip. Some added facts are true in the world; they are hallucinated because the
passages do not support them.
"""
import json
import pathlib
import random

T = []

def topic(tid, domain, query, contexts, faithful, halluc):
    T.append(dict(tid=tid, domain=domain, query=query, contexts=contexts,
                  faithful=faithful, halluc=halluc))

# ---------------------------------------------------------------- recipe
topic("brown-rice", "recipe", "how long to cook brown rice", [
    "To cook brown rice on the stove, combine 1 cup of rinsed rice with 2 1/2 cups of water and a pinch of salt. Bring to a boil, then reduce the heat to low, cover, and simmer for 40 to 45 minutes until the water is absorbed.",
    "Once the rice is done, take the pot off the heat and let it stand, covered, for 10 minutes. This resting time lets the grains firm up and finish steaming. Fluff with a fork before serving.",
    "Brown rice keeps its bran layer, which is why it takes longer to cook than white rice and has more fiber. One cup of cooked long-grain brown rice has about 3.5 grams of fiber. - healthline.com",
], ("Plan on roughly 40–45 minutes of simmering for stovetop brown rice. Use about 2.5 cups of water for every cup of rinsed rice, add a little salt, bring it to a boil, and then turn the heat down low and cover the pot. When the liquid has been absorbed, pull it off the burner and leave the lid on for another 10 minutes so the grains can finish steaming, then fluff.", "plain"),
   ("Brown rice needs a bit under an hour from start to finish:\n- Rinse 1 cup of rice and add it to 2½ cups of water with a pinch of salt.\n- Bring it to a boil, drop the heat to low, cover, and simmer 40–45 minutes.\n- Soaking the rice for 30 minutes beforehand cuts the simmering time by about 10 minutes.\n- Off the heat, keep it covered for 10 minutes, then fluff with a fork.", "lists", "added_fact"))

topic("hard-boiled-eggs", "recipe", "how long to boil eggs for hard boiled", [
    "For hard-boiled eggs, place eggs in a single layer in a saucepan and cover with cold water by 1 inch. Bring the water to a full rolling boil, then turn off the heat, cover the pan, and let the eggs sit in the hot water for 12 minutes.",
    "After cooking, transfer the eggs to a bowl of ice water and chill for at least 5 minutes. The ice bath stops the cooking and makes the shells easier to peel. Older eggs (7 to 10 days) also peel more easily than very fresh ones.",
    "Overcooked eggs can develop a greenish-gray ring around the yolk. The ring forms when iron in the yolk reacts with sulfur in the white and is harmless, though it can affect texture. Egg sizes in the US range from small to jumbo.",
], ("Start the eggs in cold water, about an inch above them, bring it to a rolling boil, then kill the heat, put the lid on, and leave them for 12 minutes [1]. Move them into an ice bath for 5 minutes or longer, which halts the cooking and helps the shells come off [2]. Eggs that are a week or so old tend to peel more easily than very fresh ones [2]. If you see a gray-green ring around the yolk, they went too long, but it's harmless [3].", "cites"),
   ("For hard-boiled eggs, cover them with cold water by about an inch and bring the pot to a full boil. Then turn off the burner, cover, and let them stand in the hot water for 18 minutes. Afterward, chill them in ice water for at least 5 minutes to stop the cooking and make peeling easier. A greenish ring around the yolk means they cooked too long, though it isn't harmful.", "plain", "changed_number"))

topic("banana-bread", "recipe", "what temperature to bake banana bread", [
    "Bake banana bread at 350°F (175°C) for 55 to 65 minutes, until a toothpick inserted in the center comes out clean or with a few moist crumbs. Use a 9x5-inch loaf pan, greased and lightly floured.",
    "If the top is browning too quickly before the center is set, loosely tent the loaf with aluminum foil for the last 15 to 20 minutes of baking. Let the bread cool in the pan for 10 minutes before turning it out onto a wire rack.",
    "The riper the bananas, the sweeter and more flavorful the bread. Look for bananas with lots of brown speckles. Overripe bananas can be frozen in their peels and thawed for baking later.",
], ("Here's what to aim for:\n- Temperature: 350°F, which is about 175°C.\n- Time: roughly 55–65 minutes in a greased, floured 9x5 loaf pan.\n- Doneness: a toothpick in the middle should come out clean or with just a few moist crumbs.\n- If the top darkens before the middle is cooked, lay foil loosely over it for the final 15–20 minutes.\nGive it 10 minutes in the pan before moving it to a rack to cool.", "lists"),
   ("Banana bread is typically baked at 350°F (175°C) for 55 to 65 minutes in a 9x5-inch pan [1]. It's done when a toothpick in the center comes out clean or with a few moist crumbs [1]. To keep the top from browning too fast, cover the loaf loosely with foil for the first 15 to 20 minutes of baking [2]. Let it cool in the pan for 10 minutes before turning it out [2]. Very ripe, heavily speckled bananas give the best flavor [3].", "cites", "contradiction"))

topic("cold-brew", "recipe", "cold brew coffee ratio", [
    "A common cold brew concentrate ratio is 1:4 coffee to water by weight — for example, 250 grams of coarsely ground coffee to 1 liter of water. Dilute the concentrate 1:1 with water or milk before drinking.",
    "For ready-to-drink cold brew, use a 1:8 ratio instead. Steep the grounds at room temperature or in the fridge for 12 to 18 hours, then strain through a fine-mesh sieve lined with a paper filter.",
    "Cold brew is often described as less acidic and smoother than hot-brewed coffee. Stored in a sealed jar in the refrigerator, it stays fresh for up to two weeks.",
], ("It depends on whether you want a concentrate or something you can drink straight. For concentrate, go with about 1 part coffee to 4 parts water by weight (say 250 g of coarse grounds per liter), then cut it half-and-half with water or milk when you serve it. For a drink-as-is batch, stretch it to 1:8. Either way, let it steep 12–18 hours, on the counter or in the fridge, and strain it through a fine sieve lined with a paper filter.", "plain"),
   ("Cold brew ratios by weight:\n- Concentrate: 1:4 coffee to water, e.g. 250 g coarse grounds in 1 liter of water; dilute 1:1 before drinking.\n- Ready to drink: about 1:8.\n- Steep time: 24 to 36 hours at room temperature or in the fridge.\n- Strain through a fine-mesh sieve lined with a paper filter; it keeps up to two weeks sealed in the fridge.", "lists", "changed_number"))

# ---------------------------------------------------------------- howto
topic("chrome-cache", "howto", "how to clear cache in chrome", [
    "To clear your cache in Chrome on a computer: 1. Open Chrome and click More (three dots) at the top right. 2. Select Delete browsing data. 3. Choose a time range, or select All time to delete everything. 4. Check the boxes next to 'Cookies and other site data' and 'Cached images and files.' 5. Click Delete data.",
    "Shortcut: press Ctrl+Shift+Delete on Windows or Cmd+Shift+Delete on Mac to open the Delete browsing data window directly.",
    "Clearing cookies signs you out of most sites. Clearing the cache can fix problems like pages that won't load or display correctly, but some sites may load more slowly the next time you visit because images need to be downloaded again. Source: support.google.com/chrome",
], ("Open the three-dot menu in the top-right corner of Chrome and pick Delete browsing data [1]. Set the time range ('All time' wipes everything), tick 'Cached images and files' plus 'Cookies and other site data' if you want those gone too, and hit Delete data [1]. You can jump straight to that window with Ctrl+Shift+Delete on Windows or Cmd+Shift+Delete on a Mac [2]. Be aware that removing cookies logs you out of most websites, and some pages may be a bit slower on your next visit while images download again [3].", "cites"),
   ("Here's how to clear the cache in Chrome on a computer:\n1. Click the three-dot More menu in the top right.\n2. Choose Delete browsing data (or press Ctrl+Shift+Delete / Cmd+Shift+Delete).\n3. Pick a time range — All time removes everything.\n4. Check 'Cached images and files', then click Delete data.\n5. Close and reopen Chrome so the change takes effect.\nIf you also clear cookies you'll be signed out of most sites, and pages may load a little slower the first time afterward.", "lists", "wrong_step"))

topic("unclog-sink", "howto", "how to unclog a bathroom sink without chemicals", [
    "Start by removing the sink stopper and pulling out any visible hair or gunk. A plastic drain snake (sold for about $3 at hardware stores) can reach clogs a few inches down.",
    "Baking soda and vinegar method: pour 1/2 cup of baking soda into the drain, followed by 1 cup of white vinegar. Cover the drain and let it fizz for 15 minutes, then flush with a kettle of hot water.",
    "For stubborn clogs, use a cup plunger. Block the overflow hole with a wet rag so the plunger can build pressure, then plunge vigorously for about 20 seconds.",
], ("There are a few non-chemical ways to get a bathroom sink draining again. First pull out the stopper and clean off any hair or buildup you can see; an inexpensive plastic drain snake, around $3, will grab clogs a few inches deeper. Next, try half a cup of baking soda chased by a cup of white vinegar, cover the drain, give it 15 minutes, and rinse with hot water from a kettle. If it's still slow, work it with a cup plunger for roughly 20 seconds while a damp rag plugs the overflow opening.", "plain"),
   ("Pull the stopper and clear out any hair you can see, then use a cheap plastic drain snake to reach clogs a few inches down [1]. Next, pour in 1/2 cup of baking soda and 1 cup of white vinegar, cover, and wait 15 minutes before flushing with hot water [2]. A squirt of dish soap with the hot water helps break up greasy buildup as well. If that doesn't work, plunge with a cup plunger, stuffing a wet rag into the overflow hole first [3].", "cites", "added_fact"))

topic("jump-start", "howto", "how to jump start a car", [
    "Park the working car close to the dead one, turn both engines off, and connect the cables in this order: red clamp to the dead battery's positive (+) terminal, other red clamp to the good battery's positive terminal, black clamp to the good battery's negative (−) terminal, and the last black clamp to an unpainted metal surface on the dead car's engine block.",
    "Start the working car and let it run for a few minutes, then try to start the dead car. Once it starts, remove the cables in the reverse order you attached them.",
    "Keep the jumped car running for at least 30 minutes so the alternator can recharge the battery. If the car won't start after several tries, the battery may need to be replaced. Most car batteries last 3 to 5 years.",
], ("You'll need the working car, the dead one, and jumper cables:\n- Park the donor car near the dead one and switch both engines off.\n- Hook red to the dead battery's +, then the other red to the good battery's +.\n- Attach black to the good battery's −, and clip the final black clamp to bare, unpainted metal on the dead car's engine block.\n- Run the good car a few minutes, then crank the dead one.\n- Once it's running, unhook in reverse order and let it idle 30+ minutes to recharge.", "lists"),
   ("Bring the working car close to the dead one and shut off both engines. Clip a red clamp to the positive terminal of the dead battery and the other red clamp to the positive terminal of the good battery. Then connect one black clamp to the good battery's negative terminal and the other black clamp to the dead battery's negative terminal. Start the good car, wait a few minutes, and then start the dead car; remove the cables in reverse order and let it run for at least 30 minutes.", "plain", "wrong_step"))

topic("candle-wax-carpet", "howto", "how to get candle wax out of carpet", [
    "Let the wax harden completely first. You can speed this up by placing a zip-top bag of ice cubes on the spot for a few minutes. Then scrape off as much as possible with a butter knife or spoon.",
    "To remove the rest, lay a plain white paper towel or brown paper bag over the wax and press a warm iron (low setting, no steam) on top for 10 to 15 seconds. The wax melts into the paper. Move to a clean section of paper and repeat until no more wax transfers.",
    "If colored wax leaves a stain, dab it with rubbing alcohol on a white cloth, then blot with water. Test any cleaner on a hidden area of carpet first.",
], ("Start by letting the wax set hard; a bag of ice on top for a few minutes speeds that up, and then you can chip most of it away with a butter knife or spoon (Passage 1). For the leftover residue, cover it with a white paper towel or a brown paper bag and press a warm iron over it, low heat with the steam off, for 10–15 seconds so the wax soaks into the paper; keep shifting to fresh paper until nothing more comes up (Passage 2). Dab any leftover dye with rubbing alcohol, then blot with water (Passage 3).", "cites"),
   ("Getting wax out of carpet is a three-stage job:\n1. Freeze and scrape: hold a bag of ice on the wax until it's hard, then scrape it up with a butter knife.\n2. Iron it out: put a white paper towel or brown paper bag over the rest and press with a warm iron on low, no steam, for 10–15 seconds, moving to clean paper as it soaks up wax.\n3. Treat stains: dab colored residue with rubbing alcohol and blot with water.\nSoy wax is softer than paraffin, so it usually comes out with less effort.", "lists", "added_fact"))

# ---------------------------------------------------------------- health
topic("ibuprofen-bp", "health", "does ibuprofen raise blood pressure", [
    "NSAIDs such as ibuprofen (Advil, Motrin) and naproxen (Aleve) can cause your body to retain fluid and can reduce kidney function, which may increase blood pressure. The effect is usually small but can be more significant in people who already have high blood pressure.",
    "NSAIDs may also make some blood pressure medications, including ACE inhibitors, diuretics and beta blockers, less effective. If you take medication for hypertension, talk to your doctor before using NSAIDs regularly.",
    "Acetaminophen (Tylenol) is generally not associated with the same fluid retention, although some studies suggest regular daily use may slightly raise blood pressure. — Mayo Clinic",
], ("It can. Ibuprofen and other NSAIDs like naproxen can make the body hold onto fluid and can reduce how well the kidneys work, and both of those can push blood pressure up. For most people the rise is modest, but it can be bigger if you already have hypertension. These drugs can also blunt some BP medicines, such as ACE inhibitors, diuretics, and beta blockers, so if you're being treated for high blood pressure it's worth checking with your doctor before taking them routinely.", "plain"),
   ("Yes. Ibuprofen causes fluid retention and reduced kidney function in everyone who takes it, and that raises blood pressure [1]. The increase is usually small but tends to be larger in people who already have hypertension [1]. NSAIDs can also make blood pressure drugs like ACE inhibitors, diuretics, and beta blockers work less well, so check with your doctor before using them regularly [2]. Acetaminophen doesn't cause the same fluid retention, though daily use may nudge blood pressure up slightly [3].", "cites", "overclaim"))

topic("daily-water", "health", "how much water should i drink a day", [
    "The U.S. National Academies of Sciences, Engineering, and Medicine determined that an adequate daily fluid intake is about 15.5 cups (3.7 liters) of fluids a day for men and about 11.5 cups (2.7 liters) a day for women.",
    "These recommendations cover fluids from water, other beverages and food. About 20% of daily fluid intake usually comes from food and the rest from drinks.",
    "You may need to drink more if you exercise, live in a hot climate, are pregnant or breastfeeding, or have a fever, vomiting or diarrhea. Pale yellow urine is a sign you're well hydrated.",
], ("According to the U.S. National Academies, adequate total fluid intake is roughly:\n- Men: about 3.7 L (15.5 cups) per day\n- Women: about 2.7 L (11.5 cups) per day\nThose totals include everything you drink plus food, which usually supplies around a fifth of it. You'll need more when exercising, in hot weather, during pregnancy or breastfeeding, or when sick with fever, vomiting, or diarrhea. Urine that's pale yellow suggests you're getting enough.", "lists"),
   ("The U.S. National Academies put adequate daily fluid intake at about 15.5 cups (3.7 liters) for men and about 9 cups (2.1 liters) for women. That total counts water, other drinks, and food, and roughly 20% typically comes from what you eat. You'll need more if you're exercising, in hot weather, pregnant or breastfeeding, or ill with a fever, vomiting, or diarrhea. Pale yellow urine is a good sign you're drinking enough.", "plain", "changed_number"))

topic("flu-contagious", "health", "how long is the flu contagious", [
    "People with flu are most contagious in the first 3 to 4 days after their illness begins. Most healthy adults may be able to infect others beginning 1 day before symptoms develop and up to 5 to 7 days after becoming sick.",
    "Some people, especially young children and people with weakened immune systems, might be able to infect others for an even longer time.",
    "Flu symptoms usually appear 1 to 4 days after exposure to the virus, with an average of about 2 days. — CDC",
], ("The flu is most catching during the first 3–4 days of the illness [1]. A healthy adult can start spreading it about a day before they feel sick and may keep doing so for up to 5–7 days after getting ill [1]. Young kids and people with weakened immune systems may stay contagious even longer [2]. Symptoms typically show up 1–4 days after exposure, around 2 days on average [3].", "cites"),
   ("Flu contagiousness at a glance:\n- Peak: the first 3–4 days after you get sick.\n- Start: about 1 day after symptoms develop.\n- End: up to 5–7 days after becoming ill for most healthy adults.\n- Longer for young children and people with weakened immune systems, who may spread it for an extended time.\nSymptoms usually appear 1–4 days after exposure to the virus, about 2 days on average.", "lists", "contradiction"))

topic("resting-heart-rate", "health", "normal resting heart rate for adults", [
    "A normal resting heart rate for adults ranges from 60 to 100 beats per minute. Generally, a lower heart rate at rest implies more efficient heart function and better cardiovascular fitness.",
    "A well-trained athlete might have a normal resting heart rate closer to 40 beats per minute. Factors that can influence heart rate include activity level, air temperature, body position, emotions, body size and medications such as beta blockers.",
    "To check your pulse, place two fingers on the side of your neck or the inside of your wrist, count the beats for 15 seconds and multiply by four. The best time to measure is in the morning before you get out of bed.",
], ("For most adults, anything between 60 and 100 beats per minute at rest is considered normal. A lower resting rate generally points to a heart that works more efficiently and better cardio fitness, and highly trained athletes can sit around 40 bpm. Your number can shift with activity level, heat, posture, emotions, body size, and drugs like beta blockers. To measure it, count your pulse at the neck or wrist for 15 seconds and multiply by 4, ideally first thing in the morning before getting up.", "plain"),
   ("Resting heart rate basics for adults:\n- Normal range: 60–100 beats per minute.\n- Lower is better: a lower resting rate always means better cardiovascular fitness, and well-trained athletes can be near 40 bpm.\n- It's affected by temperature, body position, emotions, body size, activity level, and medications like beta blockers.\n- To check: count your pulse for 15 seconds and multiply by four, ideally in the morning before getting out of bed.", "lists", "overclaim"))

topic("tetanus-booster", "health", "how often do you need a tetanus shot", [
    "Adults should get a tetanus booster (Td or Tdap) every 10 years. If you have a severe or dirty wound, such as a puncture from a nail, you may need a booster if it's been more than 5 years since your last dose.",
    "Tdap protects against tetanus, diphtheria and pertussis (whooping cough). Adults who have never received Tdap should get one dose, and pregnant women should get Tdap during each pregnancy, preferably between 27 and 36 weeks.",
    "Tetanus is caused by bacteria found in soil, dust and manure that enter the body through breaks in the skin. Common side effects of the shot include soreness, redness or swelling where the shot was given.",
], ("Short version: once a decade, with an exception for bad wounds.\n- Routine booster (Td or Tdap): every 10 years for adults.\n- Deep or dirty wound, e.g. stepping on a nail: you may need one if your last shot was over 5 years ago.\n- Tdap, which also covers diphtheria and whooping cough, should be given once to any adult who hasn't had it, and in every pregnancy, ideally at 27–36 weeks.\nSoreness, redness, or swelling where the needle went in is a common side effect.", "lists"),
   ("Adults need a tetanus booster, either Td or Tdap, every 10 years. If you get a deep or dirty wound like a nail puncture, you might need one sooner if your last dose was more than 5 years ago. Tdap also protects against diphtheria and whooping cough, and pregnant women should get it each pregnancy between 27 and 36 weeks. Most pharmacies give the shot without an appointment, and it's typically covered by insurance at no cost. Soreness or swelling at the injection site is common.", "plain", "added_fact"))

# ---------------------------------------------------------------- finance
topic("capital-gains-2024", "finance", "what is the capital gains tax rate for 2024", [
    "For tax year 2024, long-term capital gains (assets held more than one year) are taxed at 0%, 15% or 20%, depending on taxable income and filing status. Single filers pay 0% on gains if taxable income is $47,025 or less; married couples filing jointly pay 0% up to $94,050.",
    "The 20% rate applies to single filers with taxable income above $518,900 and joint filers above $583,750. Most taxpayers fall into the 15% bracket.",
    "Short-term capital gains, on assets held one year or less, are taxed as ordinary income at rates from 10% to 37%. High earners may also owe the 3.8% net investment income tax.",
], ("In 2024, gains on assets you've owned for more than a year are taxed at 0%, 15%, or 20% depending on income and filing status (Passage 1). A single filer with taxable income up to $47,025 pays nothing on those gains, as does a married couple filing jointly up to $94,050 (Passage 1). The top 20% rate starts above $518,900 for singles and $583,750 for joint filers, and most people land in the 15% tier (Passage 2). Anything held a year or less is taxed like regular income, at 10%–37% (Passage 3).", "cites"),
   ("For 2024, long-term capital gains — on assets held over a year — are taxed at 0%, 15% or 20%. Single filers owe 0% if their taxable income is $47,025 or less, and joint filers owe 0% up to $94,050. The 20% rate kicks in above $492,300 for single filers and $583,750 for married couples filing jointly; most people pay 15%. Short-term gains are taxed as ordinary income at 10% to 37%. None of the passages cover state taxes on capital gains.", "plain", "changed_number"))

topic("roth-ira-limit", "finance", "roth ira contribution limit 2024", [
    "The 2024 contribution limit for Roth IRAs is $7,000, up from $6,500 in 2023. If you're 50 or older, you can contribute an extra $1,000 catch-up contribution, for a total of $8,000.",
    "The annual limit applies to all of your IRAs combined — traditional and Roth. So if you put $3,000 in a traditional IRA in 2024, you could put at most $4,000 in a Roth IRA.",
    "Your ability to contribute phases out based on modified adjusted gross income (MAGI). For 2024, the phase-out range is $146,000 to $161,000 for single filers and $230,000 to $240,000 for married couples filing jointly. Contributions for 2024 can be made until the April 15, 2025 tax deadline.",
], ("2024 Roth IRA limits:\n- Under 50: $7,000 (it was $6,500 for 2023).\n- 50 and up: $8,000, thanks to a $1,000 catch-up.\n- That cap is shared between your traditional and Roth IRAs — $3,000 in a traditional leaves room for $4,000 in a Roth.\n- Eligibility shrinks as MAGI rises: $146,000–$161,000 for single filers, $230,000–$240,000 for joint filers.\nYou have until the April 15, 2025 filing deadline to make 2024 contributions.", "lists"),
   ("For 2024 you can put up to $7,000 into a Roth IRA, or $8,000 if you're 50 or older, thanks to a $1,000 catch-up [1]. Keep in mind that this limit is shared with your 401(k), so whatever you contribute there reduces what you can put in the Roth [2]. Eligibility phases out between $146,000 and $161,000 of MAGI for single filers and $230,000 to $240,000 for joint filers [3]. You can make 2024 contributions until April 15, 2025 [3].", "cites", "changed_entity"))

topic("check-clearing", "finance", "how long does it take for a check to clear", [
    "Under Federal Reserve Regulation CC, banks generally must make the first $225 of a check deposit available the next business day. The rest of the deposit is typically available within two business days.",
    "Banks may place a longer hold — up to about seven business days — on deposits over $5,525, on accounts open less than 30 days, or if the account has been repeatedly overdrawn.",
    "Even when funds are available, a check can still bounce. It may take a week or longer for the bank to learn that a check was returned unpaid, and you'll be responsible for any money you spent.",
], ("Usually about two business days. Federal rules (Regulation CC) require banks to release the first $225 of a deposited check by the next business day, with the remainder generally available within 2 business days. Holds can stretch to roughly 7 business days for deposits above $5,525, for accounts less than a month old, or for accounts with repeated overdrafts. Keep in mind that available doesn't mean final: a check can still bounce a week or more later, and you'd owe back anything you spent.", "plain"),
   ("Typical check clearing timeline:\n- Next business day: the first $225 is available under Regulation CC.\n- Within 2 business days: the rest of the deposit.\n- Up to ~7 business days: possible hold for deposits over $5,525, accounts open under 30 days, or accounts that have been overdrawn repeatedly.\n- Mobile deposits made after the bank's daily cutoff, often 5 p.m., count as received the next business day.\nA check can still bounce after the money shows up, and you'd be on the hook for anything you spent.", "lists", "added_fact"))

topic("good-credit-score", "finance", "what is a good credit score", [
    "FICO scores range from 300 to 850. A score of 670 to 739 is generally considered good, 740 to 799 is very good, and 800 or above is exceptional. Scores below 580 are considered poor.",
    "The VantageScore 3.0 and 4.0 models also use a 300-850 range, but classify 661 to 780 as good and 781 to 850 as excellent.",
    "Payment history is the most important factor in your FICO Score, accounting for 35%, followed by amounts owed at 30%. Length of credit history makes up 15%. — myfico.com",
], ("On the FICO scale, which runs 300–850, a 'good' score is 670–739; 740–799 counts as very good and 800+ as exceptional, while anything under 580 is poor [1]. VantageScore uses the same 300–850 span but draws the lines differently, calling 661–780 good and 781 and up excellent [2]. As for what drives the number, payment history carries the most weight in a FICO score at 35%, with amounts owed next at 30% [3].", "cites"),
   ("Credit scores generally run from 300 to 850. Under FICO, 670 to 739 is considered good, 740 to 799 very good, and 800 and above exceptional; under 580 is poor. Equifax's model uses the same range but labels 661 to 780 as good and 781 to 850 as excellent. Payment history is the biggest factor in a FICO score at 35%, followed by amounts owed at 30%.", "plain", "changed_entity"))

# ---------------------------------------------------------------- travel
topic("passport-photo-cvs", "travel", "how much does a passport photo cost at cvs", [
    "CVS Photo offers passport photos at most CVS Pharmacy locations for $16.99 for a set of two 2x2-inch prints. Photos are taken in store and meet U.S. State Department requirements.",
    "Walgreens also charges $16.99 for two passport photos, and some locations offer a digital copy. Prices may vary by store. USPS post offices that process passport applications typically charge $15 for photos.",
    "Passport photos must be in color, taken within the last 6 months, with a plain white or off-white background. You can't wear glasses in your photo unless you have a medical statement.",
], ("At CVS the going rate is $16.99:\n- What you get: two 2x2-inch prints, taken in the store and made to State Department specs.\n- Walgreens costs the same, $16.99 for two, though prices can differ by location.\n- Post offices that handle passport applications usually charge $15.\nWhichever you pick, the photo needs to be in color, less than 6 months old, on a white or off-white background, and glasses aren't allowed without a medical statement.", "lists"),
   ("CVS charges $16.99 for two 2x2-inch passport photos, taken in store to State Department standards [1]. If you're an ExtraCare member, you can often find a coupon that brings the price down to around $10. Walgreens is also $16.99, while post offices that accept passport applications typically charge $15 [2]. Photos must be in color, less than 6 months old, on a white or off-white background, and without glasses [3].", "cites", "added_fact"))

topic("airport-international", "travel", "how early should i get to the airport for an international flight", [
    "Most airlines recommend arriving at the airport at least 3 hours before an international flight and 2 hours before a domestic flight. This allows time for check-in, bag drop, security screening and passport checks.",
    "Many airlines close check-in for international flights 60 minutes before departure, and boarding gates may close 15 to 20 minutes before takeoff. Passengers who miss these cutoffs may be denied boarding.",
    "During peak travel periods such as holidays, the TSA advises leaving extra time. Travelers can check wait times using the MyTSA app. Members of TSA PreCheck typically wait less than 10 minutes.",
], ("Give yourself at least three hours for an international flight — that's what most airlines recommend, versus two for domestic — so there's time for check-in, dropping bags, security, and passport control. Check-in often closes an hour before an international departure, and gates can shut 15–20 minutes before takeoff, so cutting it close can get you refused at the gate. Around holidays the TSA suggests allowing extra time; the MyTSA app shows current wait times.", "plain"),
   ("General guidance for international flights:\n- Arrive at least 3 hours ahead (2 hours for domestic), per most airlines.\n- Check-in typically closes 60 minutes before departure; gates may close 15–20 minutes before takeoff.\n- Global Entry members can skip the regular customs line when they fly back into the U.S.\n- Over holidays, add extra time and check wait times in the MyTSA app.", "lists", "added_fact"))

topic("japan-visa", "travel", "do us citizens need a visa for japan", [
    "U.S. citizens traveling to Japan for tourism or business for stays of up to 90 days do not need a visa. Your passport must be valid for the entire length of your stay, and you should have a return or onward ticket.",
    "Visa-free entry does not permit paid work in Japan. Travelers who want to work, study or stay longer than 90 days must apply for the appropriate visa at a Japanese embassy or consulate before departure.",
    "Visit Japan Web is an online service where travelers can register immigration and customs information before arrival to speed up entry procedures at the airport.",
], ("No visa is needed for Americans visiting Japan for tourism or business as long as the trip is 90 days or shorter [1]. Your passport has to remain valid throughout the visit, and you should carry proof of a return or onward flight [1]. The exemption doesn't cover paid employment, though; working, studying, or staying beyond 90 days means applying for a visa at a Japanese embassy or consulate ahead of time [2]. The passages don't mention any fee or online pre-approval for short visits.", "cites"),
   ("No — U.S. citizens can visit Japan without a visa for tourism or business trips of up to 180 days. You'll need a passport that's valid for your whole stay and a return or onward ticket. Visa-free entry doesn't allow paid work, so if you plan to work or study you'll need to apply for a visa at a Japanese embassy or consulate before you go. Registering on Visit Japan Web ahead of time can make arrival quicker.", "plain", "changed_number"))

topic("tsa-liquids", "travel", "tsa liquid rules carry on", [
    "The TSA 3-1-1 rule: you may bring liquids, aerosols, gels, creams and pastes in your carry-on bag in travel-size containers of 3.4 ounces (100 milliliters) or less per item. All containers must fit in one quart-size, clear, resealable bag, and each passenger is limited to one bag.",
    "Medically necessary liquids, such as prescription medications, and baby formula, breast milk and juice for infants are allowed in reasonable quantities over 3.4 ounces. Declare them to the TSA officer at the checkpoint for inspection.",
    "Larger quantities of liquids, aerosols and gels should be packed in checked baggage. Some airports with new CT scanners let travelers leave liquids in their bags during screening.",
], ("The carry-on liquid rule is known as 3-1-1:\n- Each container must hold 3.4 oz (100 ml) or less.\n- All of them have to fit in a single clear, resealable quart-size bag.\n- Each traveler gets one bag.\nExceptions: necessary medications and infant items like formula, breast milk, and juice can go over 3.4 oz in reasonable amounts if you declare them at screening. Anything bigger should go in your checked luggage. The passages don't list which airports have the CT scanners that let you keep liquids in your bag.", "lists"),
   ("Under TSA's 3-1-1 rule, carry-on liquids, gels, and aerosols must be in containers of 3.4 ounces (100 ml) or less, all fitting in one clear quart-size resealable bag per passenger [1]. Medications and baby formula, breast milk, or juice can be larger in reasonable quantities, as long as you declare them [2]. Bigger items belong in checked luggage [3]. Now that airports have switched to CT scanners, you can leave your liquids bag inside your carry-on during screening [3].", "cites", "overclaim"))

# ---------------------------------------------------------------- tech
topic("screenshot-win11", "tech", "how to screenshot on windows 11", [
    "Press the Windows logo key + Shift + S to open the Snipping Tool overlay. You can choose a rectangular, freeform, window or full-screen snip. The screenshot is copied to your clipboard and a notification appears that lets you edit and save it.",
    "Pressing the Windows logo key + PrtScn captures the whole screen and saves it automatically as a PNG file in Pictures > Screenshots.",
    "By default in Windows 11, pressing the Print Screen key on its own opens the Snipping Tool. You can change this in Settings > Accessibility > Keyboard.",
], ("Windows 11 gives you a few options. Windows + Shift + S brings up the Snipping Tool so you can grab a rectangle, a freeform shape, a single window, or the full screen; the capture lands on your clipboard, and a pop-up notification lets you edit and save it. If you just want the whole screen saved as a file, Windows + PrtScn drops a PNG into Pictures > Screenshots. On its own, the Print Screen key also opens the Snipping Tool by default, which you can change under Settings > Accessibility > Keyboard.", "plain"),
   ("Ways to take a screenshot in Windows 11:\n- Windows + Shift + S: opens the Snipping Tool with rectangle, freeform, window, and full-screen modes; the image is saved straight to Pictures > Screenshots.\n- Windows + PrtScn: captures the entire screen as a PNG in Pictures > Screenshots.\n- PrtScn alone: opens the Snipping Tool by default (adjustable in Settings > Accessibility > Keyboard).", "lists", "contradiction"))

topic("ram-vs-storage", "tech", "difference between ram and storage", [
    "RAM (random access memory) is your computer's short-term memory. It holds the data and programs currently in use so the processor can reach them quickly. RAM is volatile, meaning its contents are erased when the computer is turned off.",
    "Storage, such as a hard disk drive (HDD) or solid-state drive (SSD), keeps your files, applications and operating system long-term, even when the power is off. SSDs are much faster than HDDs but still far slower than RAM.",
    "Typical laptops today ship with 8 GB to 16 GB of RAM and 256 GB to 1 TB of storage. Adding more RAM can help if you run many programs at once.",
], ("RAM is working memory: it holds whatever programs and data you're using right now so the CPU can get to them fast, and it gets wiped whenever the machine powers down [1]. Storage — an HDD or SSD — is where files, apps, and the operating system live for the long haul, surviving shutdowns [2]. Even a fast SSD is much slower than RAM [2]. In practice, a typical laptop pairs 8–16 GB of RAM with 256 GB to 1 TB of storage, and extra RAM helps when you keep lots of programs open [3].", "cites"),
   ("RAM is your computer's short-term memory — it holds the programs and data you're actively using so the processor can access them quickly. Storage, like an HDD or SSD, is where your files, apps and operating system are kept long-term, even with the power off. SSDs are faster than hard drives and on par with RAM in speed for most tasks. Most laptops come with 8–16 GB of RAM and 256 GB to 1 TB of storage.", "plain", "contradiction"))

topic("iphone-battery-life", "tech", "how long does an iphone battery last before replacement", [
    "Apple says iPhone batteries are designed to retain up to 80% of their original capacity at 500 complete charge cycles under ideal conditions. iPhone 15 models are designed to retain 80% at 1,000 complete charge cycles.",
    "You complete one charge cycle when you've used an amount equal to 100% of your battery's capacity, but not necessarily all from one charge. For example, using 75% one day and 25% the next counts as one cycle.",
    "You can check battery health in Settings > Battery > Battery Health & Charging. An out-of-warranty battery replacement costs $99 for iPhone 15 models through Apple.",
], ("Apple measures this in charge cycles rather than years:\n- Most iPhones: built to hold up to 80% of original capacity after 500 full cycles, under ideal conditions.\n- iPhone 15 lineup: rated for 80% after 1,000 cycles.\n- One cycle = using 100% worth of capacity in total, even spread over several days (e.g. 75% today plus 25% tomorrow).\nYou can see where yours stands under Settings > Battery > Battery Health & Charging. The passages don't convert cycles into a number of years.", "lists"),
   ("Apple designs iPhone batteries to keep up to 80% of their original capacity after 500 full charge cycles, and iPhone 15 models after 800 cycles [1]. A cycle means using 100% of the battery's capacity in total, which can be spread over several charges [2]. You can see your battery's health in Settings > Battery > Battery Health & Charging, and an out-of-warranty replacement for an iPhone 15 is $99 [3].", "cites", "changed_number"))

topic("mac-wifi-password", "tech", "how to find wifi password on mac", [
    "On macOS Ventura or later, open System Settings, click Wi-Fi, then click the Advanced button. Find the network in the list of known networks, click the More (…) button next to it, and choose Copy Password. Paste it somewhere to view it.",
    "On older versions of macOS, open Keychain Access (in Applications > Utilities), search for the network name, double-click it, and check the Show password box. You'll be asked to enter your administrator user name and password.",
    "If you're on the same Apple ID, nearby iPhones and iPads can share a Wi-Fi password automatically when you try to join the network.",
], ("How you do it depends on your macOS version. On Ventura and newer, go to System Settings > Wi-Fi > Advanced, locate the network under known networks, click the three-dot button beside it, and pick Copy Password — then paste it into a note or text field to see it. On older releases, launch Keychain Access from Applications > Utilities, search for the network's name, double-click the entry, and tick Show password; you'll need to type in an admin username and password.", "plain"),
   ("On macOS Ventura or later, open System Settings, go to Wi-Fi, and click Advanced; then click the More (…) button next to the network and choose Copy Password, which you can paste anywhere to read [1]. On older macOS versions, open Terminal and run security find-generic-password -wa followed by the network name, or open Keychain Access from Applications > Utilities, search for the network, double-click it, and select Show password after entering your admin credentials [2].", "cites", "wrong_step"))

# ---------------------------------------------------------------- science
topic("sky-blue", "science", "why is the sky blue", [
    "Sunlight is made up of all colors of light. As it passes through the atmosphere, it collides with gas molecules, mostly nitrogen and oxygen, which scatter shorter wavelengths of light much more than longer ones. This is called Rayleigh scattering.",
    "Blue light has a shorter wavelength than red light, so it is scattered in every direction across the sky. Violet is scattered even more, but our eyes are more sensitive to blue, and some violet is absorbed high in the atmosphere. — NASA Space Place",
    "At sunrise and sunset, sunlight travels through more of the atmosphere to reach you. More of the blue is scattered out before it arrives, leaving reds and oranges.",
], ("It comes down to Rayleigh scattering [1]. Sunlight contains every color, and as it moves through the air, nitrogen and oxygen molecules scatter short wavelengths far more strongly than long ones [1]. Blue's wavelength is shorter than red's, so blue gets sprayed all over the sky [2]. Violet actually scatters more, but our eyes favor blue and some violet is absorbed high up [2]. At sunrise and sunset the light crosses more atmosphere, so much of the blue is scattered away before it reaches us and reds and oranges are left [3].", "cites"),
   ("The sky looks blue because of Rayleigh scattering. Sunlight contains all colors, and when it hits gas molecules in the atmosphere — mainly nitrogen and oxygen — the shorter wavelengths get scattered much more than the longer ones. Blue light, with its short wavelength, ends up spread across the whole sky. On the Moon, which has no atmosphere to scatter light, the sky stays black even in daytime. At sunrise and sunset, light passes through more atmosphere, so the blue is scattered out and reds and oranges remain.", "plain", "added_fact"))

topic("moon-distance", "science", "how far is the moon from earth", [
    "The Moon orbits Earth at an average distance of 384,400 kilometers (238,855 miles). Because its orbit is elliptical, the distance changes over the month.",
    "At perigee, its closest point, the Moon is about 363,300 km (225,700 miles) away. At apogee, its farthest point, it is about 405,500 km (252,000 miles) away.",
    "The Apollo 11 astronauts took about three days to reach the Moon in July 1969. Light reflected from the Moon reaches Earth in about 1.3 seconds.",
], ("The answer varies a bit because the Moon's orbit isn't a perfect circle:\n- Average: about 384,400 km, or roughly 238,900 miles\n- Closest (perigee): ~363,300 km / 225,700 mi\n- Farthest (apogee): ~405,500 km / 252,000 mi\nFor a sense of scale, Apollo 11 needed about 3 days to get there in 1969, and moonlight takes roughly 1.3 seconds to reach us.", "lists"),
   ("On average the Moon is 384,400 km (about 238,855 miles) from Earth. Its orbit is elliptical, so that distance swings between roughly 363,300 km at perigee and 405,500 km at apogee. The Moon is also slowly drifting away from us, by about 3.8 centimeters a year. Light from the Moon gets to Earth in around 1.3 seconds, and the Apollo 11 crew needed about three days to make the trip in 1969.", "plain", "added_fact"))

topic("boiling-point-altitude", "science", "boiling point of water at high altitude", [
    "At sea level, water boils at 212°F (100°C). As altitude increases, air pressure drops, and water boils at a lower temperature — roughly 1°F lower for every 500 feet of elevation gain.",
    "In Denver, Colorado, at about 5,280 feet, water boils at around 202°F (94.4°C). At the top of Mount Everest, water boils at roughly 160°F (71°C).",
    "Because water boils at a lower temperature, foods cooked in boiling water take longer at high altitude. Pressure cookers raise the boiling point and can help.",
], ("Water boils at a lower temperature the higher up you go, because the air pressure is lower. At sea level the boiling point is 212°F (100°C), and it falls about 1°F for each 500 feet you climb. In Denver, a mile up, it's roughly 202°F (about 94°C), and on the summit of Everest it's only around 160°F (71°C). That's why boiled foods take longer to cook at altitude; a pressure cooker, which raises the boiling point, can help.", "plain"),
   ("Water boils at 212°F (100°C) at sea level, and the boiling point drops by about 1°F for every 500 feet of elevation because air pressure falls [1]. In Denver, at roughly 5,280 feet, water boils at about 196°F [2]. At the top of Mount Everest, it boils at roughly 160°F (71°C) [2]. Since the water isn't as hot, boiled foods take longer to cook up high, and a pressure cooker can help [3].", "cites", "changed_number"))

topic("sunlight-travel-time", "science", "how long does it take light from the sun to reach earth", [
    "Light from the Sun takes about 8 minutes and 20 seconds to reach Earth, traveling at roughly 299,792 kilometers per second across an average distance of about 150 million kilometers (93 million miles).",
    "This distance is defined as one astronomical unit (AU). Because Earth's orbit is slightly elliptical, the travel time varies from about 8 minutes 10 seconds in early January to about 8 minutes 27 seconds in early July.",
    "Sunlight reaching Jupiter, about 5.2 AU from the Sun, takes around 43 minutes.",
], ("Roughly 8 minutes and 20 seconds (Passage 1). Light moves at about 299,792 km per second, and the Earth–Sun distance averages around 150 million km, or 93 million miles, a span known as one astronomical unit (Passages 1–2). The exact time shifts slightly over the year since Earth's orbit is a little elliptical: about 8 min 10 s in early January up to about 8 min 27 s in early July (Passage 2).", "cites"),
   ("Sunlight takes about 8 minutes 20 seconds to get here. Key numbers:\n- Speed of light: ~299,792 km/s\n- Average distance: ~150 million km (93 million miles), or 1 AU\n- The energy itself is produced in the Sun's core and can take over 100,000 years to work its way to the surface before it escapes as light\n- Range: ~8 min 10 s (early January) to ~8 min 27 s (early July), since the orbit is slightly elliptical", "lists", "added_fact"))

# ---------------------------------------------------------------- history
topic("berlin-wall", "history", "when did the berlin wall fall", [
    "The Berlin Wall fell on the night of November 9, 1989, when East German authorities unexpectedly announced that citizens could cross the border freely. Crowds gathered at checkpoints, and guards at Bornholmer Strasse eventually opened the gates.",
    "The announcement was made at a press conference by Politburo spokesman Günter Schabowski, who mistakenly said the new rules took effect 'immediately, without delay.'",
    "The wall had been built starting on August 13, 1961. Germany was formally reunified less than a year after the fall, on October 3, 1990.",
], ("It came down on the night of November 9, 1989. At a press conference that evening, Politburo spokesman Günter Schabowski announced that East Germans could cross the border freely and wrongly said the change applied immediately. People flocked to the checkpoints, and the guards at Bornholmer Strasse finally let them through. The wall had stood since August 13, 1961, and Germany was officially reunified on October 3, 1990.", "plain"),
   ("The Berlin Wall fell on the night of November 9, 1989 [1]. East German leader Egon Krenz announced at a press conference that citizens could cross the border freely, mistakenly saying the rules took effect 'immediately, without delay' [2]. Crowds rushed to the checkpoints and guards at Bornholmer Strasse opened the gates [1]. The wall had gone up on August 13, 1961, and Germany reunified on October 3, 1990 [3].", "cites", "changed_entity"))

topic("eiffel-tower-design", "history", "who designed the eiffel tower", [
    "Although it bears Gustave Eiffel's name, the tower's initial design was drawn in 1884 by two senior engineers at his company, Maurice Koechlin and Émile Nouguier. Architect Stephen Sauvestre later refined the design, adding the decorative arches at the base.",
    "Eiffel bought the rights to the patent and his company built the tower between 1887 and 1889 as the entrance arch for the 1889 World's Fair (Exposition Universelle) in Paris.",
    "At 330 meters (1,083 feet) including antennas, the tower was the tallest man-made structure in the world until the Chrysler Building was completed in New York in 1930.",
], ("It was a team effort, despite the name:\n- Maurice Koechlin and Émile Nouguier, senior engineers at Eiffel's firm, drew the first design in 1884.\n- Architect Stephen Sauvestre reworked it, adding the ornamental arches at the base.\n- Gustave Eiffel purchased the patent rights, and his company put the tower up from 1887 to 1889 for the Paris World's Fair of 1889.\nIt remained the world's tallest man-made structure until New York's Chrysler Building in 1930.", "lists"),
   ("Gustave Eiffel's name is on it, but the first design was sketched in 1884 by Maurice Koechlin and Stephen Sauvestre, two senior engineers at his company. Architect Émile Nouguier then refined it and added the decorative arches at the base. Eiffel bought the patent rights, and his company built the tower between 1887 and 1889 as the entrance to the 1889 World's Fair in Paris.", "plain", "changed_entity"))

topic("magna-carta", "history", "when was the magna carta signed", [
    "Magna Carta was agreed by King John of England at Runnymede, near Windsor, on 15 June 1215. It was a peace treaty between the king and a group of rebel barons.",
    "Strictly speaking, King John did not sign Magna Carta; he authenticated it with the royal seal. Within a few months, Pope Innocent III declared the charter null and void, and civil war broke out.",
    "Magna Carta was reissued in 1216, 1217 and 1225. Only three of its clauses remain part of English law today. — British Library",
], ("Magna Carta dates to 15 June 1215, when King John accepted it at Runnymede, close to Windsor, as a peace deal with rebellious barons [1]. Technically he didn't sign it: it was authenticated with the royal seal instead [2]. The agreement didn't hold for long — Pope Innocent III annulled it within months and civil war followed [2]. It was reissued in 1216, 1217, and 1225, and three of its clauses are still in English law [3].", "cites"),
   ("Quick facts on Magna Carta:\n- Date: 15 June 1215, at Runnymede near Windsor.\n- Who: King John, making peace with rebel barons; he sealed it rather than signing it.\n- Aftermath: Pope Innocent III annulled it within months, and civil war followed.\n- Four original copies from 1215 survive, two of them at the British Library.\n- Reissues: 1216, 1217 and 1225; three clauses are still law today.", "lists", "added_fact"))

topic("hundred-years-war", "history", "how long did the hundred years war last", [
    "The Hundred Years' War was a series of conflicts between England and France that lasted from 1337 to 1453 — 116 years in total.",
    "The fighting was not continuous. It was interrupted by several long truces and periods of peace, such as the one following the Treaty of Brétigny in 1360.",
    "Famous battles include Crécy (1346), Poitiers (1356) and Agincourt (1415). Joan of Arc helped lift the siege of Orléans in 1429. The war ended with a French victory at the Battle of Castillon in 1453.",
], ("Despite the name, England and France fought it on and off for 116 years, from 1337 until France won at Castillon in 1453. It wasn't one unbroken war: long truces and stretches of peace, such as the one after the 1360 Treaty of Brétigny, split it up.", "plain"),
   ("The Hundred Years' War actually lasted 116 years, from 1337 to 1453 (Passage 1). The fighting went on continuously the whole time, even after the Treaty of Brétigny in 1360 (Passage 2). Major battles included Crécy in 1346, Poitiers in 1356, and Agincourt in 1415, and Joan of Arc helped break the siege of Orléans in 1429 (Passage 3). It ended with a French victory at Castillon in 1453 (Passage 3).", "cites", "contradiction"))

# ---------------------------------------------------------------- consumer
topic("mattress-lifespan", "consumer", "how long does a mattress last", [
    "Most mattresses last between 7 and 10 years, according to the Better Sleep Council. How long yours lasts depends on the materials, how well it's cared for and how much it's used.",
    "Memory foam and latex mattresses tend to outlast traditional innerspring models, often lasting 10 years or more. Innerspring mattresses typically last 5 to 7 years.",
    "Signs you need a new mattress include visible sagging, lumps, noisy springs, and waking up with aches or stiffness. Rotating your mattress every 3 to 6 months can help it wear evenly.",
], ("Expect somewhere around 7–10 years from most mattresses, per the Better Sleep Council, but it varies with materials, care, and use:\n- Latex and memory foam: frequently 10+ years.\n- Innerspring: usually 5–7 years.\n- Time to replace: sagging, lumps, squeaky springs, or waking up sore or stiff.\nTurning it every 3–6 months helps it wear more evenly.", "lists"),
   ("The Better Sleep Council says most mattresses last 7 to 10 years, depending on materials, care and use [1]. Memory foam and latex mattresses always outlast innerspring ones, lasting at least 10 years, while innerspring models last 5 to 7 [2]. Replace yours if you notice sagging, lumps, noisy springs, or morning aches [3]. Rotating it every 3 to 6 months helps it wear evenly [3].", "cites", "overclaim"))

topic("costco-membership", "consumer", "how much is a costco membership", [
    "As of September 1, 2024, a Costco Gold Star membership costs $65 a year, up from $60. The Executive membership increased from $120 to $130 a year.",
    "Executive members earn a 2% annual reward on qualifying Costco purchases, capped at $1,250 per year (raised from $1,000). Both membership types include a free household card.",
    "Business memberships are also $65. Costco offers a 100% satisfaction guarantee and will refund the membership fee if you cancel.",
], ("Since September 1, 2024, the standard Gold Star membership runs $65 per year (it used to be $60), and Executive costs $130 (previously $120). The Executive tier gives back 2% on eligible purchases, up to $1,250 a year; the cap used to be $1,000. Either level comes with a free card for someone in your household, and a Business membership is also $65. If you change your mind, Costco will refund the fee.", "plain"),
   ("Costco membership prices (as of Sept. 1, 2024):\n- Gold Star: $65 per year (was $60)\n- Business: $65 per year\n- Executive: $130 per year (was $120), with a 2% annual reward on qualifying purchases up to $1,500\nEach includes a free household card. Costco also backs the membership with a 100% satisfaction guarantee, so you can get your fee refunded if you cancel.", "lists", "changed_number"))

topic("amazon-returns", "consumer", "amazon return policy how many days", [
    "Most items sold and fulfilled by Amazon can be returned within 30 days of receipt of shipment. Some products have different policies or requirements, and items from third-party sellers may follow the seller's own return policy.",
    "Many returns are free, with options to drop items off at a UPS Store, Whole Foods Market, Kohl's or Amazon Fresh location. A return shipping fee may be deducted from your refund for some items, such as large or oversized products.",
    "For the holiday season, most items shipped between November 1 and December 31 can be returned until January 31 of the following year.",
], ("For most products shipped and sold by Amazon, you have 30 days from delivery to send them back, though some categories have their own rules and third-party sellers can set different policies [1]. A lot of returns cost nothing and can be dropped off at UPS Stores, Whole Foods, Kohl's, or Amazon Fresh, but a shipping fee may come out of your refund for certain items like oversized ones [2]. Around the holidays, most things shipped from November 1 through December 31 can be returned as late as January 31 [3]. The passages don't spell out which product categories have different windows.", "cites"),
   ("Amazon gives you 30 days from delivery to return items, and that window applies to everything on the site, including products from third-party sellers. Returns are free when you drop them off at a UPS Store, Whole Foods, Kohl's or Amazon Fresh, although oversized items may carry a return shipping fee. During the holidays, most items shipped between November 1 and December 31 can be returned through January 31.", "plain", "overclaim"))

topic("hvac-filter", "consumer", "how often should you change your air filter", [
    "For typical 1- to 3-inch pleated air filters, manufacturers recommend replacing them every 90 days. Thicker 4- to 6-inch filters can last 6 to 12 months.",
    "If you have a pet, change the filter every 60 days; with multiple pets or anyone in the home with allergies, every 20 to 45 days. A vacation home or single occupant with no pets may only need a new filter every 6 to 12 months. — Filterbuy",
    "A clogged filter makes your HVAC system work harder, which can raise energy bills and shorten equipment life. Check the filter monthly and replace it if it looks gray and dusty.",
], ("For a standard 1–3 inch pleated filter, every 3 months is the usual guideline, while thicker 4–6 inch filters can go 6–12 months. Pets and allergies shorten that: about every 60 days with one pet, and every 20–45 days with several pets or an allergy sufferer in the house. A lightly used home, like a vacation place or one person with no pets, might stretch to 6–12 months. Take a look at it monthly and swap it if it's gray and dusty, since a clogged one makes the system work harder and can raise your energy bill.", "plain"),
   ("How often to replace an HVAC air filter:\n- 1–3 inch pleated filters: every 90 days\n- 4–6 inch filters: every 6–12 months\n- One pet: every 60 days; multiple pets or allergies: every 20–45 days\n- Between changes, vacuum the filter and put it back in to stretch its life\nCheck it monthly; a gray, dusty filter should be replaced.", "lists", "unsupported_advice"))

# ---------------------------------------------------------------- sports
topic("soccer-match-length", "sports", "how long is a soccer game", [
    "A professional soccer match lasts 90 minutes, divided into two 45-minute halves. The clock does not stop; instead, the referee adds stoppage time at the end of each half to make up for time lost to injuries, substitutions and other delays.",
    "Halftime lasts no more than 15 minutes under the Laws of the Game. Including halftime and stoppage time, a match usually takes just under two hours from kickoff to final whistle.",
    "In knockout matches that are tied after 90 minutes, two 15-minute periods of extra time are played, followed by a penalty shootout if needed. Youth games are often shorter.",
], ("Regulation play is 90 minutes, split into two halves of 45 minutes each [1]. Since the clock keeps running, the referee tacks on stoppage time at the end of each half for injuries, subs, and other delays [1]. With a halftime break of up to 15 minutes, a match typically runs a little under 2 hours overall [2]. If a knockout game is level after 90 minutes, there are two extra 15-minute periods and then penalties if it's still tied [3]. Youth matches are often shorter, though the passages don't give specific lengths [3].", "cites"),
   ("A pro soccer game is 90 minutes long, played as two 45-minute halves. The clock runs continuously, and the referee adds stoppage time at the end of each half for injuries, substitutions and other delays; the fourth official shows the added minutes on an electronic board. Halftime is capped at 15 minutes, so most matches last just under two hours. Tied knockout games go to two 15-minute periods of extra time and then penalties.", "plain", "added_fact"))

topic("mlb-roster", "sports", "how many players on an mlb roster", [
    "MLB teams carry a 26-man active roster from Opening Day through August 31. Clubs may carry no more than 13 pitchers on the active roster.",
    "Starting September 1, active rosters expand to 28 players, with a maximum of 14 pitchers. Teams also maintain a 40-man roster that includes the active roster plus players on the minor league reserve lists.",
    "Nine players take the field at a time for the defensive team: pitcher, catcher, four infielders and three outfielders.",
], ("It depends on the time of year:\n- Opening Day through Aug. 31: 26 active players, no more than 13 of them pitchers.\n- From Sept. 1: 28 active players, with up to 14 pitchers.\n- 40-man roster: the active players plus those on minor league reserve lists.\nOn the field, 9 defenders play at once: a pitcher, a catcher, 4 infielders, and 3 outfielders.", "lists"),
   ("An MLB active roster has 26 players from Opening Day through August 31, with a limit of 13 pitchers [1]. On September 1, rosters expand to 30 players, with up to 14 pitchers [2]. Each club also has a 40-man roster that adds players on minor league reserve lists [2]. Nine defensive players are on the field at once [3]. The passages don't say how injured-list players affect these counts.", "cites", "changed_number"))

topic("marathon-distance", "sports", "why is a marathon 26.2 miles", [
    "A marathon is 26.2 miles, or 42.195 kilometers. The race is named after the legend of the Greek messenger Pheidippides, who ran from the battlefield of Marathon to Athens to announce victory.",
    "At the first modern Olympics in Athens in 1896, the marathon was about 40 km (24.85 miles). The distance of 26.2 miles was set at the 1908 London Olympics, when the course was laid out from Windsor Castle to the royal box at the Olympic stadium.",
    "The IAAF officially standardized the marathon at 42.195 km in 1921. The Boston Marathon, first held in 1897, is the world's oldest annual marathon.",
], ("The odd number comes from the 1908 London Olympics, where the route ran from Windsor Castle to the royal box in the Olympic stadium and worked out to 26.2 miles (42.195 km). At the first modern Games in Athens in 1896, the race had been only about 40 km, just under 25 miles. The IAAF made 42.195 km the official standard in 1921. The name itself comes from the legend of Pheidippides running from Marathon to Athens with news of victory.", "plain"),
   ("The 26.2-mile (42.195 km) distance dates to the 1908 Olympics in London, where the course started at Buckingham Palace and finished in front of the royal box at the Olympic stadium [2]. At the first modern Olympics in Athens in 1896, the race was only about 40 km [2]. The distance was officially standardized in 1921 [3]. The event is named for the legend of Pheidippides, who ran from Marathon to Athens to report a victory [1].", "cites", "changed_entity"))

# ---------------------------------------------------------------- geography
topic("longest-river", "geography", "what is the longest river in the world", [
    "The Nile is generally considered the longest river in the world, at about 6,650 kilometers (4,130 miles). It flows north through northeastern Africa and drains into the Mediterranean Sea.",
    "Some researchers argue that the Amazon is longer, at up to 6,992 km, depending on where its source is measured. Most reference works, however, still list the Nile first and the Amazon second at about 6,400 km.",
    "The Amazon carries far more water than any other river, discharging about 209,000 cubic meters per second into the Atlantic Ocean.",
], ("Usually the answer given is the Nile, which stretches about 6,650 km (4,130 miles) north across northeastern Africa to the Mediterranean [1]. That title is disputed, though: depending on where you place the Amazon's source, some researchers measure it at as much as 6,992 km, while most references keep it in second place at around 6,400 km [2]. The Amazon is by far the biggest by volume, pouring roughly 209,000 cubic meters of water per second into the Atlantic [3].", "cites"),
   ("The short answer is the Nile, though it's debated:\n- Nile: about 6,650 km (4,130 mi), flowing north through northeastern Africa into the Mediterranean; its two main branches, the White Nile and Blue Nile, meet at Khartoum in Sudan.\n- Amazon: usually listed second at about 6,400 km, but some researchers put it at up to 6,992 km depending on the source point.\n- By volume, the Amazon is far bigger, discharging about 209,000 m³ of water per second into the Atlantic.", "lists", "added_fact"))

topic("capital-australia", "geography", "what is the capital of australia", [
    "Canberra is the capital city of Australia. It is located in the Australian Capital Territory (ACT), about 280 km southwest of Sydney, and has a population of around 470,000.",
    "Canberra was chosen as the site for the capital in 1908 as a compromise between rivals Sydney and Melbourne, the two largest cities. Melbourne served as the temporary seat of government until Parliament moved to Canberra in 1927.",
    "Sydney is Australia's largest city, with more than 5 million people, and is often mistaken for the capital.",
], ("It's Canberra, not Sydney (a common mix-up):\n- Where: the Australian Capital Territory, ~280 km southwest of Sydney; about 470,000 residents.\n- Why there: picked in 1908 as a middle ground between rivals Sydney and Melbourne.\n- Melbourne hosted the government until Parliament relocated in 1927.", "lists"),
   ("Australia's capital is Canberra, in the Australian Capital Territory, about 280 km southwest of Sydney (Passage 1). It was selected in 1908 as a compromise between Sydney and Melbourne (Passage 2). The city was laid out by American architects Walter Burley Griffin and Marion Mahony Griffin, who won an international design competition. Melbourne was the temporary seat of government until Parliament moved to Canberra in 1927 (Passage 2). Sydney, with over 5 million people, is the largest city and is often mistaken for the capital (Passage 3).", "cites", "added_fact"))

topic("mariana-trench", "geography", "how deep is the mariana trench", [
    "The Mariana Trench, in the western Pacific Ocean east of the Mariana Islands, is the deepest known part of the world's oceans. Its deepest point, the Challenger Deep, is about 10,935 meters (35,876 feet) below sea level.",
    "If Mount Everest, at 8,849 meters, were placed at the bottom of the Challenger Deep, its peak would still be more than 2 kilometers underwater.",
    "In 1960, Jacques Piccard and Don Walsh became the first people to reach the Challenger Deep, aboard the bathyscaphe Trieste. The pressure at the bottom is more than 1,000 times that at sea level.",
], ("The Mariana Trench bottoms out at the Challenger Deep:\n- Depth: roughly 10,935 m, which is about 35,876 ft below sea level.\n- Location: western Pacific, east of the Mariana Islands.\n- Scale: drop Everest (8,849 m) in and its summit would still sit over 2 km beneath the surface.\n- Pressure: more than 1,000 times what it is at sea level.\nJacques Piccard and Don Walsh were the first to get down there, in the Trieste in 1960.", "lists"),
   ("The Mariana Trench, in the western Pacific east of the Mariana Islands, reaches about 10,935 meters (35,876 feet) at its deepest point, the Challenger Deep. Even Mount Everest would sit more than 2 km underwater if you put it at the bottom. Jacques Piccard and Don Walsh first reached it in 1960 aboard the Trieste, and filmmaker James Cameron made the first solo dive there in 2012. The pressure at the bottom is over 1,000 times that at sea level.", "plain", "added_fact"))

# ---------------------------------------------------------------- education
topic("college-credits", "education", "how many credits do you need to graduate college", [
    "Most bachelor's degrees require 120 semester credit hours, which typically takes four years of full-time study at 15 credits per semester. Some programs, such as engineering or architecture, may require more.",
    "An associate degree usually requires 60 semester credits, or about two years of full-time study. Schools on a quarter system count credits differently: a bachelor's degree generally requires about 180 quarter credits.",
    "Students are usually considered full-time when they take at least 12 credits per semester. Transfer credits, AP exam scores and CLEP exams may count toward your degree, depending on the school's policy.",
], ("For a bachelor's, the typical requirement is 120 semester credits — about 4 years if you take 15 per semester — though programs like engineering or architecture can ask for more [1]. An associate degree generally takes 60 semester credits, or around 2 years full-time [2]. If your school uses quarters, a bachelor's is usually about 180 quarter credits instead [2]. Depending on school policy, transfer credits and AP or CLEP results may count toward the total [3].", "cites"),
   ("Typical credit requirements:\n- Bachelor's degree: 120 semester credits (about 180 quarter credits); around four years at 15 credits a semester, and more for some programs like engineering.\n- Associate degree: 60 semester credits, roughly two years full-time.\n- Full-time status: at least 12 credits per semester.\nIf you want to finish sooner, take CLEP exams before you enroll to knock out your general education requirements — it's the cheapest way to save a year.", "lists", "unsupported_advice"))

topic("good-sat-score", "education", "what is a good sat score", [
    "The SAT is scored on a scale of 400 to 1600, combining two sections — Evidence-Based Reading and Writing, and Math — each scored from 200 to 800.",
    "According to the College Board, the average total SAT score for the class of 2023 was 1028. A score of 1200 puts you around the 74th percentile, and a 1400 or above is roughly the 94th percentile.",
    "What counts as a good score depends on the colleges you're applying to. Check each school's middle 50% range for admitted students; scoring at or above the 75th percentile of that range makes you a stronger applicant.",
], ("It depends on where you're applying, but here's the context. The SAT runs from 400 to 1600, with Reading and Writing and Math each worth 200–800. The College Board reported a 1028 average for the class of 2023, so a 1200 lands you at about the 74th percentile and 1400+ around the 94th. The most useful benchmark is each college's middle-50% range for admitted students: being at or above the top of that range (the 75th percentile) strengthens your application.", "plain"),
   ("The SAT ranges from 400 to 1600, made up of Evidence-Based Reading and Writing and Math, each scored 200 to 800 [1]. The average for the class of 2023 was 1028; a 1200 is around the 74th percentile, and 1400 or higher is about the 94th [2]. Since 2024 the test has been fully digital in the U.S. and takes about two hours. What's 'good' ultimately depends on your target colleges, so aim for at or above the 75th percentile of their middle 50% range [3].", "cites", "added_fact"))


def build():
    rng = random.Random(20240917)
    rows = []
    for t in T:
        fa, fs = t["faithful"]
        ha, hs, hc = t["halluc"]
        f = dict(domain=t["domain"], query=t["query"], contexts=t["contexts"], answer=fa,
                 label="faithful", category="faithful", style=fs, split="held_out")
        h = dict(domain=t["domain"], query=t["query"], contexts=t["contexts"], answer=ha,
                 label="hallucinated", category=hc, style=hs, split="held_out")
        pair = [f, h]
        if rng.random() < 0.5:
            pair.reverse()
        for n, r in enumerate(pair, 1):
            rows.append({"id": f"{t['tid']}-{n}", **r})
    out = pathlib.Path(__file__).with_name("web2_cases.jsonl")
    with out.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} lines to {out}")


if __name__ == "__main__":
    build()
