"""Work units: what each job is cut into, and the pure function that computes one.

A unit is a JSON-able dict of its inputs (``{"kind": "perft", ...}``); :func:`run_unit` maps
it to its JSON-able result and depends on nothing else, so a unit can run on any worker, be
retried after a fault, or be skipped when the journal already holds its result. Units are
numbered in a deterministic order and each carries the checksum of its inputs, so a journal
written by one run is checked against the units of the next.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from .. import _native
from .journal import checksum

#: Rough leaves counted per second on one core by the fastest kernels (perft with bulk
#: counting), used only to size the units; measured on a 2-core Xeon.
PERFT_RATE = {"othello": 5.0e8, "santorini": 1.5e8, "amazons": 1.5e8}
#: What a unit should take on one core, in seconds.
UNIT_SECONDS = 3.0
#: Positions sampled to estimate the work below a split position.
SAMPLE = 32
#: The deepest probe perft (per game) used for that estimate.
PROBE_DEPTH = {"othello": 4, "santorini": 2, "amazons": 1}
#: The engines `bitgames match` seats.
ENGINES = ("random", "alphabeta", "mcts")
#: Below this many units a job could not keep a small cluster busy: cut finer.
MIN_UNITS = 64
#: The deepest perft the native code accepts (``MAX_PERFT_DEPTH`` of crates/python/src/games.rs):
#: every game's count passes 64 bits well before.
MAX_PERFT_DEPTH = 30
#: The most self-play games in one job (each is a unit the driver holds).
MAX_GAMES = 1_000_000
#: The longest thinking time a self-play move may be given: one hour.
MAX_TIME_MS = 3_600_000
#: What the native code takes as a 64-bit unsigned count (node limits, seeds).
MAX_U64 = 2**64 - 1


def run_unit(unit: Dict[str, Any]) -> Any:
    """The result of one work unit: a pure function of ``unit`` (the Ray task body)."""
    kind = unit["kind"]
    if kind == "perft":
        return _native.perft_positions(unit["game"], unit["positions"], unit["depth"])
    if kind == "solve":
        return json.loads(_native.solve_obf_line(unit["line"], unit["max_nodes"]))
    if kind == "selfplay":
        return json.loads(
            _native.play_game(
                unit["game"],
                unit["a"],
                unit["b"],
                unit["index"],
                unit["time_ms"],
                seed=unit["seed"],
                opening_plies=unit["opening_plies"],
                a_strategy=unit["a_strategy"],
                b_strategy=unit["b_strategy"],
            )
        )
    if kind == "train-games":
        chunk = _native.othello_training_games(
            unit["first"],
            unit["count"],
            seed=unit["seed"],
            play_depth=unit["play_depth"],
            random_moves=unit["random_moves"],
        )
        # JSON-able for the journal: the chunk's bytes in base64.
        return base64.b64encode(chunk).decode("ascii")
    raise ValueError(f"unknown unit kind {kind!r}")


@dataclass
class Plan:
    """A job cut into units: the job's identity (for the journal header) and its units."""

    job: Dict[str, Any]
    units: List[Dict[str, Any]]
    #: Anything the job needs to put the results together.
    extra: Dict[str, Any] = field(default_factory=dict)

    def checksums(self) -> Dict[int, str]:
        """Unit id (its index) to the checksum of its inputs."""
        return {i: checksum(unit) for i, unit in enumerate(self.units)}


# Perft ----------------------------------------------------------------------------------


def default_split_depth(game: str, depth: int) -> int:
    """A split depth that leaves each position a few plies of work (Othello: 6 below)."""
    below = {"othello": 6, "santorini": 3, "amazons": 2}.get(game, 3)
    cap = {"othello": 9, "santorini": 3, "amazons": 1}.get(game, 2)
    return max(1, min(depth - below, cap, depth))


