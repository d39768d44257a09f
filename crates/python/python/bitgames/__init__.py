"""bitgames: bitboard game kernels from Rust.

Positions (``Othello``, ``Santorini``, ``Amazons``) are immutable values: ``Cls()`` is the
start position, ``Cls(text)`` parses the command line's notation and ``str()`` gives it back;
``play(move)`` returns the next position and raises ``ValueError`` with the game's own message
for a malformed or illegal move. ``TowerDefence`` simulates the Entelect Challenge 2018 game
from ``state.json`` text.

Layers on top: ``bitgames.envs`` (PettingZoo AEC environments in OpenSpiel's action
numbering), ``bitgames.vector`` (N games stepped at once in Rust into NumPy buffers) and
``bitgames.distributed`` (perft, endgame solving and self-play as work units on Ray; needs
the ``distributed`` extra).

No input ends the interpreter: bad values raise ``ValueError``, ``TypeError`` or
``MemoryError``; sizes past what can be allocated or finished (``bitgames.vector.MAX_ENVS``
games, ``compare``'s instances, ``random_games``' ``MAX_RANDOM_GAMES``,
``TowerDefence.MAX_PLAYOUTS``) are refused up front.
"""

import json as _json
from typing import Any, Dict, List, Optional

from ._native import Amazons, Othello, Santorini, TowerDefence, random_games
from ._native import compare_json as _compare_json
from ._native import kernels_json as _kernels_json
from ._native import strategies as _strategies

__all__ = [
    "PLAYERS",
    "Amazons",
    "Othello",
    "Santorini",
    "TowerDefence",
    "compare",
    "kernels",
    "random_games",
    "strategies",
]


#: The players' names, first player first: what ``side_to_move``, ``outcome`` and ``cells``
#: say, and what index 0 and 1 of the environments' player numbers (``to_play``, the
#: PettingZoo agents ``player_0`` and ``player_1``, reward pairs) stand for.
PLAYERS = ("first", "second")


def strategies(game: str) -> List[Dict[str, str]]:
    """The kernel strategies of ``game``: a list of ``{"name", "kind", "idea"}``."""
    return [{"name": n, "kind": k, "idea": i} for n, k, i in _strategies(game)]


def compare(game: str, instances: int = 10_000, seed: int = 1) -> Dict[str, Any]:
    """Check every strategy of ``game`` against naive on random instances, then time them.

    ``instances`` is 1 to 1,000,000 (the instances are generated and held in memory; a
    million takes minutes); other counts raise ``ValueError`` before any work.

    Returns the record ``bitgames compare GAME --json`` prints: ``game``, ``instances``,
    ``seed``, ``target`` and ``results`` (operation, strategy, ns_per_call,
    speedup_vs_naive).
    """
    result: Dict[str, Any] = _json.loads(_compare_json(game, instances, seed))
    return result


def kernels(
    game: str, position: Optional[str] = None, seed: int = 1, budget_ms: float = 1.0
) -> List[Dict[str, Any]]:
    """Every registered kernel operation of ``game`` run by every strategy on ``position``.

    ``position`` is the game's notation (when ``None``, a random reachable one from ``seed``
    that asks the kernels a question); what the web app's Kernels page shows. Returns a list of ``{"operation", "question",
    "layers", "count", "timings": [{"strategy", "ns_per_call", "agrees"}]}``: ``layers``
    holds the naive answer's squares (one list per distance layer), ``count`` a numeric
    answer. Each (operation, strategy) is timed for ``budget_ms`` milliseconds.
    """
    result: List[Dict[str, Any]] = _json.loads(_kernels_json(game, position, seed, budget_ms))
    return result
