//! `bitgames.Othello`, `bitgames.Santorini`, `bitgames.Amazons`: positions as immutable
//! Python values over the registry's [`AnyPosition`].

use bitgames::search::Player;
use bitgames::setup::{self, Setup};
use bitgames::{AnyPosition, AnyStrategy, GameName, othello, santorini};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString};

use crate::value_error;

macro_rules! position_class {
    ($class:ident, $name:literal, $game:ident, extra { $($extra:tt)* }) => {
        position_class!(
            $class,
            $name,
            $game,
            extra { $($extra)* },
            #[pyo3(signature = (text = None))]
            fn new(text: Option<&str>) -> PyResult<Self> {
                let position =
                    AnyPosition::parse_or_start(GameName::$game, text).map_err(value_error)?;
                Ok($class { position })
            }
        );
    };
    ($class:ident, $name:literal, $game:ident, extra { $($extra:tt)* }, $(#[$new_attr:meta])* fn new($($arg:ident: $ty:ty),*) -> PyResult<Self> $new:block) => {
        /// A position (immutable: `play` returns a new one). `Cls()` is the start position,
        /// `Cls(text)` parses the command line's notation and `str()` gives it back.
        #[pyclass(name = $name, module = "bitgames", frozen)]
        #[derive(Clone, Debug)]
        pub struct $class {
            pub(crate) position: AnyPosition,
        }

        #[pymethods]
        impl $class {
            #[new]
            $(#[$new_attr])*
            fn new($($arg: $ty),*) -> PyResult<Self> $new

            fn __str__(&self) -> String {
                self.position.to_string()
            }

            fn __repr__(&self) -> String {
                format!("{}({:?})", $name, self.position.to_string())
            }

            fn __eq__(&self, other: &Self) -> bool {
                self.position == other.position
            }

            fn __hash__(&self) -> u64 {
                self.position.hash()
            }

            /// The board drawn with coordinates, as `bitgames play` shows it.
            fn board(&self) -> String {
                format!("{:#}", self.position)
            }

            /// Every square, row by row from the top-left: `(name, piece, level)` with
            /// `piece` one of `"first"`, `"second"`, `"arrow"` or `None`, and `level` the
            /// Santorini building height (`None` in other games).
            fn cells(&self) -> Vec<(String, Option<&'static str>, Option<u8>)> {
                cells(&self.position)
            }

            /// The legal moves in the game's notation.
            fn legal_moves(&self, py: Python<'_>) -> Vec<Py<PyString>> {
                move_names(py, &self.position)
            }

            /// The position after `move` (in the game's notation); `ValueError` naming what
            /// is wrong when the move is malformed or illegal.
            fn play(&self, r#move: &str) -> PyResult<Self> {
                let position = self.position.play_text(r#move).map_err(value_error)?;
                Ok($class { position })
            }

            /// `"ongoing"`, `"first"` or `"second"` (that player won) or `"draw"`.
            #[getter]
            fn outcome(&self) -> &'static str {
                self.position.outcome().name()
            }

            /// `"first"` or `"second"`: the player to move, named as `outcome` and `cells`
            /// name players (`bitgames.PLAYERS.index(...)` gives 0 or 1). Was 0 or 1 before
            /// issue 42.
            #[getter]
            fn side_to_move(&self) -> &'static str {
                self.position.side_to_move().name()
            }

            /// The raw bitboards as Python ints, by name (bit layout as in the Rust crate's
            /// geometry), for people studying the kernels.
            fn bitboards(&self) -> Vec<(&'static str, u128)> {
                bitboards(&self.position)
            }

            /// The incrementally updated Zobrist hash.
            #[getter]
            fn hash(&self) -> u64 {
                self.position.hash()
            }

            /// The leaves `depth` plies below (bulk-counted at the last ply), with the named
            /// kernel strategy (the fastest when `None`). Ctrl-C stops it within a moment
            /// (`KeyboardInterrupt`); depths past [`MAX_PERFT_DEPTH`] are refused up front.
            #[pyo3(signature = (depth, strategy = None))]
            fn perft(&self, py: Python<'_>, depth: u32, strategy: Option<&str>) -> PyResult<u64> {
                perft(py, &self.position, depth, strategy)
            }

            /// The best move by one of the engines, as a dict; Ctrl-C stops it
            /// (`KeyboardInterrupt`), and a finished game raises `ValueError`.
            ///
            /// `engine="alphabeta"` (what `bitgames search` runs: iterative deepening with a
            /// transposition table) stops at the first of `depth` (1 to 64; 6 when no budget
            /// is given), `nodes` (about that many, at least 1) or `time_ms` (1 to 3,600,000;
            /// with `nodes` or `time_ms` and no `depth`, as deep as they allow). It returns
            /// `{"engine", "move", "score", "depth", "nodes", "pv", "seconds"}`: `move` as
            /// `legal_moves()` writes it, `pv` the principal variation (a list of moves),
            /// `depth` the deepest completed iteration, and `score` for the side to move in
            /// the game's evaluation unit (Othello: hundredths of a disc; Amazons: hundredths
            /// of a square; Santorini: points), or `±(1_000_000 - plies)` for a forced win or
            /// loss that many plies ahead. Limited by `depth` alone it is deterministic.
            ///
            /// `engine="mcts"` (the engines' Monte Carlo tree search, leaves scored by the
            /// game's evaluation where it has one) runs `nodes` iterations (10,000 when no
            /// budget is given) or for `time_ms`, from `seed`, and returns `{"engine", "move",
            /// "iterations", "value", "seconds"}`, `value` the side to move's chance of
            /// winning (0 to 1) after `move`. `depth` is refused. With `nodes` alone it is
            /// deterministic.
            ///
            /// Budgets out of range and unknown engines raise `ValueError`.
            #[pyo3(signature = (time_ms = None, depth = None, nodes = None, engine = "alphabeta", seed = 1))]
            fn search<'py>(
                &self,
                py: Python<'py>,
                time_ms: Option<i64>,
                depth: Option<i64>,
                nodes: Option<i64>,
                engine: &str,
                seed: u64,
            ) -> PyResult<Bound<'py, PyDict>> {
                let args = crate::engines::SearchArgs {
                    time_ms,
                    depth,
                    nodes,
                    engine,
                    seed,
                };
                crate::engines::search(py, &self.position, args)
            }

            $($extra)*
        }
    };
}

