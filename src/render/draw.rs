//! Drawing primitives on RGB images: anti-aliased discs, rings, thick segments,
//! triangles, rounded rectangles and text. Coordinates are pixels as `f32`, the centre
//! of pixel `(x, y)` being `(x + 0.5, y + 0.5)`.
//!
//! imageproc draws where it serves: solid axis-aligned fills ([`rect`], the player
//! bands), which have no edge to smooth. The other shapes are drawn here with
//! coverage-weighted edges at sub-pixel positions, because imageproc's counterparts
//! do not fit: `draw_filled_circle_mut`, `draw_polygon_mut` and `draw_filled_rect_mut`
//! take integer coordinates and leave hard, jagged edges; its anti-aliased line is one
//! pixel wide (our arrows and the half line are 5-9 px capsules) and it has no rings,
//! dashed rings or rounded boxes; and `draw_text_mut` places glyphs on whole pixels and
//! rasterises each glyph on every call, where [`Typeface`] caches glyph masks at quarter-
//! pixel offsets (a frame draws the same digits and words many times). Swapping any of
//! them in would also change every golden image (`tests/data/golden/`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use ab_glyph_rasterizer::point;
use image::{Rgb, RgbImage};

use super::glyph::{Face, Outlined};
use super::shape::{shape, Fallbacks, Line, Placed, OWN};

/// An sRGB colour.
pub(crate) type Color = [u8; 3];

/// Blends `c` over the pixel at `(x, y)` with coverage `a` (0..=1); off-image pixels are
/// ignored.
#[inline]
pub(crate) fn blend(img: &mut RgbImage, x: i32, y: i32, c: Color, a: f32) {
    if a <= 0.0 || x < 0 || y < 0 || x >= img.width() as i32 || y >= img.height() as i32 {
        return;
    }
    let p = img.get_pixel_mut(x as u32, y as u32);
    if a >= 1.0 {
        p.0 = c;
        return;
    }
    for (old, new) in p.0.iter_mut().zip(c) {
        let o = *old as f32;
        *old = (o + (new as f32 - o) * a + 0.5) as u8;
    }
}

/// The pixel box `[x0, x1) x [y0, y1)` covering `(cx ± r, cy ± r)`, clipped to the image.
fn bbox(img: &RgbImage, x0: f32, y0: f32, x1: f32, y1: f32) -> (i32, i32, i32, i32) {
    let w = img.width() as i32;
    let h = img.height() as i32;
    (
        (x0.floor() as i32 - 1).max(0),
        (y0.floor() as i32 - 1).max(0),
        (x1.ceil() as i32 + 1).min(w),
        (y1.ceil() as i32 + 1).min(h),
    )
}

/// Fills the axis-aligned rectangle with top-left `(x, y)` and size `w` x `h` (no
/// anti-aliasing; integer pixels; clipped to the image; nothing when `w` or `h` < 1).
pub(crate) fn rect(img: &mut RgbImage, x: i32, y: i32, w: i32, h: i32, c: Color) {
    if w > 0 && h > 0 {
        let r = imageproc::rect::Rect::at(x, y).of_size(w as u32, h as u32);
        imageproc::drawing::draw_filled_rect_mut(img, r, Rgb(c));
    }
}

/// Fills a disc of radius `r` centred at `(cx, cy)`.
pub(crate) fn disc(img: &mut RgbImage, cx: f32, cy: f32, r: f32, c: Color) {
    ring(img, cx, cy, -1.0, r, c);
}

/// Fills the ring between radii `r_in` and `r_out` around `(cx, cy)`.
pub(crate) fn ring(img: &mut RgbImage, cx: f32, cy: f32, r_in: f32, r_out: f32, c: Color) {
    let (x0, y0, x1, y1) = bbox(img, cx - r_out, cy - r_out, cx + r_out, cy + r_out);
    for y in y0..y1 {
        let dy = y as f32 + 0.5 - cy;
        for x in x0..x1 {
            let dx = x as f32 + 0.5 - cx;
            let d = (dx * dx + dy * dy).sqrt();
            let a = ((d - r_in).min(r_out - d) + 0.5).clamp(0.0, 1.0);
            blend(img, x, y, c, a);
        }
    }
}

