//! A Monte Carlo bot: every candidate first command is tried in random playouts (the
//! opponent's first command random too), and the one with the best mean result is played.
//!
//! Four choices make the bot, each a field of [`BotConfig`]; the defaults were measured
//! together against Worthe's bot (the README's "Against other engines" has the figures):
//! - the [`Policy`]: how the playouts' players choose (by default a builder's draw: a kind
//!   of building, then an empty cell, never a deconstruction) and so which first commands
//!   are worth trying;
//! - the [`Scoring`] of a finished playout: who won, or by default who won by how many
//!   buildings;
//! - the [`Search`] that spreads the budget over the candidates: successive halving, three
//!   phases of it (the default), or flat UCB1 with root parallelisation;
//! - an [opening](BotConfig::opening): energy buildings on the back column in the first
//!   rounds, played without searching.
//!
//! The builder policy, the scoring by margin, the three phases and the opening are ideas
//! from Justin Worthe's bot for the 2018 challenge (github.com/JWorthe/
//! entelect-challenge-tower-defence, 3rd in the final); the code is our own.

use web_time::{Duration, Instant};

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use bitgames_bitboard::gather::{BitGather, FastestGather};
use rand::{Rng, RngExt};

use crate::kernels::{BACK_COLUMN, Fastest, Simulation, cell_of};
use crate::random::{game_rng, in_pool, playout_with};
use crate::rules::{BuildingKind, Outcome, Player};
use crate::{Command, State};

/// How much searching a move may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Wall time (the competition's way); the bot may overrun by one sweep of playouts.
    Time(Duration),
    /// A fixed number of playouts: reproducible for a given seed.
    Playouts(u64),
}

/// How the bot spreads playouts over the candidate commands. With uniform playouts, UCB beat
/// successive halving 66-34 over 100 games at 2,000 playouts a move and drew level (21-19)
/// over 40 games at 20,000 (both win every game against the random player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Search {
    /// Successive halving: ⌈log2 n⌉ phases, each dropping the worse half.
    Halving,
    /// Three phases of successive halving: every candidate, then the better half, then the
    /// better quarter, but never fewer than five.
    #[default]
    Thirds,
    /// Flat UCB1 with root parallelisation.
    Ucb,
}

/// How the players of a playout choose their commands, and so which first commands the bot
/// tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Policy {
    /// Every valid command equally likely, deconstructions included (the random player's
    /// draw, [`Simulation::random_command`]); the bot tries every valid command.
    Uniform,
    /// A builder's draw ([`builder_command`]): doing nothing, each kind of building the
    /// player can build and the iron curtain equally likely, the building on an empty cell
    /// drawn uniformly; energy buildings only while the player is short of energy; never a
    /// deconstruction. The bot tries doing nothing, every build and the curtain.
    #[default]
    Builder,
}

/// What a finished playout is worth to the bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scoring {
    /// 1 for a win, 0.5 for a tie, 0 for a loss.
    Outcome,
    /// A win is worth the winner's lead in buildings (at least 1), a loss minus the
    /// loser's deficit (at most -1), a tie 0: a narrow win counts for less than a rout.
    #[default]
    Margin,
}

impl Scoring {
    /// The least and the most a playout can be worth.
    fn range(self) -> (f64, f64) {
        match self {
            Scoring::Outcome => (0.0, 1.0),
            Scoring::Margin => (-64.0, 64.0),
        }
    }
}

/// Rounds from the start in which [`BotConfig::opening`] plays without searching.
pub const OPENING_ROUNDS: u32 = 12;

/// A player is short of energy (and a builder's playout may build energy) while its income
/// is at most this...
pub const SHORT_INCOME: i32 = 50;

/// ...or its store at most this (Worthe's cut-offs).
pub const SHORT_STORE: i32 = 120;

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
    /// How playouts are played, and which first commands are tried.
    pub policy: Policy,
    /// What a finished playout is worth.
    pub scoring: Scoring,
    /// In the first [`OPENING_ROUNDS`] rounds, builds an energy building on the back column
    /// whenever it can afford one (the lowest empty row) and otherwise does nothing,
    /// without searching: income early, where the enemy's missiles arrive last.
    pub opening: bool,
}

