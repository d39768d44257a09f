//! Precomputed lookup tables for the bitgames kernels.
//!
//! Everything in `src/generated/` is written by `cargo xtask regenerate` from the generators in
//! `xtask/` (plain loops, no bit tricks) and checked by `cargo xtask regenerate --check` and by
//! `cargo test`. The tables are raw integers in each game's bit layout (see each table's doc
//! comment); the game crates wrap them in typed bitboards.

#![no_std]
#![warn(missing_docs)]

#[path = "generated/amazons.rs"]
pub mod amazons;
#[path = "generated/edges.rs"]
pub mod edges;
#[path = "generated/neighbours.rs"]
pub mod neighbours;
#[path = "generated/othello.rs"]
pub mod othello;
#[path = "generated/zobrist.rs"]
pub mod zobrist;
