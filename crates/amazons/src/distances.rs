//! Distance layers: the result of a breadth-first search done set-wise.

/// The most layers a search can produce: every layer after the first adds a square.
pub const MAX_LAYERS: usize = 101;

/// Queen distances from a set of sources as layers (the shared
/// [`bitgames_bitboard::DistanceLayers`] on the Amazons board).
pub type DistanceLayers = bitgames_bitboard::DistanceLayers<bitgames_bitboard::Amazons, MAX_LAYERS>;
