//! A batch of environments on the GPU, for any game of this crate: the buffers and calls
//! every game shares (generators, actions, observations, masks, rewards, terminations, the
//! legality check), around the game's own state ([`BatchGame`]).

use std::fmt::Debug;
use std::sync::Arc;

use cudarc::driver::{CudaFunction, CudaSlice, CudaStream, DevicePtr, LaunchArgs, PushKernelArg};

use crate::{Error, Gpu, Strategy, common};

/// The most games a [`Batch`] holds.
pub const MAX_GAMES: usize = 1 << 24;

/// A game a [`Batch`] can hold: [`Othello`](crate::othello::Othello) or
/// [`Amazons`](crate::amazons::Amazons). Sealed: how its state lives on the device is this
/// crate's business.
pub trait BatchGame: sealed::GameState {
    /// Actions a step chooses from (the width of a mask).
    const ACTIONS: usize;
    /// One game's observation: planes, rows, columns (int8).
    const PLANES: [usize; 3];
    /// Bytes of one game's observation.
    const OBSERVATION_BYTES: usize = Self::PLANES[0] * Self::PLANES[1] * Self::PLANES[2];
}

pub(crate) mod sealed {
    use super::*;

    /// A game's per-game state in device memory and the kernel arguments that name it.
    ///
    /// Every game's kernels take their arguments in one order, which [`Batch`] relies on:
    /// - reset: `n`, the state and legal record (mutable);
    /// - check: `n`, actions, the legal record, the lowest illegal game;
    /// - step: `n`, actions, the state and legal record (mutable), rewards, terminations;
    /// - observe: `n`, what the observation shows, observations;
    /// - mask: `n`, the legal record, masks;
    /// - sample: `n`, the legal record, generators, actions.
    pub trait GameState: Sized + Debug + Send {
        /// The kernels' name prefix (`othello`, `amazons`).
        const PREFIX: &'static str;
        /// Threads a game of the observe kernel.
        const OBSERVE_THREADS: u64;

        /// Zeroed state for `n` games.
        fn alloc(stream: &Arc<CudaStream>, n: usize) -> Result<Self, Error>;
        /// The game's module's entry point `name`.
        fn function(gpu: &Gpu, name: &str) -> Result<CudaFunction, Error>;
        /// Threads of the mask kernel for `n` games.
        fn mask_threads(n: u64) -> u64;
        /// The kernel parameters [`push_state`](Self::push_state) pushes, by name, in order.
        /// With [`LEGAL`](Self::LEGAL) and [`OBSERVED`](Self::OBSERVED), what a unit test holds
        /// every kernel's signature in the source to: a launch's arguments are not checked
        /// against the kernel's parameters anywhere else, not even by the driver.
        const STATE: &'static [&'static str];
        /// The kernel parameters [`push_legal`](Self::push_legal) pushes, in order.
        const LEGAL: &'static [&'static str];
        /// The kernel parameters [`push_observed`](Self::push_observed) pushes, in order.
        const OBSERVED: &'static [&'static str];

        /// Pushes the state, then the legal record (both mutable).
        fn push_state<'a>(&'a mut self, launch: &mut LaunchArgs<'a>);
        /// Pushes the legal record.
        fn push_legal<'a>(&'a self, launch: &mut LaunchArgs<'a>);
        /// Pushes what the observe kernel reads.
        fn push_observed<'a>(&'a self, launch: &mut LaunchArgs<'a>);
    }
}

/// The entry points a batch calls each step.
#[derive(Debug)]
struct BatchKernels {
    reset: CudaFunction,
    step: CudaFunction,
    check: CudaFunction,
    observe: CudaFunction,
    mask: CudaFunction,
    sample: CudaFunction,
}

/// `n` games of `G` stepped at once on the GPU, with automatic reset: the environments of
/// `bitgames.vector`, their buffers in device memory
/// ([`OthelloBatch`](crate::othello::OthelloBatch),
/// [`AmazonsBatch`](crate::amazons::AmazonsBatch)).
///
/// After [`reset`](Self::reset) and each [`step`](Self::step) the device buffers hold the
/// observations (int8), action masks (bool), rewards (f32: the final result of the player
/// who moved, +1, -1 or 0, on the step that ended the game, else 0) and termination flags
/// (bool). A game that ends restarts at once: its step reports the reward and `terminated`,
/// and its observation is the new game's. Given the same actions, everything equals the
/// CPU vector environment bit for bit (the game's `Encoding::step_write`).
///
/// What is legal is the batch's own record of each game: an illegal action is
/// [`Error::IllegalAction`] naming the lowest such game, and no game moves. Actions drawn by
/// [`sample_actions`](Self::sample_actions) for the current positions are legal by
/// construction and skip that check.
#[derive(Debug)]
pub struct Batch<G: BatchGame> {
    gpu: Gpu,
    strategy: Strategy,
    n: usize,
    kernels: BatchKernels,
    pub(crate) state: G,
    rng: CudaSlice<u64>,
    actions: CudaSlice<i64>,
    /// Whether `actions` holds what `sample_actions` drew for the current positions.
    actions_sampled: bool,
    observations: CudaSlice<u8>,
    masks: CudaSlice<u8>,
    rewards: CudaSlice<f32>,
    terminated: CudaSlice<u8>,
    first_illegal: CudaSlice<u32>,
}

