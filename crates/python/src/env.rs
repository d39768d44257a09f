//! Environments in integer actions (see [`bitgames::search::encoding`], and each game's
//! numbering in its crate's `encoding` module): one game for the PettingZoo wrappers
//! (`bitgames._native.OthelloEnv`, ...) and N games stepped at once for training
//! (`bitgames.vector.Othello`, ...).
//!
//! A vectorized environment owns its NumPy buffers: `reset` and `step` write the games'
//! observations, action masks, rewards and termination flags into them in place (no Python
//! loop per game, no copies) and return those same arrays, so their contents change on the
//! next call. Finished games are reset automatically: by default (`bitgames.vector.legacy`)
//! the step that ends a game reports its reward and `terminated = True`, and its observation
//! is already the new game's; with `next_step = True` (the Gymnasium classes of
//! `bitgames.vector`) that step shows the final position and the next one restarts the game.
//!
//! Nothing the caller does to those arrays can crash the process or make a game play an
//! illegal move:
//!
//! - legality is the environment's own: each game's legal actions are kept in Rust beside the
//!   game, actions are checked against them, and the NumPy action mask is only a copy written
//!   for the caller (editing it changes nothing);
//! - the actions are copied out before any buffer is written, so an action array may be a view
//!   of the environment's own buffers;
//! - before each write the buffers are checked (still writeable, still of their dtype, shape
//!   and layout), and a buffer the caller changed in place raises `ValueError` saying which and
//!   how, before any game moves;
//! - an environment holds at most [`MAX_ENVS`] games, checked before anything is allocated,
//!   and an allocation that fails raises `MemoryError`.

use numpy::ndarray::Dimension;
use numpy::{
    BorrowError, Element, PyArray, PyArray1, PyArray2, PyArray4, PyArrayDescrMethods,
    PyArrayMethods, PyReadonlyArray1, PyReadwriteArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::value_error;
use bitgames::search::Encoding;
use bitgames::{amazons, othello, santorini};

/// Games per parallel task: small vectors run on the calling thread.
const CHUNK: usize = 256;

/// The most games one vectorized environment holds (`bitgames.vector.MAX_ENVS`, 2^20): about
/// 2 GB of buffers and state for Santorini, the largest encoding. Checked before allocating.
pub const MAX_ENVS: usize = 1 << 20;

/// The most random games one `random_games` call plays (10^9): minutes to hours of work,
/// depending on the game; larger counts are refused up front instead of running for days.
pub const MAX_RANDOM_GAMES: usize = 1_000_000_000;

/// A vector of `len` copies of `value`, or `MemoryError` when it cannot be allocated (where
/// `vec![value; len]` would abort the process).
fn try_filled<T: Clone>(len: usize, value: T, what: &str) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| PyMemoryError::new_err(format!("cannot allocate {what} ({len} elements)")))?;
    v.resize(len, value);
    Ok(v)
}

/// A new zeroed NumPy array of `shape`, made by `numpy.zeros` (so `MemoryError` when it
/// cannot be allocated). NumPy owns its memory, so a caller who cleared its `writeable` flag
/// can set it again (an array over Rust memory refuses that).
fn zeroed<'py, T: Element, D: Dimension>(
    py: Python<'py>,
    shape: &[usize],
) -> PyResult<Bound<'py, PyArray<T, D>>> {
    let shape = PyTuple::new(py, shape)?;
    let array = py
        .import("numpy")?
        .call_method1("zeros", (shape, numpy::dtype::<T>(py)))?;
    Ok(array.cast_into::<PyArray<T, D>>()?)
}

