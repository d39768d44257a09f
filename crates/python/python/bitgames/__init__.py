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
"""

import json as _json

from ._native import Amazons, Othello, Santorini, TowerDefence, random_games
from ._native import compare_json as _compare_json
from ._native import strategies as _strategies

__all__ = [
    "Amazons",
    "Othello",
    "Santorini",
    "TowerDefence",
    "compare",
    "random_games",
    "strategies",
]


def strategies(game):
    """The kernel strategies of ``game``: a list of ``{"name", "kind", "idea"}``."""
    return [{"name": n, "kind": k, "idea": i} for n, k, i in _strategies(game)]


def compare(game, instances=10_000, seed=1):
    """Check every strategy of ``game`` against naive on random instances, then time them.

    Returns the record ``bitgames compare GAME --json`` prints: ``game``, ``instances``,
    ``seed``, ``target`` and ``results`` (operation, strategy, ns_per_call,
    speedup_vs_naive).
    """
    return _json.loads(_compare_json(game, instances, seed))
