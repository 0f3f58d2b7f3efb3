//! Board pictures (issue 3): PNG frames of a position or of a move, step by step, an
//! animated GIF of a move, and a contact sheet of its frames.
//!
//! [`Renderer`] implements [`Painter`]. A move's frames come from its [`Trace`]: one
//! frame after each relay and after each capture (a Katro capture, K6b/K7, or a Hoyito
//! casa, H5/H6a), then the final board, so `relays + captures + 1` frames. Every frame
//! shows the whole board with absolute hole names (RULES.md N1), the players, whose turn
//! it is, each side's seeds and captures, closed holes (M2), and the highlights of the
//! step (start hole, the lap's holes, its end, the relay, the capture or casa), with a
//! caption and a text alternative.
//!
//! Frame size depends only on the board: see [`frame_size`]. Colours are from the
//! Okabe-Ito palette (safe for colour-blind viewers), and every highlight also differs
//! in shape or carries a word, so colour is never the only cue.
//!
//! Speed (issue 4: a reply with up to ten frames within 30 ms): empty boards, pits (by
//! seed count and tint), number labels and glyphs are drawn once and copied; pictures
//! are 8-bit palette PNGs in one palette learnt once from sample frames, so mapping a
//! frame is a table lookup per pixel, and none at all where it still shows the empty
//! board; a contact sheet's tiles are drawn directly at half size, and frames that only
//! go into a sheet are never encoded on their own.

pub mod ascii;
mod draw;
mod quant;

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::FontRef;
use image::RgbImage;
use mancala_rules::{Event, Hole, Outcome, Position, Side, Trace, Variant};

use crate::core::painter::{status_text, BoardInfo, Ended, Frame, MovePictures, Painter};
use crate::core::text::event_text;
use draw::{lock, Align, Color, Sprite, Typeface};
use quant::{Indexed, Palette};

/// DejaVu Sans Bold (Bitstream Vera licence, `fonts/LICENSE-DejaVu.txt`).
static FONT_BOLD: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");
/// DejaVu Sans Book (same licence).
static FONT_BOOK: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");

/// Side of one hole's square cell, in pixels.
pub const CELL: u32 = 100;
/// Radius of a pit.
const PIT_R: f32 = 41.0;
/// Distance from a pit's centre to the centre of a tag above or below it: inside the pit's
/// edge, so that the tags of two pits one above the other (24 px high each) stay apart.
const TAG_AT: f32 = PIT_R - 6.0;
/// Side of the square of pixels a pit's picture covers: the pit with its anti-aliased
/// edge, inside its cell and clear of the line between the halves at the cell's edge.
/// Even, so that the pit's centre falls where it does in a cell.
const PIT_SQUARE: u32 = 2 * PIT_R as u32 + 4;
/// Left and right margins (row numbers).
const MARGIN_X: u32 = 60;
/// Height of a player band (top and bottom).
const BAND_H: u32 = 64;
/// Height of a row of column letters (above and below the board).
const LETTERS_H: u32 = 44;
/// Height of the caption band at the bottom (two lines).
const CAPTION_H: u32 = 92;
/// Smallest frame width, so that the bands and captions of small boards fit.
const MIN_WIDTH: u32 = 640;
/// Seeds drawn as dots up to this count; above it only the number is drawn (a
/// two-digit number would cross the ring of dots).
const MAX_DOTS: u8 = 9;
/// GIF pace: each step, and the final frame held longer.
const GIF_STEP_MS: u32 = 1400;
const GIF_HOLD_MS: u32 = 4000;

// Colours. Okabe-Ito: blue 0072B2, orange E69F00, vermillion D55E00, bluish green
// 009E73, reddish purple CC79A7, sky blue 56B4E9, yellow F0E442.
const PAGE: Color = [0xFB, 0xF8, 0xF2];
const BOARD: Color = [0xC9, 0xA2, 0x6B];
const BOARD_EDGE: Color = [0x7A, 0x55, 0x2E];
const HALF_LINE: Color = [0x5A, 0x3C, 0x1E];
const PIT: Color = [0xF6, 0xEE, 0xE0];
const PIT_EDGE: Color = [0x8E, 0x67, 0x3C];
const SOWN: Color = [0xC4, 0xE4, 0xF7];
const SEED: Color = [0x8A, 0x5A, 0x2B];
const INK: Color = [0x1A, 0x1A, 0x1A];
const GREY: Color = [0x55, 0x55, 0x55];
const CLOSED: Color = [0x4A, 0x4A, 0x4A];
const CLOSED_X: Color = [0xE0, 0xE0, 0xE0];
const WHITE: Color = [0xFF, 0xFF, 0xFF];
const TURN_BAND: Color = [0xFA, 0xF0, 0xA8];
const BAND: Color = [0xEE, 0xE8, 0xDC];
const BLUE: Color = [0x00, 0x72, 0xB2];
const ORANGE: Color = [0xE6, 0x9F, 0x00];
const VERMILLION: Color = [0xD5, 0x5E, 0x00];
const GREEN: Color = [0x00, 0x9E, 0x73];
const PURPLE: Color = [0xCC, 0x79, 0xA7];

/// Width and height in pixels of every frame of `variant`: `max(640, 120 + 100 * cols)`
/// wide and `100 * rows + 308` high (Katro 6x6: 720 x 908; Hoyito 2x6: 720 x 508;
/// Hoyito 2x12: 1320 x 508; Katro 4x4: 640 x 708). The view does not change the size.
pub fn frame_size(variant: Variant) -> (u32, u32) {
    let w = (2 * MARGIN_X + CELL * variant.cols() as u32).max(MIN_WIDTH);
    let h = 2 * BAND_H + 2 * LETTERS_H + CELL * variant.rows() as u32 + CAPTION_H;
    (w, h)
}

