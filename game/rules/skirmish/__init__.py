"""Skirmish rulesets: schema, loader, maps, playability checks and the catalog of ruleset folders."""
