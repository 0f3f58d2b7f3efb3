//! A stand-in [`Painter`] for builds without the board renderer: each hole is a square
//! with its seeds drawn as dots, and the alt text carries the ASCII board. It needs no
//! font. Production code gets its painter from [`crate::app::default_painter`] only.

use std::io::Cursor;

use image::{ImageFormat, Rgb, RgbImage};
use mancala_rules::{Event, Hole, Position, Side, Trace};

use crate::picture::{BoardInfo, Frame, Painter};

/// The stand-in painter (dots for seeds, ASCII board as alt text).
#[derive(Clone, Copy, Debug, Default)]
pub struct StandInPainter;

const CELL: u32 = 24;
const PAD: u32 = 4;

fn png(img: &RgbImage) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, ImageFormat::Png)
        .expect("encoding a PNG in memory cannot fail");
    out.into_inner()
}

fn draw(pos: &Position, view: Side) -> RgbImage {
    let v = pos.variant();
    let (w, h) = (v.cols() as u32, v.rows() as u32);
    let mut img = RgbImage::from_pixel(w * CELL + 2 * PAD, h * CELL + 2 * PAD, Rgb([120, 80, 40]));
    for row in 0..v.rows() {
        for col in 0..v.cols() {
            let hole = Hole::new(col, row);
            // Row 1 at the bottom (South's view).
            let x0 = PAD + col as u32 * CELL;
            let y0 = PAD + (h - 1 - row as u32) * CELL;
            let fill = if pos.is_closed(hole) {
                Rgb([60, 60, 60])
            } else {
                Rgb([225, 190, 140])
            };
            for y in y0 + 1..y0 + CELL - 1 {
                for x in x0 + 1..x0 + CELL - 1 {
                    img.put_pixel(x, y, fill);
                }
            }
            let seeds = pos.seeds(hole).unwrap_or(0).min(25) as u32;
            for s in 0..seeds {
                let (dx, dy) = (3 + (s % 5) * 4, 3 + (s / 5) * 4);
                for y in 0..3 {
                    for x in 0..3 {
                        img.put_pixel(x0 + dx + x, y0 + dy + y, Rgb([40, 25, 10]));
                    }
                }
            }
        }
    }
    if view == Side::North {
        image::imageops::rotate180_in_place(&mut img);
    }
    img
}

fn alt(pos: &Position, info: &BoardInfo, what: &str) -> String {
    format!(
        "{what}: {} (South) vs {} (North)\n{}",
        info.south,
        info.north,
        crate::ascii::board(pos)
    )
}

impl Painter for StandInPainter {
    fn position(&self, pos: &Position, info: &BoardInfo) -> Frame {
        Frame {
            png: png(&draw(pos, info.view)),
            alt: alt(pos, info, "board"),
        }
    }

    fn move_frames(&self, trace: &Trace, info: &BoardInfo) -> Vec<Frame> {
        let mut frames: Vec<Frame> = trace
            .events
            .iter()
            .filter(|e| matches!(e.event, Event::Relay { .. }) || e.event.is_capture())
            .map(|e| Frame {
                png: png(&draw(&e.position, info.view)),
                alt: alt(&e.position, info, &crate::replay::event_text(&e.event)),
            })
            .collect();
        frames.push(Frame {
            png: png(&draw(&trace.after, info.view)),
            alt: alt(&trace.after, info, &format!("after {}", trace.mv)),
        });
        frames
    }

    fn contact_sheet(&self, frames: &[Frame]) -> Frame {
        let images: Vec<RgbImage> = frames
            .iter()
            .filter_map(|f| image::load_from_memory(&f.png).ok())
            .map(|i| i.to_rgb8())
            .collect();
        let width = images.iter().map(|i| i.width()).max().unwrap_or(1);
        let height: u32 = images.iter().map(|i| i.height() + PAD).sum::<u32>().max(1);
        let mut sheet = RgbImage::from_pixel(width, height, Rgb([255, 255, 255]));
        let mut y = 0;
        for img in &images {
            image::imageops::replace(&mut sheet, img, 0, y as i64);
            y += img.height() + PAD;
        }
        Frame {
            png: png(&sheet),
            alt: format!("{} frames, top to bottom", frames.len()),
        }
    }

    fn gif(&self, frames: &[Frame]) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut enc = image::codecs::gif::GifEncoder::new(&mut out);
            for f in frames {
                if let Ok(img) = image::load_from_memory(&f.png) {
                    let frame = image::Frame::from_parts(
                        img.to_rgba8(),
                        0,
                        0,
                        image::Delay::from_numer_denom_ms(800, 1),
                    );
                    if enc.encode_frame(frame).is_err() {
                        break;
                    }
                }
            }
        }
        out
    }
}
