//! The hot operation, declared once in [`Simulation`], and the list of strategies.

use core::fmt;

use bitgames_bitboard::Strategy;
use rand::{Rng, RngExt};

use crate::rules::{Outcome, Player};
use crate::{Command, State};

mod bitwise;
mod naive;

pub use bitwise::Bitwise;
pub(crate) use bitwise::{BACK_COLUMN, cell_of};
pub use bitwise::{BitwiseBoard, BuildOptions};
pub use naive::Naive;
pub use naive::NaiveBoard;

bitgames_bitboard::strategies! {
    game: "towerdefence";
    kernels: Simulation;
    fastest: Fastest;
    Naive,
    Bitwise,
}

/// The strategy [`Game`] uses unless told otherwise: the one that measured fastest (see the
/// crate docs).
pub type Fastest = Bitwise;

/// One way of simulating Tower Defence: a representation of the game state ([`Board`]) and
/// the round on it. Every strategy produces identical states after every round (proven by
/// the tests against the official engine's games and against each other).
///
/// Commands are in each player's own frame (see [`Command`]). Besides the round, a strategy
/// lists each player's valid commands in one canonical order, so that random games are the
/// same whatever the strategy: index 0 is [`Command::Nothing`]; then the builds, kind by
/// kind in the order defence, attack, energy, tesla (each kind the player can afford and,
/// for teslas, is allowed), each over the empty cells in the order y then x (own frame);
/// then the deconstructs over the occupied cells in the same order; last the iron curtain if
/// it can be raised.
///
/// [`Board`]: Simulation::Board
pub trait Simulation: Strategy {
    /// The strategy's own representation of a game state.
    type Board: Clone + fmt::Debug + Send + Sync + 'static;

    /// The board holding `state`.
    fn load(state: &State) -> Self::Board;

    /// The state `board` holds.
    fn store(board: &Self::Board) -> State;

    /// The hot operation: applies both players' commands (A's first in the array, each in
    /// its own frame; an invalid one does nothing) and simulates one round.
    fn round(board: &mut Self::Board, commands: [Command; 2]);

    /// The round about to be played.
    fn round_number(board: &Self::Board) -> u32;

    /// Both bases' health, A's first.
    fn health(board: &Self::Board) -> [i32; 2];

    /// Both scores, A's first.
    fn score(board: &Self::Board) -> [i32; 2];

    /// How many valid commands `player` has (doing nothing included, so at least 1).
    fn command_count(board: &Self::Board, player: Player) -> u32;

    /// `player`'s valid command number `index` (0-based, `index < command_count`) in the
    /// canonical order (see the trait docs). Out of range gives [`Command::Nothing`].
    fn nth_command(board: &Self::Board, player: Player, index: u32) -> Command;

    /// Whether the game is over (a base has fallen or round 400 has been played).
    #[inline]
    fn is_over(board: &Self::Board) -> bool {
        crate::rules::is_over(Self::round_number(board), Self::health(board))
    }

    /// The result if the game is over.
    fn outcome(board: &Self::Board) -> Option<Outcome> {
        Self::is_over(board).then(|| Outcome::decide(Self::health(board), Self::score(board)))
    }

    /// Every valid command of `player`, in the canonical order.
    fn valid_commands(board: &Self::Board, player: Player) -> Vec<Command> {
        (0..Self::command_count(board, player))
            .map(|i| Self::nth_command(board, player, i))
            .collect()
    }

    /// One of `player`'s valid commands, uniformly at random (one draw of `rng`, so every
    /// strategy picks the same command from the same generator state).
    #[inline]
    fn random_command<R: Rng + ?Sized>(
        board: &Self::Board,
        player: Player,
        rng: &mut R,
    ) -> Command {
        let count = Self::command_count(board, player);
        Self::nth_command(board, player, rng.random_range(0..count))
    }
}

/// A game in progress, simulated by strategy `S` ([`Fastest`] unless named): the
/// convenient face of [`Simulation`] for code that just wants to play.
///
/// ```
/// use bitgames_towerdefence::{Command, Game, Player, State};
///
/// let mut game: Game = Game::from_state(&State::start());
/// game.round(["0,0,2".parse()?, Command::Nothing]);
/// let state = game.state();
/// assert_eq!(state.round(), 1);
/// assert_eq!(state.player(Player::A).energy, 20 - 20 + 5);
/// assert_eq!(state.player(Player::B).energy, 20 + 5);
/// # Ok::<(), bitgames_towerdefence::Error>(())
/// ```
pub struct Game<S: Simulation = Fastest> {
    board: S::Board,
}

impl<S: Simulation> Clone for Game<S> {
    fn clone(&self) -> Self {
        Game {
            board: self.board.clone(),
        }
    }
}

impl<S: Simulation> fmt::Debug for Game<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("strategy", &S::NAME)
            .field("board", &self.board)
            .finish()
    }
}

impl<S: Simulation> Game<S> {
    /// The game from `state`.
    pub fn from_state(state: &State) -> Self {
        Game {
            board: S::load(state),
        }
    }

    /// The game before round 0.
    pub fn start() -> Self {
        Game::from_state(&State::start())
    }

    /// The current state.
    pub fn state(&self) -> State {
        S::store(&self.board)
    }

    /// The strategy's board.
    pub fn board(&self) -> &S::Board {
        &self.board
    }

    /// Plays one round: both players' commands (A's first, each in its own frame).
    pub fn round(&mut self, commands: [Command; 2]) {
        S::round(&mut self.board, commands);
    }

    /// The round about to be played.
    pub fn round_number(&self) -> u32 {
        S::round_number(&self.board)
    }

    /// Whether a base has fallen or round 400 has been played.
    pub fn is_over(&self) -> bool {
        S::is_over(&self.board)
    }

    /// The result if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        S::outcome(&self.board)
    }

    /// Every valid command of `player`, in the canonical order (see [`Simulation`]).
    pub fn valid_commands(&self, player: Player) -> Vec<Command> {
        S::valid_commands(&self.board, player)
    }

    /// One of `player`'s valid commands, uniformly at random.
    pub fn random_command<R: Rng + ?Sized>(&self, player: Player, rng: &mut R) -> Command {
        S::random_command(&self.board, player, rng)
    }
}
