//! Integer action encodings and observation planes, one per game, as reinforcement-learning
//! environments (PettingZoo, OpenSpiel, the vectorized environments) expect them.
//!
//! - **Othello** (OpenSpiel's `othello`): 65 actions, square `8 * row + col` with a1 = 0
//!   row by row, 64 = pass; observation planes `[3, 8, 8]`: empty, the observing player's
//!   discs, the opponent's.
//! - **Amazons** (OpenSpiel's `amazons`): a turn is three sub-actions of 100 each — the queen
//!   to move, its destination, the arrow square — numbered a10 = 0 row by row; observation
//!   planes `[4, 10, 10]`: the observing player's queens, the opponent's, the arrows, and the
//!   square selected so far this turn (the queen, then its destination).
//! - **Santorini** (OpenSpiel has no Santorini; this encoding is ours): 769 actions.
//!   `worker * 64 + move_direction * 8 + build_direction` (0..128) moves a worker and builds,
//!   worker 0 being the side to move's worker on the lower square (row by row, A1 first)
//!   and directions in the order N, NE, E, SE, S, SW, W, NW; `128 + worker * 8 +
//!   move_direction` (128..144) is a winning move up to level 3; `144 + 25 * a + b` places
//!   the two workers on squares `a < b` (numbered `5 * row + col`, A1 = 0). Observation
//!   planes `[7, 5, 5]`: levels 0 to 4 one-hot, the observing player's workers, the
//!   opponent's.

use bitgames::bitboard::Direction;
use bitgames::search::{Game, Outcome, Player};
use bitgames::{amazons, othello, santorini};

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
    /// Applies action `a`, or says why it is not legal here.
    fn apply(&mut self, action: usize) -> Result<(), String>;
    /// Applies action `a`, which the caller has checked against [`Encoding::legal_mask`]
    /// (the vectorized step's fast path; the default checks again).
    fn apply_legal(&mut self, action: usize) {
        self.apply(action)
            .expect("the caller checked the action against the mask");
    }
    /// Writes the observation planes as seen by `player` (`PLANES` in row-major order).
    fn observe(&self, player: usize, out: &mut [i8]);
    /// The final rewards of both players (+1 win, -1 loss, 0 draw), or `None` if the game
    /// goes on.
    fn returns(&self) -> Option<[f32; 2]>;
    /// The vectorized step for one game: applies `action` (checked against the mask by the
    /// caller), restarts the game if that ended it, and writes the observation and action
    /// mask of the position now to play. Returns the final rewards when the game ended.
    ///
    /// One call rather than four so a game can share work between them: Othello finds the
    /// side to move's mobility once for the end-of-game test and the mask.
    fn step_write(&mut self, action: usize, obs: &mut [i8], mask: &mut [bool]) -> Option<[f32; 2]> {
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

/// Writes bit `i` of `bits` as `out[i]` (0 or 1) for `i` in 0..64, eight squares at a time:
/// with BMI2, PDEP deposits a row's eight bits into the low bits of eight bytes in one
/// instruction; elsewhere [`spread_bits_portable`].
#[inline(always)]
fn spread_bits(bits: u64, out: &mut [i8]) {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
    {
        // With AVX-512BW the whole board is one masked byte broadcast: a 1 in every byte
        // lane whose bit is set, then one 64-byte store.
        use core::arch::x86_64::{_mm512_maskz_set1_epi8, _mm512_storeu_si512};
        let out = &mut out[..64];
        // SAFETY: AVX-512BW is enabled for the whole target (this block's `cfg`), so the
        // CPU has the instructions; `out` is 64 writable bytes (the slice above panics
        // otherwise) and the store is unaligned. Benchmark: the README's vectorized
        // environment figures (BMI2 PDEP rows against this, same run).
        unsafe {
            let ones = _mm512_maskz_set1_epi8(bits, 1);
            _mm512_storeu_si512(out.as_mut_ptr().cast(), ones);
        }
    }
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "bmi2",
        not(target_feature = "avx512bw")
    ))]
    {
        use bitgames::bitboard::gather::{BitGather, Bmi2Gather};
        spread_rows(bits, out, |byte| Bmi2Gather::pdep(byte, REPLICATE));
    }
    #[cfg(not(all(
        target_arch = "x86_64",
        any(target_feature = "bmi2", target_feature = "avx512bw")
    )))]
    spread_bits_portable(bits, out);
}

