"""A scripted Othello engine over GTP (see README.md): fake_gtp.py MODE PIDFILE."""
import os
import sys
import time

import othello

mode, pid_file = sys.argv[1], sys.argv[2]
with open(pid_file, "w") as f:
    f.write(str(os.getpid()))
board = othello.new_board()


def reply(text=""):
    sys.stdout.write("= " + text + "\n\n")
    sys.stdout.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    command, args = words[0], words[1:]
    if command == "clear_board":
        board = othello.new_board()
        reply()
    elif command == "play":
        othello.play(board, args[1], args[0])
        reply()
    elif command == "genmove":
        if mode == "crash":
            sys.exit(3)
        if mode == "hang":
            time.sleep(60)
        if mode == "malformed":
            sys.stdout.write("d3\n\n")
            sys.stdout.flush()
            continue
        if mode == "illegal":
            reply("a1")
            continue
        moves = othello.legal_moves(board, args[0])
        if not moves:
            reply("pass")
            continue
        move = othello.name(moves[0])
        othello.play(board, move, args[0])
        reply(move.upper())
    elif command == "quit":
        reply()
        break
    elif command in ("boardsize", "time_settings", "time_left"):
        reply()
    else:
        sys.stdout.write("? unknown command\n\n")
        sys.stdout.flush()
