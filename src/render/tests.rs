//! Unit tests of the renderer: frame plans, sizes, alt text.

use super::*;
use mancala_rules::Variant;

fn info(view: Side) -> BoardInfo {
    BoardInfo {
        south: "Alice".into(),
        north: "Bob".into(),
        captured: [0, 0],
        view,
    }
}

#[test]
fn fonts_parse_and_renderer_is_send_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Renderer>();
    let _ = Renderer::new();
}

#[test]
#[ignore]
fn timing_probe() {
    let r = Renderer::new();
    let i = info(Side::South);
    let pos = Position::new(Variant::KATRO);
    let step = plan_position(&pos, &i);
    let _ = r.paint_image(&step, &i);
    let t = std::time::Instant::now();
    for _ in 0..20 {
        let _ = r.paint_image(&step, &i);
    }
    println!("paint {:?}", t.elapsed() / 20);
    let img = r.paint_image(&step, &i);
    let t = std::time::Instant::now();
    for _ in 0..20 {
        let _ = encode_png(&img);
    }
    println!("encode {:?}", t.elapsed() / 20);
    let t = std::time::Instant::now();
    for _ in 0..20 {
        let _ = quant::quantize(&img);
    }
    println!("quantize {:?}", t.elapsed() / 20);
    let q = quant::quantize(&img);
    let t = std::time::Instant::now();
    for _ in 0..20 {
        let _ = q.to_png();
    }
    println!("to_png {:?} {} bytes", t.elapsed() / 20, q.to_png().len());
    for c in [
        png::DeflateCompression::FdeflateUltraFast,
        png::DeflateCompression::Level(1),
        png::DeflateCompression::Level(2),
        png::DeflateCompression::Level(3),
    ] {
        for f in [png::Filter::NoFilter, png::Filter::Adaptive] {
            let t = std::time::Instant::now();
            let n = q.to_png_with(c, f).len();
            println!("{c:?} {f:?} {n} bytes {:?}", t.elapsed());
        }
    }
    let mut set = std::collections::HashSet::new();
    for p in img.pixels() {
        set.insert(p.0);
    }
    println!("distinct {}", set.len());
    let t = std::time::Instant::now();
    for _ in 0..20 {
        let _ = (*r.background(&Layout::new(Variant::KATRO, Side::South))).clone();
    }
    println!("bg clone {:?}", t.elapsed() / 20);
    let frames = vec![r.position(&pos, &i); 5];
    let t = std::time::Instant::now();
    let _ = Renderer::decode_frames(&frames);
    println!("decode 5 {:?}", t.elapsed());
    let t = std::time::Instant::now();
    let _ = r.gif(&frames);
    println!("gif 5 {:?}", t.elapsed());
}