impl Default for BotConfig {
    fn default() -> Self {
        BotConfig {
            budget: Budget::Time(Duration::from_secs(1)),
            threads: 0,
            seed: 0,
            search: Search::Thirds,
            policy: Policy::Builder,
            scoring: Scoring::Margin,
            opening: true,
        }
    }
}

impl BotConfig {
    /// The bot as it was before the builder policy, the margin scoring, the three phases
    /// and the opening: uniform playouts scored by outcome, flat UCB, no opening. For
    /// comparisons.
    pub fn uniform(budget: Budget) -> BotConfig {
        BotConfig {
            budget,
            search: Search::Ucb,
            policy: Policy::Uniform,
            scoring: Scoring::Outcome,
            opening: false,
            ..BotConfig::default()
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
    /// The chosen command's mean playout result for the bot, as [`Scoring`] says; NaN
    /// when there was nothing to search (one candidate, the opening, or the game is over).
    pub value: f64,
    /// Candidate commands considered.
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
/// everything after drawn by `policy`: (its worth to `player` as `scoring` says, rounds).
fn try_command(
    board: &<Fastest as Simulation>::Board,
    player: Player,
    command: Command,
    config: &BotConfig,
    rng: &mut Xoshiro256PlusPlus,
) -> (f64, u32) {
    let mut game = board.clone();
    let reply = draw(&game, player.other(), config.policy, rng);
    let mut commands = [reply; 2];
    commands[player.index()] = command;
    Fastest::round(&mut game, commands);
    let rounds = playout_with::<Fastest, _>(&mut game, rng, |board, who, rng| {
        draw(board, who, config.policy, rng)
    })
    .rounds;
    let outcome = Fastest::outcome(&game).unwrap_or(Outcome::Tie);
    let value = match config.scoring {
        Scoring::Outcome => outcome.value_for(player),
        Scoring::Margin => {
            let buildings = |p: Player| game.occupied(p).bits().count_ones() as i32;
            let lead = buildings(player) - buildings(player.other());
            match outcome {
                Outcome::Tie => 0,
                Outcome::Win(winner) if winner == player => lead.max(1),
                Outcome::Win(_) => lead.min(-1),
            }
            .into()
        }
    };
    (value, rounds + 1)
}

/// One command for `player` drawn as `policy` says.
fn draw(
    board: &<Fastest as Simulation>::Board,
    player: Player,
    policy: Policy,
    rng: &mut Xoshiro256PlusPlus,
) -> Command {
    match policy {
        Policy::Uniform => Fastest::random_command(board, player, rng),
        Policy::Builder => builder_command(board, player, rng),
    }
}

/// A builder's random command ([`Policy::Builder`]): doing nothing, each kind `player` can
/// build (energy only while it is short: an income of at most [`SHORT_INCOME`] or a store of
/// at most [`SHORT_STORE`]) and the iron curtain (when it can be raised), equally likely; a
/// building goes on a uniformly drawn empty cell. Always a valid command.
pub fn builder_command<R: Rng + ?Sized>(
    board: &<Fastest as Simulation>::Board,
    player: Player,
    rng: &mut R,
) -> Command {
    let options = board.build_options(player);
    let empty = options.empty.bits();
    let short = options.income <= SHORT_INCOME || options.energy <= SHORT_STORE;
    let mut kinds = [BuildingKind::Energy; 4];
    let mut count = 0;
    if empty != 0 {
        for (kind, can) in BuildingKind::ALL.into_iter().zip(options.kinds) {
            if can && (kind != BuildingKind::Energy || short) {
                kinds[count] = kind;
                count += 1;
            }
        }
    }
    match rng.random_range(0..1 + count + usize::from(options.curtain)) {
        0 => Command::Nothing,
        pick if pick <= count => {
            let (x, y) = cell_of(FastestGather::nth_set_bit(
                empty,
                rng.random_range(0..empty.count_ones()),
            ));
            Command::Build {
                x,
                y,
                kind: kinds[pick - 1],
            }
        }
        _ => Command::IronCurtain,
    }
}

/// The first commands the bot tries for `player`, as `policy` says.
fn candidates(
    board: &<Fastest as Simulation>::Board,
    player: Player,
    policy: Policy,
) -> Vec<Command> {
    let valid = Fastest::valid_commands(board, player);
    match policy {
        Policy::Uniform => valid,
        Policy::Builder => valid
            .into_iter()
            .filter(|c| !matches!(c, Command::Deconstruct { .. }))
            .collect(),
    }
}

/// The opening's command ([`BotConfig::opening`]) on `board`, or `None` once the opening
/// is over.
fn opening_command(board: &<Fastest as Simulation>::Board, player: Player) -> Option<Command> {
    if Fastest::round_number(board) >= OPENING_ROUNDS {
        return None;
    }
    let options = board.build_options(player);
    let back_column = BACK_COLUMN & options.empty.bits();
    Some(
        if options.can_build(BuildingKind::Energy) && back_column != 0 {
            let (x, y) = cell_of(back_column.trailing_zeros());
            Command::Build {
                x,
                y,
                kind: BuildingKind::Energy,
            }
        } else {
            Command::Nothing
        },
    )
}

/// The bot's command as player A, the player a `state.json` is rendered for.
pub fn choose_command(state: &State, config: &BotConfig) -> BotChoice {
    choose_command_for(state, Player::A, config)
}

/// The bot's command as `player` (in `player`'s own frame).
pub fn choose_command_for(state: &State, player: Player, config: &BotConfig) -> BotChoice {
    let board = Fastest::load(state);
    if config.opening
        && !Fastest::is_over(&board)
        && let Some(command) = opening_command(&board, player)
    {
        return BotChoice {
            command,
            playouts: 0,
            rounds: 0,
            value: f64::NAN,
            candidates: 1,
        };
    }
    let candidates = candidates(&board, player, config.policy);
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
        Search::Halving => halving(decision, u32::MAX, 1),
        Search::Thirds => halving(decision, 3, 5),
        Search::Ucb => ucb(decision),
    });
    let (best, tally) = match config.search {
        Search::Halving | Search::Thirds => tallies
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

/// Successive halving in at most `max_phases` phases (⌈log2 n⌉ where fewer), each dropping
/// the worse half but keeping at least `floor`. A candidate's tally adds up the playouts of
/// every phase it took part in; dropped candidates come back with a mean of minus infinity
/// so only survivors can be chosen.
fn halving(decision: Decision<'_>, max_phases: u32, floor: usize) -> Vec<Tally> {
    let (board, player, candidates, config, start) = decision.parts();
    let n = candidates.len();
    let mut tallies = vec![Tally::default(); n];
    let mut alive: Vec<usize> = (0..n).collect();
    let phases = (usize::BITS - (n - 1).leading_zeros()).clamp(1, max_phases);
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
                        let (value, rounds) =
                            try_command(board, player, candidates[c], config, &mut rng);
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
        if alive.len() <= floor.max(1) {
            break;
        }
        alive.sort_by(|&a, &b| {
            tallies[b]
                .mean()
                .total_cmp(&tallies[a].mean())
                .then(a.cmp(&b))
        });
        alive.truncate(alive.len().div_ceil(2).max(floor));
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
                // UCB1 wants rewards in 0..=1: the mean rescaled from the scoring's range.
                let (low, high) = config.scoring.range();
                (0..n)
                    .max_by(|&a, &b| {
                        let score = |t: &Tally| {
                            (t.mean() - low) / (high - low) + (2.0 * ln / t.playouts as f64).sqrt()
                        };
                        score(&tallies[a]).total_cmp(&score(&tallies[b]))
                    })
                    .unwrap_or(0)
            };
            let (value, rounds) = try_command(board, player, candidates[c], config, &mut rng);
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
