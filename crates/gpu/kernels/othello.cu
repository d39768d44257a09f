// bitgames-gpu: Othello, one thread per game (or per perft subtree).
//
// Boards are bit 8 * row + col, a1 the top-left (bit 0), as in bitgames-othello. A game is
// the side to move's discs `player`, the other side's `opponent` and `side` (0 black, 1
// white, to move). The prelude written from bitgames-tables before this file defines
// othello_edge_mask(d) and othello_offset(d) (compile-time constants) and declares the line
// tables in constant memory (OTHELLO_OUTFLANK, OTHELLO_FLIPPED, OTHELLO_LINES,
// OTHELLO_COLUMN_DEPOSIT, OTHELLO_NEIGHBOURS), which the host fills from the same crate.

// One step in direction d: the squares whose neighbour in d is on the board, moved there.
DEVICE u64 othello_shift(u64 bits, int d) {
    int offset = othello_offset(d);
    bits &= othello_edge_mask(d);
    return offset > 0 ? bits << offset : bits >> -offset;
}

// The squares whose neighbours in d and in the opposite direction are both on the board: a
// run of opponent discs that can be outflanked lies there, and wider strides cannot wrap.
DEVICE u64 othello_inner(int d) { return othello_edge_mask(d) & othello_edge_mask((d + 4) & 7); }

// ---- Strategy "shift": shift-and-mask one step at a time (dumb7fill) ----

struct Shift {
    static INLINE u64 legal_moves(u64 player, u64 opponent) {
        u64 empty = ~(player | opponent), moves = 0;
#pragma unroll
        for (int d = 0; d < 8; d++) {
            u64 inner = opponent & othello_inner(d);
            u64 run = othello_shift(player, d) & inner;
#pragma unroll
            for (int i = 0; i < 5; i++) run |= othello_shift(run, d) & inner;
            moves |= othello_shift(run, d) & empty;
        }
        return moves;
    }

    static INLINE u64 flips(u64 player, u64 opponent, int square) {
        u64 from = 1ull << square, flipped = 0;
#pragma unroll
        for (int d = 0; d < 8; d++) {
            u64 inner = opponent & othello_inner(d);
            u64 run = 0, next = othello_shift(from, d) & inner;
            while (next) {
                run |= next;
                next = othello_shift(next, d) & inner;
            }
            if (othello_shift(run, d) & player) flipped |= run;
        }
        return flipped;
    }
};

// ---- Strategy "kogge-stone": occluded fills by doubling strides 1, 2, 4 ----

DEVICE u64 othello_fill(u64 generator, u64 propagator, int d) {
    generator |= propagator & othello_shift(generator, d);
    propagator &= othello_shift(propagator, d);
    generator |= propagator & othello_shift(othello_shift(generator, d), d);
    propagator &= othello_shift(othello_shift(propagator, d), d);
    u64 four = othello_shift(othello_shift(othello_shift(othello_shift(generator, d), d), d), d);
    return generator | (propagator & four);
}

struct KoggeStone {
    static INLINE u64 legal_moves(u64 player, u64 opponent) {
        u64 empty = ~(player | opponent), moves = 0;
#pragma unroll
        for (int d = 0; d < 8; d++) {
            u64 inner = opponent & othello_inner(d);
            u64 run = othello_fill(othello_shift(player, d) & inner, inner, d);
            moves |= othello_shift(run, d) & empty;
        }
        return moves;
    }

    static INLINE u64 flips(u64 player, u64 opponent, int square) {
        u64 from = 1ull << square, flipped = 0;
#pragma unroll
        for (int d = 0; d < 8; d++) {
            u64 inner = opponent & othello_inner(d);
            u64 run = othello_fill(othello_shift(from, d) & inner, inner, d);
            if (othello_shift(run, d) & player) flipped |= run;
        }
        return flipped;
    }
};

// ---- Strategy "table": outflank/flip line tables in constant memory ----
// Each of the four lines through a square is gathered into a byte (rows by a shift, columns
// and diagonals by a multiply), OTHELLO_OUTFLANK gives the outflanking squares of the run
// of opponent discs, OTHELLO_FLIPPED the discs between, scattered back onto the board.

