"""The engines and the Othello endgame solver from Python: `search` and `Othello.solve`
(issue 42, item 2)."""

import pathlib

import pytest

import bitgames

from helpers import interrupted_after

FFO = pathlib.Path(__file__).resolve().parents[2] / "othello/tests/data/ffo-40-59.obf"

# The published FFO test positions (#40 on the first line), each with the exact margin of
# its best moves for the side to move.
def ffo(number):
    line = FFO.read_text().splitlines()[number - 40]
    position, *scores = [part.strip() for part in line.split(";") if part.strip()]
    return bitgames.Othello(position), {
        mv.lower(): int(score) for mv, score in (s.split(":") for s in scores)
    }


# Santorini: player 1's worker on level 2 (A5) next to a level-3 square (B5): a win in one.
SANTORINI_WIN_IN_ONE = "2300000000000000000000000/1/mortal:A5,E1/mortal:C3,E5"
WIN = 1_000_000

POSITIONS = [
    bitgames.Othello(),
    bitgames.Othello().play("d3").play("c5"),
    bitgames.Santorini(gods=("apollo", "minotaur")),
    bitgames.Santorini(SANTORINI_WIN_IN_ONE),
    bitgames.Amazons(),
]


@pytest.mark.parametrize("position", POSITIONS, ids=repr)
@pytest.mark.parametrize("depth", [1, 2])
def test_alphabeta_returns_a_legal_move_and_its_variation_deterministically(position, depth):
    result = position.search(depth=depth)
    assert result["engine"] == "alphabeta"
    assert result["move"] in position.legal_moves()
    assert result["depth"] == depth or abs(result["score"]) >= WIN - 1000
    assert result["nodes"] >= 1 and isinstance(result["score"], int)
    # The principal variation starts with the move and is playable.
    assert result["pv"][0] == result["move"]
    walk = position
    for mv in result["pv"]:
        assert mv in walk.legal_moves()
        walk = walk.play(mv)
    again = position.search(depth=depth)
    del result["seconds"], again["seconds"]
    assert again == result


@pytest.mark.parametrize("game", [bitgames.Othello, bitgames.Santorini, bitgames.Amazons])
def test_mcts_returns_a_legal_move_and_a_win_chance_repeatably(game):
    position = game()
    result = position.search(engine="mcts", nodes=300, seed=7)
    assert result["engine"] == "mcts"
    assert result["move"] in position.legal_moves()
    assert result["iterations"] == 300
    assert 0.0 <= result["value"] <= 1.0
    again = position.search(engine="mcts", nodes=300, seed=7)
    assert again["move"] == result["move"] and again["value"] == result["value"]
    timed = position.search(engine="mcts", time_ms=50)
    assert timed["move"] in position.legal_moves() and timed["iterations"] >= 1


def test_default_budgets_are_depth_6_and_10000_iterations():
    position = bitgames.Othello()
    assert position.search()["depth"] == 6
    assert position.search(engine="mcts")["iterations"] == 10_000
    assert position.search(nodes=5_000)["move"] in position.legal_moves()
    assert position.search(time_ms=20)["depth"] >= 1


def test_search_finds_a_forced_win():
    position = bitgames.Santorini(SANTORINI_WIN_IN_ONE)
    result = position.search(depth=4)
    assert result["score"] == WIN - 1
    assert position.play(result["move"]).outcome == "first"
    mcts = position.search(engine="mcts", nodes=2_000)
    assert position.play(mcts["move"]).outcome == "first"


def test_alphabeta_sees_the_end_of_a_short_othello_endgame_as_the_solver_does():
    # FFO #40 played out along the solver's moves to 8 empties, where alpha-beta searches to
    # the end: its score is a win or loss in plies, whose sign is the solver's margin's.
    position, _ = ffo(40)
    while sum(piece is None for _, piece, _ in position.cells()) > 8:
        position = position.play(position.solve()["move"])
    margin = position.solve()["score"]
    score = position.search(depth=64)["score"]
    assert abs(score) >= WIN - 1000 or margin == 0
    assert (score > 0) == (margin > 0) and (score < 0) == (margin < 0)


def test_solve_gives_the_published_ffo_scores():
    position, scores = ffo(40)
    assert scores["a2"] == 38
    solved = position.solve()
    assert solved["score"] == 38 and solved["move"] == "a2"
    assert solved["nodes"] > 0
    # After the second-best move the opponent is to move: the margin is theirs.
    assert position.play("c7").solve()["score"] == -scores["c7"]


@pytest.mark.parametrize(
    "call",
    [
        lambda: bitgames.Othello().search(depth=0),
        lambda: bitgames.Othello().search(depth=65),
        lambda: bitgames.Othello().search(depth=-1),
        lambda: bitgames.Othello().search(time_ms=0),
        lambda: bitgames.Othello().search(time_ms=3_600_001),
        lambda: bitgames.Othello().search(nodes=0),
        lambda: bitgames.Santorini().search(nodes=-5),
        lambda: bitgames.Amazons().search(engine="minimax"),
        lambda: bitgames.Othello().search(engine="mcts", depth=3),
        lambda: bitgames.Othello().solve(time_ms=0),
        lambda: bitgames.Othello().solve(nodes=0),
    ],
)
def test_bad_budgets_raise_value_error(call):
    with pytest.raises(ValueError):
        call()


def test_a_long_solve_needs_a_limit_and_a_limit_that_runs_out_raises_timeout_error():
    position, _ = ffo(47)  # 25 empties
    with pytest.raises(ValueError, match="time_ms or nodes"):
        position.solve()
    with pytest.raises(TimeoutError, match="node limit"):
        position.solve(nodes=1_000)
    with pytest.raises(TimeoutError, match="time limit"):
        position.solve(time_ms=5)


def test_a_finished_game_raises_value_error():
    # Othello: a full board of one colour.
    over = bitgames.Othello("X" * 64 + " O")
    assert over.outcome != "ongoing"
    won = bitgames.Santorini(SANTORINI_WIN_IN_ONE).play("A5>B5#")
    for position in (over, won):
        with pytest.raises(ValueError, match="over"):
            position.search(depth=1)
        with pytest.raises(ValueError, match="over"):
            position.search(engine="mcts")
    with pytest.raises(ValueError, match="over"):
        over.solve()


@pytest.mark.parametrize(
    "call",
    [
        "bitgames.Othello().search(depth=64)",
        "bitgames.Amazons().search(time_ms=3_600_000)",
        "bitgames.Othello().search(engine='mcts', time_ms=3_600_000)",
        "bitgames.Othello().solve(time_ms=3_600_000)",
    ],
)
def test_sigint_stops_a_search_or_solve(call):
    waited = interrupted_after(call, wait=1.0, timeout=10)
    print(f"{call}: stopped {waited:.3f} s after SIGINT")
