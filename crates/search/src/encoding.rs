//! Integer action encodings and observation planes, as reinforcement-learning environments
//! (PettingZoo, OpenSpiel, vectorized environments) expect them: the game-generic
//! [`Encoding`] trait, written once here and implemented by each game crate beside its rules.
//!
//! Each game documents its own numbering in its `encoding` module:
//!
//! - **Othello** (`bitgames_othello::encoding`, OpenSpiel's `othello`): 65 actions, square
//!   `8 * row + col` with a1 = 0 row by row, 64 = pass; planes `[3, 8, 8]`.
//! - **Amazons** (`bitgames_amazons::encoding`, OpenSpiel's `amazons`): a turn is three
//!   sub-actions of 100 each (the queen, its destination, the arrow), on
//!   `bitgames_amazons::encoding::Turn`; planes `[4, 10, 10]`.
//! - **Santorini** (`bitgames_santorini::encoding`; OpenSpiel has no Santorini, the encoding
//!   is ours): 769 actions; planes `[7, 5, 5]`.
//!
//! Nothing here depends on Python or NumPy: the Python bindings' environments (`bitgames-python`)
//! are one user, the criterion benches (`benches/benches/encoding.rs`) another.

use crate::{Outcome, Player};

/// One game as an environment: a state, its legal actions as a mask, applying an action,
/// the observation planes and the end.
pub trait Encoding: Copy + std::fmt::Debug + Send + Sync + 'static {
    /// The number of distinct actions.
    const ACTIONS: usize;
    /// The observation planes' shape: planes, rows, columns.
    const PLANES: [usize; 3];

    /// The start of a game.
    fn start() -> Self;
    /// The player to act (0 first, 1 second); meaningless once the game is over.
    fn current_player(&self) -> usize;
    /// Sets `mask[a]` for every legal action `a` (clearing the others).
    fn legal_mask(&self, mask: &mut [bool]);
    /// The vectorized environment's own record of a position's legal actions, kept beside
    /// each game: actions are checked against it, never against the mask handed to the
    /// caller (which the caller can write). Othello keeps its mobility and the pass as bits of
    /// a `u128`; the other games a copy of the mask.
    type Legal: Copy + std::fmt::Debug + PartialEq + Send + Sync + 'static;
    /// The record of `mask`, just written by [`Encoding::legal_mask`].
    fn record(mask: &[bool]) -> Self::Legal;
    /// Whether `record` holds `action`.
    fn allows(record: &Self::Legal, action: usize) -> bool;
    /// Writes this position's action mask and returns its record.
    fn legal_write(&self, mask: &mut [bool]) -> Self::Legal {
        self.legal_mask(mask);
        Self::record(mask)
    }
    /// Applies action `a`, or says why it is not legal here.
    fn apply(&mut self, action: usize) -> Result<(), String>;
    /// Applies action `a`, known to be legal: the vectorized environment checked it against
    /// its own record ([`Encoding::Legal`]) of this very position, never against a buffer the
    /// caller can write (the step's fast path; the default checks again).
    fn apply_legal(&mut self, action: usize) {
        self.apply(action)
            .expect("the environment checked the action against the game's own legal actions");
    }
    /// Writes the observation planes as seen by `player` (`PLANES` in row-major order).
    fn observe(&self, player: usize, out: &mut [i8]);
    /// The final rewards of both players (+1 win, -1 loss, 0 draw), or `None` if the game
    /// goes on.
    fn returns(&self) -> Option<[f32; 2]>;
    /// The vectorized step for one game: applies `action` (legal, as for
    /// [`Encoding::apply_legal`]), restarts the game if that ended it, and writes the
    /// observation and action mask of the position now to play. Returns the final rewards
    /// when the game ended, and the record of the legal actions now.
    ///
    /// One call rather than four so a game can share work between them: Othello finds the
    /// side to move's mobility once for the end-of-game test, the mask and the record.
    fn step_write(
        &mut self,
        action: usize,
        obs: &mut [i8],
        mask: &mut [bool],
    ) -> (Option<[f32; 2]>, Self::Legal) {
        step_write_in_parts(self, action, obs, mask)
    }
    /// Draws a uniformly random legal action (the game must not be over).
    fn random_action<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> usize {
        use rand::RngExt;
        let mut mask = vec![false; Self::ACTIONS];
        self.legal_mask(&mut mask);
        let legal: Vec<usize> = (0..Self::ACTIONS).filter(|&a| mask[a]).collect();
        legal[rng.random_range(0..legal.len())]
    }
}