impl<G: BatchGame> Batch<G> {
    /// `n` games at the start, each with its own random generator seeded from `seed` and its
    /// index, computing with `strategy`.
    ///
    /// # Errors
    ///
    /// [`Error::BatchSize`] unless `1 <= n <= MAX_GAMES`; [`Error::Driver`] when the buffers
    /// cannot be allocated.
    pub fn new(gpu: &Gpu, n: usize, seed: u64, strategy: Strategy) -> Result<Self, Error> {
        if !(1..=MAX_GAMES).contains(&n) {
            return Err(Error::BatchSize { n, max: MAX_GAMES });
        }
        let stream = gpu.stream();
        let shared = |operation: &str| G::function(gpu, &format!("{}_{operation}", G::PREFIX));
        let by_strategy = |operation: &str| {
            G::function(
                gpu,
                &strategy.entry_point(&format!("{}_{operation}", G::PREFIX)),
            )
        };
        let kernels = BatchKernels {
            reset: by_strategy("reset")?,
            step: by_strategy("step")?,
            check: shared("check_actions")?,
            observe: shared("observe")?,
            mask: shared("mask")?,
            sample: shared("sample")?,
        };
        let mut batch = Batch {
            gpu: gpu.clone(),
            strategy,
            n,
            kernels,
            state: G::alloc(stream, n)?,
            rng: stream.clone_htod(&common::game_seeds(seed, n))?,
            actions: stream.alloc_zeros(n)?,
            actions_sampled: false,
            observations: stream.alloc_zeros(n * G::OBSERVATION_BYTES)?,
            masks: stream.alloc_zeros(n * G::ACTIONS)?,
            rewards: stream.alloc_zeros(n)?,
            terminated: stream.alloc_zeros(n)?,
            first_illegal: stream.alloc_zeros(1)?,
        };
        batch.reset()?;
        Ok(batch)
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Always false: a batch holds at least one game.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The strategy the kernels compute with.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The GPU the batch lives on.
    pub fn gpu(&self) -> &Gpu {
        &self.gpu
    }

    /// Starts every game again; writes the observations and masks; clears rewards and
    /// termination flags.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`] from a launch.
    pub fn reset(&mut self) -> Result<(), Error> {
        let n = self.n as u64;
        let stream = self.gpu.stream().clone();
        let mut launch = stream.launch_builder(&self.kernels.reset);
        launch.arg(&n);
        self.state.push_state(&mut launch);
        // SAFETY: `<game>_reset_<strategy>` takes `n`, then the state and legal record as
        // `GameState::push_state` pushes them, each holding `n` games.
        unsafe { launch.launch(common::config(n)) }?;
        stream.memset_zeros(&mut self.rewards)?;
        stream.memset_zeros(&mut self.terminated)?;
        self.actions_sampled = false;
        self.write_views()
    }

    /// Draws one uniformly random legal action per game into the batch's action buffer
    /// ([`actions`](Self::actions) reads it back), from each game's own generator.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`] from the launch.
    pub fn sample_actions(&mut self) -> Result<(), Error> {
        let n = self.n as u64;
        let stream = self.gpu.stream().clone();
        let mut launch = stream.launch_builder(&self.kernels.sample);
        launch.arg(&n);
        self.state.push_legal(&mut launch);
        launch.arg(&mut self.rng).arg(&mut self.actions);
        // SAFETY: `<game>_sample` takes `n`, the legal record, the generators and the
        // actions, `n` games each.
        unsafe { launch.launch(common::config(n)) }?;
        self.actions_sampled = true;
        Ok(())
    }

    /// Copies `actions` (one per game) into the batch's action buffer.
    ///
    /// # Errors
    ///
    /// [`Error::Length`] unless there is one action per game; [`Error::Driver`].
    pub fn set_actions(&mut self, actions: &[i64]) -> Result<(), Error> {
        if actions.len() != self.n {
            return Err(Error::Length {
                what: "actions",
                expected: self.n,
                got: actions.len(),
            });
        }
        self.gpu.stream().memcpy_htod(actions, &mut self.actions)?;
        self.actions_sampled = false;
        Ok(())
    }

    /// Steps every game with the action buffer's actions (from
    /// [`sample_actions`](Self::sample_actions) or [`set_actions`](Self::set_actions)).
    ///
    /// # Errors
    ///
    /// [`Error::IllegalAction`] (no game moved); [`Error::Driver`].
    pub fn step(&mut self) -> Result<(), Error> {
        // One stream runs everything (event tracking is off), so the pointer needs no guard.
        let pointer = self.actions.device_ptr(self.gpu.stream()).0;
        let checked = !self.actions_sampled;
        // SAFETY: the pointer is the batch's own buffer of `n` actions; unchecked only when
        // `sample_actions` drew them for the current positions.
        unsafe { self.step_from(pointer, checked) }
    }

    /// Steps every game with the actions at `actions`: `n` int64 in device memory of this
    /// batch's GPU, read on its stream (a DLPack array's pointer, say). They are checked
    /// first, so an illegal one is [`Error::IllegalAction`] and no game moves.
    ///
    /// # Safety
    ///
    /// `actions` points to `n` readable, initialised `i64` in this GPU's memory, which
    /// nothing writes until the step's kernels have run.
    ///
    /// # Errors
    ///
    /// [`Error::IllegalAction`]; [`Error::Driver`].
    pub unsafe fn step_device_actions(&mut self, actions: u64) -> Result<(), Error> {
        // SAFETY: the caller's promise.
        unsafe { self.step_from(actions, true) }
    }

    /// # Safety
    ///
    /// As for [`step_device_actions`](Self::step_device_actions); `checked` may be false only
    /// for actions the sample kernel drew for the current positions.
    unsafe fn step_from(&mut self, actions: u64, checked: bool) -> Result<(), Error> {
        let n = self.n as u64;
        let stream = self.gpu.stream().clone();
        if checked {
            stream.memcpy_htod(&[u32::MAX], &mut self.first_illegal)?;
            let mut launch = stream.launch_builder(&self.kernels.check);
            launch.arg(&n).arg(&actions);
            self.state.push_legal(&mut launch);
            launch.arg(&mut self.first_illegal);
            // SAFETY: `<game>_check_actions` takes `n`, the actions (`n`, the caller's
            // promise), the legal record and the one counter.
            unsafe { launch.launch(common::config(n)) }?;
            // SAFETY: `actions` holds `n` entries (the caller's promise).
            unsafe { common::refuse_illegal(&stream, &self.first_illegal, actions, self.n) }?;
        }
        let mut launch = stream.launch_builder(&self.kernels.step);
        launch.arg(&n).arg(&actions);
        self.state.push_state(&mut launch);
        launch.arg(&mut self.rewards).arg(&mut self.terminated);
        // SAFETY: `<game>_step_<strategy>` takes `n`, the actions, the state and legal
        // record, rewards and terminations; every action is legal in its game (checked
        // above, or drawn by the sample kernel from the same record).
        unsafe { launch.launch(common::config(n)) }?;
        // The positions moved: what `sample_actions` drew no longer applies to them.
        self.actions_sampled = false;
        self.write_views()
    }

    /// Writes the observations and masks from the positions and legal records.
    fn write_views(&mut self) -> Result<(), Error> {
        let n = self.n as u64;
        let stream = self.gpu.stream().clone();
        let mut launch = stream.launch_builder(&self.kernels.observe);
        launch.arg(&n);
        self.state.push_observed(&mut launch);
        launch.arg(&mut self.observations);
        // SAFETY: `<game>_observe` takes `n`, what it shows and the observations;
        // `OBSERVE_THREADS` threads a game, each writing its 16 bytes.
        unsafe { launch.launch(common::config(n * G::OBSERVE_THREADS)) }?;
        let mut launch = stream.launch_builder(&self.kernels.mask);
        launch.arg(&n);
        self.state.push_legal(&mut launch);
        launch.arg(&mut self.masks);
        // SAFETY: `<game>_mask` takes `n`, the legal record and the masks; a thread per 4
        // mask bytes.
        unsafe { launch.launch(common::config(G::mask_threads(n))) }?;
        Ok(())
    }

    /// Waits for the batch's kernels to finish.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`], including errors of kernels launched earlier.
    pub fn synchronize(&self) -> Result<(), Error> {
        Ok(self.gpu.stream().synchronize()?)
    }

    /// The device buffers, for handing out without copies (DLPack).
    pub fn buffers(&self) -> Buffers {
        let stream = self.gpu.stream();
        Buffers {
            observations: self.observations.device_ptr(stream).0,
            masks: self.masks.device_ptr(stream).0,
            rewards: self.rewards.device_ptr(stream).0,
            terminated: self.terminated.device_ptr(stream).0,
            actions: self.actions.device_ptr(stream).0,
        }
    }

    /// The observations, copied to the host: game by game.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn observations(&self) -> Result<Vec<i8>, Error> {
        let bytes = self.gpu.stream().clone_dtoh(&self.observations)?;
        Ok(bytes.into_iter().map(|b| b as i8).collect())
    }

