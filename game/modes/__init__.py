"""Game modes: the rules of one game system each, plus its bots."""
