//! The kernel strategies of a game chosen at run time.

use bitgames_bitboard::StrategyInfo;

use crate::GameName;

/// The kernel strategies of `game` compiled into this build, in the order the game crate
/// lists them (the naive oracle first). To run work on one of them, see
/// [`AnyPosition::run`](crate::AnyPosition::run).
pub fn strategies(game: GameName) -> Vec<StrategyInfo> {
    match game {
        GameName::Santorini => bitgames_santorini::strategies(),
        GameName::Othello => bitgames_othello::strategies(),
        GameName::Amazons => bitgames_amazons::strategies(),
        GameName::TowerDefence => bitgames_towerdefence::strategies(),
    }
}
