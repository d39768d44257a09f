//! Match statistics: the Elo difference a score implies, with an honest interval.

/// The Elo difference that a score fraction `s` implies (logistic model).
fn elo(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Wins, draws and losses of engine A, with the Elo difference and a 95% interval: the
/// Wilson score interval of the score fraction, mapped through the Elo curve (unlike the
/// plain normal approximation it stays finite and honest at 0% and 100%).
pub fn elo_summary(wins: usize, draws: usize, losses: usize) -> String {
    let n = (wins + draws + losses) as f64;
    let s = (wins as f64 + draws as f64 / 2.0) / n;
    let z: f64 = 1.96;
    let centre = (s + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (s * (1.0 - s) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    let format_elo = |s: f64| {
        // Rounding can leave a bound a hair inside 0 or 1.
        if s <= 1e-9 {
            "-inf".to_owned()
        } else if s >= 1.0 - 1e-9 {
            "+inf".to_owned()
        } else {
            format!("{:+.0}", elo(s) + 0.0)
        }
    };
    format!(
        "{wins} wins, {draws} draws, {losses} losses (score {:.1}%): Elo difference {} (95% interval {} to {})",
        100.0 * s,
        format_elo(s),
        format_elo(centre - half),
        format_elo(centre + half)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_summary_by_hand() {
        // 75% is +191 Elo (400 log10 3); 50% is 0.
        assert!(elo_summary(75, 0, 25).contains("Elo difference +191"));
        assert!(elo_summary(10, 0, 10).contains("Elo difference +0"));
        // A clean sweep has an infinite estimate but a finite lower bound.
        let sweep = elo_summary(20, 0, 0);
        assert!(
            sweep.contains("Elo difference +inf (95% interval +"),
            "{sweep}"
        );
        assert!(!sweep.contains("interval +inf"), "{sweep}");
        assert!(sweep.ends_with("to +inf)"), "{sweep}");
    }
}
