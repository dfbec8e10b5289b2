"""``rummy-tui arrange``: the best arrangement of a hand, for a person or as JSON (issue 2).

    rummy-tui arrange --variant indian --wild 7 AS 2S 3S 7H ...
    rummy-tui arrange --variant rummy --json AS 2S 3S 9C 9D 9H KD
    rummy-tui arrange --variant rummy --rule ace_high=true QS KS AS
    echo '{"variant": "indian", "cards": ["AS", "2S", "3S"], "wild": "7"}' | rummy-tui arrange --stdin

With ``--stdin`` every input line is one JSON object (``variant``, ``cards``, optional ``wild``
and ``rules``) and gets one JSON line back, in order; a bad line gets ``{"error": "..."}`` and
the rest go on; the exit status is 1 if any line failed. On the command line, bad input gets a
one-line reason on stderr and exit status 2.

Rich, for the table, is imported only when one is printed (start-up: commands/__init__.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..cli import UsageError
from ..core.library import arrange
from ..core.options import make_options
from ..core.registry import hand_rules
from ..core.variants import RuleError
from . import command, parse_rule_args, quote
from ..core.text import one_line


def add_parser(sub: Any) -> None:
    parser = command(
        sub, "arrange", run,
        help="the best melds, deadwood and penalty of a hand",
        description="Find the arrangement of a hand into melds and deadwood with the lowest "
        "penalty under a variant's rules. Cards are codes such as AS 10H TD QC JK "
        "(any case; the suit symbols work too).",
    )
    parser.add_argument(
        "--variant",
        help="rummy, remi, remigio, remigio-fournier or indian",
    )
    parser.add_argument("--wild", help="the Indian wild rank: A, 2-10, J, Q, K (JK: aces)")
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a variant option: ace_high=true (rummy), wrap=true (remigio), decks=N (indian)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--stdin",
        action="store_true",
        help="read JSON lines {variant, cards, wild?, rules?} and write one JSON line each",
    )
    parser.add_argument("cards", nargs="*", help="the hand, e.g. AS 2S 3S 9C 9D 9H")


def run(args: argparse.Namespace) -> int:
    if args.stdin:
        if args.cards or args.variant or args.wild or args.rule:
            raise UsageError("arrange --stdin takes its hands from standard input only")
        return _run_lines(sys.stdin, sys.stdout)
    if not args.variant:
        raise UsageError("arrange: --variant is required (rummy, remi, remigio, "
                         "remigio-fournier or indian)")
    if not args.cards:
        # an empty table with exit 0 would read as "this hand has nothing in it"
        raise UsageError("arrange: no cards given (for example: rummy-tui arrange "
                         f"--variant {args.variant} AS 2S 3S)")
    rules = _parse_rules(args.variant, args.rule)
    try:
        result = arrange(args.cards, args.variant, wild=args.wild, **rules)
    except ValueError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        _show(result, ascii=bool(getattr(args, "ascii", False)))
    return 0


def _parse_rules(variant: str, items: list[str]) -> dict[str, Any]:
    """The ``--rule`` items through the parser and limits ``new`` and ``simulate`` use
    (``parse_rule_args``: typed and bounded by the variant's options model); only the options
    given are passed on."""
    try:
        options = parse_rule_args(variant, items)
        given = [item.partition("=")[0].strip().replace("-", "_") for item in items]
        return _hand_rules_only(variant, {key: getattr(options, key) for key in given})
    except RuleError as exc:
        raise UsageError(f"arrange: {exc}") from None


def _hand_rules_only(variant: str, rules: dict[str, Any]) -> dict[str, Any]:
    """The options that change how a hand counts (``ace_high``, ``wrap``, ``decks``), already
    checked by the options model; an option left unset (``decks=none``) takes its default,
    and an option of the game that does not change a hand (``target``) is refused in one line.
    """
    rules = {key: value for key, value in rules.items() if value is not None}
    for key, value in rules.items():
        try:
            hand_rules(variant, **{key: value})
        except RuleError as exc:
            if str(exc).startswith("unknown rule"):
                raise RuleError(f"the rule {key} does not change how a hand is arranged "
                                f"(arrange takes the rules of a hand only)") from None
            raise
    return rules


def _stdin_rules(variant: str, rules: Any) -> dict[str, Any]:
    """A line's ``rules`` object, checked by the variant's options model as strictly as a
    save's options (``"decks": "2"`` or ``true`` is refused, and every number is bounded)."""
    if not isinstance(rules, dict):
        raise ValueError("'rules' must be an object")
    make_options(variant, rules)
    return _hand_rules_only(variant, rules)


def _run_lines(lines: Any, out: Any) -> int:
    failed = False
    for line in lines:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ValueError("each line must be a JSON object")
            unknown = set(request) - {"variant", "cards", "wild", "rules"}
            if unknown:
                raise ValueError(f"unknown field {quote(sorted(unknown)[0])}")
            if "variant" not in request or "cards" not in request:
                raise ValueError("a line needs 'variant' and 'cards'")
            variant, cards = request["variant"], request["cards"]
            if not isinstance(variant, str):
                raise ValueError("'variant' must be a string")
            if not isinstance(cards, (list, str)):
                raise ValueError("'cards' must be a list of card codes")
            rules = _stdin_rules(variant, request.get("rules", {}))
            answer = arrange(cards, variant, wild=request.get("wild"), **rules).to_json()
        except Exception as exc:  # one bad line never stops the others
            failed = True
            answer = {"error": _reason(exc)}
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return 1 if failed else 0


def _reason(exc: Exception) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return f"not JSON: {exc.msg} (column {exc.colno})"
    if isinstance(exc, (ValueError, TypeError)):
        return one_line(exc)
    return one_line(f"{type(exc).__name__}: {exc}")


def _show(result: Any, ascii: bool) -> None:
    """The arrangement for a person, drawn with Rich."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    def cards(row: Any) -> Text:
        text = Text()
        for i, card in enumerate(row):
            if i:
                text.append(" ")
            style = "bold magenta" if card.is_joker else ("red" if card.is_red else "")
            text.append(card.symbol(ascii), style=style)
        return text

    table = Table(title=f"{result.variant}: {len(result.cards)} cards", title_justify="left")
    table.add_column("", style="bold")
    table.add_column("cards")
    for meld in result.melds:
        kind = "run" if meld.kind == "run" else "set"
        label = f"{kind}, {'pure' if meld.pure else 'with jokers'}"
        table.add_row(label, cards(meld.cards))
    table.add_row("deadwood", cards(result.deadwood) if result.deadwood else Text("none", "dim"))
    console = Console(highlight=False)
    console.print(table)
    line = f"penalty [bold]{result.penalty}[/bold]   "
    line += "[green]can go out[/green]" if result.can_go_out else "cannot go out"
    if result.special:
        line += f"   {result.special.replace('_', ' ')}"
    if result.multiplier is not None:
        line += f"   multiplier x{result.multiplier}"
    console.print(line)
