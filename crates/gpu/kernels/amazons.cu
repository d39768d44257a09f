// bitgames-gpu: the Game of the Amazons, one thread per game (or per perft subtree).
//
// Boards are bitgames-amazons' layout: 10x10 with a guard column, bit AMAZONS_STRIDE * row +
// col (stride 11), row 0 the top rank (10), column 10 the guard, never set. A raw shift by a
// direction's offset moves a square that leaves its row onto a guard bit or past the board,
// so masking with the empty squares (never a guard bit) discards it: no edge masks needed,
// as in the CPU crate. A game is the side to move's queens `player`, the other side's
// `opponent`, the `arrows`, and `side` (0 white, 1 black, to move). The prelude written from
// bitgames-tables and bitgames-amazons before this file defines AMAZONS_STRIDE,
// AMAZONS_WIDTH, amazons_offset(d), AMAZONS_VALID_{LO,HI} and AMAZONS_START_{WHITE,BLACK}_
// {LO,HI}, and declares the line tables in constant memory (AMAZONS_LINES, AMAZONS_LINE_SHAPES,
// AMAZONS_LINE_REACH), which the host fills from the same crate.
//
// A board (110 bits) is two 64-bit halves, `Board`, rather than `unsigned __int128` (which
// NVRTC 13 accepts in device code): the GPU's integer units are 32/64-bit either way, so an
// __int128 is lowered to the same pairs; written out, a shift by a direction's constant
// offset is one funnel shift a half, the set-bit loops (popcount, lowest bit, the k-th set
// bit) stay on the 64-bit instructions with no 128-bit borrow chains (`x & (x - 1)`), and
// the buffers and kernel arguments are plain u64 arrays, game i's board at [2i] (low half)
// and [2i + 1] (high half), with no dependence on how Rust and C align a 128-bit integer.

// ---- Boards: two halves ----

struct Board {
    u64 lo, hi;
};

DEVICE Board operator&(Board a, Board b) { return Board{a.lo & b.lo, a.hi & b.hi}; }
DEVICE Board operator|(Board a, Board b) { return Board{a.lo | b.lo, a.hi | b.hi}; }
DEVICE Board operator~(Board a) { return Board{~a.lo, ~a.hi}; }
DEVICE Board &operator|=(Board &a, Board b) { return a = a | b; }
DEVICE Board &operator&=(Board &a, Board b) { return a = a & b; }

DEVICE Board board_empty_set() { return Board{0, 0}; }
DEVICE bool board_any(Board a) { return (a.lo | a.hi) != 0; }
DEVICE u32 board_count(Board a) { return (u32)(popcount(a.lo) + popcount(a.hi)); }
DEVICE Board board_square(int s) { return s < 64 ? Board{1ull << s, 0} : Board{0, 1ull << (s - 64)}; }
DEVICE bool board_contains(Board a, int s) { return ((s < 64 ? a.lo >> s : a.hi >> (s - 64)) & 1) != 0; }

// The lowest square of a non-empty set, removed from it.
DEVICE int board_pop(Board *a) {
    if (a->lo) {
        int s = lowest_bit(a->lo);
        a->lo &= a->lo - 1;
        return s;
    }
    int s = 64 + lowest_bit(a->hi);
    a->hi &= a->hi - 1;
    return s;
}

// The k-th square of `a` in bit order (k from 0; k < board_count(a)).
DEVICE int board_nth(Board a, u32 k) {
    u32 low = (u32)popcount(a.lo);
    return k < low ? nth_set_bit(a.lo, k) : 64 + nth_set_bit(a.hi, k - low);
}

// Shifts by 0 <= k < 128 bits: towards higher bits, and towards lower bits.
DEVICE Board board_shift_up(Board a, int k) {
    if (k == 0) return a;
    if (k >= 64) return Board{0, a.lo << (k - 64)};
    return Board{a.lo << k, (a.hi << k) | (a.lo >> (64 - k))};
}
DEVICE Board board_shift_down(Board a, int k) {
    if (k == 0) return a;
    if (k >= 64) return Board{a.hi >> (k - 64), 0};
    return Board{(a.lo >> k) | (a.hi << (64 - k)), a.hi >> k};
}

DEVICE Board board_load(const u64 *boards, u64 i) { return Board{boards[2 * i], boards[2 * i + 1]}; }
DEVICE void board_store(u64 *boards, u64 i, Board a) {
    boards[2 * i] = a.lo;
    boards[2 * i + 1] = a.hi;
}

