"""Othello rules for the fake engines: squares are (col, row) from 0, a1 = (0, 0)."""

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def new_board():
    # d4 and e5 white, e4 and d5 black; black moves first.
    return {(3, 3): "w", (4, 4): "w", (4, 3): "b", (3, 4): "b"}


def flips(board, square, colour):
    if square in board:
        return []
    other = "w" if colour == "b" else "b"
    out = []
    for dc, dr in DIRECTIONS:
        line, (c, r) = [], (square[0] + dc, square[1] + dr)
        while 0 <= c < 8 and 0 <= r < 8 and board.get((c, r)) == other:
            line.append((c, r))
            c, r = c + dc, r + dr
        if line and 0 <= c < 8 and 0 <= r < 8 and board.get((c, r)) == colour:
            out += line
    return out


def legal_moves(board, colour):
    return [(c, r) for r in range(8) for c in range(8) if flips(board, (c, r), colour)]


def parse(name):
    return (ord(name[0].lower()) - ord("a"), int(name[1:]) - 1)


def name(square):
    return "abcdefgh"[square[0]] + str(square[1] + 1)


def play(board, move, colour):
    square = parse(move)
    for flipped in flips(board, square, colour):
        board[flipped] = colour
    board[square] = colour
