//! Text in any script (issue 14): a line of text becomes glyphs placed by a shaper, so
//! that players' names in Arabic or Hebrew read right to left with joined letters,
//! combining marks sit on their letters and emoji are drawn.
//!
//! The steps, each by a well-kept library:
//! 1. control characters are dropped, and a run of characters that no font has is
//!    replaced by a readable stand-in, the script's name in angle quotes (`‹Hangul›`),
//!    never by boxes (`.notdef`);
//! 2. the Unicode bidirectional algorithm (`unicode-bidi`, UAX #9) splits the line into
//!    runs of one direction, in visual order;
//! 3. each run is split where the font changes: the typeface's own font (DejaVu Sans:
//!    Latin, Greek, Cyrillic, Arabic, Hebrew), then the bundled Noto Emoji, then the
//!    system's fonts found by `fontdb` (CJK on a machine that has them), characters that
//!    attach to the one before (marks, joiners, variation selectors, skin tones) staying
//!    in its font;
//! 4. each piece is shaped by `rustybuzz` (HarfBuzz's algorithm) with its neighbours as
//!    context, so that joining across a font change still reads right.
//!
//! The glyphs are drawn with ab_glyph's outlines ([`super::draw`]), by font and glyph id.

use std::collections::HashMap;
use std::sync::Mutex;

use ab_glyph::{Font, FontRef, GlyphId, PxScale};
use rustybuzz::{Direction, UnicodeBuffer};
use unicode_bidi::BidiInfo;
use unicode_normalization::char::is_combining_mark;
use unicode_script::UnicodeScript;

use super::draw::lock;
use crate::core::input::is_invisible;

/// One font: its outlines (ab_glyph) and its shaping tables (rustybuzz) over the same
/// bytes.
pub(crate) struct Face {
    /// Outlines, metrics and the character map.
    pub(crate) outline: FontRef<'static>,
    shaper: rustybuzz::Face<'static>,
    /// Font units per em.
    units_per_em: f32,
}

impl Face {
    /// The face `index` of the font file `data`, or `None` when it does not parse or has
    /// no outlines (a colour-bitmap emoji font, which ab_glyph cannot draw).
    pub(crate) fn new(data: &'static [u8], index: u32) -> Option<Face> {
        let outline = FontRef::try_from_slice_and_index(data, index).ok()?;
        let shaper = rustybuzz::Face::from_slice(data, index)?;
        let tables = shaper.tables();
        if tables.glyf.is_none() && tables.cff.is_none() {
            return None;
        }
        let units_per_em = outline.units_per_em()?;
        Some(Face {
            outline,
            shaper,
            units_per_em,
        })
    }

    /// Whether the font maps `ch` to a glyph of its own.
    fn has(&self, ch: char) -> bool {
        self.outline.glyph_id(ch).0 != 0
    }

    /// The ab_glyph scale at which this font's em square is `em` pixels.
    pub(crate) fn scale(&self, em: f32) -> PxScale {
        PxScale::from(em * self.outline.height_unscaled() / self.units_per_em)
    }

    /// The em size in pixels of this font at ab_glyph scale `size`.
    pub(crate) fn em(&self, size: f32) -> f32 {
        size * self.units_per_em / self.outline.height_unscaled()
    }
}

/// Noto Emoji Bold, monochrome (SIL Open Font License, `fonts/LICENSE-NotoEmoji.txt`).
static FONT_EMOJI: &[u8] = include_bytes!("../../fonts/NotoEmoji-Bold.ttf");

/// The fonts tried after a typeface's own, shared by all typefaces of a renderer: the
/// bundled emoji font, then, unless turned off, the system's fonts.
pub(crate) struct Fallbacks {
    emoji: Face,
    /// `None`: bundled fonts only (golden images, which must not depend on the machine).
    system: Option<Mutex<SystemFonts>>,
}

/// The system's fonts, listed on first need, and the faces loaded from them.
#[derive(Default)]
struct SystemFonts {
    db: Option<fontdb::Database>,
    /// Loaded faces. Their bytes are leaked: a face is loaded at most once per process
    /// and lives as long as the renderer's caches that refer to it.
    faces: Vec<&'static Face>,
    loaded: HashMap<fontdb::ID, Option<usize>>,
    /// For each character asked about, the index in `faces` of the first that has it.
    by_char: HashMap<char, Option<usize>>,
}

/// Index of a typeface's own font in [`Line`] glyphs.
pub(crate) const OWN: u16 = 0;
/// Index of the bundled emoji font.
const EMOJI: u16 = 1;
/// Index of the first system font.
const SYSTEM: u16 = 2;

impl Fallbacks {
    /// The bundled emoji font, and the system's fonts when `system` is true.
    ///
    /// # Panics
    /// Never in practice: the emoji font is compiled in and parsed by a unit test.
    pub(crate) fn new(system: bool) -> Fallbacks {
        Fallbacks {
            emoji: Face::new(FONT_EMOJI, 0).expect("bundled Noto Emoji parses"),
            system: system.then(|| Mutex::new(SystemFonts::default())),
        }
    }

