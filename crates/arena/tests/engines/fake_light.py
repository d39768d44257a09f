"""A scripted Othello engine over the line protocol (see README.md): fake_light.py MODE PIDFILE."""
import sys

import othello
from fake import fail_if_asked, send, start

mode = start()


send("ready")
for line in sys.stdin:
    words = line.split()
    if len(words) != 2 or len(words[0]) != 64:
        send("error bad input")
        continue
    board = {}
    for index, c in enumerate(words[0]):
        if c in "XO":
            board[(index % 8, index // 8)] = "b" if c == "X" else "w"
    to_move = "b" if words[1] == "X" else "w"
    fail_if_asked(mode)
    if mode == "malformed":
        send("banana 0 0 0")
    elif mode == "illegal":
        send("a1 0 1 0")
    else:
        moves = othello.legal_moves(board, to_move)
        send((othello.name(moves[0]) if moves else "ps") + " 0 1 0")
