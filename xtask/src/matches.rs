//! `cargo xtask matches [--check]`: draws `docs/matches.svg`, the chart of the README's
//! matches against other engines, from the results in `docs/matches.tsv`.
//!
//! The file holds what `bitgames match --json` reported, one match a line (tab-separated:
//! date, game, our engine, opponent, time a move, wins, draws, losses, target score in
//! percent or `-`); the chart recomputes each Elo difference and its 95% interval from the
//! counts with the referee's own estimate ([`bitgames_search::elo::elo_estimate`]), so the
//! figures drawn cannot drift from the counts.

use std::fmt::Write;
use std::fs;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use bitgames_search::elo::{EloEstimate, elo_estimate};

use crate::book::workspace_root;

/// One match's line.
struct Row {
    date: String,
    game: String,
    ours: String,
    opponent: String,
    time: String,
    counts: [usize; 3],
    target: Option<f64>,
}

fn data_path() -> PathBuf {
    workspace_root().join("docs/matches.tsv")
}

fn chart_path() -> PathBuf {
    workspace_root().join("docs/matches.svg")
}

/// Reads the rows; `#` lines and blank lines are comments.
fn parse(text: &str) -> Result<Vec<Row>> {
    let mut rows = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [
            date,
            game,
            ours,
            opponent,
            time,
            wins,
            draws,
            losses,
            target,
        ] = fields[..]
        else {
            bail!(
                "docs/matches.tsv line {}: expected 9 tab-separated fields, found {}",
                number + 1,
                fields.len()
            );
        };
        let count = |text: &str| -> Result<usize> {
            text.parse()
                .with_context(|| format!("docs/matches.tsv line {}: {text:?}", number + 1))
        };
        let target = match target {
            "-" => None,
            text => Some(
                text.parse::<f64>()
                    .with_context(|| format!("docs/matches.tsv line {}: {text:?}", number + 1))?,
            ),
        };
        rows.push(Row {
            date: date.to_owned(),
            game: game.to_owned(),
            ours: ours.to_owned(),
            opponent: opponent.to_owned(),
            time: time.to_owned(),
            counts: [count(wins)?, count(draws)?, count(losses)?],
            target,
        });
    }
    Ok(rows)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The Elo figure as the README writes it: `+531`, `-158`, `+inf`.
fn signed(value: f64) -> String {
    if value.is_finite() {
        format!("{:+.0}", value)
    } else if value > 0.0 {
        "+inf".to_owned()
    } else {
        "-inf".to_owned()
    }
}

const WIDTH: f64 = 1120.0;
const LABEL: f64 = 500.0;
const PLOT: f64 = 380.0;
const ROW: f64 = 34.0;
const TOP: f64 = 52.0;