/// Where things go on a frame of one board seen from one side.
#[derive(Clone, Copy)]
struct Layout {
    rows: u8,
    cols: u8,
    view: Side,
    width: u32,
    height: u32,
    /// Top-left corner of the grid of cells.
    gx: f32,
    gy: f32,
    /// Scale of everything drawn: 1 for frames, less for contact-sheet tiles.
    s: f32,
}

impl Layout {
    fn new(variant: Variant, view: Side) -> Layout {
        Layout::scaled(variant, view, 1.0)
    }

    /// The layout of a frame drawn at scale `s` (every length times `s`).
    fn scaled(variant: Variant, view: Side, s: f32) -> Layout {
        let (width, height) = frame_size(variant);
        let (width, height) = (
            (width as f32 * s).round() as u32,
            (height as f32 * s).round() as u32,
        );
        let grid_w = CELL as f32 * s * variant.cols() as f32;
        Layout {
            rows: variant.rows(),
            cols: variant.cols(),
            view,
            width,
            height,
            gx: ((width as f32 - grid_w) / 2.0).floor(),
            gy: (BAND_H + LETTERS_H) as f32 * s,
            s,
        }
    }

    /// A length of a full-size frame at this layout's scale.
    fn k(&self, v: f32) -> f32 {
        v * self.s
    }

    /// Side of a cell.
    fn cell(&self) -> f32 {
        self.k(CELL as f32)
    }

    /// Screen column (0 = left) of board column `col`: North's view is turned half round.
    fn screen_col(&self, col: u8) -> u8 {
        match self.view {
            Side::South => col,
            Side::North => self.cols - 1 - col,
        }
    }

    /// Screen row (0 = top) of board row `row`.
    fn screen_row(&self, row: u8) -> u8 {
        match self.view {
            Side::South => self.rows - 1 - row,
            Side::North => row,
        }
    }

    fn centre(&self, h: Hole) -> (f32, f32) {
        let c = self.cell();
        (
            self.gx + (self.screen_col(h.col) as f32 + 0.5) * c,
            self.gy + (self.screen_row(h.row) as f32 + 0.5) * c,
        )
    }

    fn grid_w(&self) -> f32 {
        self.cell() * self.cols as f32
    }

    fn grid_h(&self) -> f32 {
        self.cell() * self.rows as f32
    }

    fn holes(&self) -> impl Iterator<Item = Hole> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| Hole::new(c, r)))
    }
}

/// A game's display name: `Katro 6x6`, `Hoyito I 2x8`.
fn game_name(v: Variant) -> String {
    if v.is_katro() {
        format!("Katro {}x{}", v.rows(), v.cols())
    } else {
        format!("Hoyito I 2x{}", v.cols())
    }
}

/// Rows of `side`, as text: `rows 1-3`, `row 2`.
fn rows_text(v: Variant, side: Side) -> String {
    let rows: Vec<u8> = v.rows_of(side).map(|r| r + 1).collect();
    match (rows.iter().min(), rows.iter().max()) {
        (Some(a), Some(b)) if a != b => format!("rows {a}-{b}"),
        (Some(a), _) => format!("row {a}"),
        _ => String::new(),
    }
}

/// `North: Bob`, or just `North` when the name is empty or the side's own name.
fn player_label(side: Side, info: &BoardInfo) -> String {
    let name = match side {
        Side::South => info.south.trim(),
        Side::North => info.north.trim(),
    };
    let side_name = side.to_string();
    if name.is_empty() || name.eq_ignore_ascii_case(&side_name) {
        side_name
    } else {
        let short: String = if name.chars().count() > 24 {
            name.chars().take(23).chain(std::iter::once('…')).collect()
        } else {
            name.to_string()
        };
        format!("{side_name}: {short}")
    }
}

/// The turn marker of a player band.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Turn {
    /// Nothing to mark.
    None,
    /// This player is sowing (frames inside a move).
    Sowing,
    /// This player moves next.
    ToMove,
    /// This player won the game.
    Won,
    /// The game is drawn.
    Draw,
}

impl Turn {
    fn word(self) -> Option<&'static str> {
        match self {
            Turn::None => None,
            Turn::Sowing => Some("sowing"),
            Turn::ToMove => Some("to move"),
            Turn::Won => Some("wins"),
            Turn::Draw => Some("draw"),
        }
    }
}

/// One frame's content, before drawing: the board and what to highlight on it.
#[derive(Clone, Debug)]
struct Step {
    /// The board shown.
    pos: Position,
    /// The hole the move started from, if a move is shown.
    start: Option<Hole>,
    /// The holes the current lap passed through, in order.
    lap_sown: Vec<Hole>,
    /// The relay, capture or casa this frame follows (`None`: position or final frame).
    event: Option<Event>,
    /// Final frame: the move's closing events (stop, pass, last four).
    tail: Vec<Event>,
    /// Seeds captured so far by South and North (Katro from `BoardInfo` and the move's
    /// captures; Hoyito from the stores).
    captured: [u32; 2],
    /// Turn markers of South and North.
    turns: [Turn; 2],
    /// Line 1 and line 2 of the caption.
    caption: (String, String),
    /// The text alternative.
    alt: String,
}

