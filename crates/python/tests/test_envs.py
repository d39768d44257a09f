"""The PettingZoo environments: the API test, the checks of PettingZoo's wrappers, action
masks equal to the Rust move lists, and a missing NumPy."""

import json
import os
import random
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test
from pettingzoo.utils import wrappers

import bitgames
from bitgames import _native
from bitgames.envs import (
    ActionSpaceError,
    amazons_v0,
    othello_v0,
    santorini_gods_v0,
    santorini_v0,
)

MODULES = [othello_v0, santorini_v0, santorini_gods_v0, amazons_v0]


@pytest.mark.parametrize("module", MODULES)
def test_pettingzoo_api(module):
    api_test(module.env(render_mode="ansi"), num_cycles=300)
    api_test(module.raw_env(), num_cycles=300)
    # The raw environment still works under PettingZoo's own wrappers.
    api_test(pettingzoo_wrapped(module), num_cycles=300)


def pettingzoo_wrapped(module, render_mode=None):
    """The raw environment in the wrappers ``env()`` used to stack (PettingZoo's classic set)."""
    env = module.raw_env(render_mode=render_mode)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def record(env, rng, actions, p_illegal):
    """Plays one game through ``env`` and returns what a learner sees at every turn.

    Actions are random legal ones, except that with probability ``p_illegal`` a live agent
    plays an action in the space that its mask forbids (ending the game) or one outside the
    space (which must raise ``AssertionError`` and change nothing).
    """
    seen = []
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        seen.append(
            (
                agent,
                observation["observation"].tobytes(),
                mask.tobytes() if not (termination or truncation) else None,
                reward,
                termination,
                truncation,
                info,
                dict(env.rewards),
                list(env.agents),
            )
        )
        if termination or truncation:
            env.step(None)
            continue
        if rng.random() < p_illegal:
            with pytest.raises(AssertionError):
                env.step(rng.choice([-1, actions, actions + 7, None]))
            seen.append(("refused", env.agent_selection))
        if rng.random() < p_illegal and not mask.all():
            action = rng.choice(np.flatnonzero(mask == 0).tolist())
        else:
            action = rng.choice(np.flatnonzero(mask).tolist())
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env.step(action)
    return seen


@pytest.mark.parametrize("module", MODULES)
def test_env_behaves_as_the_raw_env_in_pettingzoos_wrappers(module):
    actions = module.raw_env().action_space("player_0").n
    games = 40 if module is othello_v0 else 8
    for p_illegal in (0.0, 0.02):
        for game in range(games):
            ours = record(module.env(), random.Random(game), actions, p_illegal)
            theirs = record(pettingzoo_wrapped(module), random.Random(game), actions, p_illegal)
            assert ours == theirs, (p_illegal, game)


def test_env_refuses_what_pettingzoos_order_enforcing_wrapper_refuses():
    env = othello_v0.env()
    for call in (lambda: env.step(19), lambda: env.observe("player_0"), env.agent_iter, env.render):
        with pytest.raises(AssertionError, match="reset"):
            call()
    for name in ("agents", "rewards", "terminations", "truncations", "infos", "agent_selection"):
        with pytest.raises(AttributeError):
            getattr(env, name)
    with pytest.raises(AttributeError, match="before reset"):
        env.last()
    env.reset()
    with pytest.raises(AssertionError, match="need to call step"):
        for _ in env.agent_iter():
            pass


def test_out_of_space_actions_raise_and_change_nothing():
    for module in MODULES:
        env = module.env()
        env.reset()
        n = env.action_space(env.agent_selection).n
        before = env.observe(env.agent_selection)["observation"].copy()
        for action in (-1, n, 2**70, 1.0, "3", None, np.array([1])):
            with pytest.raises(ActionSpaceError, match="not in the action space") as err:
                env.step(action)
            # What PettingZoo's AssertOutOfBoundsWrapper raised, and a ValueError.
            assert isinstance(err.value, AssertionError) and isinstance(err.value, ValueError)
            assert env.agent_selection == "player_0" and not any(env.terminations.values())
            assert (env.observe("player_0")["observation"] == before).all()


def test_numpy_integers_are_actions():
    env = othello_v0.env()
    env.reset()
    # d3 (19), c3 (18), c4 (26) in OpenSpiel's numbering: a1 = 0, row by row.
    for action in (np.int64(19), np.int32(18), np.array(26)):
        env.step(action)
    assert env.agent_selection == "player_1"
    assert env.render() is None
    assert env.unwrapped is env
    shown = othello_v0.env(render_mode="ansi")
    shown.reset()
    assert shown.render() == _native.OthelloEnv().position()


