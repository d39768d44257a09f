//! The game: positions, move generation through the kernels, play, outcome and hashing.

use core::marker::PhantomData;

use bitgames_search::{ArrayVec, Game, Outcome, Player};
use bitgames_tables::zobrist::{AMAZONS_PIECE, AMAZONS_SIDE_TO_MOVE};

use crate::{Bitboard, Error, Fastest, IllegalReason, Kernels, Move, Square};

/// The most legal moves a position can have: 4 queens x 36 destinations x 36 arrow squares
/// (a queen in the middle of an empty board reaches 35 squares).
pub const MAX_MOVES: usize = 4 * 36 * 36;

/// The legal moves of a position, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// An Amazons position: each side's queens, the arrows (burnt squares), the side to move and
/// the Zobrist hash (kept incrementally). `S` is the kernel strategy ([`Fastest`] by
/// default); it changes speed, never answers.
///
/// `Display` writes and `FromStr` reads the notation in the crate docs; `{:#}` draws the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<S: Kernels = Fastest> {
    pub(crate) queens: [Bitboard; 2],
    pub(crate) arrows: Bitboard,
    pub(crate) side: Player,
    pub(crate) hash: u64,
    pub(crate) strategy: PhantomData<S>,
}

impl Position {
    /// White queens a4 d1 g1 j4, black queens a7 d10 g10 j7, white to move.
    pub fn start() -> Self {
        Position::default()
    }
}

impl<S: Kernels> Default for Position<S> {
    fn default() -> Self {
        let squares = |names: [&str; 4]| -> Bitboard {
            names
                .iter()
                .map(|n| n.parse::<Square>().expect("valid square"))
                .collect()
        };
        Position::from_parts(
            [
                squares(["a4", "d1", "g1", "j4"]),
                squares(["a7", "d10", "g10", "j7"]),
            ],
            Bitboard::EMPTY,
            Player::First,
        )
    }
}

impl<S: Kernels> Position<S> {
    /// Assembles a position from validated parts and computes its hash.
    pub(crate) fn from_parts(queens: [Bitboard; 2], arrows: Bitboard, side: Player) -> Self {
        let mut position = Position {
            queens,
            arrows,
            side,
            hash: 0,
            strategy: PhantomData,
        };
        position.hash = position.recompute_hash();
        position
    }

    /// The same position, generating moves with another strategy.
    pub fn with_strategy<T: Kernels>(&self) -> Position<T> {
        bitgames_bitboard::with_strategy!(self => Position { queens, arrows, side, hash })
    }

    /// A side's queens (`First` is white).
    pub fn queens(&self, player: Player) -> Bitboard {
        self.queens[player.index()]
    }

    /// The burnt squares: shot by arrows, blocked for the rest of the game.
    pub fn arrows(&self) -> Bitboard {
        self.arrows
    }

    /// The side to move (`First` is white). Also available through [`Game`]; this
    /// inherent copy needs no trait import.
    pub fn side_to_move(&self) -> Player {
        self.side
    }

    /// Queens of both sides and arrows: every square a queen or arrow cannot cross.
    pub fn occupied(&self) -> Bitboard {
        self.queens[0] | self.queens[1] | self.arrows
    }

    /// The board squares nothing stands on (never a guard bit), where queens and arrows
    /// may go.
    pub fn empty_squares(&self) -> Bitboard {
        !self.occupied()
    }

    /// Calls `each(from, to, after)` for every queen move of the side to move, with the
    /// occupancy the arrow then sees.
    #[inline(always)]
    fn for_each_queen_move(&self, mut each: impl FnMut(Square, Square, Bitboard)) {
        let occupied = self.occupied();
        for queen in self.queens[self.side.index()] {
            let from = queen;
            // The square the queen leaves is open to the arrow.
            let after = occupied.without(queen);
            for to in S::queen_reach(from, occupied) {
                each(from, to, after);
            }
        }
    }

