"""Santorini text and perft under hostile use (issue 38): a long move is a ValueError, not a
dead interpreter; god names are exact; `gods=` is the same as writing the gods into the
text; Ctrl-C stops a perft within a moment whoever plays."""

import subprocess
import sys

import pytest

import bitgames

from helpers import interrupted_after

PROMETHEUS = "0000000000000000000000000/1/prometheus:B3,D3/mortal:C4,C2"
GODS = [
    "mortal",
    "apollo",
    "artemis",
    "athena",
    "atlas",
    "demeter",
    "hephaestus",
    "hermes",
    "minotaur",
    "pan",
    "prometheus",
]


def test_a_long_build_first_move_is_a_value_error_not_a_crash():
    # The issue's reproducer overflowed the parser's stack and killed the interpreter: run
    # it in a child so that a crash fails this test alone.
    script = (
        "import bitgames\n"
        f"position = bitgames.Santorini({PROMETHEUS!r})\n"
        "for prefixes in (30_000, 300_000):\n"
        "    hostile = '^A1 ' * prefixes + 'B3>B4^B3'\n"
        "    try:\n"
        "        position.play(hostile)\n"
        "    except ValueError as err:\n"
        "        print(len(str(err)), err)\n"
        "    else:\n"
        "        print('played')\n"
    )
    child = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert child.returncode == 0, (child.returncode, child.stderr[-2000:])
    lines = child.stdout.splitlines()
    assert len(lines) == 2, child.stdout[:2000]
    for line, length in zip(lines, (120_008, 1_200_008)):
        size, message = line.split(" ", 1)
        assert int(size) < 500, message[:500]
        assert f"{length} bytes long, but no move is longer than 64 bytes" in message
    # In this interpreter too, and Prometheus's one build first still plays.
    with pytest.raises(ValueError, match="no move is longer than 64 bytes"):
        bitgames.Santorini(PROMETHEUS).play("^A1 " * 30_000 + "B3>B4^B3")
    with pytest.raises(ValueError, match="only one build comes before the move"):
        bitgames.Santorini(PROMETHEUS).play("^A1 ^A2 B3>B4^B3")
    after = bitgames.Santorini(PROMETHEUS).play("^A2 B3>B4^B3")
    assert str(after) == "0000000000010001000000000/2/prometheus:B4,D3/mortal:C4,C2"


@pytest.mark.parametrize(
    "part", ["ath#ena:B3,D3", "athena#:B3,D3", "mor-tal:B3,D3", "##athena:B3,D3"]
)
def test_markers_inside_a_god_name_are_refused(part):
    with pytest.raises(ValueError, match="is not a god's name"):
        bitgames.Santorini(f"0000000000000000000000000/1/{part}/athena:C4,C2")


def test_gods_are_written_into_the_text_markers_and_all():
    held = "0000000000001000000000000/1/mortal:B3,D3/athena[^]:C4,C2"
    position = bitgames.Santorini(held, gods=("apollo", "athena"))
    assert str(position) == "0000000000001000000000000/1/apollo:B3,D3/athena[^]:C4,C2"
    assert not any(m.startswith("B3>C3") for m in position.legal_moves())
    with pytest.raises(ValueError, match="is not a state of mortal"):
        bitgames.Santorini(held, gods=("mortal", "mortal"))
    # Player 2 on level 3 after its move: a win between mortals, not with Apollo.
    on_three = "0000000300000000000000000/1/mortal:B3,D3/mortal:C4,C2"
    assert bitgames.Santorini(on_three).outcome == "second"
    assert bitgames.Santorini(on_three, gods=("apollo", "mortal")).outcome == "ongoing"


def test_sigint_stops_the_issues_hermes_perft_within_seconds():
    # Hermes perft 3 from the empty board took 283 s and read its stop flag only at the root.
    waited = interrupted_after("bitgames.Santorini(gods=('hermes', 'hermes')).perft(3)")
    assert waited < 3.0, f"KeyboardInterrupt {waited:.2f} s after SIGINT"


@pytest.mark.parametrize("god", GODS)
def test_sigint_stops_a_perft_of_every_god_within_seconds(god):
    waited = interrupted_after(f"bitgames.Santorini(gods=({god!r}, {god!r})).perft(12)")
    assert waited < 3.0, f"{god}: KeyboardInterrupt {waited:.2f} s after SIGINT"
