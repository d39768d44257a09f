"""Long calls stop on Ctrl-C and refuse sizes that cannot finish (issue 22)."""

import pytest

import bitgames
from bitgames import _native

from helpers import interrupted_after

# A count no machine finishes: it must be stopped by the signal, not by finishing.
ENDLESS = {
    "perft": "bitgames.Othello().perft(25)",
    "santorini perft": "bitgames.Santorini().perft(20)",
    "amazons perft": "bitgames.Amazons().perft(12)",
    "split": "bitgames._native.split_positions('othello', 25, None, True)",
    "random games": "bitgames.random_games('othello', 10**9)",
    "tower defence playouts": "bitgames.TowerDefence().random_playouts(10**9)",
}


@pytest.mark.parametrize("name", sorted(ENDLESS))
def test_sigint_stops_a_running_call_with_keyboard_interrupt(name):
    # A second is well into the count. Liveness, not speed: the issue asks for well under a
    # second; allow much more.
    waited = interrupted_after(ENDLESS[name], wait=1.0, timeout=10)
    print(f"{name}: stopped {waited:.3f} s after SIGINT")


@pytest.mark.parametrize(
    "call",
    [
        lambda: bitgames.Othello().perft(1000),
        lambda: bitgames.Santorini().perft(2**32 - 1),
        lambda: bitgames.Amazons().perft(31),
        lambda: _native.split_positions("othello", 100, None, True),
        lambda: _native.perft_positions("othello", [str(bitgames.Othello())], 1000),
    ],
)
def test_depths_that_cannot_finish_are_refused_up_front(call):
    with pytest.raises(ValueError, match="cannot finish|between 1 and 30"):
        call()

