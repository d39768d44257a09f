"""The driver: connects to Ray, runs a plan's units as tasks, journals each finished unit and
puts the results together.

Without an address, a local Ray instance is started on this machine with every service bound
to and advertised on 127.0.0.1 (:func:`loopback_environment`); with one (``auto``, a
``host:port`` of a head node or ``ray://...``), the driver joins that cluster. When Ray is
already initialised in this process (a test connected to a ``ray.cluster_utils.Cluster``), the
driver uses that connection and leaves it open.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from . import units as units_module
from .journal import open_journal
from .units import Plan

#: Ray retries a task whose worker or node died this many times (a unit is a pure function
#: of its inputs, so a rerun gives the same result).
MAX_RETRIES = 10

#: Environment that keeps a local Ray instance on loopback and off the network:
#: ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`` makes Ray resolve "this node's address" to
#: 127.0.0.1 instead of the interface address (so ``_node_ip_address="127.0.0.1"`` is not
#: rewritten, and the GCS, raylet, object manager and workers bind to and advertise
#: loopback); ``RAY_USAGE_STATS_ENABLED=0`` stops the usage report Ray would send out.
LOOPBACK_ENVIRONMENT = {
    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",
    "RAY_USAGE_STATS_ENABLED": "0",
}


def loopback_environment() -> None:
    """Sets :data:`LOOPBACK_ENVIRONMENT` in this process (inherited by the Ray processes it
    starts). Call it before Ray is imported; if Ray already is, its cached setting is
    updated too."""
    os.environ.update(LOOPBACK_ENVIRONMENT)
    constants = sys.modules.get("ray._private.ray_constants")
    if constants is not None:
        setattr(constants, "ENABLE_RAY_CLUSTER", False)


def _is_loopback_address(address: str) -> bool:
    """Whether a cluster address names this machine's loopback (a head started with
    ``--node-ip-address 127.0.0.1``): the driver must then advertise loopback too."""
    host = address.split("://", 1)[-1].rsplit(":", 1)[0].strip("[]")
    return host == "localhost" or host == "::1" or host.startswith("127.")


def local_init_arguments(num_cpus: Optional[int] = None) -> Dict[str, Any]:
    """The ``ray.init`` arguments of the embedded default: this machine's cores, loopback
    only, no dashboard."""
    return {
        # A new instance even when a cluster was started on this machine before.
        "address": "local",
        "num_cpus": num_cpus or os.cpu_count() or 1,
        "include_dashboard": False,
        "_node_ip_address": "127.0.0.1",
        "logging_level": "WARNING",
        "log_to_driver": True,
    }


def connect(address: Optional[str] = None, num_cpus: Optional[int] = None, wheel: Optional[str] = None) -> bool:
    """Makes sure Ray is initialised; returns whether this call did it (and the caller
    should shut it down). ``wheel``: a bitgames wheel shipped to the workers through a Ray
    runtime environment (``py_modules``), for clusters whose machines lack the package."""
    if num_cpus is not None and num_cpus < 1:
        raise ValueError(f"--num-cpus must be at least 1, not {num_cpus}")
    if wheel is not None and not os.path.isfile(wheel):
        raise ValueError(f"--wheel {wheel}: no such file")
    if address is None or _is_loopback_address(address):
        loopback_environment()
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    import ray

    if ray.is_initialized():
        return False
    runtime_env = {"py_modules": [os.path.abspath(wheel)]} if wheel else None
    if address is None:
        ray.init(runtime_env=runtime_env, **local_init_arguments(num_cpus))
    else:
        ray.init(address=address, runtime_env=runtime_env, logging_level="WARNING")  # type: ignore[arg-type]
    return True


class Progress:
    """Units done, rate and ETA on one line of stderr, redrawn at most five times a second;
    silent unless enabled (the command enables it on a terminal)."""

    def __init__(self, label: str, total: int, done: int, enabled: bool):
        self.label, self.total, self.done, self.enabled = label, total, done, enabled
        self.start_done = done
        self.start = time.monotonic()
        self.drawn = 0.0

    def update(self, done: int) -> None:
        self.done = done
        now = time.monotonic()
        if not self.enabled or (now - self.drawn < 0.2 and done < self.total):
            return
        self.drawn = now
        elapsed = now - self.start
        rate = (done - self.start_done) / elapsed if elapsed > 0 else 0.0
        eta = f"{(self.total - done) / rate:.0f} s" if rate > 0 else "?"
        width = 30
        filled = width * done // max(1, self.total)
        bar = "#" * filled + "-" * (width - filled)
        sys.stderr.write(
            f"\r{self.label} [{bar}] {done}/{self.total} units, {rate:.1f} units/s, "
            f"{elapsed:.0f} s, eta {eta}   "
        )
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled and self.drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()


@dataclass
class Execution:
    """What running a plan gave: every unit's result and how many came from the journal."""

    results: Dict[int, Any]
    units: int
    units_resumed: int


