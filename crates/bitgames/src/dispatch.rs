//! Running one piece of generic work on a game chosen at run time, with the kernel strategy
//! chosen by name.

use anyhow::{Result, bail};
use bitgames_bitboard::StrategyInfo;
use bitgames_search::{Evaluate, GameFamily, PositionVisitor};

use crate::GameName;

/// Work written once against the [`Game`](bitgames_search::Game) trait (with an
/// [`Evaluate`], for the engines).
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
        GameName::Santorini => {
            dispatch_family::<bitgames_santorini::Position, T>(game, strategy, task)
        }
        GameName::Othello => dispatch_family::<bitgames_othello::Position, T>(game, strategy, task),
        GameName::Amazons => dispatch_family::<bitgames_amazons::Position, T>(game, strategy, task),
        GameName::TowerDefence => bail!(
            "towerdefence is a simultaneous-move game: use `bitgames towerdefence replay|bot`, \
             `bitgames play towerdefence` or `bitgames compare towerdefence`"
        ),
    }
}

/// [`dispatch`] for one game family: visits its position types until the named one.
fn dispatch_family<F: GameFamily, T: GameTask>(
    game: GameName,
    strategy: Option<&str>,
    task: T,
) -> Result<T::Output> {
    struct Select<'a, T: GameTask> {
        name: &'a str,
        task: Option<T>,
        output: Option<Result<T::Output>>,
    }

    impl<T: GameTask> PositionVisitor for Select<'_, T> {
        fn visit<G: Evaluate>(&mut self, strategy: &'static str) {
            if strategy == self.name
                && let Some(task) = self.task.take()
            {
                self.output = Some(task.run::<G>(strategy));
            }
        }
    }

    let name = strategy.unwrap_or(F::FASTEST);
    let mut select = Select {
        name,
        task: Some(task),
        output: None,
    };
    F::visit_positions(&mut select);
    match select.output {
        Some(output) => output,
        None => {
            let names: Vec<&str> = strategies(game).iter().map(|s| s.name).collect();
            bail!(
                "unknown {game} strategy {name:?}; choose one of: {}",
                names.join(", ")
            )
        }
    }
}
