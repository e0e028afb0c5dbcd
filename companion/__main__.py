"""``python -m companion``: the same as the ``bidwell`` command."""

from companion.cli.main import run

if __name__ == "__main__":
    run()
