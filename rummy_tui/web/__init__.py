"""Playing in a web browser: ``rummy-tui serve`` (the ``web`` extra, textual-serve).

- ``index.html``: the page (a Jinja template): it loads only this server's files.
- ``fonts/``: DejaVu Sans Mono, regular and bold, and its licence, served to the page.
- ``server.py``: the web server, one private game per visitor; it imports textual-serve, so
  import it only once the extra is known to be installed (``rummy_tui.commands.serve``).
- ``limits.py``: the caps on games, and the bounds of terminal sizes and messages;
  ``hosts.py``: loopback names. Neither imports the extra.
- ``busy.html``: the page a visitor gets when a cap is reached.
"""
