//! Environments in integer actions (see [`crate::encoding`]): one game for the PettingZoo
//! wrappers (`bitgames._native.OthelloEnv`, ...) and N games stepped at once for training
//! (`bitgames.vector.Othello`, ...).
//!
//! A vectorized environment owns its NumPy buffers: `reset` and `step` write the games'
//! observations, action masks, rewards and termination flags into them in place (no Python
//! loop per game, no copies) and return those same arrays, so their contents change on the
//! next call. Finished games are reset automatically; the step that ends a game reports its
//! reward and `terminated = True`, and its observation is already the new game's.

use numpy::{PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::encoding::{AmazonsTurn, Encoding};
use crate::value_error;
use bitgames::{othello, santorini};

/// Games per parallel task: small vectors run on the calling thread.
const CHUNK: usize = 256;

/// The vectorized state: the games, a generator per game (so results do not depend on the
/// thread count), and the rewards each player has not yet been told.
#[derive(Debug)]
struct Batch<E: Encoding> {
    games: Vec<E>,
    rngs: Vec<Xoshiro256PlusPlus>,
}

impl<E: Encoding> Batch<E> {
    fn new(n: usize, seed: u64) -> Self {
        Batch {
            games: vec![E::start(); n],
            rngs: (0..n as u64)
                .map(|i| {
                    Xoshiro256PlusPlus::seed_from_u64(seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
                })
                .collect(),
        }
    }

    /// Writes game `i`'s observation (for the player to act) and action mask.
    fn write(game: &E, obs: &mut [i8], mask: &mut [bool]) {
        game.observe(game.current_player(), obs);
        game.legal_mask(mask);
    }
}

macro_rules! vector_env {
    ($class:ident, $name:literal, $encoding:ty) => {
        /// N games stepped at once in Rust (see the module docs of `bitgames.vector`).
        #[pyclass(name = $name, module = "bitgames.vector")]
        #[derive(Debug)]
        pub struct $class {
            batch: Batch<$encoding>,
            observations: Py<PyArray4<i8>>,
            masks: Py<PyArray2<bool>>,
            rewards: Py<PyArray1<f32>>,
            terminated: Py<PyArray1<bool>>,
        }

        #[pymethods]
        impl $class {
            /// `n` games, their random choices drawn from `seed`.
            #[new]
            #[pyo3(signature = (n, seed = 0))]
            fn new(py: Python<'_>, n: usize, seed: u64) -> PyResult<Self> {
                if n == 0 {
                    return Err(value_error("n must be at least 1"));
                }
                let [p, r, c] = <$encoding as Encoding>::PLANES;
                Ok($class {
                    batch: Batch::new(n, seed),
                    observations: PyArray4::zeros(py, [n, p, r, c], false).unbind(),
                    masks: PyArray2::from_vec2(py, &vec![vec![false; <$encoding>::ACTIONS]; n])
                        .map_err(value_error)?
                        .unbind(),
                    rewards: PyArray1::zeros(py, n, false).unbind(),
                    terminated: PyArray1::from_vec(py, vec![false; n]).unbind(),
                })
            }

            /// The number of games.
            #[getter]
            fn num_envs(&self) -> usize {
                self.batch.games.len()
            }

            /// The number of actions.
            #[getter]
            fn num_actions(&self) -> usize {
                <$encoding as Encoding>::ACTIONS
            }

            /// The player to act in each game (0 or 1), as a new array.
            fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
                let players: Vec<u8> = self
                    .batch
                    .games
                    .iter()
                    .map(|g| g.current_player() as u8)
                    .collect();
                PyArray1::from_vec(py, players)
            }

            /// Starts every game anew: `(observations, action_masks)`.
            fn reset<'py>(
                &mut self,
                py: Python<'py>,
            ) -> (Bound<'py, PyArray4<i8>>, Bound<'py, PyArray2<bool>>) {
                let (obs, masks) = (self.observations.bind(py), self.masks.bind(py));
                {
                    let mut obs_rw = obs.readwrite();
                    let mut masks_rw = masks.readwrite();
                    let obs = obs_rw.as_slice_mut().expect("contiguous");
                    let masks = masks_rw.as_slice_mut().expect("contiguous");
                    let games = &mut self.batch.games;
                    py.detach(|| {
                        let per_obs = obs.len() / games.len();
                        let per_mask = masks.len() / games.len();
                        games
                            .par_iter_mut()
                            .zip(obs.par_chunks_mut(per_obs))
                            .zip(masks.par_chunks_mut(per_mask))
                            .with_min_len(CHUNK)
                            .for_each(|((game, obs), mask)| {
                                *game = <$encoding as Encoding>::start();
                                Batch::write(game, obs, mask);
                            });
                    });
                }
                (obs.clone(), masks.clone())
            }

            /// One uniformly random legal action per game, drawn in Rust.
            fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
                let games = &self.batch.games;
                let rngs = &mut self.batch.rngs;
                let actions: Vec<i64> = py.detach(|| {
                    games
                        .par_iter()
                        .zip(rngs.par_iter_mut())
                        .with_min_len(CHUNK)
                        .map(|(game, rng)| game.random_action(rng) as i64)
                        .collect()
                });
                PyArray1::from_vec(py, actions)
            }

            /// Applies one action per game: `(observations, action_masks, rewards,
            /// terminated)`. Rewards are the final result (+1, -1, 0) for the player who
            /// made the game's last move, 0 otherwise. An illegal action raises
            /// `ValueError` naming the game, and no game moves.
            #[allow(clippy::type_complexity)]
            fn step<'py>(
                &mut self,
                py: Python<'py>,
                actions: PyReadonlyArray1<'py, i64>,
            ) -> PyResult<(
                Bound<'py, PyArray4<i8>>,
                Bound<'py, PyArray2<bool>>,
                Bound<'py, PyArray1<f32>>,
                Bound<'py, PyArray1<bool>>,
            )> {
                let actions = actions.as_slice().map_err(value_error)?;
                let n = self.batch.games.len();
                if actions.len() != n {
                    return Err(value_error(format!(
                        "expected {n} actions, got {}",
                        actions.len()
                    )));
                }
                let (obs, masks) = (self.observations.bind(py), self.masks.bind(py));
                let (rewards, terminated) = (self.rewards.bind(py), self.terminated.bind(py));
                {
                    let mut obs_rw = obs.readwrite();
                    let mut masks_rw = masks.readwrite();
                    let mut rewards_rw = rewards.readwrite();
                    let mut terminated_rw = terminated.readwrite();
                    let obs = obs_rw.as_slice_mut().expect("contiguous");
                    let masks = masks_rw.as_slice_mut().expect("contiguous");
                    let rewards = rewards_rw.as_slice_mut().expect("contiguous");
                    let terminated = terminated_rw.as_slice_mut().expect("contiguous");
                    let games = &mut self.batch.games;
                    let per_obs = obs.len() / n;
                    let per_mask = masks.len() / n;
                    // Check every action against the mask the caller was given, so an
                    // illegal one changes nothing.
                    if let Some(i) = (0..n).find(|&i| {
                        usize::try_from(actions[i])
                            .ok()
                            .is_none_or(|a| a >= per_mask || !masks[i * per_mask + a])
                    }) {
                        return Err(value_error(format!(
                            "game {i}: action {} is not legal (see the action mask)",
                            actions[i]
                        )));
                    }
                    py.detach(|| {
                        games
                            .par_iter_mut()
                            .zip(actions.par_iter())
                            .zip(obs.par_chunks_mut(per_obs))
                            .zip(masks.par_chunks_mut(per_mask))
                            .zip(rewards.par_iter_mut().zip(terminated.par_iter_mut()))
                            .with_min_len(CHUNK)
                            .for_each(|((((game, &action), obs), mask), (reward, done))| {
                                let mover = game.current_player();
                                let returns = game.step_write(action as usize, obs, mask);
                                *reward = returns.map_or(0.0, |r| r[mover]);
                                *done = returns.is_some();
                            });
                    });
                }
                Ok((
                    obs.clone(),
                    masks.clone(),
                    rewards.clone(),
                    terminated.clone(),
                ))
            }
        }
    };
}