/// Turn markers for a position that is not inside a move: the end the game had off the
/// board when `ended` says so, else what the position tells.
fn turns_of(pos: &Position, ended: Option<Ended>) -> [Turn; 2] {
    match ended {
        Some(Ended::Won { winner, .. }) => {
            let mut t = [Turn::None; 2];
            t[winner.index()] = Turn::Won;
            return t;
        }
        Some(Ended::DrawAgreed) => return [Turn::Draw; 2],
        Some(Ended::Aborted) => return [Turn::None; 2],
        None => {}
    }
    match pos.outcome() {
        Outcome::Ongoing => {
            let mut t = [Turn::None; 2];
            t[pos.to_move().index()] = Turn::ToMove;
            t
        }
        Outcome::Win { winner, .. } => {
            let mut t = [Turn::None; 2];
            t[winner.index()] = Turn::Won;
            t
        }
        Outcome::Draw { .. } => [Turn::Draw; 2],
    }
}

fn captured_of(pos: &Position, info: &BoardInfo) -> [u32; 2] {
    if pos.variant().is_katro() {
        info.captured
    } else {
        [pos.store(Side::South) as u32, pos.store(Side::North) as u32]
    }
}

/// The board as text, row by row from the last row down, `x` for a closed hole.
fn board_alt(pos: &Position) -> String {
    let v = pos.variant();
    let rows: Vec<String> = (0..v.rows())
        .rev()
        .map(|r| {
            let cells: Vec<String> = (0..v.cols())
                .map(|c| {
                    let h = Hole::new(c, r);
                    if pos.is_closed(h) {
                        "x".to_string()
                    } else {
                        pos.seeds(h).unwrap_or(0).to_string()
                    }
                })
                .collect();
            format!("row {}: {}", r + 1, cells.join(" "))
        })
        .collect();
    let last = (b'a' + v.cols() - 1) as char;
    let closed = if v.holes() > 0 && (0..v.holes()).any(|i| pos.is_closed(v.hole(i))) {
        ", x = closed hole"
    } else {
        ""
    };
    format!("Board, columns a to {last}{closed}: {}.", rows.join("; "))
}

/// What each player has, as text: `South (Alice), rows 1-3: 20 seeds, took 2`.
fn players_alt(pos: &Position, captured: [u32; 2], turns: [Turn; 2], info: &BoardInfo) -> String {
    let v = pos.variant();
    let parts: Vec<String> = [Side::North, Side::South]
        .into_iter()
        .map(|s| {
            let stats = side_stats(pos, s, captured);
            let turn = turns[s.index()]
                .word()
                .map(|w| format!(", {w}"))
                .unwrap_or_default();
            format!(
                "{}, {}: {stats}{turn}",
                player_label(s, info),
                rows_text(v, s)
            )
        })
        .collect();
    format!("{}.", parts.join("; "))
}

/// `20 seeds, took 2` (Katro) or `captured 12` (Hoyito).
fn side_stats(pos: &Position, side: Side, captured: [u32; 2]) -> String {
    if pos.variant().is_katro() {
        format!(
            "{} seeds, took {}",
            pos.seeds_of(side),
            captured[side.index()]
        )
    } else {
        format!("captured {}", captured[side.index()])
    }
}

/// `1 seed`, `3 seeds`.
fn seeds_text(n: u32) -> String {
    format!("{n} seed{}", if n == 1 { "" } else { "s" })
}

