"""The PettingZoo environments: the API test, and action masks equal to the Rust move lists."""

import random

import numpy as np
import pytest
from pettingzoo.test import api_test

import bitgames
from bitgames import _native
from bitgames.envs import amazons_v0, othello_v0, santorini_v0


@pytest.mark.parametrize("module", [othello_v0, santorini_v0, amazons_v0])
def test_pettingzoo_api(module):
    api_test(module.env(render_mode="ansi"), num_cycles=300)
    api_test(module.raw_env(), num_cycles=300)


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
