"""Playing Xconq GDL modules: ACP turns, movement, transports, combat, detonation, scoring, bots."""
