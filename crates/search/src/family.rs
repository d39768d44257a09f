//! A game's positions under every kernel strategy, so front ends can run generic work on
//! the strategy a user names at run time.
//!
//! This is the one place where a strategy chosen at run time becomes a type: a
//! [`PositionTask`] is written once, generic over the position type, and
//! [`GameFamily::run_with`] runs it on the position converted to the named strategy.

/// Work written once against [`Game`](crate::Game) (with an [`Evaluate`](crate::Evaluate),
/// for the engines), run on a position whose kernel strategy is chosen at run time.
pub trait PositionTask {
    /// What the work returns.
    type Output;

    /// Does the work from `root`, a position of `G`, whose kernel strategy is named
    /// `strategy`.
    fn run<G: crate::Evaluate>(self, root: G, strategy: &'static str) -> Self::Output;
}

/// Every game crate implements this for its default position type, so generic code can run
/// work on the game's position type under any strategy compiled into the build.
pub trait GameFamily: crate::Evaluate {
    /// The name of the strategy positions use by default (the fastest).
    const FASTEST: &'static str;

    /// Runs `task` from this position, converted to the strategy named `strategy`. Gives the
    /// task back when no strategy compiled into this build has that name.
    fn run_with<T: PositionTask>(&self, strategy: &str, task: T) -> Result<T::Output, T>;
}

/// Implements [`GameFamily`] for a game's `Position` with its `Kernels` trait and its
/// `Fastest` strategy, through the game's `StrategyVisitor` / `for_each_strategy` (which must
/// be in scope where this is invoked) and `Position::with_strategy`.
#[macro_export]
macro_rules! game_family {
    ($position:ident, $kernels:ident, $fastest:ty) => {
        impl $crate::GameFamily for $position {
            const FASTEST: &'static str = <$fastest as ::bitgames_bitboard::Strategy>::NAME;

            fn run_with<T: $crate::PositionTask>(
                &self,
                strategy: &str,
                task: T,
            ) -> ::core::result::Result<T::Output, T> {
                struct Select<'a, T: $crate::PositionTask> {
                    root: &'a $position,
                    name: &'a str,
                    task: ::core::option::Option<T>,
                    output: ::core::option::Option<T::Output>,
                }
                impl<T: $crate::PositionTask> StrategyVisitor for Select<'_, T> {
                    fn visit<S: $kernels>(&mut self) {
                        let name = <S as ::bitgames_bitboard::Strategy>::NAME;
                        if name == self.name
                            && let ::core::option::Option::Some(task) = self.task.take()
                        {
                            let root = self.root.with_strategy::<S>();
                            self.output = ::core::option::Option::Some(task.run(root, name));
                        }
                    }
                }
                let mut select = Select {
                    root: self,
                    name: strategy,
                    task: ::core::option::Option::Some(task),
                    output: ::core::option::Option::None,
                };
                for_each_strategy(&mut select);
                match (select.output, select.task) {
                    (::core::option::Option::Some(output), _) => ::core::result::Result::Ok(output),
                    (::core::option::Option::None, ::core::option::Option::Some(task)) => {
                        ::core::result::Result::Err(task)
                    }
                    (::core::option::Option::None, ::core::option::Option::None) => {
                        unreachable!("a task taken is a task run")
                    }
                }
            }
        }
    };
}
