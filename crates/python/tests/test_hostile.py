"""Hostile use of the Python extension (issue 22, item 1): no input may end the interpreter.

Each reproducer from the issue runs as written, in a fresh interpreter (``run_isolated``), so
that a regression that aborts the process (SIGABRT, exit -6) fails its test instead of
killing pytest. The child prints how the call ended (``returned`` or ``ExceptionType:
message``); a ``PanicException`` (a ``BaseException``) is not caught there, so it fails the
test too.
"""

import subprocess
import sys
import textwrap

import pytest

import bitgames
import bitgames.vector
from bitgames import _native

# The native vector classes under bitgames.vector (and bitgames.vector.legacy), whose
# reset() gives (obs, masks) and step() (obs, masks, rewards, terminated): the buffers the
# Gymnasium classes hand out are theirs (tested at the end for the Gymnasium classes' own).
PRELUDE = (
    "import numpy as np, bitgames, bitgames.vector\n"
    "from bitgames import _native\n"
    "class V:\n"
    "    Othello, Santorini, Amazons = _native.VecOthello, _native.VecSantorini, "
    "_native.VecAmazons\n"
)

GAMES = ["Othello", "Santorini", "Amazons"]


def run_isolated(setup, call, after=""):
    """Runs ``setup``, then ``call`` (one statement) and then ``after`` in a new interpreter.

    Returns the child's output lines: the first after ``setup``'s own is ``returned`` or
    ``ExceptionType: message`` for ``call``. Fails when the child dies (a signal: a negative
    exit code) or exits non-zero (an uncaught exception, a failed ``assert`` in ``after``).
    """
    script = (
        PRELUDE
        + textwrap.dedent(setup)
        + "\ntry:\n    "
        + call
        + "\nexcept Exception as err:\n"
        + "    print(f'{type(err).__name__}: {err}')\n"
        + "else:\n    print('returned')\n"
        + textwrap.dedent(after)
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, (
        f"the interpreter ended with exit code {proc.returncode} (-6: SIGABRT)\n"
        f"script:\n{script}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr[-4000:]}"
    )
    return proc.stdout.splitlines()


# Read-only buffers: `e=V.Othello(8); obs,m=e.reset(); obs.flags.writeable=False;
# e.step(e.sample_actions())`, the same with `m`, and for Santorini and Amazons.


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("buffer", ["obs", "m"])
def test_a_read_only_buffer_raises_value_error_and_can_be_made_writeable_again(game, buffer):
    lines = run_isolated(
        f"e=V.{game}(8); obs,m=e.reset(); {buffer}.flags.writeable=False",
        "e.step(e.sample_actions())",
        f"""
        assert (e.current_players() == 0).all(), "no game moved"
        {buffer}.flags.writeable = True
        e.step(e.sample_actions())
        print("stepped again")
        """,
    )
    assert lines[0].startswith("ValueError: the environment's"), lines
    assert "read-only" in lines[0], lines
    assert lines[1] == "stepped again", lines


@pytest.mark.parametrize("game", GAMES)
def test_reset_with_a_read_only_buffer_raises_value_error(game):
    lines = run_isolated(
        f"e=V.{game}(8); obs,m=e.reset(); m.flags.writeable=False", "e.reset()"
    )
    assert lines[0].startswith("ValueError:") and "read-only" in lines[0], lines


# Actions aliasing the env's own buffers: `e.step(obs.reshape(-1).view(np.int64)[:8])`.


@pytest.mark.parametrize("game", GAMES)
def test_actions_aliasing_the_observations_are_checked_not_a_crash(game):
    lines = run_isolated(
        f"e=V.{game}(8); obs,m=e.reset()",
        "e.step(obs.reshape(-1).view(np.int64)[:8])",
    )
    # The observation bytes (0s and 1s) read as int64 are no legal action.
    assert lines[0].startswith("ValueError: game "), lines
    assert "is not legal" in lines[0], lines


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("buffer", ["obs", "m"])
def test_legal_actions_stored_in_the_envs_own_buffer_are_copied_first(game, buffer):
    # Legal actions written into the env's own buffer, then stepped: the step must read them
    # before it overwrites that buffer, and play exactly what a copy of them plays.
    lines = run_isolated(
        f"""
        e=V.{game}(8, seed=3); obs,m=e.reset()
        twin=V.{game}(8, seed=3); twin.reset()
        actions = e.sample_actions(); twin.sample_actions()
        alias = {buffer}.reshape(-1).view(np.uint8)[:64].view(np.int64)
        alias[:] = actions
        """,
        "e.step(alias)",
        """
        t_obs, t_m, t_r, t_t = twin.step(actions.copy())
        assert np.array_equal(obs, t_obs) and np.array_equal(m, t_m)
        print("same as the twin")
        """,
    )
    assert lines == ["returned", "same as the twin"], lines


# A caller-edited mask: `e=V.Santorini(8); obs,m=e.reset(); m[:]=True;
# e.step(np.zeros(8,np.int64))`; the Amazons likewise; Othello used to play a1 (no flips).


@pytest.mark.parametrize("game", GAMES)
def test_an_edited_mask_does_not_make_an_illegal_action_legal(game):
    lines = run_isolated(
        f"""
        e=V.{game}(8); obs,m=e.reset(); m[:]=True
        before = obs.copy()
        fresh=V.{game}(8); fresh_obs, fresh_m = fresh.reset()
        """,
        "e.step(np.zeros(8,np.int64))",
        """
        assert np.array_equal(obs, before), "no observation was written"
        assert (e.current_players() == 0).all(), "no game moved"
        # The env's own record still holds: its next step is the fresh env's.
        a = fresh.sample_actions()
        o1, m1, r1, t1 = e.step(a)
        o2, m2, r2, t2 = fresh.step(a)
        assert np.array_equal(o1, o2) and np.array_equal(m1, m2)
        print("unchanged")
        """,
    )
    assert lines[0].startswith("ValueError: game 0: action 0 is not legal"), lines
    assert lines[1] == "unchanged", lines


def test_othello_does_not_play_a1_after_the_mask_was_edited():
    lines = run_isolated(
        "e=V.Othello(8); obs,m=e.reset(); m[:]=True",
        "e.step(np.zeros(8,np.int64))",
        """
        # a1 is square 0: plane 1 (the mover's discs) or 2 (the opponent's) must stay empty.
        assert obs[:, 1:, 0, 0].sum() == 0, "a1 was played"
        print("a1 empty")
        """,
    )
    assert lines[0].startswith("ValueError: game 0: action 0 is not legal"), lines
    assert lines[1] == "a1 empty", lines


# Huge sizes: `V.Othello(10**9)`, `V.Othello(2**63)`, `bitgames.compare('othello', 10**12)`.


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("n", ["10**9", "2**63", "V.Othello.MAX_ENVS + 1"])
def test_more_games_than_max_envs_is_a_value_error_before_allocating(game, n):
    lines = run_isolated("", f"V.{game}({n})")
    assert lines[0].startswith("ValueError: n must be between 1 and MAX_ENVS"), lines


def test_compare_with_a_trillion_instances_is_a_value_error():
    lines = run_isolated("", "bitgames.compare('othello', 10**12)")
    assert lines[0].startswith("ValueError: instances must be between 1 and"), lines


# Also bounded up front: counts past what can finish.


def test_tower_defence_random_playouts_past_what_can_finish_is_a_value_error():
    lines = run_isolated("", "bitgames.TowerDefence().random_playouts(10**15)")
    assert lines[0].startswith("ValueError: games must be at most MAX_PLAYOUTS"), lines


def test_random_games_past_what_can_finish_is_a_value_error():
    lines = run_isolated("", "bitgames.random_games('othello', 10**13)")
    assert lines[0].startswith("ValueError: n must be at most MAX_RANDOM_GAMES"), lines


# Buffers changed in place, beyond the reproducers.


@pytest.mark.parametrize(
    "change",
    [
        "obs.shape = (8, -1)",
        "m.shape = (-1,)",
        "obs.strides = (0, 0, 0, 0)",
        "m.dtype = np.int8",
    ],
)
def test_a_buffer_changed_in_place_raises_value_error(change):
    lines = run_isolated(
        f"""
        import warnings; warnings.simplefilter("ignore")
        e=V.Othello(8); obs,m=e.reset(); {change}
        """,
        "e.step(e.sample_actions())",
        'assert (e.current_players() == 0).all(); print("no game moved")',
    )
    assert lines[0].startswith("ValueError: the environment's"), lines
    assert "changed in place" in lines[0], lines
    assert lines[1] == "no game moved", lines


def test_non_contiguous_actions_are_accepted():
    env = _native.VecOthello(4, seed=2)
    twin = _native.VecOthello(4, seed=2)
    env.reset()
    twin.reset()
    actions = env.sample_actions()
    twin.sample_actions()
    import numpy as np

    spread = np.zeros(8, dtype=np.int64)
    spread[::2] = actions
    obs, masks, _, _ = env.step(spread[::2])
    twin_obs, twin_masks, _, _ = twin.step(actions)
    assert np.array_equal(obs, twin_obs) and np.array_equal(masks, twin_masks)


def test_max_envs_is_documented_and_exported():
    assert bitgames.vector.MAX_ENVS == _native.VecOthello.MAX_ENVS == 2**20


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "change",
    [
        'i["to_play"].flags.writeable=False',
        'i["rewards"].flags.writeable=False',
        'i["action_mask"].flags.writeable=False',
        "obs.flags.writeable=False",
        'i["rewards"].shape = (-1,)',
    ],
)
def test_the_gymnasium_classes_check_their_buffers_too(game, change):
    lines = run_isolated(
        f"""
        e=getattr(bitgames.vector, "{game}")(8); obs,i=e.reset(seed=1)
        twin=getattr(bitgames.vector, "{game}")(8); twin.reset(seed=1)
        before=obs.copy(); {change}
        """,
        "e.step(e.sample_actions())",
        """
        assert np.array_equal(obs, before); print("no game moved")
        """,
    )
    assert lines[0].startswith("ValueError: the environment's"), lines
    assert lines[1] == "no game moved", lines


def test_the_extension_turns_panics_into_exceptions():
    # Built in the `python` profile (pyproject.toml): a panic unwinds into
    # `pyo3_runtime.PanicException` instead of aborting the interpreter.
    assert bitgames._native._PANIC_STRATEGY == "unwind"
