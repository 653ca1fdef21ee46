"""Tactibox: engine (core, rules, modes), bots, UI scenes and the command line."""

__version__ = "0.1.0"
