//! A small, honest timer: median of several samples, each long enough to dwarf the clock.

use std::hint::black_box;
use web_time::{Duration, Instant};

const SAMPLES: usize = 7;
const MIN_SAMPLE: Duration = Duration::from_millis(20);
const MAX_PASSES: usize = 1_000_000;

/// Nanoseconds per call of `pass`, which makes `calls` calls and returns a checksum of their
/// results (kept alive with `black_box`). Reports the median of several samples.
pub fn ns_per_call(calls: usize, mut pass: impl FnMut() -> u64) -> f64 {
    // Warm up and find how many passes make a sample long enough: doubled until they take
    // a measurable time, so a coarse clock (a browser's performance.now() ticks in 0.1 ms)
    // reading a short pass as 0 cannot ask for a million passes a sample.
    black_box(pass());
    let mut trial = 1usize;
    let passes = loop {
        let start = Instant::now();
        for _ in 0..trial {
            black_box(pass());
        }
        let took = start.elapsed();
        if took >= MIN_SAMPLE / 8 || trial >= MAX_PASSES {
            let took = took.max(Duration::from_nanos(1));
            break ((MIN_SAMPLE.as_nanos() * trial as u128 / took.as_nanos()) as usize)
                .clamp(1, MAX_PASSES);
        }
        trial *= 2;
    };

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
