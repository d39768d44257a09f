"""The Gymnasium vector environments of ``bitgames.vector`` (its docs say how they work)."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Type, Union

import numpy as np
import numpy.typing as npt

from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .. import _native

__all__ = ["Amazons", "Othello", "Santorini", "VectorGame"]

_Native = Union[_native.VecOthello, _native.VecSantorini, _native.VecAmazons]
#: Observations: int8 ``[n, planes, rows, cols]``.
Observations = npt.NDArray[np.int8]
#: Actions: int64 ``[n]``.
Actions = npt.NDArray[np.int64]


def _read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    array.flags.writeable = False
    return array


class VectorGame(VectorEnv[Observations, Actions, npt.NDArray[Any]]):
    """N games of one kind stepped at once in Rust: a Gymnasium ``VectorEnv`` (module docs)."""

    _native_class: Type[_Native]
    #: The most games an environment holds (2**20).
    MAX_ENVS: int = _native.MAX_ENVS
    metadata: Dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int, seed: int = 0) -> None:
        self._core = self._native_class(num_envs, seed, next_step=True)
        self.num_envs = num_envs
        actions = self._core.num_actions
        planes = tuple(self._native_class.PLANES)
        self.single_observation_space = spaces.Box(0, 1, shape=planes, dtype=np.int8)
        self.single_action_space = spaces.Discrete(actions)
        self._observation_space: Optional[spaces.Space[Any]] = None
        self._action_space: Optional[spaces.Space[Any]] = None
        self._truncations = _read_only(np.zeros(num_envs, dtype=np.bool_))
        self._all = _read_only(np.ones(num_envs, dtype=np.bool_))
        self._player_rewards = self._core.player_rewards
        self._to_play = self._core.to_play
        self._masks: Optional[npt.NDArray[np.bool_]] = None

    # The batched spaces are made when first asked for: a Box holds bounds as large as the
    # observations (hundreds of megabytes at MAX_ENVS games).
    @property
    def observation_space(self) -> spaces.Space[Any]:  # type: ignore[override]
        if self._observation_space is None:
            self._observation_space = batch_space(self.single_observation_space, self.num_envs)
        return self._observation_space

    @property
    def action_space(self) -> spaces.Space[Any]:  # type: ignore[override]
        if self._action_space is None:
            self._action_space = batch_space(self.single_action_space, self.num_envs)
        return self._action_space

    @property
    def num_actions(self) -> int:
        """The number of actions (``single_action_space.n``)."""
        return self._core.num_actions

    def _infos(self, masks: npt.NDArray[np.bool_]) -> Dict[str, Any]:
        everyone = self._all
        return {
            "action_mask": masks,
            "_action_mask": everyone,
            "rewards": self._player_rewards,
            "_rewards": everyone,
            "to_play": self._to_play,
            "_to_play": everyone,
        }

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Observations, Dict[str, Any]]:
        """Restarts every game: ``(observations, infos)`` (module docs)."""
        if options:
            raise ValueError(
                f"bitgames.vector environments take no reset options, not {sorted(options)}"
            )
        if seed is not None and not 0 <= seed < 2**64:
            raise ValueError(f"seed must be from 0 to 2**64 - 1, not {seed}")
        super().reset(seed=seed)
        if seed is not None:
            self._core.reseed(seed)
        obs, masks = self._core.reset()
        self._player_rewards[...] = 0
        return obs, self._infos(masks)

    def step(
        self, actions: npt.ArrayLike
    ) -> Tuple[
        Observations,
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        Dict[str, Any],
    ]:
        """One action per game: ``(observations, rewards, terminations, truncations,
        infos)`` (module docs)."""
        obs, masks, rewards, terminated = self._core.step(np.asarray(actions, dtype=np.int64))
        return obs, rewards, terminated, self._truncations, self._infos(masks)

    def sample_actions(self) -> Actions:
        """One uniformly random legal action per game, drawn in Rust from each game's own
        generator (0 for a game that ended on the last step: its action is ignored)."""
        return self._core.sample_actions()

    def current_players(self) -> npt.NDArray[np.uint8]:
        """The player each observation is for, 0 or 1, as a new array (a copy of
        ``infos["to_play"]``)."""
        return self._core.current_players()

    def __repr__(self) -> str:
        return f"bitgames.vector.{type(self).__name__}({self.num_envs})"


class Othello(VectorGame):
    """N Othello games: 65 actions (``8 * row + col`` with a1 = 0, 64 = pass), planes
    ``[3, 8, 8]`` (empty, own discs, opponent's discs)."""

    _native_class = _native.VecOthello


class Santorini(VectorGame):
    """N Santorini games (no gods): 769 actions, planes ``[7, 5, 5]``."""

    _native_class = _native.VecSantorini


class Amazons(VectorGame):
    """N games of the Amazons: a turn is three steps of the same player (queen, destination,
    arrow), each of 100 squares; planes ``[4, 10, 10]``."""

    _native_class = _native.VecAmazons
