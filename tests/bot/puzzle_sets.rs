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

/// Checks `puzzles` with one finder per board, and every twentieth also at the deeper
/// budget the generator confirmed it with; returns the faults.
fn check_all(puzzles: &[&Loaded]) -> Vec<String> {
    let mut finders: BTreeMap<(String, bool), Finder> = BTreeMap::new();
    let mut faults = Vec::new();
    for (k, p) in puzzles.iter().enumerate() {
        let goal = match p.puzzle.goal {
            set::Goal::Win => Goal::Win,
            set::Goal::Seeds { margin } => Goal::Seeds { margin },
        };
        for deeper in [false, true] {
            if deeper && k % 20 != 0 {
                continue;
            }
            let f = finders
                .entry((p.variant.to_string(), deeper))
                .or_insert_with(|| {
                    let mut c = FinderConfig::for_variant(p.variant);
                    if deeper {
                        c.nodes = c.confirm_nodes;
                    }
                    Finder::new(c).unwrap()
                });
            // The goal's margin is the one seen at the generating budget.
            let goal = (!deeper).then_some(goal);
            if let Err(e) = f.check(&p.start, &[], &p.line, goal) {
                let at = if deeper { " (deeper)" } else { "" };
                faults.push(format!("{}{at}: {e}", p.puzzle.id));
            }
        }
    }
    faults
}

/// K6-K7, H5-H7: every solver move of every shipped line is the only move by the
/// finder's criterion (the best move beats every other by the board's margin, or
/// alone wins), and the first move's goal is the stored one; a sample also at the
/// deeper budget the generator confirmed each line with. The puzzles are shared
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
        "{} shipped puzzles checked in {:.1} s (threads: {threads})",
        all.len(),
        t0.elapsed().as_secs_f64()
    );
    assert!(faults.is_empty(), "{} faults: {faults:#?}", faults.len());
}

/// `mancala-bot puzzles generate ARGS...` in `dir`.
fn generate(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_mancala-bot"))
        .current_dir(dir)
        .args(["puzzles", "generate"])
        .args(args)
        .output()
        .unwrap()
}

/// The set written to `path`, checked as the shipped ones are.
fn read_set(path: &std::path::Path) -> set::PuzzleSet {
    let (variant, s) = set::parse_set(&std::fs::read_to_string(path).unwrap()).unwrap();
    for p in &s.puzzles {
        let (start, line) = p.check(variant).unwrap();
        let mut f = Finder::new(FinderConfig::for_variant(variant)).unwrap();
        f.check(&start, &[], &line, None).unwrap();
    }
    s
}

/// Issue 32, K7: `puzzles generate` on Katro 4x4 self-play writes a set of the asked
/// size whose every line is unique by the finder, numbered from `k44-0001`; `--append`
/// keeps those and adds after them, and the set says how both runs made them; the run
/// prints its figures.
#[test]
fn puzzles_generate_k7_writes_a_set_and_appends_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("k44.json");
    let o = generate(
        dir.path(),
        &[
            "--game",
            "katro:4x4",
            "--count",
            "3",
            "--seed",
            "5",
            "--out",
            "k44.json",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(said.starts_with("katro:4x4: 3 puzzles ("), "{said}");
    let first = read_set(&out);
    let ids: Vec<&str> = first.puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["k44-0001", "k44-0002", "k44-0003"]);
    assert!(first
        .puzzles
        .iter()
        .all(|p| p.source.starts_with("selfplay level 5 seed 5 ")));
    let o = generate(
        dir.path(),
        &[
            "--game",
            "katro:4x4",
            "--count",
            "5",
            "--seed",
            "6",
            "--out",
            "k44.json",
            "--append",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let more = read_set(&out);
    assert_eq!(more.puzzles.len(), 5);
    assert_eq!(more.puzzles[..3], first.puzzles[..]);
    assert_eq!(more.puzzles[3].id, "k44-0004");
    assert!(
        more.generator.contains("seed 5;")
            && more.generator.contains("; then ")
            && more
                .generator
                .ends_with("lines up to 5 plies, confirmed at 16000 nodes")
            && more.generator.contains("seed 6;"),
        "{}",
        more.generator
    );
    let starts: HashSet<&str> = more.puzzles.iter().map(|p| p.position.as_str()).collect();
    assert_eq!(starts.len(), 5, "no position twice");
}

/// Bad input is refused with status 2 or 1 and the reason, and writes nothing.
#[test]
fn puzzles_generate_refuses_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let o = generate(
        dir.path(),
        &[
            "--game",
            "katro",
            "--count",
            "1",
            "--out",
            "x.json",
            "--max-plies",
            "4",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("`4` is not 1, 3, 5 or 7"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = generate(
        dir.path(),
        &["--game", "chess", "--count", "1", "--out", "x.json"],
    );
    assert_eq!(o.status.code(), Some(2));
    std::fs::write(
        dir.path().join("h.json"),
        r#"{"game": "hoyito", "puzzles": []}"#,
    )
    .unwrap();
    let o = generate(
        dir.path(),
        &[
            "--game", "katro", "--count", "1", "--out", "h.json", "--append",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(
            "h.json is a set of hoyito, not of katro: --append adds to a set of the same game"
        ),
        "{err}"
    );
    assert!(!dir.path().join("x.json").exists());
}

/// Issue 32: `--from` reads the games of an export file (`mancala-bot export`): a Katro
/// 4x4 game played in chat, its moves chosen in turn from the legal ones, holds
/// puzzles (missed captures, K7), found there and named by the game's id.
#[test]
fn puzzles_generate_k7_reads_the_games_of_an_export() {
    use crate::core_chat::{chan, ok, say, start, FakePainter};
    use mancala_bot::core::api::ChatCore;
    use mancala_bot::core::{backup, Core, ManualClock, Settings};
    use mancala_bot::store::SledStore;
    use mancala_rules::Side;
    use std::sync::Arc;

    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(&dir.path().join("store"), 8 << 20).unwrap());
    let core = Core::new(
        store.clone(),
        Arc::new(FakePainter::default()),
        Arc::new(ManualClock::new(1_700_000_000_000)),
        Settings::default(),
    );
    let at = chan("puzzles");
    start(&core, &at, "katro:4x4");
    for k in 0..200 {
        let Some(pos) = core.board(&at) else { break };
        let legal = core.legal_moves(&at);
        if legal.is_empty() || pos.outcome().is_over() {
            break;
        }
        let who = if pos.to_move() == Side::South {
            "alice"
        } else {
            "bob"
        };
        ok(say(
            &core,
            &at,
            who,
            &format!("!sow {}", legal[(k * 7) % legal.len()]),
        ));
    }
    let mut lines = Vec::new();
    backup::export(&*store, &mut lines).unwrap();
    drop(core);
    std::fs::write(dir.path().join("backup.jsonl"), &lines).unwrap();
    let o = generate(
        dir.path(),
        &[
            "--game",
            "katro:4x4",
            "--count",
            "50",
            "--games",
            "0",
            "--from",
            "backup.jsonl",
            "--out",
            "from.json",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = read_set(&dir.path().join("from.json"));
    assert!(
        !s.puzzles.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert!(
        s.puzzles.iter().all(|p| p.source.starts_with("game ")),
        "{s:?}"
    );
}
