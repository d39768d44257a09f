"""Helpers that several test modules share (imported as `helpers`: pytest puts this folder on
`sys.path`, and the name matches no test pattern, so it is not collected)."""

import signal
import subprocess
import sys
import time

import numpy as np
import pytest


def interrupted_after(call, wait=0.5, timeout=20):
    """Runs `call` (Python source) in a child Python that handles Ctrl-C as an interactive one
    does, sends it SIGINT after `wait` seconds and returns how long after the signal it
    printed that KeyboardInterrupt was raised; fails if it is still running `timeout` seconds
    after the signal."""
    # The child handles Ctrl-C as an interactive Python does, whatever it inherited (a
    # shell's background job starts with SIGINT ignored, and Python keeps it ignored then).
    script = (
        "import signal, sys, bitgames\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "print('started', flush=True)\n"
        "try:\n"
        f"    {call}\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(3)\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(wait)
        assert child.poll() is None, "the call finished on its own"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        try:
            out, err = child.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{call}: still running {timeout} s after SIGINT")
        waited = time.monotonic() - sent
    finally:
        child.kill()
    assert child.returncode == 3, (child.returncode, out, err[-2000:])
    assert "interrupted" in out
    return waited


def same_games_twice(make_env, steps, to_host=np.copy):
    """Whether two environments from `make_env()` sample the same actions for `steps` steps
    (each step taking what was sampled); `to_host` turns sampled actions into a NumPy array
    that later steps leave alone."""
    runs = []
    for _ in range(2):
        env = make_env()
        env.reset()
        actions = []
        for _ in range(steps):
            a = env.sample_actions()
            actions.append(to_host(a))
            env.step(a)
        runs.append(np.array(actions))
    return np.array_equal(runs[0], runs[1])
