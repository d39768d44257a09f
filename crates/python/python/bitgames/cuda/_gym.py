"""The Gymnasium vector environments of ``bitgames.cuda`` (its docs say how they work)."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Type, Union

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .. import _native
from .._native import DeviceArray

__all__ = ["Amazons", "CudaVectorGame", "Othello"]

_Native = Union[_native.CudaOthello, _native.CudaAmazons]


def _read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    array.flags.writeable = False
    return array


class CudaVectorGame(VectorEnv[DeviceArray, Any, Any]):
    """N games of one kind stepped at once on a CUDA device: a Gymnasium ``VectorEnv``
    (``bitgames.cuda``'s docs)."""

    _native_class: Type[_Native]
    #: The most games an environment holds (2**24).
    MAX_ENVS: int = _native.CUDA_MAX_ENVS
    metadata: Dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self, num_envs: int, seed: int = 0, device: int = 0, strategy: str = "kogge-stone"
    ) -> None:
        self._core: _Native = self._native_class(num_envs, seed, device, strategy)
        self._device, self._strategy = device, strategy
        self.num_envs = num_envs
        self.single_observation_space = spaces.Box(
            0, 1, shape=tuple(self._core.observation_shape), dtype=np.int8
        )
        self.single_action_space = spaces.Discrete(self._core.num_actions)
        self._observation_space: Optional[spaces.Space[Any]] = None
        self._action_space: Optional[spaces.Space[Any]] = None
        self._truncations = _read_only(np.zeros(num_envs, dtype=np.bool_))
        self._all = _read_only(np.ones(num_envs, dtype=np.bool_))

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

    @property
    def native(self) -> _Native:
        """The native environment underneath (``bitgames.cuda.legacy``'s interface)."""
        return self._core

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[DeviceArray, Dict[str, Any]]:
        """Restarts every game: ``(observations, infos)``; with ``seed``, the batch is made
        anew from it (``bitgames.cuda``'s docs)."""
        if options:
            raise ValueError(
                f"bitgames.cuda environments take no reset options, not {sorted(options)}"
            )
        if seed is not None and not 0 <= seed < 2**64:
            raise ValueError(f"seed must be from 0 to 2**64 - 1, not {seed}")
        super().reset(seed=seed)
        if seed is not None:
            self._core = self._native_class(self.num_envs, seed, self._device, self._strategy)
        obs, masks = self._core.reset()
        return obs, {"action_mask": masks, "_action_mask": self._all}

    def step(
        self, actions: Any
    ) -> Tuple[DeviceArray, DeviceArray, DeviceArray, npt.NDArray[np.bool_], Dict[str, Any]]:
        """One action per game (a NumPy array, a DLPack array on the device, or what
        ``sample_actions`` returned): ``(observations, rewards, terminations, truncations,
        infos)``."""
        obs, masks, rewards, terminated = self._core.step(actions)
        infos = {"action_mask": masks, "_action_mask": self._all}
        return obs, rewards, terminated, self._truncations, infos

    def sample_actions(self) -> DeviceArray:
        """One uniformly random legal action per game, drawn on the device."""
        return self._core.sample_actions()

    def synchronize(self) -> None:
        """Waits for the device's work on this environment to finish."""
        self._core.synchronize()

    def __repr__(self) -> str:
        return f"bitgames.cuda.{type(self).__name__}({self.num_envs})"


class Othello(CudaVectorGame):
    """N Othello games on a CUDA device (65 actions, planes ``[3, 8, 8]``)."""

    _native_class = _native.CudaOthello


class Amazons(CudaVectorGame):
    """N games of the Amazons on a CUDA device (100 actions a sub-action, planes
    ``[4, 10, 10]``)."""

    _native_class = _native.CudaAmazons
