"""Bidwell's companion: the app and the ``bidwell`` command line.

Importing this package loads nothing heavy; the app's UI is imported only
when the app is started, so scoring from the command line stays fast.
"""