/// The chart: one row a match, the Elo difference as a dot on its 95% interval, the target
/// score as a tick.
fn chart(rows: &[Row]) -> String {
    /// The Elo axis runs from -LIMIT to +LIMIT; intervals beyond are clipped with an arrow.
    /// A scale of the data, not of the layout above, so it sits with the mapping onto it.
    const LIMIT: f64 = 700.0;
    let x = |elo: f64| LABEL + PLOT * (elo.clamp(-LIMIT, LIMIT) + LIMIT) / (2.0 * LIMIT);
    let height = TOP + ROW * rows.len() as f64 + 40.0;
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"10\" y=\"20\" font-size=\"15\" font-weight=\"bold\">bitgames against other \
         engines: Elo difference, 95% interval (bitgames match, one thread each)</text>\n\
         <text x=\"10\" y=\"38\" fill=\"#555\">drawn by cargo xtask matches from \
         docs/matches.tsv; the tick is the issue's target score</text>\n"
    );
    // Axis: gridlines every 200 Elo.
    let bottom = TOP + ROW * rows.len() as f64;
    for step in -3..=3 {
        let elo = f64::from(step) * 200.0;
        let colour = if step == 0 { "#333" } else { "#ddd" };
        let _ = writeln!(
            svg,
            "<line x1=\"{0:.1}\" y1=\"{1:.1}\" x2=\"{0:.1}\" y2=\"{bottom:.1}\" stroke=\"{colour}\"/>\
             <text x=\"{0:.1}\" y=\"{2:.1}\" text-anchor=\"middle\" fill=\"#555\">{3}</text>",
            x(elo),
            TOP - 6.0,
            bottom + 16.0,
            if step == 0 {
                "0".to_owned()
            } else {
                signed(elo)
            }
        );
    }
    for (i, row) in rows.iter().enumerate() {
        let [wins, draws, losses] = row.counts;
        let EloEstimate { elo, low, high, .. } = elo_estimate(wins, draws, losses);
        let y = TOP + ROW * i as f64 + ROW / 2.0;
        let colour = match row.target {
            Some(target)
                if 100.0 * (wins as f64 + draws as f64 / 2.0)
                    / (row.counts.iter().sum::<usize>() as f64)
                    >= target =>
            {
                "#2ca02c"
            }
            Some(_) => "#d62728",
            None => "#1f77b4",
        };
        let _ = writeln!(
            svg,
            "<text x=\"10\" y=\"{:.1}\">{}: {} vs {}</text>\
             <text x=\"10\" y=\"{:.1}\" fill=\"#555\" font-size=\"10\">{}, {}</text>",
            y - 2.0,
            escape(&row.game),
            escape(&row.ours),
            escape(&row.opponent),
            y + 10.0,
            escape(&row.time),
            escape(&row.date),
        );
        let _ = writeln!(
            svg,
            "<line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"{colour}\" stroke-width=\"3\"/>",
            x(low),
            x(high)
        );
        for (bound, tip) in [(low, -1.0), (high, 1.0)] {
            if bound.abs() > LIMIT {
                let edge = x(bound);
                let _ = writeln!(
                    svg,
                    "<path d=\"M{:.1},{:.1} L{:.1},{y:.1} L{:.1},{:.1}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>",
                    edge - 6.0 * tip,
                    y - 5.0,
                    edge,
                    edge - 6.0 * tip,
                    y + 5.0
                );
            }
        }
        if elo.is_finite() {
            let _ = writeln!(
                svg,
                "<circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"{colour}\"/>",
                x(elo)
            );
        }
        if let Some(target) = row.target {
            // The Elo difference that scores the target.
            let p = (target / 100.0).clamp(0.001, 0.999);
            let target_elo = -400.0 * (1.0 / p - 1.0).log10();
            let _ = writeln!(
                svg,
                "<line x1=\"{0:.1}\" y1=\"{1:.1}\" x2=\"{0:.1}\" y2=\"{2:.1}\" stroke=\"#000\" stroke-width=\"2\"/>",
                x(target_elo),
                y - 9.0,
                y + 9.0
            );
        }
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\">{wins}-{draws}-{losses}: {} ({} to {})</text>",
            LABEL + PLOT + 12.0,
            y + 4.0,
            signed(elo),
            signed(low),
            signed(high)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// Writes `docs/matches.svg`, or with `check` fails if it is not what the data draws.
pub fn run(check: bool) -> Result<()> {
    let data = fs::read_to_string(data_path())
        .with_context(|| format!("reading {}", data_path().display()))?;
    let svg = chart(&parse(&data)?);
    if check {
        let current = fs::read_to_string(chart_path()).unwrap_or_default();
        if current != svg {
            bail!(
                "docs/matches.svg is out of date with docs/matches.tsv: run `cargo xtask matches`"
            );
        }
        return Ok(());
    }
    fs::write(chart_path(), svg).with_context(|| format!("writing {}", chart_path().display()))?;
    eprintln!("wrote {}", chart_path().display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_parse_and_bad_rows_are_refused() {
        let rows = parse(
            "# comment\n\n2026-11-26\tAmazons\talphabeta\tAmazonsEngine\t100 ms\t191\t0\t9\t60\n",
        )
        .expect("a valid row");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].counts, [191, 0, 9]);
        assert_eq!(rows[0].target, Some(60.0));
        assert!(parse("a\tb\n").is_err());
        assert!(parse("d\tg\to\tp\tt\tx\t0\t0\t-\n").is_err());
        let svg = chart(&rows);
        // Recomputed from the counts: a 95.5% score is 400 log10(0.955 / 0.045) = +531 Elo.
        assert!(svg.contains("191-0-9: +531 (+417 to +645)"), "{svg}");
    }
}
