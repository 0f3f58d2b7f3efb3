//! Drawing one frame: the cached empty board of each size and view, the cached pictures
//! of pits and number labels, then the highlights of a step (start, relay, capture, casa,
//! end), the two player bands and the caption.
//!
//! Shapes and text go through the primitives of `draw.rs`, whose module docs say which
//! come from imageproc and why the others are the project's own.

use std::sync::{Arc, OnceLock};

use image::RgbImage;
use mancala_rules::{Event, Hole, Side};

use super::draw::{self, lock, Align, Color, Sprite};
use super::layout::{pit_side, Layout, BAND_H, CAPTION_H, LETTERS_H, PIT_R, TAG_AT};
use super::plan::{player_label, rows_text, side_stats, MovePath, Step, Turn};
use super::tags::Tag;
use super::Renderer;
use crate::core::painter::BoardInfo;
use crate::core::show::Theme;

/// Seeds drawn as dots up to this count; above it only the number is drawn (a
/// two-digit number would cross the ring of dots).
const MAX_DOTS: u8 = 9;

// Colours. The accents are Okabe-Ito's, in both themes: blue 0072B2, orange E69F00,
// vermillion D55E00, bluish green 009E73, reddish purple CC79A7 (sky blue 56B4E9 and
// yellow F0E442 unused).
pub(super) const PAGE: Color = LIGHT.page;
pub(super) const INK: Color = LIGHT.ink;
/// Text on the light accents (orange and purple tags), in both themes.
const TAG_INK: Color = [0x1A, 0x1A, 0x1A];
pub(super) const WHITE: Color = [0xFF, 0xFF, 0xFF];

/// The colours of a theme other than the accents.
pub(super) struct Colors {
    page: Color,
    board: Color,
    board_edge: Color,
    half_line: Color,
    pit: Color,
    pit_edge: Color,
    sown: Color,
    seed: Color,
    /// Names, numbers and captions.
    ink: Color,
    /// Labels of columns and rows, the caption's second line.
    grey: Color,
    closed: Color,
    closed_x: Color,
    band: Color,
    turn_band: Color,
    /// The turn badge (`to move`, `wins`) and its text.
    badge: Color,
    badge_ink: Color,
}

/// `!set theme light`, the default.
const LIGHT: Colors = Colors {
    page: [0xFB, 0xF8, 0xF2],
    board: [0xC9, 0xA2, 0x6B],
    board_edge: [0x7A, 0x55, 0x2E],
    half_line: [0x5A, 0x3C, 0x1E],
    pit: [0xF6, 0xEE, 0xE0],
    pit_edge: [0x8E, 0x67, 0x3C],
    sown: [0xC4, 0xE4, 0xF7],
    seed: [0x8A, 0x5A, 0x2B],
    ink: [0x1A, 0x1A, 0x1A],
    grey: [0x55, 0x55, 0x55],
    closed: [0x4A, 0x4A, 0x4A],
    closed_x: [0xE0, 0xE0, 0xE0],
    band: [0xEE, 0xE8, 0xDC],
    turn_band: [0xFA, 0xF0, 0xA8],
    badge: [0x1A, 0x1A, 0x1A],
    badge_ink: [0xFF, 0xFF, 0xFF],
};

/// `!set theme dark`: a dark page and board (close to dark chat themes), light ink,
/// pits a shade lighter than the board so that the numbers stand out.
const DARK: Colors = Colors {
    page: [0x1E, 0x1F, 0x22],
    board: [0x5C, 0x43, 0x2A],
    board_edge: [0x2E, 0x20, 0x12],
    half_line: [0x1F, 0x14, 0x0A],
    pit: [0x33, 0x2C, 0x26],
    pit_edge: [0x21, 0x18, 0x0F],
    sown: [0x1D, 0x4B, 0x6B],
    seed: [0xD9, 0xA0, 0x66],
    ink: [0xF2, 0xF2, 0xF2],
    grey: [0xA8, 0xA8, 0xA8],
    closed: [0x0E, 0x0E, 0x0E],
    closed_x: [0x90, 0x90, 0x90],
    band: [0x2B, 0x2D, 0x31],
    turn_band: [0x4D, 0x45, 0x1C],
    badge: [0xF2, 0xF2, 0xF2],
    badge_ink: [0x1A, 0x1A, 0x1A],
};

