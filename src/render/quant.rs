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
fn dist(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |i: usize| (a[i] as i32 - b[i] as i32).unsigned_abs();
    2 * d(0) * d(0) + 4 * d(1) * d(1) + 3 * d(2) * d(2)
}

/// 15-bit colour bin of an RGB pixel: 5 bits per channel.
#[inline]
fn bin(p: &[u8]) -> usize {
    ((p[0] as usize >> 3) << 10) | ((p[1] as usize >> 3) << 5) | (p[2] as usize >> 3)
}

/// Reduces `img` to at most [`MAX_COLOURS`] colours. Pixels are binned by their 15-bit colour; each
/// bin's colour is the mean of its pixels (so a flat colour stays exact). The most
/// frequent bins become the palette, kept apart from each other so that the shades of
/// anti-aliased edges spread over it; every other bin is mapped to its nearest entry.
pub(crate) fn quantize(img: &RgbImage) -> Indexed {
    const BINS: usize = 1 << 15;
    let raw = img.as_raw();
    let mut count = vec![0u32; BINS];
    let mut sum = vec![[0u32; 3]; BINS];
    for p in raw.chunks_exact(3) {
        let b = bin(p);
        count[b] += 1;
        let s = &mut sum[b];
        s[0] += p[0] as u32;
        s[1] += p[1] as u32;
        s[2] += p[2] as u32;
    }
    let mut used: Vec<usize> = (0..BINS).filter(|&b| count[b] > 0).collect();
    used.sort_unstable_by(|&a, &b| count[b].cmp(&count[a]).then(a.cmp(&b)));
    let mean = |b: usize| {
        let n = count[b].max(1);
        let s = sum[b];
        [
            ((s[0] + n / 2) / n) as u8,
            ((s[1] + n / 2) / n) as u8,
            ((s[2] + n / 2) / n) as u8,
        ]
    };
    let mut lut = vec![0u8; BINS];
    let mut palette: Vec<[u8; 3]> = Vec::with_capacity(MAX_COLOURS);
    let mut taken = vec![false; BINS];
    if used.len() <= MAX_COLOURS {
        for &b in &used {
            lut[b] = palette.len() as u8;
            palette.push(mean(b));
            taken[b] = true;
        }
    } else {
        // Frequent colours first, each well apart from those taken; then by count alone.
        for gap in [300, 0] {
            for &b in &used {
                if palette.len() == MAX_COLOURS {
                    break;
                }
                let c = mean(b);
                if !taken[b] && palette.iter().all(|&p| dist(p, c) > gap) {
                    lut[b] = palette.len() as u8;
                    palette.push(c);
                    taken[b] = true;
                }
            }
        }
        for &b in &used {
            if !taken[b] {
                let c = mean(b);
                let (i, _) = palette
                    .iter()
                    .enumerate()
                    .min_by_key(|(_, &q)| dist(q, c))
                    .unwrap_or((0, &[0, 0, 0]));
                lut[b] = i as u8;
            }
        }
    }
    if palette.is_empty() {
        palette.push([0, 0, 0]);
    }
    let data = raw.chunks_exact(3).map(|p| lut[bin(p)]).collect();
    Indexed {
        width: img.width(),
        height: img.height(),
        palette,
        data,
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
    fn a_non_png_is_refused() {
        assert!(Indexed::from_png(b"not a png").is_none());
    }
}
