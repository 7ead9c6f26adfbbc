"""Hand-written web-style RAG scenarios (issue 28): recipes, how-tos, science and history, each with three
retrieved passages, a faithful answer (steps or points, paraphrased), a second faithful answer written the way
assistants write (unit conversions, abbreviations, counts, a sentence about what the passages do not say), and
realistic hallucinations as edits of the faithful answer:

  added_sentence  a sentence built from the passages' own topic words that they do not say
  added_phrase    a phrase added inside an otherwise supported sentence
  swapped_number  a number, amount or era changed (often to one found elsewhere in the passages)
  contradiction   the opposite said without a negation word (before/after, softer/harder, raise/lower)
  wrong_step      a step the cited passage does not give, attributed to it

An item is (passage number, text). An edit is (kind, item index, old, new): `old` replaced by `new` in that item;
old=None inserts `new` as a new item at that index (for wrong_step, new is (passage number, text)).
make_web_cases.py renders each answer in the styles real answers take (cites sources / lists / plain).
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Topic:
    key: str
    domain: str
    query: str
    passages: list
    heading: str
    steps: list
    faithful2: list
    edits: list = field(default_factory=list)


TOPICS = [
    Topic(
        "roast-chicken", "recipe", "How do I roast a whole chicken?",
        ["Take the chicken out of the fridge 30 minutes before cooking so it roasts evenly. Pat the skin dry with "
         "paper towels and season it generously with salt and pepper, inside and out.",
         "Preheat the oven to 220 °C (425 °F). Roast the bird breast side up for about 20 minutes per 500 g, plus "
         "an extra 20 minutes. The chicken is done when the juices run clear and the thickest part of the thigh "
         "reaches 75 °C.",
         "Let the chicken rest, loosely covered with foil, for 10 to 15 minutes before carving so the juices "
         "settle back into the meat. Use the pan juices to make a quick gravy."],
        "Steps:",
        [(1, "Take the chicken out of the fridge half an hour before you cook it."),
         (1, "Dry the skin with paper towels and season it well with salt and pepper inside and out."),
         (2, "Roast it breast side up in a 220 °C oven for about 20 minutes per 500 g plus 20 minutes."),
         (2, "It is cooked when the juices run clear and the thickest part of the thigh hits 75 °C."),
         (3, "Rest it under loose foil for 10 to 15 minutes before carving.")],
        [(2, "Heat the oven to 425 degrees Fahrenheit."),
         (1, "Let the bird sit out for 30 minutes, then pat it dry and season it with salt and pepper."),
         (2, "Cook it for roughly 20 minutes for every 500 g, then add the extra 20."),
         (3, "After resting it for 10-15 minutes, carve it and make a quick gravy from the pan juices."),
         (None, "The passages do not say whether to stuff the chicken.")],
        [("added_sentence", 4, None, (3, "Brining the chicken in salted water overnight before roasting keeps the meat juicy.")),
         ("added_phrase", 4, "before carving.", "before carving and serving it with roast potatoes."),
         ("swapped_number", 2, "220 °C", "180 °C"),
         ("contradiction", 2, "breast side up", "breast side down"),
         ("wrong_step", 2, None, (2, "Baste the bird with melted butter every 10 minutes while it roasts."))]),
    Topic(
        "banana-bread", "recipe", "How do you make banana bread?",
        ["Mash three very ripe bananas with a fork until smooth. Stir in 75 g of melted butter, then 150 g of sugar, "
         "one beaten egg and a teaspoon of vanilla extract.",
         "Sprinkle a teaspoon of baking soda and a pinch of salt over the mixture and mix in. Fold in 190 g of "
         "plain flour until just combined; overmixing makes the loaf tough.",
         "Pour the batter into a buttered 900 g loaf tin and bake at 175 °C for 55 to 65 minutes, until a skewer "
         "inserted into the centre comes out clean. Cool in the tin for 10 minutes before turning out."],
        "Here's how:",
        [(1, "Mash three very ripe bananas until smooth."),
         (1, "Mix in the melted butter, the sugar, a beaten egg and a teaspoon of vanilla."),
         (2, "Add a teaspoon of baking soda and a pinch of salt."),
         (2, "Fold in the flour until just combined, because overmixing makes the loaf tough."),
         (3, "Bake in a buttered loaf tin at 175 °C for 55 to 65 minutes, until a skewer comes out clean.")],
        [(1, "Start by mashing the three bananas, then add 75 g melted butter and 150 g sugar."),
         (1, "Beat in the egg and the vanilla."),
         (2, "Mix in the soda and salt, then gently fold in 190 g flour."),
         (3, "Bake at 350 °F (175 °C) for about an hour and let it cool for 10 minutes in the tin."),
         (None, "Passage 3 does not mention adding nuts or chocolate chips.")],
        [("added_sentence", 5, None, (3, "Wrapping the cooled loaf in foil and leaving it overnight makes the banana flavour stronger.")),
         ("added_phrase", 0, "until smooth.", "until smooth, which makes the bread noticeably sweeter."),
         ("swapped_number", 4, "55 to 65 minutes", "35 to 45 minutes"),
         ("contradiction", 3, "until just combined, because overmixing makes the loaf tough", "thoroughly for several minutes, because longer mixing makes the loaf lighter"),
         ("wrong_step", 2, None, (2, "Add a teaspoon of baking powder along with the soda so the loaf rises higher."))]),
    Topic(
        "sourdough-starter", "recipe", "How do I make a sourdough starter?",
        ["Mix 50 g of wholemeal flour with 50 ml of lukewarm water in a clean jar. Cover it loosely and leave it at "
         "room temperature, ideally around 24 °C.",
         "Every 24 hours, discard half of the starter and feed it with 50 g of flour and 50 ml of water. After "
         "three or four days you should see bubbles and smell a sour, yeasty aroma.",
         "The starter is ready to bake with when it reliably doubles in size within 4 to 8 hours of a feed, which "
         "usually takes 7 to 10 days. Store a mature starter in the fridge and feed it once a week."],
        "What to do:",
        [(1, "Stir together 50 g of wholemeal flour and 50 ml of lukewarm water in a clean jar."),
         (1, "Cover it loosely and keep it at room temperature, around 24 °C if you can."),
         (2, "Once a day, throw away half and feed it 50 g of flour and 50 ml of water."),
         (2, "After three or four days it should be bubbly and smell sour."),
         (3, "It is ready when it doubles within 4 to 8 hours of a feed, usually after 7 to 10 days.")],
        [(1, "Combine equal amounts of whole-wheat flour and warm water, 50 g and 50 ml."),
         (1, "Leave the jar loosely covered somewhere at about 75 °F."),
         (2, "Discard half every day and feed it again with the same amounts."),
         (3, "Keep the mature starter in the fridge and feed it once a week."),
         (None, "The sources don't say which flour brand to use.")],
        [("added_sentence", 5, None, (2, "Adding a spoonful of honey on the first day helps the wild yeast get going faster.")),
         ("added_phrase", 1, "around 24 °C if you can.", "around 24 °C if you can, ideally in a dark cupboard away from drafts."),
         ("swapped_number", 4, "7 to 10 days", "2 to 3 days"),
         ("contradiction", 1, "Cover it loosely", "Seal it airtight"),
         ("wrong_step", 3, None, (3, "Stir the starter twice a day between feeds to add oxygen."))]),
    Topic(
        "guacamole", "recipe", "What's a simple guacamole recipe?",
        ["Halve two ripe avocados, remove the stones and scoop the flesh into a bowl. Mash with a fork, leaving it "
         "slightly chunky.",
         "Stir in the juice of one lime, half a finely chopped red onion, a handful of chopped coriander and a "
         "deseeded, finely chopped green chilli. Season with salt.",
         "Serve straight away with tortilla chips. If you need to keep it for a few hours, press cling film onto "
         "the surface to stop it turning brown."],
        "Recipe:",
        [(1, "Scoop the flesh of two ripe avocados into a bowl and mash it with a fork, keeping it a bit chunky."),
         (2, "Add the juice of one lime, half a red onion, chopped coriander and a deseeded green chilli."),
         (2, "Season with salt."),
         (3, "Serve it right away with tortilla chips."),
         (3, "To keep it for a few hours, press cling film onto the surface so it does not brown.")],
        [(1, "Mash the two avocados roughly."),
         (2, "Mix in lime juice, red onion, cilantro and a green chili, then salt to taste."),
         (3, "Eat it immediately with chips, or cover it with plastic wrap pressed onto the top."),
         (None, "The passages do not say how long it keeps in the fridge.")],
        [("added_sentence", 5, None, (3, "Leaving an avocado stone in the bowl keeps the guacamole green for days.")),
         ("added_phrase", 1, "a deseeded green chilli.", "a deseeded green chilli and a chopped tomato."),
         ("swapped_number", 0, "two ripe avocados", "four ripe avocados"),
         ("contradiction", 0, "keeping it a bit chunky", "until completely smooth"),
         ("wrong_step", 2, None, (2, "Stir in a teaspoon of ground cumin for a smoky flavour."))]),
    Topic(
        "hard-boiled-eggs", "recipe", "How long should I boil eggs for hard-boiled eggs?",
        ["Place the eggs in a single layer in a saucepan and cover them with cold water by about 2.5 cm (1 inch).",
         "Bring the water to a boil over high heat, then turn off the heat, cover the pan and let the eggs stand "
         "for 10 to 12 minutes for firm yolks.",
         "Transfer the eggs to a bowl of iced water for 5 minutes; this stops the cooking and makes them easier "
         "to peel. Older eggs peel more easily than very fresh ones."],
        "Method:",
        [(1, "Put the eggs in one layer in a pan and cover them with cold water by about 2.5 cm."),
         (2, "Bring it to a boil, then switch off the heat and cover the pan."),
         (2, "Leave them for 10 to 12 minutes for firm yolks."),
         (3, "Move them to iced water for 5 minutes so they stop cooking and peel more easily.")],
        [(1, "Cover the eggs with an inch of cold water."),
         (2, "Once it boils, take it off the heat, put the lid on and wait 10-12 min."),
         (3, "Chill them in ice water for 5 minutes; older eggs are easier to peel than fresh ones."),
         (None, "None of the passages says how to cook soft-boiled eggs.")],
        [("added_sentence", 4, None, (3, "Adding a spoonful of vinegar to the water keeps the shells from cracking.")),
         ("added_phrase", 3, "peel more easily.", "peel more easily, especially if you peel them under running water."),
         ("swapped_number", 2, "10 to 12 minutes", "5 to 6 minutes"),
         ("contradiction", 0, "cold water", "boiling water"),
         ("wrong_step", 1, None, (1, "Prick the round end of each egg with a pin before putting it in the pan."))]),
    Topic(
        "unclog-drain", "howto", "How can I unclog a slow bathroom sink drain without chemicals?",
        ["Start by removing the sink stopper and pulling out any hair and debris with a drain claw or a bent wire "
         "coat hanger.",
         "Pour half a cup of baking soda down the drain, followed by a cup of white vinegar. Cover the drain and "
         "wait 15 minutes, then flush it with a kettle of hot water.",
         "If the water still drains slowly, use a cup plunger: fill the basin with a few centimetres of water, "
         "block the overflow hole with a wet cloth and plunge firmly 10 to 15 times."],
        "Try these steps:",
        [(1, "Take out the stopper and pull out hair and gunk with a drain claw or a bent coat hanger."),
         (2, "Pour in half a cup of baking soda and then a cup of white vinegar."),
         (2, "Cover the drain for 15 minutes, then flush it with a kettle of hot water."),
         (3, "If it is still slow, plunge it with a cup plunger 10 to 15 times, with the overflow hole blocked by a wet cloth.")],
        [(1, "Remove the stopper and clear out the hair first."),
         (2, "Do the baking soda and vinegar trick: 1/2 cup of soda, 1 cup of vinegar, wait 15 min, then hot water."),
         (3, "As a last resort, plunge the two holes' worth of pressure by sealing the overflow and plunging 10-15 times."),
         (None, "I can't tell from the sources whether this works on a kitchen sink with a garbage disposal.")],
        [("added_sentence", 4, None, (3, "If plunging fails, unscrew the P-trap under the sink and clean it out by hand.")),
         ("added_phrase", 1, "a cup of white vinegar.", "a cup of white vinegar, which dissolves hair as well."),
         ("swapped_number", 2, "15 minutes", "2 hours"),
         ("contradiction", 2, "hot water", "cold water"),
         ("wrong_step", 1, None, (2, "Add a tablespoon of salt with the baking soda to scour the pipe walls."))]),
    Topic(
        "tire-change", "howto", "How do I change a flat tyre?",
        ["Park on flat, solid ground, switch on your hazard lights and apply the parking brake. Place wheel wedges "
         "behind the opposite tyre if you have them.",
         "Loosen the wheel nuts about half a turn with the wrench while the car is still on the ground. Then place "
         "the jack under the jacking point shown in your owner's manual and raise the car until the tyre is about "
         "15 cm off the ground.",
         "Remove the nuts and the flat tyre, fit the spare and tighten the nuts by hand. Lower the car, then "
         "tighten the nuts fully in a star pattern. Most compact spares should not be driven faster than "
         "80 km/h (50 mph)."],
        "Step by step:",
        [(1, "Park on flat, firm ground, turn on the hazard lights and set the parking brake."),
         (2, "Break the wheel nuts loose by about half a turn before jacking."),
         (2, "Jack the car up at the point your owner's manual shows until the tyre is about 15 cm off the ground."),
         (3, "Swap the flat for the spare and tighten the nuts by hand."),
         (3, "Lower the car and tighten the nuts fully in a star pattern.")],
        [(1, "Get the car onto level ground with the hazards on and the handbrake up."),
         (2, "Loosen the lug nuts slightly first, then jack the car up about 6 inches."),
         (3, "Put the spare on, lower the car and finish tightening in a star pattern."),
         (3, "Don't go over 50 mph on a compact spare."),
         (None, "The passages don't cover how to repair the punctured tyre.")],
        [("added_sentence", 5, None, (3, "Check the spare's pressure is at least 60 psi before you drive off.")),
         ("added_phrase", 0, "set the parking brake.", "set the parking brake and put the car in reverse gear."),
         ("swapped_number", 2, "about 15 cm", "about 50 cm"),
         ("contradiction", 1, "before jacking", "once the car is raised"),
         ("wrong_step", 3, None, (3, "Put the flat tyre under the car's frame as a safety stop while you work."))]),
    Topic(
        "repot-plant", "howto", "How do I repot a houseplant?",
        ["Water the plant a day before repotting so the root ball slides out more easily. Choose a new pot only "
         "2 to 5 cm (1 to 2 inches) wider than the old one, with drainage holes.",
         "Tip the pot on its side, support the base of the stems and ease the plant out. Gently tease apart "
         "circling roots and trim any that are dark and mushy.",
         "Put a layer of fresh potting mix in the new pot, set the plant at the same depth as before and fill "
         "around it, firming lightly. Water thoroughly and keep it out of direct sun for a week."],
        "How to do it:",
        [(1, "Water the plant the day before so the roots come out easily."),
         (1, "Pick a pot with drainage holes that is only 2 to 5 cm wider than the old one."),
         (2, "Turn the pot on its side and ease the plant out, supporting the stems."),
         (2, "Loosen circling roots and cut off any that are dark and mushy."),
         (3, "Plant it at the same depth in fresh potting mix, water well and keep it out of direct sun for a week.")],
        [(1, "Go up just 1-2 inches in pot size, and make sure it drains."),
         (2, "Slide the plant out and trim any rotten roots."),
         (3, "Repot it at its old depth, then give it a good watering."),
         (3, "Shade it from direct sunlight for the first week."),
         (None, "The text doesn't mention the best time of year to repot.")],
        [("added_sentence", 5, None, (3, "Feed the plant with liquid fertiliser right after repotting to help the roots recover.")),
         ("added_phrase", 4, "water well", "water well with lukewarm rainwater"),
         ("swapped_number", 1, "2 to 5 cm", "10 to 15 cm"),
         ("contradiction", 4, "at the same depth", "a few centimetres deeper than before"),
         ("wrong_step", 1, None, (1, "Add a layer of gravel to the bottom of the new pot for drainage."))]),
    Topic(
        "jump-start", "howto", "How do you jump-start a car battery?",
        ["Park the working car close to the one with the flat battery, without the cars touching, and switch both "
         "engines off.",
         "Connect one red clamp to the positive terminal of the flat battery, then the other red clamp to the "
         "positive terminal of the good battery. Attach the black clamp to the good battery's negative terminal and "
         "the last black clamp to an unpainted metal part of the dead car's engine, away from the battery.",
         "Start the working car and let it run for a few minutes, then try to start the dead car. Once it runs, "
         "remove the cables in the reverse order and drive for at least 30 minutes to recharge the battery."],
        "Here is the order:",
        [(1, "Park the good car near the dead one, not touching, with both engines off."),
         (2, "Clip red to the dead battery's positive terminal, then red to the good battery's positive."),
         (2, "Clip black to the good battery's negative, and the last black clamp to bare metal on the dead car's engine."),
         (3, "Run the good car for a few minutes, then start the dead car."),
         (3, "Take the cables off in reverse order and drive for at least 30 minutes.")],
        [(1, "Bring the two cars close together and turn both off."),
         (2, "Connect the cables red-red, then black to the good battery and finally black to a metal ground on the dead car."),
         (3, "Start the donor car first, wait a few minutes, then start yours."),
         (3, "Drive it for half an hour afterwards so the battery recharges."),
         (None, "The passages do not say what to do if the car still won't start.")],
        [("added_sentence", 5, None, (3, "Rev the working car's engine to about 2,000 rpm while the dead car cranks.")),
         ("added_phrase", 3, "then start the dead car.", "then start the dead car and keep cranking for up to a minute."),
         ("swapped_number", 4, "at least 30 minutes", "at least 5 minutes"),
         ("contradiction", 4, "in reverse order", "in the same order"),
         ("wrong_step", 1, None, (2, "Clean both battery terminals with a wire brush before attaching the clamps."))]),
    Topic(
        "photosynthesis", "science", "How does photosynthesis work?",
        ["Photosynthesis takes place mainly in the chloroplasts of leaf cells, where the green pigment chlorophyll "
         "absorbs light, chiefly in the blue and red parts of the spectrum.",
         "In the light-dependent reactions, energy from light splits water molecules, releasing oxygen as a "
         "by-product and producing the energy carriers ATP and NADPH.",
         "In the Calvin cycle, which does not need light directly, the enzyme RuBisCO fixes carbon dioxide from the "
         "air, and ATP and NADPH are used to build it into sugars such as glucose."],
        "Key points:",
        [(1, "It happens mostly in chloroplasts, where chlorophyll absorbs mainly blue and red light."),
         (2, "Light energy splits water, which releases oxygen and makes ATP and NADPH."),
         (3, "In the Calvin cycle, RuBisCO fixes carbon dioxide from the air."),
         (3, "ATP and NADPH then power the building of sugars like glucose.")],
        [(1, "Chlorophyll in the chloroplasts captures light, mostly red and blue wavelengths."),
         (2, "The light reactions split H2O, giving off O2 and producing ATP and NADPH."),
         (3, "The Calvin cycle uses those two carriers to turn CO2 into glucose."),
         (None, "The passages do not explain C4 or CAM plants.")],
        [("added_sentence", 4, None, (3, "Plants store most of this glucose in their roots as cellulose.")),
         ("added_phrase", 0, "mainly blue and red light.", "mainly blue and red light, and reflects almost all ultraviolet light."),
         ("swapped_number", 1, "makes ATP and NADPH", "makes ATP and NADPH in a ratio of two to one"),
         ("contradiction", 1, "releases oxygen", "absorbs oxygen"),
         ("wrong_step", 3, None, (3, "The Calvin cycle only runs at night, when the light reactions have stopped."))]),
    Topic(
        "volcano", "science", "Why do volcanoes erupt?",
        ["Deep underground, rock melts into magma, which is less dense than the surrounding solid rock and so "
         "rises towards the surface, collecting in magma chambers.",
         "Magma contains dissolved gases, mainly water vapour, carbon dioxide and sulfur dioxide. As it rises and the "
         "pressure drops, these gases form bubbles, much like opening a bottle of fizzy drink.",
         "Runny, low-silica basaltic magma lets gas escape easily and tends to produce gentle lava flows, as in "
         "Hawaii. Sticky, high-silica magma traps gas, and the pressure builds until it is released in explosive "
         "eruptions such as Mount St. Helens in 1980."],
        "In short:",
        [(1, "Magma is less dense than the solid rock around it, so it rises and gathers in magma chambers."),
         (2, "It holds dissolved gases such as water vapour, carbon dioxide and sulfur dioxide."),
         (2, "As it rises the pressure drops and the gases form bubbles, like a fizzy drink being opened."),
         (3, "Runny, low-silica magma lets gas out easily and gives gentle lava flows."),
         (3, "Sticky, high-silica magma traps the gas until it bursts out explosively, as at Mount St. Helens in 1980.")],
        [(1, "Molten rock is lighter than the rock around it, so it moves upward."),
         (2, "Gases like H2O, CO2 and SO2 come out of solution as the pressure falls."),
         (3, "Basaltic magma in places like Hawaii usually erupts gently."),
         (3, "Thick, silica-rich magma gives explosive eruptions, e.g. Mt. St. Helens in 1980."),
         (None, "The passages don't say how eruptions are predicted.")],
        [("added_sentence", 5, None, (3, "Most explosive eruptions happen at volcanoes that have been dormant for over a thousand years.")),
         ("added_phrase", 1, "carbon dioxide and sulfur dioxide.", "carbon dioxide and sulfur dioxide, which make up about half of its weight."),
         ("swapped_number", 4, "Mount St. Helens in 1980", "Mount St. Helens in 1908"),
         ("contradiction", 3, "Runny, low-silica magma", "Sticky, high-silica magma"),
         ("wrong_step", 2, None, (2, "Water from the ocean seeping into the magma chamber is the main trigger of eruptions."))]),
    Topic(
        "vaccines", "science", "How do vaccines work?",
        ["Vaccines train the immune system by exposing it to a harmless piece or version of a germ, called an "
         "antigen, without causing the disease.",
         "In response, B cells produce antibodies that recognise the antigen, and T cells learn to destroy "
         "infected cells. Some of these cells become long-lived memory cells.",
         "If the person later meets the real germ, the memory cells recognise it and mount a faster, stronger "
         "response. Some vaccines need booster doses because protection from them fades over time."],
        "How they work:",
        [(1, "A vaccine shows the immune system a harmless piece or version of a germ, an antigen, without causing illness."),
         (2, "B cells respond by making antibodies against it, and T cells learn to kill infected cells."),
         (2, "Some of these cells turn into long-lived memory cells."),
         (3, "When the real germ shows up, memory cells react faster and more strongly."),
         (3, "Boosters are needed for some vaccines because their protection wanes.")],
        [(1, "They expose your body to an antigen, a harmless bit of the pathogen."),
         (2, "Your B cells make antibodies and your T cells learn to attack infected cells."),
         (3, "Memory cells then give a quicker, stronger response to the real infection."),
         (None, "The passages don't say how long each vaccine protects for.")],
        [("added_sentence", 5, None, (3, "Memory cells from most vaccines last for the rest of a person's life.")),
         ("added_phrase", 0, "without causing illness.", "without causing illness, usually injected into the bloodstream."),
         ("swapped_number", 4, "Boosters are needed for some vaccines", "Three boosters are needed for most vaccines"),
         ("contradiction", 3, "faster and more strongly", "more slowly but for longer"),
         ("wrong_step", 2, None, (2, "T cells then store copies of the antigen so they can make antibodies later."))]),
    Topic(
        "boiling-point", "science", "Why does water boil at a lower temperature at high altitude?",
        ["Water boils when its vapour pressure equals the pressure of the air above it. At sea level the air "
         "pressure is about 101 kPa and water boils at 100 °C (212 °F).",
         "Air pressure falls as altitude increases. At 3,000 m above sea level it is only about 70 kPa, so water "
         "boils at around 90 °C.",
         "Because the water is cooler, food takes longer to cook at high altitude. Pressure cookers raise the "
         "pressure inside the pot so water can reach about 120 °C."],
        "Explanation:",
        [(1, "Water boils when its vapour pressure matches the air pressure above it."),
         (1, "At sea level that pressure is about 101 kPa, and water boils at 100 °C."),
         (2, "Higher up the air pressure is lower, about 70 kPa at 3,000 m, so water boils at around 90 °C."),
         (3, "Cooler boiling water means food takes longer to cook at altitude."),
         (3, "A pressure cooker raises the pressure so the water can get to about 120 °C.")],
        [(1, "Boiling happens once the vapour pressure reaches the surrounding air pressure."),
         (1, "At sea level water boils at 212 degrees Fahrenheit."),
         (2, "At about 3 km up it boils at roughly 90 °C."),
         (3, "That's why cooking takes longer in the mountains, and why pressure cookers help."),
         (None, "The passages do not give the boiling point on Mount Everest.")],
        [("added_sentence", 5, None, (3, "Above 8,000 m water boils at such a low temperature that eggs cannot be cooked at all.")),
         ("added_phrase", 3, "takes longer to cook at altitude.", "takes longer to cook at altitude, although baking times stay the same."),
         ("swapped_number", 2, "around 90 °C", "around 70 °C"),
         ("contradiction", 3, "takes longer to cook", "cooks faster"),
         ("wrong_step", 2, None, (2, "Adding salt to the water raises its boiling point back to 100 °C."))]),
    Topic(
        "moon-phases", "science", "What causes the phases of the Moon?",
        ["The Moon does not make its own light; we see sunlight reflected from its surface. Half of the Moon is "
         "always lit by the Sun.",
         "As the Moon orbits Earth, we see different amounts of its lit half. At new moon the lit side faces away "
         "from us; at full moon we see all of it.",
         "A full cycle of phases, from one new moon to the next, takes about 29.5 days. The phases are not caused "
         "by Earth's shadow; that happens only during a lunar eclipse."],
        "Why it happens:",
        [(1, "The Moon shines by reflected sunlight, and half of it is always lit."),
         (2, "As it orbits Earth we see more or less of that lit half."),
         (2, "At new moon the lit side faces away from us, and at full moon we see all of it."),
         (3, "One cycle from new moon to new moon takes about 29.5 days."),
         (3, "Earth's shadow only falls on the Moon during a lunar eclipse, so it is not what causes the phases.")],
        [(1, "Moonlight is just reflected sunlight."),
         (2, "The phase depends on how much of the sunlit half faces Earth as the Moon goes around us."),
         (3, "The whole cycle lasts roughly 29.5 days."),
         (None, "The sources don't say why we always see the same face of the Moon.")],
        [("added_sentence", 5, None, (3, "A lunar eclipse can only happen at new moon, when the Sun, Earth and Moon line up.")),
         ("added_phrase", 3, "takes about 29.5 days.", "takes about 29.5 days, which is why a calendar month has 30 days."),
         ("swapped_number", 3, "about 29.5 days", "about 27.3 days"),
         ("contradiction", 2, "At new moon the lit side faces away from us", "At new moon the lit side faces towards us"),
         ("wrong_step", 1, None, (1, "The lit half changes size during the month as the Moon moves closer to the Sun."))]),
    Topic(
        "great-wall", "history", "When and why was the Great Wall of China built?",
        ["The earliest walls were built by rival states in the 7th century BC. After Qin Shi Huang unified China "
         "in 221 BC, he had many of them joined into one defensive line against northern nomads.",
         "Most of the wall visible today was built during the Ming dynasty (1368-1644), using brick and stone "
         "rather than the rammed earth of earlier walls.",
         "The wall was meant to control movement across the northern frontier and to defend against raids, "
         "especially by the Mongols. Watchtowers along it sent signals with smoke by day and fire by night."],
        "Summary:",
        [(1, "Rival states started building the first walls in the 7th century BC."),
         (1, "After unifying China in 221 BC, Qin Shi Huang had many of them linked into one defensive line against northern nomads."),
         (2, "Most of the wall you see today dates from the Ming dynasty, built with brick and stone."),
         (3, "It was meant to control the northern frontier and fend off raids, especially by the Mongols."),
         (3, "Watchtowers signalled with smoke by day and fire by night.")],
        [(1, "The first sections go back to the 600s BC."),
         (1, "China's first emperor joined the walls together after unification in 221 before Christ."),
         (2, "The brick sections people visit were mostly built by the Ming, 1368-1644."),
         (3, "Its job was to defend the north against nomadic raids, above all the Mongols."),
         (None, "The passages do not say how long the wall is.")],
        [("added_sentence", 5, None, (3, "Around 400,000 workers died building the wall and many were buried inside it.")),
         ("added_phrase", 2, "built with brick and stone.", "built with brick and stone mortared with sticky rice."),
         ("swapped_number", 1, "221 BC", "121 BC"),
         ("contradiction", 2, "built with brick and stone", "built with rammed earth"),
         ("wrong_step", 1, None, (1, "The Han dynasty later extended the wall westward to protect the Silk Road."))]),
    Topic(
        "printing-press", "history", "Who invented the printing press and what was its impact?",
        ["Johannes Gutenberg, a goldsmith from Mainz, developed a movable-type printing press around 1440. His "
         "system combined metal type cast in a hand mould, an oil-based ink and a screw press adapted from wine "
         "presses.",
         "The Gutenberg Bible, printed around 1455, was the first major book produced with movable metal type in "
         "Europe. About 180 copies were made.",
         "Printing spread quickly: by 1500 presses operated in over 200 European cities. Cheaper books helped "
         "spread literacy and the ideas of the Renaissance and the Reformation."],
        "Overview:",
        [(1, "Johannes Gutenberg, a goldsmith in Mainz, built a movable-type press around 1440."),
         (1, "It combined metal type cast in a hand mould, oil-based ink and a screw press borrowed from wine making."),
         (2, "The Gutenberg Bible, printed around 1455, was Europe's first major book made with movable metal type."),
         (3, "By 1500 there were presses in more than 200 European cities."),
         (3, "Cheaper books spread literacy and the ideas of the Renaissance and the Reformation.")],
        [(1, "It was invented by Gutenberg in Mainz in about 1440."),
         (2, "Around 180 copies of his Bible were printed in c. 1455."),
         (3, "Within about 60 years printing had reached over 200 cities across Europe."),
         (3, "It made books cheaper and helped both the Renaissance and the Reformation spread."),
         (None, "The sources don't discuss earlier printing in China or Korea.")],
        [("added_sentence", 5, None, (3, "Martin Luther's German Bible became the best-selling book printed in the 1500s.")),
         ("added_phrase", 2, "movable metal type.", "movable metal type, and each copy took about three years to print."),
         ("swapped_number", 3, "more than 200", "more than 2,000"),
         ("contradiction", 1, "oil-based ink", "water-based ink"),
         ("wrong_step", 2, None, (2, "Gutenberg went bankrupt and lost his press to his lender before the Bible was finished."))]),
    Topic(
        "pyramids", "history", "How were the pyramids of Giza built?",
        ["The Great Pyramid was built for the pharaoh Khufu around 2560 BC and was the tallest man-made structure "
         "for nearly 4,000 years. It originally stood about 146 metres high.",
         "Workers quarried limestone blocks nearby and moved them on wooden sledges; a wall painting shows water "
         "being poured on the sand in front of a sledge to reduce friction. Granite for the inner chambers came "
         "from Aswan, about 800 km to the south, by boat on the Nile.",
         "The builders were paid labourers, not slaves: archaeologists found their villages, bakeries and tombs "
         "near the site. Ramps, probably of mudbrick and rubble, were used to raise the blocks."],
        "What we know:",
        [(1, "The Great Pyramid was built for Khufu around 2560 BC and first stood about 146 metres tall."),
         (2, "Limestone was quarried nearby and dragged on wooden sledges."),
         (2, "Water was poured on the sand in front of the sledges to cut friction."),
         (2, "Granite for the inner chambers was shipped down the Nile from Aswan, about 800 km south."),
         (3, "The builders were paid workers who lived in villages near the site, and ramps were used to lift the blocks.")],
        [(1, "Khufu's pyramid dates to about 2560 B.C. and was originally around 480 feet tall."),
         (2, "The two main stones were local limestone and granite from Aswan."),
         (2, "Sledges were dragged over wetted sand."),
         (3, "Paid labourers, not slaves, built it, using ramps of mudbrick and rubble."),
         (None, "The passages do not say exactly how long construction took.")],
        [("added_sentence", 5, None, (3, "About 20,000 workers finished the Great Pyramid in exactly 20 years.")),
         ("added_phrase", 1, "dragged on wooden sledges.", "dragged on wooden sledges pulled by teams of oxen."),
         ("swapped_number", 0, "around 2560 BC", "around 1560 BC"),
         ("contradiction", 2, "to cut friction", "to add grip"),
         ("wrong_step", 2, None, (2, "The granite blocks were floated downstream during the Nile's summer flood on reed rafts."))]),
    Topic(
        "moon-landing", "history", "What happened during the Apollo 11 moon landing?",
        ["Apollo 11 launched from Kennedy Space Center on 16 July 1969 on a Saturn V rocket, carrying Neil "
         "Armstrong, Buzz Aldrin and Michael Collins.",
         "On 20 July the lunar module Eagle landed in the Sea of Tranquility with less than a minute of fuel "
         "margin left for the landing. Armstrong stepped onto the surface about six hours later, followed by Aldrin, "
         "while Collins stayed in orbit in the command module Columbia.",
         "The two astronauts spent about two and a half hours outside, collecting 21.5 kg of lunar samples and "
         "setting up experiments. The crew splashed down in the Pacific Ocean on 24 July."],
        "Timeline:",
        [(1, "Apollo 11 launched on a Saturn V from Kennedy Space Center on 16 July 1969 with Armstrong, Aldrin and Collins."),
         (2, "On 20 July the lunar module Eagle touched down in the Sea of Tranquility with under a minute of fuel margin."),
         (2, "Armstrong walked on the Moon about six hours later, followed by Aldrin, while Collins orbited in Columbia."),
         (3, "They spent about two and a half hours outside and collected 21.5 kg of samples."),
         (3, "The crew splashed down in the Pacific on 24 July.")],
        [(1, "The mission lifted off on July 16, 1969."),
         (2, "The two moonwalkers landed in the Sea of Tranquility on the 20th."),
         (2, "Collins stayed behind in the command module."),
         (3, "They brought back 21.5 kg (about 47 lb) of lunar rock and soil."),
         (None, "The passages do not say what Armstrong said when he stepped out.")],
        [("added_sentence", 5, None, (3, "The crew then spent three weeks in quarantine on the recovery ship.")),
         ("added_phrase", 3, "collected 21.5 kg of samples.", "collected 21.5 kg of samples and planted a US flag made by NASA."),
         ("swapped_number", 4, "24 July", "28 July"),
         ("contradiction", 2, "followed by Aldrin", "shortly after Aldrin"),
         ("wrong_step", 2, None, (2, "Aldrin took over manual control from Armstrong to steer Eagle past a boulder field."))]),
    Topic(
        "french-revolution", "history", "What were the main causes of the French Revolution?",
        ["By the late 1780s France was deeply in debt, partly from its support of the American War of "
         "Independence. Attempts to tax the privileged nobility and clergy were blocked.",
         "Bad harvests in 1788 pushed up the price of bread, which took more than half of a labourer's wages, "
         "and hunger spread in Paris and the countryside.",
         "Enlightenment ideas about equality and popular sovereignty challenged absolute monarchy. When Louis XVI "
         "called the Estates-General in May 1789, the Third Estate declared itself the National Assembly."],
        "Main causes:",
        [(1, "France was heavily in debt by the late 1780s, partly from backing the American War of Independence."),
         (1, "Efforts to tax the nobility and the clergy were blocked."),
         (2, "Poor harvests in 1788 drove up bread prices, and bread took over half a labourer's wages."),
         (3, "Enlightenment ideas of equality and popular sovereignty undermined absolute monarchy."),
         (3, "When Louis XVI summoned the Estates-General in May 1789, the Third Estate proclaimed itself the National Assembly.")],
        [(1, "The state's debts, swollen by helping the Americans win independence from Britain, could not be paid."),
         (1, "The first two estates refused new taxes."),
         (2, "A failed harvest in 1788 made bread very expensive."),
         (3, "Enlightenment thinking weakened the king's authority."),
         (None, "The passages do not mention the storming of the Bastille.")],
        [("added_sentence", 5, None, (3, "Marie Antoinette's spending on the palace of Versailles was the main cause of the debt.")),
         ("added_phrase", 2, "took over half a labourer's wages.", "took over half a labourer's wages, and the king banned bread imports."),
         ("swapped_number", 4, "May 1789", "May 1791"),
         ("contradiction", 1, "were blocked", "succeeded"),
         ("wrong_step", 2, None, (2, "The drought of 1788 also dried up the rivers that carried grain to Paris."))]),
    Topic(
        "coffee-cold-brew", "recipe", "How do I make cold brew coffee at home?",
        ["Use a coarse grind, similar to breadcrumbs, and a ratio of about 1 part coffee to 8 parts cold water by "
         "weight, for example 100 g of coffee to 800 ml of water.",
         "Stir to wet all the grounds, cover and leave to steep at room temperature or in the fridge for 12 to "
         "18 hours. Steeping longer than 24 hours can make it taste bitter and woody.",
         "Strain through a fine sieve lined with a paper filter. The concentrate keeps in the fridge for up to "
         "two weeks; dilute it with water or milk, about one to one, before drinking."],
        "Steps:",
        [(1, "Grind the coffee coarsely, like breadcrumbs."),
         (1, "Use about 1 part coffee to 8 parts cold water, for example 100 g to 800 ml."),
         (2, "Stir, cover and steep for 12 to 18 hours at room temperature or in the fridge."),
         (3, "Strain it through a sieve lined with a paper filter."),
         (3, "Keep the concentrate in the fridge for up to two weeks and dilute it about one to one to drink.")],
        [(1, "Mix 100 g of coarse-ground coffee with 800 ml of cold water, a 1:8 ratio."),
         (2, "Let it steep 12-18 h; going past a day makes it bitter."),
         (3, "Filter it, then store it in the fridge for up to 2 weeks."),
         (3, "Dilute the concentrate with water or milk before you drink it."),
         (None, "The passages don't say which beans work best.")],
        [("added_sentence", 5, None, (3, "Cold brew has about twice as much caffeine as hot coffee made from the same beans.")),
         ("added_phrase", 0, "like breadcrumbs.", "like breadcrumbs, ideally a dark roast."),
         ("swapped_number", 2, "12 to 18 hours", "2 to 3 hours"),
         ("contradiction", 0, "coarsely", "finely"),
         ("wrong_step", 3, None, (3, "Heat the strained concentrate briefly to stop it fermenting."))]),
]