/// The colours of `theme`.
pub(super) fn colors(theme: Theme) -> &'static Colors {
    match theme {
        Theme::Light => &LIGHT,
        Theme::Dark => &DARK,
    }
}

const BLUE: Color = [0x00, 0x72, 0xB2];
const ORANGE: Color = [0xE6, 0x9F, 0x00];
const VERMILLION: Color = [0xD5, 0x5E, 0x00];
const GREEN: Color = [0x00, 0x9E, 0x73];
const PURPLE: Color = [0xCC, 0x79, 0xA7];

impl Renderer {
    /// The empty board of `layout` (page, board, pits, letters, row numbers), cached.
    pub(super) fn background(&self, layout: &Layout) -> Arc<Background> {
        let key = (
            layout.rows,
            layout.cols,
            layout.view,
            layout.s.to_bits(),
            layout.theme,
        );
        if let Some(bg) = lock(&self.backgrounds).get(&key) {
            return Arc::clone(bg);
        }
        let bg = Arc::new(Background {
            image: self.draw_background(layout),
            indexed: OnceLock::new(),
        });
        lock(&self.backgrounds).insert(key, Arc::clone(&bg));
        bg
    }

    fn draw_background(&self, l: &Layout) -> RgbImage {
        let c = colors(l.theme);
        let mut img = RgbImage::from_pixel(l.width, l.height, image::Rgb(c.page));
        let pad = l.k(10.0);
        draw::rounded_rect(
            &mut img,
            (l.gx - pad - l.k(4.0), l.gy - pad - l.k(4.0)),
            (
                l.grid_w() + 2.0 * pad + l.k(8.0),
                l.grid_h() + 2.0 * pad + l.k(8.0),
            ),
            l.k(22.0),
            c.board_edge,
        );
        draw::rounded_rect(
            &mut img,
            (l.gx - pad, l.gy - pad),
            (l.grid_w() + 2.0 * pad, l.grid_h() + 2.0 * pad),
            l.k(18.0),
            c.board,
        );
        // The line between the two halves.
        let mid = l.gy + l.grid_h() / 2.0;
        draw::segment(
            &mut img,
            (l.gx - pad + l.k(4.0), mid),
            (l.gx + l.grid_w() + pad - l.k(4.0), mid),
            l.k(5.0),
            c.half_line,
        );
        for h in l.holes() {
            let (cx, cy) = l.centre(h);
            empty_pit(&mut img, (cx, cy), l.s, c);
        }
        // Column letters above and below, row numbers left and right: absolute (N1).
        let label = l.k(30.0);
        for col in 0..l.cols {
            let x = l.gx + (l.screen_col(col) as f32 + 0.5) * l.cell();
            let letter = ((b'a' + col) as char).to_string();
            for y in [
                l.gy - pad - l.k(LETTERS_H as f32 / 2.0 - 2.0),
                l.gy + l.grid_h() + pad + l.k(LETTERS_H as f32 / 2.0 - 2.0),
            ] {
                draw::text(
                    &mut img,
                    &self.bold,
                    label,
                    (x, y),
                    Align::Centre,
                    c.grey,
                    &letter,
                );
            }
        }
        for row in 0..l.rows {
            let y = l.gy + (l.screen_row(row) as f32 + 0.5) * l.cell();
            let number = (row + 1).to_string();
            for x in [l.gx - pad - l.k(24.0), l.gx + l.grid_w() + pad + l.k(24.0)] {
                draw::text(
                    &mut img,
                    &self.bold,
                    label,
                    (x, y),
                    Align::Centre,
                    c.grey,
                    &number,
                );
            }
        }
        img
    }