fn holes_text(holes: &[Hole]) -> String {
    holes
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The frames of a move, before drawing (one per relay and capture, then the final
/// board).
fn plan_move(trace: &Trace, info: &BoardInfo) -> Vec<Step> {
    let mover = trace.before.to_move();
    let v = trace.before.variant();
    let frames = trace.relays() + trace.captures() + 1;
    let start = trace.mv.from();
    // Katro: `info.captured` counts the move's captures; count back to before the move.
    let mut katro_taken = info.captured;
    katro_taken[mover.index()] = katro_taken[mover.index()].saturating_sub(trace.seeds_captured());
    let mut steps = Vec::with_capacity(frames);
    let mut lap_sown: Vec<Hole> = Vec::new();
    let mut lap = 1;
    let mut tail = Vec::new();
    let all: Vec<String> = trace.events.iter().map(|e| event_text(&e.event)).collect();
    let headline = format!("{mover} plays {}", trace.mv);
    for te in &trace.events {
        lap_sown.extend_from_slice(&te.sown);
        if let Event::Capture { taken, .. } = te.event {
            katro_taken[mover.index()] += taken as u32;
        }
        let is_frame = matches!(te.event, Event::Relay { .. }) || te.event.is_capture();
        if !is_frame {
            tail.push(te.event);
            continue;
        }
        let n = steps.len() + 1;
        let captured = if v.is_katro() {
            katro_taken
        } else {
            captured_of(&te.position, info)
        };
        let mut turns = [Turn::None; 2];
        turns[mover.index()] = Turn::Sowing;
        let what = match te.event {
            Event::Casa { hole } => format!("casa at {hole}: {mover} captures 4"),
            e => event_text(&e),
        };
        let line1 = format!("{n}/{frames}  lap {lap}: {what}");
        let line2 = if te.hand > 0 {
            format!(
                "{headline} · {} in hand, sown on from the next hole",
                te.hand
            )
        } else {
            headline.clone()
        };
        let alt = format!(
            "Frame {n} of {frames}, {headline} ({}, seen from {}): lap {lap}: {what}; \
             sown this lap: {}; {} in hand. {} {}",
            game_name(v),
            info.view,
            holes_text(&lap_sown),
            seeds_text(te.hand as u32),
            board_alt(&te.position),
            players_alt(&te.position, captured, turns, info),
        );
        steps.push(Step {
            pos: te.position,
            start: Some(start),
            lap_sown: lap_sown.clone(),
            event: Some(te.event),
            tail: Vec::new(),
            captured,
            turns,
            caption: (line1, line2),
            alt,
        });
        if !matches!(te.event, Event::Casa { .. }) {
            lap += 1;
            lap_sown.clear();
        }
    }
    // The final board.
    let after = trace.after;
    let captured = if v.is_katro() {
        katro_taken
    } else {
        captured_of(&after, info)
    };
    let turns = turns_of(&after, info.ended);
    let closing: Vec<String> = tail.iter().map(event_text).collect();
    let closing = if closing.is_empty() {
        "end".to_string()
    } else {
        format!("end: {}", closing.join("; "))
    };
    let status = status_text(&after, info.ended);
    let line1 = format!("{frames}/{frames}  {closing}");
    let line2 = format!("{headline} · {status}");
    let alt = format!(
        "Frame {frames} of {frames}, {headline} ({}, seen from {}): {closing}. \
         The whole move: {}. {} {} {status}.",
        game_name(v),
        info.view,
        all.join(", "),
        board_alt(&after),
        players_alt(&after, captured, turns, info),
    );
    steps.push(Step {
        pos: after,
        start: Some(start),
        lap_sown,
        event: None,
        tail,
        captured,
        turns,
        caption: (line1, line2),
        alt,
    });
    steps
}

/// The one frame of a position without a move.
fn plan_position(pos: &Position, info: &BoardInfo) -> Step {
    let captured = captured_of(pos, info);
    let turns = turns_of(pos, info.ended);
    let status = status_text(pos, info.ended);
    let line1 = format!("{}: {status}", game_name(pos.variant()));
    let line2 = pos.to_string();
    let alt = format!(
        "{} position, seen from {}: {status}. {} {}",
        game_name(pos.variant()),
        info.view,
        board_alt(pos),
        players_alt(pos, captured, turns, info),
    );
    Step {
        pos: *pos,
        start: None,
        lap_sown: Vec::new(),
        event: None,
        tail: Vec::new(),
        captured,
        turns,
        caption: (line1, line2),
        alt,
    }
}

/// Draws boards as PNG frames, GIFs and contact sheets; see the module docs.
///
/// Create it once ([`Renderer::new`]) and share it: it parses the bundled font once and
/// caches the empty board of every board size and view it has drawn, the number labels
/// and the pictures of the pits (one per seed count and tint). It is `Send + Sync`; the caches sit behind mutexes held only for
/// a lookup.
pub struct Renderer {
    bold: Typeface,
    book: Typeface,
    /// By rows, columns, view and scale (`f32` bits).
    backgrounds: Mutex<HashMap<BackgroundKey, Arc<Background>>>,
    numbers: Mutex<HashMap<(u8, u32), Arc<Sprite>>>,
    pits: Mutex<HashMap<(PitLook, u32), Arc<RgbImage>>>,
}

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new()
    }
}

impl std::fmt::Debug for Renderer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Renderer").finish_non_exhaustive()
    }
}

impl Renderer {
    /// A renderer with the bundled DejaVu Sans fonts and empty caches.
    ///
    /// # Panics
    /// Never in practice: the fonts are compiled in and parsed by a unit test.
    pub fn new() -> Renderer {
        Renderer {
            bold: Typeface::new(
                FontRef::try_from_slice(FONT_BOLD).expect("bundled DejaVu Sans Bold parses"),
            ),
            book: Typeface::new(
                FontRef::try_from_slice(FONT_BOOK).expect("bundled DejaVu Sans parses"),
            ),
            backgrounds: Mutex::new(HashMap::new()),
            numbers: Mutex::new(HashMap::new()),
            pits: Mutex::new(HashMap::new()),
        }
    }

    /// Does now the one-time work of the first picture (learning the palette, about
    /// 0.1 s in a release build), so that no player's move waits for it. Optional.
    pub fn prepare(&self) {
        self.palette();
    }

    /// The painter of a running bot (console, `run`, end-to-end tests): a new renderer
    /// whose [`Renderer::prepare`] runs on a background thread, so that neither start-up
    /// nor the first move waits for it.
    pub fn warmed() -> Arc<Renderer> {
        let renderer = Arc::new(Renderer::new());
        let warm = Arc::clone(&renderer);
        std::thread::spawn(move || warm.prepare());
        renderer
    }

