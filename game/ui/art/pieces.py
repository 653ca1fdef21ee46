"""Piece sprites: 16x16 pixel art per `sprite` kind, drawn as text, one palette for all.

Palette letters (``PALETTE``): ``.`` transparent, ``o`` outline, ``T t c h`` the *team range*
(darkest to lightest, palette indices 16-19: recoloured per team by ``art.recolour``, as WoS
recolours its golden colours), the rest fixed (skin, metal, wood, stone, fire, magic...).
A ruleset may name a sprite kind this file lacks: it gets the soldier, never a crash.
"""

from __future__ import annotations

import pygame

PALETTE_LETTERS = {
    ".": (0, (255, 0, 255)),          # transparent (colour key)
    "o": (1, (26, 20, 36)),
    "s": (2, (240, 192, 144)), "S": (3, (192, 136, 96)),
    "m": (4, (216, 220, 232)), "M": (5, (138, 144, 164)),
    "w": (6, (154, 102, 48)), "W": (7, (94, 60, 28)),
    "k": (8, (168, 164, 160)), "K": (9, (110, 106, 104)),
    "e": (10, (255, 255, 255)), "r": (11, (232, 56, 40)),
    "y": (12, (248, 208, 72)), "b": (13, (58, 42, 32)),
    "f": (14, (255, 154, 32)), "p": (15, (176, 112, 255)),
    "T": (16, (90, 70, 10)), "t": (17, (150, 120, 20)), "c": (18, (210, 170, 40)), "h": (19, (250, 220, 120)),
}
TEAM_RANGE = range(16, 20)

