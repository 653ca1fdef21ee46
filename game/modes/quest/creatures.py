"""Creatures (the player and NPCs) as plain dicts, damage, death, experience and levels.

Keys: name, team, cell, hp, max_hp, melee, spell, items, spells, skills, burn [dmg, turns],
slow [amount, turns], and for NPCs model, speed, xp, coins, heading, intent.
"""

from __future__ import annotations

from game.modes.quest import events as E
from game.modes.quest import items as I

XP_PER_LEVEL = 256
PLAYER_TEAM = "player"


def player_level(xp: int) -> int:
    """Level 1 at 0 XP, +1 for every 256 XP."""
    return 1 + xp // XP_PER_LEVEL


def new_player(level, carry: dict | None = None) -> dict:
    c = carry or {}
    skills = dict(c.get("skills", {"bruiser": 0, "wizard": 0, "tough": 0}))
    max_hp = level.hp + skills.get("tough", 0)
    hp = c.get("hp", max_hp)
    return {"name": "you", "team": PLAYER_TEAM, "cell": level.start, "hp": min(hp, max_hp), "max_hp": max_hp,
            "xp": c.get("xp", 0), "points": c.get("points", 0), "skills": skills,
            "coins": c.get("coins", 0), "items": [[it[0], [list(p) for p in it[1]]] for it in c.get("items", [])],
            "spells": dict(c.get("spells", {})), "tractor": 0, "burn": [0, 0], "slow": [0, 0], "facing": 0}


def new_npc(spec, level) -> dict:
    tough = spec.skills.get("tough", 0)
    npc = {"name": spec.name, "team": spec.team, "cell": spec.cell, "hp": spec.hp + tough,
            "max_hp": spec.hp + tough, "model": spec.model, "speed": spec.speed,
            "melee": (level.melee if spec.melee < 0 else spec.melee) + spec.skills.get("bruiser", 0),
            "spell": level.spell + spec.skills.get("wizard", 0),
            "xp": level.npc_xp if spec.xp < 0 else spec.xp,
            "coins": level.npc_coins if spec.coins < 0 else spec.coins,
            "spells": dict(spec.spells), "items": [[it[0], [list(p) for p in it[1]]] for it in spec.items],
            "burn": [0, 0], "slow": [0, 0], "heading": 0, "intent": [0, -1, -1]}
    if spec.blast:   # only when set: older levels keep their snapshots
        npc["blast"] = spec.blast
    return npc


def melee_of(level, cr: dict) -> int:
    if "model" not in cr:
        return level.melee + cr["skills"].get("bruiser", 0)
    return cr["melee"]


def spell_of(level, cr: dict) -> int:
    if "model" not in cr:
        return level.spell + cr["skills"].get("wizard", 0)
    return cr["spell"]


def hostile(a: dict, b: dict) -> bool:
    return a["team"] != b["team"]


def hit(game, target: dict, raw: int, magic: bool, attacker: dict | None, events: list) -> int:
    """Deal `raw` (already doubled by the attacker's Axe/Wand) to target; reflect; returns damage."""
    if target["hp"] <= 0:
        return 0
    dmg, refl = I.take_damage(target["items"], raw, magic)
    target["hp"] -= dmg
    events.append(E.Hit(target["name"], dmg, bool(magic)))
    if refl and attacker is not None and attacker["hp"] > 0:
        attacker["hp"] -= refl
        events.append(E.Reflected(attacker["name"], refl))
        if attacker["hp"] <= 0:
            game.on_death(attacker, events)
    if target["hp"] <= 0:
        game.on_death(target, events)
    return dmg


def gain_xp(player: dict, xp: int, events: list) -> None:
    before = player_level(player["xp"])
    player["xp"] += xp
    after = player_level(player["xp"])
    if after > before:
        player["points"] += after - before
        events.append(E.LevelUp(after))
