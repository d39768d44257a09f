//! One reader for what every front end takes from a person before any work starts: a game,
//! a position, Santorini's gods and a kernel strategy. The command line, the web app and
//! the Python bindings all read them here, so a name is refused with the same message
//! wherever it was typed.

use crate::santorini::God;
use crate::{AnyPosition, AnyStrategy, Error, GameName};

/// A game's start (or given) position with its gods, and the kernel strategy to run it on:
/// everything a front end's `game`, `position`, `gods` and `strategy` arguments mean.
///
/// ```
/// use bitgames::setup::{Setup, parse_gods};
/// use bitgames::GameName;
///
/// let setup = Setup::parse(GameName::Santorini, None, Some(parse_gods("apollo,minotaur")?), Some("table"))?;
/// assert_eq!(setup.position.gods().map(|g| g.map(|g| g.name())), Some(["apollo", "minotaur"]));
/// assert_eq!(setup.strategy.to_string(), "table");
///
/// // Each part is refused with a message naming it and the choices.
/// let err = Setup::parse(GameName::Othello, None, None, Some("magic")).unwrap_err();
/// assert!(err.to_string().starts_with("unknown othello strategy \"magic\""));
/// let err = parse_gods("apollo").unwrap_err();
/// assert!(err.to_string().contains("expected two gods"));
/// # Ok::<(), bitgames::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    /// The position: `position` parsed (the start when absent), the gods written into it.
    pub position: AnyPosition,
    /// The kernel strategy (the game's fastest when none was named).
    pub strategy: AnyStrategy,
}

impl Setup {
    /// Reads a setup of `game`. The strategy is checked first, so a bad name is refused
    /// before a long position string is parsed; `gods` are written into the position text
    /// in place of its own, markers kept (see [`AnyPosition::parse_with_gods`]);
    /// [`Error::NoGods`] for the games without them.
    pub fn parse(
        game: GameName,
        position: Option<&str>,
        gods: Option<[God; 2]>,
        strategy: Option<&str>,
    ) -> Result<Setup, Error> {
        let strategy = AnyStrategy::parse_or_fastest(game, strategy)?;
        let position = match gods {
            Some(gods) => AnyPosition::parse_with_gods(game, position, gods)?,
            None => AnyPosition::parse_or_start(game, position)?,
        };
        Ok(Setup { position, strategy })
    }
}

/// A game by name (`othello`), or [`Error::UnknownGame`] with the choices.
pub fn parse_game(name: &str) -> Result<GameName, Error> {
    Ok(name.parse()?)
}

/// Two gods written as one argument, player 1's first: `apollo,minotaur` (names in any
/// case; `mortal` has no power).
pub fn parse_gods(text: &str) -> Result<[God; 2], Error> {
    match text.split(',').collect::<Vec<_>>().as_slice() {
        &[first, second] => parse_god_pair([first, second]),
        _ => Err(Error::GodCount(text.to_owned())),
    }
}

/// Two gods given apart (a JSON array, a Python tuple), player 1's first; a pair that may
/// not play each other here (santorini-ai's bans, [`God::check_matchup`]) is refused, so
/// that no front end starts a game the rules do not cover.
pub fn parse_god_pair([first, second]: [&str; 2]) -> Result<[God; 2], Error> {
    let god = |name: &str| name.parse::<God>().map_err(Error::UnknownGod);
    let gods = [god(first)?, god(second)?];
    God::check_matchup(gods).map_err(Error::Matchup)?;
    Ok(gods)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_is_read_or_refused_by_name() {
        let setup = Setup::parse(GameName::Othello, None, None, None).unwrap();
        assert_eq!(
            setup.position,
            AnyPosition::start(GameName::Othello).unwrap()
        );
        assert_eq!(setup.strategy, AnyStrategy::fastest(GameName::Othello));

        assert_eq!(parse_gods("Apollo,mortal"), Ok([God::Apollo, God::Mortal]));
        let err = parse_gods("harpies,hermes").unwrap_err().to_string();
        assert!(err.contains("harpies") && err.contains("hermes"), "{err}");
        let err = parse_gods("apollo,notagod").unwrap_err().to_string();
        assert!(err.starts_with("unknown god \"notagod\""), "{err}");
        let err = parse_gods("apollo,atlas,pan").unwrap_err().to_string();
        assert!(
            err.contains("expected two gods") && err.contains("minotaur"),
            "{err}"
        );
        let err = Setup::parse(GameName::Othello, None, Some([God::Apollo; 2]), None)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("othello has no god powers"), "{err}");
        let err = parse_game("chess").unwrap_err().to_string();
        assert!(err.starts_with("unknown game \"chess\""), "{err}");
        assert_eq!(parse_game("amazons"), Ok(GameName::Amazons));
    }
}
