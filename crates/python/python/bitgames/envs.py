"""PettingZoo AEC environments: ``othello_v0``, ``santorini_v0``, ``santorini_gods_v0``,
``amazons_v0``.

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
  ``[7, 5, 5]``. The base game only.
- ``santorini_gods_v0``: ``env(gods=("apollo", "minotaur"))`` (player 1's god first; mortal
  against mortal by default). A turn is several consecutive actions of the same agent, its
  steps: 26 actions, the squares ``5 * row + col`` with A5 = 0 and 25 = use the god's power
  for what follows (Atlas's dome, Demeter's second build, Hermes's travel, ...), in the
  order of ``bitgames_santorini::steps`` (a worker, where it moves, where it builds, with
  the power where it applies); planes ``[10 + 2 * G + 18, 5, 5]`` with ``G`` the gods
  other than mortal (``[132, 5, 5]`` with fifty-two): the base game's seven, the god flags (Athena's, Nike's, a once-a-game power spent), both
  gods one-hot, the power chosen, the steps taken this turn, and each side's token (Europa's Talus, Selene's and Hippolyta's female worker, Aeolus's wind as the
  square next to C3 in its direction, Clio's coins, Morpheus's card as a count).

``module.env()`` is the environment with the checks of PettingZoo's classic wrappers
(``OrderEnforcingWrapper``, ``AssertOutOfBoundsWrapper``, ``TerminateIllegalWrapper`` with
an illegal reward of -1), built into one class instead of three wrapper layers (each
attribute a wrapper passes on costs a Python call, and they made the environment several
times slower than the game):

- ``step``, ``observe``, ``render`` and ``agent_iter`` before ``reset`` raise PettingZoo's
  ``AssertionError`` ("reset() needs to be called before ..."), and ``agents``,
  ``rewards``, ``terminations``, ``truncations``, ``infos`` and ``agent_selection`` raise
  ``AttributeError``; ``step`` after the game is over warns and does nothing; a loop over
  ``agent_iter`` that does not step raises ``AssertionError``;
- an action outside the action space (not an integer from 0 to ``n - 1``) raises
  ``ActionSpaceError`` (an ``AssertionError``, as the wrapper raised, and a
  ``ValueError``) naming the action and the space, and nothing moves;
- an action in the space that the action mask does not allow ends the game: PettingZoo's
  warning (logged by its ``EnvLogger``), -1 for the agent who played it, 0 for the other,
  and every agent terminated and truncated.

``module.raw_env()`` has no such checks: an action the game does not allow raises the
native environment's ``ValueError`` ("... is not legal here") and nothing moves.

Every rule runs in Rust; this module only keeps PettingZoo's bookkeeping. Each ``observe``
(and so each ``last()``) returns new arrays, which the caller may keep or change.
"""

try:
    import numpy as np
except ImportError as _err:  # pragma: no cover - exercised by a subprocess test
    raise ImportError(
        "bitgames.envs needs NumPy, which is not installed: pip install numpy "
        "(or pip install 'bitgames[envs]')",
        name="numpy",
    ) from _err

from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]

from typing import Any, Dict, Iterator, Optional, Tuple, Type, Union, cast

from . import _native

_Game = Union[
    _native.OthelloEnv, _native.SantoriniEnv, _native.SantoriniStepsEnv, _native.AmazonsEnv
]
_Observation = Dict[str, Any]

__all__ = ["ActionSpaceError", "amazons_v0", "othello_v0", "santorini_gods_v0", "santorini_v0"]


class ActionSpaceError(ValueError, AssertionError):
    """An action outside the action space (PettingZoo's wrapper raised ``AssertionError``)."""


