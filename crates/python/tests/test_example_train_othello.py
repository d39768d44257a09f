"""The training example, examples/python/train_othello.py (issue 42, item 4): it runs end to
end from its command line, training moves the weights, the same seed gives the same run, and
its evaluation sees a position as the vector environment does."""

import importlib.util
import json
import math
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import bitgames

pytest.importorskip("gymnasium", reason="bitgames.vector needs the envs extra")

EXAMPLE = pathlib.Path(__file__).resolve().parents[3] / "examples/python/train_othello.py"
# A small run: 64 games x 16 steps per update, a few updates, 4 evaluation games.
SMALL = ["--envs", "64", "--steps", "16", "--hidden", "32", "--eval-games", "4"]


def load_example():
    spec = importlib.util.spec_from_file_location("train_othello", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_result(result, games):
    for losses in [result["final_losses"]]:
        assert set(losses) == {"policy", "value", "entropy", "kl"}
        assert all(math.isfinite(v) for v in losses.values()), losses
    assert result["updates"] >= 1 and result["moves"] > 0
    for opponent in ["random", "alphabeta1"]:
        r = result[f"vs_{opponent}"]
        assert r["games"] == games
        assert 0 <= r["wins"] + r["draws"] <= games
        assert 0.0 <= r["win_rate"] <= 1.0 and r["win_rate"] == r["wins"] / games


def test_the_command_line_trains_for_a_few_seconds_and_reports_win_rates(tmp_path):
    weights = tmp_path / "weights.npz"
    proc = subprocess.run(
        [sys.executable, str(EXAMPLE), "--minutes", "0.05", "--seed", "3", "--save", str(weights),
         *SMALL],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = proc.stdout
    assert "update" in out and "vs random" in out and "vs alphabeta1" in out, out
    result = json.loads(out.split("result ", 1)[1])
    check_result(result, games=4)
    assert result["seed"] == 3 and result["train_seconds"] >= 3.0
    # Training moved every weight away from the seed's initial ones.
    module = load_example()
    initial = module.Policy(32, np.random.default_rng(3)).params
    trained = np.load(weights)
    assert set(trained.files) == set(initial)
    for name, start in initial.items():
        assert trained[name].shape == start.shape
        assert np.isfinite(trained[name]).all()
        assert not np.array_equal(trained[name], start), name


def test_the_same_seed_gives_the_same_run():
    module = load_example()
    # Five updates of 16 steps: games end and the next-step restarts happen on the way.
    args = ["--updates", "5", "--seed", "5", *SMALL]
    first, second = module.main(args), module.main(args)
    assert first["games"] > 0
    for clock in ["train_seconds", "cpu_seconds"]:
        del first[clock], second[clock]
    assert first == second
    other = module.main(["--updates", "2", "--seed", "6", *SMALL])
    assert other["final_losses"] != first["final_losses"]


def test_the_evaluation_sees_positions_as_the_vector_env_does():
    module = load_example()
    env = bitgames.vector.Othello(8)
    obs, infos = env.reset(seed=11)
    positions = [bitgames.Othello() for _ in range(8)]
    for _ in range(70):
        masks = infos["action_mask"]
        expected = module.features(obs, masks)
        actions = env.sample_actions()
        for g, position in enumerate(positions):
            if position is None:  # the game ended: the env restarts it next step
                continue
            x, mask = module.position_features(position)
            np.testing.assert_array_equal(x, expected[g])
            np.testing.assert_array_equal(mask, masks[g])
            positions[g] = position.play(module.MOVES[actions[g]])
        obs, _, terminations, _, infos = env.step(actions)
        positions = [None if done else p for p, done in zip(positions, terminations)]


def test_negamax_advantages_alternate_the_sign_and_stop_at_the_end_of_a_game():
    module = load_example()
    # One game: three moves, the last wins for its mover (+1); then the ignored step.
    batch = {
        "rewards": np.array([[0], [0], [1], [0]], np.float32),
        "values": np.zeros((4, 1), np.float32),
        "done": np.array([[False], [False], [True], [False]]),
        "valid": np.array([[True], [True], [True], [False]]),
        "last_values": np.array([0.5], np.float32),
    }
    adv = module.advantages(batch, lam=1.0)
    # The winner moved at steps 0 and 2, the loser at step 1; the ignored step counts nothing.
    np.testing.assert_allclose(adv[:, 0], [1, -1, 1, 0])
