//! Santorini with god powers as an environment: a turn taken one step at a time.
//!
//! The base game's 769 actions number whole turns, which a god's power outgrows (Hermes alone
//! has thousands). [`StepTurn`] numbers the steps of a turn instead (see
//! [`crate::steps`]), the same agent acting until its turn is complete, as the Amazons
//! environment does with its three sub-actions:
//!
//! - **Actions**: 26. `0..25` a square, numbered `5 * row + col` ([`Square::index`]: A5 = 0,
//!   E5 = 4, A1 = 20, E1 = 24); `25` ([`POWER`]) uses the god's power for what follows.
//!   A legal action is a step that continues some legal move; the move is played when its
//!   last step is taken.
//! - **Observation planes** `[10 + 2 * GODS + 16 + 2, 5, 5]` with `GODS` the gods of
//!   [`God::ALL`] after [`God::Mortal`] (52 today: `[132, 5, 5]`), as seen by the observing player: 0-6 the
//!   base game's planes (levels 0 to 4 one-hot, own workers, opponent's workers); 7 and 8 all
//!   ones when the observer's / the opponent's god flag is set ([`Position::god_flag`]: Athena
//!   moved up last turn, Nike moved down, Polyphemus has used his domes, Achilles or
//!   Bellerophon his power, Theseus has removed a worker, Jason has placed his new one,
//!   Clio has used her three coins);
//!   `9..9 + GODS` the
//!   observer's god and `9 + GODS..9 + 2 * GODS` the opponent's, one plane per god in the
//!   order of [`God::ALL`] (all zero for a mortal; a new god adds a plane to each block);
//!   `9 + 2 * GODS` all ones once the power is chosen this turn; then sixteen planes ([`MAX_STEPS`](crate::steps::MAX_STEPS): Morpheus's twelve builds), the squares
//!   chosen so far this turn, one plane per step; the last two the observer's and the
//!   opponent's token ([`Position::token`]: Europa's Talus; Aeolus's wind, the square next
//!   to C3 in its direction), a one on its square, and Clio's coins
//!   ([`Position::coins`]), a one on each; Morpheus's card ([`Position::card`]) as a
//!   count, a one on each of the first `card` squares in index order (A5 first), 25 at
//!   most.
//! - **Record of the legal actions** ([`Encoding::Legal`]): a copy of the mask.

use bitgames_search::Game;
use bitgames_search::encoding::{Encoding, player_of, rewards};

use crate::steps::{MAX_STEPS, Step, StepPath};
use crate::{God, Move, Position, Square};

/// The action that takes the [`Step::Power`] step.
pub const POWER: usize = 25;

/// The number of actions: the 25 squares and [`POWER`].
pub const ACTIONS: usize = 26;

/// The gods with a plane in each god block of the observation: all but [`God::Mortal`].
pub const GODS: usize = God::ALL.len() - 1;

/// The observation plane that is all ones once the power is chosen this turn.
pub const POWER_PLANE: usize = 9 + 2 * GODS;

/// The observation plane of the observer's token ([`Position::token`]); the opponent's is
/// the next one.
pub const TOKEN_PLANE: usize = POWER_PLANE + 1 + MAX_STEPS;

/// A position with the steps of the turn in progress (none at the start of a turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepTurn {
    /// The position at the start of the turn.
    pub position: Position,
    /// The actions taken so far this turn, `taken[..len]`.
    taken: [u8; MAX_STEPS],
    len: u8,
}

/// The action of a step.
pub fn step_action(step: Step) -> usize {
    match step {
        Step::Square(square) => square.index(),
        Step::Power => POWER,
    }
}

/// The step an action takes, or `None` out of range.
pub fn action_step(action: usize) -> Option<Step> {
    match action {
        POWER => Some(Step::Power),
        _ => Square::from_index(action).map(Step::Square),
    }
}

impl StepTurn {
    /// The start of a turn in `position`.
    pub fn new(position: Position) -> StepTurn {
        StepTurn {
            position,
            taken: [0; MAX_STEPS],
            len: 0,
        }
    }

    /// The steps taken so far this turn.
    pub fn steps_taken(&self) -> StepPath {
        self.taken[..usize::from(self.len)]
            .iter()
            .filter_map(|&a| action_step(usize::from(a)))
            .collect()
    }

