"""Pixel art made by code: tiles, pieces (with team recolouring), icons, the logo."""
