//! A Monte Carlo bot: every valid first command is tried in random playouts (the opponent's
//! first command random too), and the one with the best mean result is played.
//!
//! Two ways to spend the budget, measured against each other with [`play_games`] (see the
//! crate docs for the figures):
//! - [`Search::Halving`] (successive halving): the budget is split into ⌈log2 n⌉ phases;
//!   in each phase every surviving candidate gets the same number of playouts, then the
//!   worse half is dropped.
//! - [`Search::Ucb`]: flat UCB1 over the candidates, one bandit per thread (root
//!   parallelisation), the counts summed at the end and the most tried candidate played.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::kernels::{Fastest, Simulation};
use crate::random::{game_rng, in_pool, playout};
use crate::rules::{Outcome, Player};
use crate::{Command, State};

/// How much searching a move may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Wall time (the competition's way); the bot may overrun by one sweep of playouts.
    Time(Duration),
    /// A fixed number of playouts: reproducible for a given seed.
    Playouts(u64),
}

/// How the bot spreads playouts over the candidate commands. UCB is the default: it beat
/// successive halving 66-34 over 100 games at 2,000 playouts a move and drew level (21-19)
/// over 40 games at 20,000 (both win every game against the random player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Search {
    /// Successive halving.
    Halving,
    /// Flat UCB1 with root parallelisation.
    #[default]
    Ucb,
}

/// The bot's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotConfig {
    /// How long (or how many playouts) each command may take.
    pub budget: Budget,
    /// Threads for the playouts (0: rayon's default, one per core).
    pub threads: usize,
    /// Seeds the playouts.
    pub seed: u64,
    /// How playouts are spread over the candidate commands.
    pub search: Search,
}

impl Default for BotConfig {
    fn default() -> Self {
        BotConfig {
            budget: Budget::Time(Duration::from_secs(1)),
            threads: 0,
            seed: 0,
            search: Search::Ucb,
        }
    }
}

/// What the bot chose and what it cost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BotChoice {
    /// In the bot's own frame.
    pub command: Command,
    /// Random games played.
    pub playouts: u64,
    /// Rounds simulated in them.
    pub rounds: u64,
    /// The chosen command's mean playout result for the bot (1 win, 0.5 tie, 0 loss); NaN
    /// when there was nothing to search (one valid command, or the game is over).
    pub value: f64,
    /// Valid commands considered.
    pub candidates: usize,
}

/// Playout totals of one candidate.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    value: f64,
    playouts: u64,
    rounds: u64,
}

impl Tally {
    fn mean(&self) -> f64 {
        if self.playouts == 0 {
            0.0
        } else {
            self.value / self.playouts as f64
        }
    }

    fn merge(&mut self, other: Tally) {
        self.value += other.value;
        self.playouts += other.playouts;
        self.rounds += other.rounds;
    }
}

/// One playout of `command` for `player` from `board`, the opponent's first command and
/// everything after random: (value to `player`, rounds).
fn try_command(
    board: &<Fastest as Simulation>::Board,
    player: Player,
    command: Command,
    rng: &mut Xoshiro256PlusPlus,
) -> (f64, u32) {
    let mut game = board.clone();
    let reply = Fastest::random_command(&game, player.other(), rng);
    let mut commands = [reply; 2];
    commands[player.index()] = command;
    Fastest::round(&mut game, commands);
    let result = playout::<Fastest, _>(&mut game, rng);
    (result.outcome.value_for(player), result.rounds + 1)
}

/// The bot's command as player A, the player a `state.json` is rendered for.
pub fn choose_command(state: &State, config: &BotConfig) -> BotChoice {
    choose_command_for(state, Player::A, config)
}

/// The bot's command as `player` (in `player`'s own frame).
pub fn choose_command_for(state: &State, player: Player, config: &BotConfig) -> BotChoice {
    let board = Fastest::load(state);
    let candidates = Fastest::valid_commands(&board, player);
    if candidates.len() == 1 || Fastest::is_over(&board) {
        return BotChoice {
            command: candidates[0],
            playouts: 0,
            rounds: 0,
            value: f64::NAN,
            candidates: candidates.len(),
        };
    }
    let decision = Decision {
        board: &board,
        player,
        candidates: &candidates,
        config,
        start: Instant::now(),
    };
    let tallies = in_pool(config.threads, || match config.search {
        Search::Halving => halving(decision),
        Search::Ucb => ucb(decision),
    });
    let (best, tally) = match config.search {
        Search::Halving => tallies
            .iter()
            .enumerate()
            .filter(|(_, t)| t.playouts > 0)
            .max_by(|a, b| a.1.mean().total_cmp(&b.1.mean()).then(b.0.cmp(&a.0)))
            .map(|(i, t)| (i, *t)),
        Search::Ucb => tallies
            .iter()
            .enumerate()
            .max_by(|a, b| {
                a.1.playouts
                    .cmp(&b.1.playouts)
                    .then(a.1.mean().total_cmp(&b.1.mean()))
                    .then(b.0.cmp(&a.0))
            })
            .map(|(i, t)| (i, *t)),
    }
    .unwrap_or((0, Tally::default()));
    BotChoice {
        command: candidates[best],
        playouts: tallies.iter().map(|t| t.playouts).sum(),
        rounds: tallies.iter().map(|t| t.rounds).sum(),
        value: tally.mean(),
        candidates: candidates.len(),
    }
}