def execute(
    plan: Plan,
    journal: Optional[str] = None,
    progress: bool = False,
    on_unit_done: Optional[Callable[[int, int], None]] = None,
    label: str = "",
    address: Optional[str] = None,
    num_cpus: Optional[int] = None,
    wheel: Optional[str] = None,
) -> Execution:
    """Runs every unit of ``plan`` not already in ``journal`` as a Ray task, appending each
    result to the journal as it arrives. The journal is checked before Ray is started (see
    :func:`connect` for ``address``, ``num_cpus`` and ``wheel``). ``on_unit_done(done,
    total)`` is called in the driver after each unit is journaled."""
    with open_journal(journal, plan.job, plan.checksums()) as book, _session(address, num_cpus, wheel):
        import ray

        # SPREAD: units go to every node rather than queueing on the driver's node first.
        task = ray.remote(
            num_cpus=1, max_retries=MAX_RETRIES, retry_exceptions=False, scheduling_strategy="SPREAD"
        )(units_module.run_unit)
        resumed = len(book.done)
        total = len(plan.units)
        todo = [i for i in range(total) if i not in book.done]
        cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
        window = max(8, 4 * cpus)
        bar = Progress(label, total, resumed, progress)
        pending: Dict[Any, int] = {}
        next_unit = 0
        try:
            while next_unit < len(todo) or pending:
                while next_unit < len(todo) and len(pending) < window:
                    unit = todo[next_unit]
                    pending[task.remote(plan.units[unit])] = unit
                    next_unit += 1
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    unit = pending.pop(ref)
                    book.record(unit, ray.get(ref))
                    bar.update(len(book.done))
                    if on_unit_done is not None:
                        on_unit_done(len(book.done), total)
        finally:
            bar.close()
            for ref in pending:
                ray.cancel(ref, force=True)
        return Execution(dict(book.done), total, resumed)


def _session(address: Optional[str], num_cpus: Optional[int], wheel: Optional[str]) -> Any:
    """A context manager: Ray connected for the body, shut down after if it started here."""

    class Session:
        def __enter__(self) -> "Session":
            self.owned = connect(address, num_cpus, wheel)
            return self

        def __exit__(self, *exc: object) -> None:
            if self.owned:
                import ray

                ray.shutdown()

    return Session()


# Perft ----------------------------------------------------------------------------------


@dataclass
class PerftResult:
    """A distributed perft: the total, the divide and how the work went."""

    game: str
    depth: int
    nodes: int
    units: int
    units_resumed: int
    seconds: float
    divide: List[Tuple[str, int]] = field(default_factory=list)
    split_depth: int = 0
    positions: int = 0

    def to_json(self) -> Dict[str, Any]:
        """The ``--json`` object: ``{"game", "depth", "nodes", "units", "units_resumed",
        "seconds"}``."""
        return {
            "game": self.game,
            "depth": self.depth,
            "nodes": self.nodes,
            "units": self.units,
            "units_resumed": self.units_resumed,
            "seconds": self.seconds,
        }


def run_perft(
    game: str,
    depth: int,
    position: Optional[str] = None,
    split_depth: Optional[int] = None,
    symmetry: bool = True,
    address: Optional[str] = None,
    journal: Optional[str] = None,
    num_cpus: Optional[int] = None,
    unit_positions: Optional[int] = None,
    wheel: Optional[str] = None,
    progress: bool = False,
    on_unit_done: Optional[Callable[[int, int], None]] = None,
) -> PerftResult:
    """Perft ``depth`` below ``position`` (the game's start when None) on Ray: the distinct
    positions ``split_depth`` plies down (folded by symmetry unless ``symmetry`` is False),
    counted in units of a few seconds, multiplied out."""
    start = time.monotonic()
    units_module.check_perft_depth(depth)
    if depth == 0:
        # No move is played: validate the position, count the root.
        _native_position_check(game, position)
        return PerftResult(game, 0, 1, 0, 0, time.monotonic() - start)
    plan = units_module.plan_perft(game, depth, position, split_depth, symmetry, unit_positions)
    if not plan.extra["root_moves"]:
        # A finished game: no root move to divide by; perft counts it as plain perft does.
        from .. import _native

        root = position if position is not None else str(_start(game))
        nodes = _native.perft_positions(game, [root], depth)[0]
        return PerftResult(game, depth, nodes, 0, 0, time.monotonic() - start, [], plan.job["split_depth"], 0)
    done = execute(plan, journal, progress, on_unit_done, f"{game} perft {depth}", address, num_cpus, wheel)
    nodes, divide = units_module.combine_perft(plan, done.results)
    return PerftResult(
        game,
        depth,
        nodes,
        done.units,
        done.units_resumed,
        time.monotonic() - start,
        divide,
        plan.job["split_depth"],
        plan.job["positions"],
    )


