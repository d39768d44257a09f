"""bitgames.cuda: the kernels compiled by NVRTC everywhere; on a CUDA device, the
environments (Othello, the Amazons) against bitgames.vector bit for bit, DLPack into PyTorch
and JAX without copies, and perft and playouts against the published counts."""

import gc
from types import SimpleNamespace

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import bitgames.cuda
import bitgames.vector
from bitgames import _native

from helpers import same_games_twice

# The native environments (bitgames.cuda.legacy's and bitgames.vector.legacy's interface:
# reset() -> (obs, masks), step() -> (obs, masks, rewards, terminated), both restarting a
# finished game within the step that ends it), which the tests below compare bit for bit;
# the Gymnasium classes over them are tested at the end.
CUDA = SimpleNamespace(Othello=_native.CudaOthello, Amazons=_native.CudaAmazons)
CPU = SimpleNamespace(Othello=_native.VecOthello, Amazons=_native.VecAmazons)

GPU = pytest.mark.skipif(not bitgames.cuda.available(), reason="no CUDA device")

# Othello perft from the start (Aart Bik's table, as crates/othello/tests/data/othello.perft).
PERFT = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288]

# OpenSpiel's numbering: d3, c4, f5, e6 are black's first moves; a1 (0) is never legal there.
OPENING = [19, 26, 37, 44]

# Amazons perft from the start, in full moves (crates/amazons/tests/data/amazons.perft).
AMAZONS_PERFT = [1, 2176, 4307152]

# OpenSpiel's Amazons numbering (a10 = 0, row by row): white's queens a4, j4, d1, g1 and
# black's d10, g10, a7, j7.
WHITE_QUEENS = [60, 69, 93, 96]
BLACK_QUEENS = [3, 6, 30, 39]


def check_bad_sizes_refused(env_class, **game):
    """`ValueError` (or `OverflowError`) for environments and playouts of sizes out of range,
    whether or not there is a GPU: the checks come before any device is opened."""
    for n in (0, bitgames.cuda.MAX_ENVS + 1):
        with pytest.raises(ValueError, match="n must be between 1 and MAX_ENVS"):
            env_class(n)
    with pytest.raises(ValueError, match="unknown GPU strategy"):
        env_class(4, strategy="magic")
    with pytest.raises(OverflowError):
        env_class(-1)
    with pytest.raises(ValueError, match="unknown GPU strategy"):
        bitgames.cuda.perft(1, strategy="magic", **game)
    with pytest.raises(ValueError, match="threads"):
        bitgames.cuda.playouts(0, 1, **game)
    with pytest.raises(ValueError, match="games_per_thread"):
        bitgames.cuda.playouts(4, 0, **game)
    with pytest.raises(ValueError, match="games_per_thread"):
        bitgames.cuda.playouts(2**24, 2**10, **game)


def check_properties_and_arrays(env, num_actions, observation_shape):
    """A new environment of 5 games on device 0: its sizes, and each array it hands out (the
    same buffers every time) with its shape, dtype, device and host copy."""
    assert (env.num_envs, env.num_actions, env.observation_shape) == (
        5,
        num_actions,
        observation_shape,
    )
    assert env.device == 0 and env.device_name
    obs, masks = env.reset()
    actions = env.sample_actions()
    obs2, masks2, rewards, terminated = env.step(actions)
    assert obs2 is obs and masks2 is masks, "the environment's own buffers, every time"
    expected = [
        (obs, (5, *observation_shape), "int8", np.int8),
        (masks, (5, num_actions), "bool", np.bool_),
        (rewards, (5,), "float32", np.float32),
        (terminated, (5,), "bool", np.bool_),
        (actions, (5,), "int64", np.int64),
    ]
    for array, shape, dtype, numpy_dtype in expected:
        assert array.shape == shape and array.dtype == dtype and len(array) == 5
        assert array.__dlpack_device__() == (2, 0) and array.device == 0
        host = array.numpy()
        assert host.shape == shape and host.dtype == numpy_dtype
        assert "cuda:0" in repr(array)


