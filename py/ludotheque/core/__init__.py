"""Mechanics shared by every game: seeded randomness, seats, options, moves, records."""
