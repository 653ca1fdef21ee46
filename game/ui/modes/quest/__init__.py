"""Hex quest screens."""