// `times` raw steps in direction d (0 north .. 7 north-west, as bitgames-tables numbers them).
DEVICE Board amazons_shift(Board a, int d, int times) {
    int offset = amazons_offset(d) * times;
    return offset > 0 ? board_shift_up(a, offset) : board_shift_down(a, -offset);
}

DEVICE Board amazons_valid() { return Board{AMAZONS_VALID_LO, AMAZONS_VALID_HI}; }
// The board squares not in `occupied` (never a guard bit).
DEVICE Board amazons_empty(Board occupied) { return ~occupied & amazons_valid(); }

// A square's board bit from its OpenSpiel index (row-major, a10 = 0), and back.
DEVICE int amazons_bit(int index) { return index + index / AMAZONS_WIDTH; }
DEVICE int amazons_index(int bit) { return bit - bit / AMAZONS_STRIDE; }

// ---- Strategy "shift": one step at a time per direction, until nothing moves ----

struct Shift {
    static INLINE Board fill(Board sources, Board empty) {
        Board reached = board_empty_set();
#pragma unroll
        for (int d = 0; d < 8; d++) {
            Board front = amazons_shift(sources, d, 1) & empty;
            while (board_any(front)) {
                reached |= front;
                front = amazons_shift(front, d, 1) & empty;
            }
        }
        return reached;
    }

    static INLINE Board reach(int square, Board occupied) {
        return fill(board_square(square), amazons_empty(occupied));
    }
};

// ---- Strategy "kogge-stone": occluded fills with strides 1, 2, 4, 8, branch-free ----

DEVICE Board amazons_kogge_stone_ray(Board sources, Board empty, int d) {
    Board generator = sources, propagator = empty;
    generator |= propagator & amazons_shift(generator, d, 1);
    propagator &= amazons_shift(propagator, d, 1);
    generator |= propagator & amazons_shift(generator, d, 2);
    propagator &= amazons_shift(propagator, d, 2);
    generator |= propagator & amazons_shift(generator, d, 4);
    propagator &= amazons_shift(propagator, d, 4);
    generator |= propagator & amazons_shift(generator, d, 8);
    return amazons_shift(generator, d, 1) & empty;
}

struct KoggeStone {
    static INLINE Board fill(Board sources, Board empty) {
        Board reached = board_empty_set();
#pragma unroll
        for (int d = 0; d < 8; d++) reached |= amazons_kogge_stone_ray(sources, empty, d);
        return reached;
    }

    static INLINE Board reach(int square, Board occupied) {
        return fill(board_square(square), amazons_empty(occupied));
    }
};

// ---- Strategy "table": line-segment reach tables in constant memory ----
// For each of the four lines through the queen's square, the line's occupancy is gathered
// into a 10-bit word, AMAZONS_LINE_REACH[k][occupancy] gives the reachable positions,
// scattered back. The row is contiguous (a shift); the other lines are gathered and
// scattered by PEXT and PDEP on the two halves, as the CPU crate does, here by bit loops (a
// GPU has neither instruction). Positions past a short line's end read as empty and may be
// "reached", but the scatter has no squares for them and drops them (the CPU crate pads
// them as occupied for its count without a scatter, which the GPU does not use).

DEVICE u64 amazons_pext(u64 x, u64 mask) {
    u64 out = 0;
    for (int k = 0; mask; k++) {
        u64 low = mask & (0 - mask);
        if (x & low) out |= 1ull << k;
        mask ^= low;
    }
    return out;
}

DEVICE u64 amazons_pdep(u64 x, u64 mask) {
    u64 out = 0;
    for (; mask; x >>= 1) {
        u64 low = mask & (0 - mask);
        if (x & 1) out |= low;
        mask ^= low;
    }
    return out;
}

#define AMAZONS_LINE_BITS ((1ull << AMAZONS_WIDTH) - 1)

struct Table {
    static INLINE Board reach(int square, Board occupied) {
        int row = square / AMAZONS_STRIDE, col = square - AMAZONS_STRIDE * row, row_start = AMAZONS_STRIDE * row;
        u64 row_bits = board_shift_down(occupied, row_start).lo & AMAZONS_LINE_BITS;
        Board reached = board_shift_up(Board{AMAZONS_LINE_REACH[col][row_bits], 0}, row_start);
#pragma unroll
        for (int d = 1; d < 4; d++) {
            u64 line_lo = AMAZONS_LINES[square][d][0], line_hi = AMAZONS_LINES[square][d][1];
            u32 shape = AMAZONS_LINE_SHAPES[square][d];
            u32 k = shape & 0xf, low_len = (shape >> 4) & 0xf;
            u64 gathered = amazons_pext(occupied.lo, line_lo) | amazons_pext(occupied.hi, line_hi) << low_len;
            u64 along = AMAZONS_LINE_REACH[k][gathered];
            reached.lo |= amazons_pdep(along, line_lo);
            reached.hi |= amazons_pdep(along >> low_len, line_hi);
        }
        return reached;
    }

