"""Lenses (.lens): a perspective on a knowledge model; composable."""
