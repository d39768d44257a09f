//! A small, honest timer: median of several samples, each long enough to dwarf the clock.

use std::hint::black_box;
use web_time::{Duration, Instant};

const SAMPLES: usize = 7;
const MIN_SAMPLE: Duration = Duration::from_millis(20);

/// Nanoseconds per call of `pass`, which makes `calls` calls and returns a checksum of their
/// results (kept alive with `black_box`). Reports the median of several samples.
pub fn ns_per_call(calls: usize, mut pass: impl FnMut() -> u64) -> f64 {
    // Warm up and find how many passes make a sample long enough.
    let start = Instant::now();
    black_box(pass());
    let one = start.elapsed().max(Duration::from_nanos(1));
    let passes = (MIN_SAMPLE.as_nanos() / one.as_nanos()).clamp(1, 1_000_000) as usize;

    let mut samples: Vec<f64> = (0..SAMPLES)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..passes {
                black_box(pass());
            }
            start.elapsed().as_nanos() as f64 / (passes * calls) as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[SAMPLES / 2]
}
