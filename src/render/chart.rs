//! Charts, 800 x 360 PNGs with an alt text that says everything in words. Colours from
//! the Okabe-Ito palette (safe for colour-blind eyes), with a second cue (size, marker)
//! wherever colour tells things apart.
//!
//! - The evaluation chart of a reviewed game (issue 15 item 2): South's view of each
//!   position over the game as a line around the zero axis (above: South ahead, below:
//!   North ahead), the marked moves as dots sized and coloured by severity, the plies
//!   along the bottom.
//! - Line charts (issue 14 item 4): a player's rating history (each game family's rating
//!   after every rated game, over the band of its deviation), and the end of a game
//!   (each side's seeds after each ply); the steps along the bottom.

use image::{Rgb, RgbImage};
use imageproc::drawing::draw_line_segment_mut;

use super::draw::{blend, disc, ellipsize, rect, text, text_width, Align, Color};
use super::Renderer;
use crate::core::painter::{EvalChart, Frame, LineChart};
use crate::core::text::side_letter;
use mancala_rules::Side;

const W: u32 = 800;
/// The widest legend name (pixels); longer ones are cut with an ellipsis.
const LEGEND_W: f32 = 300.0;
const H: u32 = 360;
/// The plot's box: left, top, right, bottom.
const PLOT: (f32, f32, f32, f32) = (70.0, 50.0, 780.0, 320.0);
const PAPER: Color = [0xfa, 0xf7, 0xf0];
const INK: Color = [0x22, 0x22, 0x22];
const GRID: Color = [0xd8, 0xd2, 0xc4];
const SOUTH_SIDE: Color = [0xe3, 0xee, 0xf6];
const NORTH_SIDE: Color = [0xf8, 0xea, 0xdd];
const LINE: Color = [0x00, 0x72, 0xb2];
/// Inaccuracy, mistake, blunder (Okabe-Ito yellow-orange, vermillion, reddish purple).
const MARKS: [Color; 3] = [[0xe6, 0x9f, 0x00], [0xd5, 0x5e, 0x00], [0xcc, 0x79, 0xa7]];
/// The rating series' lines (blue, vermillion); their RD bands are the same colours,
/// mostly transparent ([`BAND_ALPHA`]), so that overlapping bands both show.
const SERIES: [Color; 2] = [[0x00, 0x72, 0xb2], [0xd5, 0x5e, 0x00]];
const BAND_ALPHA: f32 = 0.16;

impl Renderer {
    /// Draws `chart` as a PNG of 800 x 360 pixels, with its alt text.
    pub fn draw_eval_chart(&self, chart: &EvalChart) -> Frame {
        let mut img = RgbImage::from_pixel(W, H, Rgb(PAPER));
        let (left, top, right, bottom) = PLOT;
        let span = scale(&chart.south_values);
        let mid = (top + bottom) / 2.0;
        let y_of = |v: f32| mid - v.clamp(-span, span) / span * (bottom - top) / 2.0;
        let (l, t, w) = (left as i32, top as i32, (right - left) as i32);
        rect(&mut img, l, t, w, (mid - top) as i32, SOUTH_SIDE);
        rect(
            &mut img,
            l,
            mid as i32,
            w,
            (bottom - mid) as i32,
            NORTH_SIDE,
        );
        let n = chart.south_values.len().max(2) - 1;
        let x_of = |i: usize| left + (right - left) * i as f32 / n as f32;
        self.axes(&mut img, span, n, &x_of);
        let points: Vec<(f32, f32)> = chart
            .south_values
            .iter()
            .enumerate()
            .map(|(i, &v)| (x_of(i), y_of(v)))
            .collect();
        polyline(&mut img, &points, LINE);
        for &(ply, severity) in &chart.marks {
            let (Some(&(x, y)), Some(&c)) = (
                points.get(ply),
                MARKS.get(usize::from(severity).wrapping_sub(1)),
            ) else {
                continue;
            };
            let r = 3.0 + 2.0 * f32::from(severity);
            disc(&mut img, x, y, r + 1.5, INK);
            disc(&mut img, x, y, r, c);
        }
        self.finish(img, &chart.title, alt_text(chart))
    }