    /// Calls `each` with every legal move of the turn and each of its step paths that starts
    /// with the steps taken.
    fn for_each_continuation(&self, mut each: impl FnMut(Move, &StepPath)) {
        let taken = &self.taken[..usize::from(self.len)];
        for mv in self.position.legal_moves() {
            for path in mv.step_paths() {
                let continues = path.len() >= taken.len()
                    && path
                        .iter()
                        .zip(taken)
                        .all(|(&step, &a)| step_action(step) == usize::from(a));
                if continues {
                    each(mv, &path);
                }
            }
        }
    }
}

impl Encoding for StepTurn {
    const ACTIONS: usize = ACTIONS;
    const PLANES: [usize; 3] = [TOKEN_PLANE + 2, 5, 5];
    bitgames_search::mask_copy_legal!(ACTIONS);

    fn start() -> Self {
        StepTurn::new(Position::empty())
    }

    fn current_player(&self) -> usize {
        self.position.side_to_move().index()
    }

    fn legal_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        let next = usize::from(self.len);
        self.for_each_continuation(|_, path| {
            if let Some(&step) = path.get(next) {
                mask[step_action(step)] = true;
            }
        });
    }

    fn apply(&mut self, action: usize) -> Result<(), String> {
        // One walk of the legal moves finds whether the step continues one of them and
        // whether it completes one (the paths are prefix-free: at most one).
        let next = usize::from(self.len);
        let (mut legal, mut complete) = (false, None);
        self.for_each_continuation(|mv, path| {
            if let Some(&step) = path.get(next)
                && step_action(step) == action
            {
                legal = true;
                if path.len() == next + 1 {
                    complete = Some(mv);
                }
            }
        });
        if !legal {
            let taken: Vec<String> = self.steps_taken().iter().map(Step::to_string).collect();
            return Err(match action_step(action) {
                None => format!("action {action} is out of range 0..{ACTIONS}"),
                Some(step) if taken.is_empty() => {
                    format!("action {action} ({step}) does not start a legal turn here")
                }
                Some(step) => format!(
                    "action {action} ({step}) does not continue a legal turn after {}",
                    taken.join(" ")
                ),
            });
        }
        self.taken[next] = action as u8;
        self.len += 1;
        if let Some(mv) = complete {
            *self = StepTurn::new(self.position.play_unchecked(mv));
        }
        Ok(())
    }

    fn observe(&self, player: usize, out: &mut [i8]) {
        let [_, rows, cols] = Self::PLANES;
        let plane = rows * cols;
        Encoding::observe(&self.position, player, &mut out[..7 * plane]);
        out[7 * plane..].fill(0);
        let me = player_of(player);
        let mut ones = Vec::with_capacity(4);
        for (offset, who) in [(0, me), (1, me.other())] {
            // Clio's flag plane: all her coins used (what she builds next gets none).
            if self.position.god_flag(who) || self.position.coins_used(who) == 3 {
                ones.push(7 + offset);
            }
            if let Some(square) = self.position.token(who) {
                out[(TOKEN_PLANE + offset) * plane + square.index()] = 1;
            }
            for square in self.position.coins(who) {
                out[(TOKEN_PLANE + offset) * plane + square.index()] = 1;
            }
            // Morpheus's card (he has no token): a one on the first `card` squares in index
            // order, A5 first, so a count up to 25 (more blocks than a turn can use twice).
            let card = usize::from(self.position.card(who)).min(plane);
            out[(TOKEN_PLANE + offset) * plane..][..card].fill(1);
            let god = self.position.god(who);
            // God::ALL[0] is Mortal: the other gods take planes 9.. and 9 + GODS.. in order.
            if let Some(rank) = God::ALL.iter().position(|&g| g == god).filter(|&r| r > 0) {
                ones.push(9 + GODS * offset + rank - 1);
            }
        }
        for (k, step) in self.steps_taken().iter().enumerate() {
            match step {
                Step::Power => ones.push(POWER_PLANE),
                Step::Square(square) => out[(POWER_PLANE + 1 + k) * plane + square.index()] = 1,
            }
        }
        for index in ones {
            out[index * plane..(index + 1) * plane].fill(1);
        }
    }

    fn returns(&self) -> Option<[f32; 2]> {
        rewards(Game::outcome(&self.position))
    }
}