/// A dashed ring: `dashes` dashes, each covering `fill` (0..1) of its period.
pub(crate) fn dashed_ring(
    img: &mut RgbImage,
    (cx, cy): (f32, f32),
    (r_in, r_out): (f32, f32),
    dashes: u32,
    fill: f32,
    c: Color,
) {
    let (x0, y0, x1, y1) = bbox(img, cx - r_out, cy - r_out, cx + r_out, cy + r_out);
    let mid = (r_in + r_out) / 2.0;
    let period = std::f32::consts::TAU / dashes as f32;
    for y in y0..y1 {
        let dy = y as f32 + 0.5 - cy;
        for x in x0..x1 {
            let dx = x as f32 + 0.5 - cx;
            let d = (dx * dx + dy * dy).sqrt();
            let radial = ((d - r_in).min(r_out - d) + 0.5).clamp(0.0, 1.0);
            if radial <= 0.0 {
                continue;
            }
            // Arc length from the nearest dash edge, in pixels along the mid circle.
            let t = (dy.atan2(dx) + std::f32::consts::PI).rem_euclid(period) / period;
            let along =
                ((fill / 2.0 - (t - fill / 2.0).abs()) * period * mid + 0.5).clamp(0.0, 1.0);
            blend(img, x, y, c, radial * along);
        }
    }
}

/// A thick segment with round ends (a capsule) from `a` to `b`, `w` pixels wide.
pub(crate) fn segment(img: &mut RgbImage, a: (f32, f32), b: (f32, f32), w: f32, c: Color) {
    let r = w / 2.0;
    let (x0, y0, x1, y1) = bbox(
        img,
        a.0.min(b.0) - r,
        a.1.min(b.1) - r,
        a.0.max(b.0) + r,
        a.1.max(b.1) + r,
    );
    let (vx, vy) = (b.0 - a.0, b.1 - a.1);
    let len2 = (vx * vx + vy * vy).max(1e-6);
    for y in y0..y1 {
        let py = y as f32 + 0.5 - a.1;
        for x in x0..x1 {
            let px = x as f32 + 0.5 - a.0;
            let t = ((px * vx + py * vy) / len2).clamp(0.0, 1.0);
            let (dx, dy) = (px - t * vx, py - t * vy);
            let d = (dx * dx + dy * dy).sqrt();
            blend(img, x, y, c, (r - d + 0.5).clamp(0.0, 1.0));
        }
    }
}

/// Fills the triangle `p` (any winding).
pub(crate) fn triangle(img: &mut RgbImage, p: [(f32, f32); 3], c: Color) {
    let xs = [p[0].0, p[1].0, p[2].0];
    let ys = [p[0].1, p[1].1, p[2].1];
    let (x0, y0, x1, y1) = bbox(
        img,
        xs.iter().cloned().fold(f32::MAX, f32::min),
        ys.iter().cloned().fold(f32::MAX, f32::min),
        xs.iter().cloned().fold(f32::MIN, f32::max),
        ys.iter().cloned().fold(f32::MIN, f32::max),
    );
    let area = (p[1].0 - p[0].0) * (p[2].1 - p[0].1) - (p[1].1 - p[0].1) * (p[2].0 - p[0].0);
    let sign = if area < 0.0 { -1.0 } else { 1.0 };
    // Edge i runs from p[i] to p[i+1]; inward normal, unit length.
    let edges: Vec<(f32, f32, f32, f32)> = (0..3)
        .map(|i| {
            let (ax, ay) = p[i];
            let (bx, by) = p[(i + 1) % 3];
            let (ex, ey) = (bx - ax, by - ay);
            let len = (ex * ex + ey * ey).sqrt().max(1e-6);
            (ax, ay, -ey * sign / len, ex * sign / len)
        })
        .collect();
    for y in y0..y1 {
        for x in x0..x1 {
            let (qx, qy) = (x as f32 + 0.5, y as f32 + 0.5);
            let d = edges
                .iter()
                .map(|&(ax, ay, nx, ny)| (qx - ax) * nx + (qy - ay) * ny)
                .fold(f32::MAX, f32::min);
            blend(img, x, y, c, (d + 0.5).clamp(0.0, 1.0));
        }
    }
}