    /// Draws `chart` as a PNG of 800 x 360 pixels, with its alt text: each series a
    /// line over its band, the first with filled dots, the second with rings.
    pub fn draw_line_chart(&self, chart: &LineChart) -> Frame {
        let mut img = RgbImage::from_pixel(W, H, Rgb(PAPER));
        let (left, top, right, bottom) = PLOT;
        let (lo, hi) = value_range(chart);
        let y_of = |r: f32| bottom - (r.clamp(lo, hi) - lo) / (hi - lo) * (bottom - top);
        let n = chart
            .series
            .iter()
            .map(|s| s.points.len())
            .max()
            .unwrap_or(2)
            .max(2)
            - 1;
        let x_of = |i: usize| left + (right - left) * i as f32 / n as f32;
        for (s, &band) in chart.series.iter().zip(SERIES.iter()) {
            for pair in s.points.windows(2).enumerate() {
                let (i, w) = pair;
                band_between(&mut img, (x_of(i), x_of(i + 1)), (w[0], w[1]), &y_of, band);
            }
        }
        self.grid(&mut img, [lo, hi], &y_of);
        for (k, (s, &line)) in chart.series.iter().zip(SERIES.iter()).enumerate() {
            let pts: Vec<(f32, f32)> = s
                .points
                .iter()
                .enumerate()
                .map(|(i, &(r, _))| (x_of(i), y_of(r)))
                .collect();
            series_line(&mut img, &pts, k, line);
            self.legend(&mut img, chart, k, line);
        }
        let caption = match &chart.band {
            Some(band) => tr!("picture-chart-band", steps = &chart.steps, band = band),
            None => chart.steps.clone(),
        };
        self.steps_axis(&mut img, n, &x_of, &caption);
        self.finish(img, &chart.title, line_alt(chart))
    }

    /// The value grid: lines at `lo`, the middle and `hi`, labelled on the left.
    fn grid(&self, img: &mut RgbImage, [lo, hi]: [f32; 2], y_of: &dyn Fn(f32) -> f32) {
        let (left, _, right, _) = PLOT;
        for v in [lo, (lo + hi) / 2.0, hi] {
            let y = y_of(v);
            draw_line_segment_mut(img, (left, y), (right, y), Rgb(GRID));
            text(
                img,
                &self.book,
                13.0,
                (left - 8.0, y),
                Align::Right,
                INK,
                &format!("{v:.0}"),
            );
        }
    }

    /// The legend of series `k` of `chart` under the plot: its mark and its name, the
    /// second after the first however long its name (cut by width).
    fn legend(&self, img: &mut RgbImage, chart: &LineChart, k: usize, line: [u8; 3]) {
        let (left, _, _, bottom) = PLOT;
        let legend = |name: &str| ellipsize(&self.book, 13.0, name, LEGEND_W);
        let first = chart
            .series
            .first()
            .map_or(0.0, |s| text_width(&self.book, 13.0, &legend(&s.name)));
        let legend_x = left + (first + 48.0).max(200.0) * k as f32;
        disc(img, legend_x + 6.0, bottom + 30.0, 4.5, line);
        if k == 1 {
            disc(img, legend_x + 6.0, bottom + 30.0, 2.5, PAPER);
        }
        text(
            img,
            &self.book,
            13.0,
            (legend_x + 16.0, bottom + 30.0),
            Align::Left,
            INK,
            &legend(&chart.series[k].name),
        );
    }