    /// The action masks, copied to the host: game by game.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn masks(&self) -> Result<Vec<bool>, Error> {
        let bytes = self.gpu.stream().clone_dtoh(&self.masks)?;
        Ok(bytes.into_iter().map(|b| b != 0).collect())
    }

    /// The rewards of the last step, copied to the host.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn rewards(&self) -> Result<Vec<f32>, Error> {
        Ok(self.gpu.stream().clone_dtoh(&self.rewards)?)
    }

    /// The termination flags of the last step, copied to the host.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn terminated(&self) -> Result<Vec<bool>, Error> {
        let bytes = self.gpu.stream().clone_dtoh(&self.terminated)?;
        Ok(bytes.into_iter().map(|b| b != 0).collect())
    }

    /// The action buffer, copied to the host.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn actions(&self) -> Result<Vec<i64>, Error> {
        Ok(self.gpu.stream().clone_dtoh(&self.actions)?)
    }
}

/// Device addresses of a [`Batch`]'s buffers (valid while the batch lives): observations
/// (int8, game by game), masks (bool, one byte each), rewards (f32), terminations (bool) and
/// the action buffer (int64).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Buffers {
    /// Observations, `[n, planes...]` int8.
    pub observations: u64,
    /// Action masks, `[n, actions]` bool (one byte each).
    pub masks: u64,
    /// `[n]` f32.
    pub rewards: u64,
    /// `[n]` bool.
    pub terminated: u64,
    /// `[n]` int64: the action buffer.
    pub actions: u64,
}