/// [`Encoding::step_write`] from the separate parts: apply, test for the end, restart, observe,
/// mask and record. The default, and the reference the faster overrides are tested against.
pub fn step_write_in_parts<E: Encoding>(
    game: &mut E,
    action: usize,
    obs: &mut [i8],
    mask: &mut [bool],
) -> (Option<[f32; 2]>, E::Legal) {
    game.apply_legal(action);
    let returns = game.returns();
    if returns.is_some() {
        *game = E::start();
    }
    game.observe(game.current_player(), obs);
    (returns, game.legal_write(mask))
}

/// The record ([`Encoding::Legal`]) of a game whose record is a copy of its mask
/// (`N` = [`Encoding::ACTIONS`]). Panics if `mask` is shorter than `N`.
pub fn mask_record<const N: usize>(mask: &[bool]) -> [bool; N] {
    let mut record = [false; N];
    record.copy_from_slice(&mask[..N]);
    record
}

/// Writes, inside an `impl Encoding`, the record of the legal actions of a game whose record
/// is a copy of its mask (`$actions` = [`Encoding::ACTIONS`]): `type Legal = [bool; $actions]`,
/// [`Encoding::record`] by [`mask_record`] and [`Encoding::allows`] reading the copy (an
/// action past the end is not allowed). Every game but Othello, which packs its record into
/// bits, keeps this one record, so it is written once.
///
/// ```
/// use bitgames_search::encoding::Encoding;
///
/// /// Take one or two stones from three; the last stone wins (no planes to speak of).
/// #[derive(Debug, Clone, Copy)]
/// struct Nim(u8);
///
/// impl Encoding for Nim {
///     const ACTIONS: usize = 2;
///     const PLANES: [usize; 3] = [1, 1, 1];
///     bitgames_search::mask_copy_legal!(2);
///
///     fn start() -> Self { Nim(3) }
///     fn current_player(&self) -> usize { usize::from(self.0 % 3 != 0) }
///     fn legal_mask(&self, mask: &mut [bool]) {
///         mask[0] = self.0 >= 1;
///         mask[1] = self.0 >= 2;
///     }
///     fn apply(&mut self, action: usize) -> Result<(), String> {
///         self.0 -= action as u8 + 1;
///         Ok(())
///     }
///     fn observe(&self, _player: usize, out: &mut [i8]) { out[0] = self.0 as i8 }
///     fn returns(&self) -> Option<[f32; 2]> { None }
/// }
///
/// let record = Nim(1).legal_write(&mut [false; 2]);
/// assert_eq!(record, [true, false]);
/// assert!(Nim::allows(&record, 0) && !Nim::allows(&record, 1) && !Nim::allows(&record, 2));
/// ```
#[macro_export]
macro_rules! mask_copy_legal {
    ($actions:expr) => {
        type Legal = [bool; $actions];

        fn record(mask: &[bool]) -> [bool; $actions] {
            $crate::encoding::mask_record(mask)
        }

        fn allows(record: &[bool; $actions], action: usize) -> bool {
            record.get(action).copied().unwrap_or(false)
        }
    };
}

/// The [`Player`] an environment's player number names: 0 the first player, any other the
/// second (the numbers of [`Encoding::current_player`] and [`Encoding::observe`]).
pub fn player_of(number: usize) -> Player {
    if number == 0 {
        Player::First
    } else {
        Player::Second
    }
}

/// The final rewards of both players for an [`Outcome`] (+1 win, -1 loss, 0 draw), or `None`
/// while the game goes on: [`Encoding::returns`] for a game with an outcome.
pub fn rewards(outcome: Outcome) -> Option<[f32; 2]> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Draw => Some([0.0, 0.0]),
        Outcome::Win(Player::First) => Some([1.0, -1.0]),
        Outcome::Win(Player::Second) => Some([-1.0, 1.0]),
    }
}