class _BitgamesEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment over one of the native single-game environments (no checks)."""

    _native_env: Type[_Game]
    metadata: Dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False, "render_fps": 1}

    def __init__(self, render_mode: Optional[str] = None) -> None:
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
        self._actions = actions
        self._planes = planes
        self._players = {a: i for i, a in enumerate(self.possible_agents)}
        self._game: Optional[_Game] = None
        self._over = False

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> _Observation:
        game = self._game
        if game is None:
            EnvLogger.error_observe_before_reset()
            raise AssertionError  # pragma: no cover - the logger raised already
        player = self._players[agent]
        observation = game.observe(player).reshape(self._planes)
        if player == game.current_player and not self._over:
            mask = game.action_mask()
        else:
            mask = np.zeros(self._actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def last(
        self, observe: bool = True
    ) -> Tuple[Optional[_Observation], float, bool, bool, Dict[str, Any]]:
        if self._game is None:
            raise AttributeError("agent_selection cannot be accessed before reset")
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> "_AgentIterable":
        return _AgentIterable(self, max_iter, False)

    def _new_game(self) -> _Game:
        """The native game a reset starts."""
        return self._native_env()

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        self._game = game = self._new_game()
        self._over = False
        self.agents = self.possible_agents[:]
        self.rewards: Dict[str, float] = {a: 0 for a in self.agents}
        self._cumulative_rewards: Dict[str, float] = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[game.current_player]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        cast(_Game, self._game).apply(int(action))
        self._moved(agent)

    def _moved(self, agent: str) -> None:
        """The bookkeeping after ``agent`` made a legal move."""
        self._cumulative_rewards[agent] = 0
        game = cast(_Game, self._game)
        returns = game.returns()
        if returns is not None:
            self._over = True
            for a, value in zip(self.possible_agents, returns):
                self.rewards[a] = value
                self.terminations[a] = True
            # The rewards are all 0 before the end, so only this step adds anything.
            self._accumulate_rewards()
        self.agent_selection = self.possible_agents[game.current_player]

    def render(self) -> Optional[str]:
        if self._game is None:
            EnvLogger.error_render_before_reset()
            raise AssertionError  # pragma: no cover - the logger raised already
        if self.render_mode is None:
            return None
        return self._game.position()

    def close(self) -> None:
        pass


class _CheckedEnv(_BitgamesEnv):
    """The environment with the checks of PettingZoo's classic wrappers (module docs)."""

    def __init__(self, render_mode: Optional[str] = None, **options: Any) -> None:
        super().__init__(render_mode=render_mode, **options)
        # Whether `step` or `reset` ran since `agent_iter` last handed out an agent.
        self._has_updated = False

    def agent_iter(self, max_iter: int = 2**63) -> "_AgentIterable":
        if self._game is None:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter, True)

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        super().reset(seed=seed, options=options)
        self._has_updated = True

    def step(self, action: Any) -> None:
        game = self._game
        if game is None:
            EnvLogger.error_step_before_reset()
            raise AssertionError  # pragma: no cover - the logger raised already
        self._has_updated = True
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                self._action_index(agent, action)
            self._was_dead_step(action)
            return
        if type(action) is not int or not 0 <= action < self._actions:
            action = self._action_index(agent, action)
        try:
            game.apply(action)
        except ValueError:
            # In the space, but not in the action mask (nothing moved).
            self._illegal_move(agent)
            return
        self._moved(agent)

    def _action_index(self, agent: str, action: Any) -> int:
        """``action`` as an int, or ``ActionSpaceError`` when it is not in the space."""
        space = self.action_spaces[agent]
        try:
            inside = space.contains(action)
        except (OverflowError, TypeError, ValueError):
            # Gymnasium before 1.2 raises for ints past 64 bits instead of saying no.
            inside = False
        if not inside:
            raise ActionSpaceError(
                f"action {action!r} is not in the action space of {agent}, {space}: "
                f"actions are the integers 0 to {self._actions - 1}"
            )
        return int(action)

    def _illegal_move(self, agent: str) -> None:
        """What PettingZoo's TerminateIllegalWrapper does: the mover loses, all end."""
        EnvLogger.warn_on_illegal_move()
        self._over = True
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = -1.0
        self._accumulate_rewards()
        self._deads_step_first()


class _AgentIterable:
    """What ``agent_iter`` returns: iterating it yields the agent to act until none is left
    (or ``max_iter`` agents); with ``ordered``, each agent after the first needs a
    ``step`` (or ``reset``) in between, as PettingZoo's order-enforcing iterator asks."""

    __slots__ = ("env", "max_iter", "ordered")

    def __init__(self, env: _BitgamesEnv, max_iter: int, ordered: bool) -> None:
        self.env, self.max_iter, self.ordered = env, max_iter, ordered

    def __iter__(self) -> Iterator[str]:
        agents = _ordered if self.ordered else _agents
        return agents(self.env, self.max_iter)


def _agents(env: _BitgamesEnv, left: int) -> Iterator[str]:
    while left > 0 and env.agents:
        left -= 1
        yield env.agent_selection


def _ordered(env: "_CheckedEnv", left: int) -> Iterator[str]:
    while left > 0 and env.agents:
        left -= 1
        if not env._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        env._has_updated = False
        yield env.agent_selection


class _Othello(_BitgamesEnv):
    _native_env = _native.OthelloEnv
    metadata = {**_BitgamesEnv.metadata, "name": "othello_v0"}


class _Santorini(_BitgamesEnv):
    _native_env = _native.SantoriniEnv
    metadata = {**_BitgamesEnv.metadata, "name": "santorini_v0"}


class _SantoriniGods(_BitgamesEnv):
    _native_env = _native.SantoriniStepsEnv
    metadata = {**_BitgamesEnv.metadata, "name": "santorini_gods_v0"}

    def __init__(
        self, render_mode: Optional[str] = None, gods: Tuple[str, str] = ("mortal", "mortal")
    ) -> None:
        # A bad name raises ValueError naming the gods here, not at the first reset.
        self.gods = cast(Tuple[str, str], tuple(gods))
        _native.SantoriniStepsEnv(self.gods)
        super().__init__(render_mode=render_mode)

    def _new_game(self) -> _Game:
        return _native.SantoriniStepsEnv(self.gods)


class _Amazons(_BitgamesEnv):
    _native_env = _native.AmazonsEnv
    metadata = {**_BitgamesEnv.metadata, "name": "amazons_v0"}


class _Module:
    """``env()`` and ``raw_env()`` as PettingZoo's environment modules offer them."""

    def __init__(self, cls: Type[_BitgamesEnv]) -> None:
        self.raw_env = cls
        self._env: Type[_BitgamesEnv] = type(cls.__name__ + "Checked", (_CheckedEnv, cls), {"__module__": __name__})

    def env(self, render_mode: Optional[str] = None, **options: Any) -> _BitgamesEnv:
        """The environment with the checks of PettingZoo's classic wrappers (module docs);
        ``options`` are the environment's own (``gods`` for ``santorini_gods_v0``)."""
        return self._env(render_mode=render_mode, **options)


othello_v0 = _Module(_Othello)
santorini_v0 = _Module(_Santorini)
santorini_gods_v0 = _Module(_SantoriniGods)
amazons_v0 = _Module(_Amazons)
