//! Match statistics: the Elo difference a score implies, with an honest interval.

/// The Elo difference that a score fraction `s` implies (logistic model).
fn elo(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The Elo difference a match result implies, with its 95% interval: what
/// [`elo_summary`] prints and what front ends report as numbers (`bitgames match --json`).
///
/// The interval is the Wilson score interval of the score fraction mapped through the Elo
/// curve: unlike the plain normal approximation it stays finite and honest at 0% and 100%.
/// A bound (or the estimate) at a score of 0 or 1 is infinite (`f64::INFINITY` with its
/// sign): a sweep proves a lower bound only.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    /// Games counted.
    pub games: usize,
    /// Engine A's score fraction: wins plus half the draws, over the games (0.5 when no
    /// game was played).
    pub score: f64,
    /// The Elo difference of A over B that the score implies.
    pub elo: f64,
    /// The 95% interval's lower bound.
    pub low: f64,
    /// The 95% interval's upper bound.
    pub high: f64,
}

/// The Elo difference of a score fraction, infinite at (or within rounding of) 0 and 1.
fn elo_or_infinite(s: f64) -> f64 {
    // Rounding can leave a bound a hair inside 0 or 1.
    if s <= 1e-9 {
        f64::NEG_INFINITY
    } else if s >= 1.0 - 1e-9 {
        f64::INFINITY
    } else {
        elo(s) + 0.0
    }
}

/// Engine A's Elo difference over B from its wins, draws and losses, with the 95% interval
/// (see [`EloEstimate`]). With no games the estimate is 0 and the interval unbounded.
pub fn elo_estimate(wins: usize, draws: usize, losses: usize) -> EloEstimate {
    let games = wins + draws + losses;
    if games == 0 {
        return EloEstimate {
            games,
            score: 0.5,
            elo: 0.0,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        };
    }
    let n = games as f64;
    let s = (wins as f64 + draws as f64 / 2.0) / n;
    let z: f64 = 1.96;
    let centre = (s + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (s * (1.0 - s) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    EloEstimate {
        games,
        score: s,
        elo: elo_or_infinite(s),
        low: elo_or_infinite(centre - half),
        high: elo_or_infinite(centre + half),
    }
}

/// Wins, draws and losses of engine A, with the Elo difference and a 95% interval (see
/// [`elo_estimate`]), as one line for people.
pub fn elo_summary(wins: usize, draws: usize, losses: usize) -> String {
    let estimate = elo_estimate(wins, draws, losses);
    let format_elo = |x: f64| {
        if x == f64::NEG_INFINITY {
            "-inf".to_owned()
        } else if x == f64::INFINITY {
            "+inf".to_owned()
        } else {
            format!("{x:+.0}")
        }
    };
    format!(
        "{wins} wins, {draws} draws, {losses} losses (score {:.1}%): Elo difference {} (95% interval {} to {})",
        100.0 * estimate.score,
        format_elo(estimate.elo),
        format_elo(estimate.low),
        format_elo(estimate.high)
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

    #[test]
    fn elo_estimate_by_hand() {
        // 75% is 400 log10 3 = +190.85 Elo.
        let e = elo_estimate(30, 0, 10);
        assert!((e.elo - 190.85).abs() < 0.01, "{e:?}");
        assert!(e.low < e.elo && e.elo < e.high, "{e:?}");
        // 1 win, 2 draws, 1 loss is an even score.
        assert_eq!(elo_estimate(1, 2, 1).elo, 0.0);
        // A whitewash: the estimate and upper bound are -inf, the lower bound finite.
        let e = elo_estimate(0, 0, 20);
        assert_eq!((e.elo, e.low), (f64::NEG_INFINITY, f64::NEG_INFINITY));
        assert!(e.high.is_finite() && e.high < 0.0, "{e:?}");
        assert_eq!(elo_estimate(0, 0, 0).games, 0);
    }
}
