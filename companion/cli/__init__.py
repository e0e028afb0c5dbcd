"""The ``bidwell`` command line: its arguments, its commands, and what it prints."""
