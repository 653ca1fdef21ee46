"""Level importers: Sokoban XSB, Hexoban HSB and Supaplex LEVELS.DAT, all ending in `Level` objects
checked by the one validator (`level.check_level`) and reported as `file: line: problem`."""
