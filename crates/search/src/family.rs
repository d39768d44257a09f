//! Work written once against [`Evaluate`](crate::Evaluate), for front ends that run it on a
//! position whose kernel strategy is chosen at run time.
//!
//! Each game crate turns a strategy value (its `StrategyId`, a plain enum parsed from the
//! strategy's name) into the position type with a `match`: `Position::run_with(id, task)`
//! calls [`PositionTask::run`] with the position converted to that strategy. The task is
//! written once, generic over the position type, and compiled once per strategy.

/// Work written once against [`Game`](crate::Game) (with an [`Evaluate`](crate::Evaluate),
/// for the engines), run on a position whose kernel strategy is chosen at run time.
pub trait PositionTask {
    /// What the work returns.
    type Output;

    /// Does the work from `root`, a position of `G`.
    fn run<G: crate::Evaluate>(self, root: G) -> Self::Output;
}
