"""bitgames.distributed on a real multi-node Ray cluster on loopback.

A ``ray.cluster_utils.Cluster`` of two nodes of one CPU each, every service bound to and
advertised on 127.0.0.1 (asserted below): published perft counts through the runner; a
worker process killed and a node removed mid-run; a driver process killed with SIGKILL and rerun with its journal; journals of
other jobs, torn and corrupt journals; endgame solving and self-play; and the split
enumeration against plain perft for the three board games (no Ray needed).
"""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from bitgames.distributed import runner

# Before Ray is imported: keep every Ray service of this process and its children on loopback.
runner.loopback_environment()

# Ray is a test dependency (Python 3.10 or later): without it these tests fail, not skip.
try:
    import ray
except ImportError as err:
    raise ImportError(
        "the distributed tests need Ray: pip install './crates/python[test]' on Python >= 3.10"
    ) from err
from ray.cluster_utils import Cluster  # noqa: E402

import bitgames  # noqa: E402
from bitgames import _native  # noqa: E402
from bitgames.distributed import JournalError, run_perft, run_selfplay, run_solve  # noqa: E402

# Othello perft from the start (Aart Bik's published table).
OTHELLO_PERFT = [1, 4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288, 24_571_284]
OTHELLO_PERFT_12 = 1_939_886_636
SANTORINI_ROOT = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"

OTHELLO_PERFT_13 = 18_429_641_748
# Jobs of a few seconds on two one-CPU nodes, one split position a unit: Othello perft 12
# split 3 plies down without folding (54 units of about 0.05 s), and perft 13 split 3 plies
# down with folding (14 units of about 0.5 s) for the driver to be killed in.
SLOW_JOB = dict(game="othello", depth=12, split_depth=3, symmetry=False, unit_positions=1)
SLOWER_JOB = dict(game="othello", depth=13, split_depth=3, symmetry=True, unit_positions=1)
SLOWER_JOB_ARGS = ["perft", "othello", "13", "--split-depth", "3", "--unit-positions", "1"]


@pytest.fixture(scope="module")
def cluster():
    fast_failure_detection = {
        "health_check_initial_delay_ms": 0,
        "health_check_period_ms": 500,
        "health_check_failure_threshold": 4,
    }
    cluster = Cluster(
        initialize_head=True,
        head_node_args={
            "num_cpus": 1,
            "node_ip_address": "127.0.0.1",
            "include_dashboard": False,
            "_system_config": fast_failure_detection,
        },
    )
    worker = cluster.add_node(num_cpus=1, node_ip_address="127.0.0.1")
    ray.init(address=cluster.address, logging_level="WARNING")
    cluster.worker = worker
    yield cluster
    ray.shutdown()
    cluster.shutdown()


def _listening_sockets():
    """(address, port) of every listening TCP socket on this machine (IPv4 and IPv6)."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                rows = f.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            local, state = fields[1], fields[3]
            if state != "0A":  # LISTEN
                continue
            address, port = local.split(":")
            found.add((address, int(port, 16)))
    return found


def _is_loopback(hex_address):
    if len(hex_address) == 8:  # IPv4, little-endian: 127.x.x.x ends with 7F
        return hex_address.endswith("7F")
    # ::1, or 127.x.x.x mapped into IPv6.
    return hex_address == "00000000000000000000000001000000" or (
        hex_address.startswith("0000000000000000FFFF0000") and hex_address.endswith("7F")
    )


def test_every_ray_address_is_loopback(cluster):
    nodes = [n for n in ray.nodes() if n["Alive"]]
    assert len(nodes) == 2
    assert cluster.address.startswith("127.0.0.1:")
    assert ray.get_runtime_context().gcs_address.startswith("127.0.0.1:")
    ports = {int(cluster.address.rsplit(":", 1)[1])}
    for node in nodes:
        assert node["NodeManagerAddress"] == "127.0.0.1", node
        assert node["NodeName"] == "127.0.0.1", node
        for key in ("NodeManagerPort", "ObjectManagerPort", "RuntimeEnvAgentPort", "MetricsExportPort"):
            if node.get(key, -1) > 0:
                ports.add(node[key])
    for node in [cluster.head_node, cluster.worker]:
        assert node.node_ip_address == "127.0.0.1"
        assert node.address_info["node_ip_address"] == "127.0.0.1"
    # The ports Ray reports are bound to loopback only, never to the interface or 0.0.0.0.
    listening = _listening_sockets()
    for port in ports:
        bound = [address for address, p in listening if p == port]
        assert bound, f"port {port} not listening"
        assert all(_is_loopback(a) for a in bound), (port, bound)


def test_the_local_default_starts_ray_on_loopback_only():
    # A fresh process without an address: the embedded default.
    script = """
