"""The driver's journal: an append-only JSON-lines file of finished work units.

The first line is the job header::

    {"journal": "bitgames.distributed", "version": 1, "job": {...}, "job_id": "<sha256>"}

and every further line one finished unit::

    {"unit": 17, "checksum": "<sha256 of the unit's inputs>", "result": ..., "seal": "<sha256>"}

``seal`` is a checksum of the line's other fields, so a line altered after it was written
is detected rather than summed. Rerunning a job with its journal skips every unit found in it;
a journal whose header names another job is refused. A killed driver can leave the last line
torn (no final newline): it is dropped and that unit recomputed. Any other line that is not a
well-formed, sealed record of a unit of this job raises :class:`JournalError` naming the line.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any, BinaryIO, Dict, List, Optional, Union

FORMAT = "bitgames.distributed"
VERSION = 1


class JournalError(ValueError):
    """A journal that cannot be used for this job: another job's, or corrupt."""


def canonical_json(value: Any) -> str:
    """``value`` as JSON with sorted keys and no spaces: the text checksums are taken of."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def checksum(value: Any) -> str:
    """The SHA-256 (hex) of ``value``'s canonical JSON."""
    return hashlib.sha256(canonical_json(value).encode()).hexdigest()


def _seal(unit: int, unit_checksum: str, result: Any) -> str:
    return checksum({"unit": unit, "checksum": unit_checksum, "result": result})


def _describe(job: Dict[str, Any]) -> str:
    return ", ".join(f"{key}={job[key]!r}" for key in sorted(job))


class Journal:
    """An open journal for one job (``job`` is a JSON-able dict naming it completely).

    ``unit_checksums`` maps every unit id of the job to the checksum of its inputs; the
    records already in the file are checked against it when the journal is opened and are
    available as :attr:`done` (unit id to result).
    """

    def __init__(self, path: str, job: Dict[str, Any], unit_checksums: Dict[int, str]):
        self.path = path
        self.job = job
        self.job_id = checksum(job)
        self.unit_checksums = unit_checksums
        self.done: Dict[int, Any] = {}
        self._file: Optional[BinaryIO] = None
        self._open()

    # Reading -----------------------------------------------------------------------------

    def _open(self) -> None:
        data = b""
        if os.path.exists(self.path):
            with open(self.path, "rb") as f:
                data = f.read()
        lines = data.split(b"\n")
        # After the last newline: empty when the file ends with one, else a torn line.
        torn = lines.pop()
        keep = len(data) - len(torn)
        if lines:
            self._check_header(lines[0])
            for number, line in enumerate(lines[1:], start=2):
                self._read_record(number, line)
        if torn and not lines:
            # Killed while writing the header: nothing of this file is usable.
            keep = 0
        self._file = open(self.path, "ab")
        if keep != len(data):
            self._file.truncate(keep)
        if keep == 0:
            header = {"journal": FORMAT, "version": VERSION, "job": self.job, "job_id": self.job_id}
            self._write(header)

    def _error(self, number: int, what: str) -> JournalError:
        return JournalError(f"{self.path}, line {number}: {what}")

    def _check_header(self, line: bytes) -> None:
        try:
            header = json.loads(line)
        except ValueError:
            raise self._error(1, "not a journal header (not JSON)") from None
        if not isinstance(header, dict) or header.get("journal") != FORMAT:
            raise self._error(1, f"not a {FORMAT} journal header")
        if header.get("version") != VERSION:
            raise self._error(1, f"journal version {header.get('version')!r}, expected {VERSION}")
        job = header.get("job")
        if header.get("job_id") != checksum(job):
            raise self._error(1, "the header's job_id does not match its job (corrupt header)")
        if header.get("job_id") != self.job_id:
            other = _describe(job) if isinstance(job, dict) else repr(job)
            raise JournalError(
                f"{self.path} is the journal of another job ({other}); this job is "
                f"({_describe(self.job)}). Use another --journal file, or remove this one "
                "to start over."
            )

    def _read_record(self, number: int, line: bytes) -> None:
        try:
            record = json.loads(line)
        except ValueError:
            raise self._error(number, "not JSON (corrupt line)") from None
        if not isinstance(record, dict) or set(record) != {"unit", "checksum", "result", "seal"}:
            raise self._error(number, "not a unit record")
        unit, unit_checksum = record["unit"], record["checksum"]
        if not isinstance(unit, int) or isinstance(unit, bool) or unit not in self.unit_checksums:
            raise self._error(number, f"unit {unit!r} is not a unit of this job")
        if unit_checksum != self.unit_checksums[unit]:
            raise self._error(number, f"unit {unit}: the checksum of its inputs does not match this job")
        if record["seal"] != _seal(unit, unit_checksum, record["result"]):
            raise self._error(number, f"unit {unit}: the record does not match its seal (corrupt line)")
        if unit in self.done and self.done[unit] != record["result"]:
            raise self._error(number, f"unit {unit} is recorded twice with different results")
        self.done[unit] = record["result"]

    # Writing -----------------------------------------------------------------------------

    def _write(self, value: Any) -> None:
        # One write of the whole line: a kill can only leave a prefix of it (a torn line).
        out = self._file
        assert out is not None, "the journal is open while it is written"
        out.write((canonical_json(value) + "\n").encode())
        out.flush()
        os.fsync(out.fileno())

    def record(self, unit: int, result: Any) -> None:
        """Appends unit ``unit``'s result (JSON-able) and makes it durable."""
        unit_checksum = self.unit_checksums[unit]
        self._write(
            {
                "unit": unit,
                "checksum": unit_checksum,
                "result": result,
                "seal": _seal(unit, unit_checksum, result),
            }
        )
        self.done[unit] = result

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class NoJournal:
    """Stands in for :class:`Journal` when no ``--journal`` is given."""

    def __init__(self) -> None:
        self.done: Dict[int, Any] = {}

    def record(self, unit: int, result: Any) -> None:
        self.done[unit] = result

    def close(self) -> None:
        pass

    def __enter__(self) -> "NoJournal":
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def open_journal(
    path: Optional[str], job: Dict[str, Any], unit_checksums: Dict[int, str]
) -> Union[Journal, NoJournal]:
    """A :class:`Journal` at ``path``, or a :class:`NoJournal` when ``path`` is None."""
    if path is None:
        return NoJournal()
    return Journal(path, job, unit_checksums)


__all__: List[str] = ["Journal", "JournalError", "NoJournal", "canonical_json", "checksum", "open_journal"]
