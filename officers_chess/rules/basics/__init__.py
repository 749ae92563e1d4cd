"""Foundations with no rules of their own: sparse JSON models, the seeded dice, the rating letters."""