SPRITES: dict[str, tuple[str, ...]] = {
    "soldier": (
        "................",
        "......oooo....o.",
        ".....ommmmo..omo",
        ".....omMMmo..omo",
        ".....ossSso..omo",
        ".....osssso..omo",
        "..ooo.oooo...omo",
        ".oTcTochhcco.omo",
        ".ocycochcccoooyo",
        ".ocycocccccsoowo",
        ".oTcTocccccsooo.",
        "..ooo.oMMMMo....",
        "......ottttoo...",
        "......oMo.oMo...",
        ".....ooMo.oMoo..",
        ".....oooo.oooo..",
    ),
    "archer": (
        "................",
        "..oo..oooo......",
        ".oWo.ottcto.....",
        ".oWooothcco.....",
        "oWo..ossSsoo....",
        "oWo..osssso.....",
        "oWo...oooooo....",
        "oWmmmmohcccso...",
        "oWo..occcccso...",
        "oWo..octcccoo...",
        "oWo..occcccoy...",
        ".oWo.owwwwwo....",
        "..oo.otttcto....",
        ".....oto.oto....",
        ".....obo.obo....",
        "....oooo.oooo...",
    ),
    "flyer": (
        "................",
        "oo....oooo....oo",
        "oco..osbbso..oco",
        "ochoo.ossso.ohco",
        "occhhoossSoohhcc",
        ".otcchoccccohcct",
        ".ottcchccccchcto",
        "..ottccchhccctto",
        "...ootcccccctoo.",
        ".....otcccctoo..",
        "......occcco....",
        "......otcct.....",
        ".....oyo.oyo....",
        ".....oyo.oyo....",
        "....oyyo.oyyo...",
        "....oooo.oooo...",
    ),
    "beast": (
        "................",
        "................",
        "................",
        "........f.......",
        "..oooo.fFf......",
        ".ocehco.f.......",
        "ochccccoo.......",
        "orcchhccco...ooo",
        ".ooocccccooooco.",
        "...ocTcTcccccco.",
        "...occcccccTco..",
        "...otcccctcoo...",
        "...oTto.oTto....",
        "..ocTo..ocTo....",
        "..oooo..oooo....",
        "................",
    ),
    "serpent": (
        "...o.o.o........",
        "...omomom.......",
        "...ooMooo.oooo..",
        ".....oMo.obbbbo.",
        ".....oMo.osssso.",
        ".....oMo.osSsso.",
        ".....oMoooccco..",
        ".....osshhcccso.",
        ".....oMooccccso.",
        ".....oMo.occco..",
        "....ooo..ottco..",
        "..ooccccccccto..",
        ".ochhcccccctto..",
        ".otccTTTTTTco...",
        "..ottttttttoo...",
        "...oooooooo.....",
    ),
    "mage": (
        "......oo........",
        ".....occo...oo..",
        ".....ocho..oppo.",
        "....occcco.opeo.",
        "...occccccooppo.",
        "..oooooooooooWo.",
        ".....ossSso..Wo.",
        ".....osssso..Wo.",
        "....ooeeeeoo.Wo.",
        "...ocheeeeccoWo.",
        "...ochcccccssWo.",
        "...occcccccooWo.",
        "..ochccccccco.Wo",
        "..occccccccco.Wo",
        "..otttttttttto..",
        "..oooooooooooo..",
    ),
    "giant": (
        "................",
        ".....oooooo.....",
        "....okkkkkko....",
        "....okrkkrko....",
        "...ooKkkkkKoo...",
        ".ooccoKKKKoccoo.",
        "ochhckkkkkkchcco",
        "okKkkkkkkkkkkKko",
        "okKkhccccccckKko",
        "okKoTttttttToKko",
        "okkookkkkkkookko",
        ".oooKkkooKkkooo.",
        "....okkKoKkko...",
        "...okkKo.oKkko..",
        "...okkko.okkko..",
        "...ooooo.ooooo..",
    ),
    "rogue": (
        "................",
        "................",
        "......oooo......",
        ".....octtco.....",
        "....ocbbbbco....",
        "....ocbeebco....",
        "....occssco.....",
        "...ocTcccctco...",
        "..ocTccchhcco...",
        "..oTcccchccto.om",
        "..ocTcccccccoom.",
        "..oTTccccssomo..",
        "...ooWWWWWoo....",
        "....obo.obo.....",
        "...obbo.obbo....",
        "...oooo.oooo....",
    ),
    "engine": (
        "..........ooo...",
        ".........okko...",
        "........oKkko...",
        ".......oWwoo....",
        "..oo..oWwo......",
        ".ohco.oWo.......",
        ".occhoWo........",
        ".oc.oWo.........",
        ".o.oWwo.........",
        "oooWwwwwwwwwwoo.",
        "oWwwwwwwwwwwwwWo",
        "otccchhhhhhcccto",
        "oooWoooooooWooo.",
        ".oMMMo...oMMMo..",
        ".oMoMo...oMoMo..",
        "..ooo.....ooo...",
    ),
    "king": (
        "................",
        "....o.o..o.o....",
        "....oyoyyoyo....",
        "....oyyryyyo....",
        "....oooooooo....",
        ".....ossSso...o.",
        ".....osssso..oyo",
        "....oobbbboo..y.",
        "...ohcceecchoyo.",
        "..ohcccyyccchyo.",
        "..occccyyccccyo.",
        "..occcccccccoo..",
        "..ocTTTccTTTco..",
        "..ottttttttttto.",
        "..ooooooooooooo.",
        "................",
    ),
}

KINDS = tuple(SPRITES)
SIZE = 16


def palette() -> list[tuple[int, int, int]]:
    pal = [(0, 0, 0)] * 256
    for idx, rgb in PALETTE_LETTERS.values():
        pal[idx] = rgb
    return pal


def sprite_surface(kind: str) -> pygame.Surface:
    """An 8-bit palette surface (colour key = index 0) of a piece kind in the neutral range."""
    rows = SPRITES.get(kind, SPRITES["soldier"])
    index = {ch: idx for ch, (idx, _) in PALETTE_LETTERS.items()}
    data = bytes(index.get(ch, 0) for row in rows for ch in row.ljust(SIZE, ".")[:SIZE])
    surf = pygame.image.frombytes(data, (SIZE, SIZE), "P")
    surf.set_palette(palette())
    surf.set_colorkey(0)
    return surf
