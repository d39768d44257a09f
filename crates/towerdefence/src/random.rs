//! Random playouts (single games and many in parallel) and corpora of random mid-game
//! states, for the bot, the tests, the benches and `bitgames compare`.
//!
//! A random player picks uniformly among its valid commands every round (doing nothing
//! included; see [`Simulation`] for the order), both players at once, until a base falls or
//! round 400 has been played. Every game is seeded, and game `i` of a batch seeded `s` is
//! the same game whatever the number of threads.

use std::sync::atomic::{AtomicBool, Ordering};
use web_time::{Duration, Instant};

use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::kernels::{Fastest, Simulation};
use crate::rules::{Outcome, Player};
use crate::{Command, FieldDifference, State};

/// How one random game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayoutResult {
    /// How the game ended: who won, or a tie.
    pub outcome: Outcome,
    /// Rounds simulated.
    pub rounds: u32,
}

/// Plays random commands for both players on `board` until the game is over.
#[inline]
pub fn playout<S: Simulation, R: Rng + ?Sized>(board: &mut S::Board, rng: &mut R) -> PlayoutResult {
    playout_with::<S, R>(board, rng, S::random_command)
}

/// Plays commands drawn by `draw` (A's, then B's, each round) on `board` until the game is
/// over: [`playout`] with another policy.
#[inline]
pub fn playout_with<S: Simulation, R: Rng + ?Sized>(
    board: &mut S::Board,
    rng: &mut R,
    mut draw: impl FnMut(&S::Board, Player, &mut R) -> Command,
) -> PlayoutResult {
    let start = S::round_number(board);
    while !S::is_over(board) {
        let a = draw(board, Player::A, rng);
        let b = draw(board, Player::B, rng);
        S::round(board, [a, b]);
    }
    PlayoutResult {
        outcome: S::outcome(board).unwrap_or(Outcome::Tie),
        rounds: S::round_number(board) - start,
    }
}

/// The generator of game `index` of a batch seeded `seed`.
pub fn game_rng(seed: u64, index: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(
        seed.rotate_left(29) ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15),
    )
}

/// What a batch of random games came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayoutStats {
    /// Games played.
    pub games: u64,
    /// Rounds simulated in all.
    pub rounds: u64,
    /// Games won by A and by B.
    pub wins: [u64; 2],
    /// Games neither player won.
    pub ties: u64,
}

impl PlayoutStats {
    fn add(mut self, result: PlayoutResult) -> Self {
        self.games += 1;
        self.rounds += u64::from(result.rounds);
        match result.outcome {
            Outcome::Win(p) => self.wins[p.index()] += 1,
            Outcome::Tie => self.ties += 1,
        }
        self
    }

    fn merge(mut self, other: Self) -> Self {
        self.games += other.games;
        self.rounds += other.rounds;
        self.wins[0] += other.wins[0];
        self.wins[1] += other.wins[1];
        self.ties += other.ties;
        self
    }
}

/// `games` random games from `state` with strategy `S` on `threads` threads (0: as many as
/// rayon's default), game `i` seeded by [`game_rng`]`(seed, i)`: the totals do not depend on
/// the number of threads. Returns the totals and the wall time.
pub fn playouts<S: Simulation>(
    state: &State,
    games: u64,
    seed: u64,
    threads: usize,
) -> (PlayoutStats, Duration) {
    let board = S::load(state);
    let run = || {
        let start = Instant::now();
        let stats = (0..games)
            .into_par_iter()
            .fold(PlayoutStats::default, |stats, i| {
                let mut game = board.clone();
                stats.add(playout::<S, _>(&mut game, &mut game_rng(seed, i)))
            })
            .reduce(PlayoutStats::default, PlayoutStats::merge);
        (stats, start.elapsed())
    };
    in_pool(threads, run)
}

/// [`playouts`] on the calling thread only, with no thread pool in the way: the figure for
/// single-threaded speed.
pub fn playouts_serial<S: Simulation>(
    state: &State,
    games: u64,
    seed: u64,
) -> (PlayoutStats, Duration) {
    let board = S::load(state);
    let start = Instant::now();
    let stats = (0..games).fold(PlayoutStats::default(), |stats, i| {
        let mut game = board.clone();
        stats.add(playout::<S, _>(&mut game, &mut game_rng(seed, i)))
    });
    (stats, start.elapsed())
}