    /// The face with index `i` (≥ 1) in a [`Line`].
    ///
    /// # Panics
    /// If `i` was not handed out by this value's [`Fallbacks::find`].
    pub(crate) fn face(&self, i: u16) -> &Face {
        match i {
            EMOJI => &self.emoji,
            _ => {
                let system = self.system.as_ref().expect("system fonts in use");
                lock(system).faces[(i - SYSTEM) as usize]
            }
        }
    }

    /// The index of the first fallback font that has `ch`.
    fn find(&self, ch: char) -> Option<u16> {
        if self.emoji.has(ch) {
            return Some(EMOJI);
        }
        let mut system = lock(self.system.as_ref()?);
        system.find(ch).map(|i| SYSTEM + i as u16)
    }
}

impl SystemFonts {
    /// The index of the first system face that has `ch`, loading it if needed.
    fn find(&mut self, ch: char) -> Option<usize> {
        if let Some(&hit) = self.by_char.get(&ch) {
            return hit;
        }
        if let Some(i) = self.faces.iter().position(|f| f.has(ch)) {
            self.by_char.insert(ch, Some(i));
            return Some(i);
        }
        let db = self.db.get_or_insert_with(|| {
            let mut db = fontdb::Database::new();
            db.load_system_fonts();
            db
        });
        let ids: Vec<fontdb::ID> = db.faces().map(|f| f.id).collect();
        let mut hit = None;
        for id in ids {
            if self.loaded.contains_key(&id) {
                continue;
            }
            let has = db
                .with_face_data(id, |data, index| {
                    rustybuzz::ttf_parser::Face::parse(data, index)
                        .ok()
                        .and_then(|f| f.glyph_index(ch))
                        .is_some()
                })
                .unwrap_or(false);
            if has {
                let face = db
                    .with_face_data(id, |data, index| {
                        let bytes: &'static [u8] = Box::leak(data.to_vec().into_boxed_slice());
                        Face::new(bytes, index)
                    })
                    .flatten();
                let slot = face.map(|f| {
                    self.faces.push(Box::leak(Box::new(f)));
                    self.faces.len() - 1
                });
                self.loaded.insert(id, slot);
                if slot.is_some() {
                    hit = slot;
                    break;
                }
            }
        }
        self.by_char.insert(ch, hit);
        hit
    }
}

/// A glyph placed on a line: font index ([`OWN`] or a [`Fallbacks::face`] index), glyph,
/// and offset in pixels from the line's start on its baseline (`y` down).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placed {
    pub(crate) face: u16,
    pub(crate) id: GlyphId,
    pub(crate) x: f32,
    pub(crate) y: f32,
}

/// A shaped line: its glyphs in visual order, left to right, and its advance width in
/// pixels.
#[derive(Clone, Debug, Default)]
pub(crate) struct Line {
    pub(crate) glyphs: Vec<Placed>,
    pub(crate) width: f32,
}

/// Shapes `text` as one line whose own font is `own` at ab_glyph scale `size` (other
/// fonts at the same em size). Never fails: what no font has becomes a stand-in.
pub(crate) fn shape(own: &Face, fallbacks: &Fallbacks, size: f32, text: &str) -> Line {
    let em = own.em(size);
    let text = drawable(own, fallbacks, text);
    let mut line = Line::default();
    let bidi = BidiInfo::new(&text, None);
    for para in &bidi.paragraphs {
        let (levels, runs) = bidi.visual_runs(para, para.range.clone());
        for run in runs {
            let rtl = levels[run.start].is_rtl();
            let mut pieces = by_font(own, fallbacks, &text, run.clone());
            if rtl {
                pieces.reverse();
            }
            for (face, piece) in pieces {
                let context = (&text[run.start..piece.start], &text[piece.end..run.end]);
                place(
                    &mut line,
                    (own, fallbacks),
                    face,
                    em,
                    &text[piece],
                    context,
                    rtl,
                );
            }
        }
    }
    line
}

/// Shapes one piece of one font and direction onto the end of `line`.
fn place(
    line: &mut Line,
    (own, fallbacks): (&Face, &Fallbacks),
    face: u16,
    em: f32,
    piece: &str,
    (before, after): (&str, &str),
    rtl: bool,
) {
    let font = if face == OWN {
        own
    } else {
        fallbacks.face(face)
    };
    let mut buf = UnicodeBuffer::new();
    buf.push_str(piece);
    buf.set_pre_context(before);
    buf.set_post_context(after);
    buf.set_direction(if rtl {
        Direction::RightToLeft
    } else {
        Direction::LeftToRight
    });
    buf.guess_segment_properties();
    let shaped = rustybuzz::shape(&font.shaper, &[], buf);
    let k = em / font.units_per_em;
    for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
        line.glyphs.push(Placed {
            face,
            id: GlyphId(info.glyph_id as u16),
            x: line.width + pos.x_offset as f32 * k,
            y: -pos.y_offset as f32 * k,
        });
        line.width += pos.x_advance as f32 * k;
    }
}