/// Byte `k` of a word set: one in every byte lane.
const REPLICATE: u64 = 0x0101_0101_0101_0101;

/// [`spread_bits`] without BMI2: each byte of the board is replicated into all eight byte
/// lanes, lane `k` keeps bit `k`, and adding 0x7f to every lane carries a set bit into the
/// lane's top bit (no lane overflows: its value is 0 or a single bit). Always compiled, so
/// the tests hold the BMI2 path to it.
#[cfg_attr(
    all(
        target_arch = "x86_64",
        any(target_feature = "bmi2", target_feature = "avx512bw"),
        not(test)
    ),
    allow(
        dead_code,
        reason = "the fallback where BMI2 is missing; tested everywhere"
    )
)]
#[inline(always)]
fn spread_bits_portable(bits: u64, out: &mut [i8]) {
    const LANE_BITS: u64 = 0x8040_2010_0804_0201;
    spread_rows(bits, out, |byte| {
        let lanes = (byte.wrapping_mul(REPLICATE) & LANE_BITS).wrapping_add(0x7f7f_7f7f_7f7f_7f7f);
        (lanes >> 7) & REPLICATE
    });
}

/// Writes each row (byte) of `bits` as eight bytes of 0 or 1, spread by `spread`.
#[inline(always)]
fn spread_rows(bits: u64, out: &mut [i8], spread: impl Fn(u64) -> u64) {
    for (row, chunk) in out[..64].chunks_exact_mut(8).enumerate() {
        let ones = spread((bits >> (8 * row)) & 0xff);
        for (o, b) in chunk.iter_mut().zip(ones.to_le_bytes()) {
            *o = b as i8;
        }
    }
}

/// [`Encoding::step_write`] from the separate parts: apply, test for the end, restart, observe,
/// mask. The default, and the reference the faster overrides are tested against.
pub fn step_write_in_parts<E: Encoding>(
    game: &mut E,
    action: usize,
    obs: &mut [i8],
    mask: &mut [bool],
) -> Option<[f32; 2]> {
    game.apply_legal(action);
    let returns = game.returns();
    if returns.is_some() {
        *game = E::start();
    }
    game.observe(game.current_player(), obs);
    game.legal_mask(mask);
    returns
}

/// Othello's action mask: the legal squares, and the pass action (64) when `pass` is set.
fn othello_mask(moves: u64, pass: bool, mask: &mut [bool]) {
    let mut bytes = [0i8; 64];
    spread_bits(moves, &mut bytes);
    for (m, &b) in mask.iter_mut().zip(&bytes) {
        *m = b != 0;
    }
    mask[64] = pass;
}

fn rewards(outcome: Outcome) -> Option<[f32; 2]> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Draw => Some([0.0, 0.0]),
        Outcome::Win(Player::First) => Some([1.0, -1.0]),
        Outcome::Win(Player::Second) => Some([-1.0, 1.0]),
    }
}

impl Encoding for othello::Position {
    const ACTIONS: usize = 65;
    const PLANES: [usize; 3] = [3, 8, 8];

    fn start() -> Self {
        othello::Position::start()
    }

    fn current_player(&self) -> usize {
        self.side_to_move().index()
    }

    fn legal_mask(&self, mask: &mut [bool]) {
        let moves = self.move_mask();
        othello_mask(moves, moves == 0 && !self.is_game_over(), mask);
    }

    fn apply(&mut self, action: usize) -> Result<(), String> {
        let mv = match action {
            64 => othello::Move::Pass,
            a if a < 64 => {
                othello::Move::Play(othello::Square::from_bit(a as u32).ok_or("not a square")?)
            }
            a => return Err(format!("action {a} is out of range 0..65")),
        };
        let legal = self.legal_moves();
        if !legal.contains(&mv) {
            return Err(format!("action {action} ({mv}) is not legal here"));
        }
        *self = self.play(mv);
        Ok(())
    }

    fn apply_legal(&mut self, action: usize) {
        let mv = match othello::Square::from_bit(action as u32) {
            Some(square) => othello::Move::Play(square),
            None => othello::Move::Pass,
        };
        *self = self.play(mv);
    }

    fn observe(&self, player: usize, out: &mut [i8]) {
        let (black, white) = self.discs();
        let (mine, theirs) = if player == 0 {
            (black, white)
        } else {
            (white, black)
        };
        let (empty, rest) = out.split_at_mut(64);
        let (mine_plane, theirs_plane) = rest.split_at_mut(64);
        spread_bits(!(black | white), empty);
        spread_bits(mine, mine_plane);
        spread_bits(theirs, &mut theirs_plane[..64]);
    }