/// Fills a rectangle with rounded corners of radius `r`: top-left `(x, y)`, size `w` x `h`.
pub(crate) fn rounded_rect(
    img: &mut RgbImage,
    (x, y): (f32, f32),
    (w, h): (f32, f32),
    r: f32,
    c: Color,
) {
    let (x0, y0, x1, y1) = bbox(img, x, y, x + w, y + h);
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let (hx, hy) = (w / 2.0 - r, h / 2.0 - r);
    for yy in y0..y1 {
        let qy = (yy as f32 + 0.5 - cy).abs() - hy;
        for xx in x0..x1 {
            let qx = (xx as f32 + 0.5 - cx).abs() - hx;
            let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
            let d = outside + qx.max(qy).min(0.0) - r;
            blend(img, xx, yy, c, (0.5 - d).clamp(0.0, 1.0));
        }
    }
}

/// The advance width of `text` at `size` (the pixel height of the typeface's own font's
/// ascent plus descent, as ab_glyph counted it), shaped as [`text`] draws it.
pub(crate) fn text_width(face: &Typeface, size: f32, text: &str) -> f32 {
    face.line(size, text).width
}

/// The largest size not above `size` at which `text` fits in `max_w` pixels.
pub(crate) fn fit_size(face: &Typeface, size: f32, text: &str, max_w: f32) -> f32 {
    let w = text_width(face, size, text);
    if w <= max_w || w <= 0.0 {
        size
    } else {
        (size * max_w / w).floor().max(6.0)
    }
}

/// `text` fitted in `max_w` pixels: at the largest size not above `size` and not below
/// `min_size` at which it fits, or else at `min_size` and cut by width with an ellipsis
/// (whole grapheme clusters, from the logical end: the left in right-to-left text).
/// Returns the size and the text to draw.
pub(crate) fn fit_text(
    face: &Typeface,
    (size, min_size): (f32, f32),
    text: &str,
    max_w: f32,
) -> (f32, String) {
    let size = fit_size(face, size, text, max_w);
    if size >= min_size {
        return (size, text.to_string());
    }
    (min_size, ellipsize(face, min_size, text, max_w))
}

/// `text` cut by width with an ellipsis so that it fits in `max_w` pixels at `size`
/// (unchanged if it fits).
pub(crate) fn ellipsize(face: &Typeface, size: f32, text: &str, max_w: f32) -> String {
    use unicode_segmentation::UnicodeSegmentation;
    if text_width(face, size, text) <= max_w {
        return text.to_string();
    }
    // `ends[k]`: where the head of `k` grapheme clusters ends; the whole text (the last)
    // does not fit.
    let ends: Vec<usize> = text.grapheme_indices(true).map(|(i, _)| i).collect();
    // The longest head whose width with the ellipsis fits, by bisection over graphemes.
    let (mut lo, mut hi) = (0, ends.len() - 1);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if text_width(face, size, &format!("{}…", &text[..ends[mid]])) <= max_w {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    format!("{}…", text[..ends[lo]].trim_end())
}

/// Horizontal anchor of a text line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Centre,
    Right,
}

/// Locks a cache; a poisoned lock (a panic elsewhere) still holds a usable map.
pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A font with its fallbacks ([`shape`]), a cache of shaped lines and a cache of
/// rasterized glyphs: [`text`] draws a glyph from its cached coverage mask instead of
/// rasterizing its outline each time (most of a frame's drawing otherwise).
pub(crate) struct Typeface {
    own: Face,
    fallbacks: Arc<Fallbacks>,
    /// Shaped lines by size (`f32` bits) and text; emptied when it reaches
    /// [`LINE_CACHE`] entries, so that players' names cannot grow it without bound.
    lines: Mutex<HashMap<(u32, String), Arc<Line>>>,
    /// Coverage masks by font, glyph, size (`f32` bits) and horizontal offset in quarter
    /// pixels.
    masks: Mutex<HashMap<MaskKey, Arc<Mask>>>,
}