/// Splits the byte range `run` of `text` into pieces of one font each, in logical order.
fn by_font(
    own: &Face,
    fallbacks: &Fallbacks,
    text: &str,
    run: std::ops::Range<usize>,
) -> Vec<(u16, std::ops::Range<usize>)> {
    let mut pieces: Vec<(u16, std::ops::Range<usize>)> = Vec::new();
    let mut chars = text[run.clone()].char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        let (start, end) = (run.start + i, run.start + i + ch.len_utf8());
        let next = chars.peek().map(|&(_, c)| c);
        let face = match pieces.last() {
            Some(&(prev, _)) if attaches(ch) => prev,
            _ => font_of(own, fallbacks, ch, next).unwrap_or(OWN),
        };
        match pieces.last_mut() {
            Some((f, range)) if *f == face => range.end = end,
            _ => pieces.push((face, start..end)),
        }
    }
    pieces
}

/// The first font that has `ch`; an emoji asked for as such (followed by VS16) comes
/// from the emoji font even where the own font has a text form of it.
fn font_of(own: &Face, fallbacks: &Fallbacks, ch: char, next: Option<char>) -> Option<u16> {
    if next == Some('\u{FE0F}') && fallbacks.emoji.has(ch) {
        return Some(EMOJI);
    }
    if own.has(ch) {
        return Some(OWN);
    }
    fallbacks.find(ch)
}

/// Characters drawn with the font of the one before them: combining marks, emoji
/// skin-tone modifiers, and invisible characters (joiners, bidi controls, variation
/// selectors, tags: [`is_invisible`], which the shaper hides).
fn attaches(ch: char) -> bool {
    is_combining_mark(ch) || is_invisible(ch) || ('\u{1F3FB}'..='\u{1F3FF}').contains(&ch)
}

/// `text` without control characters and with each run of characters that no font has
/// replaced by the run's script name in angle quotes (`사용자` with no Korean font:
/// `‹Hangul›`).
fn drawable(own: &Face, fallbacks: &Fallbacks, text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut missing: Option<&'static str> = None;
    for ch in text.chars().filter(|c| !c.is_control()) {
        let covered = attaches(ch) || ch == ' ' || font_of(own, fallbacks, ch, None).is_some();
        if covered {
            if let Some(script) = missing.take() {
                out.push_str(&stand_in(script));
            }
            out.push(ch);
        } else if missing.is_none() {
            missing = Some(ch.script().full_name());
        }
    }
    if let Some(script) = missing {
        out.push_str(&stand_in(script));
    }
    out
}

/// The stand-in for a run of characters of `script` that no font can draw.
fn stand_in(script: &str) -> String {
    match script {
        "Common" | "Unknown" | "Inherited" => "‹?›".to_string(),
        name => format!("‹{}›", name.replace('_', " ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static BOOK: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");

    fn own() -> Face {
        Face::new(BOOK, 0).expect("DejaVu parses")
    }

    #[test]
    fn bundled_fonts_parse() {
        let fb = Fallbacks::new(false);
        assert!(fb.emoji.has('🐢'));
        assert!(own().has('ب') && own().has('א') && own().has('Ж') && own().has('λ'));
    }

    #[test]
    fn arabic_is_joined_and_right_to_left() {
        let (own, fb) = (own(), Fallbacks::new(false));
        // Three letters: shaped, the first letter's glyph (an initial form) drawn last.
        let line = shape(&own, &fb, 20.0, "بيت");
        assert_eq!(line.glyphs.len(), 3);
        let isolated = own.outline.glyph_id('ب');
        let rightmost = line.glyphs.last().unwrap().id;
        assert_ne!(
            rightmost, isolated,
            "the first letter takes its initial form"
        );
        assert!(line.glyphs.windows(2).all(|w| w[0].x < w[1].x));
    }

    #[test]
    fn emoji_come_from_the_emoji_font_and_unknown_scripts_from_a_stand_in() {
        let (own, fb) = (own(), Fallbacks::new(false));
        let line = shape(&own, &fb, 20.0, "사용자🐢");
        assert_eq!(drawable(&own, &fb, "사용자🐢"), "‹Hangul›🐢");
        assert_eq!(line.glyphs.last().unwrap().face, EMOJI);
        assert!(line.glyphs.iter().all(|g| g.id.0 != 0), "no .notdef boxes");
    }

    #[test]
    fn controls_are_dropped_and_marks_stay_with_their_letter() {
        let (own, fb) = (own(), Fallbacks::new(false));
        assert_eq!(drawable(&own, &fb, "a\u{0}b\nc"), "abc");
        let text = "e\u{301}🐢\u{FE0F}";
        let pieces = by_font(&own, &fb, text, 0..text.len());
        assert_eq!(pieces.len(), 2, "{pieces:?}");
        assert_eq!(pieces[0], (OWN, 0..3));
    }
}
