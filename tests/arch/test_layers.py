"""Layer order, by module-name prefix, on the import graph read from the source (imports inside
functions included):

    game.core  <  game.rules  <  {game.modes, game.match}  <  {game.link, game.store}  <  {game.ui, game.cli, game.app}

A module may import modules of its own tier or of a lower tier, never a higher one. The engine
(core, rules, modes) imports neither `hw` nor `firmware_bridge`; `game.link` and `game.store` may
use `firmware_bridge` but not `hw`. `firmware_bridge` may use only `game.core.prng` of the game,
`hw` only `game.core.datafile`, `game.core.fields` and `game.core.numbers` (the one bounded file
reader, the one validation style and the one judge of absurd numbers: key maps and gpio.toml are
data files too); these are leaves that import nothing from the project but each other. Each failure names the import:
`file:line: module imports module (why)`."""

from __future__ import annotations

from importgraph import ROOT, edges

TIERS = (
    ("game", "game.core"),               # `game` itself: the package docstring and __version__
    ("game.rules",),
    ("game.modes", "game.match"),
    ("game.link", "game.store"),
    ("game.ui", "game.cli", "game.app", "game.__main__"),
)
MAY_USE_BRIDGE = ("game.link", "game.store", "game.ui", "game.cli", "game.app")
MAY_USE_HW = ("game.ui", "game.cli", "game.app")
GAME_LEAVES_FOR = {"firmware_bridge": ("game.core.prng",),
                   "hw": ("game.core.datafile", "game.core.fields", "game.core.numbers")}

# Known violations, each with the reason it is still here (empty when the tree is clean). An entry
# that no longer matches a live import fails `test_allowlist_holds_only_live_violations`: delete it.
ALLOWED: dict[tuple[str, str], str] = {}


def _in(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def tier(module: str) -> tuple[int, str] | None:
    """(tier index, the layer prefix) of a game module; the longest matching prefix wins."""
    best = None
    for i, prefixes in enumerate(TIERS):
        for p in prefixes:
            if _in(module, p) and (best is None or len(p) > len(best[1])):
                best = (i, p)
    return best


def violation(src: str, dst: str) -> str | None:
    top_src, top_dst = src.split(".")[0], dst.split(".")[0]
    if top_src in GAME_LEAVES_FOR:
        if top_dst == "game" and dst not in GAME_LEAVES_FOR[top_src]:
            return f"{top_src} may use only {', '.join(GAME_LEAVES_FOR[top_src])} of the game"
        other = "hw" if top_src == "firmware_bridge" else "firmware_bridge"
        if top_dst == other:
            return f"{top_src} never imports {other}"
        return None
    if top_src != "game":
        return None
    if top_dst == "firmware_bridge" and not any(_in(src, p) for p in MAY_USE_BRIDGE):
        return f"only {', '.join(MAY_USE_BRIDGE)} may use firmware_bridge"
    if top_dst == "hw" and not any(_in(src, p) for p in MAY_USE_HW):
        return f"only {', '.join(MAY_USE_HW)} may use hw"
    if top_dst == "game":
        ts, td = tier(src), tier(dst)
        if ts is None or td is None:
            return f"{src if ts is None else dst} is in no layer; add it to TIERS"
        if td[0] > ts[0]:
            return f"layer {ts[1]} may not import the higher layer {td[1]}"
    return None


def layering_violations(root=ROOT) -> list[str]:
    out = set()
    for e in edges(root):
        why = violation(e.src, e.dst)
        if why and (e.src, e.dst) not in ALLOWED:
            out.add(f"{e} ({why})")
    return sorted(out)


def test_layers_by_prefix():
    assert layering_violations() == []


def test_allowlist_holds_only_live_violations():
    live = {(e.src, e.dst) for e in edges() if violation(e.src, e.dst)}
    assert [k for k in ALLOWED if k not in live] == []


def test_leaves_used_by_hw_and_the_bridge_import_nothing_from_the_project():
    leaves = {m for ms in GAME_LEAVES_FOR.values() for m in ms}
    assert [str(e) for e in edges() if e.src in leaves and e.dst not in leaves] == []


def test_the_rules_themselves():
    assert violation("game.rules.skirmish.loader", "game.core.grid") is None
    assert violation("game.modes.duel.game", "game.rules.schema") is None
    assert violation("game.link.setup", "game.store.datadir") is None          # peers
    assert violation("game.cli.play", "game.ui.attract") is None               # peers
    assert "higher layer game.store" in violation("game.rules.skirmish.catalog", "game.store.datadir")
    assert "higher layer game.ui" in violation("game.modes.x", "game.ui.theme")
    assert "higher layer game.modes" in violation("game.core.replay", "game.modes.base")
    assert "may use firmware_bridge" in violation("game.modes.duel.link", "firmware_bridge.session")
    assert "may use hw" in violation("game.store.settings", "hw.input")
    assert violation("firmware_bridge.selftest_game", "game.core.prng") is None
    assert "only game.core.prng" in violation("firmware_bridge.x", "game.core.grid")
    assert violation("hw.input.keymap", "game.core.datafile") is None
    assert violation("hw.input.keymap", "game.core.fields") is None
    assert "only game.core.datafile, game.core.fields" in violation("hw.input.keymap", "game.rules.schema")
    assert "never imports firmware_bridge" in violation("hw.ports", "firmware_bridge.transport")


def test_a_planted_violation_is_named(tmp_path):
    for pkg in ("game/core", "game/ui", "hw", "firmware_bridge"):
        (tmp_path / pkg).mkdir(parents=True)
        (tmp_path / pkg / "__init__.py").write_text("")
    (tmp_path / "game" / "__init__.py").write_text("")
    (tmp_path / "game" / "ui" / "theme.py").write_text("X = 1\n")
    (tmp_path / "game" / "core" / "bad.py").write_text("def f():\n    from game.ui.theme import X\n    return X\n")
    (tmp_path / "hw" / "bad.py").write_text("import game.ui.theme\n")
    assert layering_violations(tmp_path) == [
        "game/core/bad.py:2: game.core.bad imports game.ui.theme "
        "(layer game.core may not import the higher layer game.ui)",
        "hw/bad.py:1: hw.bad imports game.ui.theme (hw may use only game.core.datafile, game.core.fields, "
        "game.core.numbers of the game)",
    ]