/// One choice of command to make: what every search strategy is given.
#[derive(Clone, Copy)]
struct Decision<'a> {
    board: &'a <Fastest as Simulation>::Board,
    player: Player,
    candidates: &'a [Command],
    config: &'a BotConfig,
    /// When the bot started thinking (time budgets run from here).
    start: Instant,
}

impl<'a> Decision<'a> {
    /// The fields, for a search to bind in one line.
    #[allow(clippy::type_complexity)]
    fn parts(
        self,
    ) -> (
        &'a <Fastest as Simulation>::Board,
        Player,
        &'a [Command],
        &'a BotConfig,
        Instant,
    ) {
        (
            self.board,
            self.player,
            self.candidates,
            self.config,
            self.start,
        )
    }
}

/// Successive halving. A candidate's tally adds up the playouts of every phase it took part
/// in; dropped candidates come back with a mean of minus infinity so only survivors can be
/// chosen.
fn halving(decision: Decision<'_>) -> Vec<Tally> {
    let (board, player, candidates, config, start) = decision.parts();
    let n = candidates.len();
    let mut tallies = vec![Tally::default(); n];
    let mut alive: Vec<usize> = (0..n).collect();
    let phases = (usize::BITS - (n - 1).leading_zeros()).max(1);
    let mut counters = vec![0u64; n];
    let mut spent = 0u64;
    for phase in 0..phases {
        // Runs `per(k)` more playouts of the k-th surviving candidate, in parallel.
        let sweep = |tallies: &mut Vec<Tally>,
                     counters: &mut Vec<u64>,
                     per: &(dyn Fn(usize) -> u64 + Sync)| {
            let results: Vec<(usize, Tally, u64)> = alive
                .par_iter()
                .enumerate()
                .map(|(k, &c)| {
                    let mut tally = Tally::default();
                    let runs = per(k);
                    for r in 0..runs {
                        let mut rng = game_rng(config.seed ^ (c as u64) << 40, counters[c] + r);
                        let (value, rounds) = try_command(board, player, candidates[c], &mut rng);
                        tally.value += value;
                        tally.playouts += 1;
                        tally.rounds += u64::from(rounds);
                    }
                    (c, tally, runs)
                })
                .collect();
            let mut total = 0;
            for (c, tally, runs) in results {
                tallies[c].merge(tally);
                counters[c] += runs;
                total += runs;
            }
            total
        };
        match config.budget {
            Budget::Playouts(total) => {
                // This phase's share of what is left, spread evenly (the first few
                // candidates get one more), at least one playout each.
                let share = total.saturating_sub(spent) / u64::from(phases - phase);
                let count = alive.len() as u64;
                let (base, extra) = (share / count, share % count);
                spent += sweep(&mut tallies, &mut counters, &|k| {
                    (base + u64::from((k as u64) < extra)).max(1)
                });
            }
            Budget::Time(budget) => {
                let left = budget.saturating_sub(start.elapsed());
                let phase_end = start.elapsed() + left / (phases - phase);
                loop {
                    spent += sweep(&mut tallies, &mut counters, &|_| 1);
                    if start.elapsed() >= phase_end {
                        break;
                    }
                }
            }
        }
        if alive.len() <= 1 {
            break;
        }
        alive.sort_by(|&a, &b| {
            tallies[b]
                .mean()
                .total_cmp(&tallies[a].mean())
                .then(a.cmp(&b))
        });
        alive.truncate(alive.len().div_ceil(2));
    }
    // Only the survivors count for the final choice.
    let mut result = vec![Tally::default(); n];
    for &c in &alive {
        result[c] = tallies[c];
    }
    for (c, t) in tallies.iter().enumerate() {
        if !alive.contains(&c) {
            // Keep the playouts in the totals but out of the choice: a dropped candidate
            // has no chance of being the best mean.
            result[c] = Tally {
                value: f64::NEG_INFINITY,
                ..*t
            };
        }
    }
    result
}

