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
//!
//! Files by job: `layout.rs` (frame size, where each pit goes in either view, scale),
//! `plan.rs` (which frames a move gets, their highlights, captions and text
//! alternatives), `paint.rs` (drawing a frame over its cached empty board), `sheet.rs`
//! (contact sheets), `gif.rs` (animations), `quant.rs` (the palette and PNG encoding),
//! `draw.rs` (drawing primitives), `ascii.rs` (boards as text); this file holds the
//! [`Renderer`] with its caches and its [`Painter`] implementation.

pub mod ascii;
mod chart;
mod draw;
mod gif;
mod glyph;
mod layout;
mod paint;
mod plan;
mod quant;
mod shape;
mod sheet;
mod system;
mod table;
mod tags;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use image::RgbImage;
use mancala_rules::{Event, Position, Side, Trace, Variant};

use crate::core::painter::{BoardInfo, Frame, MovePictures, Painter};
use crate::core::show::Theme;
use draw::{Sprite, Typeface};
use glyph::Face;
use layout::Layout;
pub use layout::{frame_size, CELL};
use paint::{Background, BackgroundKey, PitLook};
use plan::{plan_move, plan_path, plan_position, Step};
use quant::{Indexed, Palette};
use shape::Fallbacks;

/// DejaVu Sans Bold (Bitstream Vera licence, `fonts/LICENSE-DejaVu.txt`).
static FONT_BOLD: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");
/// DejaVu Sans Book (same licence).
static FONT_BOOK: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");

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
    pits: Mutex<HashMap<(PitLook, u32, Theme), Arc<RgbImage>>>,
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
    /// A renderer with the bundled fonts (DejaVu Sans, Noto Emoji), falling back on the
    /// system's fonts for what they lack (CJK where installed), and empty caches.
    ///
    /// # Panics
    /// Never in practice: the fonts are compiled in and parsed by a unit test.
    pub fn new() -> Renderer {
        Renderer::with_system_fonts(true)
    }

    /// A renderer with the bundled fonts only: what it draws does not depend on the
    /// machine's fonts (golden images). Characters no bundled font has are drawn as
    /// their script's name (`‹Hangul›`).
    pub fn bundled_fonts_only() -> Renderer {
        Renderer::with_system_fonts(false)
    }

    fn with_system_fonts(system: bool) -> Renderer {
        let fallbacks = Arc::new(Fallbacks::new(system));
        let face =
            |data, what| Face::new(data, 0).unwrap_or_else(|| panic!("bundled {what} parses"));
        Renderer {
            bold: Typeface::new(face(FONT_BOLD, "DejaVu Sans Bold"), Arc::clone(&fallbacks)),
            book: Typeface::new(face(FONT_BOOK, "DejaVu Sans"), fallbacks),
            backgrounds: Mutex::new(HashMap::new()),
            numbers: Mutex::new(HashMap::new()),
            pits: Mutex::new(HashMap::new()),
        }
    }

    /// Does now the one-time work of the first picture (learning the palette, about
    /// 0.1 s in a release build), so that no player's move waits for it. Optional.
    pub fn prepare(&self) {
        self.palette(Theme::Light);
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
        self.palette(Theme::Light).map(img).to_png()
    }

    /// [`Renderer::encode_png`] for a frame of `step`, drawn over its empty board: the
    /// parts still as on the empty board take their palette entries from it.
    fn encode_frame(&self, img: &RgbImage, step: &Step, info: &BoardInfo) -> Vec<u8> {
        let bg = self.background(&Layout::new(step.pos.variant(), info.view).themed(info.theme));
        let palette = self.palette(info.theme);
        let base = bg.indexed.get_or_init(|| palette.map(&bg.image).data);
        palette.map_over(img, &bg.image, base).to_png()
    }

    /// The palette of every picture in `theme`: learnt once per process and theme from
    /// sample frames of both games, both views, every kind of highlight and band (about
    /// 20 ms in a release build, on the first picture), so that each picture afterwards
    /// is mapped by a table lookup per pixel. Every renderer draws alike, so all share
    /// them.
    fn palette(&self, theme: Theme) -> &'static Palette {
        static LIGHT: OnceLock<Palette> = OnceLock::new();
        static DARK: OnceLock<Palette> = OnceLock::new();
        let cell = match theme {
            Theme::Light => &LIGHT,
            Theme::Dark => &DARK,
        };
        cell.get_or_init(|| Palette::learn(&self.palette_samples(theme)))
    }

    /// The sample frames the palette is learnt from: a start position, the worked
    /// examples E1 (South's view) and E2 (North's view) with their relays, captures and
    /// arrows, Hoyito's E3 and a move with a casa, closed holes (M2) and finished games.
    fn palette_samples(&self, theme: Theme) -> Vec<RgbImage> {
        let named = |view| BoardInfo {
            south: "Alice".into(),
            north: "Bob".into(),
            captured: [0, 0],
            view,
            theme,
            ended: None,
            match_info: None,
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

    /// Decodes the frames' PNGs, leaving out any that do not decode.
    fn decode_frames(frames: &[Frame]) -> Vec<Indexed> {
        frames
            .iter()
            .filter_map(|f| Indexed::from_png(&f.png))
            .collect()
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

    fn move_path(&self, trace: &Trace, info: &BoardInfo) -> Frame {
        self.paint(&plan_path(trace, info), info)
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
        gif::encode(&Renderer::decode_frames(frames))
    }

    fn eval_chart(&self, chart: &crate::core::painter::EvalChart) -> Option<Frame> {
        Some(self.draw_eval_chart(chart))
    }

    fn line_chart(&self, chart: &crate::core::painter::LineChart) -> Option<Frame> {
        Some(self.draw_line_chart(chart))
    }

    fn table(&self, table: &crate::core::painter::TablePicture) -> Option<Frame> {
        Some(self.draw_table(table))
    }
}

#[cfg(test)]
mod tests;
