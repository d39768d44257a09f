//! One game of an engine match, seeded and seated the same way wherever it is played
//! (`bitgames match`, `bitgames.distributed selfplay`), so a game is a function of its
//! settings and index.

use std::time::Duration;

use bitgames_search::engine::{Engine, EngineKind};
use bitgames_search::{Evaluate, Outcome, Player, PositionTask};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::{AnyPosition, Error, GameName};

/// Games longer than this many plies after the opening are scored as draws (none of the
/// games gets near it).
pub const MAX_PLIES: usize = 1_000;

/// What every game of a match shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchSettings {
    /// The engine whose score is reported.
    pub a: EngineKind,
    /// Its opponent.
    pub b: EngineKind,
    /// Thinking time a move.
    pub time: Duration,
    /// The match seed: openings and engines' random choices derive from it.
    pub seed: u64,
    /// Random plies from the start before the engines take over, for varied openings.
    pub opening_plies: u32,
}

/// One finished (or ply-limited) game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchGame {
    /// The seat of engine A.
    pub a_seat: Player,
    /// The random opening plies, then the engines' moves, in the game's notation.
    pub moves: Vec<String>,
    /// How many of `moves` are the random opening.
    pub opening_plies: usize,
    /// How it ended: `Ongoing` when the ply limit stopped it.
    pub outcome: Outcome,
}

impl MatchGame {
    /// Engine A's score: 1 for a win, 0.5 for a draw or an unfinished game, 0 for a loss.
    pub fn a_score(&self) -> f64 {
        match self.outcome {
            Outcome::Win(p) if p == self.a_seat => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw | Outcome::Ongoing => 0.5,
        }
    }
}

/// The random opening of game `index` of a match seeded `seed`: up to `plies` uniformly
/// random moves from `root` (fewer if the game ends), the same for games `2k` and `2k + 1`
/// so that each opening is played once with each colour.
pub fn random_opening<G: Evaluate>(root: G, seed: u64, plies: u32, index: u64) -> Vec<G::Move> {
    let opening_seed = seed.wrapping_mul(1_000_003).wrapping_add(index / 2);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(opening_seed);
    let mut position = root;
    let mut moves = Vec::new();
    for _ in 0..plies {
        match position.random_move(&mut rng) {
            Some(mv) => {
                moves.push(mv);
                position = position.play(mv);
            }
            None => break,
        }
    }
    moves
}

/// Plays game number `index` of a match from each game's start: engine A on the kernels of
/// `A`, engine B on those of `B`. Each random opening is played twice, once with each
/// colour: A moves first in even games and second in odd ones.
pub fn play_match_game<A: Evaluate, B: Evaluate>(
    settings: &MatchSettings,
    index: u64,
) -> Result<MatchGame, Error> {
    play_match_game_from(A::start(), B::start(), settings, index)
}

/// [`play_match_game`] from a given root (the same position on A's and on B's kernels), for
/// example a Santorini board with gods.
pub fn play_match_game_from<A: Evaluate, B: Evaluate>(
    a_root: A,
    b_root: B,
    settings: &MatchSettings,
    index: u64,
) -> Result<MatchGame, Error> {
    let engine_failed = |err: &dyn std::fmt::Display| Error::Engine(format!("{err}"));
    let mut a_position = a_root;
    let mut moves = Vec::new();
    for mv in random_opening(a_root, settings.seed, settings.opening_plies, index) {
        moves.push(mv.to_string());
        a_position = a_position.play(mv);
    }
    let opening_plies = moves.len();
    let a_seat = if index.is_multiple_of(2) {
        Player::First
    } else {
        Player::Second
    };
    // B's kernels may differ from A's: it follows the same moves on its own position type.
    let mut b_position = b_root;
    for mv in &moves {
        let mv = b_position.parse_move(mv).map_err(|e| engine_failed(&e))?;
        b_position = b_position.play(mv);
    }
    let engine_seed = settings.seed ^ (index << 8);
    let mut a = Engine::<A>::new(settings.a, engine_seed);
    let mut b = Engine::<B>::new(settings.b, engine_seed.wrapping_add(1));
    while !a_position.outcome().is_over() && moves.len() - opening_plies < MAX_PLIES {
        let text = if a_position.side_to_move() == a_seat {
            a.choose(&a_position, settings.time)
                .map(|c| c.mv.to_string())
        } else {
            b.choose(&b_position, settings.time)
                .map(|c| c.mv.to_string())
        }
        .ok_or_else(|| engine_failed(&"an engine found no move in an unfinished game"))?;
        let a_move = a_position
            .parse_move(&text)
            .map_err(|e| engine_failed(&e))?;
        let b_move = b_position
            .parse_move(&text)
            .map_err(|e| engine_failed(&e))?;
        a.observe(&a_position, a_move);
        b.observe(&b_position, b_move);
        a_position = a_position.play(a_move);
        b_position = b_position.play(b_move);
        moves.push(text);
    }
    Ok(MatchGame {
        a_seat,
        moves,
        opening_plies,
        outcome: a_position.outcome(),
    })
}

/// [`play_match_game`] with the game and each engine's kernel strategy chosen at run time
/// (the fastest when `None`): what `bitgames match` and distributed self-play call.
pub fn play_named_match_game(
    game: GameName,
    strategies: [Option<&str>; 2],
    settings: &MatchSettings,
    index: u64,
) -> Result<MatchGame, Error> {
    play_named_match_game_from(AnyPosition::start(game)?, strategies, settings, index)
}

/// [`play_named_match_game`] from a given root position (a Santorini board with gods, say).
pub fn play_named_match_game_from(
    start: AnyPosition,
    strategies: [Option<&str>; 2],
    settings: &MatchSettings,
    index: u64,
) -> Result<MatchGame, Error> {
    struct WithA<'a> {
        start: AnyPosition,
        b_strategy: Option<&'a str>,
        settings: &'a MatchSettings,
        index: u64,
    }
    impl PositionTask for WithA<'_> {
        type Output = Result<MatchGame, Error>;
        fn run<A: Evaluate>(self, a_root: A, _: &'static str) -> Self::Output {
            struct WithAB<'a, A>(&'a MatchSettings, u64, A);
            impl<A: Evaluate> PositionTask for WithAB<'_, A> {
                type Output = Result<MatchGame, Error>;
                fn run<B: Evaluate>(self, b_root: B, _: &'static str) -> Self::Output {
                    play_match_game_from::<A, B>(self.2, b_root, self.0, self.1)
                }
            }
            let task = WithAB::<A>(self.settings, self.index, a_root);
            self.start.run(self.b_strategy, task)?
        }
    }
    let [a_strategy, b_strategy] = strategies;
    let task = WithA {
        start,
        b_strategy,
        settings,
        index,
    };
    start.run(a_strategy, task)?
}