/// [`playouts_serial`] that gives up (`None`) soon after `stop` is set, for front ends where
/// a person may interrupt a long run: the same games and the same totals otherwise.
pub fn playouts_until<S: Simulation>(
    state: &State,
    games: u64,
    seed: u64,
    stop: &AtomicBool,
) -> Option<PlayoutStats> {
    /// Games between looks at the flag: well under a millisecond of play.
    const CHECK_EVERY: u64 = 64;
    let board = S::load(state);
    (0..games).try_fold(PlayoutStats::default(), |stats, i| {
        if i % CHECK_EVERY == 0 && stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut game = board.clone();
        Some(stats.add(playout::<S, _>(&mut game, &mut game_rng(seed, i))))
    })
}

/// Runs `f` in a rayon pool of `threads` threads (0: the global pool).
pub(crate) fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    if threads == 0 {
        return f();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}

/// One round to simulate: a state and both players' commands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundInstance {
    /// The state before the round.
    pub state: State,
    /// A's command and B's, each valid in `state` and in its player's own frame.
    pub commands: [Command; 2],
}

/// A random mid-game state: the start played on by random commands for 5..=150 rounds
/// (fewer if the game ends first: the last state before the end).
pub fn random_state<R: Rng + ?Sized>(rng: &mut R) -> State {
    let rounds = rng.random_range(5..=150);
    let mut board = Fastest::load(&State::start());
    for _ in 0..rounds {
        let a = Fastest::random_command(&board, Player::A, rng);
        let b = Fastest::random_command(&board, Player::B, rng);
        let mut next = board.clone();
        Fastest::round(&mut next, [a, b]);
        if Fastest::is_over(&next) {
            break;
        }
        board = next;
    }
    Fastest::store(&board)
}

/// `count` random mid-game states ([`random_state`]), each with a random valid command for
/// each player, from `seed`: the same arguments give the same corpus.
pub fn round_corpus(count: usize, seed: u64) -> Vec<RoundInstance> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let state = random_state(&mut rng);
            let board = Fastest::load(&state);
            let commands = [
                Fastest::random_command(&board, Player::A, &mut rng),
                Fastest::random_command(&board, Player::B, &mut rng),
            ];
            RoundInstance { state, commands }
        })
        .collect()
}

/// The state after `S` plays `instance`'s round: what every strategy must agree on.
pub fn play_instance<S: Simulation>(instance: &RoundInstance) -> State {
    let mut board = S::load(&instance.state);
    S::round(&mut board, instance.commands);
    S::store(&board)
}

/// The first instance (its index and the first differing field) where strategy `S` does
/// not give the state [`Naive`](crate::Naive) gives, or `None` if they all agree.
pub fn first_disagreement<S: Simulation>(
    instances: &[RoundInstance],
) -> Option<(usize, FieldDifference)> {
    instances.iter().enumerate().find_map(|(i, instance)| {
        play_instance::<crate::Naive>(instance)
            .first_difference(&play_instance::<S>(instance))
            .map(|d| (i, d))
    })
}

/// Each instance loaded into strategy `S`'s board, with its commands: the input of
/// [`round_pass`].
pub fn load_instances<S: Simulation>(instances: &[RoundInstance]) -> Vec<(S::Board, [Command; 2])> {
    instances
        .iter()
        .map(|i| (S::load(&i.state), i.commands))
        .collect()
}

/// One timing pass for `bitgames compare`: every instance's round played on a copy of its
/// board (a round consumes its board, so the copy is part of the cost), the results folded
/// into a checksum to keep the work from being optimised away.
pub fn round_pass<S: Simulation>(boards: &[(S::Board, [Command; 2])]) -> u64 {
    boards.iter().fold(0, |acc, (board, commands)| {
        let mut board = board.clone();
        S::round(&mut board, *commands);
        acc ^ checksum::<S>(&board)
    })
}

/// A cheap summary of a board (round, health, score) to fold into a benchmark checksum so
/// the work cannot be optimised away.
#[inline]
pub fn checksum<S: Simulation>(board: &S::Board) -> u64 {
    let [ha, hb] = S::health(board);
    let [sa, sb] = S::score(board);
    u64::from(S::round_number(board))
        ^ (ha as u64) << 8
        ^ (hb as u64) << 16
        ^ (sa as u64) << 24
        ^ (sb as u64) << 40
}
