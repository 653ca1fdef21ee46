"""Xconq Game Design Language (GDL): reader, schema and loader (pure engine layer).

`read_forms` turns text into forms (lists, symbols, strings, ints, dice), `load_module` reads a
module and the modules it names (base-module, include) into a `Module` with compiled tables,
and `SCHEMA` is the one declaration of every property and table Tactibox implements.
"""
