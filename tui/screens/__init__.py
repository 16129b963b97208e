"""The shared screens: title, new game, load, replay viewer, help, settings, size guard."""
