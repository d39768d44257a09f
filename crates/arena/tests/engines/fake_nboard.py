"""A scripted Othello engine over NBoard (see README.md): fake_nboard.py MODE PIDFILE."""
import re

import othello
from fake import commands, reply, send, start

mode = start()
board, to_move = othello.new_board(), "b"


for line, words in commands():
    if words[0] == "ping":
        send("pong " + words[1])
    elif words[:2] == ["set", "game"]:
        board, to_move = othello.new_board(), "b"
        for colour, move in re.findall(r"([BW])\[([^\]]*)\]", line):
            to_move = "w" if colour == "B" else "b"
            if move.upper() != "PA":
                othello.play(board, move, colour.lower())
    elif words[0] == "go":
        send("status fake is thinking")

        def best():
            """The first legal move, after a line of statistics."""
            moves = othello.legal_moves(board, to_move)
            send("nodestats 1 0.0")
            return "=== " + (othello.name(moves[0]).upper() if moves else "PA") + "/0.00/0.0"

        send(reply(mode, "=== banana", "=== a1/0.00/0.0", best))
        send("status fake is waiting")
