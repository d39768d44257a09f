//! A game's kernel strategy chosen at run time, as a value.

use std::fmt;

use bitgames_bitboard::{StrategyInfo, UnknownStrategy};

use crate::{Error, GameName, amazons, othello, santorini, towerdefence};

/// A kernel strategy of one of the games, chosen at run time (a `--strategy` flag, a web
/// request, a Python argument): the game's own `StrategyId` tagged with its game, as
/// [`AnyPosition`](crate::AnyPosition) tags a game's position. Read one with
/// [`AnyStrategy::parse`]; run work on it with
/// [`AnyPosition::run`](crate::AnyPosition::run), which dispatches with a `match`.
///
/// ```
/// use bitgames::{AnyStrategy, GameName};
///
/// let shift = AnyStrategy::parse(GameName::Othello, "shift")?;
/// assert_eq!(shift.to_string(), "shift");
/// assert_eq!(shift.game(), GameName::Othello);
/// assert!(AnyStrategy::all(GameName::Othello).contains(&shift));
/// assert_eq!(AnyStrategy::fastest(GameName::Santorini).to_string(), "shift");
/// # Ok::<(), bitgames::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyStrategy {
    /// A Santorini strategy.
    Santorini(santorini::StrategyId),
    /// An Othello strategy.
    Othello(othello::StrategyId),
    /// An Amazons strategy.
    Amazons(amazons::StrategyId),
    /// A Tower Defence simulation strategy.
    TowerDefence(towerdefence::StrategyId),
}

impl AnyStrategy {
    /// The strategy of `game` named `name`, or [`Error::UnknownStrategy`] with the choices.
    pub fn parse(game: GameName, name: &str) -> Result<Self, Error> {
        fn read<T: std::str::FromStr<Err = UnknownStrategy>>(
            game: GameName,
            name: &str,
        ) -> Result<T, Error> {
            name.parse()
                .map_err(|err: UnknownStrategy| Error::UnknownStrategy {
                    game,
                    name: err.name,
                    choices: err.choices,
                })
        }
        Ok(match game {
            GameName::Santorini => AnyStrategy::Santorini(read(game, name)?),
            GameName::Othello => AnyStrategy::Othello(read(game, name)?),
            GameName::Amazons => AnyStrategy::Amazons(read(game, name)?),
            GameName::TowerDefence => AnyStrategy::TowerDefence(read(game, name)?),
        })
    }

    /// [`AnyStrategy::parse`] of `name`, or the game's fastest when there is none: what
    /// every front end's optional `strategy` argument means.
    pub fn parse_or_fastest(game: GameName, name: Option<&str>) -> Result<Self, Error> {
        match name {
            Some(name) => AnyStrategy::parse(game, name),
            None => Ok(AnyStrategy::fastest(game)),
        }
    }

    /// The strategy `game`'s positions use unless told otherwise (the fastest).
    pub fn fastest(game: GameName) -> Self {
        match game {
            GameName::Santorini => AnyStrategy::Santorini(Default::default()),
            GameName::Othello => AnyStrategy::Othello(Default::default()),
            GameName::Amazons => AnyStrategy::Amazons(Default::default()),
            GameName::TowerDefence => AnyStrategy::TowerDefence(Default::default()),
        }
    }

    /// Every strategy of `game` compiled into this build, in the game crate's order (the
    /// naive oracle first).
    pub fn all(game: GameName) -> Vec<Self> {
        match game {
            GameName::Santorini => santorini::StrategyId::ALL
                .iter()
                .map(|&id| AnyStrategy::Santorini(id))
                .collect(),
            GameName::Othello => othello::StrategyId::ALL
                .iter()
                .map(|&id| AnyStrategy::Othello(id))
                .collect(),
            GameName::Amazons => amazons::StrategyId::ALL
                .iter()
                .map(|&id| AnyStrategy::Amazons(id))
                .collect(),
            GameName::TowerDefence => towerdefence::StrategyId::ALL
                .iter()
                .map(|&id| AnyStrategy::TowerDefence(id))
                .collect(),
        }
    }

    /// The game the strategy belongs to.
    pub fn game(&self) -> GameName {
        match self {
            AnyStrategy::Santorini(_) => GameName::Santorini,
            AnyStrategy::Othello(_) => GameName::Othello,
            AnyStrategy::Amazons(_) => GameName::Amazons,
            AnyStrategy::TowerDefence(_) => GameName::TowerDefence,
        }
    }

    /// The strategy's name, kind and idea.
    pub fn info(&self) -> StrategyInfo {
        match self {
            AnyStrategy::Santorini(id) => id.info(),
            AnyStrategy::Othello(id) => id.info(),
            AnyStrategy::Amazons(id) => id.info(),
            AnyStrategy::TowerDefence(id) => id.info(),
        }
    }

    /// The strategy's name, as the command line writes it.
    pub fn name(&self) -> &'static str {
        self.info().name
    }
}

impl fmt::Display for AnyStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kernel strategies of `game` compiled into this build, in the order the game crate
/// lists them (the naive oracle first). To run work on one of them, see
/// [`AnyPosition::run`](crate::AnyPosition::run).
pub fn strategies(game: GameName) -> Vec<StrategyInfo> {
    AnyStrategy::all(game)
        .iter()
        .map(AnyStrategy::info)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_strategy_round_trips_and_bad_names_list_the_choices() {
        for game in GameName::ALL {
            let all = AnyStrategy::all(game);
            assert!(all.contains(&AnyStrategy::fastest(game)), "{game}");
            assert_eq!(all[0].name(), "naive", "{game}");
            for strategy in all {
                assert_eq!(AnyStrategy::parse(game, strategy.name()), Ok(strategy));
                assert_eq!(strategy.game(), game);
            }
        }
        let err = AnyStrategy::parse(GameName::Amazons, "magic").unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown amazons strategy \"magic\"; choose one of: naive, shift, galloping, \
             kogge-stone, table"
        );
    }
}
