"""Amazons rules for the fake engine: squares are (col, row) from 0, a1 = (0, 0), 10x10."""

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def parse(name):
    return (ord(name[0]) - ord("a"), int(name[1:]) - 1)


def name(square):
    return "abcdefghij"[square[0]] + str(square[1] + 1)


def new_board():
    board = {}
    for s in ["a4", "d1", "g1", "j4"]:
        board[parse(s)] = "w"
    for s in ["a7", "d10", "g10", "j7"]:
        board[parse(s)] = "b"
    return board


def slides(board, square):
    for dc, dr in DIRECTIONS:
        c, r = square[0] + dc, square[1] + dr
        while 0 <= c < 10 and 0 <= r < 10 and (c, r) not in board:
            yield (c, r)
            c, r = c + dc, r + dr


def first_legal_move(board, colour):
    for square, piece in sorted(board.items()):
        if piece != colour:
            continue
        for to in slides(board, square):
            del board[square]
            board[to] = colour
            arrows = list(slides(board, to))
            del board[to]
            board[square] = colour
            if arrows:
                return name(square) + "-" + name(to) + "/" + name(arrows[0])
    return None


def play(board, move):
    start, rest = move.split("-")
    to, arrow = rest.split("/")
    board[parse(to)] = board.pop(parse(start))
    board[parse(arrow)] = "x"
