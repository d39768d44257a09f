//! Distances as layers: what a breadth-first search done set-wise produces.

use core::fmt;

use arrayvec::ArrayVec;

use crate::{Bitboard, Geometry, Square};

/// Distances from a set of sources as layers: `layer(k)` holds the squares exactly `k` moves
/// away, layer 0 the sources; squares in no layer are unreachable. At most `N` layers.
///
/// Santorini's worker distances and the Amazons' queen distances are both this type. The
/// layers sit in an `ArrayVec`, so a search writes only the layers it finds instead of
/// clearing room for all `N`; the derived equality compares exactly the layers found.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct DistanceLayers<G: Geometry, const N: usize> {
    layers: ArrayVec<Bitboard<G>, N>,
}

impl<G: Geometry, const N: usize> DistanceLayers<G, N> {
    /// Starts a search from `sources` (layer 0).
    #[inline]
    pub fn new(sources: Bitboard<G>) -> Self {
        let mut layers = ArrayVec::new();
        layers.push(sources);
        DistanceLayers { layers }
    }

    /// Appends the next layer (disjoint from the earlier ones). A search can find at most
    /// `N` layers, so pushing more is a logic error and panics.
    #[inline]
    pub fn push(&mut self, layer: Bitboard<G>) {
        self.layers.push(layer);
    }

    /// Builds the layers from a distance per square (layer 0 is present even when no
    /// square is at distance 0, as for a search from no sources).
    pub fn from_distances(distance: impl Fn(Square<G>) -> Option<u32>) -> Self {
        let mut layers = DistanceLayers::new(Bitboard::EMPTY);
        for square in Bitboard::<G>::FULL {
            if let Some(d) = distance(square) {
                let d = d as usize;
                while layers.layers.len() <= d {
                    layers.layers.push(Bitboard::EMPTY);
                }
                layers.layers[d] = layers.layers[d].with(square);
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
    pub fn layers(&self) -> &[Bitboard<G>] {
        &self.layers
    }

    /// The squares exactly `k` moves away (empty beyond the last layer).
    #[inline]
    pub fn layer(&self, k: usize) -> Bitboard<G> {
        self.layers.get(k).copied().unwrap_or(Bitboard::EMPTY)
    }

    /// Every reachable square, the sources included.
    pub fn reachable(&self) -> Bitboard<G> {
        self.layers
            .iter()
            .fold(Bitboard::EMPTY, |acc, &layer| acc | layer)
    }

    /// The distance to `square`, if it is reachable.
    pub fn distance(&self, square: Square<G>) -> Option<u32> {
        self.layers
            .iter()
            .position(|layer| layer.contains(square))
            .map(|k| k as u32)
    }
}

impl<G: Geometry, const N: usize> fmt::Debug for DistanceLayers<G, N> {
    /// The board's rows, top row first: each square's distance, `.` for unreachable.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "DistanceLayers:")?;
        for row in 0..G::HEIGHT {
            for col in 0..G::WIDTH {
                match Square::new(row, col).and_then(|square| self.distance(square)) {
                    Some(d) => write!(f, "{d:>3}")?,
                    None => write!(f, "  .")?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
