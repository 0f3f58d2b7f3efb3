//! Palette images: the frames are flat drawings with anti-aliased edges, so a palette of
//! 256 colours loses nothing visible. A palette PNG is a third of the raw data of an RGB
//! one, which keeps frames small with the fastest DEFLATE setting, and a GIF needs a
//! palette anyway: the GIF reuses the PNG's palette and indices without quantizing again.

use image::RgbImage;

/// Most colours in a palette: 255, leaving one index free for a GIF's transparent colour.
pub(crate) const MAX_COLOURS: usize = 255;

/// An image as palette indices.
pub(crate) struct Indexed {
    pub(crate) width: u32,
    pub(crate) height: u32,
    /// At most [`MAX_COLOURS`] colours.
    pub(crate) palette: Vec<[u8; 3]>,
    /// One palette index per pixel, row by row.
    pub(crate) data: Vec<u8>,
}

/// Perceptually weighted squared distance.
#[inline]
pub(crate) fn dist(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |i: usize| (a[i] as i32 - b[i] as i32).unsigned_abs();
    2 * d(0) * d(0) + 4 * d(1) * d(1) + 3 * d(2) * d(2)
}

/// 15-bit colour bin of an RGB pixel: 5 bits per channel (`r >> 3`, `g >> 3`, `b >> 3`).
#[inline]
fn bin(p: &[u8]) -> usize {
    ((p[0] as usize >> 3) << 10) | ((p[1] as usize >> 3) << 5) | (p[2] as usize >> 3)
}

/// Number of 15-bit colour bins.
const BINS: usize = 1 << 15;

/// Pixel counts and colour sums per 15-bit bin.
struct Histogram {
    count: Vec<u32>,
    sum: Vec<[u64; 3]>,
}

impl Histogram {
    fn new() -> Histogram {
        Histogram {
            count: vec![0; BINS],
            sum: vec![[0; 3]; BINS],
        }
    }

    fn add(&mut self, img: &RgbImage) {
        for p in img.as_raw().chunks_exact(3) {
            let b = bin(p);
            self.count[b] += 1;
            let s = &mut self.sum[b];
            s[0] += p[0] as u64;
            s[1] += p[1] as u64;
            s[2] += p[2] as u64;
        }
    }

    /// The mean colour of bin `b` (rounded).
    fn mean(&self, b: usize) -> [u8; 3] {
        let n = self.count[b].max(1) as u64;
        let s = self.sum[b];
        [
            ((s[0] + n / 2) / n) as u8,
            ((s[1] + n / 2) / n) as u8,
            ((s[2] + n / 2) / n) as u8,
        ]
    }

    /// Picks at most [`MAX_COLOURS`] colours: every used bin's mean when they fit; else
    /// the most frequent bins, kept apart from each other so that the shades of
    /// anti-aliased edges spread over the palette, then by count alone. Returns the
    /// palette and, for every used bin, its entry (the bin's own, or the nearest).
    fn select(&self) -> (Vec<[u8; 3]>, Vec<u8>) {
        let count = &self.count;
        let mut used: Vec<usize> = (0..BINS).filter(|&b| count[b] > 0).collect();
        used.sort_unstable_by(|&a, &b| count[b].cmp(&count[a]).then(a.cmp(&b)));
        let mut lut = vec![0u8; BINS];
        let mut palette: Vec<[u8; 3]> = Vec::with_capacity(MAX_COLOURS);
        let mut taken = vec![false; BINS];
        if used.len() <= MAX_COLOURS {
            for &b in &used {
                lut[b] = palette.len() as u8;
                palette.push(self.mean(b));
                taken[b] = true;
            }
        } else {
            for gap in [300, 0] {
                for &b in &used {
                    if palette.len() == MAX_COLOURS {
                        break;
                    }
                    let c = self.mean(b);
                    if !taken[b] && palette.iter().all(|&p| dist(p, c) > gap) {
                        lut[b] = palette.len() as u8;
                        palette.push(c);
                        taken[b] = true;
                    }
                }
            }
            for &b in &used {
                if !taken[b] {
                    lut[b] = nearest(&palette, self.mean(b));
                }
            }
        }
        if palette.is_empty() {
            palette.push([0, 0, 0]);
        }
        (palette, lut)
    }
}

/// Index of the entry of `palette` nearest to `c` (the first of equals; 0 when empty).
fn nearest(palette: &[[u8; 3]], c: [u8; 3]) -> u8 {
    palette
        .iter()
        .enumerate()
        .min_by_key(|(_, &q)| dist(q, c))
        .map_or(0, |(i, _)| i as u8)
}