    /// The empty board of `layout` (page, board, pits, letters, row numbers), cached.
    fn background(&self, layout: &Layout) -> Arc<Background> {
        let key = (layout.rows, layout.cols, layout.view, layout.s.to_bits());
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
        let mut img = RgbImage::from_pixel(l.width, l.height, image::Rgb(PAGE));
        let pad = l.k(10.0);
        draw::rounded_rect(
            &mut img,
            (l.gx - pad - l.k(4.0), l.gy - pad - l.k(4.0)),
            (
                l.grid_w() + 2.0 * pad + l.k(8.0),
                l.grid_h() + 2.0 * pad + l.k(8.0),
            ),
            l.k(22.0),
            BOARD_EDGE,
        );
        draw::rounded_rect(
            &mut img,
            (l.gx - pad, l.gy - pad),
            (l.grid_w() + 2.0 * pad, l.grid_h() + 2.0 * pad),
            l.k(18.0),
            BOARD,
        );
        // The line between the two halves.
        let mid = l.gy + l.grid_h() / 2.0;
        draw::segment(
            &mut img,
            (l.gx - pad + l.k(4.0), mid),
            (l.gx + l.grid_w() + pad - l.k(4.0), mid),
            l.k(5.0),
            HALF_LINE,
        );
        for h in l.holes() {
            let (cx, cy) = l.centre(h);
            empty_pit(&mut img, cx, cy, l.s);
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
                    GREY,
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
                    GREY,
                    &number,
                );
            }
        }
        img
    }

    /// The cached picture of a pit's square at scale `s` ([`pit_side`] pixels wide, the
    /// pit in its centre) as it looks with `look` on the board.
    fn pit(&self, look: PitLook, s: f32) -> Arc<RgbImage> {
        let key = (look, s.to_bits());
        if let Some(p) = lock(&self.pits).get(&key) {
            return Arc::clone(p);
        }
        let side = pit_side(s);
        let mut img = RgbImage::from_pixel(side, side, image::Rgb(BOARD));
        let c = (side / 2) as f32;
        empty_pit(&mut img, c, c, s);
        let r = PIT_R * s;
        match look {
            PitLook::Closed => {
                draw::disc(&mut img, c, c, r - 2.5 * s, CLOSED);
                let d = r * 0.45;
                let w = 7.0 * s;
                draw::segment(&mut img, (c - d, c - d), (c + d, c + d), w, CLOSED_X);
                draw::segment(&mut img, (c - d, c + d), (c + d, c - d), w, CLOSED_X);
            }
            PitLook::Open { seeds, sown } => {
                let fill = if sown { SOWN } else { PIT };
                if sown {
                    draw::disc(&mut img, c, c, r - 2.5 * s, fill);
                }
                if (1..=MAX_DOTS).contains(&seeds) {
                    let ring_r = r - 11.0 * s;
                    for i in 0..seeds {
                        let a = std::f32::consts::TAU * i as f32 / seeds as f32
                            - std::f32::consts::FRAC_PI_2;
                        let (x, y) = (c + ring_r * a.cos(), c + ring_r * a.sin());
                        draw::disc(&mut img, x, y, 5.0 * s, SEED);
                    }
                }
                if seeds > 0 {
                    self.number(seeds, s).draw(&mut img, (c, c), INK, fill);
                }
            }
        }
        let img = Arc::new(img);
        lock(&self.pits).insert(key, Arc::clone(&img));
        img
    }

    /// The cached number label for `n` seeds at scale `s`.
    fn number(&self, n: u8, s: f32) -> Arc<Sprite> {
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

    /// Draws one frame and encodes it as PNG.
    fn paint(&self, step: &Step, info: &BoardInfo) -> Frame {
        let img = self.paint_image(step, info);
        Frame {
            png: self.encode_frame(&img, step, info),
            alt: step.alt.clone(),
        }
    }

    /// Encodes a drawing as an 8-bit palette PNG in the renderer's fixed palette (see
    /// [`Renderer::palette`]): fast to write, and frames stay well under 100 KB.
    fn encode_png(&self, img: &RgbImage) -> Vec<u8> {
        self.palette().map(img).to_png()
    }

    /// [`Renderer::encode_png`] for a frame of `step`, drawn over its empty board: the
    /// parts still as on the empty board take their palette entries from it.
    fn encode_frame(&self, img: &RgbImage, step: &Step, info: &BoardInfo) -> Vec<u8> {
        let bg = self.background(&Layout::new(step.pos.variant(), info.view));
        let palette = self.palette();
        let base = bg.indexed.get_or_init(|| palette.map(&bg.image).data);
        palette.map_over(img, &bg.image, base).to_png()
    }

    /// The palette of every picture: learnt once per process from sample frames of both
    /// games, both views, every kind of highlight and band (about 20 ms in a release
    /// build, on the first picture), so that each picture afterwards is mapped by a table
    /// lookup per pixel. Every renderer draws alike, so all share it.
    fn palette(&self) -> &'static Palette {
        static PALETTE: OnceLock<Palette> = OnceLock::new();
        PALETTE.get_or_init(|| Palette::learn(&self.palette_samples()))
    }

    /// The sample frames the palette is learnt from: a start position, the worked
    /// examples E1 (South's view) and E2 (North's view) with their relays, captures and
    /// arrows, Hoyito's E3 and a move with a casa, closed holes (M2) and finished games.
    fn palette_samples(&self) -> Vec<RgbImage> {
        let named = |view| BoardInfo {
            south: "Alice".into(),
            north: "Bob".into(),
            captured: [0, 0],
            view,
            ended: None,
        };
        let mut steps: Vec<(Step, BoardInfo)> = Vec::new();
        let katro = Position::new(Variant::KATRO);
        steps.push((
            plan_position(&katro, &named(Side::South)),
            named(Side::South),
        ));
        let mut moves: Vec<(Position, &str, Side)> = vec![
            (katro, "c1+", Side::South),
            (katro, "c1-", Side::North),
            (Position::new(Variant::HOYITO), "a1", Side::South),
        ];
        // A Hoyito move with a casa: the first one met playing the first legal move.
        let mut p = Position::new(Variant::HOYITO);
        for _ in 0..40 {
            let Some(&mv) = p.legal_moves().first() else {
                break;
            };
            let Ok(t) = p.play_traced(mv) else { break };
            if t.events
                .iter()
                .any(|e| matches!(e.event, Event::Casa { .. }))
            {
                moves.push((p, "", Side::North));
                break;
            }
            p = t.after;
        }
        for (pos, text, view) in moves {
            let mv = match text {
                "" => pos.legal_moves().first().copied(),
                t => mancala_rules::Move::parse(t, pos.variant()).ok(),
            };
            if let Some(t) = mv.and_then(|mv| pos.play_traced(mv).ok()) {
                let info = named(view);
                steps.extend(plan_move(&t, &info).into_iter().map(|s| (s, info.clone())));
            }
        }
        for text in [
            // Closed holes (M2).
            "hoyito/4,4,4,4,x,x/x,4,4,4,4,4 s 4 4",
            // Finished: North has no seed (South wins, K9).
            "katro/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 n",
        ] {
            if let Ok(pos) = text.parse::<Position>() {
                let info = named(Side::South);
                steps.push((plan_position(&pos, &info), info));
            }
        }
        steps
            .iter()
            .map(|(step, info)| self.paint_image(step, info))
            .collect()
    }

    fn paint_image(&self, step: &Step, info: &BoardInfo) -> RgbImage {
        self.paint_scaled(step, info, 1.0)
    }

    /// [`Renderer::paint_image`] with every length times `s` (contact-sheet tiles): a
    /// smaller picture drawn directly, sharper and cheaper than a full one shrunk.
    fn paint_scaled(&self, step: &Step, info: &BoardInfo, s: f32) -> RgbImage {
        let pos = &step.pos;
        let l = Layout::scaled(pos.variant(), info.view, s);
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
                &self.pit(look, s),
                (cx - half) as i32,
                (cy - half) as i32,
            );
        }
        self.paint_highlights(&mut img, &l, step);
        self.paint_bands(&mut img, &l, step, info);
        self.paint_caption(&mut img, &l, step);
        img
    }

    fn paint_highlights(&self, img: &mut RgbImage, l: &Layout, step: &Step) {
        // Rings and arrows first, then every tag on top of them.
        let mut tags: Vec<((f32, f32), String, Color, Color)> = Vec::new();
        if let Some(start) = step.start {
            let c = l.centre(start);
            let radii = (l.k(PIT_R + 0.5), l.k(PIT_R + 6.5));
            draw::dashed_ring(img, c, radii, 12, 0.6, BLUE);
            // Tags sit a little inside the pit's edge, so that a tag below one pit and a
            // tag above the pit under it stay apart.
            tags.push(((c.0, c.1 - l.k(TAG_AT)), "start".into(), BLUE, WHITE));
        }
        let mut taken_tag = None;
        let mut mark =
            |img: &mut RgbImage, h: Hole, colour: Color, ink: Color, word: String, below: bool| {
                let c = l.centre(h);
                draw::ring(img, c.0, c.1, l.k(PIT_R - 2.0), l.k(PIT_R + 6.5), colour);
                let r = l.k(TAG_AT);
                let y = if below { c.1 + r } else { c.1 - r };
                tags.push(((c.0, y), word, colour, ink));
            };
        match step.event {
            Some(Event::Relay { hole, lifted }) => {
                mark(img, hole, ORANGE, INK, format!("relay {lifted}"), true);
            }
            Some(Event::Capture {
                hole,
                target,
                taken,
            }) => {
                let t = l.centre(target);
                let h = l.centre(hole);
                let (r_in, r_out) = (l.k(PIT_R - 2.0), l.k(PIT_R + 2.0));
                draw::ring(img, t.0, t.1, r_in, r_out, VERMILLION);
                // The capture tag goes on the side away from the target.
                mark(img, hole, VERMILLION, WHITE, "capture".into(), h.1 > t.1);
                self.arrow(img, l, t, h, VERMILLION);
                taken_tag = Some((t, format!("{taken} taken"), VERMILLION, WHITE));
            }
            Some(Event::Casa { hole }) => mark(img, hole, PURPLE, INK, "casa 4".into(), true),
            _ => {}
        }
        if step.event.is_none() {
            for e in &step.tail {
                match *e {
                    Event::Stop { hole } => mark(img, hole, GREEN, WHITE, "end".into(), true),
                    Event::Casa { hole } => mark(img, hole, PURPLE, INK, "casa 4".into(), true),
                    _ => {}
                }
            }
        }
        tags.extend(taken_tag);
        for (at, word, bg, ink) in tags {
            self.tag(img, l, at, &word, bg, ink);
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
        let v = step.pos.variant();
        let far = l.view.other();
        let tops = [
            (far, 0.0),
            (l.view, l.k((BAND_H + 2 * LETTERS_H) as f32) + l.grid_h()),
        ];
        for (side, y) in tops {
            let turn = step.turns[side.index()];
            let bg = if turn == Turn::None { BAND } else { TURN_BAND };
            let band_h = l.k(BAND_H as f32);
            draw::rect(img, 0, y as i32, l.width as i32, band_h as i32, bg);
            if turn != Turn::None {
                draw::rect(img, 0, y as i32, l.k(10.0) as i32, band_h as i32, ORANGE);
            }
            let cy = y + band_h / 2.0;
            let stats = side_stats(&step.pos, side, step.captured);
            let stats = format!("{} · {stats}", rows_text(v, side));
            let stats_size = draw::fit_size(&self.book, l.k(24.0), &stats, l.width as f32 * 0.45);
            let right = l.width as f32 - l.k(20.0);
            let sw = draw::text(
                img,
                &self.book,
                stats_size,
                (right, cy),
                Align::Right,
                INK,
                &stats,
            );
            let mut x = l.k(24.0);
            if let Some(word) = turn.word() {
                let size = l.k(20.0);
                let w = draw::text_width(&self.bold, size, word) + l.k(18.0);
                let (top, h) = (cy - l.k(15.0), l.k(30.0));
                draw::rounded_rect(img, (x, top), (w, h), l.k(9.0), INK);
                draw::text(
                    img,
                    &self.bold,
                    size,
                    (x + w / 2.0, cy),
                    Align::Centre,
                    WHITE,
                    word,
                );
                x += w + l.k(12.0);
            }
            let name = player_label(side, info);
            let room = right - sw - l.k(24.0) - x;
            let size = draw::fit_size(&self.bold, l.k(28.0), &name, room.max(l.k(40.0)));
            draw::text(img, &self.bold, size, (x, cy), Align::Left, INK, &name);
        }
    }

    fn paint_caption(&self, img: &mut RgbImage, l: &Layout, step: &Step) {
        let y = l.height as f32 - l.k(CAPTION_H as f32);
        let max_w = l.width as f32 - l.k(40.0);
        let (a, b) = &step.caption;
        let x = l.k(20.0);
        let s1 = draw::fit_size(&self.bold, l.k(30.0), a, max_w);
        draw::text(img, &self.bold, s1, (x, y + l.k(28.0)), Align::Left, INK, a);
        let s2 = draw::fit_size(&self.book, l.k(24.0), b, max_w);
        draw::text(
            img,
            &self.book,
            s2,
            (x, y + l.k(66.0)),
            Align::Left,
            GREY,
            b,
        );
    }

    /// The contact sheet of `tiles` (pictures and their text alternatives), numbered from
    /// 1, in rows of about equal width and height.
    fn sheet(&self, tiles: &[(RgbImage, &str)]) -> Frame {
        let n = tiles.len();
        if n == 0 {
            let mut img = RgbImage::from_pixel(400, 80, image::Rgb(PAGE));
            draw::text(
                &mut img,
                &self.bold,
                24.0,
                (200.0, 40.0),
                Align::Centre,
                INK,
                "no frames",
            );
            return Frame {
                png: self.encode_png(&img),
                alt: "Contact sheet with no frames.".to_string(),
            };
        }
        let tw = tiles.iter().map(|t| t.0.width()).max().unwrap_or(1);
        let th = tiles.iter().map(|t| t.0.height()).max().unwrap_or(1);
        let gap = 12;
        // Each tile's number stands in a strip above it, covering nothing of the tile.
        let strip = 36;
        let (cell_w, cell_h) = (tw, th + strip);
        // Columns that make the sheet closest to square.
        let cols = (1..=n)
            .min_by_key(|&c| {
                let rows = n.div_ceil(c);
                let w = c as i64 * cell_w as i64;
                let h = rows as i64 * cell_h as i64;
                (w - h).abs()
            })
            .unwrap_or(1) as u32;
        let rows = (n as u32).div_ceil(cols);
        let w = cols * cell_w + (cols + 1) * gap;
        let h = rows * cell_h + (rows + 1) * gap;
        let mut sheet = RgbImage::from_pixel(w, h, image::Rgb([0x30, 0x30, 0x30]));
        for (i, (tile, _)) in tiles.iter().enumerate() {
            let (c, r) = (i as u32 % cols, i as u32 / cols);
            let (x, y) = (gap + c * (cell_w + gap), gap + r * (cell_h + gap));
            let label = format!("{}/{n}", i + 1);
            let at = (x as f32 + 4.0, y as f32 + strip as f32 / 2.0);
            draw::text(&mut sheet, &self.bold, 26.0, at, Align::Left, WHITE, &label);
            draw::blit(&mut sheet, tile, x as i32, (y + strip) as i32);
        }
        let items: Vec<String> = tiles
            .iter()
            .enumerate()
            .map(|(i, (_, alt))| {
                let first = alt.split(". ").next().unwrap_or("");
                format!("{}) {}", i + 1, first.trim_end_matches('.'))
            })
            .collect();
        Frame {
            png: self.encode_png(&sheet),
            alt: format!(
                "Contact sheet of {n} frame{}, in order: {}.",
                if n == 1 { "" } else { "s" },
                items.join("; ")
            ),
        }
    }

    /// Decodes the frames' PNGs, leaving out any that do not decode.
    fn decode_frames(frames: &[Frame]) -> Vec<Indexed> {
        frames
            .iter()
            .filter_map(|f| Indexed::from_png(&f.png))
            .collect()
    }
}

