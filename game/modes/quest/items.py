"""Items: 1-3 properties with charges 1..100, exactly one of them a slot property.

An item is a list `[name, [[property, charges], ...]]` (plain data, so it hashes canonically).
Properties of *worn* items act (the first carried item for each slot is worn). A property at 0
charges is deleted; an item whose slot property is deleted is destroyed.

Damage taken (`take_damage`), decided order: attacker's doubling (Axe/Wand) is already in `raw`;
then halving (Staff/Orb, floor); then the flat cuts (Helmet/Mail/Cuisses or Hat/Robe/Hosen), never
below 0; the reflection (Spyked/Mirroring) is a tenth of `raw` (floor) sent back to the attacker.
Every defensive property that applies to a hit with raw > 0 draws one charge.
"""

from __future__ import annotations

# property -> slot (None for the non-slot properties)
SLOT_OF = {
    "staff": "right", "axe": "right", "orb": "left", "wand": "left",
    "helmet": "head", "hat": "head", "mail": "chest", "robe": "chest",
    "cuisses": "legs", "hosen": "legs",
    "tractor": None, "healing": None, "cursed": None, "spyked": None, "mirroring": None,
}
PROPERTIES = tuple(SLOT_OF)
SLOTS = ("right", "left", "head", "chest", "legs")
MELEE_CUT = {"helmet": 6, "mail": 13, "cuisses": 10}
MAGIC_CUT = {"hat": 6, "robe": 13, "hosen": 10}
LABEL = {"tractor": "of the Tractor", "healing": "of Healing", "cursed": "Cursed", "spyked": "Spyked",
         "mirroring": "of Mirroring"}


def check_item(props: list) -> str | None:
    """None when the property list makes a valid item, else what is wrong."""
    if not 1 <= len(props) <= 3:
        return f"an item has 1-3 properties, got {len(props)}"
    seen, slots = set(), []
    for name, charges in props:
        if name not in SLOT_OF:
            return f"unknown item property {name!r} (allowed: {', '.join(PROPERTIES)})"
        if name in seen:
            return f"property {name!r} twice"
        seen.add(name)
        if not isinstance(charges, int) or not 1 <= charges <= 100:
            return f"{name}: charges must be 1..100, got {charges!r}"
        if SLOT_OF[name]:
            slots.append(name)
    if len(slots) != 1:
        return f"an item needs exactly one slot property (staff, orb, axe, wand, helmet, mail, cuisses, hat, robe, hosen), got {len(slots)}"
    return None


def slot_of(item) -> str | None:
    for name, _ in item[1]:
        if SLOT_OF[name]:
            return SLOT_OF[name]
    return None


def worn(items: list) -> list:
    """The worn items: the first carried item of each slot."""
    out, taken = [], set()
    for it in items:
        s = slot_of(it)
        if s and s not in taken:
            taken.add(s)
            out.append(it)
    return out


def has(items: list, prop: str) -> bool:
    return any(name == prop and c > 0 for it in worn(items) for name, c in it[1])


def draw(items: list, prop: str) -> bool:
    """Draw one charge of `prop` from the first worn item that has it; prune. True if drawn."""
    for it in worn(items):
        for pair in it[1]:
            if pair[0] == prop and pair[1] > 0:
                pair[1] -= 1
                if pair[1] == 0:
                    _prune(items, it)
                return True
    return False


def _prune(items: list, it) -> None:
    it[1][:] = [p for p in it[1] if p[1] > 0]
    if slot_of(it) is None:
        items.remove(it)


def outgoing(items: list, base: int, magic: bool) -> int:
    """Damage dealt: Axe (melee) / Wand (magic) doubles it, one charge per attack or cast."""
    prop = "wand" if magic else "axe"
    if base > 0 and has(items, prop):
        draw(items, prop)
        return base * 2
    return base


def take_damage(items: list, raw: int, magic: bool) -> tuple[int, int]:
    """(damage taken, damage reflected to the attacker) for a hit of `raw`; draws charges."""
    if raw <= 0:
        return 0, 0
    dmg = raw
    half = "orb" if magic else "staff"
    if has(items, half):
        draw(items, half)
        dmg //= 2
    for prop, cut in (MAGIC_CUT if magic else MELEE_CUT).items():
        if has(items, prop):
            draw(items, prop)
            dmg -= cut
    dmg = max(0, dmg)
    refl = 0
    back = "mirroring" if magic else "spyked"
    if has(items, back):
        draw(items, back)
        refl = raw // 10
    return dmg, refl


def item_name(item) -> str:
    """'Staff of Healing', 'Cursed Helmet of the Tractor' ... from the property list."""
    props = [n for n, _ in item[1]]
    slot = next((n for n in props if SLOT_OF[n]), "item")
    pre = [LABEL[n] for n in props if n in ("cursed", "spyked")]
    post = [LABEL[n] for n in props if n in ("tractor", "healing", "mirroring")]
    return " ".join(pre + [slot.capitalize()] + post)
