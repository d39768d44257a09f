//! One game of an engine match, seeded and seated the same way wherever it is played
//! (`bitgames match`, `bitgames.distributed selfplay`), so a game is a function of its
//! settings and index.

use std::time::Duration;

use bitgames_search::engine::{Engine, EngineKind};
use bitgames_search::{Evaluate, Outcome, Player, PositionTask};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::{AnyPosition, AnyStrategy, Error, GameName};

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
    let opening = opening_texts(a_root, settings, index);
    let [a_seed, b_seed] = engine_seeds(settings, index);
    play_seats(
        Box::new(Seat::new(a_root, settings.a, a_seed)),
        Box::new(Seat::new(b_root, settings.b, b_seed)),
        opening,
        settings,
        index,
    )
}

/// [`play_match_game`] with the game and each engine's kernel strategy chosen at run time:
/// what `bitgames match` and distributed self-play call.
pub fn play_named_match_game(
    game: GameName,
    strategies: [AnyStrategy; 2],
    settings: &MatchSettings,
    index: u64,
) -> Result<MatchGame, Error> {
    play_named_match_game_from(AnyPosition::start(game)?, strategies, settings, index)
}

/// [`play_named_match_game`] from a given root position (a Santorini board with gods, say).
/// Each engine's strategy is one dispatch of its own: the seats meet as trait objects, so
/// two strategies never nest one generic call inside another.
pub fn play_named_match_game_from(
    start: AnyPosition,
    strategies: [AnyStrategy; 2],
    settings: &MatchSettings,
    index: u64,
) -> Result<MatchGame, Error> {
    struct Opening<'a>(&'a MatchSettings, u64);
    impl PositionTask for Opening<'_> {
        type Output = Vec<String>;
        fn run<G: Evaluate>(self, root: G) -> Vec<String> {
            opening_texts(root, self.0, self.1)
        }
    }
    struct MakeSeat(EngineKind, u64);
    impl PositionTask for MakeSeat {
        type Output = Box<dyn Seated>;
        fn run<G: Evaluate>(self, root: G) -> Box<dyn Seated> {
            Box::new(Seat::new(root, self.0, self.1))
        }
    }
    let [a_strategy, b_strategy] = strategies;
    let [a_seed, b_seed] = engine_seeds(settings, index);
    let opening = start.run(a_strategy, Opening(settings, index))?;
    let a = start.run(a_strategy, MakeSeat(settings.a, a_seed))?;
    let b = start.run(b_strategy, MakeSeat(settings.b, b_seed))?;
    play_seats(a, b, opening, settings, index)
}

/// The random opening of game `index` as text, drawn on `root`'s kernels.
fn opening_texts<G: Evaluate>(root: G, settings: &MatchSettings, index: u64) -> Vec<String> {
    random_opening(root, settings.seed, settings.opening_plies, index)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The seeds of engines A and B in game `index`.
fn engine_seeds(settings: &MatchSettings, index: u64) -> [u64; 2] {
    let seed = settings.seed ^ (index << 8);
    [seed, seed.wrapping_add(1)]
}

/// One engine and its own copy of the game, on its own kernels: moves cross between the
/// seats as text, so each seat's position type stays inside it.
trait Seated {
    /// Plays `text` (checked), telling the engine first when `observe` (moves made after
    /// the opening; the engine never saw the opening's).
    fn play(&mut self, text: &str, observe: bool) -> Result<(), Error>;
    /// The engine's move in the current position, as text.
    fn choose(&mut self, time: Duration) -> Option<String>;
    /// The current position's outcome.
    fn outcome(&self) -> Outcome;
    /// Whose turn it is.
    fn side_to_move(&self) -> Player;
}

/// [`Seated`] for an engine of ours on the position type `G`.
struct Seat<G: Evaluate> {
    engine: Engine<G>,
    position: G,
}

impl<G: Evaluate> Seat<G> {
    fn new(root: G, kind: EngineKind, seed: u64) -> Self {
        Seat {
            engine: Engine::new(kind, seed),
            position: root,
        }
    }
}

impl<G: Evaluate> Seated for Seat<G> {
    fn play(&mut self, text: &str, observe: bool) -> Result<(), Error> {
        let mv = self
            .position
            .parse_move(text)
            .map_err(|e| Error::Engine(e.to_string()))?;
        if observe {
            self.engine.observe(&self.position, mv);
        }
        self.position = self.position.play(mv);
        Ok(())
    }

    fn choose(&mut self, time: Duration) -> Option<String> {
        self.engine
            .choose(&self.position, time)
            .map(|c| c.mv.to_string())
    }

    fn outcome(&self) -> Outcome {
        self.position.outcome()
    }

    fn side_to_move(&self) -> Player {
        self.position.side_to_move()
    }
}

/// The game loop: the opening on both seats, then each engine in turn, A first in even
/// games, until the game ends or [`MAX_PLIES`] more plies have been played.
fn play_seats(
    mut a: Box<dyn Seated>,
    mut b: Box<dyn Seated>,
    opening: Vec<String>,
    settings: &MatchSettings,
    index: u64,
) -> Result<MatchGame, Error> {
    for text in &opening {
        a.play(text, false)?;
        b.play(text, false)?;
    }
    let opening_plies = opening.len();
    let mut moves = opening;
    let a_seat = if index.is_multiple_of(2) {
        Player::First
    } else {
        Player::Second
    };
    while !a.outcome().is_over() && moves.len() - opening_plies < MAX_PLIES {
        let text = if a.side_to_move() == a_seat {
            a.choose(settings.time)
        } else {
            b.choose(settings.time)
        }
        .ok_or_else(|| Error::Engine("an engine found no move in an unfinished game".to_owned()))?;
        a.play(&text, true)?;
        b.play(&text, true)?;
        moves.push(text);
    }
    Ok(MatchGame {
        a_seat,
        moves,
        opening_plies,
        outcome: a.outcome(),
    })
}
