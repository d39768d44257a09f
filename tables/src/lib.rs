//! Precomputed lookup tables for the bitgames kernels.
//!
//! Everything in `src/generated/` is written by `cargo xtask regenerate` from the generators in
//! `xtask/` (plain loops, no bit tricks) and checked by `cargo xtask regenerate --check` and by
//! `cargo test`. The tables are raw integers in each game's bit layout (see each table's doc
//! comment); the game crates wrap them in typed bitboards. [`layout`] is the one hand-written
//! module: the board layouts the generator and the bitboard crate both read.

#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[path = "generated/amazons.rs"]
pub mod amazons;
#[path = "generated/edges.rs"]
pub mod edges;
pub mod layout;
#[path = "generated/neighbours.rs"]
pub mod neighbours;
#[path = "generated/othello.rs"]
pub mod othello;
#[path = "generated/zobrist.rs"]
pub mod zobrist;
