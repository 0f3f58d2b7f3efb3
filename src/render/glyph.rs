//! Fonts and glyph outlines as coverage: a font is read with `read-fonts` (the parser
//! under the `harfrust` shaper and `skrifa`), a glyph's outline in font units, scaled
//! and placed, and filled by `ab_glyph_rasterizer`.
//!
//! The arithmetic is ab_glyph's (`OutlinedGlyph`), which drew the pictures before:
//! the same pixel box (the outline's control-point box, rounded outwards with the pen's
//! sub-pixel fraction) and the same curves handed to the same rasterizer, so that the
//! pictures stay as they were.

use ab_glyph_rasterizer::{point, Point, Rasterizer};
use read_fonts::model::glyph::outline::{DrawMemory, DrawOptions, PathSink};
use read_fonts::model::{Blob, Font};
use read_fonts::types::GlyphId;

/// One font, read by `read-fonts`: its character map, line metrics and outlines, and its
/// shaping tables for `harfrust`.
///
/// Sizes are given as ab_glyph gave them (the pictures were laid out with it): a size
/// is the pixel height of the font's ascent plus descent, not of its em square.
pub(crate) struct Face {
    font: Font,
    /// Font units per em.
    units_per_em: f32,
    /// Line ascent and descent (negative) in font units: `OS/2`'s typographic line when
    /// the font asks for it, else `hhea`'s.
    ascent: f32,
    descent: f32,
}

impl Face {
    /// The face `index` of the font file `data`, or `None` when it does not parse, has
    /// no line metrics or no outlines (a colour-bitmap emoji font, which is not drawn).
    pub(crate) fn new(data: impl Into<Blob>, index: u32) -> Option<Face> {
        let font = Font::new(data, index)?;
        font.outline_glyphs().source()?;
        let line = font.metrics().h_line()?;
        let (ascent, descent) = (line.ascender.to_f32(), line.descender.to_f32());
        if ascent - descent <= 0.0 {
            return None;
        }
        Some(Face {
            units_per_em: f32::from(font.units_per_em()),
            font,
            ascent,
            descent,
        })
    }

    /// The font, for shaping.
    pub(crate) fn font(&self) -> &Font {
        &self.font
    }

    /// Font units per em.
    pub(crate) fn units_per_em(&self) -> f32 {
        self.units_per_em
    }

    /// The font's own glyph for `ch`, if it has one.
    pub(crate) fn glyph(&self, ch: char) -> Option<GlyphId> {
        self.font
            .charmap()
            .map_unicode(ch)
            .filter(|g| g.to_u32() != 0)
    }

    /// Whether the font maps `ch` to a glyph of its own.
    pub(crate) fn has(&self, ch: char) -> bool {
        self.glyph(ch).is_some()
    }

    /// Ascent plus descent in font units.
    fn height(&self) -> f32 {
        self.ascent - self.descent
    }

    /// The size at which this font's em square is `em` pixels.
    pub(crate) fn scale(&self, em: f32) -> f32 {
        em * self.height() / self.units_per_em
    }

    /// The em size in pixels of this font at `size`.
    pub(crate) fn em(&self, size: f32) -> f32 {
        size * self.units_per_em / self.height()
    }

    /// The ascent in pixels at `size`: the baseline's distance below a line's top.
    pub(crate) fn ascent(&self, size: f32) -> f32 {
        self.ascent * size / self.height()
    }

    /// The outline of glyph `id` at `size`, its origin at `position` (pixels, `y` down);
    /// `None` for a glyph without one.
    pub(crate) fn outline(&self, id: GlyphId, size: f32, position: Point) -> Option<Outlined> {
        Outlined::new(&self.font, id, size / self.height(), position)
    }
}

/// One piece of an outline in font units (`y` up).
#[derive(Clone, Copy, Debug)]
enum Curve {
    Line(Point, Point),
    Quad(Point, Point, Point),
    Cubic(Point, Point, Point, Point),
}

/// A pixel box: `min` its top-left corner, `max` its bottom-right (`y` down).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Rect {
    pub(crate) min: Point,
    pub(crate) max: Point,
}

impl Rect {
    /// Width in pixels.
    pub(crate) fn width(&self) -> f32 {
        self.max.x - self.min.x
    }

    /// Height in pixels.
    pub(crate) fn height(&self) -> f32 {
        self.max.y - self.min.y
    }
}

/// A glyph's outline at a scale and a pen position, ready to fill.
#[derive(Clone, Debug)]
pub(crate) struct Outlined {
    curves: Vec<Curve>,
    /// Pixels per font unit.
    scale: f32,
    /// The pen: where the glyph's origin falls, in pixels (`y` down).
    position: Point,
    px_bounds: Rect,
}

