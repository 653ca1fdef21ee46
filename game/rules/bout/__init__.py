"""Steel bout rulesets: the schema and the loader."""