def steps_equal_to_vector(gpu, cpu, steps):
    """Resets both environments and steps them `steps` times on the same actions, checking
    that every array is equal bit for bit; returns how many games ended along the way."""
    n = gpu.num_envs
    g_obs, g_masks = gpu.reset()
    c_obs, c_masks = cpu.reset()
    assert np.array_equal(g_obs.numpy(), c_obs)
    assert np.array_equal(g_masks.numpy(), c_masks)
    finished = 0
    for step in range(steps):
        # Actions from either side's sampler, through each of the ways into `step`.
        if step % 2 == 0:
            device_actions = gpu.sample_actions()
            actions = device_actions.numpy()
        else:
            actions = cpu.sample_actions()
            device_actions = actions
        assert c_masks[np.arange(n), actions].all(), "sampled actions are legal"
        g_obs, g_masks, g_rewards, g_terminated = gpu.step(device_actions)
        c_obs, c_masks, c_rewards, c_terminated = cpu.step(actions)
        assert np.array_equal(g_obs.numpy(), c_obs), step
        assert np.array_equal(g_masks.numpy(), c_masks), step
        assert np.array_equal(g_rewards.numpy(), c_rewards), step
        assert np.array_equal(g_terminated.numpy(), c_terminated), step
        finished += int(c_terminated.sum())
    return finished


def check_misshaped_actions_refused(env, action):
    """Actions of another length, shape or dtype raise, `action` being any number."""
    with pytest.raises(ValueError, match="expected 4 actions"):
        env.step(np.array([action], dtype=np.int64))
    with pytest.raises(ValueError, match="1-D"):
        env.step(np.full((2, 2), action, dtype=np.int64))
    with pytest.raises(TypeError, match="int64"):
        env.step(np.full(4, action, dtype=np.int32))
    # Another array of the environment's is not actions.
    with pytest.raises(TypeError, match="int64"):
        env.step(env.reset()[1])


def reset_shared_with_torch(torch, game, n):
    """Opens `n` games of `game` ("Othello" or "Amazons") on the device and in
    bitgames.vector with the same seed, resets both and checks `torch.from_dlpack` of the
    device environment's observations and masks: on the device, of the right dtype and shape,
    the environment's own buffers and contents. Returns both environments, then those
    observations and masks."""
    env = getattr(CUDA, game)(n, seed=2)
    cpu = getattr(CPU, game)(n, seed=2)
    obs, masks = env.reset()
    cpu.reset()
    for array, dtype in ((obs, torch.int8), (masks, torch.bool)):
        tensor = torch.from_dlpack(array)
        assert tensor.is_cuda and tensor.device.index == 0 and tensor.dtype == dtype
        assert tuple(tensor.shape) == array.shape and tensor.is_contiguous()
        assert tensor.data_ptr() == array.data_ptr, "shared, not copied"
        assert np.array_equal(tensor.cpu().numpy(), array.numpy())
    return env, cpu, obs, masks


# ---- Everywhere (NVRTC from the nvidia-cuda-nvrtc wheel, no GPU needed) ----------------


def test_compile_kernels_gives_a_cubin_with_every_entry_point():
    cubin = bitgames.cuda.compile_kernels()
    assert isinstance(cubin, bytes)
    assert cubin.startswith(b"\x7fELF")
    for strategy in ("shift", "kogge_stone", "table"):
        for operation in ("othello_reset", "othello_step", "othello_playouts", "othello_perft"):
            assert f"{operation}_{strategy}".encode() in cubin, (operation, strategy)
    for entry in (b"othello_check_actions", b"othello_observe", b"othello_mask", b"othello_sample"):
        assert entry in cubin
    # Another architecture, another binary.
    assert bitgames.cuda.compile_kernels((8, 0)) != cubin


