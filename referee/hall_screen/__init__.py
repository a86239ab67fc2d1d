"""The hall's own screen and the prize-giving: the round clock, announcements, the draw and results
panels, the prizes and their certificates."""
