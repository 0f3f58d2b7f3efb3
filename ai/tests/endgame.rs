//! The Hoyito 2x6 endgame tables (issue 15 item 4) against plain search, and their
//! cache file.

use std::time::Instant;

use mancala_ai::endgame::{Tables, HOYITO_SEEDS};

/// Build time, entries and bytes of the default tables. Run in release:
/// `cargo test -p mancala-ai --release --test endgame -- --ignored --nocapture`.
#[test]
#[ignore]
fn endgame_build_figures() {
    let t0 = Instant::now();
    let t = Tables::build(HOYITO_SEEDS).unwrap();
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "hoyito 2x6, up to {} seeds: {} entries, {} bytes, built in {:.2} s; iterations per layer {:?}; open (H10-dependent) entries {}; largest rank {}",
        t.max_seeds(),
        t.entries(),
        t.bytes(),
        secs,
        t.iterations(),
        t.open_entries(),
        t.max_rank()
    );
}