impl Outlined {
    /// The outline of glyph `id` of `font` at `scale` pixels per font unit, its origin at
    /// `position`; `None` for a glyph with no outline (a space) or with an empty box.
    pub(crate) fn new(font: &Font, id: GlyphId, scale: f32, position: Point) -> Option<Self> {
        let glyph = font.outline_glyphs().get(id)?;
        let mut sink = Curves::default();
        glyph
            .draw(&DrawOptions::default(), DrawMemory::Scratch, &mut sink)
            .ok()?;
        sink.close();
        let (lo, hi) = sink.bounds?;
        // Whole font units, as the outline's box in the font (ttf-parser's rounding).
        let (x_min, y_min, x_max, y_max) = (lo.x.trunc(), lo.y.trunc(), hi.x.trunc(), hi.y.trunc());
        if x_min >= x_max || y_min >= y_max {
            return None;
        }
        let (xt, xf) = (position.x.trunc(), position.x.fract());
        let (yt, yf) = (position.y.trunc(), position.y.fract());
        let px_bounds = Rect {
            min: point(
                (x_min * scale + xf).floor() + xt,
                (y_max * -scale + yf).floor() + yt,
            ),
            max: point(
                (x_max * scale + xf).ceil() + xt,
                (y_min * -scale + yf).ceil() + yt,
            ),
        };
        Some(Outlined {
            curves: sink.curves,
            scale,
            position,
            px_bounds,
        })
    }

    /// The whole-pixel box that [`Outlined::draw`] fills, in the pen's coordinates.
    pub(crate) fn px_bounds(&self) -> Rect {
        self.px_bounds
    }

    /// Calls `o(x, y, coverage)` for each pixel of [`Outlined::px_bounds`], `(x, y)`
    /// from its top-left corner, coverage from 0 (empty) to 1 (full; a little above
    /// where curves overlap).
    pub(crate) fn draw<O: FnMut(u32, u32, f32)>(&self, o: O) {
        let Rect { min, .. } = self.px_bounds;
        let offset = point(self.position.x - min.x, self.position.y - min.y);
        let k = self.scale;
        let at = |p: Point| point(p.x * k + offset.x, p.y * -k + offset.y);
        let (w, h) = (
            self.px_bounds.width() as usize,
            self.px_bounds.height() as usize,
        );
        let mut r = Rasterizer::new(w, h);
        for c in &self.curves {
            match *c {
                Curve::Line(a, b) => r.draw_line(at(a), at(b)),
                Curve::Quad(a, b, c) => r.draw_quad(at(a), at(b), at(c)),
                Curve::Cubic(a, b, c, d) => r.draw_cubic(at(a), at(b), at(c), at(d)),
            }
        }
        r.for_each_pixel_2d(o);
    }
}

/// Collects an outline's curves and its control-point box; each contour is closed by a
/// line back to its start.
#[derive(Default)]
struct Curves {
    curves: Vec<Curve>,
    last: Point,
    start: Option<Point>,
    bounds: Option<(Point, Point)>,
}

impl Curves {
    fn extend(&mut self, x: f32, y: f32) -> Point {
        let (lo, hi) = self.bounds.get_or_insert((point(x, y), point(x, y)));
        *lo = point(lo.x.min(x), lo.y.min(y));
        *hi = point(hi.x.max(x), hi.y.max(y));
        point(x, y)
    }
}

impl PathSink for Curves {
    fn move_to(&mut self, x: f32, y: f32) {
        self.close();
        self.last = self.extend(x, y);
        self.start = Some(self.last);
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let p = self.extend(x, y);
        self.curves.push(Curve::Line(self.last, p));
        self.last = p;
    }

    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        let c = self.extend(cx0, cy0);
        let p = self.extend(x, y);
        self.curves.push(Curve::Quad(self.last, c, p));
        self.last = p;
    }

    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        let (c0, c1) = (self.extend(cx0, cy0), self.extend(cx1, cy1));
        let p = self.extend(x, y);
        self.curves.push(Curve::Cubic(self.last, c0, c1, p));
        self.last = p;
    }

    fn close(&mut self) {
        if let Some(start) = self.start.take() {
            if start != self.last {
                self.curves.push(Curve::Line(self.last, start));
            }
            self.last = start;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dejavu() -> Font {
        Font::new(&include_bytes!("../../fonts/DejaVuSans.ttf")[..], 0).expect("DejaVu parses")
    }

    fn glyph(font: &Font, ch: char) -> GlyphId {
        font.charmap().map_unicode(ch).expect("mapped")
    }

    #[test]
    fn a_space_has_no_outline() {
        let font = dejavu();
        assert!(Outlined::new(&font, glyph(&font, ' '), 0.02, point(0.0, 0.0)).is_none());
    }

    #[test]
    fn a_letter_fills_its_box_and_moves_with_the_pen() {
        let font = dejavu();
        // 2048 units per em: 0.01 px per unit is about a 20 px em.
        let o = Outlined::new(&font, glyph(&font, 'H'), 0.01, point(0.0, 0.0)).expect("H");
        let b = o.px_bounds();
        assert!(
            b.min.y < 0.0 && b.max.y >= 0.0,
            "H stands on the baseline: {b:?}"
        );
        let (w, h) = (b.width() as u32, b.height() as u32);
        let mut full = 0;
        o.draw(|x, y, v| {
            assert!(x < w && y < h);
            if v > 0.99 {
                full += 1;
            }
        });
        assert!(full > 10, "solid stems: {full} full pixels");
        let moved = Outlined::new(&font, glyph(&font, 'H'), 0.01, point(3.25, 7.0)).expect("H");
        assert_eq!(moved.px_bounds().min.y, b.min.y + 7.0);
        assert!(moved.px_bounds().min.x >= b.min.x + 3.0);
    }
}