/// Rows, columns, view and scale (`f32` bits) of an empty board.
type BackgroundKey = (u8, u8, Side, u32);

/// An empty board as drawn and in the palette.
struct Background {
    image: RgbImage,
    /// `image` mapped to the palette (`Palette::map`), one entry per pixel; made on the
    /// first encoding (not when drawing: the palette is learnt from drawings).
    indexed: OnceLock<Vec<u8>>,
}

/// Draws an empty pit centred at `(cx, cy)` at scale `s`.
fn empty_pit(img: &mut RgbImage, cx: f32, cy: f32, s: f32) {
    draw::disc(img, cx, cy, PIT_R * s, PIT_EDGE);
    draw::disc(img, cx, cy, (PIT_R - 2.5) * s, PIT);
}

/// Side of a pit's picture at scale `s`: [`PIT_SQUARE`] scaled, rounded up to even so
/// that the pit's centre falls on a pixel corner as in a cell.
fn pit_side(s: f32) -> u32 {
    2 * (PIT_SQUARE as f32 * s / 2.0).ceil() as u32
}

/// How a pit looks, apart from highlights: the key of the renderer's pit pictures.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum PitLook {
    /// Closed for the game (M2).
    Closed,
    /// Open, with `seeds` seeds, tinted when the current lap sowed it.
    Open { seeds: u8, sown: bool },
}