def test_compile_kernels_refuses_a_malformed_capability():
    with pytest.raises(ValueError, match="compute capability"):
        bitgames.cuda.compile_kernels((0, 0))
    with pytest.raises((ValueError, TypeError)):
        bitgames.cuda.compile_kernels((9,))


def test_compile_kernels_for_the_amazons_gives_a_cubin_with_every_entry_point():
    cubin = bitgames.cuda.compile_kernels(game="amazons")
    assert isinstance(cubin, bytes)
    assert cubin.startswith(b"\x7fELF")
    assert b"amazons_step_kogge_stone" in cubin
    for strategy in ("shift", "kogge_stone", "table"):
        for operation in ("amazons_reset", "amazons_step", "amazons_playouts", "amazons_perft"):
            assert f"{operation}_{strategy}".encode() in cubin, (operation, strategy)
    for entry in (b"amazons_check_actions", b"amazons_observe", b"amazons_mask", b"amazons_sample"):
        assert entry in cubin
    assert b"othello_step" not in cubin, "the Amazons' kernels alone"
    assert b"amazons_step" not in bitgames.cuda.compile_kernels(game="othello")
    with pytest.raises(ValueError, match="compute capability"):
        bitgames.cuda.compile_kernels((0, 0), game="amazons")


def test_module_surface():
    assert bitgames.cuda.STRATEGIES == ("shift", "kogge-stone", "table")
    assert bitgames.cuda.GAMES == ("othello", "amazons")
    assert bitgames.cuda.MAX_ENVS == 2**24 == bitgames.cuda.Othello.MAX_ENVS
    assert bitgames.cuda.Amazons.MAX_ENVS == bitgames.cuda.MAX_ENVS
    assert bitgames.cuda.MAX_AMAZONS_PERFT_DEPTH == 4
    assert isinstance(bitgames.cuda.available(), bool)
    assert bitgames.cuda.device_count() >= 0
    if bitgames.cuda.device_count() == 0:
        assert not bitgames.cuda.available()
    assert not bitgames.cuda.available(device=1_000)


def test_bad_arguments_are_refused_before_any_device_is_opened():
    # ValueError whether or not there is a GPU: the checks come first.
    check_bad_sizes_refused(bitgames.cuda.Othello)
    with pytest.raises(ValueError, match="limit"):
        bitgames.cuda.perft(bitgames.cuda.MAX_PERFT_DEPTH + 1)


def test_bad_amazons_arguments_are_refused_before_any_device_is_opened():
    amazons = {"game": "amazons"}
    check_bad_sizes_refused(bitgames.cuda.Amazons, **amazons)
    # Depths in full moves: the Othello limit (15 plies) is not the Amazons' (4 moves).
    with pytest.raises(ValueError, match="Amazons perft depth 5 is beyond .* limit of 4"):
        bitgames.cuda.perft(bitgames.cuda.MAX_AMAZONS_PERFT_DEPTH + 1, **amazons)
    with pytest.raises(ValueError, match="unknown GPU strategy"):
        bitgames.cuda.playouts(1, 1, strategy="magic", **amazons)


def test_an_unknown_game_is_refused():
    for call in (
        lambda: bitgames.cuda.perft(1, game="chess"),
        lambda: bitgames.cuda.playouts(1, 1, game="chess"),
        lambda: bitgames.cuda.compile_kernels(game="chess"),
        lambda: bitgames.cuda.perft(1, game="Amazons"),
    ):
        with pytest.raises(ValueError, match='unknown game .*: expected "othello" or "amazons"'):
            call()
    # The game is a keyword, never a positional argument.
    with pytest.raises(TypeError):
        bitgames.cuda.compile_kernels((9, 0), "amazons")


