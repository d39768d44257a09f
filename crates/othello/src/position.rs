//! The game: positions, move generation through the kernels, play, outcome and hashing.

use core::marker::PhantomData;

use bitgames_search::{ArrayVec, Game, Outcome, Player};
use bitgames_tables::zobrist::{OTHELLO_DISC, OTHELLO_SIDE_TO_MOVE};

use crate::kernels::Children;
use crate::{Bitboard, Error, Fastest, IllegalReason, Kernels, Move, Square};

/// More than the most legal moves any Othello position has (33).
pub const MAX_MOVES: usize = 40;

/// The legal moves of a position, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// An Othello position from the side to move's point of view: its discs (`player`), the
/// other side's (`opponent`), which colour moves, the disc count of each colour and the
/// Zobrist hash (both kept incrementally). `S` is the kernel strategy ([`Fastest`] by
/// default); it changes speed, never answers.
///
/// `Display` writes and `FromStr` reads the Edax/GGS board string (see the crate docs);
/// `{:#}` draws the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<S: Kernels = Fastest> {
    pub(crate) player: Bitboard,
    pub(crate) opponent: Bitboard,
    /// The colour to move: `First` is black.
    pub(crate) side: Player,
    /// Discs of black and white.
    pub(crate) counts: [u8; 2],
    pub(crate) hash: u64,
    pub(crate) strategy: PhantomData<S>,
}

/// A colour's index into the Zobrist disc keys: black 0, white 1.
#[inline(always)]
fn colour(player: Player) -> usize {
    player.index()
}

impl Position {
    /// d4 and e5 white, d5 and e4 black, black to move.
    pub fn start() -> Self {
        Position::default()
    }
}

impl<S: Kernels> Default for Position<S> {
    fn default() -> Self {
        let [d4, e4, d5, e5] = ["d4", "e4", "d5", "e5"]
            .map(|name| name.parse::<Square>().expect("a square name").bitboard());
        Position::from_colours(d5 | e4, d4 | e5, Player::First)
    }
}

impl<S: Kernels> Position<S> {
    /// The position with the given discs of each colour; `None` if a square holds both.
    pub fn from_discs(black: Bitboard, white: Bitboard, side: Player) -> Option<Self> {
        (!black.intersects(white)).then(|| Position::from_colours(black, white, side))
    }

    pub(crate) fn from_colours(black: Bitboard, white: Bitboard, side: Player) -> Self {
        let (player, opponent) = match side {
            Player::First => (black, white),
            Player::Second => (white, black),
        };
        let mut position = Position {
            player,
            opponent,
            side,
            counts: [black.len() as u8, white.len() as u8],
            hash: 0,
            strategy: PhantomData,
        };
        position.hash = position.recompute_hash();
        position
    }

    /// The same position, generating moves with another strategy.
    pub fn with_strategy<T: Kernels>(&self) -> Position<T> {
        bitgames_bitboard::with_strategy!(self => Position { player, opponent, side, counts, hash })
    }

    /// The side to move's discs.
    pub fn player(&self) -> Bitboard {
        self.player
    }

    /// The other side's discs.
    pub fn opponent(&self) -> Bitboard {
        self.opponent
    }

    /// Black's and white's discs.
    pub fn discs(&self) -> (Bitboard, Bitboard) {
        match self.side {
            Player::First => (self.player, self.opponent),
            Player::Second => (self.opponent, self.player),
        }
    }

    /// The colour to move (`First` is black).
    pub fn side_to_move(&self) -> Player {
        self.side
    }

    /// Disc counts of black and white, kept incrementally.
    pub fn disc_counts(&self) -> [u8; 2] {
        self.counts
    }

    /// The squares neither side has a disc on.
    pub fn empty_squares(&self) -> Bitboard {
        !(self.player | self.opponent)
    }

    /// The squares the side to move may play (empty when it must pass or the game is over).
    #[inline]
    pub fn move_mask(&self) -> Bitboard {
        S::legal_moves(self.player, self.opponent)
    }

