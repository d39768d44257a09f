"""A scripted Amazons engine over the UCI-style protocol (see README.md):
fake_uci.py MODE PIDFILE."""

import amazons
from fake import commands, reply, send, start

mode = start()
board, to_move = amazons.new_board(), "w"


for _, words in commands():
    if words[0] == "uci":
        send("id name fake")
        send("uciok")
    elif words[0] == "isready":
        send("readyok")
    elif words[0] == "position":
        board, to_move = amazons.new_board(), "w"
        moves = words[words.index("moves") + 1:] if "moves" in words else []
        for move in moves:
            amazons.play(board, move)
            to_move = "b" if to_move == "w" else "w"
    elif words[0] == "go":
        send("info depth 1")
        send(reply(mode, "bestmove", "bestmove a1-a2/a3",
                   lambda: "bestmove " + amazons.first_legal_move(board, to_move)))
    elif words[0] == "quit":
        break
