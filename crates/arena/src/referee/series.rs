//! A whole match: many refereed games between two engines, played on several threads,
//! counted into a [`MatchSummary`]. What `bitgames match` runs; the front end only reads
//! its arguments and prints.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use bitgames::santorini::God;
use bitgames_search::Player;

use super::towerdefence::play_towerdefence_game_until;
use super::{Forfeit, MatchConfig, MatchSummary, Side, Thinking, play_board_game_until};
use crate::player::{EngineSpec, Interrupt};
use crate::{AnyPosition, Error};

/// What the games of a match start from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchStart {
    /// A board game from this root (the game's start, or a Santorini board with gods):
    /// each game from one of its openings ([`super::opening`]).
    Board(AnyPosition),
    /// Tower Defence from its start state.
    TowerDefence,
}

/// One finished game of a match, whatever the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedGame {
    /// Its number in the match, from 0.
    pub index: u64,
    /// Engine A's seat (player A of Tower Defence is the first seat).
    pub a_seat: Player,
    /// Its record (GGF for Othello, a JSON line otherwise), kept when
    /// [`MatchPlan::records`] asks for it.
    pub record: Option<String>,
    /// The engine that won, if one did.
    pub winner: Option<Side>,
    /// The forfeit that decided it, if one did.
    pub forfeit: Option<Forfeit>,
    /// Engine A's and B's time to move.
    pub thinking: [Thinking; 2],
}

/// How a match is played.
#[derive(Debug, Clone)]
pub struct MatchPlan {
    /// The engines, their clock, the seed and the opening length.
    pub config: MatchConfig,
    /// What every game starts from.
    pub start: MatchStart,
    /// How many games.
    pub games: u64,
    /// Games played at once (at least 1; 1 whatever is asked when an Entelect bot plays,
    /// as it runs in its own directory).
    pub threads: usize,
    /// Whether to keep each game's record ([`PlayedGame::record`]).
    pub records: bool,
}

/// A match played out, or stopped by its [`Interrupt`].
#[derive(Debug, Clone)]
pub struct MatchReport {
    /// The finished games, in game order (the games in progress at an interrupt are
    /// abandoned, not counted).
    pub games: Vec<PlayedGame>,
    /// Their tally.
    pub summary: MatchSummary,
    /// Whether the interrupt stopped the match.
    pub interrupted: bool,
}

impl MatchPlan {
    /// Whether an Entelect bot plays (it must play alone, in its own directory).
    pub fn has_entelect_bot(&self) -> bool {
        [&self.config.a, &self.config.b]
            .iter()
            .any(|spec| matches!(spec, EngineSpec::Entelect(_)))
    }

    /// Santorini: the first seat's god, then the second's.
    pub fn gods(&self) -> Option<[God; 2]> {
        match self.start {
            MatchStart::Board(root) => root.gods(),
            MatchStart::TowerDefence => None,
        }
    }

    /// Plays game `index`; `None` when the interrupt abandoned it.
    fn play(&self, index: u64, interrupt: &Interrupt) -> Result<Option<PlayedGame>, Error> {
        let config = &self.config;
        Ok(Some(match self.start {
            MatchStart::TowerDefence => {
                let Some(game) = play_towerdefence_game_until(config, index, interrupt) else {
                    return Ok(None);
                };
                PlayedGame {
                    index,
                    a_seat: match game.a_player {
                        crate::towerdefence::Player::A => Player::First,
                        crate::towerdefence::Player::B => Player::Second,
                    },
                    record: self.records.then(|| game.record()),
                    winner: game.winner(),
                    forfeit: game.forfeit,
                    thinking: game.thinking,
                }
            }
            MatchStart::Board(root) => {
                let Some(game) = play_board_game_until(root, config, index, interrupt)? else {
                    return Ok(None);
                };
                PlayedGame {
                    index,
                    a_seat: game.a_seat,
                    record: self.records.then(|| game.record()),
                    winner: game.winner(),
                    forfeit: game.forfeit,
                    thinking: game.thinking,
                }
            }
        }))
    }

    /// Plays the match until its games are done or `interrupt` is set (then no new game
    /// starts and the games in progress are abandoned), calling `finished` as each game
    /// ends (in the order they end: a progress bar's tick). The first error of the referee
    /// (a bad strategy, say) stops the match and is returned.
    ///
    /// Games run on plain threads, not as tasks of a rayon pool: a rayon worker that waits
    /// (our Tower Defence bot runs its playouts on a pool of its own) may pick up another
    /// queued game meanwhile, and that game's whole length would count as one move's time.
    pub fn run(
        &self,
        interrupt: &Interrupt,
        finished: &(dyn Fn(&PlayedGame) + Sync),
    ) -> Result<MatchReport, Error> {
        let threads = if self.has_entelect_bot() {
            1
        } else {
            self.threads.max(1)
        };
        let played = Mutex::new(Vec::new());
        let next = AtomicU64::new(0);
        let failure = Mutex::new(None);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    while !interrupt.is_set() {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= self.games {
                            break;
                        }
                        match self.play(index, interrupt) {
                            Ok(None) => break,
                            Ok(Some(game)) => {
                                finished(&game);
                                lock(&played).push(game);
                            }
                            Err(err) => {
                                // Stop handing out games; the first error is reported.
                                next.store(u64::MAX, Ordering::Relaxed);
                                lock(&failure).get_or_insert(err);
                                break;
                            }
                        }
                    }
                });
            }
        });
        if let Some(err) = into_inner(failure) {
            return Err(err);
        }
        let mut games = into_inner(played);
        games.sort_by_key(|game| game.index);
        let mut summary = MatchSummary {
            gods: self.gods(),
            ..MatchSummary::default()
        };
        for game in &games {
            summary.add(game);
        }
        Ok(MatchReport {
            games,
            summary,
            interrupted: interrupt.is_set(),
        })
    }
}

/// The guarded value; a lock is never held across a panic (a panicking game thread ends
/// the whole scope), so a poisoned one still holds consistent data.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn into_inner<T>(mutex: Mutex<T>) -> T {
    mutex
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