import json, ray
from bitgames.distributed import runner
runner.connect(None, num_cpus=1)
nodes = [n["NodeManagerAddress"] for n in ray.nodes()]
gcs = ray.get_runtime_context().gcs_address
print(json.dumps({"nodes": nodes, "gcs": gcs, "perft": runner.run_perft("othello", 6).nodes}))
ray.shutdown()
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["nodes"] == ["127.0.0.1"]
    assert report["gcs"].startswith("127.0.0.1:")
    assert report["perft"] == OTHELLO_PERFT[6]


@pytest.mark.parametrize("game,root,depths,split_depths", [
    ("othello", None, [3, 5, 6], [1, 2, 3, 5, 6]),
    ("santorini", SANTORINI_ROOT, [2, 3], [1, 2, 3]),
    ("amazons", None, [1, 2], [1]),
])
def test_split_with_and_without_folding_gives_plain_perft(game, root, depths, split_depths):
    position = {"othello": bitgames.Othello, "santorini": bitgames.Santorini, "amazons": bitgames.Amazons}[game](root)
    for depth in depths:
        plain = position.perft(depth)
        for k in [k for k in split_depths if k <= depth]:
            for fold in (False, True):
                moves, positions, paths = _native.split_positions(game, k, root, fold)
                counts = _native.perft_positions(game, positions, depth - k)
                divide = [0] * len(moves)
                for r, p, n in paths:
                    divide[r] += n * counts[p]
                assert sum(divide) == plain, (game, depth, k, fold)
                assert sorted(moves) == sorted(position.legal_moves())
                # Each root move's count is the perft of the position after it.
                for mv, n in zip(moves, divide):
                    assert n == position.play(mv).perft(depth - 1), (game, depth, k, fold, mv)
    # Folding merges Othello positions: fewer distinct positions, the same total.
    if game == "othello":
        assert len(_native.split_positions(game, 4, None, True)[1]) < len(_native.split_positions(game, 4, None, False)[1])


def test_split_amazons_from_a_midgame_position():
    # Fewer moves in a crowded middle game: perft 3 through splits at 1 and 2.
    rng = __import__("random").Random(5)
    position = bitgames.Amazons()
    for _ in range(30):
        position = position.play(rng.choice(position.legal_moves()))
    root = str(position)
    plain = position.perft(3)
    for k in (1, 2):
        moves, positions, paths = _native.split_positions("amazons", k, root, True)
        counts = _native.perft_positions("amazons", positions, 3 - k)
        assert sum(n * counts[p] for _, p, n in paths) == plain


def test_split_and_perft_positions_refuse_bad_input():
    with pytest.raises(ValueError, match="invalid othello position"):
        _native.split_positions("othello", 2, "not a position")
    with pytest.raises(ValueError, match="between 1 and 30, not 0"):
        _native.split_positions("othello", 0)
    with pytest.raises(ValueError, match="unknown game"):
        _native.split_positions("chess", 2)
    with pytest.raises(ValueError, match="position 1: invalid othello position"):
        _native.perft_positions("othello", [str(bitgames.Othello()), "junk"], 2)
    with pytest.raises(ValueError, match="between 1 and the depth"):
        run_perft("othello", 3, split_depth=4)