#define OTHELLO_A_FILE 0x0101010101010101ull
#define OTHELLO_COLUMN_GATHER 0x0102040810204080ull
#define OTHELLO_BYTE_SPREAD 0x0101010101010101ull

DEVICE u64 othello_gather_row(u64 bits, int row) { return (bits >> (8 * row)) & 0xff; }
DEVICE u64 othello_gather_column(u64 bits, int col) {
    return (((bits >> col) & OTHELLO_A_FILE) * OTHELLO_COLUMN_GATHER) >> 56;
}
DEVICE u64 othello_gather_diagonal(u64 bits, u64 mask) {
    return ((bits & mask) * OTHELLO_BYTE_SPREAD) >> 56;
}
DEVICE u8 othello_outflank(u64 player_line, u64 opponent_line, int k) {
    return OTHELLO_OUTFLANK[k][(opponent_line >> 1) & 63] & (u8)player_line;
}
DEVICE u64 othello_line_flips(u64 player_line, u64 opponent_line, int k) {
    return OTHELLO_FLIPPED[k][othello_outflank(player_line, opponent_line, k)];
}

struct Table {
    static INLINE u64 legal_moves(u64 player, u64 opponent) {
        u64 candidates = ~(player | opponent), moves = 0;
        while (candidates) {
            int s = lowest_bit(candidates);
            candidates &= candidates - 1;
            if (!(OTHELLO_NEIGHBOURS[s] & opponent)) continue;
            int row = s >> 3, col = s & 7;
            u64 diagonal = OTHELLO_LINES[s][2], anti = OTHELLO_LINES[s][3];
            if (othello_outflank(othello_gather_row(player, row), othello_gather_row(opponent, row), col) |
                othello_outflank(othello_gather_column(player, col), othello_gather_column(opponent, col), row) |
                othello_outflank(othello_gather_diagonal(player, diagonal),
                                 othello_gather_diagonal(opponent, diagonal), col) |
                othello_outflank(othello_gather_diagonal(player, anti),
                                 othello_gather_diagonal(opponent, anti), col))
                moves |= 1ull << s;
        }
        return moves;
    }

    static INLINE u64 flips(u64 player, u64 opponent, int square) {
        int row = square >> 3, col = square & 7;
        u64 diagonal = OTHELLO_LINES[square][2], anti = OTHELLO_LINES[square][3];
        u64 rows = othello_line_flips(othello_gather_row(player, row), othello_gather_row(opponent, row), col)
                   << (8 * row);
        u64 columns = OTHELLO_COLUMN_DEPOSIT[othello_line_flips(
                          othello_gather_column(player, col), othello_gather_column(opponent, col), row)]
                      << col;
        u64 diagonals = (othello_line_flips(othello_gather_diagonal(player, diagonal),
                                            othello_gather_diagonal(opponent, diagonal), col) *
                         OTHELLO_BYTE_SPREAD) &
                        diagonal;
        u64 antis = (othello_line_flips(othello_gather_diagonal(player, anti),
                                        othello_gather_diagonal(opponent, anti), col) *
                     OTHELLO_BYTE_SPREAD) &
                    anti;
        return rows | columns | diagonals | antis;
    }
};

// ---- Games ----

#define OTHELLO_START_BLACK 0x0000000810000000ull // d5 e4: bits 35 and 28
#define OTHELLO_START_WHITE 0x0000001008000000ull // d4 e5: bits 27 and 36
#define OTHELLO_PASS 64

// The start: black to move.
DEVICE void othello_start(u64 *player, u64 *opponent, u8 *side) {
    *player = OTHELLO_START_BLACK;
    *opponent = OTHELLO_START_WHITE;
    *side = 0;
}

