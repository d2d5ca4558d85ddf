"""Dice recognition with OpenCV. Knows nothing of the table package."""
