//! Renderer speed (issue 3): one Katro 6x6 frame rendered and PNG-encoded (target at most
//! 10 ms, PNG at most 100 KB); a move of 10 laps with all its frames and its GIF (target at
//! most 150 ms).

use criterion::{criterion_group, criterion_main, Criterion};
use mancala_bot::core::painter::{BoardInfo, Painter};
use mancala_bot::render::Renderer;
use mancala_rules::{Game, Position, Side, Trace, Variant};

fn info() -> BoardInfo {
    BoardInfo {
        south: "Alice".into(),
        north: "Bob".into(),
        captured: [0, 0],
        view: Side::South,
        theme: Default::default(),
        ended: None,
        match_info: None,
    }
}

/// The first move met in a seeded playout of Katro 6x6 that sows exactly 10 laps.
fn ten_lap_move() -> Trace {
    let mut seed = 7u64;
    loop {
        let mut game = Game::new(Variant::KATRO);
        for _ in 0..200 {
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().is_over() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = moves.get((seed >> 33) as usize % moves.len()).copied();
            let Some(mv) = mv else { break };
            let trace = game.play(mv).expect("legal move");
            if trace.laps == 10 {
                return trace;
            }
        }
    }
}

fn bench(c: &mut Criterion) {
    let r = Renderer::new();
    let info = info();
    let pos = Position::new(Variant::KATRO);
    let frame = r.position(&pos, &info);
    eprintln!("6x6 position frame: {} bytes PNG", frame.png.len());
    c.bench_function("katro 6x6 frame + PNG", |b| {
        b.iter(|| r.position(&pos, &info))
    });

    let trace = ten_lap_move();
    let frames = r.move_frames(&trace, &info);
    let gif = r.gif(&frames);
    let max = frames.iter().map(|f| f.png.len()).max().unwrap_or(0);
    eprintln!(
        "10-lap move {}: {} frames, largest PNG {} bytes, GIF {} bytes",
        trace.mv,
        frames.len(),
        max,
        gif.len()
    );
    // CPU time per iteration, which a loaded machine does not inflate (wall time does).
    let (n, t0, w0) = (20, thread_cpu(), std::time::Instant::now());
    for _ in 0..n {
        std::hint::black_box(r.position(&pos, &info));
    }
    eprintln!(
        "frame + PNG: {:.1} ms CPU, {:.1} ms wall per frame",
        (thread_cpu() - t0) * 1000.0 / n as f64,
        w0.elapsed().as_secs_f64() * 1000.0 / n as f64
    );
    let (n, t0, w0) = (10, thread_cpu(), std::time::Instant::now());
    for _ in 0..n {
        std::hint::black_box(r.gif(&r.move_frames(&trace, &info)));
    }
    eprintln!(
        "10-lap move frames + GIF: {:.0} ms CPU, {:.0} ms wall per move",
        (thread_cpu() - t0) * 1000.0 / n as f64,
        w0.elapsed().as_secs_f64() * 1000.0 / n as f64
    );
    c.bench_function("10-lap move: frames + GIF", |b| {
        b.iter(|| {
            let frames = r.move_frames(&trace, &info);
            r.gif(&frames)
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);

/// CPU time of this thread in seconds (Linux), to tell work from waiting on a busy box.
fn thread_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|v| v.parse().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|v| v.parse().ok()).unwrap_or(0.0);
    ticks / 100.0
}