/// Borrows one of the environment's own arrays for writing, or says why it cannot be: the
/// caller may have made it read-only, or changed its shape, dtype or strides in place.
fn writable<'py, T: Element, D: Dimension>(
    array: &Bound<'py, PyArray<T, D>>,
    name: &str,
    shape: &[usize],
) -> PyResult<PyReadwriteArray<'py, T, D>> {
    let expected = numpy::dtype::<T>(array.py());
    let dtype = array.dtype();
    if !dtype.is_equiv_to(&expected) || array.shape() != shape || !array.is_c_contiguous() {
        return Err(PyValueError::new_err(format!(
            "the environment's {name} array was changed in place (dtype {dtype}, shape {:?}, \
             C-contiguous: {}); it must stay {expected} of shape {shape:?}, C-contiguous: \
             make a new environment",
            array.shape(),
            array.is_c_contiguous(),
        )));
    }
    array.try_readwrite().map_err(|err| {
        PyValueError::new_err(match err {
            BorrowError::NotWriteable => format!(
                "the environment's {name} array is read-only (its flags.writeable was \
                 cleared); the environment writes into it: set `flags.writeable = True` again, \
                 and copy what you keep"
            ),
            _ => format!(
                "the environment's {name} array is borrowed by another call still running \
                 ({err})"
            ),
        })
    })
}

/// The vectorized state: the games, the environment's own record of each game's legal
/// actions, and a generator per game (so results do not depend on the thread count).
#[derive(Debug)]
struct Batch<E: Encoding> {
    games: Vec<E>,
    /// What is legal in each game ([`Encoding::Legal`]), which actions are checked against;
    /// the NumPy action mask is written for the caller alongside it, and never read.
    legal: Vec<E::Legal>,
    rngs: Vec<Xoshiro256PlusPlus>,
    /// Next-step autoreset only: the games that ended on the last step and wait, at their
    /// final position, to be restarted by the next step (whatever its action).
    pending: Vec<bool>,
    /// The record of a mask allowing every action: a finished game's, whose next action is
    /// ignored.
    any: E::Legal,
}

