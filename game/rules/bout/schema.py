"""The Steel bout ruleset, declared once: every table, property, default and a line of doc.

The declarations drive the loader's checks (`game/rules/bout/loader.py`) and the generated
reference `docs/rules/bout-reference.md` (`tactibox schema --mode bout`). Every entry of every
keyed table carries a `source` tag naming what its numbers approximate (the published Riddle of
Steel tables are copyrighted; the shipped numbers are our own).
"""

from __future__ import annotations

from game.rules.schema import Field, Section

DAMAGE_TYPES = ("cut", "puncture", "bludgeon")
EFFECTS = ("", "kd", "ko", "drop", "death")
ATTACK_EFFECTS = ("strike", "beat", "bind_strike", "feint", "grapple", "disarm_attack", "hook", "twitch",
                  "stop_short", "toss", "double", "evasive", "master_attack", "simultaneous")
DEFENCE_EFFECTS = ("parry", "block", "counter", "riposte", "expulsion", "disarm", "overrun",
                   "full_evasion", "partial_evasion", "void", "closing_void", "duck_weave")
ATTACK_ROOTS = ("regular", "misc", "double", "advanced", "simultaneous", "grapple", "unarmed")
DEFENCE_ROOTS = ("regular", "advanced", "evasion", "flee")
HANDS = ("any", "main", "off", "both", "none")
NEEDS = ("", "shield", "weapon", "no_shield", "hook", "guard")
TN_FROM = ("weapon_swing", "weapon_thrust", "weapon_dtn", "shield_dtn", "fixed")
ZONE_KINDS = ("swing", "thrust", "any", "none")
DAMAGE_FROM = ("weapon_swing", "weapon_thrust", "bludgeon", "none")

SRC = Field("source", "str", "", "what these numbers approximate, e.g. \"[E] eralston companion; own values\"")

RULESET = Section("ruleset", "bout.toml", "Name and version of the bout ruleset.", (
    Field("name", "str", doc="shown in menus"),
    Field("version", "int", 1, "bump when numbers change", min=1, max=9999),
    Field("description", "text", "", "a few words for the menu"),
))

