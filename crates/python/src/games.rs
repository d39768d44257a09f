//! `bitgames.Othello`, `bitgames.Santorini`, `bitgames.Amazons`: positions as immutable
//! Python values.

use bitgames::search::{Game, Outcome, Player};
use bitgames::{GameName, GameTask, amazons, othello, santorini};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;

use crate::value_error;

/// Perft on the position given as text, with the strategy named at run time.
struct Perft {
    text: String,
    depth: u32,
}

impl GameTask for Perft {
    type Output = u64;

    fn run<G: bitgames::search::Evaluate>(self, _: &'static str) -> anyhow::Result<u64> {
        let position: G = self.text.parse()?;
        Ok(bitgames::search::perft(&position, self.depth))
    }
}

fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Ongoing => "ongoing",
        Outcome::Draw => "draw",
        Outcome::Win(Player::First) => "first",
        Outcome::Win(Player::Second) => "second",
    }
}

macro_rules! position_class {
    ($class:ident, $name:literal, $game:ident, $krate:ident, $bitboards:path, $names:path) => {
        /// A position (immutable: `play` returns a new one). `Cls()` is the start position,
        /// `Cls(text)` parses the command line's notation and `str()` gives it back.
        #[pyclass(name = $name, module = "bitgames", frozen)]
        #[derive(Clone, Debug)]
        pub struct $class {
            pub(crate) position: $krate::Position,
        }

        #[pymethods]
        impl $class {
            #[new]
            #[pyo3(signature = (text = None))]
            fn new(text: Option<&str>) -> PyResult<Self> {
                let position = match text {
                    Some(text) => text.parse().map_err(value_error)?,
                    None => <$krate::Position as Game>::start(),
                };
                Ok($class { position })
            }

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
                Game::hash(&self.position)
            }

            /// The board drawn with coordinates, as `bitgames play` shows it.
            fn board(&self) -> String {
                format!("{:#}", self.position)
            }

            /// The legal moves in the game's notation.
            fn legal_moves(&self, py: Python<'_>) -> Vec<Py<PyString>> {
                $names(py, &self.position)
            }

            /// The position after `move` (in the game's notation); `ValueError` naming what
            /// is wrong when the move is malformed or illegal.
            fn play(&self, r#move: &str) -> PyResult<Self> {
                let mv = self.position.parse_move(r#move).map_err(value_error)?;
                Ok($class {
                    position: self.position.play(mv),
                })
            }

            /// `"ongoing"`, `"first"` or `"second"` (that player won) or `"draw"`.
            #[getter]
            fn outcome(&self) -> &'static str {
                outcome_name(Game::outcome(&self.position))
            }

            /// 0 for the first player, 1 for the second.
            #[getter]
            fn side_to_move(&self) -> usize {
                Game::side_to_move(&self.position).index()
            }

            /// The raw bitboards as Python ints, by name (bit layout as in the Rust crate's
            /// geometry), for people studying the kernels.
            fn bitboards(&self) -> Vec<(&'static str, u128)> {
                $bitboards(&self.position)
            }

            /// The incrementally updated Zobrist hash.
            #[getter]
            fn hash(&self) -> u64 {
                Game::hash(&self.position)
            }

            /// The leaves `depth` plies below (bulk-counted at the last ply), with the named
            /// kernel strategy (the fastest when `None`).
            #[pyo3(signature = (depth, strategy = None))]
            fn perft(&self, py: Python<'_>, depth: u32, strategy: Option<&str>) -> PyResult<u64> {
                let task = Perft {
                    text: self.position.to_string(),
                    depth,
                };
                let strategy = strategy.map(str::to_owned);
                py.detach(move || bitgames::dispatch(GameName::$game, strategy.as_deref(), task))
                    .map_err(value_error)
            }
        }
    };
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

/// The legal moves as new Python strings.
fn move_names<G: Game>(py: Python<'_>, position: &G) -> Vec<Py<PyString>> {
    position
        .legal_moves()
        .into_iter()
        .map(|mv| PyString::new(py, &mv.to_string()).unbind())
        .collect()
}

fn othello_bitboards(position: &othello::Position) -> Vec<(&'static str, u128)> {
    let (black, white) = position.discs();
    vec![("black", black.into()), ("white", white.into())]
}

fn santorini_bitboards(position: &santorini::Position) -> Vec<(&'static str, u128)> {
    let levels = position.levels();
    let mut boards: Vec<(&'static str, u128)> = ["level0", "level1", "level2", "level3"]
        .into_iter()
        .zip(0..4)
        .map(|(name, level)| (name, u128::from(levels.at(level).bits())))
        .collect();
    boards.push(("domes", levels.domes().bits().into()));
    boards.push((
        "first_workers",
        position.workers(Player::First).bits().into(),
    ));
    boards.push((
        "second_workers",
        position.workers(Player::Second).bits().into(),
    ));
    boards
}

fn amazons_bitboards(position: &amazons::Position) -> Vec<(&'static str, u128)> {
    vec![
        ("white_queens", position.queens(Player::First).bits()),
        ("black_queens", position.queens(Player::Second).bits()),
        ("arrows", position.arrows().bits()),
    ]
}

position_class!(
    Othello,
    "Othello",
    Othello,
    othello,
    othello_bitboards,
    othello_names
);
position_class!(
    Santorini,
    "Santorini",
    Santorini,
    santorini,
    santorini_bitboards,
    move_names
);
position_class!(
    Amazons,
    "Amazons",
    Amazons,
    amazons,
    amazons_bitboards,
    move_names
);

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Othello>()?;
    m.add_class::<Santorini>()?;
    m.add_class::<Amazons>()?;
    Ok(())
}
