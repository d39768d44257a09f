//! The kernels on the host: the CUDA source compiled as C++ with the host's compiler
//! (`$CXX`, else `c++`) and loaded as a shared library. A launch of `threads` threads calls
//! the kernel once per thread index, in order (see `kernels/common.cuh`).

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use libloading::{Library, Symbol};

/// A compiled emulation of one kernel source.
pub struct Emulator {
    library: Library,
}

impl Emulator {
    /// The Othello kernels, compiled once per test binary, their constant tables filled.
    pub fn othello() -> &'static Emulator {
        static OTHELLO: OnceLock<Emulator> = OnceLock::new();
        OTHELLO.get_or_init(|| {
            Emulator::compile(
                "othello",
                &bitgames_gpu::source::othello(),
                &bitgames_gpu::source::othello_constants(),
            )
        })
    }

    /// The Amazons kernels, compiled once per test binary, their constant tables filled.
    pub fn amazons() -> &'static Emulator {
        static AMAZONS: OnceLock<Emulator> = OnceLock::new();
        AMAZONS.get_or_init(|| {
            Emulator::compile(
                "amazons",
                &bitgames_gpu::source::amazons(),
                &bitgames_gpu::source::amazons_constants(),
            )
        })
    }

    fn compile(name: &str, source: &str, constants: &[bitgames_gpu::source::Constant]) -> Emulator {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gpu-emulation");
        std::fs::create_dir_all(&dir).expect("creating the emulation directory");
        // One file per test binary: test binaries run at once must not share files.
        let stem = format!("{name}-{}", std::process::id());
        let source_path = dir.join(format!("{stem}.cpp"));
        let library_path = dir.join(format!("lib{stem}.so"));
        std::fs::write(&source_path, source).expect("writing the emulation source");
        let compiler = std::env::var("CXX").unwrap_or_else(|_| "c++".into());
        let output = Command::new(&compiler)
            .args([
                "-std=c++17",
                "-O2",
                "-fPIC",
                "-shared",
                "-Wno-unknown-pragmas",
            ])
            .arg(format!("-D{}", bitgames_gpu::source::HOST_EMULATION))
            .arg(&source_path)
            .arg("-o")
            .arg(&library_path)
            .output()
            .unwrap_or_else(|e| panic!("running the C++ compiler {compiler:?}: {e}"));
        assert!(
            output.status.success(),
            "the kernels do not compile as host C++:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        // SAFETY: the library is the one just built from the kernel source; its initialisers
        // only zero globals.
        let library = unsafe { Library::new(&library_path) }.expect("loading the emulation");
        let emulator = Emulator { library };
        for constant in constants {
            // SAFETY: the symbol is the constant table of that name, `bytes.len()` bytes
            // long (its C declaration comes from the same `Constant`).
            unsafe {
                let symbol: Symbol<*mut u8> = emulator
                    .library
                    .get(constant.name.as_bytes())
                    .expect("a constant table");
                std::ptr::copy_nonoverlapping(
                    constant.bytes.as_ptr(),
                    *symbol,
                    constant.bytes.len(),
                );
            }
        }
        let _ = std::fs::remove_file(&source_path);
        emulator
    }

    /// The kernel `name`, as a function of type `F`.
    ///
    /// # Safety
    ///
    /// `F` is the kernel's C signature.
    pub unsafe fn kernel<F>(&self, name: &str) -> Symbol<'_, F> {
        // SAFETY: the caller's promise.
        unsafe { self.library.get(name.as_bytes()) }
            .unwrap_or_else(|e| panic!("kernel {name}: {e}"))
    }

    /// Runs kernel `name` (of C signature `F`) as a launch of `threads` threads would:
    /// `call` gets the kernel once per thread index.
    ///
    /// # Safety
    ///
    /// `F` is the kernel's C signature.
    pub unsafe fn run<F>(&self, name: &str, threads: u64, mut call: impl FnMut(&F)) {
        // SAFETY: the caller's promise.
        let kernel = unsafe { self.kernel::<F>(name) };
        self.launch(threads, || call(&kernel));
    }

    /// Runs `call` once per thread index `0..threads`, as a launch would.
    pub fn launch(&self, threads: u64, mut call: impl FnMut()) {
        // SAFETY: `emulation_set_thread` takes the thread index.
        let set: Symbol<unsafe extern "C" fn(u64)> =
            unsafe { self.library.get(b"emulation_set_thread") }.expect("emulation_set_thread");
        for thread in 0..threads {
            // SAFETY: sets a thread-local index only.
            unsafe { set(thread) };
            call();
        }
    }
}

/// SplitMix64, as `kernels/common.cuh` defines it (Steele, Lea and Flood, OOPSLA 2014).
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The playouts kernels' draw: the high half of the next SplitMix64 output times `count`.
pub fn draw_below(state: &mut u64, count: usize) -> usize {
    (((splitmix64(state) >> 32) * count as u64) >> 32) as usize
}