/// Maps every pixel of `raw` (RGB) through a bin table of [`BINS`] entries into `out`.
fn map_into(raw: &[u8], lut: &[u8; BINS], out: &mut [u8]) {
    // Drawings are mostly flat: a pixel like its left neighbour reuses its entry.
    let mut last = u32::MAX;
    let mut entry = 0;
    for (o, p) in out.iter_mut().zip(raw.chunks_exact(3)) {
        let key = u32::from_le_bytes([p[0], p[1], p[2], 0]);
        if key != last {
            last = key;
            // A bin is below BINS: indexing the fixed-size table needs no bounds check.
            entry = lut[bin(p) & (BINS - 1)];
        }
        *o = entry;
    }
}

/// Maps every pixel through a bin table of [`BINS`] entries.
fn map_pixels(img: &RgbImage, lut: &[u8]) -> Vec<u8> {
    let lut: &[u8; BINS] = lut.try_into().expect("a table of BINS entries");
    let mut out = vec![0u8; img.as_raw().len() / 3];
    map_into(img.as_raw(), lut, &mut out);
    out
}

/// Reduces `img` to at most [`MAX_COLOURS`] colours of its own. Pixels are binned by
/// their 15-bit colour; each bin's colour is the mean of its pixels (so a flat colour
/// stays exact); see `Histogram::select` for the choice.
pub(crate) fn quantize(img: &RgbImage) -> Indexed {
    let mut h = Histogram::new();
    h.add(img);
    let (palette, lut) = h.select();
    Indexed {
        width: img.width(),
        height: img.height(),
        data: map_pixels(img, &lut),
        palette,
    }
}

/// One palette for many images, learnt once from sample images, with a table giving the
/// entry of every 15-bit colour bin: mapping an image is then one table lookup per
/// pixel, several times faster than [`quantize`] (which builds a histogram and chooses
/// colours for each image).
pub(crate) struct Palette {
    colours: Vec<[u8; 3]>,
    /// Entry of each of the [`BINS`] bins: the bin's own colour where the samples had it,
    /// else the entry nearest the bin's centre.
    lut: Vec<u8>,
}

impl Palette {
    /// The palette [`quantize`] would choose for all of `samples` together, extended to
    /// every bin. Costs a search of the palette for each bin the samples lack (about
    /// 8 million distance computations).
    pub(crate) fn learn(samples: &[RgbImage]) -> Palette {
        let mut h = Histogram::new();
        for img in samples {
            h.add(img);
        }
        let (colours, mut lut) = h.select();
        for (b, entry) in lut.iter_mut().enumerate() {
            if h.count[b] == 0 {
                let centre =
                    [(b >> 10) as u8, (b >> 5 & 31) as u8, (b & 31) as u8].map(|v| (v << 3) | 4);
                *entry = nearest(&colours, centre);
            }
        }
        Palette { colours, lut }
    }

    /// `img` in this palette, knowing that much of it is still as `base` (an image of the
    /// same size, whose mapping is `base_indexed`): runs of pixels equal to `base` copy its
    /// entries, so only what was drawn over it is looked up. Falls back to
    /// [`Palette::map`] when the sizes differ.
    pub(crate) fn map_over(&self, img: &RgbImage, base: &RgbImage, base_indexed: &[u8]) -> Indexed {
        /// Pixels compared at once: long enough for a fast compare, short enough to
        /// follow the edges of what was drawn.
        const RUN: usize = 16;
        let n = img.as_raw().len() / 3;
        if img.dimensions() != base.dimensions() || base_indexed.len() != n {
            return self.map(img);
        }
        let lut: &[u8; BINS] = self.lut[..].try_into().expect("a table of BINS entries");
        let mut data = vec![0u8; n];
        let chunks = img
            .as_raw()
            .chunks(3 * RUN)
            .zip(base.as_raw().chunks(3 * RUN))
            .zip(data.chunks_mut(RUN).zip(base_indexed.chunks(RUN)));
        for ((px, base_px), (out, base_out)) in chunks {
            if px == base_px {
                out.copy_from_slice(base_out);
            } else {
                map_into(px, lut, out);
            }
        }
        Indexed {
            width: img.width(),
            height: img.height(),
            palette: self.colours.clone(),
            data,
        }
    }

    /// `img` in this palette.
    pub(crate) fn map(&self, img: &RgbImage) -> Indexed {
        Indexed {
            width: img.width(),
            height: img.height(),
            palette: self.colours.clone(),
            data: map_pixels(img, &self.lut),
        }
    }
}

impl Indexed {
    /// Encodes as an 8-bit palette PNG with the fast DEFLATE setting. Empty on an encoder
    /// error (which writing to memory does not produce).
    pub(crate) fn to_png(&self) -> Vec<u8> {
        self.to_png_with(png::DeflateCompression::Level(1), png::Filter::NoFilter)
    }

