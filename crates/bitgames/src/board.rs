//! A per-square view of a position, for front ends that draw boards (the web page, Python).

use bitgames_search::Player;
use serde::Serialize;

use crate::{amazons, othello, santorini};

/// A board drawn as rows of cells, the top row first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Board {
    /// Rows in the grid.
    pub rows: u8,
    /// Columns in the grid.
    pub cols: u8,
    /// Every cell, row by row from the top-left.
    pub cells: Vec<Cell>,
}

/// One square of a [`Board`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// The square's name as moves write it (`d3`, `B4`, `a10`).
    pub name: String,
    /// What stands on it, if anything.
    pub piece: Option<Piece>,
    /// Santorini only: the building height 0..=4 (4 is a dome).
    pub level: Option<u8>,
}

/// What can stand on a square; serialized in lower case (`first`, `second`, `arrow`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    /// A disc, worker or queen of the first player.
    First,
    /// A disc, worker or queen of the second player.
    Second,
    /// An Amazons arrow (a burnt square).
    Arrow,
}

impl From<Player> for Piece {
    fn from(player: Player) -> Self {
        match player {
            Player::First => Piece::First,
            Player::Second => Piece::Second,
        }
    }
}

impl Board {
    /// The board of an Othello position: black discs are the first player's.
    pub(crate) fn othello(p: &othello::Position) -> Board {
        let (black, white) = p.discs();
        let cells = othello::Square::all()
            .map(|square| Cell {
                name: square.to_string(),
                piece: if black.contains(square) {
                    Some(Piece::First)
                } else if white.contains(square) {
                    Some(Piece::Second)
                } else {
                    None
                },
                level: None,
            })
            .collect();
        Board {
            rows: 8,
            cols: 8,
            cells,
        }
    }

    /// The board of a Santorini position, with every square's building height.
    pub(crate) fn santorini(p: &santorini::Position) -> Board {
        let cells = santorini::Square::all()
            .map(|square| Cell {
                name: square.to_string(),
                piece: p.worker_at(square).map(Piece::from),
                level: Some(p.height(square)),
            })
            .collect();
        Board {
            rows: 5,
            cols: 5,
            cells,
        }
    }

    /// The board of an Amazons position: queens and arrows.
    pub(crate) fn amazons(p: &amazons::Position) -> Board {
        let cells = amazons::Square::all()
            .map(|square| {
                let piece = if p.queens(Player::First).contains(square) {
                    Some(Piece::First)
                } else if p.queens(Player::Second).contains(square) {
                    Some(Piece::Second)
                } else if p.arrows().contains(square) {
                    Some(Piece::Arrow)
                } else {
                    None
                };
                Cell {
                    name: square.to_string(),
                    piece,
                    level: None,
                }
            })
            .collect();
        Board {
            rows: 10,
            cols: 10,
            cells,
        }
    }

    /// The cell named `name` (`d3`, `B4`, `a10`), if the board has one.
    pub fn cell(&self, name: &str) -> Option<&Cell> {
        self.cells.iter().find(|cell| cell.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_show_what_the_position_strings_say() {
        let othello = Board::othello(&othello::Position::start());
        assert_eq!(
            (othello.rows, othello.cols, othello.cells.len()),
            (8, 8, 64)
        );
        // The start: d4 and e5 white, d5 and e4 black.
        assert_eq!(othello.cell("d4").unwrap().piece, Some(Piece::Second));
        assert_eq!(othello.cell("e4").unwrap().piece, Some(Piece::First));
        assert_eq!(othello.cell("a1").unwrap().piece, None);
        assert_eq!(othello.cells[0].name, "a1");

        let santorini = Board::santorini(
            &"0000000000000000000000040/1/mortal:B3,D3/mortal:C4,C2"
                .parse()
                .unwrap(),
        );
        assert_eq!(santorini.cells.len(), 25);
        assert_eq!(santorini.cell("B3").unwrap().piece, Some(Piece::First));
        assert_eq!(santorini.cell("C2").unwrap().piece, Some(Piece::Second));
        assert_eq!(santorini.cell("A1").unwrap().piece, None);
        assert_eq!(
            santorini
                .cells
                .iter()
                .filter(|c| c.level == Some(4))
                .count(),
            1
        );

        let amazons = Board::amazons(&"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q*1Q3 w".parse().unwrap());
        assert_eq!(amazons.cells.len(), 100);
        assert_eq!(amazons.cell("d1").unwrap().piece, Some(Piece::First));
        assert_eq!(amazons.cell("e1").unwrap().piece, Some(Piece::Arrow));
        assert_eq!(amazons.cell("d10").unwrap().piece, Some(Piece::Second));
        assert_eq!(serde_json::to_string(&Piece::Arrow).unwrap(), "\"arrow\"");
    }
}
