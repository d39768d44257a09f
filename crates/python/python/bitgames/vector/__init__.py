"""Vectorized environments: N games stepped at once in Rust, as Gymnasium vector environments.

``Othello(n)``, ``Santorini(n)`` and ``Amazons(n)`` are ``gymnasium.vector.VectorEnv``s in
the action numbering of ``bitgames.envs`` (OpenSpiel's for Othello and Amazons); they need
Gymnasium (``pip install "bitgames[envs]"``)::

    env = bitgames.vector.Othello(4096)
    obs, infos = env.reset(seed=1)        # int8 [n, planes, rows, cols]
    masks = infos["action_mask"]          # bool [n, actions]: the legal actions of each obs
    actions = env.sample_actions()        # one uniformly random legal action per game
    obs, rewards, terminations, truncations, infos = env.step(actions)

- **Spaces**: ``single_observation_space`` is ``Box(0, 1, (planes, rows, cols), int8)``,
  ``single_action_space`` ``Discrete(actions)``; ``observation_space`` and ``action_space``
  are their batches (``Box`` of ``[n, planes, rows, cols]``, ``MultiDiscrete([actions] *
  n)``).
- **Observations** are planes as the player to act sees them (``infos["to_play"]`` says
  which player that is, 0 the first and 1 the second, as ``bitgames.PLAYERS`` names them).
- **Action mask**: ``infos["action_mask"]``, bool ``[n, actions]``, True for the legal
  actions of each observation. ``sample_actions()`` draws from it in Rust, from each game's
  own generator (seeded by ``reset(seed=...)``), so the same seed gives the same games
  whatever the thread count.
- **Rewards** are for the player who chose the action: the player to act in the
  observation the action was taken in (``infos["to_play"]`` of the previous step). They are
  0 until the step that ends a game, which gives that player's result: +1 win, -1 loss, 0
  draw. ``infos["rewards"]``, float32 ``[n, 2]``, holds both players' rewards of the step
  (first player's, second player's), so nobody has to work out who moved.
- **Autoreset**: Gymnasium's next-step mode (``metadata["autoreset_mode"] =
  AutoresetMode.NEXT_STEP``). The step that ends a game returns ``terminations[i] = True``,
  the reward and the final position (seen by the player who did not make the last move;
  its mask allows every action). The next step ignores game ``i``'s action and restarts the
  game: the start position, reward 0, not terminated. ``truncations`` is always False
  (every game ends by the rules).
- ``reset(seed=None, options=None)`` restarts every game; with ``seed`` it also seeds
  every game's generator afresh (game ``i`` from ``seed`` and ``i``), so ``reset(seed=s)``
  then the same actions (or ``sample_actions()``) give the same games every time. Without
  ``seed`` the generators go on. ``options`` must be ``None`` or empty.
- ``infos`` is a new dict each step in Gymnasium's vector format: each array under its key
  with a ``"_key"`` array saying which games it holds (all of them, here).

``step`` writes into the same NumPy arrays every time (no copies): copy what you keep. The
returned ``truncations`` and the ``"_key"`` arrays are read-only.

What is legal is the environment's own record of each game, never the mask it hands out:
an action that is not legal in its game's position raises ``ValueError`` naming the game,
and no game moves, whatever the caller wrote into the mask. The actions (a 1-D integer
array of ``n``, or anything ``numpy.asarray`` makes one of) are copied before anything is
written, so they may even be a view of the returned buffers. A buffer made read-only
(``flags.writeable = False``) or changed in place (shape, dtype, strides) raises
``ValueError`` before any game moves; set ``writeable`` back to step again. An environment
holds 1 to ``MAX_ENVS`` (2**20) games; other sizes raise ``ValueError`` before anything is
allocated, and buffers that cannot be allocated raise ``MemoryError``.

Before this interface (issue 42), ``reset()`` returned ``(obs, masks)``, ``step`` returned
``(obs, masks, rewards, terminated)`` with finished games restarted within the step that
ended them. That interface is ``bitgames.vector.legacy`` for one more release (it warns once
when used); ``Othello(n, seed=s)`` still seeds the generators as before.
"""

from typing import Any

from .._native import MAX_ENVS

__all__ = ["MAX_ENVS", "Amazons", "Othello", "Santorini", "VectorGame"]

try:
    from ._gym import Amazons, Othello, Santorini, VectorGame
except ImportError as _err:  # pragma: no cover - exercised by a subprocess test
    if _err.name is None or not _err.name.startswith("gymnasium"):
        raise
    _missing = _err

    def __getattr__(name: str) -> Any:
        if name in __all__:
            raise ImportError(
                f"bitgames.vector.{name} is a gymnasium.vector.VectorEnv and needs Gymnasium "
                "1.1 or later, which is not installed: pip install 'bitgames[envs]' (or pip "
                "install gymnasium); bitgames.vector.legacy needs no Gymnasium",
                name="gymnasium",
            ) from _missing
        raise AttributeError(f"module 'bitgames.vector' has no attribute {name!r}")
