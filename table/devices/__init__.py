"""Ports to the world: the NFC seat hub, lights and buttons, the camera; each with a virtual twin."""
