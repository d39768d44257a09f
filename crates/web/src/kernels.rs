//! The Kernels page's API: each kernel operation of a game run by every strategy on one
//! position, its answer as highlighted squares (one list per distance layer), each
//! strategy's time for it, and whether it agrees with the naive oracle.
//!
//! The kernels are the game crates' own (`Kernels` traits, visited with
//! `for_each_strategy`); only the timing loop and the drawing live here.

use std::hint::black_box;
use std::time::{Duration, Instant};

use bitgames::bitboard::Geometry;
use bitgames::search::Player;
use bitgames::{AnyPosition, Board, amazons, othello, santorini};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use crate::{ApiError, play};

/// `POST /api/kernels`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KernelsRequest {
    /// `othello`, `santorini` or `amazons`.
    pub game: String,
    /// The position; a random one (from `seed`) when absent.
    pub position: Option<String>,
    /// Seed for the random position (1 when absent).
    pub seed: Option<u64>,
}

/// What `POST /api/kernels` answers.
#[derive(Debug, Clone, Serialize)]
pub struct KernelsReply {
    /// The game's name.
    pub game: &'static str,
    /// The position the kernels ran on.
    pub position: String,
    /// Its board, to draw each answer on.
    pub board: Board,
    /// Each operation, with its answer and every strategy's time.
    pub operations: Vec<Operation>,
}

/// One operation run by every strategy.
#[derive(Debug, Clone, Serialize)]
pub struct Operation {
    /// What was asked, e.g. `legal_moves` or `flips of d3`.
    pub title: String,
    /// The naive answer's squares, one list per layer (one layer for a plain set; layer
    /// `k` holds the squares at distance `k` for distance layers).
    pub layers: Vec<Vec<String>>,
    /// Every strategy's time, in the game's strategy order (naive first).
    pub timings: Vec<Timing>,
}

/// One strategy's time for one operation.
#[derive(Debug, Clone, Serialize)]
pub struct Timing {
    /// The strategy's name.
    pub strategy: &'static str,
    /// Mean time per call over a few milliseconds of calls.
    pub ns_per_call: f64,
    /// Whether its answer equals the naive one.
    pub agrees: bool,
}

/// How long each (operation, strategy) pair is timed: short, the page waits for all of them.
const TIMING: Duration = Duration::from_millis(3);

/// Calls `f` repeatedly for about [`TIMING`]; returns its answer and the mean ns per call.
fn timed<T>(mut f: impl FnMut() -> T) -> (T, f64) {
    let answer = f();
    let start = Instant::now();
    let mut calls = 0u64;
    while start.elapsed() < TIMING {
        for _ in 0..64 {
            black_box(f());
        }
        calls += 64;
    }
    (answer, start.elapsed().as_nanos() as f64 / calls as f64)
}

