//! A match's tally and its JSON summary line.

use std::time::Duration;

use bitgames_search::elo::{EloEstimate, elo_estimate};
use serde_json::{Value, json};

use super::{PlayedGame, Side};
use bitgames::santorini::God;

/// How long an engine took to choose its moves, in a game or over a match: wall-clock time
/// from the request to the reply, as the referee's clock sees it (an external engine's
/// process and pipes included). Forced passes are not asked for and not counted.
///
/// ```
/// use std::time::Duration;
/// use bitgames_arena::referee::Thinking;
///
/// let mut thinking = Thinking::default();
/// assert_eq!(thinking.mean(), None);
/// thinking.record(Duration::from_millis(30));
/// thinking.record(Duration::from_millis(90));
/// assert_eq!(thinking.mean(), Some(Duration::from_millis(60)));
/// assert_eq!(thinking.longest, Duration::from_millis(90));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Thinking {
    /// Moves timed.
    pub moves: u32,
    /// Their total time.
    pub total: Duration,
    /// The longest one.
    pub longest: Duration,
}

impl Thinking {
    /// Counts one move that took `took`.
    pub fn record(&mut self, took: Duration) {
        self.moves += 1;
        self.total += took;
        self.longest = self.longest.max(took);
    }

    /// Adds another game's (or match's) moves.
    pub fn merge(&mut self, other: Thinking) {
        self.moves += other.moves;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
    }

    /// The mean time a move, `None` before any move.
    pub fn mean(&self) -> Option<Duration> {
        (self.moves > 0).then(|| self.total / self.moves)
    }
}

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
    /// Engine A's wins, draws and losses in the first seat, then in the second.
    pub a_by_seat: [[usize; 3]; 2],
    /// Santorini: the first seat's god, then the second's (whichever engine sits there).
    pub gods: Option<[God; 2]>,
    /// Every forfeit: the game's number, the offender and the reason.
    pub forfeits: Vec<(u64, Side, String)>,
    /// Engine A's and B's time to move over all games ([`MatchSummary::add_thinking`]).
    pub thinking: [Thinking; 2],
}

impl MatchSummary {
    /// Counts one game: who won, in which seat, the forfeit that decided it, and the
    /// engines' time to move.
    pub fn add(&mut self, game: &PlayedGame) {
        self.games += 1;
        let a_seat = game.a_seat.index();
        let column = match game.winner {
            Some(Side::A) => {
                self.a_wins += 1;
                0
            }
            None => {
                self.draws += 1;
                1
            }
            Some(Side::B) => {
                self.b_wins += 1;
                2
            }
        };
        self.a_by_seat[a_seat][column] += 1;
        if let Some(side) = game.winner {
            let seat = if side == Side::A { a_seat } else { 1 - a_seat };
            self.seat_wins[seat] += 1;
        }
        if let Some(forfeit) = &game.forfeit {
            self.forfeits
                .push((game.index, forfeit.side, forfeit.reason.clone()));
        }
        self.add_thinking(game.thinking);
    }

    /// Adds one game's time to move, engine A's then B's.
    pub fn add_thinking(&mut self, thinking: [Thinking; 2]) {
        for (total, game) in self.thinking.iter_mut().zip(thinking) {
            total.merge(game);
        }
    }

    /// Engine A's Elo difference over B, with its 95% interval.
    pub fn elo(&self) -> EloEstimate {
        elo_estimate(self.a_wins, self.draws, self.b_wins)
    }

    /// The summary as one JSON object: `games`, `a_wins`, `b_wins`, `draws`, `elo` and
    /// `elo_ci95` (`[low, high]`; an infinite value, as after a sweep, is `null`),
    /// `seat_wins` (the first seat's, then the second's), `a_by_seat` (`{"first":
    /// {"wins", "draws", "losses"}, "second": ...}`, engine A's results in each seat),
    /// `gods` (Santorini: `[first seat's, second seat's]`, otherwise `null`), `forfeits`
    /// (`[{"game", "player" ("a" or "b"), "reason"}]`, in game order), and `time_ms`
    /// (`{"a": {"moves", "mean", "max"}, "b": ...}`, the time to move; `mean` is `null`
    /// before any move).
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
        let time = |t: &Thinking| {
            let ms = |d: Duration| d.as_secs_f64() * 1e3;
            json!({"moves": t.moves, "mean": t.mean().map_or(Value::Null, |d| number(ms(d))), "max": number(ms(t.longest))})
        };
        let results = |[wins, draws, losses]: [usize; 3]| json!({"wins": wins, "draws": draws, "losses": losses});
        json!({
            "games": self.games,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "draws": self.draws,
            "elo": number(elo.elo),
            "elo_ci95": [number(elo.low), number(elo.high)],
            "seat_wins": self.seat_wins,
            "a_by_seat": {"first": results(self.a_by_seat[0]), "second": results(self.a_by_seat[1])},
            "gods": self.gods.map(|gods| gods.map(|god| god.name())),
            "forfeits": forfeits
                .iter()
                .map(|(game, side, reason)| json!({"game": game, "player": side.name(), "reason": reason}))
                .collect::<Vec<_>>(),
            "time_ms": {"a": time(&self.thinking[0]), "b": time(&self.thinking[1])},
        })
        .to_string()
    }
}
