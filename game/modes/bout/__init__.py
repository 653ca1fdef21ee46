"""Steel bout: Riddle of Steel style melee duels and multi-way bouts (see docs/rules/bout.md)."""
