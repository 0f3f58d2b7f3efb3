//! Issue 32: the shipped puzzle sets (`data/puzzles/*.json`). Every puzzle loads, ids
//! are unique across the sets, and every solver move of every line is the only move by
//! the finder's criterion at the settings the sets were generated with
//! (`FinderConfig::for_variant`), so each puzzle has a unique solution.

use std::collections::{BTreeMap, HashSet};
use std::time::Instant;

use mancala_ai::puzzle::{Finder, FinderConfig, Goal};
use mancala_bot::core::puzzle::set::{self, shipped, Loaded};
use mancala_rules::Variant;

/// Every board, in the order of the set files.
fn boards() -> Vec<Variant> {
    let mut b = vec![
        Variant::KATRO,
        Variant::katro(4, 6).unwrap(),
        Variant::katro(4, 4).unwrap(),
    ];
    b.extend((6..=12).map(|c| Variant::hoyito(c).unwrap()));
    b
}

/// N3, N4: each file's puzzles all load (none is left out by `Puzzle::check`), ids are
/// unique across the sets and carry the board's prefix, and the two main boards have
/// at least 500 puzzles, the others at least 50.
#[test]
fn puzzles_n4_every_shipped_puzzle_loads_with_a_unique_id() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/puzzles");
    let mut loaded: BTreeMap<String, usize> = BTreeMap::new();
    for p in shipped() {
        *loaded.entry(p.variant.to_string()).or_default() += 1;
    }
    for v in boards() {
        let text = std::fs::read_to_string(dir.join(set::file_name(v))).unwrap();
        let (variant, file) = set::parse_set(&text).unwrap();
        assert_eq!(variant.to_string(), v.to_string());
        let n = file.puzzles.len();
        assert_eq!(loaded.get(&v.to_string()).copied().unwrap_or(0), n, "{v}");
        let least = if v == Variant::KATRO || v == Variant::HOYITO {
            500
        } else {
            50
        };
        assert!(n >= least, "{v}: {n} puzzles, at least {least} wanted");
        let prefix = if v.is_katro() {
            match v.rows() * 10 + v.cols() {
                66 => "k6-".to_string(),
                rc => format!("k{rc}-"),
            }
        } else {
            format!("h{}-", v.cols())
        };
        for p in &file.puzzles {
            assert!(p.id.starts_with(&prefix), "{}", p.id);
            assert!(
                !p.themes.is_empty() && (600..=2600).contains(&p.rating),
                "{p:?}"
            );
            assert_eq!(p.solution.len() % 2, 1, "{}", p.id);
        }
    }
    let mut ids = HashSet::new();
    for p in shipped() {
        assert!(ids.insert(p.puzzle.id.as_str()), "id {} twice", p.puzzle.id);
    }
}

/// Checks `puzzles` with one finder per board; returns the faults.
fn check_all(puzzles: &[&Loaded]) -> Vec<String> {
    let mut finders: BTreeMap<String, Finder> = BTreeMap::new();
    let mut faults = Vec::new();
    for p in puzzles {
        let f = finders
            .entry(p.variant.to_string())
            .or_insert_with(|| Finder::new(FinderConfig::for_variant(p.variant)).unwrap());
        let goal = match p.puzzle.goal {
            set::Goal::Win => Goal::Win,
            set::Goal::Seeds { margin } => Goal::Seeds { margin },
        };
        if let Err(e) = f.check(&p.start, &[], &p.line, Some(goal)) {
            faults.push(format!("{}: {e}", p.puzzle.id));
        }
    }
    faults
}

/// K6-K7, H5-H7: every solver move of every shipped line is the only move by the
/// finder's criterion (the best move beats every other by the board's margin, or
/// alone wins), and the first move's goal is the stored one. The puzzles are shared
/// among the machine's cores; the Hoyito 2x6 endgame tables are cached under the
/// target directory (built once, loaded afterwards).
#[test]
fn puzzles_k7_h5_h7_every_shipped_solution_is_unique() {
    mancala_ai::endgame::set_cache_dir(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")));
    let t0 = Instant::now();
    let all: Vec<&Loaded> = shipped().iter().collect();
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(8);
    let faults: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let mine: Vec<&Loaded> = all.iter().copied().skip(k).step_by(threads).collect();
                s.spawn(move || check_all(&mine))
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    eprintln!(
        "{} shipped puzzles checked in {:.1} s on {threads} threads",
        all.len(),
        t0.elapsed().as_secs_f64()
    );
    assert!(faults.is_empty(), "{} faults: {faults:#?}", faults.len());
}