def test_an_illegal_action_ends_the_game_against_its_player(caplog):
    env = othello_v0.env()
    env.reset()
    env.step(19)
    env.step(0)  # a1: in the space, not legal
    assert "Illegal move" in caplog.text
    assert env.rewards == {"player_0": 0, "player_1": -1.0}
    assert all(env.terminations.values()) and all(env.truncations.values())
    seen = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        assert termination and truncation
        assert not observation["action_mask"].any()
        seen[agent] = reward
        with pytest.raises(ValueError, match="only valid action is None"):
            env.step(19)
        env.step(None)
    assert seen == {"player_0": 0, "player_1": -1.0}
    env.step(None)
    assert "step() called after all agents are terminated" in caplog.text


def test_the_raw_env_raises_the_native_error_for_an_illegal_action():
    env = othello_v0.raw_env()
    env.reset()
    with pytest.raises(ValueError, match="not legal"):
        env.step(0)
    assert env.agent_selection == "player_0" and not any(env.terminations.values())


def test_observations_are_new_arrays_each_time():
    env = othello_v0.env()
    env.reset()
    first = env.last()[0]
    first["observation"][:] = 7
    first["action_mask"][:] = 1
    second = env.last()[0]
    assert second["observation"].max() == 1 and second["action_mask"].sum() == 4
    assert second["observation"].shape == (3, 8, 8) and second["observation"].dtype == np.int8
    assert second["action_mask"].shape == (65,) and second["action_mask"].dtype == np.int8


