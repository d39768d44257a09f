"""The vectorized environments against the single-game environment on the same actions."""

import numpy as np
import pytest

import bitgames.vector
from bitgames import _native

from helpers import same_games_twice

CASES = [
    (bitgames.vector.Othello, _native.OthelloEnv),
    (bitgames.vector.Santorini, _native.SantoriniEnv),
    (bitgames.vector.Amazons, _native.AmazonsEnv),
]


@pytest.mark.parametrize("vector, single", CASES)
def test_vector_equals_single_games_on_the_same_actions(vector, single):
    n, steps = 8, 400
    env = vector(n, seed=9)
    obs, masks = env.reset()
    games = [single() for _ in range(n)]
    finished = 0
    for _ in range(steps):
        for i, game in enumerate(games):
            player = game.current_player
            assert np.array_equal(obs[i].ravel(), game.observe(player)), i
            assert np.array_equal(masks[i], game.action_mask().astype(bool)), i
        actions = env.sample_actions()
        for i, a in enumerate(actions):
            assert masks[i][a], "sampled actions are legal"
        expected = []
        for i, game in enumerate(games):
            mover = game.current_player
            game.apply(int(actions[i]))
            returns = game.returns()
            if returns is None:
                expected.append((0.0, False))
            else:
                expected.append((returns[mover], True))
                games[i] = single()
        obs, masks, rewards, terminated = env.step(actions)
        assert [(float(r), bool(t)) for r, t in zip(rewards, terminated)] == expected
        finished += int(terminated.sum())
    if vector is not bitgames.vector.Amazons:
        assert finished > 0, "games ended and were reset"


@pytest.mark.parametrize("vector, single", CASES)
def test_the_same_seed_gives_the_same_games(vector, single):
    assert same_games_twice(lambda: vector(16, seed=4), 50)


def test_illegal_or_misshaped_actions_change_nothing():
    env = bitgames.vector.Othello(4, seed=1)
    obs, masks = env.reset()
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
    obs, masks, rewards, terminated = env.step(env.sample_actions())
    assert obs.dtype == np.int8 and masks.dtype == np.bool_
    assert rewards.shape == (4,) and terminated.shape == (4,)