/// Plays `games` random games of `E` (seeded), checking at every position that the record of
/// the legal actions ([`Encoding::Legal`]) holds exactly the mask's actions, and that it is
/// the record of the mask (as the default [`Encoding::legal_write`] makes it). For the game
/// crates' tests.
#[cfg(feature = "testing")]
pub fn assert_records_agree_with_the_mask<E: Encoding>(games: usize, seed: u64) {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut mask = vec![false; E::ACTIONS];
    for _ in 0..games {
        let mut game = E::start();
        while game.returns().is_none() {
            let record = game.legal_write(&mut mask);
            assert_eq!(record, E::record(&mask), "{game:?}");
            for action in 0..E::ACTIONS + 5 {
                let legal = mask.get(action).copied().unwrap_or(false);
                assert_eq!(E::allows(&record, action), legal, "{action} in {game:?}");
            }
            game.apply(game.random_action(&mut rng)).unwrap();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One-or-two Nim from four stones, on the trait's defaults: action 0 takes one stone,
    /// action 1 two; one plane of one row, the stones left.
    #[derive(Debug, Clone, Copy, PartialEq)]
    struct Nim {
        stones: u8,
        side: usize,
    }

    impl Encoding for Nim {
        const ACTIONS: usize = 2;
        const PLANES: [usize; 3] = [1, 1, 1];
        crate::mask_copy_legal!(2);

        fn start() -> Self {
            Nim { stones: 4, side: 0 }
        }
        fn current_player(&self) -> usize {
            self.side
        }
        fn legal_mask(&self, mask: &mut [bool]) {
            mask[0] = self.stones >= 1;
            mask[1] = self.stones >= 2;
        }
        fn apply(&mut self, action: usize) -> Result<(), String> {
            let take = action as u8 + 1;
            if action > 1 || take > self.stones {
                return Err(format!("action {action} is not legal here"));
            }
            *self = Nim {
                stones: self.stones - take,
                side: 1 - self.side,
            };
            Ok(())
        }
        fn observe(&self, _player: usize, out: &mut [i8]) {
            out[0] = self.stones as i8;
        }
        fn returns(&self) -> Option<[f32; 2]> {
            // Whoever took the last stone (the side not to move) has won.
            let winner = if self.side == 0 {
                Player::Second
            } else {
                Player::First
            };
            rewards(match self.stones {
                0 => Outcome::Win(winner),
                _ => Outcome::Ongoing,
            })
        }
    }

    #[test]
    fn the_default_step_writes_the_next_position_and_restarts_at_the_end() {
        let (mut game, mut obs, mut mask) = (Nim::start(), [0i8; 1], [false; 2]);
        assert_eq!(
            game.step_write(1, &mut obs, &mut mask),
            (None, [true, true])
        );
        assert_eq!((game, obs), (Nim { stones: 2, side: 1 }, [2]));
        // Taking the last two wins for the second player, and the game starts again.
        let (returns, legal) = game.step_write(1, &mut obs, &mut mask);
        assert_eq!(returns, Some([-1.0, 1.0]));
        assert_eq!(
            (game, obs, mask, legal),
            (Nim::start(), [4], [true; 2], [true; 2])
        );
        assert!(game.apply(2).is_err());
    }

    #[test]
    fn random_actions_are_legal() {
        use rand::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
        let mut mask = [false; 2];
        for _ in 0..100 {
            let mut game = Nim::start();
            while game.returns().is_none() {
                let record = game.legal_write(&mut mask);
                let action = game.random_action(&mut rng);
                assert!(Nim::allows(&record, action), "{action} in {game:?}");
                game.apply(action).unwrap();
            }
        }
    }

    #[test]
    fn rewards_follow_the_outcome() {
        assert_eq!(rewards(Outcome::Ongoing), None);
        assert_eq!(rewards(Outcome::Draw), Some([0.0, 0.0]));
        assert_eq!(rewards(Outcome::Win(Player::First)), Some([1.0, -1.0]));
        assert_eq!(rewards(Outcome::Win(Player::Second)), Some([-1.0, 1.0]));
    }
}
