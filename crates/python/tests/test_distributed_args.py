"""``python -m bitgames.distributed`` checks its arguments before it starts Ray (issue 38,
item 9): ``perft othello 99`` started a Ray instance, then failed in every task with a
traceback. Each bad command line below must end at once with one ``error:`` line and exit
status 2, with Ray never imported. No Ray needed: these run where it is not installed too.
"""

import subprocess
import sys

import pytest

FFO_40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38;\n"

#: Runs the command line's ``main`` in a fresh interpreter, then says whether Ray was
#: imported.
SCRIPT = """
import sys
from bitgames.distributed.__main__ import main
code = main(sys.argv[1:])
print("ray imported" if "ray" in sys.modules else "ray not imported")
sys.exit(code)
"""


def run(args):
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "args, expected",
    [
        (["perft", "othello", "99"], "perft depth 99 is out of range: 0 to 30"),
        (["perft", "santorini", "31"], "perft depth 31 is out of range"),
        (["perft", "amazons", "-1"], "perft depth -1 is out of range"),
        (["perft", "othello", "5", "--num-cpus", "0"], "--num-cpus must be at least 1"),
        (["selfplay", "othello", "--a", "random", "--b", "random", "--games", "0"], "--games must be from 1"),
        (
            ["selfplay", "othello", "--a", "random", "--b", "random", "--games", "100000000000"],
            "--games must be from 1 to 1000000",
        ),
        (
            ["selfplay", "othello", "--a", "random", "--b", "random", "--time-ms", "18446744073709551616"],
            "--time-ms must be at most 3600000",
        ),
        (["selfplay", "othello", "--a", "random", "--b", "random", "--seed", str(2**64)], "--seed must be at most"),
        (["solve", "FILE", "--max-nodes", "0"], "--max-nodes must be from 1"),
        (["solve", "FILE", "--max-nodes", "-5"], "--max-nodes must be from 1"),
    ],
)
def test_bad_arguments_are_one_line_errors_before_ray(args, expected, tmp_path):
    obf = tmp_path / "ffo40.obf"
    obf.write_text(FFO_40)
    result = run([str(obf) if arg == "FILE" else arg for arg in args])
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and expected in lines[0], result.stderr
    assert result.stdout.splitlines() == ["ray not imported"], result.stdout
