"""Positions, notation, perft and errors through the Python package."""

import random

import pytest

import bitgames

# Othello perft from the start: Aart Bik's published table (2009), confirmed by Edax.
OTHELLO_PERFT = [1, 4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216]
# Santorini base game from the standard test root: santorini-ai and an independent
# implementation (shared/reference/santorini-perft.txt).
SANTORINI_ROOT = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"
SANTORINI_PERFT = [1, 68, 5_156, 350_208]
# Amazons from the start: Fairy-Stockfish's perft tests.
AMAZONS_PERFT = [1, 2_176, 4_307_152]

GAMES = [bitgames.Othello, bitgames.Santorini, bitgames.Amazons]


def test_othello_perft_matches_the_published_counts_for_every_strategy():
    start = bitgames.Othello()
    for depth, count in enumerate(OTHELLO_PERFT):
        assert start.perft(depth) == count, depth
    for strategy in bitgames.strategies("othello"):
        assert start.perft(7, strategy["name"]) == OTHELLO_PERFT[7], strategy


def test_santorini_and_amazons_perft_match_the_published_counts():
    root = bitgames.Santorini(SANTORINI_ROOT)
    for depth, count in enumerate(SANTORINI_PERFT):
        assert root.perft(depth) == count
    start = bitgames.Amazons()
    for depth, count in enumerate(AMAZONS_PERFT):
        assert start.perft(depth) == count
    assert start.perft(2, "naive") == AMAZONS_PERFT[2]


def test_unknown_strategy_and_game_raise_value_error():
    with pytest.raises(ValueError, match="unknown othello strategy"):
        bitgames.Othello().perft(3, "no-such-strategy")
    with pytest.raises(ValueError, match="unknown game"):
        bitgames.strategies("chess")


@pytest.mark.parametrize("cls", GAMES)
def test_random_games_round_trip_their_notation(cls):
    rng = random.Random(7)
    for _ in range(200):
        position = cls() if cls is not bitgames.Santorini else cls(SANTORINI_ROOT)
        for _ in range(rng.randrange(40)):
            moves = position.legal_moves()
            if not moves:
                break
            assert len(set(moves)) == len(moves)
            position = position.play(rng.choice(moves))
            again = cls(str(position))
            assert again == position
            assert str(again) == str(position)
            assert hash(again) == hash(position)
            assert again.hash == position.hash
        assert position.outcome in ("ongoing", "first", "second", "draw")
        assert position.side_to_move in bitgames.PLAYERS


def test_players_are_named_alike_everywhere():
    start = bitgames.Othello()
    assert bitgames.PLAYERS == ("first", "second")
    # Black (the first player) moves first; after d3 it is white's (the second's) turn.
    assert start.side_to_move == "first"
    assert start.play("d3").side_to_move == "second"
    assert bitgames.Amazons().side_to_move == "first"
    # The cells and the outcome use the same names.
    pieces = {piece for _, piece, _ in start.cells()} - {None}
    assert pieces == set(bitgames.PLAYERS)


def test_errors_carry_the_games_messages():
    with pytest.raises(ValueError, match="flips nothing"):
        bitgames.Othello().play("a1")
    with pytest.raises(ValueError):
        bitgames.Othello("not a board")
    with pytest.raises(ValueError, match="cannot climb|not|illegal"):
        bitgames.Santorini(SANTORINI_ROOT).play("B3>B3^B3")
    with pytest.raises(ValueError):
        bitgames.Amazons().play("a1-a2/a3")
    with pytest.raises(ValueError):
        bitgames.Amazons("3q2q3/10")


@pytest.mark.parametrize("cls", GAMES + [bitgames.TowerDefence])
def test_arbitrary_text_never_crashes_a_parser(cls):
    rng = random.Random(11)
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDE0123456789-/:,>^#{}[]\" .\n\x00é"
    for _ in range(3_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(60)))
        try:
            cls(text)
        except ValueError:
            pass
        if cls is bitgames.TowerDefence:
            try:
                cls().step(text, "")
            except ValueError:
                pass
        else:
            try:
                cls().play(text)
            except ValueError:
                pass


def test_raw_bitboards():
    black, white = (dict(bitgames.Othello().bitboards())[c] for c in ("black", "white"))
    # d5 and e4 are black, d4 and e5 white (bit 8 * row + col, a1 = 0).
    assert black == (1 << 35) | (1 << 28)
    assert white == (1 << 27) | (1 << 36)
    amazons = dict(bitgames.Amazons().bitboards())
    assert bin(amazons["white_queens"]).count("1") == 4
    assert amazons["arrows"] == 0


