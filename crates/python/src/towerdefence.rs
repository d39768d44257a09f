//! `bitgames.TowerDefence`: the Entelect Challenge 2018 simulation from `state.json` text.

use bitgames::towerdefence::{Command, Fastest, Outcome, Player, Simulation, State};
use pyo3::prelude::*;

use crate::value_error;

/// The most games one `random_playouts` call plays (10^9): they run on one thread, at about
/// 140,000 games a second from the start, so the largest call takes a couple of hours; larger
/// counts are refused up front instead of running for days.
pub const MAX_PLAYOUTS: u64 = 1_000_000_000;

/// A Tower Defence game state (immutable: `step` returns the next one).
#[pyclass(name = "TowerDefence", module = "bitgames", frozen)]
#[derive(Clone, Debug)]
pub struct TowerDefence {
    state: State,
}

#[pymethods]
impl TowerDefence {
    /// The state in an official `state.json` (as text); the start of a game when `None`.
    #[new]
    #[pyo3(signature = (state_json = None))]
    fn new(state_json: Option<&str>) -> PyResult<Self> {
        let state = match state_json {
            Some(text) => State::from_json(text).map_err(value_error)?,
            None => State::start(),
        };
        Ok(TowerDefence { state })
    }

    /// The state as `state.json` text.
    fn to_json(&self) -> String {
        self.state.to_json()
    }

    /// The round number.
    #[getter]
    fn round(&self) -> u32 {
        self.state.round()
    }

    /// The state after one round with player A's and player B's commands (`"x,y,type"`,
    /// each in its own player's frame, or `""` for no command).
    fn step(&self, command_a: &str, command_b: &str) -> PyResult<Self> {
        let a: Command = command_a.parse().map_err(value_error)?;
        let b: Command = command_b.parse().map_err(value_error)?;
        let mut board = Fastest::load(&self.state);
        if Fastest::is_over(&board) {
            return Err(value_error("the game is over"));
        }
        for (player, command, text) in [(Player::A, a, command_a), (Player::B, b, command_b)] {
            if !Fastest::valid_commands(&board, player).contains(&command) {
                return Err(value_error(format!(
                    "command {text:?} is not valid for player {player:?} in round {}",
                    self.state.round()
                )));
            }
        }
        Fastest::round(&mut board, [a, b]);
        Ok(TowerDefence {
            state: Fastest::store(&board),
        })
    }

    /// `"ongoing"`, `"a"`, `"b"` (that player won) or `"tie"`.
    #[getter]
    fn outcome(&self) -> String {
        match Fastest::outcome(&Fastest::load(&self.state)) {
            None => "ongoing",
            Some(Outcome::Win(Player::A)) => "a",
            Some(Outcome::Win(Player::B)) => "b",
            Some(Outcome::Tie) => "tie",
        }
        .to_owned()
    }

    /// The most games one `random_playouts` call plays (10^9).
    #[classattr]
    const MAX_PLAYOUTS: u64 = MAX_PLAYOUTS;

    /// `games` random games from this state (seeded): the number won by A, won by B, tied,
    /// and the rounds simulated. `games` is at most `MAX_PLAYOUTS` (10^9); larger counts
    /// raise `ValueError` up front, and Ctrl-C stops a run (`KeyboardInterrupt`).
    #[pyo3(signature = (games, seed = 1))]
    fn random_playouts(
        &self,
        py: Python<'_>,
        games: u64,
        seed: u64,
    ) -> PyResult<(u64, u64, u64, u64)> {
        if games > MAX_PLAYOUTS {
            return Err(value_error(format!(
                "games must be at most MAX_PLAYOUTS = {MAX_PLAYOUTS} a call, not {games}"
            )));
        }
        let state = &self.state;
        let stats = crate::interrupt::interruptible(py, |stop| {
            bitgames::towerdefence::random::playouts_until::<Fastest>(state, games, seed, stop)
        })?
        .ok_or_else(|| value_error("the playouts were stopped"))?;
        Ok((stats.wins[0], stats.wins[1], stats.ties, stats.rounds))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TowerDefence>()
}