/// One GIF frame of `img`. After the first frame, only the box of pixels that differ from
/// `prev` is written, and unchanged pixels inside it are transparent (the previous frame
/// shows through): smaller files and faster LZW than whole frames.
fn gif_frame<'a>(img: &'a Indexed, prev: Option<&Indexed>, delay: u16) -> gif::Frame<'a> {
    let clamp = |v: u32| v.min(u16::MAX as u32) as u16;
    let full = gif::Frame {
        width: clamp(img.width),
        height: clamp(img.height),
        delay,
        dispose: gif::DisposalMethod::Keep,
        palette: Some(img.palette.concat()),
        buffer: Cow::Borrowed(&img.data),
        ..gif::Frame::default()
    };
    let Some(prev) = prev.filter(|p| (p.width, p.height) == (img.width, img.height)) else {
        return full;
    };
    let w = img.width as usize;
    let changed =
        |j: usize| img.palette[img.data[j] as usize] != prev.palette[prev.data[j] as usize];
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (j, _) in img.data.iter().enumerate() {
        if changed(j) {
            let (x, y) = (j % w, j / w);
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
    }
    if x0 == usize::MAX {
        // Nothing changed: one transparent pixel keeps the frame and its delay.
        (x0, y0, x1, y1) = (0, 0, 0, 0);
    }
    let transparent = img.palette.len() as u8;
    let mut palette = img.palette.concat();
    palette.extend_from_slice(&[0, 0, 0]);
    let mut buf = Vec::with_capacity((x1 - x0 + 1) * (y1 - y0 + 1));
    for y in y0..=y1 {
        for x in x0..=x1 {
            let j = y * w + x;
            buf.push(if changed(j) { img.data[j] } else { transparent });
        }
    }
    gif::Frame {
        left: x0 as u16,
        top: y0 as u16,
        width: (x1 - x0 + 1) as u16,
        height: (y1 - y0 + 1) as u16,
        transparent: Some(transparent),
        palette: Some(palette),
        buffer: Cow::Owned(buf),
        ..full
    }
}

