"""Level importers: Sokoban XSB/SOK, Hexoban HSB and Supaplex LEVELS.DAT, all ending in `Level`
objects checked by the one validator (`level.check_level`) and reported as `file: line: problem`.
`catalog.read_file(path, label)` picks the importer by the file's name (base.py: what every
importer hands back).
"""
