"""The vectorized environments: Gymnasium's VectorEnv interface (next-step autoreset), step
for step against the single-game environment on the same actions, and the old interface in
bitgames.vector.legacy."""

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import bitgames.vector
import bitgames.vector.legacy
from bitgames import _native

from helpers import same_games_twice

CASES = [
    (bitgames.vector.Othello, _native.OthelloEnv),
    (bitgames.vector.Santorini, _native.SantoriniEnv),
    (bitgames.vector.Amazons, _native.AmazonsEnv),
]


@pytest.mark.parametrize("vector, single", CASES)
def test_gymnasium_vector_env_interface(vector, single):
    n = 5
    env = vector(n)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert env.num_envs == n
    planes = tuple(single.PLANES)
    assert env.single_observation_space == gymnasium.spaces.Box(0, 1, planes, np.int8)
    assert env.single_action_space == gymnasium.spaces.Discrete(single.ACTIONS)
    assert env.observation_space.shape == (n, *planes)
    assert env.action_space == gymnasium.spaces.MultiDiscrete([single.ACTIONS] * n)
    obs, infos = env.reset(seed=7)
    assert obs in env.observation_space
    assert infos["action_mask"].shape == (n, single.ACTIONS)
    assert infos["action_mask"].dtype == np.bool_
    for key in ("action_mask", "rewards", "to_play"):
        assert infos["_" + key].all() and len(infos["_" + key]) == n
    for _ in range(30):
        obs, rewards, terminations, truncations, infos = env.step(env.sample_actions())
        assert obs in env.observation_space
        assert rewards.dtype == np.float32 and rewards.shape == (n,)
        assert terminations.dtype == np.bool_ and terminations.shape == (n,)
        assert truncations.shape == (n,) and not truncations.any()
        assert infos["rewards"].shape == (n, 2)
    # The action space's samples are actions of the right shape (legal or not).
    assert env.action_space.sample().shape == (n,)
    with pytest.raises(ValueError, match="no reset options"):
        env.reset(options={"reset_mask": np.ones(n, bool)})
    env.reset(options={})
    env.close()


@pytest.mark.parametrize("vector, single", CASES)
def test_vector_equals_single_games_on_the_same_actions(vector, single):
    """Next-step autoreset, step for step: the final position (for the player who did not
    end the game, every action allowed), then the start on the next step whatever the
    action; rewards for the player who acted and for both."""
    n, steps = 8, 400
    env = vector(n)
    obs, infos = env.reset(seed=9)
    games = [single() for _ in range(n)]
    ended = [False] * n
    finished = 0
    for _ in range(steps):
        masks, to_play = infos["action_mask"], infos["to_play"]
        for i, game in enumerate(games):
            if ended[i]:
                continue
            player = game.current_player
            assert to_play[i] == player, i
            assert np.array_equal(obs[i].ravel(), game.observe(player)), i
            assert np.array_equal(masks[i], game.action_mask().astype(bool)), i
        actions = env.sample_actions()
        expected = []
        for i, game in enumerate(games):
            if ended[i]:
                games[i], ended[i] = single(), False
                expected.append((0.0, False, (0.0, 0.0), None))
                continue
            assert masks[i][actions[i]], "sampled actions are legal"
            mover = game.current_player
            game.apply(int(actions[i]))
            returns = game.returns()
            if returns is None:
                expected.append((0.0, False, (0.0, 0.0), None))
            else:
                expected.append((returns[mover], True, returns, 1 - mover))
                ended[i] = True
        obs, rewards, terminations, truncations, infos = env.step(actions)
        for i, (reward, done, both, observer) in enumerate(expected):
            assert float(rewards[i]) == reward and bool(terminations[i]) == done, i
            assert tuple(float(r) for r in infos["rewards"][i]) == both, i
            if done:
                assert infos["to_play"][i] == observer, i
                assert np.array_equal(obs[i].ravel(), games[i].observe(observer)), i
                assert infos["action_mask"][i].all(), "a finished game takes any action"
        assert not truncations.any()
        finished += int(terminations.sum())
    if vector is not bitgames.vector.Amazons:
        assert finished > 0, "games ended and were reset"


@pytest.mark.parametrize("vector, single", CASES)
def test_reset_with_a_seed_gives_the_same_games(vector, single):
    def run(env, seed, steps=60):
        obs, _ = env.reset(seed=seed)
        trace = [obs.copy()]
        for _ in range(steps):
            actions = env.sample_actions()
            trace.append(actions.copy())
            trace.append(env.step(actions)[0].copy())
        return trace

    env = vector(6)
    first = run(env, 11)
    again = run(env, 11)
    other = run(vector(6, seed=99), 11)
    different = run(env, 12)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert all(np.array_equal(a, b) for a, b in zip(first, other))
    assert not all(np.array_equal(a, b) for a, b in zip(first, different))
    with pytest.raises(ValueError):
        env.reset(seed=-1)


@pytest.mark.parametrize("vector, single", CASES)
def test_the_same_seed_gives_the_same_games(vector, single):
    assert same_games_twice(lambda: vector(16, seed=4), 50)


def test_illegal_or_misshaped_actions_change_nothing():
    env = bitgames.vector.Othello(4)
    obs, infos = env.reset(seed=1)
    before = obs.copy()
    with pytest.raises(ValueError, match="game 2: action 0 is not legal"):
        env.step(np.array([19, 19, 0, 19], dtype=np.int64))
    assert np.array_equal(obs, before)
    with pytest.raises(ValueError, match="expected 4 actions"):
        env.step(np.array([19], dtype=np.int64))
    with pytest.raises(ValueError):
        env.step(np.array([-1, 19, 19, 19], dtype=np.int64))
    with pytest.raises(ValueError):
        bitgames.vector.Othello(0)
    # Lists and other integer dtypes are taken as int64.
    obs, rewards, terminations, truncations, infos = env.step([19, 19, 19, 19])
    assert obs.dtype == np.int8 and infos["action_mask"].dtype == np.bool_
    assert rewards.shape == (4,) and terminations.shape == (4,)


def test_legacy_interface_warns_once_and_works_as_before():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        bitgames.vector.legacy._warned = False
        env = bitgames.vector.legacy.Othello(8, seed=9)
        bitgames.vector.legacy.Amazons(2)
    assert [w.category for w in caught] == [DeprecationWarning]
    obs, masks = env.reset()
    games = [_native.OthelloEnv() for _ in range(8)]
    finished = 0
    for _ in range(200):
        actions = env.sample_actions()
        expected = []
        for i, game in enumerate(games):
            mover = game.current_player
            game.apply(int(actions[i]))
            returns = game.returns()
            if returns is None:
                expected.append((0.0, False))
            else:
                expected.append((returns[mover], True))
                games[i] = _native.OthelloEnv()
        obs, masks, rewards, terminated = env.step(actions)
        assert [(float(r), bool(t)) for r, t in zip(rewards, terminated)] == expected
        for i, game in enumerate(games):
            assert np.array_equal(obs[i].ravel(), game.observe(game.current_player)), i
        finished += int(terminated.sum())
    assert finished > 0
