"""What the Hex quest screens share: the campaign, the progress store, and how a level is opened.

    store = quest_store(app)      # loaded once per App from <data>/quest/ (game.store.quest_progress)
    camp = campaign()             # assets/quest/campaign.toml, or None (campaign_problems() says why)
    open_level(app, lid, "campaign" | "free", resume=True)    # in run.py

The screens: the hub (`quest_hub`, the main menu's "Hex quest"), the campaign map (`quest_map`),
the shop (`quest_shop`), the square puzzle list (`quest_levels`) and the board (`quest`).
"""

from __future__ import annotations

from functools import lru_cache

from game.modes.quest.campaign import Campaign, load_campaign
from game.modes.quest.catalog import ASSETS, LevelError, load_level, shipped_ids
from game.store.quest_progress import QuestStore

STORE_ATTR = "_quest_store"
IMPORTS_SCENE = "quest_imports"


def quest_store(app) -> QuestStore:
    """The App's quest store (one per App, read from its data folder the first time)."""
    st = getattr(app, STORE_ATTR, None)
    if st is None or st.root != app.data.root / "quest":
        st = QuestStore(app.data.root / "quest")
        st.load()
        setattr(app, STORE_ATTR, st)
    return st


def take_messages(app) -> list[str]:
    """Problems the store found since the last call (shown once, in a message box)."""
    st = quest_store(app)
    out, st.messages = list(st.messages), []
    return out


@lru_cache(maxsize=1)
def _campaign() -> tuple[Campaign | None, tuple[str, ...]]:
    camp, probs = load_campaign(ASSETS / "campaign.toml")
    return camp, tuple(str(p) for p in probs)


def campaign() -> Campaign | None:
    return _campaign()[0]


def campaign_problems() -> list[str]:
    return list(_campaign()[1])


@lru_cache(maxsize=256)
def level_title(lid: str) -> str:
    """The level's own title (its id when it has none or cannot be read)."""
    try:
        lv, _, _ = load_level(lid)
    except (LevelError, ValueError):
        return lid
    return lv.title or lid


def square_ids() -> list[str]:
    return [i for i in shipped_ids() if i.startswith("square/")]


def imports_available(app) -> bool:
    """The dropin engineer's "Imported levels" screen, only when the quest's UI part names it."""
    from game.ui.registry import ui_of
    ui = ui_of("quest")
    return ui is not None and IMPORTS_SCENE in ui.scenes