def test_tower_defence_steps_and_playouts():
    game = bitgames.TowerDefence()
    assert game.round == 0 and game.outcome == "ongoing"
    after = game.step("0,0,2", "")
    assert after.round == 1
    assert bitgames.TowerDefence(after.to_json()).to_json() == after.to_json()
    with pytest.raises(ValueError, match="outside the player's half"):
        game.step("0,0,2", "15,7,2")
    # A defence building costs more than the 20 energy each player starts with.
    with pytest.raises(ValueError, match="not valid for player B"):
        game.step("0,0,2", "0,0,0")
    with pytest.raises(ValueError):
        bitgames.TowerDefence("{not json")
    a, b, ties, rounds = game.random_playouts(20, seed=3)
    assert a + b + ties == 20 and rounds > 20
    assert game.random_playouts(20, seed=3) == (a, b, ties, rounds)


def test_compare_returns_the_cli_record():
    report = bitgames.compare("othello", instances=200, seed=3)
    assert set(report) == {"game", "instances", "seed", "target", "results"}
    assert report["game"] == "othello" and report["instances"] == 200
    names = {s["name"] for s in bitgames.strategies("othello")}
    for operation in ("legal_moves", "flips"):
        rows = [r for r in report["results"] if r["operation"] == operation]
        assert {r["strategy"] for r in rows} == names
        assert all(r["ns_per_call"] > 0 for r in rows)
        assert [r["speedup_vs_naive"] for r in rows if r["strategy"] == "naive"] == [1.0]
    with pytest.raises(ValueError):
        bitgames.compare("othello", instances=0)


def test_random_games_are_seeded():
    first = bitgames.random_games("othello", 50, seed=5)
    assert sum(first) == 50
    assert bitgames.random_games("othello", 50, seed=5) == first
    assert sum(bitgames.random_games("amazons", 3, seed=1)) == 3
    assert sum(bitgames.random_games("santorini", 20, seed=1)) == 20


def test_cells_show_what_stands_on_each_square():
    cells = bitgames.Othello().cells()
    assert len(cells) == 64 and cells[0] == ("a1", None, None)
    by_name = {name: piece for name, piece, _ in cells}
    assert (by_name["d4"], by_name["e4"]) == ("second", "first")
    santorini = {name: (piece, level) for name, piece, level in bitgames.Santorini(SANTORINI_ROOT).cells()}
    assert santorini["B3"] == ("first", 0) and santorini["C2"] == ("second", 0)
    assert santorini["A1"] == (None, 0)
    amazons = bitgames.Amazons("3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q*1Q3 w").cells()
    assert ("e1", "arrow", None) in amazons and ("d10", "second", None) in amazons


def test_kernels_runs_every_registered_operation_with_every_strategy():
    runs = bitgames.kernels("othello", str(bitgames.Othello()))
    assert [r["operation"] for r in runs] == ["legal_moves", "flips", "count_replies", "count_last_flips"]
    assert runs[0]["layers"] == [["d3", "c4", "f5", "e6"]]
    assert runs[2]["count"] == 12  # perft 2 from the start
    assert runs[3]["count"] == 1  # d3 as the last empty square flips d4 alone
    names = [s["name"] for s in bitgames.strategies("othello")]
    for run in runs:
        assert [t["strategy"] for t in run["timings"]] == names
        assert all(t["agrees"] for t in run["timings"])
    with pytest.raises(ValueError, match="invalid amazons position"):
        bitgames.kernels("amazons", "not a position")


def test_santorini_takes_god_positions_in_santorini_ai_notation():
    # santorini-ai's counts (crates/santorini/tests/data/santorini-gods.perft).
    gods = bitgames.Santorini("0000000000000000000000000/1/apollo:B3,D3/minotaur:C4,C2")
    assert gods.perft(2) == 8068
    assert str(gods) == "0000000000000000000000000/1/apollo:B3,D3/minotaur:C4,C2"
    swap = bitgames.Santorini("0000000000000000000000000/1/apollo:B3,E5/mortal:C3,A1")
    assert "B3<>C3^D3" in [str(m) for m in swap.legal_moves()]
    assert str(swap.play("B3<>C3^D3")) == "0000000000000100000000000/2/apollo:E5,C3/mortal:B3,A1"
    with pytest.raises(ValueError, match="unknown god"):
        bitgames.Santorini("0000000000000000000000000/1/notagod:B3,D3/mortal:C4,C2")


def test_santorini_takes_gods_by_keyword():
    start = bitgames.Santorini(gods=("apollo", "Minotaur"))
    assert str(start) == "0000000000000000000000000/1/apollo/minotaur"
    # The gods replace those the text names; the counts are santorini-ai's.
    root = bitgames.Santorini(
        "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2", gods=("apollo", "minotaur")
    )
    assert str(root) == "0000000000000000000000000/1/apollo:B3,D3/minotaur:C4,C2"
    assert root.perft(2) == 8068
    with pytest.raises(ValueError, match="unknown god \"notagod\": expected one of mortal, apollo"):
        bitgames.Santorini(gods=("notagod", "mortal"))
