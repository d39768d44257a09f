"""Types (issue 42, item 3): the extension's stubs, py.typed in the package, and `mypy
--strict` over the whole package and a script that uses every public call."""

import pathlib
import subprocess
import sys

import pytest

import bitgames

HERE = pathlib.Path(__file__).parent
PACKAGE = pathlib.Path(bitgames.__file__).parent
BENCHMARK = HERE.parent / "benchmarks" / "random_games.py"
SOURCE = HERE.parent / "python" / "bitgames"
EXAMPLE = HERE.parents[2] / "examples" / "python" / "train_othello.py"


def test_the_package_is_marked_typed_and_ships_its_stubs():
    assert (PACKAGE / "py.typed").is_file()
    assert (PACKAGE / "_native.pyi").is_file()


def test_the_usage_script_runs():
    proc = subprocess.run(
        [sys.executable, str(HERE / "typed_usage.py")], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "typed usage ran" in proc.stdout


def test_mypy_strict_passes():
    pytest.importorskip("mypy", reason="mypy is in the test extra (pip install 'bitgames[test]')")
    # The whole package (its Python modules and the extension's stubs), the script, the
    # benchmark a user runs and the training example (the repository's Python examples).
    # The package is checked from the source tree beside these tests (the same modules and
    # stubs the wheel ships): given a directory inside site-packages, mypy takes
    # site-packages for a source root and refuses the typing_extensions.py that pip
    # installed there.
    files = [str(SOURCE), str(HERE / "typed_usage.py"), str(BENCHMARK), str(EXAMPLE)]
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *files],
        capture_output=True,
        text=True,
        cwd=HERE,
    )
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-2000:]