def test_opening_a_missing_device_says_what_is_missing():
    # No machine has device 4096: without a driver (or NVRTC) that is what the error names,
    # with one the missing device. Runs with or without a GPU.
    for call in (
        lambda: bitgames.cuda.Othello(4, device=4096),
        lambda: bitgames.cuda.perft(1, device=4096),
        lambda: bitgames.cuda.playouts(1, 1, device=4096),
        lambda: bitgames.cuda.Amazons(4, device=4096),
        lambda: bitgames.cuda.perft(1, device=4096, game="amazons"),
        lambda: bitgames.cuda.playouts(1, 1, device=4096, game="amazons"),
    ):
        with pytest.raises(RuntimeError, match="no CUDA driver|no CUDA device|no NVRTC"):
            call()


# ---- On a CUDA device ------------------------------------------------------------------


@GPU
def test_properties_and_arrays():
    env = CUDA.Othello(5, seed=3)
    assert env.strategy == "kogge-stone"
    check_properties_and_arrays(env, 65, (3, 8, 8))


# 4096 games x 250 steps (sub-action steps for the Amazons): over 10^6 steps. Othello
# finishes and restarts hundreds of games; random Amazons games last 105 to 270 steps, so most
# end (and restart) along the way. `restarts` is the fewest finished games each must show.
@GPU
@pytest.mark.parametrize("strategy", bitgames.cuda.STRATEGIES)
@pytest.mark.parametrize("game, restarts", [("Othello", 4096), ("Amazons", 2048)])
def test_the_environment_equals_bitgames_vector_bit_for_bit(game, restarts, strategy):
    n = 4096
    gpu = getattr(CUDA, game)(n, seed=11, strategy=strategy)
    cpu = getattr(CPU, game)(n, seed=5)
    assert steps_equal_to_vector(gpu, cpu, 250) > restarts, "games ended and restarted"


@GPU
@pytest.mark.parametrize("game, steps", [("Othello", 80), ("Amazons", 120)])
def test_the_same_seed_gives_the_same_games(game, steps):
    env_class = getattr(CUDA, game)
    assert same_games_twice(lambda: env_class(64, seed=4), steps, lambda a: a.numpy())


@GPU
def test_illegal_or_misshaped_actions_change_nothing():
    env = CUDA.Othello(4, seed=1)
    obs, masks = env.reset()
    before = (obs.numpy(), masks.numpy())

    def unchanged():
        return np.array_equal(obs.numpy(), before[0]) and np.array_equal(masks.numpy(), before[1])

    with pytest.raises(ValueError, match="game 2: action 0 is not legal"):
        env.step(np.array([19, 19, 0, 19], dtype=np.int64))
    assert unchanged()
    for bad in ([-1, 19, 19, 19], [19, 65, 19, 19], [19, 19, 19, 64]):
        with pytest.raises(ValueError, match="is not legal"):
            env.step(np.array(bad, dtype=np.int64))
        assert unchanged()
    check_misshaped_actions_refused(env, 19)
    assert unchanged()
    # A list works, through NumPy.
    obs, masks, rewards, terminated = env.step([19, 26, 37, 44])
    assert not np.array_equal(obs.numpy(), before[0])
    assert rewards.numpy().tolist() == [0.0] * 4 and not terminated.numpy().any()


@GPU
def test_perft_matches_the_published_counts_in_every_strategy():
    for strategy in bitgames.cuda.STRATEGIES:
        counts = [bitgames.cuda.perft(depth, strategy=strategy) for depth in range(1, 10)]
        assert counts == PERFT, strategy
    assert bitgames.cuda.perft(0) == 1


@GPU
@pytest.mark.parametrize("strategy", bitgames.cuda.STRATEGIES)
def test_playouts_are_sane(strategy):
    threads, per_thread = 4096, 8
    totals = bitgames.cuda.playouts(threads, per_thread, seed=3, strategy=strategy)
    games = threads * per_thread
    assert totals["games"] == games
    # Random Othello games last about 60 plies (passes included).
    assert 55 * games < totals["steps"] < 65 * games
    assert 0 < totals["black_wins"] < games and 0 < totals["draws"] < games // 10
    # The same seed, the same games, whatever the strategy.
    assert totals == bitgames.cuda.playouts(threads, per_thread, seed=3, strategy="shift")


