"""The vectorized environments' interface before issue 42, kept for one release; it warns
once (``DeprecationWarning``) when first used. Use ``bitgames.vector`` (Gymnasium's
``VectorEnv``) instead.

``Othello(n, seed)``, ``Santorini(n, seed)`` and ``Amazons(n, seed)``::

    env = bitgames.vector.legacy.Othello(4096, seed=1)
    obs, masks = env.reset()              # int8 [n, planes, rows, cols], bool [n, actions]
    actions = env.sample_actions()        # one uniformly random legal action per game
    obs, masks, rewards, terminated = env.step(actions)

Finished games restart at once: the step that ends a game reports ``terminated`` and the
final reward (+1, -1, 0) of the player who moved, and its observation is already the new
game's. ``current_players()`` gives the player to act in each game. Legality, buffers and
sizes are checked as in ``bitgames.vector``. Needs no Gymnasium.
"""

import warnings
from typing import Type, TypeVar

from .. import _native
from .._native import MAX_ENVS

__all__ = ["MAX_ENVS", "Amazons", "Othello", "Santorini"]

_warned = False

_T = TypeVar("_T", _native.VecOthello, _native.VecSantorini, _native.VecAmazons)


def _make(cls: Type[_T], n: int, seed: int) -> _T:
    global _warned
    if not _warned:
        _warned = True
        warnings.warn(
            "bitgames.vector.legacy is the vector environments' interface before Gymnasium's "
            "(reset() -> (obs, masks), step() -> (obs, masks, rewards, terminated)) and goes "
            "in the next release: use bitgames.vector (a gymnasium.vector.VectorEnv)",
            DeprecationWarning,
            stacklevel=3,
        )
    return cls(n, seed)


def Othello(n: int, seed: int = 0) -> _native.VecOthello:  # noqa: N802 - a class before
    """``n`` Othello games with the old interface (module docs)."""
    return _make(_native.VecOthello, n, seed)


def Santorini(n: int, seed: int = 0) -> _native.VecSantorini:  # noqa: N802
    """``n`` Santorini games with the old interface (module docs)."""
    return _make(_native.VecSantorini, n, seed)


def Amazons(n: int, seed: int = 0) -> _native.VecAmazons:  # noqa: N802
    """``n`` games of the Amazons with the old interface (module docs)."""
    return _make(_native.VecAmazons, n, seed)
