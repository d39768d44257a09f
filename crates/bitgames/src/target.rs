//! What the binary was compiled for, so every reported figure names its target.

/// e.g. `x86_64 (popcnt bmi2 avx2)`: the architecture and the speed-relevant CPU features
/// this build may use (from `-C target-cpu`, see `.cargo/config.toml`).
pub fn description() -> String {
    let features: Vec<&str> = [
        ("popcnt", cfg!(target_feature = "popcnt")),
        ("bmi2", cfg!(target_feature = "bmi2")),
        ("avx2", cfg!(target_feature = "avx2")),
        ("avx512f", cfg!(target_feature = "avx512f")),
        ("neon", cfg!(target_feature = "neon")),
    ]
    .into_iter()
    .filter_map(|(name, on)| on.then_some(name))
    .collect();
    let features = if features.is_empty() {
        "baseline".to_owned()
    } else {
        features.join(" ")
    };
    format!("{} ({features})", std::env::consts::ARCH)
}