/// A playouts thread's generator: thread `thread` of a launch seeded with `seed`.
pub fn thread_generator(seed: u64, thread: u64) -> u64 {
    seed.wrapping_add(thread.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Othello playouts replayed on the CPU with bitgames-othello and the kernels' draws (the
/// k-th legal square in square order): (actions, black wins, draws).
pub fn othello_playouts_on_the_cpu(threads: u64, games: u32, seed: u64) -> [u64; 3] {
    use bitgames_othello::Position;
    use bitgames_search::encoding::Encoding;
    let (mut steps, mut black_wins, mut draws) = (0, 0, 0);
    for thread in 0..threads {
        let mut state = thread_generator(seed, thread);
        for _ in 0..games {
            let mut game = Position::start();
            while game.returns().is_none() {
                let moves = game.move_mask().bits();
                let action = if moves == 0 {
                    64
                } else {
                    let k = draw_below(&mut state, moves.count_ones() as usize);
                    (0..64)
                        .filter(|b| moves >> b & 1 == 1)
                        .nth(k)
                        .expect("k is below the count")
                };
                game.apply_legal(action);
                steps += 1;
            }
            let (black, white) = game.discs();
            black_wins += u64::from(black.len() > white.len());
            draws += u64::from(black.len() == white.len());
        }
    }
    [steps, black_wins, draws]
}

/// Amazons playouts replayed on the CPU with the encoding's sub-actions and the kernels'
/// draws (the k-th legal action in action order): (sub-actions, white wins).
pub fn amazons_playouts_on_the_cpu(threads: u64, games: u32, seed: u64) -> [u64; 2] {
    use bitgames_amazons::encoding::Turn;
    use bitgames_search::encoding::Encoding;
    let (mut steps, mut white_wins) = (0, 0);
    let mut mask = [false; 100];
    for thread in 0..threads {
        let mut state = thread_generator(seed, thread);
        for _ in 0..games {
            let mut game = Turn::start();
            while game.returns().is_none() {
                game.legal_mask(&mut mask);
                let legal: Vec<usize> = (0..100).filter(|&a| mask[a]).collect();
                game.apply(legal[draw_below(&mut state, legal.len())])
                    .expect("a legal action");
                steps += 1;
            }
            white_wins += u64::from(game.returns() == Some([1.0, -1.0]));
        }
    }
    [steps, white_wins]
}

/// The published counts of a perft suite's case `id` (the games' `tests/data/*.perft`):
/// (depth, leaves).
pub fn published_counts(suite: &str, id: &str) -> Vec<(u32, u64)> {
    let suite: bitgames_search::PerftSuite = suite.parse().expect("the suite parses");
    let case = suite
        .cases
        .iter()
        .find(|case| case.id == id)
        .expect("the suite has the case");
    case.counts
        .iter()
        .map(|count| (count.depth, count.nodes))
        .collect()
}

/// The Othello suite (Aart Bik's published table from the start).
pub const OTHELLO_SUITE: &str = include_str!("../../../othello/tests/data/othello.perft");
/// The Amazons suite (the published depths 1 and 2 from the start).
pub const AMAZONS_SUITE: &str = include_str!("../../../amazons/tests/data/amazons.perft");

/// A playouts kernel: `threads`, `seed`, `games` a thread, then its counters (both games').
pub type PlayoutsKernel = unsafe extern "C" fn(u64, u64, u32, *mut u64);

/// Checks that every strategy's `<game>_playouts` kernel, `threads` threads of `games` games
/// from `seed`, adds up to `expected`: the counters the CPU replay found.
pub fn check_playouts<const N: usize>(
    emulator: &Emulator,
    game: &str,
    (threads, games, seed): (u64, u32, u64),
    expected: [u64; N],
) {
    for strategy in bitgames_gpu::Strategy::ALL {
        // SAFETY: the signature of every game's `<game>_playouts_<strategy>`; `N` counters.
        let playouts = unsafe {
            emulator.kernel::<PlayoutsKernel>(&strategy.entry_point(&format!("{game}_playouts")))
        };
        let mut totals = [0u64; N];
        // SAFETY: `N` counters, as the kernel adds to.
        emulator.launch(threads, || unsafe {
            playouts(threads, seed, games, totals.as_mut_ptr())
        });
        assert_eq!(totals, expected, "{strategy}");
    }
}

/// One action a game, each drawn uniformly from its legal actions, as the kernels take them.
pub fn random_actions<E: bitgames_search::encoding::Encoding>(
    games: &[E],
    rng: &mut impl rand::Rng,
) -> Vec<i64> {
    games.iter().map(|g| g.random_action(rng) as i64).collect()
}

/// `n` sample kernels' generator states, far apart, the same in both games' tests.
pub fn sample_generators(n: u64) -> Vec<u64> {
    (0..n)
        .map(|i| i.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 99)
        .collect()
}

/// An emulated batch's views, the buffers the environment hands out: observations and masks
/// (bytes, one game after another), rewards and terminations.
pub struct Views {
    pub observations: Vec<u8>,
    pub masks: Vec<u8>,
    pub rewards: Vec<f32>,
    pub terminated: Vec<u8>,
}

impl Views {
    /// The views of `n` games of `observation` and `mask` bytes each, filled with values the
    /// kernels must overwrite (`0xaa` bytes, `reward` and `terminated`) where they write.
    pub fn new(n: usize, (observation, mask): (usize, usize), reward: f32, terminated: u8) -> Self {
        Views {
            observations: vec![0xaa; n * observation],
            masks: vec![0xaa; n * mask],
            rewards: vec![reward; n],
            terminated: vec![terminated; n],
        }
    }

    /// Checks game `i`'s observation and mask bytes against the CPU's `obs` and `mask`;
    /// `what` names the game where they differ.
    pub fn check(&self, i: usize, (obs, mask): (&[i8], &[bool]), what: impl Fn() -> String) {
        let (o, m) = (obs.len(), mask.len());
        let gpu_obs: Vec<i8> = self.observations[o * i..o * (i + 1)]
            .iter()
            .map(|&b| b as i8)
            .collect();
        assert_eq!(gpu_obs, obs, "{}: observation", what());
        let gpu_mask: Vec<bool> = self.masks[m * i..m * (i + 1)]
            .iter()
            .map(|&b| {
                assert!(b <= 1, "mask bytes are 0 or 1");
                b == 1
            })
            .collect();
        assert_eq!(gpu_mask, mask, "{}: mask", what());
    }

    /// Checks game `i`'s reward and termination after a step against the CPU's.
    pub fn check_outcome(&self, i: usize, (reward, done): (f32, bool), what: impl Fn() -> String) {
        assert_eq!(self.rewards[i], reward, "{}: reward", what());
        assert_eq!(self.terminated[i] == 1, done, "{}: terminated", what());
    }
}

/// Checks every strategy's `perft(strategy, depth)` against `leaves` at each of `counts`'
/// `(depth, leaves)`; `what` (after the depth) says of what where they differ.
pub fn check_perft(
    counts: impl IntoIterator<Item = (u32, u64)>,
    perft: impl Fn(bitgames_gpu::Strategy, u32) -> u64,
    what: &str,
) {
    for (depth, leaves) in counts {
        for strategy in bitgames_gpu::Strategy::ALL {
            assert_eq!(
                perft(strategy, depth),
                leaves,
                "{strategy}: perft {depth}{what}"
            );
        }
    }
}

/// The CPU crate's perft, summed over `positions`, at each of `depths`: `(depth, leaves)`.
pub fn cpu_perft<G: bitgames_search::Game>(
    positions: &[G],
    depths: std::ops::RangeInclusive<u32>,
) -> Vec<(u32, u64)> {
    depths
        .map(|depth| {
            let leaves = positions
                .iter()
                .map(|p| bitgames_search::perft(p, depth))
                .sum();
            (depth, leaves)
        })
        .collect()
}

/// Othello's perft kernel: `count`, players, opponents, `depth`, then its position counter
/// and leaf total.
type OthelloPerftKernel =
    unsafe extern "C" fn(u64, *const u64, *const u64, u32, *mut u64, *mut u64);
/// The Amazons' perft kernel: as Othello's with three board lists.
type AmazonsPerftKernel =
    unsafe extern "C" fn(u64, *const u64, *const u64, *const u64, u32, *mut u64, *mut u64);

/// Emulated perft kernel `name` (Othello's with two board lists, the Amazons' with three):
/// the leaves `depth` moves below each of `count` positions, summed, with `threads` threads
/// taking positions from the counter. The games' kernels differ only in how many board
/// lists a position has, as the crate's own launch (`common::run_perft`) says.
pub fn emulated_perft(
    emulator: &Emulator,
    name: &str,
    (count, boards): (usize, &[Vec<u64>]),
    depth: u32,
    threads: u64,
) -> u64 {
    let (mut next, mut total) = (0u64, 0u64);
    let count = count as u64;
    // SAFETY: each game's perft kernel has the signature of its number of board lists, and
    // each list holds `count` positions' boards.
    unsafe {
        match boards {
            [p, o] => emulator.run::<OthelloPerftKernel>(name, threads, |perft| {
                perft(count, p.as_ptr(), o.as_ptr(), depth, &mut next, &mut total)
            }),
            [p, o, a] => emulator.run::<AmazonsPerftKernel>(name, threads, |perft| {
                perft(
                    count,
                    p.as_ptr(),
                    o.as_ptr(),
                    a.as_ptr(),
                    depth,
                    &mut next,
                    &mut total,
                )
            }),
            _ => panic!(
                "{} board lists: a perft kernel takes two or three",
                boards.len()
            ),
        }
    }
    total
}