/// A glyph mask's key: font, glyph, size (`f32` bits), quarter-pixel offset.
type MaskKey = (u16, u32, u32, u8);

/// The most shaped lines a [`Typeface`] keeps.
const LINE_CACHE: usize = 4096;

/// A glyph's coverage (0-255) over its pixel box, placed relative to the pen position.
struct Mask {
    /// Offset of the box's top-left corner from the pen's pixel (x) and from the top of
    /// the line (y).
    x: i32,
    y: i32,
    w: usize,
    coverage: Vec<u8>,
}

impl Typeface {
    /// A typeface over `own`, falling back on `fallbacks`, with empty caches.
    pub(crate) fn new(own: Face, fallbacks: Arc<Fallbacks>) -> Typeface {
        Typeface {
            own,
            fallbacks,
            lines: Mutex::new(HashMap::new()),
            masks: Mutex::new(HashMap::new()),
        }
    }

    /// `text` shaped at `size` (see [`shape`]).
    pub(crate) fn line(&self, size: f32, text: &str) -> Arc<Line> {
        let key = (size.to_bits(), text.to_string());
        if let Some(l) = lock(&self.lines).get(&key) {
            return Arc::clone(l);
        }
        let line = Arc::new(shape(&self.own, &self.fallbacks, size, text));
        let mut lines = lock(&self.lines);
        if lines.len() >= LINE_CACHE {
            lines.clear();
        }
        lines.insert(key, Arc::clone(&line));
        line
    }

    /// The font with index `face` in a [`Line`].
    fn face(&self, face: u16) -> &Face {
        if face == OWN {
            &self.own
        } else {
            self.fallbacks.face(face)
        }
    }

    /// The size of font `face` when the own font is at `size`: the same em.
    fn scale(&self, face: u16, size: f32) -> f32 {
        if face == OWN {
            size
        } else {
            self.face(face).scale(self.own.em(size))
        }
    }

    /// The own font's ascent at `size`: the baseline's distance below a line's top.
    fn ascent(&self, size: f32) -> f32 {
        self.own.ascent(size)
    }

    /// The outline of glyph `g` at `size`, its pen at `(x, y)` plus the glyph's offset.
    fn outline(&self, g: &Placed, size: f32, (x, y): (f32, f32)) -> Option<Outlined> {
        let at = point(x + g.x, y + g.y);
        self.face(g.face)
            .outline(g.id, self.scale(g.face, size), at)
    }

