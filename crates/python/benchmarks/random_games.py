"""Random-game steps per second, side by side in one run (Othello by default).

    python crates/python/benchmarks/random_games.py [--game othello] [--seconds 3] [--n 4096]
                                                    [--rounds 1]

Rows: OpenSpiel's Python API (when ``open_spiel`` is installed: ``legal_actions()``,
``random.choice``, ``apply_action``), ``bitgames.Othello`` driven by a Python loop
(``legal_moves()``, ``random.choice``, ``play``), the PettingZoo environment
(``bitgames.envs.<game>_v0.env()``, the one with PettingZoo's checks: ``agent_iter()``,
``last()``, a random legal action from the action mask by ``np.flatnonzero`` and
``random.choice``, ``step``), and the vectorized environment (``sample_actions()`` then
``step()``). Each row runs for about ``--seconds``; the figures are moves (env steps) per
second on this machine (wall-clock time), and the ratios are to the first row measured.
With ``--rounds N`` the rows run N times interleaved (row 1, row 2, ..., row 1, row 2,
...), so a machine that gets busier or quieter affects every row alike; each round is
printed, then each row's range and its ratio to the first row in the same round.
"""

import argparse
import random
import time
from types import ModuleType
from typing import Any, Callable, List, Tuple, Type, Union

import bitgames
import bitgames.vector

_Position = Union[bitgames.Othello, bitgames.Santorini, bitgames.Amazons]


def timed(seconds: float, play_one: Callable[[], int]) -> float:
    """Calls ``play_one()`` (which returns the moves it made) for about ``seconds``."""
    moves, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += play_one()
    return moves / (time.perf_counter() - start)


def openspiel_loop(game: str, rng: random.Random) -> Callable[[], int]:
    import importlib

    pyspiel = importlib.import_module("pyspiel")  # untyped: an Any

    if game not in pyspiel.registered_names():
        raise LookupError(f"OpenSpiel has no {game}")
    spiel = pyspiel.load_game(game)

    def play_one() -> int:
        state, moves = spiel.new_initial_state(), 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        return moves

    return play_one


def bitgames_loop(cls: Type[_Position], rng: random.Random) -> Callable[[], int]:
    def play_one() -> int:
        position, moves = cls(), 0
        while True:
            legal = position.legal_moves()
            if not legal:
                return moves
            position = position.play(rng.choice(legal))
            moves += 1

    return play_one


def pettingzoo_loop(module: Any, rng: random.Random) -> Callable[[], int]:
    import numpy as np

    env = module.env()

    def play_one() -> int:
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


def vector_rate(cls: Type[bitgames.vector.VectorGame], n: int, seconds: float) -> float:
    env = cls(n, seed=1)
    env.reset()
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.step(env.sample_actions())
        steps += n
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="othello", choices=["othello", "santorini", "amazons"])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--n", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(1)
    cls: Type[_Position] = {"othello": bitgames.Othello, "santorini": bitgames.Santorini, "amazons": bitgames.Amazons}[
        args.game
    ]
    # (name, a function measuring one round's moves a second)
    rows: List[Tuple[str, Callable[[], float]]] = []
    try:
        play_openspiel = openspiel_loop(args.game, rng)
        rows.append(("OpenSpiel Python API", lambda: timed(args.seconds, play_openspiel)))
    except ImportError:
        print("open_spiel is not installed: no OpenSpiel row")
    except LookupError as err:
        print(f"{err}: no OpenSpiel row")
    if args.game != "santorini":
        play_position = bitgames_loop(cls, rng)
        rows.append(("bitgames position, Python loop", lambda: timed(args.seconds, play_position)))
    try:
        from bitgames import envs

        play_env = pettingzoo_loop(getattr(envs, f"{args.game}_v0"), rng)
        rows.append(("bitgames PettingZoo env", lambda: timed(args.seconds, play_env)))
    except ImportError:
        print("pettingzoo is not installed: no PettingZoo row")
    vector = getattr(bitgames.vector, cls.__name__)
    rows.append(
        (f"bitgames vector env, N={args.n}", lambda: vector_rate(vector, args.n, args.seconds))
    )
    rates: List[List[float]] = [[] for _ in rows]
    for round_ in range(args.rounds):
        for i, (_, measure) in enumerate(rows):
            rates[i].append(measure())
        if args.rounds > 1:
            print(f"round {round_ + 1} of {args.rounds}")
        print(f"{args.game}: random-game moves (env steps) per second")
        base = rates[0][round_]
        for (name, _), rate in zip(rows, rates):
            print(f"  {name:<36} {rate[round_]:>14,.0f}   {rate[round_] / base:8.2f}x")
    if args.rounds > 1:
        print(f"{args.game}, {args.rounds} rounds: range of moves per second, and of the ratio")
        print("to the first row in the same round")
        for (name, _), rate in zip(rows, rates):
            ratios = [r / b for r, b in zip(rate, rates[0])]
            print(
                f"  {name:<36} {min(rate):>12,.0f}-{max(rate):<12,.0f}"
                f" {min(ratios):6.2f}-{max(ratios):.2f}x"
            )


if __name__ == "__main__":
    main()