    /// Every legal move in square order; a lone [`Move::Pass`] when the side to move has no
    /// square but the opponent has, and empty when the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let moves = self.move_mask();
        if moves.is_empty() {
            if S::legal_moves(self.opponent, self.player).any() {
                list.push(Move::Pass);
            }
            return list;
        }
        list.extend(moves.iter().map(Move::Play));
        list
    }

    /// The number of legal moves (a forced pass is one move, a finished game has none),
    /// without listing them.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        count_moves::<S>(self.player, self.opponent)
    }

    /// The position after `mv`, or why `mv` is illegal here ([`Error::IllegalMove`] with an
    /// [`IllegalReason`]). Search code that plays moves from [`Position::legal_moves`]
    /// uses [`Position::play_unchecked`], which skips the check.
    pub fn play(&self, mv: Move) -> Result<Self, Error> {
        match self.illegal_reason(mv) {
            None => Ok(self.play_unchecked(mv)),
            Some(reason) => Err(Error::IllegalMove { mv, reason }),
        }
    }

    /// Why `mv` is not legal here, or `None` when it is.
    pub fn illegal_reason(&self, mv: Move) -> Option<IllegalReason> {
        let moves = self.move_mask();
        match mv {
            Move::Play(square) if moves.contains(square) => None,
            Move::Pass if moves.is_empty() && !self.is_game_over() => None,
            _ if self.is_game_over() => Some(IllegalReason::GameOver),
            Move::Pass => Some(IllegalReason::PassWithLegalSquare),
            Move::Play(_) if moves.is_empty() => Some(IllegalReason::MustPass),
            Move::Play(square) if !self.empty_squares().contains(square) => {
                Some(IllegalReason::Occupied(square))
            }
            Move::Play(square) => Some(IllegalReason::FlipsNothing(square)),
        }
    }

    /// The position after `mv`, which must be legal (one of [`Position::legal_moves`]):
    /// the hot path, with no check. An illegal move gives a position no game reaches.
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Self {
        let mut next = *self;
        next.side = self.side.other();
        next.hash ^= OTHELLO_SIDE_TO_MOVE;
        match mv {
            Move::Pass => {
                next.player = self.opponent;
                next.opponent = self.player;
            }
            Move::Play(square) => {
                let flipped = S::flips(self.player, self.opponent, square);
                next.player = self.opponent ^ flipped;
                next.opponent = self.player | flipped | square.bitboard();
                let (me, them) = (colour(self.side), colour(self.side.other()));
                let n = flipped.len() as u8;
                next.counts[me] += n + 1;
                next.counts[them] -= n;
                next.hash ^= OTHELLO_DISC[square.index()][me];
                for disc in flipped {
                    let keys = &OTHELLO_DISC[disc.index()];
                    next.hash ^= keys[0] ^ keys[1];
                }
            }
        }
        next
    }

    /// Perft's last two plies: the number of moves after `mv`, skipping the hash and count
    /// bookkeeping the count does not need.
    #[inline]
    pub fn count_after(&self, mv: Move) -> u64 {
        let (player, opponent) = match mv {
            Move::Pass => (self.opponent, self.player),
            Move::Play(square) => {
                let flipped = S::flips(self.player, self.opponent, square);
                (
                    self.opponent ^ flipped,
                    self.player | flipped | square.bitboard(),
                )
            }
        };
        count_moves::<S>(player, opponent)
    }

    /// Whether neither side can move.
    pub fn is_game_over(&self) -> bool {
        self.move_mask().is_empty() && S::legal_moves(self.opponent, self.player).is_empty()
    }

    /// The final disc difference, black minus white, with the empty squares going to the
    /// winner (the World Othello Federation convention; a drawn game keeps them unassigned).
    pub fn final_score(&self) -> i32 {
        let [black, white] = self.counts.map(i32::from);
        let empty = 64 - black - white;
        match black.cmp(&white) {
            core::cmp::Ordering::Greater => black - white + empty,
            core::cmp::Ordering::Less => black - white - empty,
            core::cmp::Ordering::Equal => 0,
        }
    }

    /// Ongoing while either side can move; then the side with more discs wins.
    pub fn outcome(&self) -> Outcome {
        if !self.is_game_over() {
            return Outcome::Ongoing;
        }
        match self.final_score() {
            0 => Outcome::Draw,
            s if s > 0 => Outcome::Win(Player::First),
            _ => Outcome::Win(Player::Second),
        }
    }

    /// The Zobrist hash: a key per disc by square and colour, and the side key when white is
    /// to move.
    pub fn recompute_hash(&self) -> u64 {
        let (black, white) = self.discs();
        let mut hash = 0;
        for square in black {
            hash ^= OTHELLO_DISC[square.index()][0];
        }
        for square in white {
            hash ^= OTHELLO_DISC[square.index()][1];
        }
        if self.side == Player::Second {
            hash ^= OTHELLO_SIDE_TO_MOVE;
        }
        hash
    }

    /// Reads a move and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let mv: Move = text.parse()?;
        // The checked play's error, whose reason says why not (text is read rarely: the
        // play it costs does not matter).
        self.play(mv).map(|_| mv)
    }
}

/// Perft on the two bitboards alone (no hash, disc counts or colour, which no count needs):
/// the leaves `depth` plies below the position with `player` to move, a forced pass being a
/// ply and a finished game one leaf at every remaining depth, as [`Game::count_leaves`]
/// promises.
pub(crate) fn perft_raw<S: Kernels>(player: Bitboard, opponent: Bitboard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_moves::<S>(player, opponent, S::legal_moves(player, opponent), depth)
}