    /// The mask of glyph `g` at `size`, its pen `quarter`/4 of a pixel right of a pixel
    /// edge and the line's top at a pixel edge (the glyph's own offsets left out).
    fn mask(&self, g: &Placed, size: f32, quarter: u8) -> Arc<Mask> {
        let key = (g.face, g.id.to_u32(), size.to_bits(), quarter);
        if let Some(m) = lock(&self.masks).get(&key) {
            return Arc::clone(m);
        }
        let at = Placed {
            x: 0.0,
            y: 0.0,
            ..*g
        };
        let pen = (quarter as f32 / 4.0, self.ascent(size));
        let mask = match self.outline(&at, size, pen) {
            Some(o) => {
                let b = o.px_bounds();
                let w = b.width() as usize;
                let mut coverage = vec![0u8; w * b.height() as usize];
                o.draw(|x, y, v| {
                    if let Some(c) = coverage.get_mut(y as usize * w + x as usize) {
                        *c = (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
                    }
                });
                Mask {
                    x: b.min.x as i32,
                    y: b.min.y as i32,
                    w,
                    coverage,
                }
            }
            None => Mask {
                x: 0,
                y: 0,
                w: 0,
                coverage: Vec::new(),
            },
        };
        let mask = Arc::new(mask);
        lock(&self.masks).insert(key, Arc::clone(&mask));
        mask
    }
}

/// Draws one line of `text` at `size`, its capital letters and digits vertically centred
/// on `cy`, anchored at `x` by `align`. Returns the drawn width. Glyphs are placed by
/// their advances and kerning (as [`text_width`] measures them), to a quarter pixel.
pub(crate) fn text(
    img: &mut RgbImage,
    face: &Typeface,
    size: f32,
    (x, cy): (f32, f32),
    align: Align,
    c: Color,
    line: &str,
) -> f32 {
    let shaped = face.line(size, line);
    let w = shaped.width;
    let left = match align {
        Align::Left => x,
        Align::Centre => x - w / 2.0,
        Align::Right => x - w,
    };
    let baseline = cy + cap_height(face, size) / 2.0;
    let top = (baseline - face.ascent(size)).round() as i32;
    let left = left.round();
    for g in &shaped.glyphs {
        let at = left + g.x;
        let mut px = at.floor();
        let mut quarter = ((at - px) * 4.0).round() as u8;
        if quarter == 4 {
            px += 1.0;
            quarter = 0;
        }
        let m = face.mask(g, size, quarter);
        if m.w == 0 {
            continue;
        }
        let (x0, y0) = (px as i32 + m.x, top + m.y + g.y.round() as i32);
        for (row, cov) in m.coverage.chunks_exact(m.w).enumerate() {
            for (col, &v) in cov.iter().enumerate() {
                if v > 0 {
                    blend(img, x0 + col as i32, y0 + row as i32, c, v as f32 / 255.0);
                }
            }
        }
    }
    w
}

/// Height of the digit `0` at `size`, the reference for vertical centring.
pub(crate) fn cap_height(face: &Typeface, size: f32) -> f32 {
    let own = &face.own;
    own.glyph('0')
        .and_then(|id| own.outline(id, size, point(0.0, 0.0)))
        .map(|o| o.px_bounds().height())
        .unwrap_or(size * 0.63)
}

/// A pre-rendered text line with a halo: coverage masks of the glyphs and of the glyphs
/// grown by the halo radius, so that a number stays legible over seed dots.
pub(crate) struct Sprite {
    w: usize,
    h: usize,
    /// Offset of the mask's top-left corner from the anchor point (the text's centre).
    ox: f32,
    oy: f32,
    ink: Vec<f32>,
    halo: Vec<f32>,
}

impl Sprite {
    /// Width of the mask, halo included.
    #[cfg(test)]
    pub(crate) fn width(&self) -> usize {
        self.w
    }

    /// Renders `line` centred on `(0, 0)` at `size`, with a halo of `halo` pixels.
    pub(crate) fn new(face: &Typeface, size: f32, line: &str, halo: usize) -> Sprite {
        let cap = cap_height(face, size);
        // Layout with the pen at (0, baseline 0).
        let shaped = face.line(size, line);
        let w_text = shaped.width;
        let outlined: Vec<_> = shaped
            .glyphs
            .iter()
            .filter_map(|g| face.outline(g, size, (0.0, 0.0)))
            .collect();
        let (mut minx, mut miny, mut maxx, mut maxy) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for o in &outlined {
            let b = o.px_bounds();
            minx = minx.min(b.min.x);
            miny = miny.min(b.min.y);
            maxx = maxx.max(b.max.x);
            maxy = maxy.max(b.max.y);
        }
        if outlined.is_empty() {
            return Sprite {
                w: 0,
                h: 0,
                ox: 0.0,
                oy: 0.0,
                ink: Vec::new(),
                halo: Vec::new(),
            };
        }
        let pad = halo as f32;
        let w = (maxx - minx + 2.0 * pad).ceil() as usize + 1;
        let h = (maxy - miny + 2.0 * pad).ceil() as usize + 1;
        let mut ink = vec![0.0f32; w * h];
        for o in &outlined {
            let b = o.px_bounds();
            let bx = (b.min.x - minx + pad) as i32;
            let by = (b.min.y - miny + pad) as i32;
            o.draw(|gx, gy, v| {
                let x = bx + gx as i32;
                let y = by + gy as i32;
                if x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h {
                    let cell = &mut ink[y as usize * w + x as usize];
                    *cell = (*cell + v).min(1.0);
                }
            });
        }
        let halo_mask = grow(&ink, w, h, halo as i32);
        // Anchor: horizontal centre of the advance box, vertical centre of the digits.
        let ox = minx - pad - w_text / 2.0;
        let oy = miny - pad + cap / 2.0;
        Sprite {
            w,
            h,
            ox,
            oy,
            ink,
            halo: halo_mask,
        }
    }