    /// The steps 0 to `n` along the bottom of the plot (at most about ten labelled),
    /// and `caption` at its right end.
    fn steps_axis(&self, img: &mut RgbImage, n: usize, x_of: &dyn Fn(usize) -> f32, caption: &str) {
        let (_, _, right, bottom) = PLOT;
        let step = ((n as f32 / 10.0).ceil() as usize).max(1);
        for i in (0..=n).step_by(step) {
            let x = x_of(i);
            draw_line_segment_mut(img, (x, bottom), (x, bottom + 4.0), Rgb(INK));
            let label = i.to_string();
            text(
                img,
                &self.book,
                12.0,
                (x, bottom + 14.0),
                Align::Centre,
                INK,
                &label,
            );
        }
        text(
            img,
            &self.book,
            12.0,
            (right, bottom + 30.0),
            Align::Right,
            INK,
            caption,
        );
    }

    /// The chart with its title drawn, as a frame with `alt`.
    fn finish(&self, mut img: RgbImage, title: &str, alt: String) -> Frame {
        let (left, ..) = PLOT;
        text(
            &mut img,
            &self.bold,
            18.0,
            (left, 24.0),
            Align::Left,
            INK,
            title,
        );
        Frame {
            png: encode(&img),
            alt,
        }
    }

    /// The zero line, the seed scale on the left, the plies along the bottom.
    fn axes(&self, img: &mut RgbImage, span: f32, n: usize, x_of: &dyn Fn(usize) -> f32) {
        let (left, top, right, bottom) = PLOT;
        let mid = (top + bottom) / 2.0;
        for (v, y) in [(span, top), (0.0, mid), (-span, bottom)] {
            draw_line_segment_mut(img, (left, y), (right, y), Rgb(GRID));
            let label = match v {
                v if v > 0.0 => format!("{} +{v:.0}", side_letter(Side::South)),
                v if v < 0.0 => format!("{} +{:.0}", side_letter(Side::North), -v),
                _ => "0".to_string(),
            };
            text(
                img,
                &self.book,
                13.0,
                (left - 8.0, y),
                Align::Right,
                INK,
                &label,
            );
        }
        draw_line_segment_mut(img, (left, mid), (right, mid), Rgb(INK));
        self.steps_axis(img, n, x_of, &tr!("picture-chart-eval-axis"));
    }
}

/// `img` as PNG bytes (encoding an in-memory RGB image cannot fail).
fn encode(img: &RgbImage) -> Vec<u8> {
    let mut png = std::io::Cursor::new(Vec::new());
    let _ = img.write_to(&mut png, image::ImageFormat::Png);
    png.into_inner()
}

/// A line 3 pixels thick through `points`.
fn polyline(img: &mut RgbImage, points: &[(f32, f32)], c: Color) {
    for pair in points.windows(2) {
        for dy in [-1.0, 0.0, 1.0] {
            let (a, b) = ((pair[0].0, pair[0].1 + dy), (pair[1].0, pair[1].1 + dy));
            draw_line_segment_mut(img, a, b, Rgb(c));
        }
    }
}

/// Fills the band of ±RD between two points of a rating series, column by column.
fn band_between(
    img: &mut RgbImage,
    (x0, x1): (f32, f32),
    (a, b): ((f32, f32), (f32, f32)),
    y_of: &dyn Fn(f32) -> f32,
    c: Color,
) {
    let (from, to) = (x0.round() as i32, x1.round() as i32);
    for x in from..to.max(from + 1) {
        let t = if to > from {
            (x - from) as f32 / (to - from) as f32
        } else {
            0.0
        };
        let (r, d) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        let (y_top, y_bottom) = (y_of(r + d) as i32, y_of(r - d) as i32);
        for y in y_top..=y_bottom {
            blend(img, x, y, c, BAND_ALPHA);
        }
    }
}

/// The range of values shown: every value ± its band, rounded out to a round step;
/// ratings (values over 100) at least 200 wide in steps of 50, counts (seeds) from at
/// least 0 and at least 2 wide.
fn value_range(chart: &LineChart) -> (f32, f32) {
    let (mut lo, mut hi) = (f32::MAX, f32::MIN);
    for &(r, d) in chart.series.iter().flat_map(|s| &s.points) {
        lo = lo.min(r - d);
        hi = hi.max(r + d);
    }
    if lo > hi {
        (lo, hi) = (0.0, 1.0);
    }
    if hi > 100.0 {
        let mid = (lo + hi) / 2.0;
        let half = ((hi - lo) / 2.0).max(100.0);
        return (
            ((mid - half) / 50.0).floor() * 50.0,
            ((mid + half) / 50.0).ceil() * 50.0,
        );
    }
    let step = ((hi - lo) / 10.0).ceil().max(1.0);
    let lo = (lo / step).floor() * step;
    (
        lo.max(0.0).min(lo),
        ((hi / step).ceil() * step).max(lo + 2.0),
    )
}