    /// The cached picture of a pit's square at scale `s` ([`pit_side`] pixels wide, the
    /// pit in its centre) as it looks with `look` on the board.
    fn pit(&self, look: PitLook, s: f32, theme: Theme) -> Arc<RgbImage> {
        let key = (look, s.to_bits(), theme);
        if let Some(p) = lock(&self.pits).get(&key) {
            return Arc::clone(p);
        }
        let side = pit_side(s);
        let k = colors(theme);
        let mut img = RgbImage::from_pixel(side, side, image::Rgb(k.board));
        let c = (side / 2) as f32;
        empty_pit(&mut img, (c, c), s, k);
        let r = PIT_R * s;
        match look {
            PitLook::Closed => {
                draw::disc(&mut img, c, c, r - 2.5 * s, k.closed);
                let d = r * 0.45;
                let w = 7.0 * s;
                draw::segment(&mut img, (c - d, c - d), (c + d, c + d), w, k.closed_x);
                draw::segment(&mut img, (c - d, c + d), (c + d, c - d), w, k.closed_x);
            }
            PitLook::Open { seeds, sown } => {
                let fill = if sown { k.sown } else { k.pit };
                if sown {
                    draw::disc(&mut img, c, c, r - 2.5 * s, fill);
                }
                if (1..=MAX_DOTS).contains(&seeds) {
                    let ring_r = r - 11.0 * s;
                    for i in 0..seeds {
                        let a = std::f32::consts::TAU * i as f32 / seeds as f32
                            - std::f32::consts::FRAC_PI_2;
                        let (x, y) = (c + ring_r * a.cos(), c + ring_r * a.sin());
                        draw::disc(&mut img, x, y, 5.0 * s, k.seed);
                    }
                }
                if seeds > 0 {
                    self.number(seeds, s).draw(&mut img, (c, c), k.ink, fill);
                }
            }
        }
        let img = Arc::new(img);
        lock(&self.pits).insert(key, Arc::clone(&img));
        img
    }

    /// The cached number label for `n` seeds at scale `s`.
    pub(super) fn number(&self, n: u8, s: f32) -> Arc<Sprite> {
        if let Some(sprite) = lock(&self.numbers).get(&(n, s.to_bits())) {
            return Arc::clone(sprite);
        }
        let text = n.to_string();
        let size = if n > MAX_DOTS { 58.0 } else { 52.0 } * s;
        let size = draw::fit_size(&self.bold, size, &text, (2.0 * PIT_R - 10.0) * s);
        let halo = (3.0 * s).round().max(1.0) as usize;
        let sprite = Arc::new(Sprite::new(&self.bold, size, &text, halo));
        lock(&self.numbers).insert((n, s.to_bits()), Arc::clone(&sprite));
        sprite
    }

    pub(super) fn paint_image(&self, step: &Step, info: &BoardInfo) -> RgbImage {
        self.paint_scaled(step, info, 1.0)
    }

    /// [`Renderer::paint_image`] with every length times `s` (contact-sheet tiles): a
    /// smaller picture drawn directly, sharper and cheaper than a full one shrunk.
    pub(super) fn paint_scaled(&self, step: &Step, info: &BoardInfo, s: f32) -> RgbImage {
        let pos = &step.pos;
        let l = Layout::scaled(pos.variant(), info.view, s).themed(info.theme);
        let mut img = self.background(&l).image.clone();
        // Pits: tint of the lap's holes, closed holes, seeds and numbers, each a cached
        // picture of the pit's square copied in (the background already has empty pits).
        for h in l.holes() {
            let look = if pos.is_closed(h) {
                PitLook::Closed
            } else {
                let n = pos.seeds(h).unwrap_or(0);
                let sown = step.lap_sown.contains(&h);
                if n == 0 && !sown {
                    continue;
                }
                PitLook::Open { seeds: n, sown }
            };
            let (cx, cy) = l.centre(h);
            let half = (pit_side(s) / 2) as f32;
            draw::blit(
                &mut img,
                &self.pit(look, s, l.theme),
                (cx - half) as i32,
                (cy - half) as i32,
            );
        }
        self.paint_highlights(&mut img, &l, step);
        self.paint_bands(&mut img, &l, step, info);
        self.paint_caption(&mut img, &l, step);
        img
    }

    /// The step's rings, arrows and tags: rings and arrows at once, then every tag on
    /// top of them (the start's, the event's, the path's, the end's, then what a
    /// capture took).
    fn paint_highlights(&self, img: &mut RgbImage, l: &Layout, step: &Step) {
        let tags = self.highlights(img, l, step);
        let width = |word: &str| self.tag_width(l, word);
        let board = (l.gx, l.gy, l.gx + l.grid_w(), l.gy + l.grid_h());
        let tags = super::tags::place(tags, width, l.k(27.0), l.k(2.0 * TAG_AT), board);
        for (at, word, bg, ink) in tags {
            self.tag(img, l, at, &word, bg, ink);
        }
    }