vector_env!(VecOthello, "VecOthello", othello::Position);
vector_env!(VecSantorini, "VecSantorini", santorini::Position);
vector_env!(VecAmazons, "VecAmazons", AmazonsTurn);

macro_rules! single_env {
    ($class:ident, $name:literal, $encoding:ty) => {
        /// One game in integer actions, for the PettingZoo wrapper.
        #[pyclass(name = $name, module = "bitgames._native")]
        #[derive(Clone, Debug)]
        pub struct $class {
            game: $encoding,
        }

        #[pymethods]
        impl $class {
            /// A new game.
            #[new]
            fn new() -> Self {
                $class {
                    game: <$encoding as Encoding>::start(),
                }
            }

            /// The number of actions.
            #[classattr]
            const ACTIONS: usize = <$encoding as Encoding>::ACTIONS;
            /// The observation planes' shape.
            #[classattr]
            const PLANES: [usize; 3] = <$encoding as Encoding>::PLANES;

            /// The player to act (0 or 1).
            #[getter]
            fn current_player(&self) -> usize {
                self.game.current_player()
            }

            /// The legal actions, ascending.
            fn legal_actions(&self) -> Vec<usize> {
                let mut mask = vec![false; <$encoding as Encoding>::ACTIONS];
                self.game.legal_mask(&mut mask);
                (0..mask.len()).filter(|&a| mask[a]).collect()
            }

            /// The action mask as a new NumPy array of `int8`.
            fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
                let mut mask = vec![false; <$encoding as Encoding>::ACTIONS];
                self.game.legal_mask(&mut mask);
                PyArray1::from_vec(py, mask.into_iter().map(i8::from).collect())
            }

            /// Applies `action`; `ValueError` saying why when it is not legal.
            fn apply(&mut self, action: usize) -> PyResult<()> {
                self.game.apply(action).map_err(value_error)
            }

            /// The observation planes as `player` sees them, a new `int8` array.
            fn observe<'py>(&self, py: Python<'py>, player: usize) -> Bound<'py, PyArray1<i8>> {
                let [p, r, c] = <$encoding as Encoding>::PLANES;
                let mut out = vec![0; p * r * c];
                self.game.observe(player.min(1), &mut out);
                PyArray1::from_vec(py, out)
            }

            /// The final rewards `(first, second)`, or `None` while the game goes on.
            fn returns(&self) -> Option<(f32, f32)> {
                self.game.returns().map(|[a, b]| (a, b))
            }

            /// The board drawn with coordinates (what `render` shows).
            fn position(&self) -> String {
                position_text(&self.game)
            }

            /// The position in the game's notation (for the Amazons, the position at the
            /// start of the turn in progress), to hand to `bitgames.Othello(...)` etc.
            fn notation(&self) -> String {
                self.game.notation()
            }

            /// An independent copy of this game.
            fn copy(&self) -> Self {
                self.clone()
            }
        }
    };
}