// The move on `square` (or the pass) for the side to move; then the other side is to move.
template <class S> DEVICE void othello_play(u64 *player, u64 *opponent, u8 *side, int action) {
    u64 p = *player, o = *opponent;
    if (action != OTHELLO_PASS) {
        u64 flipped = S::flips(p, o, action);
        p |= flipped | (1ull << action);
        o &= ~flipped;
    }
    *player = o;
    *opponent = p;
    *side ^= 1;
}

// ---- Environment (bitgames.vector's Othello, OpenSpiel numbering) ----
// Per game: player/opponent/side, `moves` (the side to move's legal squares) and `pass`
// (1 when the only legal action is the pass), which the mask kernel spreads to bytes.

// Starts every game (thread i: game i) and writes its legal record.
template <class S>
DEVICE void othello_reset(u64 n, u64 *player, u64 *opponent, u8 *side, u64 *moves, u8 *pass) {
    u64 i = thread_index();
    if (i >= n) return;
    othello_start(&player[i], &opponent[i], &side[i]);
    moves[i] = S::legal_moves(player[i], opponent[i]);
    pass[i] = 0;
}

// Checks every action against its game's legal record; the lowest game index with an
// illegal action is left in `first_illegal` (the host sets it to n first).
DEVICE void othello_check(u64 n, const i64 *actions, const u64 *moves, const u8 *pass, u32 *first_illegal) {
    u64 i = thread_index();
    if (i >= n) return;
    i64 a = actions[i];
    bool legal = (a >= 0 && a < 64 && ((moves[i] >> a) & 1)) || (a == OTHELLO_PASS && pass[i]);
    if (!legal) atomic_min(first_illegal, (u32)i);
}

// One step of every game with its (checked) action: the reward of the player who moved
// when the game ends (+1, -1, 0), `terminated`, the new game started at once; then the
// legal record of the side to move.
template <class S>
DEVICE void othello_step(u64 n, const i64 *actions, u64 *player, u64 *opponent, u8 *side, u64 *moves, u8 *pass,
                         float *rewards, u8 *terminated) {
    u64 i = thread_index();
    if (i >= n) return;
    u64 p = player[i], o = opponent[i];
    u8 s = side[i];
    othello_play<S>(&p, &o, &s, (int)actions[i]);
    u64 m = S::legal_moves(p, o);
    float reward = 0.0f;
    u8 done = 0, must_pass = 0;
    if (!m) {
        if (S::legal_moves(o, p)) {
            must_pass = 1;
        } else {
            // The game is over; the mover is the side not to move now (`o`).
            int mover = popcount(o), other = popcount(p);
            reward = mover > other ? 1.0f : mover < other ? -1.0f : 0.0f;
            done = 1;
            othello_start(&p, &o, &s);
            m = S::legal_moves(p, o);
        }
    }
    player[i] = p;
    opponent[i] = o;
    side[i] = s;
    moves[i] = m;
    pass[i] = must_pass;
    rewards[i] = reward;
    terminated[i] = done;
}

// Observations [n, 3, 8, 8] int8 from the side to move's view: empty, its discs, the
// opponent's. Thread t writes 16 bytes (bytes 16t..16t+15 of the array), so a warp's
// stores are contiguous; 12 threads a game.
KERNEL void othello_observe(u64 n, const u64 *player, const u64 *opponent, u32 *observations) {
    u64 t = thread_index();
    if (t >= n * 12) return;
    u64 game = t / 12;
    int offset = (int)(t % 12) * 16, plane = offset >> 6, first = offset & 63;
    u64 p = player[game], o = opponent[game];
    u64 bits = plane == 0 ? ~(p | o) : plane == 1 ? p : o;
    bits >>= first;
    u32 *out = observations + 4 * t;
#pragma unroll
    for (int w = 0; w < 4; w++) out[w] = spread_nibble(bits >> (4 * w));
}