    /// Draws the step's rings and arrows and returns its tags, in drawing order.
    pub(super) fn highlights(&self, img: &mut RgbImage, l: &Layout, step: &Step) -> Vec<Tag> {
        let mut marks = Marks {
            l,
            tags: Vec::new(),
            taken: None,
        };
        if let Some(start) = step.start {
            marks.start(img, start);
        }
        if let Some(event) = step.event {
            self.mark_event(img, &mut marks, event);
        }
        if let Some(path) = &step.path {
            self.mark_path(img, &mut marks, path);
        }
        if step.event.is_none() {
            marks.tail(img, step);
        }
        // H7: the last four are the mover's capture, marked as one wherever they lay.
        for &hole in &step.swept {
            let word = tr!("picture-tag-last-four");
            marks.mark(img, hole, VERMILLION, WHITE, word, true);
        }
        marks.tags.extend(marks.taken.take());
        marks.tags
    }

    /// The rings and tags of a step's event (a relay, a capture, a casa).
    fn mark_event(&self, img: &mut RgbImage, m: &mut Marks<'_>, event: Event) {
        let l = m.l;
        match event {
            Event::Relay { hole, lifted } => {
                let word = tr!("picture-tag-relay-lifted", count = lifted);
                m.mark(img, hole, ORANGE, TAG_INK, word, true);
            }
            Event::Capture {
                hole,
                target,
                taken,
            } => {
                let t = l.centre(target);
                let h = l.centre(hole);
                let (r_in, r_out) = (l.k(PIT_R - 2.0), l.k(PIT_R + 2.0));
                draw::ring(img, t.0, t.1, r_in, r_out, VERMILLION);
                // The capture tag goes on the side away from the target.
                let word = tr!("picture-tag-capture");
                m.mark(img, hole, VERMILLION, WHITE, word, h.1 > t.1);
                self.arrow(img, l, t, h, VERMILLION);
                let word = tr!("picture-tag-taken", taken = taken);
                m.taken = Some((t, word, VERMILLION, WHITE));
            }
            Event::Casa { hole } => {
                let word = tr!("picture-tag-casa-four");
                m.mark(img, hole, PURPLE, TAG_INK, word, true);
            }
            _ => {}
        }
    }

    /// The rings, arrows and tags of a whole move's path (the final picture): every
    /// relay, casa and capture with its lap.
    fn mark_path(&self, img: &mut RgbImage, m: &mut Marks<'_>, path: &MovePath) {
        let l = m.l;
        for (hole, laps) in &path.relays {
            m.mark(img, *hole, ORANGE, TAG_INK, relay_laps(laps), true);
        }
        for &(hole, lap) in &path.casas {
            let below = !path.relayed_in(hole);
            let word = tr!("picture-tag-casa", lap = lap);
            m.mark(img, hole, PURPLE, TAG_INK, word, below);
        }
        for &(target, hole, lap) in &path.captures {
            let (t, h) = (l.centre(target), l.centre(hole));
            let (r_in, r_out) = (l.k(PIT_R - 2.0), l.k(PIT_R + 2.0));
            draw::ring(img, t.0, t.1, r_in, r_out, VERMILLION);
            self.arrow(img, l, t, h, VERMILLION);
            let below = !path.relayed_in(hole);
            let word = tr!("picture-tag-capture-lap", lap = lap);
            m.mark(img, hole, VERMILLION, WHITE, word, below);
        }
    }

