//! Running one piece of generic work on a game chosen at run time, with the kernel strategy
//! chosen by name.

use anyhow::{Result, bail};
use bitgames_bitboard::{Strategy, StrategyInfo};
use bitgames_search::{Evaluate, Game};

use crate::GameName;

/// Work written once against the [`Game`] trait (with an [`Evaluate`], for the engines).
pub trait GameTask {
    /// What the work returns.
    type Output;
    /// Does the work on `G`, whose kernel strategy is named `strategy`.
    fn run<G: Evaluate>(self, strategy: &'static str) -> Result<Self::Output>;
}

/// The kernel strategies of `game`, in the order the game crate lists them.
pub fn strategies(game: GameName) -> Vec<StrategyInfo> {
    match game {
        GameName::Santorini => bitgames_santorini::strategies(),
        GameName::Othello => bitgames_othello::strategies(),
        GameName::Amazons => bitgames_amazons::strategies(),
        GameName::TowerDefence => bitgames_towerdefence::strategies(),
    }
}

/// Runs `task` on `game` with the strategy named `strategy` (the game's fastest when
/// `None`).
pub fn dispatch<T: GameTask>(game: GameName, strategy: Option<&str>, task: T) -> Result<T::Output> {
    match game {
        GameName::Santorini => santorini::dispatch(strategy, task),
        GameName::Othello => othello::dispatch(strategy, task),
        GameName::Amazons => amazons::dispatch(strategy, task),
        GameName::TowerDefence => bail!(
            "towerdefence is a simultaneous-move game: use `bitgames towerdefence replay|bot`, \
             `bitgames play towerdefence` or `bitgames compare towerdefence`"
        ),
    }
}

fn unknown(game: &str, name: &str, strategies: &[StrategyInfo]) -> anyhow::Error {
    let names: Vec<&str> = strategies.iter().map(|s| s.name).collect();
    anyhow::anyhow!(
        "unknown {game} strategy {name:?}; choose one of: {}",
        names.join(", ")
    )
}

/// A game crate's strategy visitor that runs the task on `Position<S>` for the named `S`.
macro_rules! game_dispatch {
    ($module:ident, $krate:ident) => {
        mod $module {
            use $krate::{
                Fastest, Kernels, Position, StrategyVisitor, for_each_strategy, strategies,
            };

            use super::*;

            struct Select<'a, T: GameTask> {
                name: &'a str,
                task: Option<T>,
                output: Option<Result<T::Output>>,
            }

            impl<T: GameTask> StrategyVisitor for Select<'_, T> {
                fn visit<S: Kernels>(&mut self) {
                    if S::NAME == self.name
                        && let Some(task) = self.task.take()
                    {
                        self.output = Some(task.run::<Position<S>>(S::NAME));
                    }
                }
            }

            pub fn dispatch<T: GameTask>(strategy: Option<&str>, task: T) -> Result<T::Output> {
                let name = strategy.unwrap_or(<Fastest as Strategy>::NAME);
                let mut select = Select {
                    name,
                    task: Some(task),
                    output: None,
                };
                for_each_strategy(&mut select);
                match select.output {
                    Some(output) => output,
                    None => bail!(unknown(<Position as Game>::NAME, name, &strategies())),
                }
            }
        }
    };
}

game_dispatch!(santorini, bitgames_santorini);
game_dispatch!(othello, bitgames_othello);
game_dispatch!(amazons, bitgames_amazons);