def estimate_leaves(game: str, positions: List[str], remaining: int) -> float:
    """The mean perft ``remaining`` of the positions, estimated from a fixed sample (the same
    in every run, so units are cut the same way)."""
    if remaining == 0 or not positions:
        return 1.0
    step = max(1, len(positions) // SAMPLE)
    sample = positions[::step][:SAMPLE]
    probe = min(remaining, PROBE_DEPTH.get(game, 1))
    counts = _native.perft_positions(game, sample, probe)
    mean = max(1.0, sum(counts) / len(counts))
    if probe == remaining:
        return mean
    before = _native.perft_positions(game, sample, probe - 1)
    growth = max(1.0, mean / max(1.0, sum(before) / len(before)))
    return mean * growth ** (remaining - probe)


def plan_perft(
    game: str,
    depth: int,
    position: Optional[str] = None,
    split_depth: Optional[int] = None,
    symmetry: bool = True,
    unit_positions: Optional[int] = None,
) -> Plan:
    """Perft ``depth`` of ``position`` (the start when None) cut into units of distinct
    positions ``split_depth`` plies down, each unit a few seconds of work on one core."""
    check_perft_depth(depth)
    if depth < 1:
        raise ValueError("the depth must be at least 1")
    if split_depth is None:
        split_depth = default_split_depth(game, depth)
    if not 1 <= split_depth <= depth:
        raise ValueError(f"--split-depth must be between 1 and the depth ({depth})")
    if unit_positions is not None and unit_positions < 1:
        raise ValueError("--unit-positions must be at least 1")
    root_moves, positions, paths = _native.split_positions(game, split_depth, position, symmetry)
    remaining = depth - split_depth
    if unit_positions is None:
        leaves = estimate_leaves(game, positions, remaining)
        per_unit = int(UNIT_SECONDS * PERFT_RATE.get(game, 1e8) / leaves)
        per_unit = max(1, min(per_unit, -(-len(positions) // MIN_UNITS)))
    else:
        per_unit = unit_positions
    units = [
        {"kind": "perft", "game": game, "depth": remaining, "positions": positions[i : i + per_unit]}
        for i in range(0, len(positions), per_unit)
    ]
    job = {
        "command": "perft",
        "game": game,
        "depth": depth,
        "position": position,
        "split_depth": split_depth,
        "symmetry": symmetry,
        "positions": len(positions),
        "positions_checksum": checksum(positions),
        "unit_positions": per_unit,
    }
    return Plan(job, units, {"root_moves": root_moves, "paths": paths, "per_unit": per_unit})


def combine_perft(plan: Plan, results: Dict[int, List[int]]) -> Tuple[int, List[Tuple[str, int]]]:
    """The perft total and the per-root-move divide from every unit's counts."""
    counts: List[int] = []
    for i in range(len(plan.units)):
        unit_counts = results[i]
        if len(unit_counts) != len(plan.units[i]["positions"]):
            raise ValueError(f"unit {i}: {len(unit_counts)} counts for {len(plan.units[i]['positions'])} positions")
        counts.extend(unit_counts)
    root_moves = plan.extra["root_moves"]
    divide = [0] * len(root_moves)
    for root, position, multiplicity in plan.extra["paths"]:
        divide[root] += multiplicity * counts[position]
    return sum(divide), list(zip(root_moves, divide))


# Solve ----------------------------------------------------------------------------------


def check_perft_depth(depth: int) -> None:
    """Refuses a perft depth the native code would refuse in every task (checked in the
    driver, before Ray is started)."""
    if not 0 <= depth <= MAX_PERFT_DEPTH:
        raise ValueError(
            f"perft depth {depth} is out of range: 0 to {MAX_PERFT_DEPTH} "
            "(every count passes 64 bits before that)"
        )


def check_max_nodes(max_nodes: Optional[int]) -> None:
    """Refuses a node limit that is not a positive 64-bit count."""
    if max_nodes is not None and not 1 <= max_nodes <= MAX_U64:
        raise ValueError(f"--max-nodes must be from 1 to {MAX_U64}, not {max_nodes}")


def plan_solve(text: str, max_nodes: Optional[int] = None) -> Plan:
    """One unit per position of an FFO ``.obf`` text, in file order."""
    check_max_nodes(max_nodes)
    problems = _native.ffo_problems(text)
    units = [{"kind": "solve", "line": line, "max_nodes": max_nodes} for _, line, _ in problems]
    job = {
        "command": "solve",
        "file_sha256": checksum(text),
        "problems": len(problems),
        "max_nodes": max_nodes,
    }
    return Plan(job, units, {"problems": problems})


# Self-play ------------------------------------------------------------------------------


def check_selfplay_counts(games: int, time_ms: int, seed: int, opening_plies: int) -> None:
    """Refuses counts out of range (checked in the driver, before Ray is started)."""
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"--games must be from 1 to {MAX_GAMES}, not {games}")
    if time_ms < 0 or seed < 0 or opening_plies < 0:
        raise ValueError("--time-ms, --seed and --opening-plies must not be negative")
    if time_ms > MAX_TIME_MS:
        raise ValueError(f"--time-ms must be at most {MAX_TIME_MS} (one hour), not {time_ms}")
    if seed > MAX_U64:
        raise ValueError(f"--seed must be at most {MAX_U64}, not {seed}")


def plan_selfplay(
    game: str,
    a: str,
    b: str,
    games: int,
    time_ms: int,
    seed: int = 1,
    opening_plies: int = 4,
    a_strategy: Optional[str] = None,
    b_strategy: Optional[str] = None,
) -> Plan:
    """One unit per game, seeded and seated as ``bitgames match`` does."""
    check_selfplay_counts(games, time_ms, seed, opening_plies)
    settings = {
        "game": game,
        "a": a,
        "b": b,
        "time_ms": time_ms,
        "seed": seed,
        "opening_plies": opening_plies,
        "a_strategy": a_strategy,
        "b_strategy": b_strategy,
    }
    # Fail on bad names here, in the driver, rather than in every task.
    names = [name for name, _, _ in _native.strategies(game)]
    if game == "towerdefence":
        raise ValueError("selfplay plays the board games: othello, santorini or amazons")
    for engine in (a, b):
        if engine not in ENGINES:
            raise ValueError(f"unknown engine {engine!r}; choose one of: {', '.join(ENGINES)}")
    for strategy in (a_strategy, b_strategy):
        if strategy is not None and strategy not in names:
            raise ValueError(f"unknown {game} strategy {strategy!r}; choose one of: {', '.join(names)}")
    units = [dict(settings, kind="selfplay", index=i) for i in range(games)]
    job = dict(settings, command="selfplay", games=games)
    return Plan(job, units)


# Training games for the Othello evaluation ---------------------------------------------------

#: Training games in one unit: about three seconds of 3-ply self-play on one core.
TRAIN_GAMES_PER_UNIT = 500


def plan_train_games(
    games: int,
    seed: int = 1,
    play_depth: Optional[int] = None,
    random_moves: Optional[float] = None,
    unit_games: int = TRAIN_GAMES_PER_UNIT,
) -> Plan:
    """The trainer's self-play (``cargo xtask train-eval``) as units of ``unit_games``
    consecutive game indices; ``None`` takes the trainer's default."""
    check_selfplay_counts(games, 0, seed, 0)
    if not 1 <= unit_games <= MAX_GAMES:
        raise ValueError(f"--unit-games must be from 1 to {MAX_GAMES}, not {unit_games}")
    if play_depth is not None and not 1 <= play_depth <= 8:
        raise ValueError(f"--play-depth must be from 1 to 8, not {play_depth}")
    if random_moves is not None and not 0.0 <= random_moves <= 1.0:
        raise ValueError(f"--random-moves is a probability from 0 to 1, not {random_moves}")
    settings = {"seed": seed, "play_depth": play_depth, "random_moves": random_moves}
    units = [
        dict(settings, kind="train-games", first=first, count=min(unit_games, games - first))
        for first in range(0, games, unit_games)
    ]
    job = dict(settings, command="train-games", games=games, unit_games=unit_games)
    return Plan(job, units)