/// The deepest perft a position accepts: every game's count passes 64 bits, and any
/// machine's patience, well before this many plies.
pub(crate) const MAX_PERFT_DEPTH: u32 = 30;

/// Perft of `position`, refused past [`MAX_PERFT_DEPTH`] and interruptible by Ctrl-C.
pub(crate) fn perft(
    py: Python<'_>,
    position: &AnyPosition,
    depth: u32,
    strategy: Option<&str>,
) -> PyResult<u64> {
    if depth > MAX_PERFT_DEPTH {
        return Err(value_error(format!(
            "perft depth {depth} cannot finish: the most is {MAX_PERFT_DEPTH} (every count \
             passes 64 bits before that)"
        )));
    }
    let strategy = AnyStrategy::parse_or_fastest(position.game(), strategy).map_err(value_error)?;
    crate::interrupt::interruptible(py, |stop| position.perft_until(depth, strategy, stop))?
        .map_err(value_error)
}

/// Othello's 65 move names as Python strings, made once: listing the moves of a position
/// then only copies references (the Python-loop benchmark's hot path).
fn othello_names(py: Python<'_>, position: &othello::Position) -> Vec<Py<PyString>> {
    static NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();
    let names = NAMES.get_or_init(py, || {
        othello::Square::all()
            .map(|square| othello::Move::Play(square).to_string())
            .chain([othello::Move::Pass.to_string()])
            .map(|name| PyString::new(py, &name).unbind())
            .collect()
    });
    position
        .legal_moves()
        .into_iter()
        .map(|mv| match mv {
            othello::Move::Play(square) => names[square.bit() as usize].clone_ref(py),
            othello::Move::Pass => names[64].clone_ref(py),
        })
        .collect()
}

/// The legal moves as Python strings (Othello's from [`othello_names`]).
fn move_names(py: Python<'_>, position: &AnyPosition) -> Vec<Py<PyString>> {
    match position {
        AnyPosition::Othello(p) => othello_names(py, p),
        _ => position
            .legal_moves()
            .iter()
            .map(|mv| PyString::new(py, &mv.to_string()).unbind())
            .collect(),
    }
}

/// The registry's per-square view as plain tuples.
fn cells(position: &AnyPosition) -> Vec<(String, Option<&'static str>, Option<u8>)> {
    position
        .board()
        .cells
        .into_iter()
        .map(|cell| {
            let piece = cell.piece.map(|piece| match piece {
                bitgames::Piece::First => "first",
                bitgames::Piece::Second => "second",
                bitgames::Piece::Arrow => "arrow",
            });
            (cell.name, piece, cell.level)
        })
        .collect()
}