impl Painter for Renderer {
    fn position(&self, pos: &Position, info: &BoardInfo) -> Frame {
        self.paint(&plan_position(pos, info), info)
    }

    /// `info.captured` is taken as the counts *after* the move (as `Game::captured`
    /// returns them once the move is played); Katro frames inside the move count back
    /// from it, Hoyito frames use the stores of each step's position.
    fn move_frames(&self, trace: &Trace, info: &BoardInfo) -> Vec<Frame> {
        plan_move(trace, info)
            .iter()
            .map(|s| self.paint(s, info))
            .collect()
    }

    /// Tiles the frames at half size, numbered from 1, in rows of about equal width and
    /// height. Frames that do not decode as PNG are left out; with none, the sheet is a
    /// small blank picture saying so.
    fn contact_sheet(&self, frames: &[Frame]) -> Frame {
        let tiles: Vec<(RgbImage, &str)> = frames
            .iter()
            .filter_map(|f| Some((draw::half(&Indexed::from_png(&f.png)?.to_rgb()), &*f.alt)))
            .collect();
        self.sheet(&tiles)
    }

    /// As the trait says; a sheet's tiles are drawn directly at half size, and only the
    /// final frame is drawn full size and encoded on its own.
    fn move_pictures(&self, trace: &Trace, info: &BoardInfo, max: usize) -> MovePictures {
        let steps = plan_move(trace, info);
        if steps.len() <= max.max(2) {
            return MovePictures::Frames(steps.iter().map(|s| self.paint(s, info)).collect());
        }
        let Some(last) = steps.last() else {
            return MovePictures::Frames(Vec::new());
        };
        let tiles: Vec<(RgbImage, &str)> = steps
            .iter()
            .map(|s| (self.paint_scaled(s, info, 0.5), &*s.alt))
            .collect();
        MovePictures::Sheet {
            sheet: self.sheet(&tiles),
            board: self.paint(last, info),
        }
    }

    /// Each frame shown 1.4 s, the last held 4 s, looping; after the first, each GIF
    /// frame holds only what changed. Frames that do not decode as PNG are left out;
    /// with none, the result is empty.
    fn gif(&self, frames: &[Frame]) -> Vec<u8> {
        let images = Renderer::decode_frames(frames);
        let mut out = Vec::new();
        if images.is_empty() {
            return out;
        }
        let clamp = |v: u32| v.min(u16::MAX as u32) as u16;
        let w = clamp(images.iter().map(|i| i.width).max().unwrap_or(1));
        let h = clamp(images.iter().map(|i| i.height).max().unwrap_or(1));
        let last = images.len() - 1;
        let written = (|| -> Result<(), gif::EncodingError> {
            let mut enc = gif::Encoder::new(&mut out, w, h, &[])?;
            enc.set_repeat(gif::Repeat::Infinite)?;
            for (i, img) in images.iter().enumerate() {
                let ms = if i == last { GIF_HOLD_MS } else { GIF_STEP_MS };
                let prev = i.checked_sub(1).map(|p| &images[p]);
                enc.write_frame(&gif_frame(img, prev, (ms / 10) as u16))?;
            }
            Ok(())
        })();
        if written.is_err() {
            out.clear();
        }
        out
    }
}

#[cfg(test)]
mod tests;
