"""pygame-ce scenes, widgets and rendering."""