    /// An arrow from the centre of `from` to the edge of the pit at `to`.
    fn arrow(&self, img: &mut RgbImage, l: &Layout, from: (f32, f32), to: (f32, f32), c: Color) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let (ux, uy) = (dx / len, dy / len);
        let back = l.k(PIT_R - 8.0);
        let tip = (to.0 - ux * back, to.1 - uy * back);
        let head = l.k(24.0);
        let base = (tip.0 - ux * head, tip.1 - uy * head);
        draw::segment(img, from, base, l.k(9.0), c);
        let (px, py) = (-uy * l.k(15.0), ux * l.k(15.0));
        draw::triangle(
            img,
            [tip, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)],
            c,
        );
    }

    /// The width of `word`'s tag box, its white edge included.
    fn tag_width(&self, l: &Layout, word: &str) -> f32 {
        draw::text_width(&self.bold, l.k(19.0), word) + l.k(17.0)
    }

    /// A small label in a rounded box centred at `at`.
    fn tag(
        &self,
        img: &mut RgbImage,
        l: &Layout,
        at: (f32, f32),
        word: &str,
        bg: Color,
        ink: Color,
    ) {
        let size = l.k(19.0);
        let w = draw::text_width(&self.bold, size, word) + l.k(14.0);
        let h = l.k(24.0);
        let edge = l.k(1.5);
        draw::rounded_rect(
            img,
            (at.0 - w / 2.0 - edge, at.1 - h / 2.0 - edge),
            (w + 2.0 * edge, h + 2.0 * edge),
            l.k(8.0),
            WHITE,
        );
        draw::rounded_rect(img, (at.0 - w / 2.0, at.1 - h / 2.0), (w, h), l.k(7.0), bg);
        draw::text(img, &self.bold, size, at, Align::Centre, ink, word);
    }

    fn paint_bands(&self, img: &mut RgbImage, l: &Layout, step: &Step, info: &BoardInfo) {
        let far = l.view.other();
        let tops = [
            (far, 0.0),
            (l.view, l.k((BAND_H + 2 * LETTERS_H) as f32) + l.grid_h()),
        ];
        for (side, y) in tops {
            let turn = step.turns[side.index()];
            let c = colors(l.theme);
            let bg = if turn == Turn::None {
                c.band
            } else {
                c.turn_band
            };
            let band_h = l.k(BAND_H as f32);
            draw::rect(img, 0, y as i32, l.width as i32, band_h as i32, bg);
            if turn != Turn::None {
                draw::rect(img, 0, y as i32, l.k(10.0) as i32, band_h as i32, ORANGE);
            }
            let cy = y + band_h / 2.0;
            let mut x = l.k(24.0);
            if let Some(word) = turn.word() {
                x += self.badge(img, l, (x, cy), &word) + l.k(12.0);
            }
            self.name_and_stats(img, l, (x, cy), step, (side, info));
        }
    }

    /// The turn badge with its left edge at `x` and centred on `cy`; returns its width.
    fn badge(&self, img: &mut RgbImage, l: &Layout, (x, cy): (f32, f32), word: &str) -> f32 {
        let size = l.k(20.0);
        let w = draw::text_width(&self.bold, size, word) + l.k(18.0);
        let (top, h) = (cy - l.k(15.0), l.k(30.0));
        let c = colors(l.theme);
        draw::rounded_rect(img, (x, top), (w, h), l.k(9.0), c.badge);
        let at = (x + w / 2.0, cy);
        draw::text(img, &self.bold, size, at, Align::Centre, c.badge_ink, word);
        w
    }

    /// A band's player label from `x` and its stats at the right edge, both centred on
    /// `cy`. The name comes first: the stats drop their rows (`rows 1-2 · `) when the
    /// name would otherwise be cut, and a name still too long is cut with an ellipsis.
    fn name_and_stats(
        &self,
        img: &mut RgbImage,
        l: &Layout,
        (x, cy): (f32, f32),
        step: &Step,
        (side, info): (Side, &BoardInfo),
    ) {
        let short = side_stats(&step.pos, side, step.captured, step.match_info.as_ref());
        let long = format!("{} · {short}", rows_text(step.pos.variant(), side));
        let right = l.width as f32 - l.k(20.0);
        let stats_at = |stats: &str| {
            let size = draw::fit_size(&self.book, l.k(24.0), stats, l.width as f32 * 0.45);
            (size, draw::text_width(&self.book, size, stats))
        };
        let name = player_label(side, info);
        let sizes = (l.k(28.0), l.k(18.0));
        let room = |stats_w: f32| (right - stats_w - l.k(24.0) - x).max(l.k(40.0));
        let (mut stats, (mut stats_size, mut stats_w)) = (long.as_str(), stats_at(&long));
        if draw::text_width(&self.bold, sizes.1, &name) > room(stats_w) {
            stats = &short;
            (stats_size, stats_w) = stats_at(&short);
        }
        let at = (right, cy);
        let ink = colors(l.theme).ink;
        draw::text(img, &self.book, stats_size, at, Align::Right, ink, stats);
        let (size, name) = draw::fit_text(&self.bold, sizes, &name, room(stats_w));
        draw::text(img, &self.bold, size, (x, cy), Align::Left, ink, &name);
    }

    fn paint_caption(&self, img: &mut RgbImage, l: &Layout, step: &Step) {
        let y = l.height as f32 - l.k(CAPTION_H as f32);
        let max_w = l.width as f32 - l.k(40.0);
        let (a, b) = &step.caption;
        let x = l.k(20.0);
        let c = colors(l.theme);
        let s1 = draw::fit_size(&self.bold, l.k(30.0), a, max_w);
        draw::text(
            img,
            &self.bold,
            s1,
            (x, y + l.k(28.0)),
            Align::Left,
            c.ink,
            a,
        );
        let s2 = draw::fit_size(&self.book, l.k(24.0), b, max_w);
        draw::text(
            img,
            &self.book,
            s2,
            (x, y + l.k(66.0)),
            Align::Left,
            c.grey,
            b,
        );
    }
}