RULES = Section("rules", "bout.toml", "Numbers that apply to every fighter.", (
    Field("botch_min_ones", "int", 2, "ones needed (with no success) for a botch; a single die botches on one 1 [W][K]", min=1, max=10),
    Field("tn_over_10_reroll", "bool", False, "a TN above 10 lets a 10 be rerolled against TN-10 ([T] DiceRoller; flagged, not core)"),
    Field("zero_pool_tn_step", "int", 1, "an empty pool still rolls 1 die at TN + this per die below 1 (seed; size ours)", min=0, max=5),
    Field("defence_botch_levels", "int", 2, "wound levels added when the defence botches [W]", min=0, max=5),
    Field("attack_botch_halves_next", "bool", True, "an attack botch halves the dice of your next attack [K]"),
    Field("wound_cap", "int", 5, "highest wound level [F][E][T]", min=1, max=5),
    Field("wound_stacking", "int", 1, "levels a new wound gains per earlier wound on the same body part (own)", min=0, max=3),
    Field("pain_minus_wp", "bool", True, "pain is reduced by willpower [J][T]"),
    Field("shock_minus_wp", "bool", False, "shock is reduced by willpower too (only flagged rows in [J])"),
    Field("kd_tn_per_success", "int", 2, "knockdown TN = this x the attacker's successes [E]", min=1, max=5),
    Field("kd_tn_per_success_mass", "int", 3, "knockdown TN per success for mass weapons [E]", min=1, max=5),
    Field("ko_tn", "int", 7, "knockout roll TN [E]", min=2, max=15),
    Field("ko_rounds_max", "int", 10, "a failed knockout keeps you out 1..this rounds [E]", min=1, max=99),
    Field("partial_evasion_initiative_cost", "int", 2, "extra CP a partial evasion pays to take initiative [W]", min=0, max=9),
    Field("length_penalty_per_step", "int", 1, "CP per step of reach difference the shorter weapon loses [E]", min=0, max=3),
    Field("length_penalty_max", "int", 2, "the reach penalty never exceeds this many dice (own)", min=0, max=12),
    Field("buy_cost_low", "int", 5, "CP to buy initiative below buy_mid_from proficiency (seed: TFOB 3/4/5)", min=0, max=15),
    Field("buy_cost_mid", "int", 4, "CP to buy initiative from buy_mid_from proficiency", min=0, max=15),
    Field("buy_cost_high", "int", 3, "CP to buy initiative from buy_high_from proficiency", min=0, max=15),
    Field("buy_mid_from", "int", 6, "proficiency for the middle buy cost (own: the seed gives no mapping)", min=0, max=20),
    Field("buy_high_from", "int", 9, "proficiency for the low buy cost (own)", min=0, max=20),
    Field("stand_up_cost", "int", 2, "CP a prone fighter pays at the round's refresh to stand (own)", min=0, max=9),
    Field("health_at_half", "int", 1, "at this health every pool is halved [W][seed]", min=0, max=5),
    Field("max_rounds", "int", 40, "a bout still running after this many rounds ends in a draw (own)", min=1, max=999),
    Field("change_target_cost", "int", 1, "CP to change target at the declaration (seed: \"1CP or 2CP usually\")", min=0, max=9),
    Field("quick_defence_cost", "int", 2, "extra CP for a defence bought in answer to an attack you did not see (seed: +2CP)", min=0, max=9),
    Field("quick_attack_cost", "int", 0, "extra CP for a quick attack (seed's optional house rule; 0 = free)", min=0, max=9),
    Field("force_enter_tn", "int", 7, "TN of the terrain roll a force-entering attack needs (seed: \"around 7 or more\")", min=2, max=12),
    Field("offhand_penalty", "int", 2, "dice an off-hand weapon loses on each roll (own; shields and fists lose none)", min=0, max=9),
    Field("flank_penalty", "int", 1, "defence dice lost against a blow from your side (own)", min=0, max=9),
    Field("rear_penalty", "int", 2, "defence dice lost against a blow from behind you (own)", min=0, max=9),
    Field("footing_rolls", "bool", True, "fighters facing 2+ foes roll to keep their footing at a round's start [K]"),
    Field("bleed_move_steps", "int", 6, "out of combat a blood-loss check comes every this many steps walked (seed: 6)", min=1, max=99),
    Field("bleed_wait_steps", "int", 18, "... or every this many steps waited (seed: 18, a third of a step each)", min=1, max=999),
    Field("first_aid_wait_steps", "int", 6, "uninterrupted steps of waiting, unengaged and wounded, before a first-aid roll (seed: ~6)", min=1, max=99),
    Field("first_aid_tn", "int", 7, "TN of the first-aid roll (own)", min=2, max=12),
    Field("bandage_dice", "int", 2, "dice a bandage adds to a first-aid roll (own)", min=0, max=9),
    Field("heal_steps", "int", 30, "steps at blood loss 0 between two healing rolls out of combat (seed: a realism setting; own)", min=1, max=9999),
    Field("heal_tn", "int", 7, "TN of the healing roll (Toughness dice) (own)", min=2, max=12),
    Field("painkiller_pain", "int", 3, "pain a painkiller takes off each wound, one less per earlier dose on it (own)", min=0, max=9),
    Field("aim_steps_min", "int", 3, "steps of aiming that give a third of the Aim bonus; each further step a third more (seed: 3/4/5)", min=1, max=20),
    Field("melee_shot_tn", "int", 1, "TN added to a shot at a target in melee (seed: a firing-into-melee penalty; own size)", min=0, max=9),
    Field("crowd_penalty", "int", 4, "dice a shot loses with 2 people around the target (seed: -4 MP)", min=0, max=9),
    Field("dense_crowd_penalty", "int", 6, "dice a shot loses with 3 or more people around the target (seed: -6 MP)", min=0, max=9),
    Field("moving_target_tn", "int", 1, "TN added to a shot at a target who moved this step (seed: moving target penalty; own size)", min=0, max=9),
    Field("dodge_missile_tn", "int", 8, "TN of dodging a missile without a shield (own)", min=2, max=12),
    Field("range_step", "int", 4, "a shot's TN rises by 1 per this many squares of distance beyond the first (own)", min=1, max=99),
))

STANCES = Section("stances", "bout.toml", "Stances taken with the initiative throw [WT][E].", (
    Field("name", "str"),
    Field("attack_mod", "int", 0, "dice added to attacks this exchange", min=-5, max=5),
    Field("defence_mod", "int", 0, "dice added to defences this exchange (not to full evasion)", min=-5, max=5),
    SRC,
), keyed=True, min_entries=1, max_entries=8)

SURPRISE = Section("surprise", "bout.toml", "Surprise levels: a Reflex roll at this TN at the start of the bout; "
                   "failure loses the first round [WT][B].", (
    Field("name", "str"),
    Field("tn", "int", doc="TN of the Reflex roll (0 = no roll)", min=0, max=15),
    SRC,
), keyed=True, min_entries=1, max_entries=8)

FOOTING = Section("footing", "bout.toml", "Multiple-opponent terrain rolls: with at least `min_foes` foes engaged "
                  "you commit CP dice against this TN; failure halves your pool, a botch empties it and drops you [K] TABLE 4.3.", (
    Field("min_foes", "int", doc="row applies from this many foes", min=2, max=99),
    Field("tn_hurried", "int", doc="TN when standing your ground (the default)", min=2, max=15),
    Field("tn_sprinting", "int", doc="TN when moving fast", min=2, max=15),
    SRC,
), keyed=True, min_entries=1, max_entries=16)