@GPU
def test_dlpack_into_torch_without_copies():
    import torch

    n = 256
    env, cpu, obs, masks = reset_shared_with_torch(torch, "Othello", n)

    # Actions as a CUDA int64 tensor, read in place; the results seen through the same tensors.
    t_obs = torch.from_dlpack(obs)
    for _ in range(100):
        actions = torch.from_dlpack(env.sample_actions()).clone()
        obs, masks, rewards, terminated = env.step(actions)
        c_obs, c_masks, c_rewards, c_terminated = cpu.step(actions.cpu().numpy())
        assert np.array_equal(t_obs.cpu().numpy(), c_obs), "the tensor sees each step"
        assert torch.equal(torch.from_dlpack(rewards).cpu(), torch.from_numpy(c_rewards))
        assert torch.equal(torch.from_dlpack(terminated).cpu(), torch.from_numpy(c_terminated))
    # A CPU tensor goes through NumPy.
    actions = torch.from_numpy(cpu.sample_actions().copy())
    env.step(actions)
    c_obs = cpu.step(actions.numpy())[0]
    assert np.array_equal(t_obs.cpu().numpy(), c_obs)

    # Wrong dtype, layout or length on the device.
    legal = torch.from_dlpack(env.sample_actions()).clone()
    with pytest.raises(TypeError, match="int64"):
        env.step(legal.to(torch.int32))
    with pytest.raises(ValueError, match="contiguous"):
        env.step(torch.stack([legal, legal], dim=1)[:, 0])
    with pytest.raises(ValueError, match=f"expected {n} actions"):
        env.step(legal[: n // 2])
    # An illegal action written into the environment's own action buffer through the tensor:
    # once handed out, even sampled actions are checked.
    sampled = env.sample_actions()
    view = torch.from_dlpack(sampled)
    view[3] = 65
    with pytest.raises(ValueError, match="game 3: action 65 is not legal"):
        env.step(sampled)

    # Tensors keep the buffers alive past the environment.
    expected = t_obs.cpu().clone()
    del env, obs, masks, rewards, terminated, sampled
    gc.collect()
    torch.cuda.synchronize()
    assert torch.equal(t_obs.cpu(), expected)


@GPU
def test_dlpack_into_jax_without_copies():
    import os

    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_enable_x64", True)
    n = 128
    env = CUDA.Othello(n, seed=8)
    cpu = CPU.Othello(n, seed=8)
    obs, masks = env.reset()
    cpu.reset()
    for array, dtype in ((obs, jnp.int8), (masks, jnp.bool_)):
        converted = jax.dlpack.from_dlpack(array)
        assert converted.dtype == dtype and converted.shape == array.shape
        (device,) = converted.devices()
        assert device.platform == "gpu"
        assert converted.unsafe_buffer_pointer() == array.data_ptr, "shared, not copied"
        assert np.array_equal(np.asarray(converted), array.numpy())
    # Actions as a JAX int64 array on the device.
    gpu = jax.devices("gpu")[0]
    for _ in range(50):
        actions = cpu.sample_actions()
        obs, masks, rewards, terminated = env.step(jax.device_put(jnp.asarray(actions), gpu))
        c_obs, c_masks, c_rewards, c_terminated = cpu.step(actions)
        assert np.array_equal(np.asarray(jax.dlpack.from_dlpack(obs)), c_obs)
        assert np.array_equal(np.asarray(jax.dlpack.from_dlpack(rewards)), c_rewards)
        assert np.array_equal(np.asarray(jax.dlpack.from_dlpack(terminated)), c_terminated)


# ---- The Amazons on a CUDA device --------------------------------------------------------


@GPU
def test_amazons_properties_and_arrays():
    env = CUDA.Amazons(5, seed=3, strategy="table")
    assert env.strategy == "table"
    check_properties_and_arrays(env, 100, (4, 10, 10))
    env.synchronize()


@GPU
def test_amazons_illegal_or_misshaped_actions_change_nothing():
    env = CUDA.Amazons(4, seed=1)
    cpu = CPU.Amazons(4, seed=1)
    obs, masks = env.reset()
    cpu.reset()

    def snapshot():
        return obs.numpy(), masks.numpy()

    def unchanged(before):
        now = snapshot()
        return np.array_equal(now[0], before[0]) and np.array_equal(now[1], before[1])

    def legal_step(actions):
        # Both environments take the same legal sub-actions and agree.
        g = env.step(np.array(actions, dtype=np.int64))
        c = cpu.step(np.array(actions, dtype=np.int64))
        for device_array, host in zip(g, c):
            assert np.array_equal(device_array.numpy(), host)

    # The first sub-action picks one of white's queens: a10 (0), black's d10 (3) and
    # squares off the board are not.
    before = snapshot()
    with pytest.raises(ValueError, match="game 2: action 0 is not legal"):
        env.step(np.array([60, 93, 0, 69], dtype=np.int64))
    assert unchanged(before)
    for bad in ([-1, 93, 96, 69], [60, 100, 96, 69], [60, 93, 96, 3]):
        with pytest.raises(ValueError, match="is not legal"):
            env.step(np.array(bad, dtype=np.int64))
        assert unchanged(before)
    check_misshaped_actions_refused(env, 60)
    assert unchanged(before)

    # Queens a4, d1, g1, j4 chosen; then a destination: not the queen's own square.
    legal_step([60, 93, 96, 69])
    mid = snapshot()
    with pytest.raises(ValueError, match="game 1: action 93 is not legal"):
        env.step(np.array([50, 93, 86, 59], dtype=np.int64))
    assert unchanged(mid)
    # To a5, d2, g2, j5; then an arrow: not onto black's queen j7.
    legal_step([50, 83, 86, 59])
    mid = snapshot()
    with pytest.raises(ValueError, match="game 3: action 39 is not legal"):
        env.step(np.array([60, 93, 96, 39], dtype=np.int64))
    assert unchanged(mid)
    # Arrows back onto the squares the queens left (a list works, through NumPy): black
    # to move, its four queens the legal picks.
    obs, masks, rewards, terminated = env.step([60, 93, 96, 69])
    c_obs, c_masks, _, _ = cpu.step(np.array([60, 93, 96, 69], dtype=np.int64))
    assert np.array_equal(obs.numpy(), c_obs) and np.array_equal(masks.numpy(), c_masks)
    assert [np.flatnonzero(m).tolist() for m in masks.numpy()] == [BLACK_QUEENS] * 4
    assert rewards.numpy().tolist() == [0.0] * 4 and not terminated.numpy().any()


@GPU
def test_amazons_perft_matches_the_published_counts_in_every_strategy():
    for strategy in bitgames.cuda.STRATEGIES:
        counts = [
            bitgames.cuda.perft(depth, strategy=strategy, game="amazons") for depth in range(3)
        ]
        assert counts == AMAZONS_PERFT, strategy


@GPU
@pytest.mark.parametrize("strategy", bitgames.cuda.STRATEGIES)
def test_amazons_playouts_are_sane(strategy):
    threads, per_thread = 4096, 4
    totals = bitgames.cuda.playouts(threads, per_thread, seed=3, strategy=strategy, game="amazons")
    games = threads * per_thread
    assert set(totals) == {"games", "steps", "white_wins"}
    assert totals["games"] == games
    # Three sub-actions a move; random games last about 207 sub-actions (69 moves; 35 to 89
    # in bitgames.vector.Amazons), and white wins about half of them (there are no draws).
    assert totals["steps"] % 3 == 0
    assert 195 * games < totals["steps"] < 220 * games
    assert 0.46 * games < totals["white_wins"] < 0.54 * games
    # The same seed, the same games, whatever the strategy.
    assert totals == bitgames.cuda.playouts(
        threads, per_thread, seed=3, strategy="shift", game="amazons"
    )


@GPU
def test_amazons_dlpack_into_torch_without_copies():
    import torch

    n = 256
    env, cpu, obs, masks = reset_shared_with_torch(torch, "Amazons", n)

    # Actions as a CUDA int64 tensor, read in place, through game ends and restarts.
    t_obs, t_masks = torch.from_dlpack(obs), torch.from_dlpack(masks)
    finished = 0
    for _ in range(300):
        actions = torch.from_dlpack(env.sample_actions()).clone()
        assert actions.is_cuda and actions.dtype == torch.int64
        obs, masks, rewards, terminated = env.step(actions)
        c_obs, c_masks, c_rewards, c_terminated = cpu.step(actions.cpu().numpy())
        assert np.array_equal(t_obs.cpu().numpy(), c_obs), "the tensor sees each step"
        assert np.array_equal(t_masks.cpu().numpy(), c_masks)
        assert torch.equal(torch.from_dlpack(rewards).cpu(), torch.from_numpy(c_rewards))
        assert torch.equal(torch.from_dlpack(terminated).cpu(), torch.from_numpy(c_terminated))
        finished += int(c_terminated.sum())
    assert finished > 0

    # An illegal action written into the environment's own action buffer through the tensor:
    # once handed out, even sampled actions are checked.
    sampled = env.sample_actions()
    view = torch.from_dlpack(sampled)
    view[3] = 100
    before = t_obs.cpu().clone()
    with pytest.raises(ValueError, match="game 3: action 100 is not legal"):
        env.step(sampled)
    assert torch.equal(t_obs.cpu(), before), "no game moved"

    # Tensors keep the buffers alive past the environment.
    del env, obs, masks, rewards, terminated, sampled
    gc.collect()
    torch.cuda.synchronize()
    assert torch.equal(t_obs.cpu(), before)


@pytest.mark.parametrize("game", ["Othello", "Amazons"])
def test_the_gymnasium_classes_are_vector_envs_without_a_device(game):
    env_class = getattr(bitgames.cuda, game)
    assert issubclass(env_class, gymnasium.vector.VectorEnv)
    assert env_class.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    with pytest.raises(ValueError):
        env_class(0)


@GPU
@pytest.mark.parametrize("game, planes, actions", [("Othello", (3, 8, 8), 65), ("Amazons", (4, 10, 10), 100)])
def test_the_gymnasium_classes_step_as_the_native_ones(game, planes, actions):
    n = 64
    env = getattr(bitgames.cuda, game)(n)
    native = getattr(CUDA, game)(n, seed=6)
    assert env.single_observation_space == gymnasium.spaces.Box(0, 1, planes, np.int8)
    assert env.action_space == gymnasium.spaces.MultiDiscrete([actions] * n)
    obs, infos = env.reset(seed=6)
    n_obs, n_masks = native.reset()
    assert np.array_equal(obs.numpy(), n_obs.numpy())
    assert np.array_equal(infos["action_mask"].numpy(), n_masks.numpy())
    for _ in range(100):
        actions_now = env.sample_actions().numpy()
        assert np.array_equal(actions_now, native.sample_actions().numpy())
        obs, rewards, terminations, truncations, infos = env.step(actions_now)
        n_obs, n_masks, n_rewards, n_terminated = native.step(actions_now)
        assert np.array_equal(obs.numpy(), n_obs.numpy())
        assert np.array_equal(infos["action_mask"].numpy(), n_masks.numpy())
        assert np.array_equal(rewards.numpy(), n_rewards.numpy())
        assert np.array_equal(terminations.numpy(), n_terminated.numpy())
        assert not truncations.any()
