"""PettingZoo AEC environments: ``othello_v0``, ``santorini_v0``, ``amazons_v0``.

They follow PettingZoo's classic environments: agents ``player_0`` (moves first) and
``player_1``; observations are dicts with ``observation`` (int8 planes, planes first) and
``action_mask`` (int8, 1 for a legal action); rewards are +1/-1/0 when the game ends and 0
before; ``render_mode="ansi"`` returns the board as text. The action numbering is
OpenSpiel's where OpenSpiel has the game (see the native module's docs):

- ``othello_v0``: 65 actions, square ``8 * row + col`` with a1 = 0, 64 = pass; planes
  ``[3, 8, 8]``: empty, own discs, opponent's discs.
- ``amazons_v0``: a turn is three consecutive actions of the same agent (queen, destination,
  arrow), each of 100 squares numbered a10 = 0 row by row; planes ``[4, 10, 10]``.
- ``santorini_v0``: 769 actions (moves with builds, winning moves, placements); planes
  ``[7, 5, 5]``.

Every rule runs in Rust; this module only keeps PettingZoo's bookkeeping.
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import _native

__all__ = ["amazons_v0", "othello_v0", "santorini_v0"]


class _BitgamesEnv(AECEnv):
    """An AEC environment over one of the native single-game environments."""

    _native_env = None
    metadata = {"render_modes": ["ansi"], "is_parallelizable": False, "render_fps": 1}

    def __init__(self, render_mode=None):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = ["player_0", "player_1"]
        actions = self._native_env.ACTIONS
        planes = tuple(self._native_env.PLANES)
        space = spaces.Dict(
            {
                "observation": spaces.Box(0, 1, shape=planes, dtype=np.int8),
                "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._game = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        player = self.possible_agents.index(agent)
        planes = self._native_env.PLANES
        observation = self._game.observe(player).reshape(planes)
        if player == self._game.current_player and self._game.returns() is None:
            mask = self._game.action_mask()
        else:
            mask = np.zeros(self._native_env.ACTIONS, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed=None, options=None):
        self._game = self._native_env()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self._game.current_player]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self._game.apply(int(action))
        returns = self._game.returns()
        if returns is not None:
            for i, a in enumerate(self.agents):
                self.rewards[a] = returns[i]
                self.terminations[a] = True
        self.agent_selection = self.agents[self._game.current_player]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            return None
        return self._game.position()

    def close(self):
        pass


class _Othello(_BitgamesEnv):
    _native_env = _native.OthelloEnv
    metadata = {**_BitgamesEnv.metadata, "name": "othello_v0"}


class _Santorini(_BitgamesEnv):
    _native_env = _native.SantoriniEnv
    metadata = {**_BitgamesEnv.metadata, "name": "santorini_v0"}


class _Amazons(_BitgamesEnv):
    _native_env = _native.AmazonsEnv
    metadata = {**_BitgamesEnv.metadata, "name": "amazons_v0"}


class _Module:
    """``env()`` and ``raw_env()`` as PettingZoo's environment modules offer them."""

    def __init__(self, cls):
        self.raw_env = cls

    def env(self, render_mode=None):
        from pettingzoo.utils import wrappers

        env = self.raw_env(render_mode=render_mode)
        env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
        env = wrappers.AssertOutOfBoundsWrapper(env)
        return wrappers.OrderEnforcingWrapper(env)


othello_v0 = _Module(_Othello)
santorini_v0 = _Module(_Santorini)
amazons_v0 = _Module(_Amazons)
