//! Criterion benches comparing the strategies of every game; see `benches/*.rs`.
//!
//! Run them with `cargo bench -p bitgames-benches` (or `--bench santorini` for one game).
//! Each group is one operation; each benchmark id names a strategy (and, for Santorini,
//! whether list-form conversions are included). Inputs come from a fixed seed, and every
//! result is folded into a checksum passed to `black_box` so nothing is optimised away.