// Action masks [n, 65] bool: thread t writes bytes 4t..4t+3 of the array.
KERNEL void othello_mask(u64 n, const u64 *moves, const u8 *pass, u8 *masks) {
    u64 t = thread_index(), total = n * 65;
    u64 first = 4 * t;
    if (first >= total) return;
    u8 bytes[4];
#pragma unroll
    for (int j = 0; j < 4; j++) {
        u64 e = first + j, game = e / 65;
        int action = (int)(e % 65);
        bytes[j] = e >= total ? 0 : action < 64 ? (u8)((moves[game] >> action) & 1) : pass[game];
    }
    if (first + 4 <= total) {
        *(u32 *)(masks + first) = bytes[0] | bytes[1] << 8 | bytes[2] << 16 | (u32)bytes[3] << 24;
    } else {
        for (u64 j = 0; first + j < total; j++) masks[first + j] = bytes[j];
    }
}

// One uniformly random legal action per game (the pass when it is the only one), from the
// game's own SplitMix64 state. Takes the whole legal record (`moves`, `pass`), as the check
// kernel does: the host pushes the same arguments for both.
KERNEL void othello_sample(u64 n, const u64 *moves, const u8 *pass, u64 *rng, i64 *actions) {
    u64 i = thread_index();
    if (i >= n) return;
    u64 m = moves[i];
    if (pass[i] || !m) {
        actions[i] = OTHELLO_PASS;
        return;
    }
    u64 state = rng[i];
    actions[i] = nth_set_bit(m, below(splitmix64(&state), (u32)popcount(m)));
    rng[i] = state;
}

// ---- Random playouts: thread i plays `games` whole games from the start with uniformly
// random legal actions (a pass is an action) from SplitMix64 seeded with seed + i, and adds
// its actions to totals[0], its black wins to totals[1], its draws to totals[2]. ----
template <class S> DEVICE void othello_playouts(u64 threads, u64 seed, u32 games, u64 *totals) {
    u64 i = thread_index();
    if (i >= threads) return;
    u64 state = seed + i * 0x9e3779b97f4a7c15ull, steps = 0, black_wins = 0, draws = 0;
    for (u32 g = 0; g < games; g++) {
        u64 p = OTHELLO_START_BLACK, o = OTHELLO_START_WHITE;
        u8 side = 0;
        for (;;) {
            u64 m = S::legal_moves(p, o);
            if (!m) {
                if (!S::legal_moves(o, p)) break;
                othello_play<S>(&p, &o, &side, OTHELLO_PASS);
            } else {
                int square = nth_set_bit(m, below(splitmix64(&state), (u32)popcount(m)));
                othello_play<S>(&p, &o, &side, square);
            }
            steps++;
        }
        u64 black = side == 0 ? p : o, white = side == 0 ? o : p;
        black_wins += popcount(black) > popcount(white);
        draws += popcount(black) == popcount(white);
    }
    atomic_add(&totals[0], steps);
    atomic_add(&totals[1], black_wins);
    atomic_add(&totals[2], draws);
}

// ---- Perft: the leaves `depth` plies below each of `count` positions (side to move first),
// summed into totals[0]. A forced pass is a move; a finished game is one leaf whatever depth
// is left (as bitgames-othello and the published tables count). Threads take positions from
// the shared counter `next` as they finish (the subtrees differ in size). ----
#define OTHELLO_MAX_DEPTH 24