fn position_text<E: Encoding + PositionText>(game: &E) -> String {
    game.text()
}

/// The text of an environment's position: drawn for rendering, and in notation.
trait PositionText {
    fn text(&self) -> String;
    fn notation(&self) -> String;
}

impl PositionText for othello::Position {
    fn text(&self) -> String {
        format!("{self:#}")
    }
    fn notation(&self) -> String {
        self.to_string()
    }
}

impl PositionText for santorini::Position {
    fn text(&self) -> String {
        format!("{self:#}")
    }
    fn notation(&self) -> String {
        self.to_string()
    }
}

impl PositionText for AmazonsTurn {
    fn text(&self) -> String {
        let selected = match (self.from, self.to) {
            (Some(from), Some(to)) => format!("\nmoving {from}-{to}, arrow to choose"),
            (Some(from), None) => format!("\nqueen {from} chosen"),
            _ => String::new(),
        };
        format!("{:#}{selected}", self.position)
    }
    fn notation(&self) -> String {
        self.position.to_string()
    }
}

single_env!(OthelloEnv, "OthelloEnv", othello::Position);
single_env!(SantoriniEnv, "SantoriniEnv", santorini::Position);
single_env!(AmazonsEnv, "AmazonsEnv", AmazonsTurn);

/// Plays `n` random games of `game` from the start (seeded) in Rust: the number won by the
/// first player, by the second, and drawn.
#[pyfunction]
#[pyo3(signature = (game, n, seed = 0))]
fn random_games(py: Python<'_>, game: &str, n: usize, seed: u64) -> PyResult<(u64, u64, u64)> {
    fn play<E: Encoding>(n: usize, seed: u64) -> (u64, u64, u64) {
        (0..n)
            .into_par_iter()
            .map(|i| {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ (i as u64) << 20);
                let mut g = E::start();
                loop {
                    if let Some([first, second]) = g.returns() {
                        break (
                            u64::from(first > second),
                            u64::from(second > first),
                            u64::from(first == second),
                        );
                    }
                    let a = g.random_action(&mut rng);
                    g.apply(a).expect("a legal action");
                }
            })
            .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2))
    }
    let game: bitgames::GameName = game.parse().map_err(value_error)?;
    py.detach(|| match game {
        bitgames::GameName::Othello => Ok(play::<othello::Position>(n, seed)),
        bitgames::GameName::Santorini => Ok(play::<santorini::Position>(n, seed)),
        bitgames::GameName::Amazons => Ok(play::<AmazonsTurn>(n, seed)),
        bitgames::GameName::TowerDefence => Err("use TowerDefence.random_playouts"),
    })
    .map_err(value_error)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<VecOthello>()?;
    m.add_class::<VecSantorini>()?;
    m.add_class::<VecAmazons>()?;
    m.add_class::<OthelloEnv>()?;
    m.add_class::<SantoriniEnv>()?;
    m.add_class::<AmazonsEnv>()?;
    m.add_function(wrap_pyfunction!(random_games, m)?)?;
    Ok(())
}
