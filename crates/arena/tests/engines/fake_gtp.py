"""A scripted Othello engine over GTP (see README.md): fake_gtp.py MODE PIDFILE."""

import fake
import othello

mode = fake.start()
board = othello.new_board()


def reply(text=""):
    fake.send("= " + text + "\n")


for _, words in fake.commands():
    command, args = words[0], words[1:]
    if command == "clear_board":
        board = othello.new_board()
        reply()
    elif command == "play":
        othello.play(board, args[1], args[0])
        reply()
    elif command == "genmove":
        fake.fail_if_asked(mode)
        if mode == "malformed":
            fake.send("d3\n")
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
        fake.send("? unknown command\n")
