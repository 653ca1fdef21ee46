"""Rulesets as data: one schema per ruleset kind, a loader that reports every problem, compiled tables."""
