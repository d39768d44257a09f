"""A scripted Othello engine over the line protocol (see README.md): fake_light.py MODE PIDFILE."""
import sys

import othello
from fake import reply, send, start

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
    moves = othello.legal_moves(board, to_move)
    send(reply(mode, "banana 0 0 0", "a1 0 1 0",
               lambda: (othello.name(moves[0]) if moves else "ps") + " 0 1 0"))
