"""Vectorized environments: N games stepped at once in Rust.

``Othello(n, seed)``, ``Santorini(n, seed)`` and ``Amazons(n, seed)`` share one interface,
in the action numbering of ``bitgames.envs`` (OpenSpiel's for Othello and Amazons)::

    env = bitgames.vector.Othello(4096, seed=1)
    obs, masks = env.reset()              # int8 [n, planes, rows, cols], bool [n, actions]
    actions = env.sample_actions()        # one uniformly random legal action per game
    obs, masks, rewards, terminated = env.step(actions)

``step`` writes into the same NumPy arrays every time (no copies): copy what you keep.
Finished games restart at once; the step that ends a game reports ``terminated`` and the
final reward (+1, -1, 0) of the player who moved, and its observation is the new game's.
Each game draws its random actions from its own seeded generator, so the same seed gives
the same games whatever the thread count.

What is legal is the environment's own record of each game, never the mask it hands out:
an action that is not legal in its game's position raises ``ValueError`` naming the game,
and no game moves, whatever the caller wrote into the mask. The actions (a 1-D ``int64``
array) are copied before anything is written, so they may even be a view of the returned
buffers. A buffer made read-only (``flags.writeable = False``) or changed in place (shape,
dtype, strides) raises ``ValueError`` before any game moves; set ``writeable`` back to step
again. An environment holds 1 to ``MAX_ENVS`` (2**20) games; other sizes raise
``ValueError`` before anything is allocated, and buffers that cannot be allocated raise
``MemoryError``.
"""

from ._native import MAX_ENVS
from ._native import VecAmazons as Amazons
from ._native import VecOthello as Othello
from ._native import VecSantorini as Santorini

__all__ = ["MAX_ENVS", "Amazons", "Othello", "Santorini"]
