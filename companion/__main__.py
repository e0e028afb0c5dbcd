from companion.cli import run

run()
