//! A game's positions under every kernel strategy, so front ends can run generic work on
//! the strategy a user names at run time.

/// Something done with one position type, generic over it: the position types of a game
/// differ only in their kernel strategy.
pub trait PositionVisitor {
    /// Called once for each strategy, with the game's position type under it.
    fn visit<G: crate::Evaluate>(&mut self, strategy: &'static str);
}

/// Every game crate implements this for its default position type, so generic code can
/// enumerate the game's strategies as position types.
pub trait GameFamily {
    /// The name of the strategy positions use by default (the fastest).
    const FASTEST: &'static str;

    /// Calls `visitor` with the game's position type under every strategy compiled into this
    /// build, in the game's strategy-list order.
    fn visit_positions<V: PositionVisitor + ?Sized>(visitor: &mut V);
}

/// Implements [`GameFamily`] for a game's `Position` with its `Kernels` trait and its
/// `Fastest` strategy, through the game's `StrategyVisitor` / `for_each_strategy` (which must
/// be in scope where this is invoked).
#[macro_export]
macro_rules! game_family {
    ($position:ident, $kernels:ident, $fastest:ty) => {
        impl $crate::GameFamily for $position {
            const FASTEST: &'static str = <$fastest as ::bitgames_bitboard::Strategy>::NAME;

            fn visit_positions<V: $crate::PositionVisitor + ?Sized>(visitor: &mut V) {
                struct Each<'a, V: ?Sized>(&'a mut V);
                impl<V: $crate::PositionVisitor + ?Sized> StrategyVisitor for Each<'_, V> {
                    fn visit<S: $kernels>(&mut self) {
                        self.0
                            .visit::<$position<S>>(<S as ::bitgames_bitboard::Strategy>::NAME);
                    }
                }
                for_each_strategy(&mut Each(visitor));
            }
        }
    };
}