/// Rows, columns, view, scale (`f32` bits) and theme of an empty board.
pub(super) type BackgroundKey = (u8, u8, Side, u32, Theme);

/// An empty board as drawn and in the palette.
pub(super) struct Background {
    pub(super) image: RgbImage,
    /// `image` mapped to the palette (`Palette::map`), one entry per pixel; made on the
    /// first encoding (not when drawing: the palette is learnt from drawings).
    pub(super) indexed: OnceLock<Vec<u8>>,
}

/// Draws an empty pit centred at `(cx, cy)` at scale `s`.
/// The tag of a hole where laps ended with a relay (its ring says relay): `lap 2`,
/// `laps 1,4`, at most three lap numbers and an ellipsis.
fn relay_laps(laps: &[u32]) -> String {
    let shown: Vec<String> = laps.iter().take(3).map(u32::to_string).collect();
    let more = if laps.len() > 3 { "…" } else { "" };
    tr!(
        "picture-tag-lap",
        count = laps.len(),
        laps = format!("{}{more}", shown.join(","))
    )
}

fn empty_pit(img: &mut RgbImage, (cx, cy): (f32, f32), s: f32, c: &Colors) {
    draw::disc(img, cx, cy, PIT_R * s, c.pit_edge);
    draw::disc(img, cx, cy, (PIT_R - 2.5) * s, c.pit);
}

/// How a pit looks, apart from highlights: the key of the renderer's pit pictures.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum PitLook {
    /// Closed for the game (M2).
    Closed,
    /// Open, with `seeds` seeds, tinted when the current lap sowed it.
    Open { seeds: u8, sown: bool },
}

/// The tags of one step's highlights, collected while their rings are drawn, to be drawn
/// on top of every ring and arrow.
struct Marks<'a> {
    l: &'a Layout,
    tags: Vec<Tag>,
    /// The seeds a capture took: drawn last of all.
    taken: Option<Tag>,
}

impl Marks<'_> {
    /// Rings `h` in `colour` and tags it with `word` (below or above it).
    fn mark(
        &mut self,
        img: &mut RgbImage,
        h: Hole,
        colour: Color,
        ink: Color,
        word: String,
        below: bool,
    ) {
        let c = self.l.centre(h);
        draw::ring(
            img,
            c.0,
            c.1,
            self.l.k(PIT_R - 2.0),
            self.l.k(PIT_R + 6.5),
            colour,
        );
        let r = self.l.k(TAG_AT);
        let y = if below { c.1 + r } else { c.1 - r };
        self.tags.push(((c.0, y), word, colour, ink));
    }

    /// The dashed ring of the hole the move starts from, and its tag.
    fn start(&mut self, img: &mut RgbImage, start: Hole) {
        let c = self.l.centre(start);
        let radii = (self.l.k(PIT_R + 0.5), self.l.k(PIT_R + 6.5));
        draw::dashed_ring(img, c, radii, 12, 0.6, BLUE);
        // Tags sit a little inside the pit's edge, so that a tag below one pit and a
        // tag above the pit under it stay apart.
        let at = (c.0, c.1 - self.l.k(TAG_AT));
        self.tags.push((at, tr!("picture-tag-start"), BLUE, WHITE));
    }

    /// The end of the move and the casas of its last lap, when the step has no event of
    /// its own; on a path, the end's tag goes above a hole whose relay tag is below it.
    fn tail(&mut self, img: &mut RgbImage, step: &Step) {
        let relayed = |h: Hole| step.path.as_ref().is_some_and(|p| p.relayed_in(h));
        for e in &step.tail {
            match *e {
                Event::Stop { hole } => {
                    let word = tr!("picture-tag-end");
                    self.mark(img, hole, GREEN, WHITE, word, !relayed(hole));
                }
                // A path tags every casa with its lap already.
                Event::Casa { hole } if step.path.is_none() => {
                    let word = tr!("picture-tag-casa-four");
                    self.mark(img, hole, PURPLE, TAG_INK, word, true);
                }
                _ => {}
            }
        }
    }
}
