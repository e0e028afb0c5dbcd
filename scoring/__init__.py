"""Bidwell's rules engine: games as data, a game as a log of actions, records.

Pure Python: no UI, no storage, no printing. The app, the sheets and the
command line ask this package; none of them derives a rule by itself.
"""
