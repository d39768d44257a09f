//! Running one piece of generic work on a game chosen at run time, with the kernel strategy
//! chosen by name.

use anyhow::{Result, bail};
use bitgames_bitboard::Strategy;
use bitgames_santorini::{
    Fastest, Kernels, Position, StrategyVisitor, for_each_strategy, strategies,
};
use bitgames_search::Game;

use crate::Game as GameName;

/// Work written once against the [`Game`] trait.
pub trait GameTask {
    type Output;
    fn run<G: Game>(self, strategy: &'static str) -> Result<Self::Output>;
}

/// Runs `task` on `game` with the strategy named `strategy` (the game's default when
/// `None`).
pub fn dispatch<T: GameTask>(game: GameName, strategy: Option<&str>, task: T) -> Result<T::Output> {
    match game {
        GameName::Santorini => {
            let name = strategy.unwrap_or(<Fastest as Strategy>::NAME);
            let mut visitor = Santorini {
                name,
                task: Some(task),
                output: None,
            };
            for_each_strategy(&mut visitor);
            match visitor.output {
                Some(output) => output,
                None => bail!(
                    "unknown santorini strategy {name:?}; choose one of: {}",
                    strategies()
                        .iter()
                        .map(|s| s.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }
        }
    }
}

struct Santorini<'a, T: GameTask> {
    name: &'a str,
    task: Option<T>,
    output: Option<Result<T::Output>>,
}

impl<T: GameTask> StrategyVisitor for Santorini<'_, T> {
    fn visit<S: Kernels>(&mut self) {
        if S::NAME == self.name
            && let Some(task) = self.task.take()
        {
            self.output = Some(task.run::<Position<S>>(S::NAME));
        }
    }
}