    // One table lookup per source.
    static INLINE Board fill(Board sources, Board empty) {
        Board occupied = ~empty, reached = board_empty_set();
        while (board_any(sources)) reached |= reach(board_pop(&sources), occupied);
        return reached & empty;
    }
};

// ---- Counting moves ----

// Perft's bulk count of arrows: the sum over `destinations` of the squares a queen there
// reaches through `empty`, by rays in every direction at once (bitgames-amazons'
// count_arrows_by_rays, which every strategy but naive uses): stepping the empty squares
// back against direction d k times leaves the squares whose next k squares along d are
// empty, and each destination among them has its k-th arrow square along d.
DEVICE u64 amazons_count_arrows(Board destinations, Board empty) {
    u64 total = 0;
#pragma unroll
    for (int d = 0; d < 8; d++) {
        int back = (d + 4) & 7;
        Board clear = amazons_shift(empty, back, 1);
        for (;;) {
            Board counted = clear & destinations;
            if (!board_any(counted)) break;
            total += board_count(counted);
            clear = amazons_shift(clear & empty, back, 1);
        }
    }
    return total;
}

// The legal moves (queen move and arrow) of the side to move.
template <class S> DEVICE u64 amazons_moves(Board player, Board opponent, Board arrows) {
    Board occupied = player | opponent | arrows, queens = player;
    u64 total = 0;
    while (board_any(queens)) {
        int queen = board_pop(&queens);
        Board destinations = S::reach(queen, occupied);
        // The square the queen leaves is open to the arrow.
        total += amazons_count_arrows(destinations, amazons_empty(occupied & ~board_square(queen)));
    }
    return total;
}

// The queens of `player` that can move (each then has a move: its arrow can go back).
template <class S> DEVICE Board amazons_movable(Board player, Board occupied) {
    Board movable = board_empty_set(), queens = player;
    while (board_any(queens)) {
        int queen = board_pop(&queens);
        if (board_any(S::reach(queen, occupied))) movable |= board_square(queen);
    }
    return movable;
}

// ---- Games ----

#define AMAZONS_NONE 0xff

// The start: white to move.
DEVICE void amazons_start(Board *player, Board *opponent, Board *arrows, u8 *side) {
    *player = Board{AMAZONS_START_WHITE_LO, AMAZONS_START_WHITE_HI};
    *opponent = Board{AMAZONS_START_BLACK_LO, AMAZONS_START_BLACK_HI};
    *arrows = board_empty_set();
    *side = 0;
}

// The move from-to/arrow of the side to move; then the other side is to move.
DEVICE void amazons_play(Board *player, Board *opponent, Board *arrows, u8 *side, int from, int to, int arrow) {
    Board moved = (*player & ~board_square(from)) | board_square(to);
    *arrows |= board_square(arrow);
    *player = *opponent;
    *opponent = moved;
    *side ^= 1;
}

// ---- Environment (bitgames.vector's Amazons, OpenSpiel numbering) ----
// A turn is three sub-actions (the queen, its destination, the arrow square), squares
// numbered a10 = 0 row by row. Per game: player/opponent/arrows/side at the start of the
// turn, `from` and `to` (board bits of the queen and destination chosen so far this turn,
// AMAZONS_NONE when not yet), and `legal`: the board squares the next sub-action may name,
// which the mask kernel spreads to bytes and the sampler draws from.

// Starts every game (thread i: game i) and writes its legal record.
template <class S>
DEVICE void amazons_reset(u64 n, u64 *player, u64 *opponent, u64 *arrows, u8 *side, u8 *from, u8 *to, u64 *legal) {
    u64 i = thread_index();
    if (i >= n) return;
    Board p, o, a;
    amazons_start(&p, &o, &a, &side[i]);
    board_store(player, i, p);
    board_store(opponent, i, o);
    board_store(arrows, i, a);
    from[i] = AMAZONS_NONE;
    to[i] = AMAZONS_NONE;
    board_store(legal, i, amazons_movable<S>(p, p | o | a));
}

