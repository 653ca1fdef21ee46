"""Wizard duel (War of Wizards): two wizards, a random maze dungeon, spells and potions."""
