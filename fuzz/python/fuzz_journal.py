"""Fuzzes the distributed driver's journal reader (bitgames.distributed.journal) with atheris.

cargo-fuzz cannot reach it: the journal is Python. Each input is written as a journal file
and opened for a fixed job of four units. Opening must either succeed or raise JournalError
(anything else is a crash); a journal that opens must open again with the same finished
units (opening only ever drops a torn last line, or writes the header of an empty file), and
keep a unit recorded after it.

    python -m venv venv && venv/bin/pip install atheris==2.3.0
    venv/bin/python fuzz/python/fuzz_journal.py fuzz/python/corpus -runs=100000

The module is loaded from its file, so neither the Rust extension nor the package need be
built (the journal uses the standard library only).
"""

import importlib.util
import os
import sys
import tempfile

import atheris

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "..", "..", "crates", "python", "python", "bitgames", "distributed", "journal.py")

with atheris.instrument_imports():
    spec = importlib.util.spec_from_file_location("bitgames_journal", SOURCE)
    journal = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(journal)

JOB = {"game": "othello", "engines": ["alphabeta", "mcts"], "games": 8, "seed": 1}
UNITS = {unit: journal.checksum({"unit": unit, "seed": 1 + unit}) for unit in range(4)}
DIR = tempfile.mkdtemp(prefix="journal-fuzz-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
PATH = os.path.join(DIR, "journal.jsonl")


def open_journal():
    return journal.Journal(PATH, JOB, UNITS)


def test_one_input(data: bytes) -> None:
    with open(PATH, "wb") as f:
        f.write(data)
    try:
        first = open_journal()
    except journal.JournalError:
        return
    done = dict(first.done)
    first.close()
    with open_journal() as again:
        assert again.done == done, (done, again.done)
        unit = next((u for u in UNITS if u not in done), None)
        if unit is not None:
            again.record(unit, {"wins": [1, 0], "data": data.hex()[:32]})
    with open_journal() as third:
        if unit is not None:
            assert unit in third.done, (unit, third.done)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
