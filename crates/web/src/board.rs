//! What the page draws: the registry's per-square view of a position
//! ([`bitgames::AnyPosition::board`]).

pub use bitgames::{Board, Cell};
