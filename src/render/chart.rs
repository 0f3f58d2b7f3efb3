//! The evaluation chart of a reviewed game (issue 15 item 2): South's view of each
//! position over the game as a line around the zero axis (above: South ahead, below:
//! North ahead), the marked moves as dots sized and coloured by severity, the plies
//! along the bottom. Colours from the Okabe-Ito palette (safe for colour-blind eyes);
//! severity is also told by size, and the alt text says everything in words.

use image::{Rgb, RgbImage};
use imageproc::drawing::draw_line_segment_mut;

use super::draw::{disc, rect, text, Align, Color};
use super::Renderer;
use crate::core::painter::{EvalChart, Frame};

const W: u32 = 800;
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
        for pair in points.windows(2) {
            for dy in [-1.0, 0.0, 1.0] {
                let (a, b) = ((pair[0].0, pair[0].1 + dy), (pair[1].0, pair[1].1 + dy));
                draw_line_segment_mut(&mut img, a, b, Rgb(LINE));
            }
        }
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
        text(
            &mut img,
            &self.bold,
            18.0,
            (left, 24.0),
            Align::Left,
            INK,
            &chart.title,
        );
        let mut png = std::io::Cursor::new(Vec::new());
        // Encoding an in-memory RGB image cannot fail.
        let _ = img.write_to(&mut png, image::ImageFormat::Png);
        Frame {
            png: png.into_inner(),
            alt: alt_text(chart),
        }
    }

    /// The zero line, the seed scale on the left, the plies along the bottom.
    fn axes(&self, img: &mut RgbImage, span: f32, n: usize, x_of: &dyn Fn(usize) -> f32) {
        let (left, top, right, bottom) = PLOT;
        let mid = (top + bottom) / 2.0;
        for (v, y) in [(span, top), (0.0, mid), (-span, bottom)] {
            draw_line_segment_mut(img, (left, y), (right, y), Rgb(GRID));
            let label = match v {
                v if v > 0.0 => format!("S +{v:.0}"),
                v if v < 0.0 => format!("N +{:.0}", -v),
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
        let step = ((n as f32 / 10.0).ceil() as usize).max(1);
        for ply in (0..=n).step_by(step) {
            let x = x_of(ply);
            draw_line_segment_mut(img, (x, bottom), (x, bottom + 4.0), Rgb(INK));
            let label = ply.to_string();
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
        let caption = "ply (seeds ahead: S above, N below)";
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
            format!("ply {ply} {kind}")
        })
        .collect();
    format!(
        "Evaluation chart, {}: South's lead in seeds over {} plies, from {:+.1} to {:+.1}; \
         highest {:+.1} at ply {hi}, lowest {:+.1} at ply {lo}. Marked: {}.",
        chart.title,
        v.len().saturating_sub(1),
        at(0),
        at(v.len().saturating_sub(1)),
        at(hi),
        at(lo),
        if marks.is_empty() {
            "none".to_string()
        } else {
            marks.join(", ")
        }
    )
}
