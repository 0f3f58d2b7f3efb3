//! A player's rating over time as an inline SVG chart: the rating after each rated game
//! as a line, the band of one rating deviation around it, the lowest and highest values
//! and the first and last dates as labels.
//!
//! Drawn in `currentColor`, so that it follows the page's light or dark colours; no
//! style attribute and no script (the pages' Content-Security-Policy allows neither).

use maud::{html, Markup};

use crate::core::ratings::RatingChange;

/// The chart's drawing size, in SVG units (it scales to the page's width).
const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 220.0;
/// Room for the labels: left for the ratings, below for the dates.
const LEFT: f64 = 48.0;
const BOTTOM: f64 = 24.0;
const TOP: f64 = 10.0;
const RIGHT: f64 = 10.0;

/// The most games a chart draws (the newest).
pub(crate) const MAX_POINTS: usize = 200;

/// The chart of `changes` (oldest first; only the last [`MAX_POINTS`] drawn), labelled
/// `label` for screen readers; nothing without any change.
pub(crate) fn rating_chart(changes: &[RatingChange], label: &str) -> Markup {
    let changes = &changes[changes.len().saturating_sub(MAX_POINTS)..];
    let Some(first) = changes.first() else {
        return html! {};
    };
    // (rating, deviation) before the first game, then after each.
    let points: Vec<(f64, f64)> = std::iter::once(first.before)
        .chain(changes.iter().map(|c| c.after))
        .filter(|(r, d)| r.is_finite() && d.is_finite())
        .collect();
    let (lo, hi) = points
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), (r, d)| {
            (lo.min(r - d), hi.max(r + d))
        });
    let (lo, hi) = if hi - lo < 1.0 {
        (lo - 50.0, hi + 50.0)
    } else {
        (lo, hi)
    };
    let n = points.len().max(2) - 1;
    let x = |i: usize| LEFT + (WIDTH - LEFT - RIGHT) * i as f64 / n as f64;
    let y = |v: f64| TOP + (HEIGHT - TOP - BOTTOM) * (hi - v) / (hi - lo);
    let line = polyline(points.iter().enumerate().map(|(i, (r, _))| (x(i), y(*r))));
    let upper = points
        .iter()
        .enumerate()
        .map(|(i, (r, d))| (x(i), y(r + d)));
    let lower = points
        .iter()
        .enumerate()
        .rev()
        .map(|(i, (r, d))| (x(i), y(r - d)));
    let band = polyline(upper.chain(lower));
    let last = points.last().map_or(0.0, |p| p.0);
    let start = crate::core::text::date_text(first.at_ms);
    let end = crate::core::text::date_text(changes.last().map_or(first.at_ms, |c| c.at_ms));
    html! {
        svg.chart viewBox={ "0 0 " (WIDTH) " " (HEIGHT) } role="img" aria-label=(label)
            xmlns="http://www.w3.org/2000/svg" {
            title { (label) }
            polygon points=(band) fill="currentColor" fill-opacity="0.12" stroke="none" {}
            polyline points=(line) fill="none" stroke="currentColor" stroke-width="2" {}
            line x1=(LEFT) y1=(TOP) x2=(LEFT) y2=(HEIGHT - BOTTOM) stroke="currentColor"
                stroke-opacity="0.4" {}
            line x1=(LEFT) y1=(HEIGHT - BOTTOM) x2=(WIDTH - RIGHT) y2=(HEIGHT - BOTTOM)
                stroke="currentColor" stroke-opacity="0.4" {}
            text x=(LEFT - 4.0) y=(TOP + 10.0) text-anchor="end" font-size="11"
                fill="currentColor" { (format!("{hi:.0}")) }
            text x=(LEFT - 4.0) y=(HEIGHT - BOTTOM) text-anchor="end" font-size="11"
                fill="currentColor" { (format!("{lo:.0}")) }
            text x=(LEFT) y=(HEIGHT - 6.0) font-size="11" fill="currentColor" { (start) }
            text x=(WIDTH - RIGHT) y=(HEIGHT - 6.0) text-anchor="end" font-size="11"
                fill="currentColor" { (end) }
            circle cx=(x(points.len() - 1)) cy=(y(last)) r="3" fill="currentColor" {}
        }
    }
}

/// SVG's `points` attribute: `x,y x,y ...`, one decimal.
fn polyline(points: impl Iterator<Item = (f64, f64)>) -> String {
    points
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}
