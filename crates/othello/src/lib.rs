//! Othello (Reversi): legal moves and flips as naive, shift, Kogge-Stone and table
//! strategies, proven equal; the game with passes, incremental disc counts and Zobrist hash,
//! stable discs, and perft to the published counts.
//!
//! # Kernels
//!
//! Two hot operations on the side to move's discs and the opponent's (bit `8 * row + col`,
//! a1 top-left = bit 0), declared once in [`Kernels`]:
//!
//! | strategy | idea |
//! |---|---|
//! | [`Naive`] | a 64-cell array, walking the eight directions from every square |
//! | [`Shift`] | per-direction shift with edge masks, six steps (the classic dumb7fill) |
//! | [`KoggeStone`] | parallel-prefix occluded fills: strides 1, 2, 4 |
//! | [`Table`] | generated outflank/flip line tables, portable multiply gather |
//! | [`Hybrid`] | shift legal moves with table flips: the fastest portable technique for each |
//! | `TablePext` | the same tables with BMI2 PEXT/PDEP gathers (x86-64 with BMI2 only) |
//! | `Avx2` | flips with four directions in the four lanes of an AVX2 register, twice (lowest-bit outflanks up, fills down); shift legal moves (x86-64 with AVX2 only) |
//! | `Avx512` | the eight directions in the eight lanes of an AVX-512 register, Kogge-Stone fills (x86-64 with AVX-512F only) |
//!
//! [`Fastest`] (the default strategy of [`Position`]) is `Avx512` where the target has
//! AVX-512F, `Avx2` where it has AVX2 only, and [`Hybrid`] elsewhere. CPU-specific strategies exist only where the target
//! enables the feature (`cfg(target_feature)`); the portable ones are always compiled and the
//! tests cross-check all of them against [`Naive`].
//!
//! # The game
//!
//! Start: d4 and e5 white, d5 and e4 black, black to move. A player with no legal square
//! passes (the move [`Move::Pass`], one ply); when neither side can move the game is over and
//! the side with more discs wins. [`Position::final_score`] gives the empty squares to the
//! winner. Positions keep disc counts and the Zobrist hash incrementally.
//!
//! Notation: the Edax/GGS board string, 64 characters for a1, b1, .., h1, a2, .., h8 (`X`
//! black, `O` white, `-` empty), a space, and `X` or `O` for the side to move. Moves are
//! `a1`..`h8` and `pass` (`PS` and `PA` are accepted).
//!
//! ```
//! use bitgames_othello::Position;
//! use bitgames_search::perft;
//!
//! let start = Position::start();
//! assert_eq!(start.to_string(), "---------------------------OX------XO--------------------------- X");
//! assert_eq!(perft(&start, 4), 244);
//! let next = start.play(start.parse_move("d3")?)?;
//! assert_eq!(next.to_string(), "-------------------X-------XX------XO--------------------------- O");
//! # Ok::<(), bitgames_othello::Error>(())
//! ```
//!
//! # Playing
//!
//! [`learned`] is the engines' evaluation (pattern weights per phase of the game, in
//! hundredths of a disc, fitted by the pipeline in [`training`], `cargo xtask train-eval`);
//! [`eval`] the hand-written baseline (mobility, corners, stable discs, parity); [`solver`] an exact endgame solver (the final disc difference
//! under perfect play), [`book`] the opening book compiled from the crate's
//! `data/othello-book.txt` (with the default `book` feature), [`symmetry`] the eight board
//! symmetries and canonical forms, [`ffo`] a reader for FFO/Edax `.obf` endgame test files,
//! and [`ggf`] a reader for GGF game records (what the NBoard GUI sends its engines).

#![warn(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(feature = "book")]
pub mod book;
pub mod encoding;
mod engine;
mod error;
pub mod eval;
pub mod ffo;
pub mod ggf;
pub mod kernels;
pub mod learned;
mod moves;
mod notation;
pub mod operations;
pub mod patterns;
mod position;
pub mod probcut;
pub mod random;
pub mod solver;
mod square;
pub mod stability;
pub mod symmetry;
pub mod training;

pub use error::{Error, IllegalReason};
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
pub use kernels::Avx2;
#[cfg(all(target_arch = "x86_64", target_feature = "avx512f"))]
pub use kernels::Avx512;
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub use kernels::TablePext;
pub use kernels::{
    Fastest, Hybrid, Kernels, KoggeStone, Naive, Shift, StrategyId, Table, strategies,
};
pub use moves::Move;
pub use position::{MAX_MOVES, MoveList, Position};
pub use square::Square;

/// A set of squares of the Othello board (bit `8 * row + col`, a1 = bit 0): the disc sets,
/// legal moves and flips the kernels and the position take and return. Every `u64` is a
/// board, so converting to and from the raw word ([`Bitboard::bits`],
/// [`Bitboard::from_bits_truncate`]) costs nothing.
pub type Bitboard = bitgames_bitboard::Bitboard<bitgames_bitboard::Othello>;
