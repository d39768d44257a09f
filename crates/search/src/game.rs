//! The [`Game`] trait.

use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

/// One of the two players. `First` moves first from the start position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Player {
    /// The player to move in the start position (Othello's black).
    First,
    /// The player who replies to the first move.
    Second,
}

impl Player {
    /// The opponent: the side to move after any move (a pass included).
    #[inline(always)]
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second: an index into per-player arrays.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `first` or `second`: the name every front end (JSON, Python, the command line) uses.
    pub fn name(self) -> &'static str {
        match self {
            Player::First => "first",
            Player::Second => "second",
        }
    }
}

impl core::fmt::Display for Player {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The game is not over: the side to move has a legal move.
    Ongoing,
    /// The game is over and this player won.
    Win(Player),
    /// The game is over and neither player won.
    Draw,
}

impl Outcome {
    /// Whether the game has ended (a win or a draw), so no more moves are played.
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }

    /// `ongoing`, `first` or `second` (that player won) or `draw`: the name every front end
    /// (JSON, Python, the command line) uses.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Ongoing => "ongoing",
            Outcome::Win(player) => player.name(),
            Outcome::Draw => "draw",
        }
    }
}

impl core::fmt::Display for Outcome {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A two-player game position, copied to make a move (copy-make).
///
/// Positions read and write the game's text notation (`Display` + `FromStr`); moves too.
/// Every error (malformed text, an illegal move) is the game's [`Game::Error`].
pub trait Game:
    Copy + Eq + Hash + Debug + Display + FromStr<Err = Self::Error> + Send + Sync + 'static
{
    /// One move, small and `Copy` so move lists live on the stack; `Display` writes it in the
    /// game's notation, and `Ord` lets front ends and tests sort move lists to print or
    /// compare them.
    type Move: Copy + Eq + Ord + Hash + Debug + Display + Send + Sync + 'static;
    /// The legal moves of a position, on the stack.
    type Moves: AsRef<[Self::Move]> + IntoIterator<Item = Self::Move>;
    /// Everything that can go wrong reading a position or a move from outside, with a
    /// message that says what and where.
    type Error: std::error::Error + Send + Sync + 'static;

    /// Lower-case name, as on the command line.
    const NAME: &'static str;
    /// Whether perft counts a finished game as one leaf at every remaining depth (Othello's
    /// published convention) or as no leaves (a position with no moves has no children).
    const FINISHED_GAME_IS_A_LEAF: bool;
    /// Subtrees at most this many plies deep are counted by [`crate::perft_until`] without
    /// looking at its stop flag: deep enough that reading the flag costs nothing, shallow
    /// enough that each subtree takes well under a millisecond. Games with huge branching
    /// factors lower it.
    const PERFT_UNINTERRUPTED_DEPTH: u32 = 4;

    /// How many plies from the leaves [`crate::perft_until`] counts below this position in
    /// one go, without looking at its stop flag: [`Game::PERFT_UNINTERRUPTED_DEPTH`] unless
    /// the game's branching depends so much on the position that no one constant keeps
    /// every such subtree short (Santorini's gods: Hermes has thousands of moves a ply,
    /// where a mortal has dozens). Called once per node above those subtrees, so it must be
    /// cheap.
    #[inline]
    fn perft_uninterrupted_depth(&self) -> u32 {
        Self::PERFT_UNINTERRUPTED_DEPTH
    }

    /// The standard start position.
    fn start() -> Self;

    /// The player whose turn it is (who plays the next move, a pass included).
    fn side_to_move(&self) -> Player;

    /// Every legal move (empty exactly when the game is over).
    fn legal_moves(&self) -> Self::Moves;

    /// The number of legal moves, without making them: perft's bulk count at the last ply.
    /// Games override it with something faster than building the list.
    #[inline]
    fn count_legal_moves(&self) -> u64 {
        self.legal_moves().as_ref().len() as u64
    }

    /// The number of legal moves after `mv` (perft's last two plies). Games override it to
    /// skip bookkeeping (hash, counters) that a count does not need.
    #[inline]
    fn count_after(&self, mv: Self::Move) -> u64 {
        self.play(mv).count_legal_moves()
    }

    /// The leaves two plies below: perft 2 with bulk counting at the last ply. Games may
    /// override it to walk their moves without listing them; the default lists them and
    /// uses [`Game::count_after`].
    #[inline]
    fn perft_2(&self) -> u64 {
        let moves = self.legal_moves();
        if moves.as_ref().is_empty() {
            return u64::from(Self::FINISHED_GAME_IS_A_LEAF);
        }
        moves
            .into_iter()
            .map(|mv| match self.count_after(mv) {
                0 if Self::FINISHED_GAME_IS_A_LEAF => 1,
                n => n,
            })
            .sum()
    }

    /// The leaves `depth` plies below: perft with bulk counting at the last ply (what
    /// [`crate::perft()`] returns). The default is [`crate::perft_generic`]; games
    /// override it to walk a leaner state than the position (no hash or counters) and must
    /// then give exactly the same counts.
    #[inline]
    fn count_leaves(&self, depth: u32) -> u64 {
        crate::perft::perft_generic(self, depth)
    }

    /// A random legal move (`None` when there is none), for playouts. The default draws
    /// uniformly from [`Game::legal_moves`]; games with huge move lists may draw more cheaply
    /// (and say how that changes the distribution).
    fn random_move<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Move> {
        use rand::RngExt;
        let moves = self.legal_moves();
        let moves = moves.as_ref();
        (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
    }

    /// The position after `mv`, which must be one of [`Game::legal_moves`] (anything else
    /// is a logic error: the result is unspecified but memory-safe). Use
    /// [`Game::parse_move`] for moves from outside.
    fn play(&self, mv: Self::Move) -> Self;

    /// Whether the game is over, and who won. Games answer it without listing moves, so
    /// search leaves ask this rather than [`Game::legal_moves`].
    fn outcome(&self) -> Outcome;

    /// The Zobrist hash, kept up to date incrementally by [`Game::play`].
    fn hash(&self) -> u64;

    /// The Zobrist hash recomputed from scratch (to test the incremental one).
    fn recompute_hash(&self) -> u64;

    /// Reads a move in the game's notation and checks that it is legal here; the error says
    /// which part is malformed or why the move is illegal.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::Error>;

    /// One representative of the position's class under the board's symmetries, the same
    /// for every member of the class; perft counts and game values are equal across a class,
    /// so splitting and caching may fold by it. The default folds nothing (the position
    /// itself); games with symmetric rules override it (Othello: the 8 board symmetries).
    fn canonical(&self) -> Self {
        *self
    }
}

/// Writes, inside an `impl Game for Position`, the required methods that only forward to
/// the position's own: every game crate gives its position these as inherent methods (so
/// callers need not import [`Game`]), and the trait impl would otherwise repeat the same
/// nine one-line forwards in each. The game writes what differs: the constants, and the
/// methods it overrides (faster counts, a cheaper random move, symmetry). Given the move,
/// move list and error types (`inherent_game_methods!(Move, MoveList, Error)`, as each game
/// crate names them) it writes the associated types too; without them, the impl does.
///
/// The position must have inherent `side_to_move`, `legal_moves`, `count_legal_moves`,
/// `play_unchecked`, `outcome`, `recompute_hash` and `parse_move` with the trait's
/// signatures, a `Default` that is the start position, and its incremental Zobrist hash in a
/// field named `hash`.
///
/// ```
/// use bitgames_search::{Game, Outcome, Player};
///
/// /// Take-one Nim: each player takes one stone; whoever takes the last one wins.
/// #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
/// struct Pile {
///     stones: u8,
///     side: Player,
///     hash: u64,
/// }
///
/// impl Default for Pile {
///     fn default() -> Self {
///         Pile { stones: 3, side: Player::First, hash: 3 }
///     }
/// }
///
/// impl Pile {
///     fn side_to_move(&self) -> Player { self.side }
///     fn legal_moves(&self) -> Vec<u8> { if self.stones > 0 { vec![1] } else { vec![] } }
///     fn count_legal_moves(&self) -> u64 { u64::from(self.stones > 0) }
///     fn play_unchecked(&self, _take: u8) -> Self {
///         let stones = self.stones - 1;
///         Pile { stones, side: self.side.other(), hash: u64::from(stones) }
///     }
///     fn outcome(&self) -> Outcome {
///         if self.stones == 0 { Outcome::Win(self.side.other()) } else { Outcome::Ongoing }
///     }
///     fn recompute_hash(&self) -> u64 { u64::from(self.stones) }
///     fn parse_move(&self, text: &str) -> Result<u8, std::num::ParseIntError> {
///         text.parse()
///     }
/// }
///
/// impl core::fmt::Display for Pile {
///     fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
///         write!(f, "{}", self.stones)
///     }
/// }
///
/// impl core::str::FromStr for Pile {
///     type Err = std::num::ParseIntError;
///     fn from_str(text: &str) -> Result<Self, Self::Err> {
///         let stones = text.parse()?;
///         Ok(Pile { stones, side: Player::First, hash: u64::from(stones) })
///     }
/// }
///
/// impl Game for Pile {
///     type Move = u8;
///     type Moves = Vec<u8>;
///     type Error = std::num::ParseIntError;
///     const NAME: &'static str = "take-one";
///     const FINISHED_GAME_IS_A_LEAF: bool = false;
///
///     bitgames_search::inherent_game_methods!();
/// }
///
/// assert_eq!(bitgames_search::perft(&Pile::start(), 3), 1);
/// assert_eq!(Game::outcome(&Pile::start().play(1).play(1).play(1)), Outcome::Win(Player::First));
/// ```
#[macro_export]
macro_rules! inherent_game_methods {
    ($move:ty, $moves:ty, $error:ty) => {
        type Move = $move;
        type Moves = $moves;
        type Error = $error;

        $crate::inherent_game_methods!();
    };
    () => {
        fn start() -> Self {
            <Self as ::core::default::Default>::default()
        }

        fn side_to_move(&self) -> $crate::Player {
            Self::side_to_move(self)
        }

        fn legal_moves(&self) -> Self::Moves {
            Self::legal_moves(self)
        }

        #[inline]
        fn count_legal_moves(&self) -> u64 {
            Self::count_legal_moves(self)
        }

        #[inline]
        fn play(&self, mv: Self::Move) -> Self {
            Self::play_unchecked(self, mv)
        }

        fn outcome(&self) -> $crate::Outcome {
            Self::outcome(self)
        }

        fn hash(&self) -> u64 {
            self.hash
        }

        fn recompute_hash(&self) -> u64 {
            Self::recompute_hash(self)
        }

        fn parse_move(&self, text: &str) -> ::core::result::Result<Self::Move, Self::Error> {
            Self::parse_move(self, text)
        }
    };
}
