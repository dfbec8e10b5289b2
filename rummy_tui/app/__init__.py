"""The Textual app: hot-seat rummy at one keyboard.

Only ``rummy_tui.commands.play`` imports this package, lazily, so that ``import rummy_tui``
and the rules core never load Textual.
"""
