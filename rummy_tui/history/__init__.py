"""Players and their history (issue 13): profiles and statistics across games.

- :mod:`.records`: what a finished game leaves (a :class:`GameRecord`) and the figures
  computed from the records (pure: no file, no UI);
- :mod:`.store`: the statistics file, read and written atomically.
"""