/// [`perft_raw`] given the player's legal `moves`. Each node's children come from
/// [`Kernels::children`] with their moves; the last two plies are
/// [`Kernels::count_replies`], fed from three plies up so that a batch can hold the moves
/// of several positions.
fn perft_moves<S: Kernels>(
    player: Bitboard,
    opponent: Bitboard,
    moves: Bitboard,
    depth: u32,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if moves.is_empty() {
        // A pass if the opponent can move, else the game is over: one leaf.
        let replies = S::legal_moves(opponent, player);
        return if replies.is_empty() {
            1
        } else {
            perft_moves::<S>(opponent, player, replies, depth - 1)
        };
    }
    match depth {
        1 => moves.len() as u64,
        2 => {
            let mut pending = Pending::new();
            pending.push(player, opponent, moves);
            pending.count::<S>()
        }
        3 => {
            let mut children = Children::default();
            let n = S::children(player, opponent, moves, &mut children);
            let mut pending = Pending::new();
            let mut total = 0;
            for i in 0..n {
                let (mover, other) = (children.movers[i], children.others[i]);
                if children.moves[i].is_empty() {
                    // The child passes (then perft 1) or the game is over (one leaf).
                    total += S::legal_moves(other, mover).len().max(1) as u64;
                    continue;
                }
                pending.push(mover, other, children.moves[i]);
                total += pending.count_full_batches::<S>();
            }
            total + pending.count::<S>()
        }
        _ => {
            let mut children = Children::default();
            let n = S::children(player, opponent, moves, &mut children);
            (0..n)
                .map(|i| {
                    perft_moves::<S>(
                        children.movers[i],
                        children.others[i],
                        children.moves[i],
                        depth - 1,
                    )
                })
                .sum()
        }
    }
}

/// Moves waiting for [`Kernels::count_replies`]: a position and one of its moves per entry,
/// as three parallel arrays.
struct Pending {
    players: [Bitboard; Pending::CAPACITY],
    opponents: [Bitboard; Pending::CAPACITY],
    squares: [Bitboard; Pending::CAPACITY],
    len: usize,
}

impl Pending {
    /// Batches are counted once this many moves wait ...
    const FLUSH: usize = 32;
    /// ... so there is room for one more position's moves (at most 33) on top.
    const CAPACITY: usize = Pending::FLUSH + MAX_MOVES;
    /// The moves a batch holds (the lanes of the widest strategy).
    const BATCH: usize = 8;

    #[inline(always)]
    fn new() -> Self {
        Pending {
            players: [Bitboard::EMPTY; Pending::CAPACITY],
            opponents: [Bitboard::EMPTY; Pending::CAPACITY],
            squares: [Bitboard::EMPTY; Pending::CAPACITY],
            len: 0,
        }
    }

    /// Queues every move of `moves` (at most [`MAX_MOVES`], and [`Pending::count_full_batches`]
    /// keeps fewer than [`Pending::FLUSH`] waiting).
    #[inline(always)]
    fn push(&mut self, player: Bitboard, opponent: Bitboard, moves: Bitboard) {
        let mut len = self.len;
        for square in moves {
            self.players[len] = player;
            self.opponents[len] = opponent;
            self.squares[len] = square.bitboard();
            len += 1;
        }
        self.len = len;
    }

    /// Once [`Pending::FLUSH`] moves wait: counts the whole batches among them and keeps the
    /// rest.
    #[inline(always)]
    fn count_full_batches<S: Kernels>(&mut self) -> u64 {
        if self.len < Pending::FLUSH {
            return 0;
        }
        let full = self.len / Pending::BATCH * Pending::BATCH;
        let total = S::count_replies(
            &self.players[..full],
            &self.opponents[..full],
            &self.squares[..full],
        );
        let rest = self.len - full;
        self.players.copy_within(full..self.len, 0);
        self.opponents.copy_within(full..self.len, 0);
        self.squares.copy_within(full..self.len, 0);
        self.len = rest;
        total
    }

    /// Counts every waiting move.
    #[inline(always)]
    fn count<S: Kernels>(&self) -> u64 {
        S::count_replies(
            &self.players[..self.len],
            &self.opponents[..self.len],
            &self.squares[..self.len],
        )
    }
}

/// The legal moves of `player`, counting a forced pass as one and a finished game as none.
#[inline(always)]
fn count_moves<S: Kernels>(player: Bitboard, opponent: Bitboard) -> u64 {
    match S::legal_moves(player, opponent).len() {
        0 => u64::from(S::legal_moves(opponent, player).any()),
        n => n as u64,
    }
}

impl<S: Kernels> Game for Position<S> {
    const NAME: &'static str = "othello";
    /// Aart Bik's published convention: a finished game is one leaf at every remaining depth.
    const FINISHED_GAME_IS_A_LEAF: bool = true;
    /// About ten moves a ply: six plies are at most a million leaves, a millisecond.
    const PERFT_UNINTERRUPTED_DEPTH: u32 = 6;

    bitgames_search::inherent_game_methods!(Move, MoveList, Error);

    #[inline]
    fn count_after(&self, mv: Move) -> u64 {
        Position::count_after(self, mv)
    }

    /// Walks the two bitboards only (no hash or counters), each node's children from
    /// [`Kernels::children`] and the last two plies by [`Kernels::count_replies`]; tested
    /// against [`bitgames_search::perft_generic`].
    fn count_leaves(&self, depth: u32) -> u64 {
        perft_raw::<S>(self.player, self.opponent, depth)
    }

    /// The first of the 8 board images in disc order ([`crate::symmetry::canonical`]).
    fn canonical(&self) -> Self {
        crate::symmetry::canonical(self).0
    }
}
