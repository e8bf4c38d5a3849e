"""Ludothèque: rule engines, bots and browser views for four family card games."""

__version__ = "0.1.0"
