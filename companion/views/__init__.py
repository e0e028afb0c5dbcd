"""The screens' view-models: what each screen shows and what a tap does, as plain values, Flet-free (the
command line and the tests use them as the screens do)."""