WEAPONS = Section("weapons", "weapons.toml", "Melee weapons. Damage ratings are added to Strength.", (
    Field("name", "str"),
    Field("reach", "int", doc="length class: 1 hand .. 6 extremely long [E]", min=1, max=6),
    Field("atn_swing", "int", doc="attack TN for swings (0 = cannot swing)", min=0, max=12),
    Field("atn_thrust", "int", doc="attack TN for thrusts (0 = cannot thrust)", min=0, max=12),
    Field("dtn", "int", doc="defence TN for parries", min=2, max=12),
    Field("swing_dr", "int", 0, "swing damage = ST + this", min=-5, max=10),
    Field("thrust_dr", "int", 0, "thrust damage = ST + this", min=-5, max=10),
    Field("swing_type", "choice", "cut", "damage type of swings", choices=DAMAGE_TYPES),
    Field("thrust_type", "choice", "puncture", "damage type of thrusts", choices=DAMAGE_TYPES),
    Field("mass", "bool", False, "mass weapon: knockdown TN per success is higher [E]"),
    Field("hook", "bool", False, "has a hook or beak (hook-swing, hook-sweep)"),
    Field("hands", "int", 1, "hands it needs: 2 leaves no off hand free", min=1, max=2),
    Field("offhand", "bool", False, "light enough to be carried in the off hand (a second weapon)"),
    Field("missile", "choice", "", "a missile weapon: shot from a distance (bow, crossbow, thrown)",
          choices=("", "bow", "crossbow", "thrown")),
    Field("range", "int", 0, "longest shot in squares (missile weapons)", min=0, max=99),
    Field("missile_atn", "int", 0, "TN of a shot at one square (missile weapons)", min=0, max=12),
    Field("missile_dr", "int", 0, "damage of a shot; bows and crossbows ignore Strength", min=-5, max=15),
    Field("ready_steps", "int", 0, "steps to draw or reload before the next shot", min=0, max=20),
    SRC,
), keyed=True, min_entries=1, max_entries=64)

SHIELDS = Section("shields", "weapons.toml", "Shields: blocks roll against `dtn`.", (
    Field("name", "str"),
    Field("dtn", "int", doc="block TN in melee", min=2, max=12),
    Field("dtn_missile", "int", 0, "block TN against missiles (kept for the ranged rules)", min=0, max=12),
    SRC,
), keyed=True, required=False, max_entries=16)

ARMOURS = Section("armours", "weapons.toml", "Armour: one armour value over the whole body (a simplification).", (
    Field("name", "str"),
    Field("av", "int", doc="armour value subtracted from every wound level", min=0, max=10),
    Field("cp_penalty", "int", 0, "CP lost at every refresh (weight, fatigue [WT])", min=0, max=9),
    SRC,
), keyed=True, min_entries=1, max_entries=16)

MANEUVERS = Section("maneuvers", "maneuvers.toml", "Maneuvers: what each costs, which TN it rolls against and "
                    "what it needs. `root` is the category of the seed's maneuver tree (a root's default is its "
                    "cheapest, lowest-TN entry); `effect` names the rule the engine applies (section 6).", (
    Field("name", "str"),
    Field("kind", "choice", doc="attack or defence", choices=("attack", "defence")),
    Field("root", "choice", "regular", "tree root: attacks " + "/".join(ATTACK_ROOTS) + "; defences "
          + "/".join(DEFENCE_ROOTS), choices=tuple(dict.fromkeys(ATTACK_ROOTS + DEFENCE_ROOTS))),
    Field("parent", "str", "", "the maneuver this one refines in the seed's tree (\"\" = a root entry)", max_len=32),
    Field("effect", "choice", doc="the rule applied", choices=ATTACK_EFFECTS + DEFENCE_EFFECTS),
    Field("tn_from", "choice", doc="where the TN comes from", choices=TN_FROM),
    Field("tn", "int", 0, "the TN when tn_from = fixed, else added to the weapon's TN", min=-5, max=15),
    Field("cost", "int", 0, "activation cost in CP, paid on top of the dice", min=0, max=9),
    Field("min_prof", "int", 0, "proficiency needed", min=0, max=20),
    Field("zones", "choice", "none", "which target zones an attack may aim at", choices=ZONE_KINDS),
    Field("damage", "choice", "none", "damage rating and type used", choices=DAMAGE_FROM),
    Field("damage_bonus", "int", 0, "added to the damage rating", min=-5, max=5),
    Field("bl_bonus", "int", 0, "added to the blood loss of a wound it deals", min=0, max=5),
    Field("av_ignore", "int", 0, "armour value it ignores (a point into the gaps)", min=0, max=5),
    Field("ignores_length", "bool", False, "no reach penalty on this roll (close-quarters work)"),
    Field("knockdown", "bool", False, "a landed blow always makes the foe roll to stay up"),
    Field("self_shock", "int", 0, "shock the attacker takes when he lands it (head butt)", min=0, max=9),
    Field("extra_max", "int", 0, "optional extra CP (cut/bash damage, feint regions) or the dice of the second "
          "portion (double, evasive, simultaneous)", min=0, max=20),
    Field("param", "int", 0, "the effect's number (see the maneuver list)", min=0, max=9),
    Field("riposte", "choice", "", "a won defence strikes back at once: with margin-many swing/thrust dice, or the "
          "margin itself as the blow's margin", choices=("", "swing", "thrust", "margin")),
    Field("hand", "choice", "any", "which hand it takes (at most one action per hand)", choices=HANDS),
    Field("with_attack", "bool", False, "a defence that may go with your own attack (voids, up to two)"),
    Field("needs", "choice", "", "equipment needed (guard = a shield or an off-hand weapon)", choices=NEEDS),
    Field("only_vs", "choice", "", "a defence usable only against this attack zone kind", choices=("", "swing", "thrust")),
    Field("doc", "str", "", "one line for the chooser"),
    SRC,
), keyed=True, min_entries=2, max_entries=64)

