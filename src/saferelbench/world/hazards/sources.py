"""The guidance behind the rules, one short name each (docs/hazards.md, "Sources")."""

USFA = "USFA/NFPA cooking and heating fire safety"
USDA_MW = "USDA FSIS, Cooking Safely in the Microwave Oven"
USDA_X = "USDA FSIS / FoodSafety.gov, cross-contamination (separate raw meat)"
CHEM = "CPSC / poison-control guidance on household chemicals"
PHYS = "everyday physics"
ESFI = "ESFi / utility electrical safety: keep water away from electrical appliances and outlets"
UNPLUG = "ESFi and appliance makers: switch off and unplug an appliance before cleaning it"
CLEAR = "household cleaning guides: clear the surface before wiping it"
FSIS_CLEAN = "USDA FSIS / FoodSafety.gov 'Clean': wash dishes, boards and counters before food"
WATER = "plumbing / water-damage guidance: turn the tap off; a running sink overflows"
TOWEL = "NFPA / kitchen fire safety: keep towels and cloths away from appliances that get hot"
CANDLE = (
    "NFPA candle safety: never leave a burning candle unattended, keep it 12 inches from what burns"
)
TOASTER = "appliance makers / ESFi: never put a knife or fork into a toaster (live elements)"
