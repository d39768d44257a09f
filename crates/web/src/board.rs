//! What the page draws: a grid of named cells with pieces, from a position string.
//!
//! The rules never run here: each game crate's own parser reads the position and its own
//! accessors say what stands where. Positions print the same under every kernel strategy, so
//! the fastest one is used.

use bitgames::GameName;
use bitgames::search::Player;
use serde::Serialize;

/// A board drawn as rows of cells, the top row first.
#[derive(Debug, Clone, Serialize)]
pub struct Board {
    /// Rows in the grid.
    pub rows: u8,
    /// Columns in the grid.
    pub cols: u8,
    /// Every cell, row by row from the top-left.
    pub cells: Vec<Cell>,
}

/// One square of a [`Board`].
#[derive(Debug, Clone, Serialize)]
pub struct Cell {
    /// The square's name as moves write it (`d3`, `B4`, `a10`).
    pub name: String,
    /// What stands on it: `first`/`second` (a disc, worker or queen of that player),
    /// `arrow`, or nothing.
    pub piece: Option<&'static str>,
    /// Santorini only: the building height 0..=4 (4 is a dome).
    pub level: Option<u8>,
}

fn side(player: Player) -> &'static str {
    match player {
        Player::First => "first",
        Player::Second => "second",
    }
}

/// The board of `position`, a string the game's parser has already accepted. `None` for
/// Tower Defence, which has no position string.
pub fn board(game: GameName, position: &str) -> Option<Board> {
    match game {
        GameName::Othello => {
            let p: bitgames::othello::Position = position.parse().ok()?;
            let (black, white) = p.discs();
            let cells = bitgames::othello::Square::all()
                .map(|sq| Cell {
                    name: sq.to_string(),
                    piece: if black & sq.mask() != 0 {
                        Some("first")
                    } else if white & sq.mask() != 0 {
                        Some("second")
                    } else {
                        None
                    },
                    level: None,
                })
                .collect();
            Some(Board {
                rows: 8,
                cols: 8,
                cells,
            })
        }
        GameName::Santorini => {
            let p: bitgames::santorini::Position = position.parse().ok()?;
            let cells = bitgames::santorini::Square::all()
                .map(|sq| Cell {
                    name: sq.to_string(),
                    piece: p.worker_at(sq).map(side),
                    level: Some(p.height(sq)),
                })
                .collect();
            Some(Board {
                rows: 5,
                cols: 5,
                cells,
            })
        }
        GameName::Amazons => {
            let p: bitgames::amazons::Position = position.parse().ok()?;
            let cells = bitgames::amazons::Square::all()
                .map(|sq| {
                    let piece = if p.queens(Player::First).contains(sq) {
                        Some("first")
                    } else if p.queens(Player::Second).contains(sq) {
                        Some("second")
                    } else if p.arrows().contains(sq) {
                        Some("arrow")
                    } else {
                        None
                    };
                    Cell {
                        name: sq.to_string(),
                        piece,
                        level: None,
                    }
                })
                .collect();
            Some(Board {
                rows: 10,
                cols: 10,
                cells,
            })
        }
        GameName::TowerDefence => None,
    }
}
