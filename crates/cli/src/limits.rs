//! The ranges the commands accept for their counts, checked by clap as the arguments are
//! read: a value outside is an error that names the argument and the range, before any
//! work starts (issue 38: `--threads 5000` spent a minute starting threads, a depth past
//! what could ever finish ran until interrupted).

use clap::builder::RangedU64ValueParser;

/// The most worker threads a command starts: far more than any machine's cores (each
/// thread past the cores only adds start-up time and contention).
pub const MAX_THREADS: usize = 1024;

/// The deepest perft: every game's count passes 64 bits, and any machine's patience, well
/// before this many plies (the Python bindings refuse the same depths).
pub const MAX_PERFT_DEPTH: u32 = 30;

/// The deepest alpha-beta iteration (the searcher's own limit when given a time or nodes).
pub const MAX_SEARCH_DEPTH: u32 = 64;

/// `--threads`: 1 to [`MAX_THREADS`].
pub fn threads() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(1..=MAX_THREADS as u64)
}

/// A perft depth: 0 to [`MAX_PERFT_DEPTH`].
pub fn perft_depth() -> RangedU64ValueParser<u32> {
    RangedU64ValueParser::new().range(0..=u64::from(MAX_PERFT_DEPTH))
}

/// `--nodes`: at least 1 (a budget of 0 nodes would search nothing).
pub fn nodes(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be at least 1 (the first iteration always completes)".to_owned()),
        Ok(n) => Ok(n),
        Err(err) => Err(format!("not a node count: {err}")),
    }
}

/// The machine's cores (what the operating system lets this process use).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// An alpha-beta depth: 1 to [`MAX_SEARCH_DEPTH`].
pub fn search_depth() -> RangedU64ValueParser<u32> {
    RangedU64ValueParser::new().range(1..=u64::from(MAX_SEARCH_DEPTH))
}