def othello_action_name(action):
    return "pass" if action == 64 else "abcdefgh"[action % 8] + str(action // 8 + 1)


def test_othello_mask_equals_the_move_list_in_thousands_of_games():
    rng = random.Random(1)
    for _ in range(1_000):
        env = _native.OthelloEnv()
        while env.returns() is None:
            position = bitgames.Othello(env.notation())
            names = sorted(othello_action_name(a) for a in env.legal_actions())
            assert names == sorted(position.legal_moves())
            env.apply(rng.choice(env.legal_actions()))
        assert bitgames.Othello(env.notation()).outcome != "ongoing"


def test_santorini_mask_equals_the_move_list():
    rng = random.Random(2)
    for _ in range(300):
        env = _native.SantoriniEnv()
        while env.returns() is None:
            position = bitgames.Santorini(env.notation())
            actions = env.legal_actions()
            # One action per legal move, none left over.
            assert len(actions) == len(position.legal_moves())
            env.apply(rng.choice(actions))


@pytest.mark.parametrize(
    "gods",
    [
        ("apollo", "minotaur"),
        ("hermes", "prometheus"),
        ("demeter", "atlas"),
        ("artemis", "pan"),
        ("castor", "stymphalians"),
    ],
)
def test_pettingzoo_api_with_gods(gods):
    api_test(santorini_gods_v0.env(render_mode="ansi", gods=gods), num_cycles=300)


@pytest.mark.parametrize(
    "gods",
    [
        ("apollo", "minotaur"),
        ("atlas", "hephaestus"),
        ("demeter", "prometheus"),
        ("hermes", "athena"),
        ("artemis", "pan"),
        ("castor", "nemesis"),
        ("stymphalians", "clio"),
        ("hippolyta", "selene"),
    ],
)
def test_santorini_steps_spell_exactly_the_legal_moves(gods):
    """Every way through the steps of a turn ends in a position some legal move makes, and
    every legal move's position is reached (a power's moves included)."""
    rng = random.Random(hash(gods) & 0xFFFF)
    for _ in range(6):
        env = _native.SantoriniStepsEnv(gods)
        for _ in range(rng.randrange(2, 12)):
            if env.returns() is not None:
                break
            start = env.notation()
            while env.notation() == start and env.returns() is None:
                env.apply(rng.choice(env.legal_actions()))
        if env.returns() is not None:
            continue
        position = bitgames.Santorini(env.notation())
        expected = {str(position.play(m)) for m in position.legal_moves()}
        reached = set()
        pending = [env]
        while pending:
            turn = pending.pop()
            for action in turn.legal_actions():
                nxt = turn.copy()
                nxt.apply(action)
                if nxt.notation() != turn.notation():
                    reached.add(nxt.notation())
                else:
                    pending.append(nxt)
        assert reached == expected, env.notation()


def test_santorini_gods_are_checked_by_name():
    with pytest.raises(ValueError, match="unknown god.*apollo"):
        santorini_gods_v0.env(gods=("notagod", "mortal"))
    with pytest.raises(ValueError, match="harpies against hermes is not supported"):
        santorini_gods_v0.env(gods=("harpies", "hermes"))
    env = santorini_gods_v0.env(gods=("Apollo", "minotaur"))
    env.reset()
    assert "apollo" in env._game.notation() and "minotaur" in env._game.notation()
    with pytest.raises(ValueError, match="does not start a legal turn"):
        _native.SantoriniStepsEnv().apply(25)


def test_amazons_sub_actions_spell_exactly_the_legal_moves():
    rng = random.Random(3)
    for _ in range(20):
        env = _native.AmazonsEnv()
        for _ in range(rng.randrange(30)):
            for _ in range(3):
                env.apply(rng.choice(env.legal_actions()))
        if env.returns() is not None:
            continue
        position = bitgames.Amazons(env.notation())
        triples = set()
        for a in env.legal_actions():
            first = env.copy()
            first.apply(a)
            for b in first.legal_actions():
                second = first.copy()
                second.apply(b)
                for c in second.legal_actions():
                    triples.add((a, b, c))
        assert len(triples) == len(position.legal_moves())


def test_illegal_actions_are_refused_with_a_reason():
    env = _native.OthelloEnv()
    with pytest.raises(ValueError, match="not legal"):
        env.apply(0)
    with pytest.raises(ValueError, match="out of range"):
        env.apply(65)
    with pytest.raises(ValueError, match="not a queen|not"):
        _native.AmazonsEnv().apply(55)


def test_rewards_at_the_end():
    env = othello_v0.env()
    env.reset(seed=1)
    rng = random.Random(4)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        total[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        assert observation["observation"].shape == (3, 8, 8)
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    assert sorted(total.values()) in ([-1.0, 1.0], [0.0, 0.0])


# Each snippet runs in a fresh interpreter where `import numpy` fails.
WITHOUT_NUMPY = [
    "import bitgames",
    "import bitgames; bitgames.Othello().play('d3').legal_moves()",
    "import bitgames.vector",
    "import bitgames.vector; bitgames.vector.Othello(4)",
    "import bitgames.vector; bitgames.vector.Santorini(4)",
    "import bitgames.envs",
    "from bitgames import _native; _native.OthelloEnv().observe(0)",
    "from bitgames import _native; _native.OthelloEnv().action_mask()",
    "from bitgames import _native; _native.SantoriniEnv().observe(0)",
    "from bitgames import _native; _native.AmazonsEnv().action_mask()",
]

HIDE_NUMPY = """
import json, sys

class HideNumpy:
    def find_spec(self, name, path=None, target=None):
        if name == "numpy" or name.startswith("numpy."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)

sys.meta_path.insert(0, HideNumpy())
try:
    exec(sys.argv[1])
    print(json.dumps({"raised": None}))
except BaseException as err:
    print(json.dumps({"raised": type(err).__name__, "import_error": isinstance(err, ImportError),
                      "message": str(err)}))
"""


@pytest.mark.parametrize("snippet", WITHOUT_NUMPY)
def test_a_missing_numpy_is_an_import_error_naming_it(snippet):
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(HIDE_NUMPY), snippet],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "RUST_BACKTRACE": "0"},
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    if snippet == "import bitgames.envs":
        assert result["raised"] is not None, "bitgames.envs imported without NumPy"
    if result["raised"] is not None:
        # An ImportError (ModuleNotFoundError included) that says NumPy is what is missing:
        # never a PanicException from the native module.
        assert result["import_error"], (result, done.stderr)
        assert "numpy" in result["message"].lower(), result


@pytest.mark.parametrize(
    "module, names", [(othello_v0, ("black", "white")), (amazons_v0, ("white", "black"))]
)
def test_render_of_a_finished_game_says_the_result(module, names):
    """Issue 42: the last board of a game named a side "to move"; it names the result."""
    rng = random.Random(5)
    for _ in range(3):
        env = module.env(render_mode="ansi")
        env.reset()
        assert "to move" in env.render()
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                break
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        text = env.render()
        first, second = env.rewards["player_0"], env.rewards["player_1"]
        if first > second:
            expected = f"game over: {names[0]} wins"
        elif second > first:
            expected = f"game over: {names[1]} wins"
        else:
            expected = "game over: draw"
        assert "to move" not in text, text
        assert expected in text, text