/// The generator of game `i` of a batch seeded with `seed`.
fn game_rng(seed: u64, i: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

impl<E: Encoding> Batch<E> {
    /// `n` games at the start (`n` at most [`MAX_ENVS`]).
    fn new(n: usize, seed: u64) -> PyResult<Self> {
        let mut rngs = Vec::new();
        rngs.try_reserve_exact(n)
            .map_err(|_| PyMemoryError::new_err(format!("cannot allocate {n} generators")))?;
        rngs.extend((0..n as u64).map(|i| game_rng(seed, i)));
        let start = E::start().legal_write(&mut vec![false; E::ACTIONS]);
        Ok(Batch {
            games: try_filled(n, E::start(), "the games")?,
            legal: try_filled(n, start, "the legal actions")?,
            rngs,
            pending: try_filled(n, false, "the pending restarts")?,
            any: E::record(&vec![true; E::ACTIONS]),
        })
    }

    /// Seeds every game's generator afresh from `seed`, as a new batch would be.
    fn reseed(&mut self, seed: u64) {
        for (i, rng) in self.rngs.iter_mut().enumerate() {
            *rng = game_rng(seed, i as u64);
        }
    }

    /// Restarts every game, and writes its observation (for the player to act), that player
    /// and its legal actions: the caller's mask and the environment's own record.
    fn restart(&mut self, obs: &mut [i8], masks: &mut [bool], to_play: &mut [u8]) {
        let per_obs = obs.len() / self.games.len();
        self.pending.fill(false);
        self.games
            .par_iter_mut()
            .zip(self.legal.par_iter_mut())
            .zip(obs.par_chunks_mut(per_obs))
            .zip(masks.par_chunks_mut(E::ACTIONS).zip(to_play.par_iter_mut()))
            .with_min_len(CHUNK)
            .for_each(|(((game, legal), obs), (mask, to_play))| {
                *game = E::start();
                let player = game.current_player();
                game.observe(player, obs);
                *legal = game.legal_write(mask);
                *to_play = player as u8;
            });
    }

    /// Checks every action against its game's own record of legal actions (never against a
    /// buffer the caller can write): `ValueError` naming the first game whose action is not
    /// legal.
    fn check_actions(&self, actions: &[i64]) -> PyResult<()> {
        let n = self.games.len();
        if actions.len() != n {
            return Err(value_error(format!(
                "expected {n} actions, got {}",
                actions.len()
            )));
        }
        let in_range = |action: i64| usize::try_from(action).ok().filter(|&a| a < E::ACTIONS);
        let illegal = actions
            .iter()
            .zip(&self.legal)
            .position(|(&action, legal)| !in_range(action).is_some_and(|a| E::allows(legal, a)));
        let Some(i) = illegal else {
            return Ok(());
        };
        let action = actions[i];
        Err(value_error(if in_range(action).is_some() {
            format!(
                "game {i}: action {action} is not legal in its position (see the action mask; \
                 the environment checks its own record of the game, not the mask's contents)"
            )
        } else {
            format!(
                "game {i}: action {action} is not legal: actions are 0 to {}",
                E::ACTIONS - 1
            )
        }))
    }

    /// Applies one action per game, checked by [`Batch::check_actions`], restarting the games
    /// that end, and writes observations, legal actions (the caller's mask and the own
    /// record), rewards for the movers and termination flags.
    fn step(
        &mut self,
        actions: &[i64],
        obs: &mut [i8],
        masks: &mut [bool],
        rewards: &mut [f32],
        terminated: &mut [bool],
    ) {
        let per_obs = obs.len() / self.games.len();
        self.games
            .par_iter_mut()
            .zip(actions.par_iter())
            .zip(self.legal.par_iter_mut())
            .zip(obs.par_chunks_mut(per_obs))
            .zip(masks.par_chunks_mut(E::ACTIONS))
            .zip(rewards.par_iter_mut().zip(terminated.par_iter_mut()))
            .with_min_len(CHUNK)
            .for_each(
                |(((((game, &action), legal), obs), mask), (reward, done))| {
                    let mover = game.current_player();
                    let (returns, now_legal) = game.step_write(action as usize, obs, mask);
                    *legal = now_legal;
                    *reward = returns.map_or(0.0, |r| r[mover]);
                    *done = returns.is_some();
                },
            );
    }

    /// [`Batch::step`] with Gymnasium's next-step autoreset: a game that ends stays at its
    /// final position (observed by the player who did not make the last move, every action
    /// in its mask, as whatever action it gets next is ignored) and the next step restarts
    /// it (reward 0, not terminated) instead of applying its action. Also writes both
    /// players' rewards (`[first, second]` per game) and the player each observation is for.
    #[allow(clippy::too_many_arguments)]
    fn step_next(
        &mut self,
        actions: &[i64],
        obs: &mut [i8],
        masks: &mut [bool],
        rewards: &mut [f32],
        terminated: &mut [bool],
        player_rewards: &mut [f32],
        to_play: &mut [u8],
    ) {
        let per_obs = obs.len() / self.games.len();
        let any = self.any;
        self.games
            .par_iter_mut()
            .zip(actions.par_iter())
            .zip(self.legal.par_iter_mut().zip(self.pending.par_iter_mut()))
            .zip(obs.par_chunks_mut(per_obs))
            .zip(masks.par_chunks_mut(E::ACTIONS))
            .zip(rewards.par_iter_mut().zip(terminated.par_iter_mut()))
            .zip(player_rewards.par_chunks_mut(2).zip(to_play.par_iter_mut()))
            .with_min_len(CHUNK)
            .for_each(
                |(
                    (((((game, &action), (legal, pending)), obs), mask), (reward, done)),
                    (both, to_play),
                )| {
                    if *pending {
                        *pending = false;
                        *to_play = restart_into(game, legal, obs, mask);
                        *reward = 0.0;
                        *done = false;
                        both[0] = 0.0;
                        both[1] = 0.0;
                        return;
                    }
                    let mover = game.current_player();
                    let before = *game;
                    let (returns, now_legal) = game.step_write(action as usize, obs, mask);
                    *legal = now_legal;
                    match returns {
                        None => {
                            *to_play = game.current_player() as u8;
                            *reward = 0.0;
                            *done = false;
                            both[0] = 0.0;
                            both[1] = 0.0;
                        }
                        Some(returns) => {
                            *to_play = keep_final(game, before, action as usize, mover, obs, mask);
                            *legal = any;
                            *pending = true;
                            *reward = returns[mover];
                            *done = true;
                            both.copy_from_slice(&returns);
                        }
                    }
                },
            );
    }
}

/// Restarts `game` and writes its observation and legal actions (`legal`, `mask`); returns
/// the player to act. The rare path of [`Batch::step_next`], kept out of its loop.
#[cold]
#[inline(never)]
fn restart_into<E: Encoding>(
    game: &mut E,
    legal: &mut E::Legal,
    obs: &mut [i8],
    mask: &mut [bool],
) -> u8 {
    *game = E::start();
    let player = game.current_player();
    game.observe(player, obs);
    *legal = game.legal_write(mask);
    player as u8
}

/// After `step_write` ended and restarted a game: puts back its final position (`before`
/// with `action` played again), observed by the player who did not make the last move, every
/// action in its mask; returns that player. The rare path of [`Batch::step_next`].
#[cold]
#[inline(never)]
fn keep_final<E: Encoding>(
    game: &mut E,
    before: E,
    action: usize,
    mover: usize,
    obs: &mut [i8],
    mask: &mut [bool],
) -> u8 {
    *game = before;
    game.apply_legal(action);
    let observer = 1 - mover;
    game.observe(observer, obs);
    mask.fill(true);
    observer as u8
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
            /// Both players' rewards, `[n, 2]` (written in next-step mode only).
            player_rewards: Py<PyArray2<f32>>,
            /// The player each observation is for (written by every reset, and by every
            /// step in next-step mode).
            to_play: Py<PyArray1<u8>>,
            /// Gymnasium's next-step autoreset ([`Batch::step_next`]) rather than restarting
            /// a finished game within the step that ends it.
            next_step: bool,
        }

        impl $class {
            /// The observations' shape: games, planes, rows, columns.
            fn observation_shape(&self) -> [usize; 4] {
                let [p, r, c] = <$encoding as Encoding>::PLANES;
                [self.batch.games.len(), p, r, c]
            }

            /// The action masks' shape: games, actions.
            fn mask_shape(&self) -> [usize; 2] {
                [self.batch.games.len(), <$encoding as Encoding>::ACTIONS]
            }

            /// Restarts every game into the buffers (after checking them).
            fn restart(&mut self, py: Python<'_>) -> PyResult<()> {
                let (obs_shape, mask_shape) = (self.observation_shape(), self.mask_shape());
                let mut obs = writable(self.observations.bind(py), "observations", &obs_shape)?;
                let mut masks = writable(self.masks.bind(py), "action masks", &mask_shape)?;
                let n = self.batch.games.len();
                let mut to_play = writable(self.to_play.bind(py), "to_play", &[n])?;
                let obs = obs.as_slice_mut().map_err(value_error)?;
                let masks = masks.as_slice_mut().map_err(value_error)?;
                let to_play = to_play.as_slice_mut().map_err(value_error)?;
                let batch = &mut self.batch;
                py.detach(|| batch.restart(obs, masks, to_play));
                Ok(())
            }
        }

        #[pymethods]
        impl $class {
            /// The most games an environment holds (2^20).
            #[classattr]
            const MAX_ENVS: usize = MAX_ENVS;
            /// The number of actions.
            #[classattr]
            const ACTIONS: usize = <$encoding as Encoding>::ACTIONS;
            /// The observation planes' shape (planes, rows, columns).
            #[classattr]
            const PLANES: [usize; 3] = <$encoding as Encoding>::PLANES;

            /// `n` games (1 to `MAX_ENVS`), their random choices drawn from `seed`.
            /// `ValueError` for other `n`, checked before anything is allocated;
            /// `MemoryError` when the buffers cannot be allocated. With `next_step`, a
            /// finished game is restarted by the step after the one that ends it
            /// (Gymnasium's next-step autoreset; what `bitgames.vector` builds on).
            #[new]
            #[pyo3(signature = (n, seed = 0, *, next_step = false))]
            fn new(py: Python<'_>, n: usize, seed: u64, next_step: bool) -> PyResult<Self> {
                if !(1..=MAX_ENVS).contains(&n) {
                    return Err(value_error(format!(
                        "n must be between 1 and MAX_ENVS = {MAX_ENVS} games, not {n}"
                    )));
                }
                let [p, r, c] = <$encoding as Encoding>::PLANES;
                let actions = <$encoding as Encoding>::ACTIONS;
                let mut env = $class {
                    batch: Batch::new(n, seed)?,
                    observations: zeroed(py, &[n, p, r, c])?.unbind(),
                    masks: zeroed(py, &[n, actions])?.unbind(),
                    rewards: zeroed(py, &[n])?.unbind(),
                    terminated: zeroed(py, &[n])?.unbind(),
                    player_rewards: zeroed(py, &[n, 2])?.unbind(),
                    to_play: zeroed(py, &[n])?.unbind(),
                    next_step,
                };
                env.restart(py)?;
                Ok(env)
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

            /// Whether finished games restart on the next step (Gymnasium's next-step
            /// autoreset) rather than within the step that ends them.
            #[getter]
            fn next_step(&self) -> bool {
                self.next_step
            }

            /// The environment's array of both players' rewards on the last step, float32
            /// `[n, 2]` (first player's, second player's); written by `step` in next-step
            /// mode only.
            #[getter]
            fn player_rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
                self.player_rewards.bind(py).clone()
            }

            /// The environment's array of the player each observation is for (0 or 1), uint8
            /// `[n]`: the player to act, or, for a game that just ended (next-step mode),
            /// the player who did not make its last move. Written by `reset`, and by `step`
            /// in next-step mode.
            #[getter]
            fn to_play<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
                self.to_play.bind(py).clone()
            }

            /// Seeds every game's generator (what `sample_actions` draws from) afresh from
            /// `seed`, as a new environment with that seed would be.
            fn reseed(&mut self, seed: u64) {
                self.batch.reseed(seed);
            }

            /// The player to act in each game (0 or 1), as a new array (in next-step mode,
            /// a copy of `to_play`).
            fn current_players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u8>>> {
                if self.next_step {
                    let to_play = self.to_play.bind(py).try_readonly().map_err(|err| {
                        value_error(format!("the to_play array is borrowed ({err})"))
                    })?;
                    return Ok(PyArray1::from_slice(
                        py,
                        to_play.as_slice().map_err(value_error)?,
                    ));
                }
                let players: Vec<u8> = self
                    .batch
                    .games
                    .iter()
                    .map(|g| g.current_player() as u8)
                    .collect();
                Ok(PyArray1::from_vec(py, players))
            }

            /// Starts every game anew: `(observations, action_masks)`. `ValueError` when
            /// the caller made a buffer read-only or changed it in place.
            fn reset<'py>(
                &mut self,
                py: Python<'py>,
            ) -> PyResult<(Bound<'py, PyArray4<i8>>, Bound<'py, PyArray2<bool>>)> {
                self.restart(py)?;
                Ok((
                    self.observations.bind(py).clone(),
                    self.masks.bind(py).clone(),
                ))
            }

            /// One uniformly random legal action per game, drawn in Rust (0 for a finished
            /// game waiting for its restart in next-step mode, whose action is ignored).
            fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
                let games = &self.batch.games;
                let pending = &self.batch.pending;
                let rngs = &mut self.batch.rngs;
                let actions: Vec<i64> = py.detach(|| {
                    games
                        .par_iter()
                        .zip(pending.par_iter())
                        .zip(rngs.par_iter_mut())
                        .with_min_len(CHUNK)
                        .map(|((game, &pending), rng)| {
                            if pending {
                                0
                            } else {
                                game.random_action(rng) as i64
                            }
                        })
                        .collect()
                });
                PyArray1::from_vec(py, actions)
            }

            /// Applies one action per game (a 1-D `int64` array, copied before anything is
            /// written, so it may be a view of these buffers): `(observations,
            /// action_masks, rewards, terminated)`. Rewards are the final result (+1, -1,
            /// 0) for the player who made the game's last move, 0 otherwise.
            ///
            /// An action that is not legal in its game's position, by the environment's
            /// own record (an edited mask changes nothing), raises `ValueError` naming the
            /// game, and no game moves; so does a buffer the caller made read-only or
            /// changed in place.
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
                // Copy the actions and end the borrow: the array may alias a buffer below.
                let copied: Vec<i64> = match actions.as_slice() {
                    Ok(contiguous) => contiguous.to_vec(),
                    Err(_) => actions.as_array().iter().copied().collect(),
                };
                drop(actions);
                let actions = copied;
                self.batch.check_actions(&actions)?;
                let n = self.batch.games.len();
                let (obs_shape, mask_shape) = (self.observation_shape(), self.mask_shape());
                let (obs, masks) = (self.observations.bind(py), self.masks.bind(py));
                let (rewards, terminated) = (self.rewards.bind(py), self.terminated.bind(py));
                {
                    let mut obs_rw = writable(obs, "observations", &obs_shape)?;
                    let mut masks_rw = writable(masks, "action masks", &mask_shape)?;
                    let mut rewards_rw = writable(rewards, "rewards", &[n])?;
                    let mut terminated_rw = writable(terminated, "terminated", &[n])?;
                    let obs = obs_rw.as_slice_mut().map_err(value_error)?;
                    let masks = masks_rw.as_slice_mut().map_err(value_error)?;
                    let rewards = rewards_rw.as_slice_mut().map_err(value_error)?;
                    let terminated = terminated_rw.as_slice_mut().map_err(value_error)?;
                    let batch = &mut self.batch;
                    if self.next_step {
                        let pr = self.player_rewards.bind(py);
                        let mut pr_rw = writable(pr, "player rewards", &[n, 2])?;
                        let mut to_play_rw = writable(self.to_play.bind(py), "to_play", &[n])?;
                        let pr = pr_rw.as_slice_mut().map_err(value_error)?;
                        let to_play = to_play_rw.as_slice_mut().map_err(value_error)?;
                        py.detach(|| {
                            batch.step_next(&actions, obs, masks, rewards, terminated, pr, to_play)
                        });
                    } else {
                        py.detach(|| batch.step(&actions, obs, masks, rewards, terminated));
                    }
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
vector_env!(VecAmazons, "VecAmazons", amazons::encoding::Turn);

macro_rules! single_env {
    ($class:ident, $name:literal, $encoding:ty) => {
        single_env!(
            $class,
            $name,
            $encoding,
            /// A new game.
            fn new() -> PyResult<Self> {
                Ok($class {
                    game: <$encoding as Encoding>::start(),
                })
            }
        );
    };
    ($class:ident, $name:literal, $encoding:ty, $(#[$new_attr:meta])* fn new($($arg:ident: $ty:ty),*) -> PyResult<Self> $new:block) => {
        /// One game in integer actions, for the PettingZoo wrapper.
        #[pyclass(name = $name, module = "bitgames._native")]
        #[derive(Clone, Debug)]
        pub struct $class {
            game: $encoding,
        }

        #[pymethods]
        impl $class {
            #[new]
            $(#[$new_attr])*
            fn new($($arg: $ty),*) -> PyResult<Self> $new

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

/// `text`, the board drawn for a finished game, with its "... to move" (the last part of the
/// line that ends so) replaced by the result: `"game over: black wins"` (`names` are the
/// first and second players' names) or `"game over: draw"`.
fn with_result(text: &str, returns: Option<[f32; 2]>, names: [&str; 2]) -> String {
    let Some([first, second]) = returns else {
        return text.to_owned();
    };
    let result = if first > second {
        format!("game over: {} wins", names[0])
    } else if second > first {
        format!("game over: {} wins", names[1])
    } else {
        "game over: draw".to_owned()
    };
    text.lines()
        .map(|line| match line.strip_suffix(" to move") {
            Some(kept) => match kept.rfind(", ") {
                Some(end) => format!("{}, {result}", &kept[..end]),
                None => result.clone(),
            },
            None => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
        + if text.ends_with('\n') { "\n" } else { "" }
}

impl PositionText for othello::Position {
    fn text(&self) -> String {
        with_result(&format!("{self:#}"), self.returns(), ["black", "white"])
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

impl PositionText for santorini::encoding::StepTurn {
    fn text(&self) -> String {
        let steps: Vec<String> = self.steps_taken().iter().map(|s| s.to_string()).collect();
        let taken = if steps.is_empty() {
            String::new()
        } else {
            format!("\nsteps taken: {}", steps.join(" "))
        };
        format!("{:#}{taken}", self.position)
    }
    fn notation(&self) -> String {
        self.position.to_string()
    }
}

impl PositionText for amazons::encoding::Turn {
    fn text(&self) -> String {
        let selected = match (self.from, self.to) {
            (Some(from), Some(to)) => format!("\nmoving {from}-{to}, arrow to choose"),
            (Some(from), None) => format!("\nqueen {from} chosen"),
            _ => String::new(),
        };
        let board = format!("{:#}", self.position);
        format!(
            "{}{selected}",
            with_result(&board, self.returns(), ["white", "black"])
        )
    }
    fn notation(&self) -> String {
        self.position.to_string()
    }
}

single_env!(OthelloEnv, "OthelloEnv", othello::Position);
single_env!(SantoriniEnv, "SantoriniEnv", santorini::Position);
single_env!(AmazonsEnv, "AmazonsEnv", amazons::encoding::Turn);
single_env!(
    SantoriniStepsEnv,
    "SantoriniStepsEnv",
    santorini::encoding::StepTurn,
    /// A new game between these gods (player 1's first; mortal against mortal when
    /// `None`), taken one step at a time.
    #[pyo3(signature = (gods = None))]
    fn new(gods: Option<(String, String)>) -> PyResult<Self> {
        let gods = match gods {
            Some(gods) => crate::games::parse_gods(&gods)?,
            None => [santorini::God::Mortal; 2],
        };
        Ok(SantoriniStepsEnv {
            game: santorini::encoding::StepTurn::new(santorini::Position::empty().with_gods(gods)),
        })
    }
);

/// Plays `n` random games of `game` from the start (seeded) in Rust: the number won by the
/// first player, by the second, and drawn. `n` is at most `MAX_RANDOM_GAMES` (10^9); larger
/// counts raise `ValueError` up front, and Ctrl-C stops a run (`KeyboardInterrupt`).
#[pyfunction]
#[pyo3(signature = (game, n, seed = 0))]
fn random_games(py: Python<'_>, game: &str, n: usize, seed: u64) -> PyResult<(u64, u64, u64)> {
    fn play<E: Encoding>(n: usize, seed: u64, stop: &AtomicBool) -> Option<(u64, u64, u64)> {
        (0..n)
            .into_par_iter()
            .map(|i| {
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ (i as u64) << 20);
                let mut g = E::start();
                loop {
                    if let Some([first, second]) = g.returns() {
                        break Some((
                            u64::from(first > second),
                            u64::from(second > first),
                            u64::from(first == second),
                        ));
                    }
                    let a = g.random_action(&mut rng);
                    g.apply(a).expect("a legal action");
                }
            })
            .try_reduce(|| (0, 0, 0), |a, b| Some((a.0 + b.0, a.1 + b.1, a.2 + b.2)))
    }
    let game: bitgames::GameName = game.parse().map_err(value_error)?;
    if n > MAX_RANDOM_GAMES {
        return Err(value_error(format!(
            "n must be at most MAX_RANDOM_GAMES = {MAX_RANDOM_GAMES} games a call, not {n}"
        )));
    }
    let played = crate::interrupt::interruptible(py, |stop| match game {
        bitgames::GameName::Othello => Ok(play::<othello::Position>(n, seed, stop)),
        bitgames::GameName::Santorini => Ok(play::<santorini::Position>(n, seed, stop)),
        bitgames::GameName::Amazons => Ok(play::<amazons::encoding::Turn>(n, seed, stop)),
        bitgames::GameName::TowerDefence => Err("use TowerDefence.random_playouts"),
    })?
    .map_err(value_error)?;
    played.ok_or_else(|| value_error("the games were stopped"))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<VecOthello>()?;
    m.add_class::<VecSantorini>()?;
    m.add_class::<VecAmazons>()?;
    m.add_class::<OthelloEnv>()?;
    m.add_class::<SantoriniEnv>()?;
    m.add_class::<AmazonsEnv>()?;
    m.add_class::<SantoriniStepsEnv>()?;
    m.add_function(wrap_pyfunction!(random_games, m)?)?;
    m.add("MAX_ENVS", MAX_ENVS)?;
    m.add("MAX_RANDOM_GAMES", MAX_RANDOM_GAMES)?;
    // How this build treats a Rust panic: "unwind" (a Python exception) in the `python`
    // profile that pyproject.toml selects; "abort" would end the interpreter. The tests
    // check it.
    let panic = if cfg!(panic = "unwind") {
        "unwind"
    } else {
        "abort"
    };
    m.add("_PANIC_STRATEGY", panic)?;
    Ok(())
}
