"""Command palette provider: new game, rules, save, and the table's actions by name."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

_APP_COMMANDS = (
    ("New game", "Back to the variant picker", "new_game"),
    ("Resume a game", "Pick a saved game from the saves folder", "resume"),
    ("Rules and keys", "The rules of this variant and the key help", "help"),
    ("Save game", "Save the game in play", "save"),
    ("Statistics", "Every player's record across finished games", "statistics"),
    ("Quit", "Leave rummy-tui", "quit"),
)

_TABLE_COMMANDS = (
    ("Sort hand by suit / rank", "Toggle the order of the hand", "sort"),
    ("Auto-arrange hand", "Group the hand into its best melds", "arrange"),
    ("Hint", "What the computer would do now", "hint"),
    ("Undo", "Undo a meld, lay-off or arrangement of this turn", "undo"),
    ("Bot speed: faster", "Computer players move quicker", "bot_speed(0.5)"),
    ("Bot speed: slower", "Computer players move slower", "bot_speed(2.0)"),
    ("Four-colour deck on/off", "Spades black, hearts red, diamonds blue, clubs green",
     "toggle_four_colour"),
)


class RummyCommands(Provider):
    def _commands(self) -> list[tuple[str, str, object]]:
        app = self.app
        found: list[tuple[str, str, object]] = [
            (name, help, partial(app.run_action, action)) for name, help, action in _APP_COMMANDS
        ]
        screen = self.screen
        if type(screen).__name__ == "TableScreen":
            found += [
                (name, help, partial(screen.run_action, action))
                for name, help, action in _TABLE_COMMANDS
            ]
        return found

    async def discover(self) -> Hits:
        for name, help, callback in self._commands():
            yield DiscoveryHit(name, callback, help=help)  # type: ignore[arg-type]

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help)  # type: ignore[arg-type]
