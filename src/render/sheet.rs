//! Contact sheets: a move's frames tiled in one picture, numbered, in rows of about
//! equal width and height, with a text alternative listing each frame.

use image::RgbImage;

use super::draw::{self, Align};
use super::paint::{INK, PAGE, WHITE};
use super::Renderer;
use crate::core::painter::Frame;

impl Renderer {
    /// The contact sheet of `tiles` (pictures and their text alternatives), numbered from
    /// 1, in rows of about equal width and height.
    pub(super) fn sheet(&self, tiles: &[(RgbImage, &str)]) -> Frame {
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
                &tr!("picture-sheet-empty"),
            );
            return Frame {
                png: self.encode_png(&img),
                alt: tr!("picture-sheet-empty-alt"),
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
            alt: tr!(
                "picture-sheet-alt",
                count = n,
                items = crate::i18n::join_semicolons(&items)
            ),
        }
    }
}
