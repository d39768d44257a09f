"""Perft, endgame solving, self-play and the Othello evaluation's training games as work units on Ray: ``python -m bitgames.distributed``.

The driver cuts a job into units (:mod:`.units`), runs each as a Ray task that is a pure
function of the unit, and appends every finished unit to an optional journal
(:mod:`.journal`) so a killed driver resumes where it stopped (:mod:`.runner`). Without an
address a local Ray instance on this machine's cores is started, bound to 127.0.0.1 only;
with ``address`` (``auto``, ``host:port`` or ``ray://...``) the driver joins a cluster.

```python
from bitgames.distributed import run_perft
run_perft("othello", 9).nodes            # 3005288
```

Ray is an optional dependency: ``pip install "bitgames[distributed]"``.
"""

from .journal import JournalError
from .runner import (
    PerftResult,
    SelfplayResult,
    SolveResult,
    TrainGamesResult,
    run_perft,
    run_selfplay,
    run_solve,
    run_train_games,
)

__all__ = [
    "JournalError",
    "PerftResult",
    "SelfplayResult",
    "SolveResult",
    "TrainGamesResult",
    "run_perft",
    "run_selfplay",
    "run_solve",
    "run_train_games",
]