ZONES = Section("zones", "body.toml", "Target zones: swings I-VII, thrusts VIII-XIV [T][J]. A d6 picks the location.", (
    Field("name", "str"),
    Field("numeral", "str", doc="Roman numeral shown in the chooser", max_len=5),
    Field("kind", "choice", doc="swing or thrust zone", choices=("swing", "thrust")),
    Field("aim_cost", "int", 0, "extra CP to aim at this zone [E]", min=0, max=5),
    Field("locations", "ids", doc="the d6 table: six location ids, die face 1..6", ref="locations", max=6),
    SRC,
), keyed=True, min_entries=2, max_entries=20)

LOCATIONS = Section("locations", "body.toml", "Hit locations. Pain is kept per body `part` (the worst wound counts).", (
    Field("name", "str"),
    Field("part", "id", doc="body part for pain: the worst pain per part counts [T]"),
    Field("x", "int", 0, "body diagram column (0-15)", min=0, max=15),
    Field("y", "int", 0, "body diagram row (0-31, head at 0)", min=0, max=31),
    SRC,
), keyed=True, min_entries=1, max_entries=64)

WOUNDS = Section("wounds", "wounds.toml", "Wound table rows: one per damage type x location, five levels each.", (
    Field("type", "choice", doc="damage type", choices=DAMAGE_TYPES),
    Field("location", "id", doc="the location id", ref="locations"),
    Field("bl", "ints", doc="blood loss at levels 1-5", min=0, max=20, length=5),
    Field("shock", "ints", doc="shock at levels 1-5", min=0, max=30, length=5),
    Field("pain", "ints", doc="pain at levels 1-5", min=0, max=30, length=5),
    Field("effect", "choices", ["", "", "", "", ""], "effect at levels 1-5", choices=EFFECTS, length=5),
    SRC,
), keyed=True, min_entries=1, max_entries=255)

FIGHTERS = Section("fighters", "fighters.toml", "Fighter templates used by scenarios, bots and the balance report.", (
    Field("name", "str"),
    Field("st", "int", 4, "Strength", min=0, max=10),
    Field("ag", "int", 4, "Agility", min=0, max=10),
    Field("to", "int", 4, "Toughness", min=0, max=10),
    Field("en", "int", 4, "Endurance", min=0, max=10),
    Field("wt", "int", 4, "Wit", min=0, max=10),
    Field("wp", "int", 4, "Willpower", min=0, max=10),
    Field("per", "int", 4, "Perception", min=0, max=10),
    Field("prof", "int", 6, "weapon proficiency", min=0, max=20),
    Field("weapon", "id", doc="weapon id", ref="weapons"),
    Field("shield", "str", "", "shield id or empty", max_len=32),
    Field("armour", "id", doc="armour id", ref="armours"),
    Field("offhand", "str", "", "off-hand weapon id (a weapon with offhand = true) or empty", max_len=32),
    Field("missile", "str", "", "missile weapon id (bow, crossbow, thrown) or empty", max_len=32),
    SRC,
), keyed=True, min_entries=2, max_entries=64)

BOUT_FILES = ("bout.toml", "weapons.toml", "maneuvers.toml", "body.toml", "wounds.toml", "fighters.toml")
BOUT_SECTIONS = (RULESET, RULES, STANCES, SURPRISE, FOOTING, WEAPONS, SHIELDS, ARMOURS, MANEUVERS,
                 ZONES, LOCATIONS, WOUNDS, FIGHTERS)


def bout_markdown() -> str:
    from game.rules.schema import section_markdown
    return "\n".join(section_markdown(s) for s in BOUT_SECTIONS)
