//! What can go wrong choosing a game, a strategy, a position or a move at run time.

use std::fmt;

use crate::{GameName, UnknownGame};

/// Everything the registry refuses, each with a message that names what is wrong and, where
/// there is a choice to make, the choices.
///
/// Front ends map the variants to their own conventions: the web app answers the first three
/// with 400 and the last four with 422; Python raises `ValueError` with the message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A game name that is none of [`GameName::ALL`].
    #[error(transparent)]
    UnknownGame(#[from] UnknownGame),
    /// A strategy name the game does not have in this build.
    #[error("unknown {game} strategy {name:?}; choose one of: {}", choices.join(", "))]
    UnknownStrategy {
        /// The game asked for.
        game: GameName,
        /// The name given.
        name: String,
        /// The game's strategies in this build, in the game's order.
        choices: Vec<&'static str>,
    },
    /// The game has no positions to step through one move at a time.
    #[error(
        "{0} is a simultaneous-move game with no position string: use `bitgames towerdefence \
         replay|bot`, `bitgames play towerdefence` or `bitgames compare towerdefence`"
    )]
    NotABoardGame(GameName),
    /// Position text the game's parser refuses.
    #[error("invalid {game} position {}: {source}", Excerpt(text))]
    Position {
        /// The game.
        game: GameName,
        /// The text given (reports show at most its first 100 characters).
        text: String,
        /// The game's own reason.
        source: GameError,
    },
    /// A move that is malformed or not legal in the position.
    #[error("{game} move {}: {source}", Excerpt(text))]
    IllegalMove {
        /// The game.
        game: GameName,
        /// The move as given.
        text: String,
        /// The game's own reason.
        source: GameError,
    },
    /// No move can be played: the game has ended.
    #[error("the game is over ({game}, result: {outcome}): no move can be played")]
    GameOver {
        /// The game.
        game: GameName,
        /// `first`, `second` or `draw`.
        outcome: &'static str,
    },
    /// A god name Santorini does not have.
    #[error(transparent)]
    UnknownGod(bitgames_santorini::Error),
    /// Two gods that may not play each other here ([`bitgames_santorini::God::check_matchup`]).
    #[error(transparent)]
    Matchup(bitgames_santorini::Error),
    /// Gods written as one argument that are not two names separated by a comma.
    #[error(
        "gods {}: expected two gods, player 1's first (for example apollo,minotaur); choose \
         from {}",
        Excerpt(.0),
        bitgames_santorini::God::names()
    )]
    GodCount(String),
    /// God powers asked of a game without them (only Santorini has gods).
    #[error("{0} has no god powers (--gods is for santorini)")]
    NoGods(GameName),
    /// An engine failed to give a legal move in an unfinished game (a bug in the engine).
    #[error("engine failure: {0}")]
    Engine(String),
    /// A count that was interrupted or does not fit in 64 bits.
    #[error(transparent)]
    Perft(#[from] bitgames_search::PerftStop),
    /// A strategy of one game asked of a position of another.
    #[error("a {strategy} strategy cannot run a {position} position")]
    WrongStrategy {
        /// The position's game.
        position: GameName,
        /// The strategy's game.
        strategy: GameName,
    },
    /// A move of one game offered to a position of another.
    #[error("a {mv} move cannot be played in a {position} position")]
    WrongGame {
        /// The position's game.
        position: GameName,
        /// The move's game.
        mv: GameName,
    },
}

/// A game crate's own error, as the game reports it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// Santorini's.
    #[error(transparent)]
    Santorini(#[from] bitgames_santorini::Error),
    /// Othello's.
    #[error(transparent)]
    Othello(#[from] bitgames_othello::Error),
    /// The Amazons'.
    #[error(transparent)]
    Amazons(#[from] bitgames_amazons::Error),
}

/// User text quoted in a message: the first 100 characters, so a hostile megabyte does not
/// become a megabyte of error message.
struct Excerpt<'a>(&'a str);

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const LIMIT: usize = 100;
        match self.0.char_indices().nth(LIMIT) {
            None => write!(f, "{:?}", self.0),
            Some((end, _)) => write!(f, "{:?}... ({} bytes)", &self.0[..end], self.0.len()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_in_messages() {
        let text = "x".repeat(10_000);
        let err = Error::Position {
            game: GameName::Othello,
            text: text.clone(),
            source: GameError::Othello(text.parse::<bitgames_othello::Position>().unwrap_err()),
        };
        let message = err.to_string();
        assert!(message.starts_with(&format!(
            "invalid othello position \"{}\"...",
            "x".repeat(100)
        )));
        assert!(message.contains("(10000 bytes)"), "{message}");
    }
}