def test_a_finished_root_counts_as_plain_perft_does():
    # A full board: no move, and Othello counts the finished game as one leaf at any depth.
    full = "X" * 64 + " O"
    assert bitgames.Othello(full).perft(3) == 1
    result = run_perft("othello", 3, position=full, split_depth=2)
    assert (result.nodes, result.units) == (1, 0)


def test_published_othello_counts_through_the_runner(cluster):
    for depth, count in enumerate(OTHELLO_PERFT):
        result = run_perft("othello", depth)
        assert result.nodes == count, depth
    # The divide of perft 10: the four opening moves are symmetric.
    result = run_perft("othello", 10, split_depth=5, symmetry=False)
    assert result.nodes == OTHELLO_PERFT[10]
    assert sorted(n for _, n in result.divide) == [OTHELLO_PERFT[10] // 4] * 4
    assert result.units > 1


def test_journal_resumes_and_refuses_another_job(cluster, tmp_path):
    journal = str(tmp_path / "perft.jsonl")
    first = run_perft("othello", 8, split_depth=4, journal=journal)
    assert (first.nodes, first.units_resumed) == (OTHELLO_PERFT[8], 0)
    again = run_perft("othello", 8, split_depth=4, journal=journal)
    assert (again.nodes, again.units_resumed) == (OTHELLO_PERFT[8], again.units)
    # Another game, depth, position or split: refused, naming the job.
    for other in [
        dict(game="othello", depth=9, split_depth=4),
        dict(game="othello", depth=8, split_depth=3),
        dict(game="othello", depth=8, split_depth=4, symmetry=False),
        dict(game="othello", depth=8, split_depth=4, position=str(bitgames.Othello().play("d3"))),
        dict(game="santorini", depth=2, position=SANTORINI_ROOT),
    ]:
        with pytest.raises(JournalError, match="journal of another job"):
            run_perft(journal=journal, **other)
    # Through the command: a clear error and exit status 2.
    done = subprocess.run(
        [sys.executable, "-m", "bitgames.distributed", "perft", "othello", "7", "--journal", journal],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "journal of another job" in done.stderr


def test_torn_last_line_is_recomputed_and_corrupt_lines_are_errors(cluster, tmp_path):
    journal = tmp_path / "perft.jsonl"
    first = run_perft("othello", 9, split_depth=5, journal=str(journal), unit_positions=40)
    assert first.units > 3
    text = journal.read_bytes()
    lines = text.split(b"\n")
    # Killed mid-write: the last line lost its end.
    journal.write_bytes(text[: len(text) - len(lines[-2]) // 2 - 1])
    resumed = run_perft("othello", 9, split_depth=5, journal=str(journal), unit_positions=40)
    assert resumed.nodes == OTHELLO_PERFT[9]
    assert resumed.units_resumed == first.units - 1
    # The file is whole again: every unit once.
    assert journal.read_bytes().count(b"\n") == first.units + 1

    def corrupt(number, make):
        broken = journal.read_bytes().split(b"\n")
        broken[number - 1] = make(broken[number - 1])
        bad = tmp_path / f"bad{number}.jsonl"
        bad.write_bytes(b"\n".join(broken))
        return str(bad)

    # A torn line that is not the last one.
    bad = corrupt(3, lambda line: line[: len(line) // 2])
    with pytest.raises(JournalError, match=r"line 3: not JSON"):
        run_perft("othello", 9, split_depth=5, journal=bad, unit_positions=40)
    # A count altered in valid JSON: caught by the seal, never summed.
    def alter(line):
        record = json.loads(line)
        record["result"][0] += 1
        return json.dumps(record).encode()

    bad = corrupt(4, alter)
    with pytest.raises(JournalError, match=r"line 4: unit \d+: the record does not match its seal"):
        run_perft("othello", 9, split_depth=5, journal=bad, unit_positions=40)


def _cli(args, **kwargs):
    return subprocess.Popen(
        [sys.executable, "-m", "bitgames.distributed", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,
    )


def test_driver_killed_and_rerun_with_its_journal_gives_the_exact_count(cluster, tmp_path):
    journal = tmp_path / "perft13.jsonl"
    args = SLOWER_JOB_ARGS + ["--address", cluster.address, "--journal", str(journal), "--json"]
    driver = _cli(args)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if journal.exists() and journal.read_bytes().count(b"\n") >= 4:  # header + 3 units
            break
        assert driver.poll() is None, driver.communicate()
        time.sleep(0.02)
    driver.send_signal(signal.SIGKILL)
    driver.wait(timeout=30)
    assert driver.returncode == -signal.SIGKILL
    finished_before = journal.read_bytes().count(b"\n") - 1
    assert finished_before >= 3
    rerun = _cli(args)
    out, err = rerun.communicate(timeout=180)
    assert rerun.returncode == 0, err
    report = json.loads(out)
    assert set(report) == {"game", "depth", "nodes", "units", "units_resumed", "seconds"}
    assert report["nodes"] == OTHELLO_PERFT_13
    assert report["units_resumed"] >= finished_before
    assert report["units_resumed"] < report["units"]


def _endgames(count, empties, seed):
    """Reachable Othello positions with ``empties`` empty squares, from random games."""
    rng = __import__("random").Random(seed)
    found = []
    while len(found) < count:
        position = bitgames.Othello()
        while position.outcome == "ongoing" and str(position).count("-") > empties:
            position = position.play(rng.choice(position.legal_moves()))
        if position.outcome == "ongoing" and str(position).count("-") == empties:
            found.append(str(position))
    return found


def test_solve_gives_the_records_of_the_cli_in_input_order(cluster, tmp_path):
    positions = _endgames(5, 12, seed=2)
    direct = [json.loads(_native.solve_obf_line(p)) for p in positions]
    lines = ["% five random endgames, 12 empties", ""]
    for position, record in zip(positions, direct):
        lines.append(f"{position}; {record['best_move'].upper()}:{record['score']:+d};")
    # The last line lists a wrong score: reported by its line number.
    lines[-1] = f"{positions[-1]}; {direct[-1]['best_move'].upper()}:{direct[-1]['score'] + 2:+d};"
    obf = tmp_path / "endgames.obf"
    obf.write_text("\n".join(lines) + "\n")
    result = run_solve(str(obf), journal=str(tmp_path / "solve.jsonl"))
    assert result.units == 5
    strip = lambda record: {k: v for k, v in record.items() if k != "seconds"}  # noqa: E731
    assert [strip(r) for r in result.records] == [strip(r) for r in direct]
    assert list(result.records[0]) == ["position", "best_move", "score", "nodes", "seconds"]
    assert result.wrong_lines == [len(lines)]
    again = run_solve(str(obf), journal=str(tmp_path / "solve.jsonl"))
    assert again.units_resumed == 5 and again.records == result.records
    # A malformed file: a ValueError naming the line, before any work.
    obf.write_text(positions[0] + "\nnot a position\n")
    with pytest.raises(ValueError, match="line 2"):
        run_solve(str(obf))


def test_selfplay_games_replay_to_their_results(cluster, tmp_path):
    result = run_selfplay("othello", "random", "alphabeta", 4, 5, seed=3)
    assert result.wins + result.draws + result.losses == 4
    assert "Elo difference" in result.summary()
    for index, record in enumerate(result.games):
        assert record["index"] == index
        assert record["a_seat"] == ("first" if index % 2 == 0 else "second")
        position = bitgames.Othello()
        for mv in record["moves"]:
            position = position.play(mv)
        assert position.outcome == record["result"]
        a_won = record["result"] == record["a_seat"]
        assert record["a_score"] == (1.0 if a_won else 0.5 if record["result"] == "draw" else 0.0)
    # The same opening for games 0 and 1 (each opening with both colours).
    opening = result.games[0]["opening_plies"]
    assert result.games[0]["moves"][:opening] == result.games[1]["moves"][:opening]
    with pytest.raises(ValueError, match="unknown engine"):
        run_selfplay("othello", "random", "stockfish", 2, 5)


def _running_unit_processes(cluster):
    """PIDs of this cluster's Ray worker processes running a unit now (Ray titles them
    ``ray::run_unit``; their parent is one of the cluster's raylets)."""
    raylets = set()
    for node in [cluster.head_node, *cluster.worker_nodes]:
        for info in node.all_processes.get("raylet", []):
            raylets.add(info.process.pid)
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    title = f.read()
                with open(f"/proc/{entry}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if title.startswith(b"ray::run_unit") and parent in raylets:
                pids.append(int(entry))
    return pids


def test_a_worker_process_killed_mid_unit_still_gives_the_exact_count(cluster):
    killed = []

    def kill_a_running_unit(done, total):
        if done >= 2 and not killed:
            for pid in _running_unit_processes(cluster):
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                break

    result = run_perft(on_unit_done=kill_a_running_unit, **SLOWER_JOB)
    assert killed
    assert result.nodes == OTHELLO_PERFT_13


def test_a_node_removed_mid_run_still_gives_the_exact_count(cluster):
    removed = []

    def remove_worker_node(done, total):
        if done == 5 and not removed:
            assert done < total
            cluster.remove_node(cluster.worker, allow_graceful=False)
            removed.append(done)

    result = run_perft(on_unit_done=remove_worker_node, **SLOWER_JOB)
    assert removed
    assert result.nodes == OTHELLO_PERFT_13
    # The control service learns of a killed node by missed health checks, a few seconds
    # after the fact: wait for it (bounded) rather than read a stale list.
    deadline = time.monotonic() + 60
    while len([n for n in ray.nodes() if n["Alive"]]) != 1 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert len([n for n in ray.nodes() if n["Alive"]]) == 1


def test_training_games_on_ray_are_the_games_one_process_plays(cluster, tmp_path):
    from bitgames.distributed import run_train_games

    out = tmp_path / "games.bin"
    result = run_train_games(12, str(out), seed=5, unit_games=5, journal=str(tmp_path / "train.jsonl"))
    assert (result.games, result.units) == (12, 3)
    # Game i does not depend on which worker played it: the file is the chunks one process
    # plays for the same ranges, and the same games however they are cut.
    direct = [_native.othello_training_games(first, count, seed=5) for first, count in ((0, 5), (5, 5), (10, 2))]
    assert out.read_bytes() == b"".join(direct)
    whole = _native.othello_training_games(0, 12, seed=5, threads=2)
    assert _native.othello_training_games_check(whole) == (12, result.positions)
    assert result.positions > 12 * 40
    # Another seed plays other games.
    assert _native.othello_training_games(0, 5, seed=6) != direct[0]
    # Resumed from its journal, nothing is played again.
    again = run_train_games(12, str(out), seed=5, unit_games=5, journal=str(tmp_path / "train.jsonl"))
    assert again.units_resumed == 3 and out.read_bytes() == b"".join(direct)
    # A file cut short, or missing a game, is a ValueError naming the fault.
    with pytest.raises(ValueError, match="ends inside a chunk"):
        _native.othello_training_games_check(whole[:-3])
    with pytest.raises(ValueError, match="game 5 is missing"):
        _native.othello_training_games_check(direct[0] + direct[2])
    with pytest.raises(ValueError, match="random_moves"):
        _native.othello_training_games(0, 1, random_moves=1.5)
    with pytest.raises(ValueError, match="--games"):
        run_train_games(0, str(out))