/// The line chart in words: each series' first and last value (and band), its steps
/// and its highest point.
fn line_alt(chart: &LineChart) -> String {
    let parts: Vec<String> = chart
        .series
        .iter()
        .map(|s| {
            let first = s.points.first().map_or(0.0, |p| p.0);
            let (last, rd) = s.points.last().map_or((0.0, 0.0), |p| *p);
            let (best_i, best) = s
                .points
                .iter()
                .enumerate()
                .fold(
                    (0, f32::MIN),
                    |b, (i, p)| if p.0 > b.1 { (i, p.0) } else { b },
                );
            let band = if rd > 0.0 {
                format!(" (±{rd:.0})")
            } else {
                String::new()
            };
            tr!(
                "picture-chart-series-alt",
                name = &s.name,
                first = format!("{first:.0}"),
                last = format!("{last:.0}"),
                band = band,
                count = s.points.len().saturating_sub(1),
                steps = &chart.steps,
                best = format!("{best:.0}"),
                step = best_i
            )
        })
        .collect();
    tr!(
        "picture-chart-alt",
        title = &chart.title,
        parts = crate::i18n::join_semicolons(&parts)
    )
}

/// The half-height of the plot in seeds: the largest lead, at least 5 and at most 50,
/// rounded up to 5.
fn scale(values: &[f32]) -> f32 {
    let most = values.iter().fold(0.0f32, |m, v| m.max(v.abs()));
    ((most.clamp(5.0, 50.0) / 5.0).ceil() * 5.0).max(5.0)
}

/// The chart in words: the title, where South's view starts and ends, its extremes, and
/// the marked moves.
fn alt_text(chart: &EvalChart) -> String {
    let v = &chart.south_values;
    let at = |i: usize| v.get(i).copied().unwrap_or(0.0);
    let (hi, lo) = v.iter().enumerate().fold((0, 0), |(hi, lo), (i, &x)| {
        (
            if x > at(hi) { i } else { hi },
            if x < at(lo) { i } else { lo },
        )
    });
    let marks: Vec<String> = chart
        .marks
        .iter()
        .map(|&(ply, s)| {
            let kind = ["inaccuracy", "mistake", "blunder"]
                .get(usize::from(s).wrapping_sub(1))
                .unwrap_or(&"mark");
            tr!("picture-chart-mark", ply = ply, kind = *kind)
        })
        .collect();
    let marked = if marks.is_empty() {
        tr!("picture-chart-marked-none")
    } else {
        marks.join(", ")
    };
    tr!(
        "picture-chart-eval-alt",
        title = &chart.title,
        count = v.len().saturating_sub(1),
        first = format!("{:+.1}", at(0)),
        last = format!("{:+.1}", at(v.len().saturating_sub(1))),
        high = format!("{:+.1}", at(hi)),
        high_ply = hi,
        low = format!("{:+.1}", at(lo)),
        low_ply = lo,
        marked = marked
    )
}

/// Series `k`'s line through `pts`: filled dots for the first series, rings for the
/// second; none where they would touch (more than 40 steps): the legend still tells
/// them apart.
fn series_line(img: &mut RgbImage, pts: &[(f32, f32)], k: usize, line: [u8; 3]) {
    polyline(img, pts, line);
    let dotted = if pts.len() <= 41 { pts } else { &[] };
    for &(x, y) in dotted {
        disc(img, x, y, 4.5, line);
        if k == 1 {
            disc(img, x, y, 2.5, PAPER);
        }
    }
}