/// Flat UCB1, one bandit per thread, summed.
fn ucb(decision: Decision<'_>) -> Vec<Tally> {
    let (board, player, candidates, config, start) = decision.parts();
    let n = candidates.len();
    let threads = rayon::current_num_threads().max(1);
    let per_thread = match config.budget {
        Budget::Playouts(total) => Some(total.div_ceil(threads as u64).max(n as u64)),
        Budget::Time(_) => None,
    };
    let bandit = |thread: usize| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(config.seed ^ (thread as u64) << 48);
        let mut tallies = vec![Tally::default(); n];
        let mut total = 0u64;
        loop {
            let c = if (total as usize) < n {
                total as usize
            } else {
                let ln = (total as f64).ln();
                (0..n)
                    .max_by(|&a, &b| {
                        let score = |t: &Tally| t.mean() + (2.0 * ln / t.playouts as f64).sqrt();
                        score(&tallies[a]).total_cmp(&score(&tallies[b]))
                    })
                    .unwrap_or(0)
            };
            let (value, rounds) = try_command(board, player, candidates[c], &mut rng);
            tallies[c].merge(Tally {
                value,
                playouts: 1,
                rounds: u64::from(rounds),
            });
            total += 1;
            let done = match (config.budget, per_thread) {
                (Budget::Playouts(_), Some(limit)) => total >= limit,
                (Budget::Time(budget), _) => {
                    total >= n as u64 && total.is_multiple_of(8) && start.elapsed() >= budget
                }
                (Budget::Playouts(_), None) => true,
            };
            if done {
                return tallies;
            }
        }
    };
    (0..threads).into_par_iter().map(bandit).reduce(
        || vec![Tally::default(); n],
        |mut a, b| {
            for (x, y) in a.iter_mut().zip(b) {
                x.merge(y);
            }
            a
        },
    )
}

/// Who chooses a player's commands in [`play_game`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Controller {
    /// Uniformly random valid commands.
    Random,
    /// The Monte Carlo bot.
    Bot(BotConfig),
}

/// How one game between two controllers ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// Who won, or a tie.
    pub outcome: Outcome,
    /// The round number the game ended at: rounds played, as the start is round 0.
    pub rounds: u32,
    /// The state after the last round, for scores and health in reports.
    pub final_state: State,
}

/// Plays a whole game from the start: `controllers[0]` is A, `[1]` is B; `seed` seeds the
/// random player and varies the bots' seeds round by round.
pub fn play_game(controllers: [&Controller; 2], seed: u64) -> GameRecord {
    let mut board = Fastest::load(&State::start());
    let mut rng = game_rng(seed, u64::MAX);
    while !Fastest::is_over(&board) {
        let round = Fastest::round_number(&board);
        let mut commands = [Command::Nothing; 2];
        for player in Player::BOTH {
            commands[player.index()] = match controllers[player.index()] {
                Controller::Random => Fastest::random_command(&board, player, &mut rng),
                Controller::Bot(config) => {
                    let config = BotConfig {
                        seed: config.seed ^ seed.rotate_left(17) ^ u64::from(round) << 20,
                        ..*config
                    };
                    choose_command_for(&Fastest::store(&board), player, &config).command
                }
            };
        }
        Fastest::round(&mut board, commands);
    }
    GameRecord {
        outcome: Fastest::outcome(&board).unwrap_or(Outcome::Tie),
        rounds: Fastest::round_number(&board),
        final_state: Fastest::store(&board),
    }
}

/// The bot's results over a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MatchResult {
    /// Games played.
    pub games: u32,
    /// Games the bot won.
    pub wins: u32,
    /// Games the opponent won.
    pub losses: u32,
    /// Games neither won.
    pub ties: u32,
}

impl MatchResult {
    /// Wins plus half the ties.
    pub fn score(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.ties) / 2.0
    }
}

/// `games` games of `bot` against `opponent`, the bot playing A in even games and B in odd
/// ones; game `i` is seeded from `seed` and `i`.
pub fn play_games(bot: &BotConfig, opponent: &Controller, games: u32, seed: u64) -> MatchResult {
    let me = Controller::Bot(*bot);
    let mut result = MatchResult::default();
    for game in 0..games {
        let side = if game % 2 == 0 { Player::A } else { Player::B };
        let controllers = match side {
            Player::A => [&me, opponent],
            Player::B => [opponent, &me],
        };
        let record = play_game(
            controllers,
            seed ^ u64::from(game).wrapping_mul(0x9e37_79b9),
        );
        result.games += 1;
        match record.outcome {
            Outcome::Tie => result.ties += 1,
            Outcome::Win(p) if p == side => result.wins += 1,
            Outcome::Win(_) => result.losses += 1,
        }
    }
    result
}
