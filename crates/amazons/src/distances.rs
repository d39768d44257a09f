//! Distance layers: the result of a breadth-first search done set-wise.

use core::fmt;

use arrayvec::ArrayVec;

use crate::{Bitboard, Square};

/// The most layers a search can produce: every layer after the first adds a square.
pub const MAX_LAYERS: usize = 101;

/// Distances from a set of sources as layers: `layer(k)` holds the squares exactly `k` moves
/// away; layer 0 is the sources; squares in no layer are unreachable.
/// (An `ArrayVec`, so a search writes only the layers it finds instead of clearing room for
/// 101 of them.)
#[derive(Clone, PartialEq, Eq)]
pub struct DistanceLayers {
    layers: ArrayVec<Bitboard, MAX_LAYERS>,
}

impl DistanceLayers {
    /// Starts a search from `sources`.
    #[inline]
    pub fn new(sources: Bitboard) -> Self {
        let mut layers = ArrayVec::new();
        layers.push(sources);
        DistanceLayers { layers }
    }

    /// Appends the next layer.
    #[inline]
    pub fn push(&mut self, layer: Bitboard) {
        self.layers.push(layer);
    }

    /// Builds the layers from a distance per square (layer 0 is present even when no square
    /// is at distance 0, as for a search from no sources).
    pub fn from_distances(distance: impl Fn(Square) -> Option<u32>) -> Self {
        let mut layers = DistanceLayers::new(Bitboard::EMPTY);
        for square in Square::all() {
            if let Some(d) = distance(square) {
                let d = d as usize;
                while layers.layers.len() <= d {
                    layers.layers.push(Bitboard::EMPTY);
                }
                layers.layers[d] = layers.layers[d].with(square.bit());
            }
        }
        layers
    }

    /// The number of layers (one more than the greatest distance).
    #[inline]
    pub fn len(&self) -> usize {
        self.layers.len()
    }

    /// Never true: layer 0 (the sources) is always present, if empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.layers.is_empty()
    }

    /// The layers, nearest first.
    #[inline]
    pub fn layers(&self) -> &[Bitboard] {
        &self.layers
    }

    /// The squares exactly `k` moves away (empty beyond the last layer).
    #[inline]
    pub fn layer(&self, k: usize) -> Bitboard {
        self.layers.get(k).copied().unwrap_or(Bitboard::EMPTY)
    }

    /// The distance to `square`, if it is reachable.
    pub fn distance(&self, square: Square) -> Option<u32> {
        self.layers()
            .iter()
            .position(|layer| layer.contains(square.bit()))
            .map(|k| k as u32)
    }
}

impl fmt::Debug for DistanceLayers {
    /// Ten rows of ten distances, `.` for unreachable.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "DistanceLayers:")?;
        for row in 0..10 {
            for col in 0..10 {
                let square = Square::from_row_col(row, col).expect("on the board");
                match self.distance(square) {
                    Some(d) => write!(f, "{d:>3}")?,
                    None => write!(f, "  .")?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
