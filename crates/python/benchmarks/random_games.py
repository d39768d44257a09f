"""Random-game steps per second, side by side in one run (Othello by default).

    python crates/python/benchmarks/random_games.py [--game othello] [--seconds 3] [--n 4096]

Rows: OpenSpiel's Python API (when ``open_spiel`` is installed), ``bitgames.Othello``
driven by a Python loop (``legal_moves()``, ``random.choice``, ``play``), the PettingZoo
environment, and the vectorized environment (``sample_actions()`` then ``step()``). Each
row runs for about ``--seconds``; the figures are moves (env steps) per second on this
machine, and the ratios are to the first row measured.
"""

import argparse
import random
import time

import bitgames
import bitgames.vector


def timed(seconds, play_one):
    """Calls ``play_one()`` (which returns the moves it made) for about ``seconds``."""
    moves, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += play_one()
    return moves / (time.perf_counter() - start)


def openspiel_loop(game, rng):
    import pyspiel

    spiel = pyspiel.load_game(game)

    def play_one():
        state, moves = spiel.new_initial_state(), 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        return moves

    return play_one


def bitgames_loop(cls, rng):
    def play_one():
        position, moves = cls(), 0
        while True:
            legal = position.legal_moves()
            if not legal:
                return moves
            position = position.play(rng.choice(legal))
            moves += 1

    return play_one


def pettingzoo_loop(module, rng):
    import numpy as np

    env = module.env()

    def play_one():
        env.reset()
        moves = 0
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            moves += 1
        return moves

    return play_one


def vector_rate(cls, n, seconds):
    env = cls(n, seed=1)
    env.reset()
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.step(env.sample_actions())
        steps += n
    return steps / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="othello", choices=["othello", "santorini", "amazons"])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--n", type=int, default=4096)
    args = parser.parse_args()
    rng = random.Random(1)
    cls = {"othello": bitgames.Othello, "santorini": bitgames.Santorini, "amazons": bitgames.Amazons}[
        args.game
    ]
    rows = []
    try:
        rows.append(("OpenSpiel Python API", timed(args.seconds, openspiel_loop(args.game, rng))))
    except ImportError:
        print("open_spiel is not installed: no OpenSpiel row")
    if args.game != "santorini":
        rows.append(("bitgames position, Python loop", timed(args.seconds, bitgames_loop(cls, rng))))
    try:
        from bitgames import envs

        module = getattr(envs, f"{args.game}_v0")
        rows.append(("bitgames PettingZoo env", timed(args.seconds, pettingzoo_loop(module, rng))))
    except ImportError:
        print("pettingzoo is not installed: no PettingZoo row")
    vector = getattr(bitgames.vector, cls.__name__)
    rows.append((f"bitgames vector env, N={args.n}", vector_rate(vector, args.n, args.seconds)))
    base = rows[0][1]
    print(f"{args.game}: random-game moves (env steps) per second")
    for name, rate in rows:
        print(f"  {name:<36} {rate:>14,.0f}   {rate / base:8.2f}x")


if __name__ == "__main__":
    main()