    /// [`Indexed::to_png`] with the given settings.
    pub(crate) fn to_png_with(&self, c: png::DeflateCompression, f: png::Filter) -> Vec<u8> {
        let mut out = Vec::new();
        let ok = (|| -> Result<(), png::EncodingError> {
            let mut enc = png::Encoder::new(&mut out, self.width, self.height);
            enc.set_color(png::ColorType::Indexed);
            enc.set_depth(png::BitDepth::Eight);
            enc.set_palette(self.palette.concat());
            enc.set_deflate_compression(c);
            enc.set_filter(f);
            let mut w = enc.write_header()?;
            w.write_image_data(&self.data)?;
            w.finish()
        })()
        .is_ok();
        if !ok {
            out.clear();
        }
        out
    }

    /// Decodes a PNG: a palette PNG as it is, any other through `image` and [`quantize`].
    /// `None` when the bytes are not a PNG image.
    pub(crate) fn from_png(bytes: &[u8]) -> Option<Indexed> {
        let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
        dec.set_transformations(png::Transformations::IDENTITY);
        if let Ok(mut reader) = dec.read_info() {
            let info = reader.info();
            if info.color_type == png::ColorType::Indexed && info.bit_depth == png::BitDepth::Eight
            {
                let palette: Vec<[u8; 3]> = info
                    .palette
                    .as_ref()
                    .map(|p| p.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect())
                    .unwrap_or_default();
                let (width, height) = (info.width, info.height);
                let mut data = vec![0; reader.output_buffer_size()?];
                reader.next_frame(&mut data).ok()?;
                data.truncate(width as usize * height as usize);
                if !palette.is_empty() && data.iter().all(|&i| (i as usize) < palette.len()) {
                    return Some(Indexed {
                        width,
                        height,
                        palette,
                        data,
                    });
                }
            }
        }
        let img = image::load_from_memory_with_format(bytes, image::ImageFormat::Png).ok()?;
        Some(quantize(&img.to_rgb8()))
    }

    /// Back to RGB.
    pub(crate) fn to_rgb(&self) -> RgbImage {
        let mut raw = Vec::with_capacity(self.data.len() * 3);
        for &i in &self.data {
            raw.extend_from_slice(&self.palette[i as usize]);
        }
        RgbImage::from_raw(self.width, self.height, raw)
            .unwrap_or_else(|| RgbImage::new(self.width, self.height))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_colours_round_trip_exactly() {
        let mut img = RgbImage::new(48, 32);
        for (x, y, p) in img.enumerate_pixels_mut() {
            p.0 = [(x % 16 * 16) as u8, (y % 15 * 16) as u8, 7];
        }
        let q = quantize(&img);
        assert_eq!(q.palette.len(), 240);
        let back = Indexed::from_png(&q.to_png()).expect("decodes");
        assert!(
            back.to_rgb() == img,
            "an image of 256 colours must survive exactly"
        );
    }

    #[test]
    fn flat_colours_with_soft_edges_stay_close() {
        let mut img = RgbImage::from_pixel(200, 100, image::Rgb([250, 245, 235]));
        for (i, c) in [
            [0, 114, 178],
            [230, 159, 0],
            [213, 94, 0],
            [0, 158, 115],
            [26, 26, 26],
        ]
        .into_iter()
        .enumerate()
        {
            crate::render::draw::disc(&mut img, 20.0 + 40.0 * i as f32, 50.0, 17.3, c);
        }
        let q = quantize(&img);
        let back = q.to_rgb();
        let worst = img
            .pixels()
            .zip(back.pixels())
            .map(|(a, b)| dist(a.0, b.0))
            .max()
            .unwrap_or(0);
        assert!(worst <= 9 * 16 * 16, "worst weighted distance {worst}");
    }

    #[test]
    fn mapping_over_a_base_equals_mapping_alone() {
        let mut base = RgbImage::from_pixel(97, 41, image::Rgb([250, 245, 235]));
        crate::render::draw::disc(&mut base, 30.0, 20.0, 15.0, [0, 114, 178]);
        let mut img = base.clone();
        crate::render::draw::disc(&mut img, 60.0, 22.0, 12.5, [213, 94, 0]);
        img.put_pixel(96, 40, image::Rgb([1, 2, 3]));
        let palette = Palette::learn(&[img.clone()]);
        let base_indexed = palette.map(&base).data;
        let over = palette.map_over(&img, &base, &base_indexed);
        assert!(over.data == palette.map(&img).data);
        // A base of another size is ignored.
        let other = RgbImage::new(3, 3);
        assert!(palette.map_over(&img, &other, &[0; 9]).data == over.data);
    }

    #[test]
    fn a_non_png_is_refused() {
        assert!(Indexed::from_png(b"not a png").is_none());
    }
}
