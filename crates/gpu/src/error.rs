//! What can go wrong on the way to a GPU, and on it.

/// An error from opening a GPU, compiling the kernels or running them.
///
/// The first three say what is missing, so that a machine without CUDA fails with a message
/// a user can act on instead of a panic inside the loader.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The CUDA driver library (`libcuda.so`) could not be loaded.
    #[error(
        "no CUDA driver: libcuda.so could not be loaded (install an NVIDIA driver, or run where one is)"
    )]
    NoDriver,
    /// The driver loaded but reports no device at `ordinal`.
    #[error(
        "no CUDA device: the driver reports {count} device(s), and device {ordinal} was asked for"
    )]
    NoDevice {
        /// The device asked for.
        ordinal: usize,
        /// How many devices the driver reports.
        count: usize,
    },
    /// NVRTC, which compiles the kernels at run time, could not be loaded.
    #[error(
        "no NVRTC: libnvrtc.so could not be loaded (install the CUDA toolkit's NVRTC, or the \
         `nvidia-cuda-nvrtc` wheel, and put its lib directory on LD_LIBRARY_PATH)"
    )]
    NoNvrtc,
    /// NVRTC refused the kernel source.
    #[error("NVRTC could not compile the kernels: {log}")]
    Compile {
        /// NVRTC's log.
        log: String,
    },
    /// A call into the CUDA driver failed.
    #[error("CUDA driver error: {0}")]
    Driver(#[from] cudarc::driver::DriverError),
    /// A batch size out of range.
    #[error("a batch holds 1 to {max} games, not {n}")]
    BatchSize {
        /// The size asked for.
        n: usize,
        /// The largest size allowed.
        max: usize,
    },
    /// An action that is not legal in its game; no game moved.
    #[error("game {game}: action {action} is not legal")]
    IllegalAction {
        /// The game's index in the batch.
        game: usize,
        /// The action given.
        action: i64,
    },
    /// A slice of the wrong length for the batch.
    #[error("{what}: expected {expected} entries, got {got}")]
    Length {
        /// Which argument.
        what: &'static str,
        /// The length the batch needs.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// A perft depth beyond what the kernel's stack holds.
    #[error("perft depth {depth} is beyond the kernel's limit of {max}")]
    Depth {
        /// The depth asked for.
        depth: u32,
        /// The deepest the kernel searches.
        max: u32,
    },
}