fn bitboards(position: &AnyPosition) -> Vec<(&'static str, u128)> {
    match position {
        AnyPosition::Othello(p) => {
            let (black, white) = p.discs();
            vec![
                ("black", black.bits().into()),
                ("white", white.bits().into()),
            ]
        }
        AnyPosition::Santorini(p) => {
            let levels = p.levels();
            let mut boards: Vec<(&'static str, u128)> = ["level0", "level1", "level2", "level3"]
                .into_iter()
                .zip(0..4)
                .map(|(name, level)| (name, u128::from(levels.at(level).bits())))
                .collect();
            boards.push(("domes", levels.domes().bits().into()));
            boards.push(("first_workers", p.workers(Player::First).bits().into()));
            boards.push(("second_workers", p.workers(Player::Second).bits().into()));
            boards
        }
        AnyPosition::Amazons(p) => vec![
            ("white_queens", p.queens(Player::First).bits()),
            ("black_queens", p.queens(Player::Second).bits()),
            ("arrows", p.arrows().bits()),
        ],
    }
}

position_class!(
    Othello,
    "Othello",
    Othello,
    extra {
        /// The exact result of perfect play by both sides (the endgame solver of `bitgames
        /// solve`): `{"move", "score", "nodes", "seconds"}`, `score` the final disc margin
        /// for the side to move (empty squares going to the winner) and `move` a best move
        /// (`"pass"` when the side to move must pass).
        ///
        /// A solve with no limit is refused (`ValueError`) on more than 24 empty squares,
        /// which could take hours: give `time_ms` (1 to 3,600,000) or `nodes` (at least 1).
        /// A limit that runs out raises `TimeoutError`; Ctrl-C stops the solve within
        /// seconds (`KeyboardInterrupt`); a finished game raises `ValueError`.
        #[pyo3(signature = (time_ms = None, nodes = None))]
        fn solve<'py>(
            &self,
            py: Python<'py>,
            time_ms: Option<i64>,
            nodes: Option<i64>,
        ) -> PyResult<Bound<'py, PyDict>> {
            crate::engines::solve(py, &self.position, time_ms, nodes)
        }
    }
);
position_class!(
    Santorini,
    "Santorini",
    Santorini,
    extra {},
    /// `gods=("apollo", "minotaur")` sets each player's god, player 1's first, on the
    /// start or on `text`: written into the text in place of the gods it names, its markers
    /// kept (`athena[^]`, `#`), exactly as if the text had named them.
    #[pyo3(signature = (text = None, gods = None))]
    fn new(text: Option<&str>, gods: Option<(String, String)>) -> PyResult<Self> {
        let gods = gods.as_ref().map(parse_gods).transpose()?;
        let setup = Setup::parse(GameName::Santorini, text, gods, None).map_err(value_error)?;
        Ok(Santorini {
            position: setup.position,
        })
    }
);

/// Two god names (player 1's first), or `ValueError` naming the choices.
pub(crate) fn parse_gods((first, second): &(String, String)) -> PyResult<[santorini::God; 2]> {
    setup::parse_god_pair([first, second]).map_err(value_error)
}
position_class!(Amazons, "Amazons", Amazons, extra {});
/// Every registered kernel operation of `game` run by every strategy on `position` (a
/// random one from `seed` that asks a question when `None`), as the web app's Kernels page shows it: a JSON list
/// of `{"operation", "question", "layers", "count", "timings": [{"strategy",
/// "ns_per_call", "agrees"}]}`. Each pair is timed for `budget_ms` milliseconds (0 to 100).
#[pyfunction]
#[pyo3(signature = (game, position = None, seed = 1, budget_ms = 1.0))]
fn kernels_json(
    py: Python<'_>,
    game: &str,
    position: Option<&str>,
    seed: u64,
    budget_ms: f64,
) -> PyResult<String> {
    use rand::SeedableRng;
    let game = setup::parse_game(game).map_err(value_error)?;
    if !(0.0..=100.0).contains(&budget_ms) {
        return Err(value_error(format!(
            "budget_ms must be between 0 and 100, not {budget_ms}"
        )));
    }
    let position = match position {
        Some(text) => AnyPosition::parse(game, text),
        None => bitgames::kernels::random_position(
            game,
            &mut rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed),
        ),
    }
    .map_err(value_error)?;
    let budget = std::time::Duration::from_secs_f64(budget_ms / 1_000.0);
    let runs = py.detach(|| bitgames::kernels::run_kernels(&position, budget));
    serde_json::to_string(&runs).map_err(value_error)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(kernels_json, m)?)?;
    m.add_class::<Othello>()?;
    m.add_class::<Santorini>()?;
    m.add_class::<Amazons>()?;
    Ok(())
}
