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
//!    system's fonts ([`super::system`]: CJK on a machine that has them), characters that
//!    attach to the one before (marks, joiners, variation selectors, skin tones) staying
//!    in its font;
//! 4. each piece is shaped by `harfrust` (HarfBuzz's algorithm, over `read-fonts`) with
//!    its neighbours as context, so that joining across a font change still reads right.
//!
//! The glyphs are drawn from their outlines ([`super::glyph`]), by font and glyph id.

use std::sync::Mutex;

use harfrust::{Buffer, Direction, ShapeOptions, ShaperFont};
use read_fonts::types::GlyphId;
use unicode_bidi::BidiInfo;
use unicode_normalization::char::is_combining_mark;
use unicode_script::UnicodeScript;

use super::glyph::Face;
use super::system::SystemFonts;
use crate::core::input::is_invisible;

/// Noto Emoji Bold, monochrome (SIL Open Font License, `fonts/LICENSE-NotoEmoji.txt`).
static FONT_EMOJI: &[u8] = include_bytes!("../../fonts/NotoEmoji-Bold.ttf");

/// The fonts tried after a typeface's own, shared by all typefaces of a renderer: the
/// bundled emoji font, then, unless turned off, the system's fonts.
pub(crate) struct Fallbacks {
    emoji: Face,
    /// `None`: bundled fonts only (golden images, which must not depend on the machine).
    system: Option<Mutex<SystemFonts>>,
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
    /// If `i` was not handed out by a [`Fallbacks::find`].
    pub(crate) fn face(&self, i: u16) -> &Face {
        match i {
            EMOJI => &self.emoji,
            _ => &super::system::faces()[(i - SYSTEM) as usize],
        }
    }

    /// The index of the first fallback font that has `ch`.
    fn find(&self, ch: char) -> Option<u16> {
        if self.emoji.has(ch) {
            return Some(EMOJI);
        }
        // A poisoned lock (a panic elsewhere) still holds a usable face list.
        let mut system = self
            .system
            .as_ref()?
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        system.find(ch).map(|i| SYSTEM + i as u16)
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

/// Shapes `text` as one line whose own font is `own` at `size` (as [`Face`] counts sizes;
/// other fonts at the same em size). Never fails: what no font has becomes a stand-in.
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
    let mut buf = Buffer::new();
    buf.push_str(piece);
    buf.set_pre_context(before);
    buf.set_post_context(after);
    buf.set_direction(if rtl {
        Direction::RightToLeft
    } else {
        Direction::LeftToRight
    });
    buf.guess_segment_properties();
    // Shaping fails only on a malformed font; its piece is then left out.
    if harfrust::shape(&ShaperFont::new(font.font()), &mut buf, ShapeOptions::new()).is_err() {
        return;
    }
    let k = em / font.units_per_em();
    for (info, pos) in buf.glyph_infos().iter().zip(buf.glyph_positions()) {
        line.glyphs.push(Placed {
            face,
            id: GlyphId::new(info.glyph_id),
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
        let isolated = own.glyph('ب').expect("DejaVu has beh");
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
        assert!(
            line.glyphs.iter().all(|g| g.id.to_u32() != 0),
            "no .notdef boxes"
        );
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