    /// Draws the sprite centred at `(cx, cy)`: the halo in `halo_c`, then the ink in `ink_c`.
    pub(crate) fn draw(
        &self,
        img: &mut RgbImage,
        (cx, cy): (f32, f32),
        ink_c: Color,
        halo_c: Color,
    ) {
        let x0 = (cx + self.ox).round() as i32;
        let y0 = (cy + self.oy).round() as i32;
        for (mask, c) in [(&self.halo, halo_c), (&self.ink, ink_c)] {
            for y in 0..self.h {
                for x in 0..self.w {
                    let a = mask[y * self.w + x];
                    if a > 0.0 {
                        blend(img, x0 + x as i32, y0 + y as i32, c, a);
                    }
                }
            }
        }
    }
}

/// The halo of a sprite: the `w` x `h` coverage mask `ink` grown by a disc of radius
/// `r`, softened at its edge (imageproc's `dilate` grows a binary mask with a hard edge).
fn grow(ink: &[f32], w: usize, h: usize, r: i32) -> Vec<f32> {
    let mut halo_mask = vec![0.0f32; w * h];
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            let mut best: f32 = 0.0;
            for dy in -r - 1..=r + 1 {
                for dx in -r - 1..=r + 1 {
                    let (sx, sy) = (x + dx, y + dy);
                    if sx < 0 || sy < 0 || sx >= w as i32 || sy >= h as i32 {
                        continue;
                    }
                    let v = ink[sy as usize * w + sx as usize];
                    if v <= 0.0 {
                        continue;
                    }
                    let d = ((dx * dx + dy * dy) as f32).sqrt();
                    let edge = (r as f32 + 0.5 - d).clamp(0.0, 1.0);
                    best = best.max(v.min(1.0) * edge);
                }
            }
            halo_mask[y as usize * w + x as usize] = best;
        }
    }
    halo_mask
}

/// Copies `src` onto `img` with its top-left corner at `(x, y)`, clipped to `img`.
pub(crate) fn blit(img: &mut RgbImage, src: &RgbImage, x: i32, y: i32) {
    let (w, h) = (img.width() as i32, img.height() as i32);
    let (sw, sh) = (src.width() as i32, src.height() as i32);
    let (x0, x1) = (x.max(0), (x + sw).min(w));
    if x0 >= x1 {
        return;
    }
    let len = 3 * (x1 - x0) as usize;
    for yy in y.max(0)..(y + sh).min(h) {
        let from = 3 * (((yy - y) * sw + (x0 - x)) as usize);
        let to = 3 * ((yy * w + x0) as usize);
        img.as_mut()[to..to + len].copy_from_slice(&src.as_raw()[from..from + len]);
    }
}

/// Halves an RGB image with a 2x2 box filter (odd last rows/columns are dropped).
pub(crate) fn half(img: &RgbImage) -> RgbImage {
    let (w, h) = (img.width() as usize / 2, img.height() as usize / 2);
    let stride = 3 * img.width() as usize;
    let raw = img.as_raw();
    let mut out = Vec::with_capacity(3 * w.max(1) * h.max(1));
    for y in 0..h {
        let top = &raw[2 * y * stride..][..6 * w];
        let bottom = &raw[(2 * y + 1) * stride..][..6 * w];
        for (a, b) in top.chunks_exact(6).zip(bottom.chunks_exact(6)) {
            for i in 0..3 {
                let sum = a[i] as u32 + a[i + 3] as u32 + b[i] as u32 + b[i + 3] as u32;
                out.push(((sum + 2) / 4) as u8);
            }
        }
    }
    RgbImage::from_raw(w as u32, h as u32, out)
        .filter(|_| w > 0 && h > 0)
        .unwrap_or_else(|| RgbImage::new(w.max(1) as u32, h.max(1) as u32))
}
