//! Tables as pictures (issue 14 item 4): tournament standings and crosstables, for
//! those who would rather look than read. Each column as wide as its widest cell, the
//! header in bold, every other row shaded; the alt text is the table's text.

use image::{Rgb, RgbImage};
use imageproc::drawing::draw_line_segment_mut;

use super::draw::{ellipsize, rect, text, text_width, Align, Color};
use super::Renderer;
use crate::core::painter::{Frame, TablePicture};

const PAPER: Color = [0xfa, 0xf7, 0xf0];
const INK: Color = [0x22, 0x22, 0x22];
const SHADE: Color = [0xee, 0xe8, 0xda];
const RULE: Color = [0xc8, 0xc0, 0xae];
const SIZE: f32 = 15.0;
const ROW_H: u32 = 26;
const PAD: f32 = 12.0;
const MARGIN: u32 = 20;
/// Cells wider than this (pixels at [`SIZE`]) are cut with an ellipsis (names are at
/// most 64 characters).
const MAX_CELL_W: f32 = 240.0;
/// Widest picture; wider tables get a smaller type size.
const MAX_W: u32 = 1600;

impl Renderer {
    /// Draws `table` as a PNG, with its alt text (the table written out).
    pub fn draw_table(&self, table: &TablePicture) -> Frame {
        let cut = |c: &String| ellipsize(&self.bold, SIZE, c, MAX_CELL_W);
        let cells = |row: &[String]| -> Vec<String> { row.iter().map(cut).collect() };
        let header = cells(&table.header);
        let rows: Vec<Vec<String>> = table.rows.iter().map(|r| cells(r)).collect();
        let widths_at = |size: f32| -> Vec<f32> {
            (0..header.len())
                .map(|i| {
                    let all = std::iter::once(&header).chain(&rows);
                    all.filter_map(|r| r.get(i))
                        .map(|c| text_width(&self.bold, size, c))
                        .fold(0.0, f32::max)
                        + 2.0 * PAD
                })
                .collect()
        };
        let mut size = SIZE;
        let mut widths = widths_at(size);
        let total = |w: &[f32]| w.iter().sum::<f32>() as u32 + 2 * MARGIN;
        while total(&widths) > MAX_W && size > 9.0 {
            size -= 1.0;
            widths = widths_at(size);
        }
        let w = total(&widths).max(320);
        let h = MARGIN * 2 + 40 + ROW_H * (rows.len() as u32 + 1);
        let mut img = RgbImage::from_pixel(w, h, Rgb(PAPER));
        let title_y = MARGIN as f32 + 12.0;
        text(
            &mut img,
            &self.bold,
            18.0,
            (MARGIN as f32, title_y),
            Align::Left,
            INK,
            &table.title,
        );
        let top = MARGIN + 40;
        for (i, row) in std::iter::once(&header).chain(&rows).enumerate() {
            let y = top + ROW_H * i as u32;
            if i > 0 && i % 2 == 0 {
                rect(
                    &mut img,
                    MARGIN as i32,
                    y as i32,
                    (w - 2 * MARGIN) as i32,
                    ROW_H as i32,
                    SHADE,
                );
            }
            let face = if i == 0 { &self.bold } else { &self.book };
            let mut x = MARGIN as f32;
            for (cell, cw) in row.iter().zip(&widths) {
                let cy = y as f32 + ROW_H as f32 / 2.0;
                text(&mut img, face, size, (x + PAD, cy), Align::Left, INK, cell);
                x += cw;
            }
        }
        let below_header = (top + ROW_H) as f32;
        let (l, r) = (MARGIN as f32, (w - MARGIN) as f32);
        draw_line_segment_mut(&mut img, (l, below_header), (r, below_header), Rgb(INK));
        let bottom = (top + ROW_H * (rows.len() as u32 + 1)) as f32;
        draw_line_segment_mut(&mut img, (l, bottom), (r, bottom), Rgb(RULE));
        let mut png = std::io::Cursor::new(Vec::new());
        // Encoding an in-memory RGB image cannot fail.
        let _ = img.write_to(&mut png, image::ImageFormat::Png);
        Frame {
            png: png.into_inner(),
            alt: alt_text(table),
        }
    }
}

/// The table written out: the title, then each row as `heading value` pairs.
fn alt_text(t: &TablePicture) -> String {
    let rows: Vec<String> = t
        .rows
        .iter()
        .map(|r| {
            t.header
                .iter()
                .zip(r)
                .filter(|(_, c)| !c.is_empty())
                .map(|(h, c)| {
                    if h.is_empty() {
                        c.clone()
                    } else {
                        format!("{h} {c}")
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    format!("{}. {}.", t.title, crate::i18n::join_semicolons(&rows))
}