// Checks every action against its game's legal record; the lowest game index with an
// illegal action is left in `first_illegal` (the host sets it to n first).
DEVICE void amazons_check(u64 n, const i64 *actions, const u64 *legal, u32 *first_illegal) {
    u64 i = thread_index();
    if (i >= n) return;
    i64 a = actions[i];
    bool ok = a >= 0 && a < AMAZONS_WIDTH * AMAZONS_WIDTH && board_contains(board_load(legal, i), amazons_bit((int)a));
    if (!ok) atomic_min(first_illegal, (u32)i);
}

// One sub-action of every game with its (checked) action. The third plays the move; when
// the side then to move has no queen that can move, the game is over: the reward of the
// player who moved (+1: the side without a move loses, so the mover always wins),
// `terminated`, and the new game started at once. Then the legal record of the next
// sub-action.
template <class S>
DEVICE void amazons_step(u64 n, const i64 *actions, u64 *player, u64 *opponent, u64 *arrows, u8 *side, u8 *from,
                         u8 *to, u64 *legal, float *rewards, u8 *terminated) {
    u64 i = thread_index();
    if (i >= n) return;
    int square = amazons_bit((int)actions[i]);
    Board p = board_load(player, i), o = board_load(opponent, i), a = board_load(arrows, i);
    Board occupied = p | o | a, next;
    float reward = 0.0f;
    u8 done = 0;
    if (from[i] == AMAZONS_NONE) {
        from[i] = (u8)square;
        next = S::reach(square, occupied);
    } else if (to[i] == AMAZONS_NONE) {
        to[i] = (u8)square;
        // The square the queen leaves is open to the arrow.
        next = S::reach(square, occupied & ~board_square(from[i]));
    } else {
        u8 s = side[i];
        amazons_play(&p, &o, &a, &s, from[i], to[i], square);
        next = amazons_movable<S>(p, p | o | a);
        if (!board_any(next)) {
            reward = 1.0f;
            done = 1;
            amazons_start(&p, &o, &a, &s);
            next = amazons_movable<S>(p, p | o | a);
        }
        board_store(player, i, p);
        board_store(opponent, i, o);
        board_store(arrows, i, a);
        side[i] = s;
        from[i] = AMAZONS_NONE;
        to[i] = AMAZONS_NONE;
    }
    board_store(legal, i, next);
    rewards[i] = reward;
    terminated[i] = done;
}

// The four squares index..index+3 (index a multiple of 4, so within one plane) of a board
// as the low nibble: five bits from the first one's board bit, less the guard bit when the
// four wrap into the next row.
DEVICE u32 amazons_nibble(Board bits, int index) {
    int col = index % AMAZONS_WIDTH, guard = AMAZONS_WIDTH - col;
    u64 window = board_shift_down(bits, amazons_bit(index)).lo & 31;
    if (guard < 4) window = (window & ((1ull << guard) - 1)) | ((window >> (guard + 1)) << guard);
    return (u32)(window & 15);
}

// Observations [n, 4, 10, 10] int8 from the side to move's view: its queens, the opponent's,
// the arrows, the square selected so far this turn (the destination once chosen, else the
// queen). Thread t writes 16 bytes (bytes 16t..16t+15 of the array), so a warp's stores are
// contiguous; 25 threads a game.
KERNEL void amazons_observe(u64 n, const u64 *player, const u64 *opponent, const u64 *arrows, const u8 *from,
                            const u8 *to, u32 *observations) {
    u64 t = thread_index();
    if (t >= n * 25) return;
    u64 game = t / 25;
    int first = (int)(t % 25) * 16;
    u8 selected = to[game] != AMAZONS_NONE ? to[game] : from[game];
    u32 *out = observations + 4 * t;
#pragma unroll
    for (int w = 0; w < 4; w++) {
        int byte = first + 4 * w, plane = byte / 100;
        Board bits = plane == 0   ? board_load(player, game)
                     : plane == 1 ? board_load(opponent, game)
                     : plane == 2 ? board_load(arrows, game)
                     : selected == AMAZONS_NONE ? board_empty_set()
                                                : board_square(selected);
        out[w] = spread_nibble(amazons_nibble(bits, byte % 100));
    }
}

// Action masks [n, 100] bool: thread t writes bytes 4t..4t+3 of the array (25 a game).
KERNEL void amazons_mask(u64 n, const u64 *legal, u32 *masks) {
    u64 t = thread_index();
    if (t >= n * 25) return;
    masks[t] = spread_nibble(amazons_nibble(board_load(legal, t / 25), (int)(t % 25) * 4));
}