    /// Every legal move of the side to move, queen by queen in bit order, then destination,
    /// then arrow; empty exactly when the side to move has lost.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.for_each_queen_move(|from, to, after| {
            for arrow in S::queen_reach(to, after) {
                moves.push(Move { from, to, arrow });
            }
        });
        moves
    }

    /// The number of legal moves, counting arrow squares without making the moves.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let occupied = self.occupied();
        self.queens[self.side.index()]
            .into_iter()
            .map(|queen| {
                let destinations = S::queen_reach(queen, occupied);
                // The square the queen leaves is open to the arrow.
                S::count_arrows(destinations, occupied.without(queen))
            })
            .sum()
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
        let occupied = self.occupied();
        if !self.queens[self.side.index()].contains(mv.from) {
            Some(IllegalReason::NoQueen {
                side: self.side,
                from: mv.from,
            })
        } else if !S::queen_reach(mv.from, occupied).contains(mv.to) {
            Some(IllegalReason::QueenBlocked {
                from: mv.from,
                to: mv.to,
            })
        } else if !S::queen_reach(mv.to, occupied.without(mv.from)).contains(mv.arrow) {
            Some(IllegalReason::ArrowBlocked {
                to: mv.to,
                arrow: mv.arrow,
            })
        } else {
            None
        }
    }

    /// The position after `mv`, which must be legal (one of [`Position::legal_moves`]):
    /// the hot path, with no check.
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Self {
        let mut next = *self;
        let me = self.side.index();
        next.queens[me] = next.queens[me].without(mv.from).with(mv.to);
        next.arrows = next.arrows.with(mv.arrow);
        next.hash ^= AMAZONS_PIECE[mv.from.bit() as usize][me]
            ^ AMAZONS_PIECE[mv.to.bit() as usize][me]
            ^ AMAZONS_PIECE[mv.arrow.bit() as usize][2]
            ^ AMAZONS_SIDE_TO_MOVE;
        next.side = self.side.other();
        next
    }

    /// The side to move loses when it has no move; there are no draws. A queen that can move
    /// at all has a legal move (its arrow can always go back to the square it left), so this
    /// asks one reach per queen instead of counting moves.
    pub fn outcome(&self) -> Outcome {
        let occupied = self.occupied();
        let can_move = self.queens[self.side.index()]
            .iter()
            .any(|q| S::queen_reach(q, occupied).any());
        if can_move {
            Outcome::Ongoing
        } else {
            Outcome::Win(self.side.other())
        }
    }

    /// The Zobrist hash from scratch (a key per queen or arrow by square and kind, and the
    /// side key when black is to move), to test the incremental one.
    pub fn recompute_hash(&self) -> u64 {
        let mut hash = 0;
        for (kind, set) in [self.queens[0], self.queens[1], self.arrows]
            .into_iter()
            .enumerate()
        {
            for square in set {
                hash ^= AMAZONS_PIECE[square.bit() as usize][kind];
            }
        }
        if self.side == Player::Second {
            hash ^= AMAZONS_SIDE_TO_MOVE;
        }
        hash
    }

    /// Reads a move and checks that it is legal here, saying why not.
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let mv: Move = text.parse()?;
        // The checked play's error, whose reason says why not (text is read rarely: the
        // play it costs does not matter).
        self.play(mv).map(|_| mv)
    }
}

impl<S: Kernels> Game for Position<S> {
    const NAME: &'static str = "amazons";
    const FINISHED_GAME_IS_A_LEAF: bool = false;
    /// Thousands of moves a ply: two plies are some four million leaves, under a millisecond;
    /// three would be seconds.
    const PERFT_UNINTERRUPTED_DEPTH: u32 = 2;

    bitgames_search::inherent_game_methods!(Move, MoveList, Error);

    /// A cheap random move (see [`crate::random::random_move`]) instead of listing thousands.
    fn random_move<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        crate::random::random_move(self, rng)
    }
}

/// From the side to move's point of view: the min-distance evaluation's score (see
/// [`crate::eval`]) in hundredths of a square.
impl<S: Kernels> bitgames_search::Evaluate for Position<S> {
    fn evaluate(&self) -> i32 {
        let white_view = crate::eval::evaluate(self).score(self.side);
        let score = (white_view * 100.0).round() as i32;
        if self.side == Player::First {
            score
        } else {
            -score
        }
    }
}