template <class S>
DEVICE void othello_perft(u64 count, const u64 *players, const u64 *opponents, u32 depth, u64 *next, u64 *totals) {
    if (depth > OTHELLO_MAX_DEPTH) return;
    u64 total = 0;
    // Frame k: a position whose children are still to visit, `stack_moves[k]` the moves not
    // yet made, `stack_left[k]` its plies to go (a pass on the way takes one).
    u64 stack_player[OTHELLO_MAX_DEPTH], stack_opponent[OTHELLO_MAX_DEPTH], stack_moves[OTHELLO_MAX_DEPTH];
    u32 stack_left[OTHELLO_MAX_DEPTH];
    for (;;) {
        u64 index = atomic_add(next, 1);
        if (index >= count) break;
        int top = 0;
        u64 p = players[index], o = opponents[index];
        u32 left = depth;
        for (;;) {
            // Visit (p, o) with `left` plies to go: count it, or push it as a frame.
            if (left == 0) {
                total += 1;
            } else {
                u64 m = S::legal_moves(p, o);
                bool leaf = false;
                if (!m) {
                    u64 replies = S::legal_moves(o, p);
                    if (!replies) {
                        total += 1;
                        leaf = true;
                    } else {
                        u64 t = p;
                        p = o;
                        o = t;
                        m = replies;
                        left -= 1;
                    }
                }
                if (!leaf) {
                    if (left == 0) {
                        total += 1;
                    } else if (left == 1) {
                        total += popcount(m);
                    } else {
                        stack_player[top] = p;
                        stack_opponent[top] = o;
                        stack_moves[top] = m;
                        stack_left[top] = left;
                        top++;
                    }
                }
            }
            // Next child: pop finished frames; stop when the stack is empty.
            while (top > 0 && !stack_moves[top - 1]) top--;
            if (top == 0) break;
            u64 m = stack_moves[top - 1];
            int square = lowest_bit(m);
            stack_moves[top - 1] = m & (m - 1);
            u64 fp = stack_player[top - 1], fo = stack_opponent[top - 1];
            u64 flipped = S::flips(fp, fo, square);
            p = fo & ~flipped;
            o = fp | flipped | (1ull << square);
            left = stack_left[top - 1] - 1;
        }
    }
    atomic_add(&totals[0], total);
}

// ---- The operations alone, for the differential tests and the comparison of strategies:
// thread i answers for position i. ----
template <class S> DEVICE void othello_legal_moves(u64 n, const u64 *players, const u64 *opponents, u64 *out) {
    u64 i = thread_index();
    if (i < n) out[i] = S::legal_moves(players[i], opponents[i]);
}

template <class S>
DEVICE void othello_flips(u64 n, const u64 *players, const u64 *opponents, const u8 *squares, u64 *out) {
    u64 i = thread_index();
    if (i < n) out[i] = S::flips(players[i], opponents[i], squares[i]);
}

// The entry points of one strategy, named `<operation>_<strategy>`.
#define OTHELLO_STRATEGY(S, name)                                                                   \
    KERNEL void othello_reset_##name(u64 n, u64 *player, u64 *opponent, u8 *side, u64 *moves, u8 *pass) {  \
        othello_reset<S>(n, player, opponent, side, moves, pass);                                  \
    }                                                                                               \
    KERNEL void othello_step_##name(u64 n, const i64 *actions, u64 *player, u64 *opponent, u8 *side,    \
                                    u64 *moves, u8 *pass, float *rewards, u8 *terminated) {         \
        othello_step<S>(n, actions, player, opponent, side, moves, pass, rewards, terminated);      \
    }                                                                                               \
    KERNEL void othello_playouts_##name(u64 threads, u64 seed, u32 games, u64 *totals) {           \
        othello_playouts<S>(threads, seed, games, totals);                                          \
    }                                                                                               \
    KERNEL void othello_perft_##name(u64 count, const u64 *players, const u64 *opponents, u32 depth, \
                                     u64 *next, u64 *totals) {                                      \
        othello_perft<S>(count, players, opponents, depth, next, totals);                           \
    }                                                                                               \
    KERNEL void othello_legal_moves_##name(u64 n, const u64 *players, const u64 *opponents, u64 *out) { \
        othello_legal_moves<S>(n, players, opponents, out);                                         \
    }                                                                                               \
    KERNEL void othello_flips_##name(u64 n, const u64 *players, const u64 *opponents, const u8 *squares, \
                                     u64 *out) {                                                    \
        othello_flips<S>(n, players, opponents, squares, out);                                      \
    }

OTHELLO_STRATEGY(Shift, shift)
OTHELLO_STRATEGY(KoggeStone, kogge_stone)
OTHELLO_STRATEGY(Table, table)

KERNEL void othello_check_actions(u64 n, const i64 *actions, const u64 *moves, const u8 *pass, u32 *first_illegal) {
    othello_check(n, actions, moves, pass, first_illegal);
}