    fn returns(&self) -> Option<[f32; 2]> {
        rewards(self.outcome())
    }

    fn step_write(&mut self, action: usize, obs: &mut [i8], mask: &mut [bool]) -> Option<[f32; 2]> {
        self.apply_legal(action);
        let mut moves = self.move_mask();
        let mut returns = None;
        // Only a side with no move can be at the end: the full test (the opponent's
        // mobility, the score) runs on those few positions alone.
        if moves == 0 {
            returns = rewards(self.outcome());
            if returns.is_some() {
                *self = othello::Position::start();
                moves = self.move_mask();
            }
        }
        self.observe(self.current_player(), obs);
        // With no square to play and the game going on, the side to move must pass.
        othello_mask(moves, moves == 0, mask);
        returns
    }

    fn random_action<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> usize {
        use bitgames::bitboard::gather::{BitGather, FastestGather};
        use rand::RngExt;
        let moves = self.move_mask();
        if moves == 0 {
            return 64;
        }
        // The k-th legal square: PDEP deposits bit k on the k-th set bit of the mask.
        let k = rng.random_range(0..moves.count_ones());
        FastestGather::pdep(1 << k, moves).trailing_zeros() as usize
    }
}

/// The Amazons with a turn in progress: the queen and destination chosen so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AmazonsTurn {
    /// The position at the start of the turn.
    pub position: amazons::Position,
    /// The queen chosen (first sub-action), if any.
    pub from: Option<amazons::Square>,
    /// Its destination (second sub-action), if any.
    pub to: Option<amazons::Square>,
}

fn amazons_square(cell: usize) -> Option<amazons::Square> {
    amazons::Square::from_index(cell)
}

fn amazons_cell(square: amazons::Square) -> usize {
    square.index()
}

impl Encoding for AmazonsTurn {
    const ACTIONS: usize = 100;
    const PLANES: [usize; 3] = [4, 10, 10];

    fn start() -> Self {
        AmazonsTurn {
            position: amazons::Position::start(),
            from: None,
            to: None,
        }
    }

    fn current_player(&self) -> usize {
        self.position.side_to_move().index()
    }

    fn legal_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        for mv in self.position.legal_moves() {
            let cell = match (self.from, self.to) {
                (None, _) => mv.from,
                (Some(from), None) if mv.from == from => mv.to,
                (Some(from), Some(to)) if mv.from == from && mv.to == to => mv.arrow,
                _ => continue,
            };
            mask[amazons_cell(cell)] = true;
        }
    }

    fn apply(&mut self, action: usize) -> Result<(), String> {
        let square =
            amazons_square(action).ok_or(format!("action {action} is out of range 0..100"))?;
        let mut mask = [false; 100];
        self.legal_mask(&mut mask);
        if !mask[action] {
            let what = match (self.from, self.to) {
                (None, _) => "a queen of the side to move that can move",
                (Some(_), None) => "a square the chosen queen reaches",
                _ => "a square the moved queen can shoot to",
            };
            return Err(format!("action {action} ({square}) is not {what}"));
        }
        match (self.from, self.to) {
            (None, _) => self.from = Some(square),
            (Some(_), None) => self.to = Some(square),
            (Some(from), Some(to)) => {
                let mv = amazons::Move {
                    from,
                    to,
                    arrow: square,
                };
                *self = AmazonsTurn {
                    position: self.position.play(mv),
                    from: None,
                    to: None,
                };
            }
        }
        Ok(())
    }

    fn observe(&self, player: usize, out: &mut [i8]) {
        let me = if player == 0 {
            Player::First
        } else {
            Player::Second
        };
        let planes = [
            self.position.queens(me),
            self.position.queens(me.other()),
            self.position.arrows(),
        ];
        out.fill(0);
        for (p, set) in planes.iter().enumerate() {
            for square in *set {
                out[p * 100 + amazons_cell(square)] = 1;
            }
        }
        if let Some(selected) = self.to.or(self.from) {
            out[300 + amazons_cell(selected)] = 1;
        }
    }

    fn returns(&self) -> Option<[f32; 2]> {
        rewards(self.position.outcome())
    }
}