/// Each strategy's answer and time for one operation, in visiting order.
type Runs<A> = Vec<(&'static str, A, f64)>;

/// Per operation (by title), its [`Runs`].
struct Results<A> {
    operations: Vec<(String, Runs<A>)>,
}

impl<A: PartialEq> Results<A> {
    fn new(titles: &[String]) -> Self {
        Results {
            operations: titles.iter().map(|t| (t.clone(), Vec::new())).collect(),
        }
    }

    fn record(&mut self, op: usize, strategy: &'static str, (answer, ns): (A, f64)) {
        self.operations[op].1.push((strategy, answer, ns));
    }

    /// The naive (first) answer drawn by `draw`, and every strategy's timing.
    fn finish(self, draw: impl Fn(&A) -> Vec<Vec<String>>) -> Vec<Operation> {
        self.operations
            .into_iter()
            .filter_map(|(title, runs)| {
                let naive = &runs.first()?.1;
                let layers = draw(naive);
                let timings = runs
                    .iter()
                    .map(|(strategy, answer, ns)| Timing {
                        strategy,
                        ns_per_call: *ns,
                        agrees: answer == naive,
                    })
                    .collect();
                Some(Operation {
                    title,
                    layers,
                    timings,
                })
            })
            .collect()
    }
}

/// The names of a set's squares (`d3`, `a10`, `C2`), in bit order.
fn names<G: Geometry>(set: bitgames::bitboard::Bitboard<G>) -> Vec<String> {
    set.iter().map(|square| square.to_string()).collect()
}

/// Runs every operation of every strategy on the requested position.
pub fn run(request: &KernelsRequest) -> Result<KernelsReply, ApiError> {
    let game = play::game(&request.game)?;
    let position = match request.position.as_deref() {
        Some(text) => AnyPosition::parse(game, text)?,
        None => {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(request.seed.unwrap_or(1));
            AnyPosition::random(game, &mut rng)?
        }
    };
    let operations = match &position {
        AnyPosition::Othello(p) => othello_kernels(p),
        AnyPosition::Amazons(p) => amazons_kernels(p),
        AnyPosition::Santorini(p) => santorini_kernels(p),
    };
    Ok(KernelsReply {
        game: game.name(),
        position: position.to_string(),
        board: position.board(),
        operations,
    })
}

fn othello_kernels(p: &othello::Position) -> Vec<Operation> {
    let (player, opponent) = (p.player(), p.opponent());
    let moves = p.move_mask();
    let square = othello::Bitboard::from_bits_truncate(moves).first();
    let mut titles = vec!["legal_moves".to_owned()];
    if let Some(square) = square {
        titles.push(format!("flips of {square}"));
    }

    struct Visit {
        player: u64,
        opponent: u64,
        square: Option<othello::Square>,
        results: Results<u64>,
    }
    impl othello::StrategyVisitor for Visit {
        fn visit<S: othello::Kernels>(&mut self) {
            let (player, opponent) = (self.player, self.opponent);
            let legal = timed(|| S::legal_moves(black_box(player), black_box(opponent)));
            self.results.record(0, S::NAME, legal);
            if let Some(square) = self.square {
                let flips = timed(|| S::flips(black_box(player), black_box(opponent), square));
                self.results.record(1, S::NAME, flips);
            }
        }
    }
    let mut visit = Visit {
        player,
        opponent,
        square,
        results: Results::new(&titles),
    };
    othello::for_each_strategy(&mut visit);
    visit
        .results
        .finish(|mask| vec![names(othello::Bitboard::from_bits_truncate(*mask))])
}

fn amazons_kernels(p: &amazons::Position) -> Vec<Operation> {
    let side = p.side_to_move();
    let queens = p.queens(side);
    let occupied = p.occupied();
    let empty = p.empty_squares();
    let from = queens.first();
    let mut titles = vec![
        format!("fill from the {} queens", side_name(side)),
        format!("min_distances from the {} queens", side_name(side)),
    ];
    if let Some(from) = from {
        titles.push(format!("queen_reach from {from}"));
    }

    struct Visit {
        queens: amazons::Bitboard,
        empty: amazons::Bitboard,
        occupied: amazons::Bitboard,
        from: Option<amazons::Square>,
        results: Results<Vec<amazons::Bitboard>>,
    }
    impl amazons::StrategyVisitor for Visit {
        fn visit<S: amazons::Kernels>(&mut self) {
            let (queens, empty, occupied) = (self.queens, self.empty, self.occupied);
            let fill = timed(|| S::fill(black_box(queens), black_box(empty)));
            self.results.record(0, S::NAME, (vec![fill.0], fill.1));
            let (layers, ns) = timed(|| S::min_distances(black_box(queens), black_box(empty)));
            self.results
                .record(1, S::NAME, (layers.layers().to_vec(), ns));
            if let Some(from) = self.from {
                let reach = timed(|| S::queen_reach(from, black_box(occupied)));
                self.results.record(2, S::NAME, (vec![reach.0], reach.1));
            }
        }
    }
    let mut visit = Visit {
        queens,
        empty,
        occupied,
        from,
        results: Results::new(&titles),
    };
    amazons::for_each_strategy(&mut visit);
    visit
        .results
        .finish(|layers| layers.iter().map(|&set| names(set)).collect())
}

fn santorini_kernels(p: &santorini::Position) -> Vec<Operation> {
    let side = p.side_to_move();
    let from = p.workers(side).first();
    let Some(from) = from else {
        // Workers not placed yet: no worker to move from.
        return Vec::new();
    };
    let titles = vec![
        format!("move_to from {from}"),
        format!("distances from {from}"),
    ];

    struct Visit {
        from: santorini::Square,
        levels: santorini::Levels,
        results: Results<Vec<santorini::Bitboard>>,
    }
    impl santorini::StrategyVisitor for Visit {
        fn visit<S: santorini::Kernels>(&mut self) {
            let (from, levels) = (self.from, &self.levels);
            let moves = timed(|| S::move_to(from, black_box(levels)));
            self.results.record(0, S::NAME, (vec![moves.0], moves.1));
            let (layers, ns) = timed(|| S::distances(from, black_box(levels)));
            self.results
                .record(1, S::NAME, (layers.layers().to_vec(), ns));
        }
    }
    let mut visit = Visit {
        from,
        levels: *p.levels(),
        results: Results::new(&titles),
    };
    santorini::for_each_strategy(&mut visit);
    visit
        .results
        .finish(|layers| layers.iter().map(|&set| names(set)).collect())
}

fn side_name(side: Player) -> &'static str {
    match side {
        Player::First => "first player's",
        Player::Second => "second player's",
    }
}
