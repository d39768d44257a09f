"""``python -m bitgames.distributed perft|solve|selfplay|train-games``: see ``--help``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import List, Optional

from .journal import JournalError
from .runner import run_perft, run_selfplay, run_solve, run_train_games

GAMES = ("othello", "santorini", "amazons")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--address",
        help="join this Ray cluster (auto, HOST:PORT of the head, or ray://HOST:PORT); "
        "default: start a local Ray instance on this machine, on 127.0.0.1 only",
    )
    parser.add_argument("--journal", metavar="FILE", help="append finished units here; rerun with it to resume")
    parser.add_argument("--num-cpus", type=int, help="CPUs of the local Ray instance (default: all)")
    parser.add_argument("--wheel", metavar="WHL", help="ship this bitgames wheel to the workers (Ray runtime_env)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar, even on a terminal")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bitgames.distributed",
        description="Perft, endgame solving and self-play as work units on Ray.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    perft = sub.add_parser("perft", help="perft through transposition-merged work units")
    perft.add_argument("game", choices=GAMES)
    perft.add_argument("depth", type=int)
    perft.add_argument("--position", help="start from this position (the game's notation)")
    perft.add_argument("--split-depth", type=int, metavar="K", help="split K plies down (default: by game and depth)")
    perft.add_argument("--no-symmetry", action="store_true", help="do not fold positions by board symmetries")
    perft.add_argument("--unit-positions", type=int, metavar="N", help="positions per work unit (default: ~3 s of work)")
    perft.add_argument("--json", action="store_true", help="print one JSON object")
    _common(perft)

    solve = sub.add_parser("solve", help="solve the Othello endgames of an FFO .obf file")
    solve.add_argument("file")
    solve.add_argument("--max-nodes", type=int, help="give up on a position after this many nodes")
    _common(solve)

    selfplay = sub.add_parser("selfplay", help="engine games, scored like `bitgames match`")
    selfplay.add_argument("game", choices=GAMES)
    selfplay.add_argument("--a", required=True, help="random, alphabeta or mcts (the engine whose score is reported)")
    selfplay.add_argument("--b", required=True, help="random, alphabeta or mcts")
    selfplay.add_argument("--a-strategy")
    selfplay.add_argument("--b-strategy")
    selfplay.add_argument("--games", type=int, default=100)
    selfplay.add_argument("--time-ms", type=int, default=20)
    selfplay.add_argument("--opening-plies", type=int, default=4)
    selfplay.add_argument("--seed", type=int, default=1)
    selfplay.add_argument("--out", metavar="FILE", help="write every game as one JSON line (moves, result)")
    selfplay.add_argument("--json", action="store_true", help="print the tally as one JSON object")
    _common(selfplay)

    train = sub.add_parser(
        "train-games",
        help="the Othello evaluation's training games (cargo xtask train-eval --ray), to a games file",
    )
    train.add_argument("--games", type=int, required=True)
    train.add_argument("--out", metavar="FILE", required=True, help="the games file train_eval --games-file reads")
    train.add_argument("--seed", type=int, default=1)
    train.add_argument("--play-depth", type=int, help="search depth of self-play moves (default: the trainer's)")
    train.add_argument("--random-moves", type=float, help="probability of a random move (default: the trainer's)")
    train.add_argument("--unit-games", type=int, default=500, help="games per work unit")
    _common(train)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    args = _parser().parse_args(argv)
    progress = sys.stderr.isatty() and not args.no_progress
    common = dict(address=args.address, journal=args.journal, num_cpus=args.num_cpus, wheel=args.wheel, progress=progress)
    try:
        if args.command == "perft":
            result = run_perft(
                args.game,
                args.depth,
                position=args.position,
                split_depth=args.split_depth,
                symmetry=not args.no_symmetry,
                unit_positions=args.unit_positions,
                **common,
            )
            if args.json:
                print(json.dumps(result.to_json(), separators=(",", ":")))
            else:
                for mv, n in sorted(result.divide):
                    print(f"{mv} {n}")
                print()
                print(f"{result.game} perft {result.depth} (split depth {result.split_depth}, {result.positions} positions)")
                print(f"nodes     {result.nodes}")
                print(f"units     {result.units} ({result.units_resumed} from the journal)")
                print(f"time      {result.seconds:.3f} s")
        elif args.command == "solve":
            solved = run_solve(args.file, max_nodes=args.max_nodes, **common)
            for record in solved.records:
                print(json.dumps(record, separators=(",", ":")))
            if solved.wrong_lines:
                print(f"error: scores differ from the file on lines {solved.wrong_lines}", file=sys.stderr)
                return 1
        elif args.command == "train-games":
            trained = run_train_games(
                args.games,
                args.out,
                seed=args.seed,
                play_depth=args.play_depth,
                random_moves=args.random_moves,
                unit_games=args.unit_games,
                **common,
            )
            print(
                f"{trained.games} games, {trained.positions} positions in {trained.path} "
                f"({trained.units} units, {trained.units_resumed} from the journal, {trained.seconds:.1f} s)"
            )
        else:
            played = run_selfplay(
                args.game,
                args.a,
                args.b,
                args.games,
                args.time_ms,
                seed=args.seed,
                opening_plies=args.opening_plies,
                a_strategy=args.a_strategy,
                b_strategy=args.b_strategy,
                **common,
            )
            if args.out:
                with open(args.out, "w", encoding="utf-8") as out:
                    for record in played.games:
                        out.write(json.dumps(dict(record, game=args.game, a=args.a, b=args.b)) + "\n")
            if args.json:
                print(
                    json.dumps(
                        {
                            "game": args.game,
                            "a": args.a,
                            "b": args.b,
                            "games": args.games,
                            "wins": played.wins,
                            "draws": played.draws,
                            "losses": played.losses,
                            "summary": played.summary(),
                            "units": played.units,
                            "units_resumed": played.units_resumed,
                            "seconds": played.seconds,
                        }
                    )
                )
            else:
                print(f"{args.game}: {args.a} vs {args.b}, {args.games} games at {args.time_ms} ms a move")
                print(played.summary())
    except (JournalError, ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
