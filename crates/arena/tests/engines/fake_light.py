"""A scripted Othello engine over the line protocol (see README.md): fake_light.py MODE PIDFILE."""
import os
import sys
import time

import othello

mode, pid_file = sys.argv[1], sys.argv[2]
with open(pid_file, "w") as f:
    f.write(str(os.getpid()))


def send(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


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
    if mode == "crash":
        sys.exit(3)
    if mode == "hang":
        time.sleep(60)
    if mode == "malformed":
        send("banana 0 0 0")
    elif mode == "illegal":
        send("a1 0 1 0")
    else:
        moves = othello.legal_moves(board, to_move)
        send((othello.name(moves[0]) if moves else "ps") + " 0 1 0")
