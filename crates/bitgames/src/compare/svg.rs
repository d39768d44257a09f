//! The `bitgames compare` chart as a standalone SVG: one panel per game, one group of bars
//! per operation, one bar per strategy, ns per call on a log scale. `bitgames compare --svg`
//! writes it and the web app's Compare page shows it, so both draw the same chart.

use std::fmt::Write;

use super::Report;

const WIDTH: f64 = 960.0;
const LABEL: f64 = 230.0;
const BAR_AREA: f64 = 620.0;
const BAR: f64 = 14.0;
const ROW: f64 = 18.0;
const GROUP_GAP: f64 = 12.0;
const TITLE: f64 = 34.0;
const AXIS: f64 = 28.0;

/// Bar colours by strategy position, so the same strategy keeps its colour across groups.
const COLOURS: [&str; 10] = [
    "#7f7f7f", "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
    "#bcbd22", "#17becf",
];

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Formats nanoseconds with three significant figures (`1.38`, `877`, `12,300`).
fn ns(value: f64) -> String {
    if value >= 100.0 {
        let whole = value.round() as u64;
        let digits = whole.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    } else if value >= 10.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.2}")
    }
}

/// The chart of `reports` (one panel each, stacked) as an SVG document.
pub fn chart(reports: &[Report]) -> String {
    let mut body = String::new();
    let mut y = 10.0;
    for report in reports {
        y = panel(&mut body, report, y);
    }
    let height = y + 10.0;
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
         viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{body}</svg>\n"
    )
}

/// The log axis's decades, from below the fastest of `finite` (positive times) to above the
/// slowest: at least one.
fn decades(finite: &[f64]) -> (i32, i32) {
    if finite.is_empty() {
        return (0, 1);
    }
    let low = finite.iter().copied().fold(f64::INFINITY, f64::min);
    let high = finite.iter().copied().fold(0.0, f64::max);
    let lo = low.log10().floor() as i32;
    (lo, (high.log10().ceil() as i32).max(lo + 1))
}

/// The report's operations and strategies, each once, in the order they first appear: the
/// groups of bars, and each strategy's colour.
fn names(report: &Report) -> (Vec<&'static str>, Vec<&str>) {
    let mut operations: Vec<&'static str> = Vec::new();
    let mut strategies: Vec<&str> = Vec::new();
    for m in &report.results {
        if !operations.contains(&m.operation) {
            operations.push(m.operation);
        }
        if !strategies.contains(&m.strategy.as_str()) {
            strategies.push(&m.strategy);
        }
    }
    (operations, strategies)
}

/// Draws one game's panel from `top`; returns where the next panel starts.
fn panel(out: &mut String, report: &Report, top: f64) -> f64 {
    let finite: Vec<f64> = report
        .results
        .iter()
        .map(|m| m.ns_per_call)
        .filter(|v| v.is_finite() && *v > 0.0)
        .collect();
    let (lo, hi) = decades(&finite);
    let x_of = |value: f64| {
        let fraction = (value.max(10f64.powi(lo)).log10() - f64::from(lo)) / f64::from(hi - lo);
        LABEL + fraction * BAR_AREA
    };

    let (operations, strategies) = names(report);

    let _ = writeln!(
        out,
        "<text x=\"10\" y=\"{:.1}\" font-size=\"16\" font-weight=\"bold\">{}: ns per call \
         (log scale), {} instances</text>",
        top + 20.0,
        escape(report.game),
        report.instances
    );
    let plot_top = top + TITLE;
    let mut y = plot_top;
    for operation in &operations {
        let _ = writeln!(
            out,
            "<text x=\"10\" y=\"{:.1}\" font-weight=\"bold\">{}</text>",
            y + BAR - 2.0,
            escape(operation)
        );
        y += ROW;
        for m in report.results.iter().filter(|m| m.operation == *operation) {
            let colour = strategies
                .iter()
                .position(|s| *s == m.strategy)
                .map_or(COLOURS[0], |i| COLOURS[i % COLOURS.len()]);
            let width = if m.ns_per_call.is_finite() {
                (x_of(m.ns_per_call) - LABEL).max(1.0)
            } else {
                0.0
            };
            let _ = writeln!(
                out,
                "<g><title>{op} / {st}: {v} ns per call, {sp:.2}x naive</title>\
                 <text x=\"{lx:.1}\" y=\"{ty:.1}\" text-anchor=\"end\">{st}</text>\
                 <rect x=\"{LABEL}\" y=\"{y:.1}\" width=\"{width:.1}\" height=\"{BAR}\" \
                 fill=\"{colour}\"/>\
                 <text x=\"{vx:.1}\" y=\"{ty:.1}\">{v} ns</text></g>",
                op = escape(operation),
                st = escape(&m.strategy),
                v = ns(m.ns_per_call),
                sp = m.speedup_vs_naive,
                lx = LABEL - 6.0,
                ty = y + BAR - 3.0,
                vx = LABEL + width + 4.0,
            );
            y += ROW;
        }
        y += GROUP_GAP;
    }
    // Decade grid lines and labels under the bars.
    for decade in lo..=hi {
        let x = x_of(10f64.powi(decade));
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{plot_top:.1}\" x2=\"{x:.1}\" y2=\"{y:.1}\" \
             stroke=\"#ccc\" stroke-dasharray=\"3,3\"/>\
             <text x=\"{x:.1}\" y=\"{ly:.1}\" text-anchor=\"middle\" fill=\"#555\">{label} ns</text>",
            ly = y + 14.0,
            label = ns(10f64.powi(decade)),
        );
    }
    y + AXIS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> Report {
        super::super::tests::report(
            "othello",
            &[
                ("legal_moves", "naive", 800.0),
                ("legal_moves", "kogge<stone>", 2.5),
                ("flips", "naive", 120.0),
            ],
        )
    }

    #[test]
    fn bars_are_log_scaled_labelled_and_escaped() {
        let svg = chart(&[report()]);
        assert!(
            svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
            "{svg}"
        );
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<rect x=").count(), 3);
        assert!(svg.contains("kogge&lt;stone&gt;") && !svg.contains("kogge<stone>"));
        // Axis 1 ns .. 1000 ns: 800 ns is log10(800)/3 of the bar area, 2.5 ns log10(2.5)/3.
        let width = |v: f64| (v.log10() / 3.0 * BAR_AREA * 10.0).round() / 10.0;
        assert!(
            svg.contains(&format!("width=\"{:.1}\"", width(800.0))),
            "{svg}"
        );
        assert!(
            svg.contains(&format!("width=\"{:.1}\"", width(2.5))),
            "{svg}"
        );
        assert!(svg.contains(">1,000 ns</text>") && svg.contains(">1.00 ns</text>"));
    }
}
