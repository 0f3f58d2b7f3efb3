//! Animated GIFs of a move: each frame shown in turn, the last held, looping; after the
//! first, each GIF frame holds only the pixels that changed.
//!
//! `::gif` below is the `gif` crate (this module has the same name).

use std::borrow::Cow;

use super::quant::Indexed;

/// GIF pace: each step, and the final frame held longer.
const GIF_STEP_MS: u32 = 1400;
const GIF_HOLD_MS: u32 = 4000;

/// One GIF frame of `img`. After the first frame, only the box of pixels that differ from
/// `prev` is written, and unchanged pixels inside it are transparent (the previous frame
/// shows through): smaller files and faster LZW than whole frames.
fn gif_frame<'a>(img: &'a Indexed, prev: Option<&Indexed>, delay: u16) -> ::gif::Frame<'a> {
    let clamp = |v: u32| v.min(u16::MAX as u32) as u16;
    let full = ::gif::Frame {
        width: clamp(img.width),
        height: clamp(img.height),
        delay,
        dispose: ::gif::DisposalMethod::Keep,
        palette: Some(img.palette.concat()),
        buffer: Cow::Borrowed(&img.data),
        ..::gif::Frame::default()
    };
    let Some(prev) = prev.filter(|p| (p.width, p.height) == (img.width, img.height)) else {
        return full;
    };
    let w = img.width as usize;
    let changed =
        |j: usize| img.palette[img.data[j] as usize] != prev.palette[prev.data[j] as usize];
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (j, _) in img.data.iter().enumerate() {
        if changed(j) {
            let (x, y) = (j % w, j / w);
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
    }
    if x0 == usize::MAX {
        // Nothing changed: one transparent pixel keeps the frame and its delay.
        (x0, y0, x1, y1) = (0, 0, 0, 0);
    }
    let transparent = img.palette.len() as u8;
    let mut palette = img.palette.concat();
    palette.extend_from_slice(&[0, 0, 0]);
    let mut buf = Vec::with_capacity((x1 - x0 + 1) * (y1 - y0 + 1));
    for y in y0..=y1 {
        for x in x0..=x1 {
            let j = y * w + x;
            buf.push(if changed(j) { img.data[j] } else { transparent });
        }
    }
    ::gif::Frame {
        left: x0 as u16,
        top: y0 as u16,
        width: (x1 - x0 + 1) as u16,
        height: (y1 - y0 + 1) as u16,
        transparent: Some(transparent),
        palette: Some(palette),
        buffer: Cow::Owned(buf),
        ..full
    }
}

/// The GIF of `images`: each shown 1.4 s, the last held 4 s, looping. Empty when there
/// are no images or the encoder fails.
pub(super) fn encode(images: &[Indexed]) -> Vec<u8> {
    let mut out = Vec::new();
    if images.is_empty() {
        return out;
    }
    let clamp = |v: u32| v.min(u16::MAX as u32) as u16;
    let w = clamp(images.iter().map(|i| i.width).max().unwrap_or(1));
    let h = clamp(images.iter().map(|i| i.height).max().unwrap_or(1));
    let last = images.len() - 1;
    let written = (|| -> Result<(), ::gif::EncodingError> {
        let mut enc = ::gif::Encoder::new(&mut out, w, h, &[])?;
        enc.set_repeat(::gif::Repeat::Infinite)?;
        for (i, img) in images.iter().enumerate() {
            let ms = if i == last { GIF_HOLD_MS } else { GIF_STEP_MS };
            let prev = i.checked_sub(1).map(|p| &images[p]);
            enc.write_frame(&gif_frame(img, prev, (ms / 10) as u16))?;
        }
        Ok(())
    })();
    if written.is_err() {
        out.clear();
    }
    out
}
