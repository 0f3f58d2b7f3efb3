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

use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, ScaleFont};
use image::{Rgb, RgbImage};

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

/// The glyphs of `text` at `size` with their pen positions from the line's start, by
/// advances and kerning, and the line's advance width: the one layout that measuring
/// and drawing share.
fn layout(font: &FontRef<'static>, size: f32, text: &str) -> (Vec<(GlyphId, f32)>, f32) {
    let f = font.as_scaled(PxScale::from(size));
    let mut glyphs = Vec::with_capacity(text.len());
    let mut pen = 0.0;
    let mut last = None;
    for ch in text.chars() {
        let id = f.glyph_id(ch);
        if let Some(prev) = last {
            pen += f.kern(prev, id);
        }
        glyphs.push((id, pen));
        pen += f.h_advance(id);
        last = Some(id);
    }
    (glyphs, pen)
}

/// The advance width of `text` at `size` (ab_glyph pixel scale), kerning included.
pub(crate) fn text_width(font: &FontRef<'static>, size: f32, text: &str) -> f32 {
    layout(font, size, text).1
}

/// The largest size not above `size` at which `text` fits in `max_w` pixels.
pub(crate) fn fit_size(font: &FontRef<'static>, size: f32, text: &str, max_w: f32) -> f32 {
    let w = text_width(font, size, text);
    if w <= max_w || w <= 0.0 {
        size
    } else {
        (size * max_w / w).floor().max(6.0)
    }
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

/// A font with a cache of its rasterized glyphs: [`text`] draws a glyph from its cached
/// coverage mask instead of rasterizing its outline each time (most of a frame's
/// drawing otherwise). Dereferences to the font for measuring.
pub(crate) struct Typeface {
    font: FontRef<'static>,
    /// Coverage masks by glyph, size (`f32` bits) and horizontal offset in quarter pixels.
    masks: Mutex<HashMap<(u16, u32, u8), Arc<Mask>>>,
}

/// A glyph's coverage (0-255) over its pixel box, placed relative to the pen position.
struct Mask {
    /// Offset of the box's top-left corner from the pen's pixel (x) and from the top of
    /// the line (y).
    x: i32,
    y: i32,
    w: usize,
    coverage: Vec<u8>,
}

impl std::ops::Deref for Typeface {
    type Target = FontRef<'static>;
    fn deref(&self) -> &FontRef<'static> {
        &self.font
    }
}

impl Typeface {
    /// A typeface over `font` with an empty cache.
    pub(crate) fn new(font: FontRef<'static>) -> Typeface {
        Typeface {
            font,
            masks: Mutex::new(HashMap::new()),
        }
    }

    /// The mask of glyph `id` at `size`, its pen `quarter`/4 of a pixel right of a pixel
    /// edge and the line's top at a pixel edge.
    fn mask(&self, id: GlyphId, size: f32, quarter: u8) -> Arc<Mask> {
        let key = (id.0, size.to_bits(), quarter);
        if let Some(m) = lock(&self.masks).get(&key) {
            return Arc::clone(m);
        }
        let scale = PxScale::from(size);
        let ascent = self.font.as_scaled(scale).ascent();
        let glyph = id.with_scale_and_position(scale, point(quarter as f32 / 4.0, ascent));
        let mask = match self.font.outline_glyph(glyph) {
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
    let (glyphs, w) = layout(face, size, line);
    let left = match align {
        Align::Left => x,
        Align::Centre => x - w / 2.0,
        Align::Right => x - w,
    };
    let scaled = face.as_scaled(PxScale::from(size));
    let baseline = cy + cap_height(face, size) / 2.0;
    let top = (baseline - scaled.ascent()).round() as i32;
    let left = left.round();
    for (id, pen) in glyphs {
        let at = left + pen;
        let mut px = at.floor();
        let mut quarter = ((at - px) * 4.0).round() as u8;
        if quarter == 4 {
            px += 1.0;
            quarter = 0;
        }
        let m = face.mask(id, size, quarter);
        if m.w == 0 {
            continue;
        }
        let (x0, y0) = (px as i32 + m.x, top + m.y);
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
pub(crate) fn cap_height(font: &FontRef<'static>, size: f32) -> f32 {
    let scaled = font.as_scaled(PxScale::from(size));
    let g = scaled.scaled_glyph('0');
    font.outline_glyph(g)
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
    pub(crate) fn new(font: &FontRef<'static>, size: f32, line: &str, halo: usize) -> Sprite {
        let scale = PxScale::from(size);
        let cap = cap_height(font, size);
        // Layout with the pen at (0, baseline 0).
        let (glyphs, w_text) = layout(font, size, line);
        let outlined: Vec<_> = glyphs
            .into_iter()
            .filter_map(|(id, pen)| {
                font.outline_glyph(id.with_scale_and_position(scale, point(pen, 0.0)))
            })
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