def _start(game: str) -> Any:
    from .. import _native

    classes = {"othello": _native.Othello, "santorini": _native.Santorini, "amazons": _native.Amazons}
    if game not in classes:
        raise ValueError(f"unknown game {game!r}; choose one of: {', '.join(classes)}")
    return classes[game]()


def _native_position_check(game: str, position: Optional[str]) -> None:
    from .. import _native

    _native.split_positions(game, 1, position, False)


# Solve ----------------------------------------------------------------------------------


@dataclass
class SolveResult:
    """Solved endgames: the records in input order, and the lines whose score differs from
    the one the file lists."""

    records: List[Dict[str, Any]]
    wrong_lines: List[int]
    units: int
    units_resumed: int
    seconds: float


def run_solve(
    path: str,
    max_nodes: Optional[int] = None,
    address: Optional[str] = None,
    journal: Optional[str] = None,
    num_cpus: Optional[int] = None,
    wheel: Optional[str] = None,
    progress: bool = False,
) -> SolveResult:
    """Solves every position of an FFO ``.obf`` file, one task per position."""
    start = time.monotonic()
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        plan = units_module.plan_solve(text, max_nodes)
    except ValueError as err:
        raise ValueError(f"{path}: {err}") from None
    done = execute(plan, journal, progress, None, "solve", address, num_cpus, wheel)
    records = [done.results[i] for i in range(done.units)]
    wrong = [
        line
        for (line, _, expected), record in zip(plan.extra["problems"], records)
        if expected is not None and record["score"] != expected
    ]
    return SolveResult(records, wrong, done.units, done.units_resumed, time.monotonic() - start)


# Self-play ------------------------------------------------------------------------------


@dataclass
class SelfplayResult:
    """Engine games: each game's record in order, and engine A's wins, draws and losses."""

    games: List[Dict[str, Any]]
    wins: int
    draws: int
    losses: int
    units: int
    units_resumed: int
    seconds: float

    def summary(self) -> str:
        """The line ``bitgames match`` prints: the score and the Elo difference."""
        from .. import _native

        return _native.match_summary(self.wins, self.draws, self.losses)


def run_selfplay(
    game: str,
    a: str,
    b: str,
    games: int,
    time_ms: int,
    *,
    address: Optional[str] = None,
    journal: Optional[str] = None,
    num_cpus: Optional[int] = None,
    wheel: Optional[str] = None,
    progress: bool = False,
    **options: Any,
) -> SelfplayResult:
    """``games`` engine games of ``a`` against ``b``, one task per game. ``options`` are
    those of :func:`units.plan_selfplay` (``seed``, ``opening_plies``, ``a_strategy``,
    ``b_strategy``)."""
    start = time.monotonic()
    plan = units_module.plan_selfplay(game, a, b, games, time_ms, **options)
    done = execute(plan, journal, progress, None, "selfplay", address, num_cpus, wheel)
    records = [done.results[i] for i in range(done.units)]
    wins = sum(1 for r in records if r["a_score"] == 1)
    losses = sum(1 for r in records if r["a_score"] == 0)
    draws = len(records) - wins - losses
    return SelfplayResult(records, wins, draws, losses, done.units, done.units_resumed, time.monotonic() - start)


# Training games for the Othello evaluation ---------------------------------------------------


@dataclass
class TrainGamesResult:
    """The trainer's self-play games, written to a games file for ``train_eval --games-file``."""

    path: str
    games: int
    positions: int
    units: int
    units_resumed: int
    seconds: float


def run_train_games(
    games: int,
    out: str,
    *,
    seed: int = 1,
    play_depth: Optional[int] = None,
    random_moves: Optional[float] = None,
    unit_games: int = units_module.TRAIN_GAMES_PER_UNIT,
    address: Optional[str] = None,
    journal: Optional[str] = None,
    num_cpus: Optional[int] = None,
    wheel: Optional[str] = None,
    progress: bool = False,
) -> TrainGamesResult:
    """Plays the Othello evaluation's training games on Ray (``cargo xtask train-eval
    --ray``) and writes them to ``out``, which the trainer reads as if it had played them:
    game ``i`` is the same on every worker. The file is checked whole, then moved into place,
    so ``out`` is never a part-written file."""
    import base64

    from .. import _native

    start = time.monotonic()
    plan = units_module.plan_train_games(games, seed, play_depth, random_moves, unit_games)
    done = execute(plan, journal, progress, None, "train-games", address, num_cpus, wheel)
    data = b"".join(base64.b64decode(done.results[i]) for i in range(done.units))
    count, positions = _native.othello_training_games_check(data)
    if count != games:
        raise ValueError(f"the units gave {count} games, not {games}")
    partial = out + ".partial"
    with open(partial, "wb") as f:
        f.write(data)
    os.replace(partial, out)
    return TrainGamesResult(out, count, positions, done.units, done.units_resumed, time.monotonic() - start)