// One uniformly random legal sub-action per game, from the game's own SplitMix64 state:
// the k-th square of the legal record, k from one draw. A live game always has one (the
// chosen queen can move, and its arrow can go back to the square it left).
KERNEL void amazons_sample(u64 n, const u64 *legal, u64 *rng, i64 *actions) {
    u64 i = thread_index();
    if (i >= n) return;
    Board m = board_load(legal, i);
    u32 count = board_count(m);
    if (!count) {
        actions[i] = -1;
        return;
    }
    u64 state = rng[i];
    actions[i] = amazons_index(board_nth(m, below(splitmix64(&state), count)));
    rng[i] = state;
}

// ---- Random playouts: thread i plays `games` whole games from the start with uniformly
// random legal sub-actions (as the environment's sampler: a queen that can move, then its
// destination, then the arrow, each uniform among the legal squares) from SplitMix64 seeded
// with seed + i * golden ratio, and adds its sub-actions (three a move: environment steps)
// to totals[0] and its white wins to totals[1]. There are no draws. A game has fewer moves
// than the board has squares (each burns an empty one): the loop's bound is never reached,
// and only keeps a broken kernel from spinning forever. ----
template <class S> DEVICE void amazons_playouts(u64 threads, u64 seed, u32 games, u64 *totals) {
    u64 i = thread_index();
    if (i >= threads) return;
    u64 state = seed + i * 0x9e3779b97f4a7c15ull, steps = 0, white_wins = 0;
    for (u32 g = 0; g < games; g++) {
        Board p, o, a;
        u8 side;
        amazons_start(&p, &o, &a, &side);
        for (int move = 0; move < AMAZONS_WIDTH * AMAZONS_WIDTH; move++) {
            Board occupied = p | o | a, movable = amazons_movable<S>(p, occupied);
            if (!board_any(movable)) break;
            int from = board_nth(movable, below(splitmix64(&state), board_count(movable)));
            Board destinations = S::reach(from, occupied);
            int to = board_nth(destinations, below(splitmix64(&state), board_count(destinations)));
            Board shots = S::reach(to, occupied & ~board_square(from));
            int arrow = board_nth(shots, below(splitmix64(&state), board_count(shots)));
            amazons_play(&p, &o, &a, &side, from, to, arrow);
            steps += 3;
        }
        // The side to move has no move and has lost.
        white_wins += side == 1;
    }
    atomic_add(&totals[0], steps);
    atomic_add(&totals[1], white_wins);
}

// ---- Perft over full moves (a queen move and its arrow): the leaves `depth` moves below
// each of `count` positions (side to move first), summed into totals[0]; the last move is
// counted in bulk. A finished game has no leaves below it (as bitgames-amazons counts).
// Threads take positions from the shared counter `next` as they finish (the subtrees differ
// in size). ----
#define AMAZONS_MAX_DEPTH 8

// A position whose children are still to visit, and where its move loop stands: the queens
// not yet moved, the current queen's destinations not yet visited, the current
// destination's arrow squares not yet shot.
struct AmazonsFrame {
    Board player, opponent, arrows, queens, destinations, shots;
    int queen, to;
    u32 left;
};

// The position after frame f's next move, or false when it has made them all.
template <class S> DEVICE bool amazons_next_child(AmazonsFrame *f, Board *player, Board *opponent, Board *arrows) {
    Board occupied = f->player | f->opponent | f->arrows;
    while (!board_any(f->shots)) {
        while (!board_any(f->destinations)) {
            if (!board_any(f->queens)) return false;
            f->queen = board_pop(&f->queens);
            f->destinations = S::reach(f->queen, occupied);
        }
        f->to = board_pop(&f->destinations);
        f->shots = S::reach(f->to, occupied & ~board_square(f->queen));
    }
    int arrow = board_pop(&f->shots);
    *player = f->opponent;
    *opponent = (f->player & ~board_square(f->queen)) | board_square(f->to);
    *arrows = f->arrows | board_square(arrow);
    return true;
}

