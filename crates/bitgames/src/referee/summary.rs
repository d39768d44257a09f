//! A match's tally and its JSON summary line.

use bitgames_search::Player;
use bitgames_search::elo::{EloEstimate, elo_estimate};
use serde_json::{Value, json};

use super::Side;

/// Wins, draws and forfeits over a match, from engine A's side.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MatchSummary {
    /// Games counted.
    pub games: usize,
    /// Games engine A won (forfeits by B included).
    pub a_wins: usize,
    /// Games engine B won.
    pub b_wins: usize,
    /// Draws, and games stopped by the ply limit.
    pub draws: usize,
    /// Wins by seat: the first player's, then the second's.
    pub seat_wins: [usize; 2],
    /// Every forfeit: the game's number, the offender and the reason.
    pub forfeits: Vec<(u64, Side, String)>,
}

impl MatchSummary {
    /// Counts one game: who won (engine and seat), and the forfeit that decided it.
    pub fn add(
        &mut self,
        index: u64,
        winner: Option<(Side, Player)>,
        forfeit: Option<(Side, &str)>,
    ) {
        self.games += 1;
        match winner {
            Some((Side::A, _)) => self.a_wins += 1,
            Some((Side::B, _)) => self.b_wins += 1,
            None => self.draws += 1,
        }
        if let Some((_, seat)) = winner {
            self.seat_wins[seat.index()] += 1;
        }
        if let Some((side, reason)) = forfeit {
            self.forfeits.push((index, side, reason.to_owned()));
        }
    }

    /// Engine A's Elo difference over B, with its 95% interval.
    pub fn elo(&self) -> EloEstimate {
        elo_estimate(self.a_wins, self.draws, self.b_wins)
    }

    /// The summary as one JSON object: `games`, `a_wins`, `b_wins`, `draws`, `elo` and
    /// `elo_ci95` (`[low, high]`; an infinite value, as after a sweep, is `null`), and
    /// `forfeits` (`[{"game", "player" ("a" or "b"), "reason"}]`, in game order).
    pub fn to_json(&self) -> String {
        let number = |x: f64| {
            if x.is_finite() {
                json!((x * 10.0).round() / 10.0)
            } else {
                Value::Null
            }
        };
        let elo = self.elo();
        let mut forfeits = self.forfeits.clone();
        forfeits.sort_by_key(|(game, _, _)| *game);
        json!({
            "games": self.games,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "draws": self.draws,
            "elo": number(elo.elo),
            "elo_ci95": [number(elo.low), number(elo.high)],
            "forfeits": forfeits
                .iter()
                .map(|(game, side, reason)| json!({"game": game, "player": side.name(), "reason": reason}))
                .collect::<Vec<_>>(),
        })
        .to_string()
    }
}