#[cfg(test)]
mod tests {
    use super::sealed::GameState;
    use crate::amazons::Amazons;
    use crate::othello::Othello;
    use crate::source;

    /// The parameter names of kernel `name` in `source` (`KERNEL void name(...)`).
    fn parameters(source: &str, name: &str) -> Vec<String> {
        let head = format!("KERNEL void {name}(");
        let start = source
            .find(&head)
            .unwrap_or_else(|| panic!("no kernel {name}"))
            + head.len();
        let end = start + source[start..].find(')').expect("a closing parenthesis");
        source[start..end]
            .split(',')
            .map(|parameter| {
                let parameter =
                    parameter.trim_end_matches(|c: char| c == '\\' || c.is_whitespace());
                let name_start = parameter
                    .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .map_or(0, |i| i + 1);
                parameter[name_start..].to_string()
            })
            .collect()
    }

    fn names(groups: &[&[&str]]) -> Vec<String> {
        groups.concat().into_iter().map(String::from).collect()
    }

    /// Every kernel a [`Batch`](super::Batch) launches takes, by name and in order, what the
    /// batch pushes (the order the `GameState` documentation gives). Caught on a GPU once:
    /// the host pushed Othello's whole legal record (moves, pass) to a sample kernel that
    /// took the moves alone, and nothing else noticed.
    fn kernels_take_what_the_batch_pushes<G: GameState>(source: &str) {
        let prefix = G::PREFIX;
        let expected = [
            ("reset_##name", names(&[&["n"], G::STATE])),
            (
                "step_##name",
                names(&[&["n", "actions"], G::STATE, &["rewards", "terminated"]]),
            ),
            (
                "check_actions",
                names(&[&["n", "actions"], G::LEGAL, &["first_illegal"]]),
            ),
            ("observe", names(&[&["n"], G::OBSERVED, &["observations"]])),
            ("mask", names(&[&["n"], G::LEGAL, &["masks"]])),
            ("sample", names(&[&["n"], G::LEGAL, &["rng", "actions"]])),
        ];
        for (kernel, parameters_pushed) in expected {
            let name = format!("{prefix}_{kernel}");
            assert_eq!(parameters(source, &name), parameters_pushed, "{name}");
        }
    }

    #[test]
    fn othello_kernels_take_what_the_batch_pushes() {
        kernels_take_what_the_batch_pushes::<Othello>(&source::othello());
    }

    #[test]
    fn amazons_kernels_take_what_the_batch_pushes() {
        kernels_take_what_the_batch_pushes::<Amazons>(&source::amazons());
    }
}