/// The eight directions' (row, column) steps, in action order (N, NE, E, SE, S, SW, W, NW).
fn steps() -> [(i32, i32); 8] {
    Direction::ALL.map(Direction::delta)
}

fn santorini_step(from: santorini::Square, d: usize) -> Option<santorini::Square> {
    let (dr, dc) = steps()[d];
    from.offset(dr, dc)
}

fn santorini_direction(from: santorini::Square, to: santorini::Square) -> Option<usize> {
    (0..8).find(|&d| santorini_step(from, d) == Some(to))
}

/// The action of a Santorini move in `position` (see the module docs).
pub fn santorini_action(position: &santorini::Position, mv: santorini::Move) -> usize {
    let side = position.side_to_move();
    let worker = |from: santorini::Square| {
        let lower = position.workers(side).iter().next();
        usize::from(lower != Some(from))
    };
    match mv {
        santorini::Move::Place(a, b) => {
            let (a, b) = (a.index().min(b.index()), a.index().max(b.index()));
            144 + 25 * a + b
        }
        santorini::Move::Win { from, to } => {
            128 + worker(from) * 8 + santorini_direction(from, to).expect("a step")
        }
        santorini::Move::Build { from, to, build } => {
            worker(from) * 64
                + santorini_direction(from, to).expect("a step") * 8
                + santorini_direction(to, build).expect("a step")
        }
    }
}

impl Encoding for santorini::Position {
    const ACTIONS: usize = 769;
    const PLANES: [usize; 3] = [7, 5, 5];

    fn start() -> Self {
        santorini::Position::empty()
    }

    fn current_player(&self) -> usize {
        self.side_to_move().index()
    }

    fn legal_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        for mv in self.legal_moves() {
            mask[santorini_action(self, mv)] = true;
        }
    }

    fn apply(&mut self, action: usize) -> Result<(), String> {
        let mv = self
            .legal_moves()
            .into_iter()
            .find(|&mv| santorini_action(self, mv) == action)
            .ok_or_else(|| {
                if action < Self::ACTIONS {
                    format!("action {action} is not legal here")
                } else {
                    format!("action {action} is out of range 0..769")
                }
            })?;
        *self = self.play(mv);
        Ok(())
    }

    fn observe(&self, player: usize, out: &mut [i8]) {
        let me = if player == 0 {
            Player::First
        } else {
            Player::Second
        };
        out.fill(0);
        for square in santorini::Square::all() {
            let i = square.index();
            out[usize::from(self.height(square)).min(4) * 25 + i] = 1;
            match self.worker_at(square) {
                Some(p) if p == me => out[125 + i] = 1,
                Some(_) => out[150 + i] = 1,
                None => {}
            }
        }
    }

    fn returns(&self) -> Option<[f32; 2]> {
        rewards(Game::outcome(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn othello_step_write_equals_the_step_in_parts() {
        use rand::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(12);
        let (mut fast, mut parts) = (othello::Position::start(), othello::Position::start());
        let (mut obs_fast, mut obs_parts) = ([0i8; 192], [0i8; 192]);
        let (mut mask_fast, mut mask_parts) = ([false; 65], [false; 65]);
        let mut games = 0;
        // 300 games: every kind of end (wins both ways, draws are rare) and many passes.
        while games < 300 {
            let action = fast.random_action(&mut rng);
            let done_fast = fast.step_write(action, &mut obs_fast, &mut mask_fast);
            let done_parts =
                step_write_in_parts(&mut parts, action, &mut obs_parts, &mut mask_parts);
            assert_eq!(done_fast, done_parts);
            assert_eq!((fast, obs_fast, mask_fast), (parts, obs_parts, mask_parts));
            games += usize::from(done_fast.is_some());
        }
    }

    #[test]
    fn spread_bits_writes_one_byte_a_bit() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..1_000 {
            // SplitMix64 steps for varied boards.
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let bits = (x ^ (x >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            let (mut fast, mut portable) = ([7i8; 64], [7i8; 64]);
            spread_bits(bits, &mut fast);
            spread_bits_portable(bits, &mut portable);
            for (i, &o) in fast.iter().enumerate() {
                assert_eq!(o, (bits >> i & 1) as i8, "bit {i} of {bits:#x}");
            }
            assert_eq!(fast, portable, "{bits:#x}");
        }
        let mut out = [7i8; 64];
        spread_bits(u64::MAX, &mut out);
        assert_eq!(out, [1; 64]);
    }
}