template <class S>
DEVICE void amazons_perft(u64 count, const u64 *players, const u64 *opponents, const u64 *arrows, u32 depth, u64 *next,
                          u64 *totals) {
    if (depth > AMAZONS_MAX_DEPTH) return;
    u64 total = 0;
    // Frames for the positions with two or more moves to go (one to go is counted in bulk).
    AmazonsFrame stack[AMAZONS_MAX_DEPTH];
    for (;;) {
        u64 index = atomic_add(next, 1);
        if (index >= count) break;
        int top = 0;
        Board p = board_load(players, index), o = board_load(opponents, index), a = board_load(arrows, index);
        u32 left = depth;
        for (;;) {
            // Visit (p, o, a) with `left` moves to go: count it, or push it as a frame.
            if (left == 0) {
                total += 1;
            } else if (left == 1) {
                total += amazons_moves<S>(p, o, a);
            } else {
                AmazonsFrame *f = &stack[top++];
                f->player = p;
                f->opponent = o;
                f->arrows = a;
                f->queens = p;
                f->destinations = board_empty_set();
                f->shots = board_empty_set();
                f->left = left;
            }
            // Next child: pop finished frames; stop when the stack is empty.
            while (top > 0 && !amazons_next_child<S>(&stack[top - 1], &p, &o, &a)) top--;
            if (top == 0) break;
            left = stack[top - 1].left - 1;
        }
    }
    atomic_add(&totals[0], total);
}

// ---- The operations alone, for the differential tests and the comparison of strategies:
// thread i answers for input i. ----
template <class S> DEVICE void amazons_queen_reach(u64 n, const u64 *occupied, const u8 *squares, u64 *out) {
    u64 i = thread_index();
    if (i < n) board_store(out, i, S::reach(squares[i], board_load(occupied, i)));
}

template <class S> DEVICE void amazons_fill(u64 n, const u64 *sources, const u64 *empty, u64 *out) {
    u64 i = thread_index();
    if (i < n) board_store(out, i, S::fill(board_load(sources, i), board_load(empty, i)));
}

template <class S>
DEVICE void amazons_count_moves(u64 n, const u64 *players, const u64 *opponents, const u64 *arrows, u64 *out) {
    u64 i = thread_index();
    if (i < n) out[i] = amazons_moves<S>(board_load(players, i), board_load(opponents, i), board_load(arrows, i));
}

// The entry points of one strategy, named `<operation>_<strategy>`.
#define AMAZONS_STRATEGY(S, name)                                                                                  \
    KERNEL void amazons_reset_##name(u64 n, u64 *player, u64 *opponent, u64 *arrows, u8 *side, u8 *from, u8 *to,    \
                                     u64 *legal) {                                                                 \
        amazons_reset<S>(n, player, opponent, arrows, side, from, to, legal);                                      \
    }                                                                                                              \
    KERNEL void amazons_step_##name(u64 n, const i64 *actions, u64 *player, u64 *opponent, u64 *arrows, u8 *side,   \
                                    u8 *from, u8 *to, u64 *legal, float *rewards, u8 *terminated) {                \
        amazons_step<S>(n, actions, player, opponent, arrows, side, from, to, legal, rewards, terminated);         \
    }                                                                                                              \
    KERNEL void amazons_playouts_##name(u64 threads, u64 seed, u32 games, u64 *totals) {                          \
        amazons_playouts<S>(threads, seed, games, totals);                                                         \
    }                                                                                                              \
    KERNEL void amazons_perft_##name(u64 count, const u64 *players, const u64 *opponents, const u64 *arrows,        \
                                     u32 depth, u64 *next, u64 *totals) {                                          \
        amazons_perft<S>(count, players, opponents, arrows, depth, next, totals);                                  \
    }                                                                                                              \
    KERNEL void amazons_queen_reach_##name(u64 n, const u64 *occupied, const u8 *squares, u64 *out) {             \
        amazons_queen_reach<S>(n, occupied, squares, out);                                                         \
    }                                                                                                              \
    KERNEL void amazons_fill_##name(u64 n, const u64 *sources, const u64 *empty, u64 *out) {                      \
        amazons_fill<S>(n, sources, empty, out);                                                                   \
    }                                                                                                              \
    KERNEL void amazons_count_moves_##name(u64 n, const u64 *players, const u64 *opponents, const u64 *arrows,     \
                                           u64 *out) {                                                             \
        amazons_count_moves<S>(n, players, opponents, arrows, out);                                                \
    }

AMAZONS_STRATEGY(Shift, shift)
AMAZONS_STRATEGY(KoggeStone, kogge_stone)
AMAZONS_STRATEGY(Table, table)

KERNEL void amazons_check_actions(u64 n, const i64 *actions, const u64 *legal, u32 *first_illegal) {
    amazons_check(n, actions, legal, first_illegal);
}
