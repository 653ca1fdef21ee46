"""Hardware seen from the game: logical input sources, display setup, serial port discovery."""
