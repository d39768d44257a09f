//! Games chosen at run time by name.

use std::fmt;
use std::str::FromStr;

/// One of the games, named as on the command line (`santorini`, `othello`, `amazons`,
/// `towerdefence`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum GameName {
    /// Santorini, the base game without god powers.
    Santorini,
    /// Othello (Reversi) on 8x8.
    Othello,
    /// The Game of the Amazons on 10x10.
    Amazons,
    /// The Entelect Challenge 2018 Tower Defence: simultaneous moves, so no
    /// [`search::Game`](crate::search::Game).
    #[cfg_attr(
        feature = "clap",
        value(
            name = "towerdefence",
            help = "The Entelect Challenge 2018 Tower Defence (simultaneous moves)"
        )
    )]
    TowerDefence,
}

impl GameName {
    /// Every game, in the order reports list them.
    pub const ALL: [GameName; 4] = [
        GameName::Santorini,
        GameName::Othello,
        GameName::Amazons,
        GameName::TowerDefence,
    ];

    /// The lower-case name, as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GameName::Santorini => "santorini",
            GameName::Othello => "othello",
            GameName::Amazons => "amazons",
            GameName::TowerDefence => "towerdefence",
        }
    }
}

impl fmt::Display for GameName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that is none of [`GameName::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {0:?}; choose one of: santorini, othello, amazons, towerdefence")]
pub struct UnknownGame(pub String);

impl FromStr for GameName {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameName::ALL
            .into_iter()
            .find(|game| game.name() == s)
            .ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for game in GameName::ALL {
            assert_eq!(game.to_string().parse::<GameName>(), Ok(game));
        }
        let err = "chess".parse::<GameName>().unwrap_err();
        assert!(err.to_string().contains("\"chess\""), "{err}");
    }
}
