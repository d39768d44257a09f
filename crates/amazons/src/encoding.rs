//! The Game of the Amazons as a reinforcement-learning environment, in OpenSpiel's `amazons`
//! numbering: the [`Encoding`] of [`Turn`].
//!
//! A move (a queen's move and its arrow) is too many choices for one action, so a turn is
//! three sub-actions of 100 each, the same player acting three times in a row:
//!
//! 1. the queen to move (one of the side to move's queens that has a move);
//! 2. its destination (a square that queen reaches);
//! 3. the arrow square (a square the moved queen can shoot to, the square it left now empty).
//!
//! Squares are numbered a10 = 0 row by row from the top ([`Square::index`]: j10 = 9, a1 = 90,
//! j1 = 99). [`Turn`] is the position at the start of the turn with the sub-actions chosen so
//! far; the third plays the move and starts the next player's turn.
//!
//! - **Observation planes** `[4, 10, 10]`: the observing player's queens, the opponent's,
//!   the arrows, and the square selected so far this turn (the queen, then its destination).
//! - **Record of the legal actions** ([`Encoding::Legal`]): a copy of the mask.

use bitgames_search::encoding::{Encoding, player_of, rewards};

use crate::{Move, Position, Square};

/// The Amazons with a turn in progress: the position at the start of the turn, and the queen
/// and destination chosen so far (the first two of the turn's three sub-actions; see the
/// module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The position at the start of the turn.
    pub position: Position,
    /// The queen chosen (first sub-action), if any.
    pub from: Option<Square>,
    /// Its destination (second sub-action), if any.
    pub to: Option<Square>,
}

impl Turn {
    /// The start of a turn in `position`: nothing chosen yet.
    pub fn new(position: Position) -> Self {
        Turn {
            position,
            from: None,
            to: None,
        }
    }
}

impl Encoding for Turn {
    const ACTIONS: usize = 100;
    const PLANES: [usize; 3] = [4, 10, 10];
    bitgames_search::mask_copy_legal!(100);

    fn start() -> Self {
        Turn::new(Position::start())
    }

    fn current_player(&self) -> usize {
        self.position.side_to_move().index()
    }

    fn legal_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        for mv in self.position.legal_moves() {
            let square = match (self.from, self.to) {
                (None, _) => mv.from,
                (Some(from), None) if mv.from == from => mv.to,
                (Some(from), Some(to)) if mv.from == from && mv.to == to => mv.arrow,
                _ => continue,
            };
            mask[square.index()] = true;
        }
    }

    fn apply(&mut self, action: usize) -> Result<(), String> {
        let square =
            Square::from_index(action).ok_or(format!("action {action} is out of range 0..100"))?;
        let mut mask = [false; 100];
        self.legal_mask(&mut mask);
        if !mask[action] {
            let what = match (self.from, self.to) {
                (None, _) => "a queen of the side to move that can move",
                (Some(_), None) => "a square the chosen queen reaches",
                _ => "a square the moved queen can shoot to",
            };
            return Err(format!("action {action} ({square}) is not {what}"));
        }
        match (self.from, self.to) {
            (None, _) => self.from = Some(square),
            (Some(_), None) => self.to = Some(square),
            (Some(from), Some(to)) => {
                let mv = Move {
                    from,
                    to,
                    arrow: square,
                };
                *self = Turn::new(self.position.play_unchecked(mv));
            }
        }
        Ok(())
    }

    fn observe(&self, player: usize, out: &mut [i8]) {
        let me = player_of(player);
        let planes = [
            self.position.queens(me),
            self.position.queens(me.other()),
            self.position.arrows(),
        ];
        out.fill(0);
        for (p, set) in planes.iter().enumerate() {
            for square in *set {
                out[p * 100 + square.index()] = 1;
            }
        }
        if let Some(selected) = self.to.or(self.from) {
            out[300 + selected.index()] = 1;
        }
    }

    fn returns(&self) -> Option<[f32; 2]> {
        rewards(self.position.outcome())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitgames_search::encoding::assert_records_agree_with_the_mask;

    #[test]
    fn the_records_of_legal_actions_agree_with_the_masks() {
        // The three sub-actions.
        assert_records_agree_with_the_mask::<Turn>(2, 5);
    }

    #[test]
    fn a_turn_is_three_sub_actions() {
        let names = [(0, "a10"), (9, "j10"), (90, "a1"), (99, "j1")];
        for (index, name) in names {
            assert_eq!(Square::from_index(index).unwrap().to_string(), name);
        }
        let cell = |name: &str| name.parse::<Square>().unwrap().index();
        let mut turn = Turn::start();
        let mut mask = [false; 100];
        turn.legal_mask(&mut mask);
        // White's queens a4, d1, g1, j4 move first.
        let queens: Vec<usize> = (0..100).filter(|&a| mask[a]).collect();
        let mut expected = ["a4", "d1", "g1", "j4"].map(cell);
        expected.sort_unstable();
        assert_eq!(queens, expected);
        assert!(turn.apply(cell("a1")).is_err(), "no queen there");
        turn.apply(cell("d1")).unwrap();
        assert!(turn.apply(cell("e3")).is_err(), "not a queen move from d1");
        turn.apply(cell("d8")).unwrap();
        let mut obs = [0i8; 400];
        turn.observe(0, &mut obs);
        assert_eq!(obs[300 + cell("d8")], 1, "the destination is selected");
        assert_eq!(turn.current_player(), 0);
        turn.apply(cell("d9")).unwrap();
        assert_eq!((turn.from, turn.to, turn.current_player()), (None, None, 1));
        assert_eq!(turn.position.arrows().iter().next(), "d9".parse().ok());
    }
}
