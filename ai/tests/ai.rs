//! Integration tests of the AI: legality over random positions of every game and size,
//! tactics in hand-made positions (RULES.md K6b, K7, K9, H5, H6a, H7, H8), and the order
//! of the five levels in a reduced run; the engines' API ([`Ai::analyse`]): its
//! iteration reports and principal variations, its limits and stop flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mancala_ai::{Ai, Iteration, Limits, Score, SearchConfig, SearchError, WIN, WIN_BOUND};
use mancala_rules::{Game, Move, Position, Side, Variant};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Every game and board size of RULES.md N3.
const GAMES: [&str; 10] = [
    "katro",
    "katro:4x6",
    "katro:4x4",
    "hoyito",
    "hoyito:2x7",
    "hoyito:2x8",
    "hoyito:2x9",
    "hoyito:2x10",
    "hoyito:2x11",
    "hoyito:2x12",
];

/// A deterministic AI: no time limit, a node budget.
fn ai(level: u8, seed: u64, nodes: u64) -> Ai {
    Ai::new(SearchConfig {
        level,
        ms_per_move: 0,
        tt_mb: 1,
        seed,
        max_nodes: Some(nodes),
        opening_plies: 0,
    })
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// The AI only returns legal moves (K3, K4, K8, H3, H9), and nothing once the game
    /// is over (K9, H7, H10), in positions reached by random play from the start.
    #[test]
    fn ai_returns_only_legal_moves(
        game in 0..GAMES.len(),
        plies in 0usize..150,
        level in 1u8..=5,
        seed in any::<u64>(),
    ) {
        let v: Variant = GAMES[game].parse().unwrap();
        let mut g = Game::new(v);
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..plies {
            let legal = g.legal_moves();
            if legal.is_empty() {
                break;
            }
            g.play(legal[rng.gen_range(0..legal.len())]).unwrap();
        }
        let mut a = ai(level, seed, 1_500);
        match a.choose_in_game(&g) {
            Some(r) => {
                prop_assert!(!g.outcome().is_over());
                prop_assert!(g.legal_moves().contains(&r.mv), "{} in {}", r.mv, g.position());
                prop_assert!(g.position().is_legal(r.mv));
                prop_assert!(r.depth >= 1);
            }
            None => prop_assert!(g.outcome().is_over()),
        }
    }
}

/// Seeds North has on the board after `mv` (Katro), to check a test's premise.
fn north_after(pos: &Position, mv: &str) -> u32 {
    let m = Move::parse(mv, pos.variant()).unwrap();
    pos.play(m).unwrap().seeds_of(Side::North)
}

/// Every level, under a small node budget, plays `want` in `pos`; in Hoyito from level
/// 2: Hoyito's level 1 plays at random but for a move that ends the game at once (its
/// ladder's bottom step, issue 32).
fn every_level_plays(pos: &Position, want: &str) {
    let want = Move::parse(want, pos.variant()).unwrap();
    let first = if pos.variant().is_katro() { 1 } else { 2 };
    for level in first..=5 {
        for seed in 0..3 {
            let r = ai(level, seed, 20_000).choose(pos, &[]).unwrap();
            assert_eq!(r.mv, want, "level {level} seed {seed} in {pos}: {r:?}");
        }
    }
}

/// K6b/K9: South's `d1+` sows d2 and c2; c2 was occupied and lies in South's front row,
/// so c3 opposite (North's front row and his last seed) is captured; North has nothing
/// left, the move ends and North, to move without a seed, has lost. `d1-` ends in the
/// empty b1. The winning move is found and scored as a proven win.
#[test]
fn katro_k6b_finds_the_winning_capture() {
    let pos: Position = "katro:4x4/0,0,0,2/0,0,13,0/0,0,1,0/0,0,0,0 s"
        .parse()
        .unwrap();
    // Premise, by the rules engine: d1+ wins, d1- does not.
    let won = pos
        .play(Move::parse("d1+", pos.variant()).unwrap())
        .unwrap();
    assert!(won.outcome().winner() == Some(Side::South));
    assert_eq!(north_after(&pos, "d1-"), 1);
    every_level_plays(&pos, "d1+");
    let r = ai(5, 0, 10_000).choose(&pos, &[]).unwrap();
    assert!(r.score > WIN_BOUND, "{r:?}");
}

/// K7: South's `a1-` drops its seed in a2, which is occupied and in his front row, so
/// North's 8 seeds in a3 opposite are captured and sown on, with two more captures on
/// the way (18 seeds in all). Every other move (`a1+`, `d1+`, `d1-`) ends in an empty
/// hole without capturing, leaving South 3 seeds against 29.
#[test]
fn katro_k7_takes_the_big_capture() {
    let pos: Position = "katro:4x4/1,0,0,1/1,0,0,0/8,0,0,0/5,5,5,6 s"
        .parse()
        .unwrap();
    assert_eq!(north_after(&pos, "a1-"), 29 - 18);
    for other in ["a1+", "d1+", "d1-"] {
        assert_eq!(north_after(&pos, other), 29, "{other}");
    }
    every_level_plays(&pos, "a1-");
}

/// H6a/H7/H8: South's `a1` drops its one seed in b1, making four: a casa; that leaves
/// exactly four seeds in play (c2), which South takes too, and the game ends 28 to 20.
/// `b1` instead ends in the empty e1 and captures nothing.
#[test]
fn hoyito_h7_takes_the_last_four_and_wins() {
    let pos: Position = "hoyito/1,3,0,0,0,0/0,0,4,0,0,0 s 20 20".parse().unwrap();
    let after = pos.play(Move::parse("a1", pos.variant()).unwrap()).unwrap();
    assert_eq!((after.store(Side::South), after.board_total()), (28, 0));
    every_level_plays(&pos, "a1");
    // Level 1, random otherwise, takes a move that wins at once.
    for seed in 0..8 {
        let r = ai(1, seed, 20_000).choose(&pos, &[]).unwrap();
        assert_eq!(r.mv.to_string(), "a1", "level 1 seed {seed}: {r:?}");
    }
    let r = ai(5, 0, 10_000).choose(&pos, &[]).unwrap();
    assert!(r.score > WIN_BOUND, "{r:?}");
}

/// H5: South's `a1` sows b1 (three becomes four: a casa in passing, captured) and c1
/// (empty: the move ends); `b1` sows c1, d1, e1 and ends in the empty e1 capturing
/// nothing. The capture is taken.
#[test]
fn hoyito_h5_takes_the_casa_in_passing() {
    let pos: Position = "hoyito/2,3,0,0,0,0/0,0,0,7,0,0 s 18 18".parse().unwrap();
    let take = pos.play(Move::parse("a1", pos.variant()).unwrap()).unwrap();
    let quiet = pos.play(Move::parse("b1", pos.variant()).unwrap()).unwrap();
    assert_eq!(
        (take.store(Side::South), quiet.store(Side::South)),
        (22, 18)
    );
    every_level_plays(&pos, "a1");
}

/// Plays `games` games between level `hi` and level `lo`, sides swapped every game;
/// returns `hi`'s points (a win 1, a draw 1/2). With `random_plies`, each pair of games
/// (the same opening, sides swapped) starts after that many random plies drawn from
/// the pair's number, as `mancala-bot selfplay --random-plies N --pairs` measures the
/// ladder (issue 32).
fn duel(game: &str, (hi, lo): (u8, u8), games: u64, nodes: u64, random_plies: u32) -> f64 {
    let v: Variant = game.parse().unwrap();
    let mut points = 0.0;
    for g in 0..games {
        let hi_side = if g % 2 == 0 { Side::South } else { Side::North };
        let mut a = ai(hi, 100 + g, nodes);
        let mut b = ai(lo, 200 + g, nodes);
        let mut game = mancala_ai::opening::random_opening(v, random_plies, g / 2);
        while !game.outcome().is_over() && game.moves().len() < 1000 {
            let r = if game.position().to_move() == hi_side {
                a.choose_in_game(&game)
            } else {
                b.choose_in_game(&game)
            };
            game.play(r.unwrap().mv).unwrap();
        }
        points += match game.outcome().winner() {
            Some(w) if w == hi_side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    points
}

/// Asserts that each level scores at least `share` of the points against the one below
/// in `games` games of `game`, sides swapped every game, after `random_plies` random
/// plies.
fn ladder_holds(game: &str, games: u64, nodes: u64, random_plies: u32, share: f64) {
    for (hi, lo) in [(2, 1), (3, 2), (4, 3), (5, 4)] {
        let p = duel(game, (hi, lo), games, nodes, random_plies);
        assert!(
            p >= share * games as f64,
            "{game}: level {hi} scored {p} of {games} against level {lo}"
        );
    }
}

/// Issue 5: each level beats the one below in at least 60% of the games, sides swapped
/// every game (reduced run: few games, node budgets instead of time; the full ladder is
/// measured with `mancala-bot selfplay`).
#[test]
fn katro_each_level_beats_the_one_below() {
    ladder_holds("katro", 8, 60_000, 0, 0.6);
}

/// As [`katro_each_level_beats_the_one_below`], for Hoyito: 40 games in pairs from
/// openings of two random plies, as the ladder is measured (issue 32). From the start
/// alone the games say little: North wins it with good play (see the crate's README
/// line on the start position), so between two good levels the sides decide. The
/// requirement's 65%, as the levels' steps are spread for it.
#[test]
fn hoyito_each_level_beats_the_one_below() {
    ladder_holds("hoyito", 40, 60_000, 2, 0.65);
}

/// Runs [`Ai::analyse`] on a new level-5 AI and collects its reports.
fn analyse(pos: &Position, history: &[Position], limits: &Limits) -> (Vec<Iteration>, Ai) {
    let mut a = ai(5, 0, 1);
    let mut seen = Vec::new();
    let found = a.analyse(pos, history, limits, &mut |it| seen.push(it.clone()));
    let found = found.unwrap();
    let last = seen.last().expect("at least the first iteration");
    // The result counts the nodes of an iteration cut off too.
    assert_eq!(found.depth, last.depth);
    assert!(found.nodes >= last.nodes);
    (seen, a)
}

/// Plays `pv` from `pos`, each move legal in turn (the line may end the game).
fn assert_legal_line(pos: &Position, pv: &[Move]) {
    let mut p = *pos;
    for (i, &mv) in pv.iter().enumerate() {
        assert!(p.is_legal(mv), "pv move {i} {mv} in {p} (pv {pv:?})");
        p = p.play(mv).unwrap();
    }
}

/// Each iteration is reported once, depths 1 to the limit in order, nodes growing, with a
/// legal principal variation that starts with the move the search returns (level 5 has
/// no random error, so its pick is the best iteration's first move).
#[test]
fn analyse_reports_every_iteration_with_a_legal_line() {
    for game in ["katro", "katro:4x4", "hoyito", "hoyito:2x9"] {
        let pos = Position::new(game.parse().unwrap());
        let limits = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        let mut a = ai(5, 0, 1);
        let mut seen: Vec<Iteration> = Vec::new();
        let found = a
            .analyse(&pos, &[], &limits, &mut |it| seen.push(it.clone()))
            .unwrap();
        let depths: Vec<u32> = seen.iter().map(|it| it.depth).collect();
        assert_eq!(depths, [1, 2, 3, 4, 5], "{game}");
        assert!(seen.windows(2).all(|w| w[0].nodes < w[1].nodes), "{game}");
        for it in &seen {
            assert!(!it.pv.is_empty() && it.pv.len() <= 32, "{game} {it:?}");
            assert_legal_line(&pos, &it.pv);
        }
        let last = seen.last().unwrap();
        assert_eq!((found.mv, found.score), (last.pv[0], last.score), "{game}");
        // Deep enough for the table to hold more than the root move.
        assert!(last.pv.len() >= 2, "{game} {last:?}");
    }
}

/// The same level, seed and node budget give the same move, score, depth and nodes
/// through [`Ai::analyse`] as through [`Ai::choose`] with that configuration: both run
/// one search.
#[test]
fn analyse_searches_as_choose_does() {
    let v: Variant = "katro:4x4".parse().unwrap();
    let mut game = Game::new(v);
    for ply in 0..6u64 {
        let level = 1 + (ply % 5) as u8;
        let chosen = ai(level, ply, 5_000).choose_in_game(&game).unwrap();
        let limits = Limits {
            level,
            nodes: Some(5_000),
            ..Limits::default()
        };
        let mut history = Vec::new();
        let mut replay = Game::new(v);
        for &mv in game.moves() {
            history.push(replay.position());
            replay.play(mv).unwrap();
        }
        let analysed = ai(level, ply, 1)
            .analyse(&game.position(), &history, &limits, &mut |_| {})
            .unwrap();
        assert_eq!(chosen, analysed, "ply {ply}");
        game.play(chosen.mv).unwrap();
    }
}

/// A depth limit above the level's cap is cut to the cap (Hoyito's level 3 looks two
/// plies).
#[test]
fn analyse_keeps_the_levels_depth_cap() {
    let pos = Position::new(Variant::HOYITO);
    let limits = Limits {
        level: 3,
        depth: Some(9),
        ..Limits::default()
    };
    let mut depths = Vec::new();
    ai(3, 0, 1)
        .analyse(&pos, &[], &limits, &mut |it| depths.push(it.depth))
        .unwrap();
    assert_eq!(depths, [1, 2]);
}

/// A stop flag raised before the search still gives a move: the first iteration is
/// always completed, and no other is started.
#[test]
fn analyse_stopped_at_once_still_finds_a_move() {
    let pos = Position::new(Variant::KATRO);
    let limits = Limits {
        stop: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    let (seen, _) = analyse(&pos, &[], &limits);
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].depth, 1);
}

/// A search without limits runs until another thread raises the stop flag, then returns
/// promptly with the last completed iteration's move.
#[test]
fn analyse_ends_when_another_thread_raises_the_stop_flag() {
    let pos = Position::new(Variant::KATRO);
    let stop = Arc::new(AtomicBool::new(false));
    let raiser = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::Relaxed);
            Instant::now()
        })
    };
    let limits = Limits {
        stop: Some(stop),
        ..Limits::default()
    };
    let (seen, _) = analyse(&pos, &[], &limits);
    let done = Instant::now();
    let raised = raiser.join().unwrap();
    assert!(done >= raised, "it ran until the flag was raised");
    assert!(
        done - raised < Duration::from_millis(1000),
        "stopped {:?} after the flag",
        done - raised
    );
    assert!(seen.len() >= 2, "{seen:?}");
}

/// A time limit ends the search: no iteration starts after half of it, and the search is
/// cut off at the full budget.
#[test]
fn analyse_keeps_to_its_movetime() {
    let pos = Position::new(Variant::KATRO);
    let limits = Limits {
        movetime: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    let t0 = Instant::now();
    let (seen, _) = analyse(&pos, &[], &limits);
    // Generous margins: the machine may be busy with other builds.
    assert!(
        t0.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t0.elapsed()
    );
    assert!(seen
        .iter()
        .all(|it| it.elapsed < Duration::from_millis(400)));
}

/// K6b/K9: in the won Katro position of [`katro_k6b_finds_the_winning_capture`] the
/// search proves the win in one ply, stops deepening, and says so.
#[test]
fn analyse_reports_a_proven_win_and_its_distance() {
    let pos: Position = "katro:4x4/0,0,0,2/0,0,13,0/0,0,1,0/0,0,0,0 s"
        .parse()
        .unwrap();
    let (seen, _) = analyse(&pos, &[], &Limits::default());
    let last = seen.last().unwrap();
    assert_eq!(Score::from_raw(last.score), Score::Win(1));
    assert_eq!(last.pv, [Move::parse("d1+", pos.variant()).unwrap()]);
}

/// A bad level and a finished game are typed errors, and nothing is reported.
#[test]
fn analyse_refuses_a_bad_level_and_a_finished_game() {
    let mut a = ai(5, 0, 1);
    let mut calls = 0;
    let bad = Limits {
        level: 0,
        ..Limits::default()
    };
    let start = Position::new(Variant::KATRO);
    assert_eq!(
        a.analyse(&start, &[], &bad, &mut |_| calls += 1),
        Err(SearchError::Level(0))
    );
    let over: Position =
        "katro/4,4,4,4,4,4/4,4,4,4,4,4/4,4,4,4,4,4/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 n"
            .parse()
            .unwrap();
    assert_eq!(
        a.analyse(&over, &[], &Limits::default(), &mut |_| calls += 1),
        Err(SearchError::NoMove)
    );
    assert_eq!(calls, 0);
}

/// Raw scores read as centi-seeds inside ±WIN_BOUND, and as plies to a proven result
/// beyond.
#[test]
fn scores_read_as_seeds_or_proven_results() {
    assert_eq!(Score::from_raw(250), Score::CentiSeeds(250));
    assert_eq!(Score::from_raw(-WIN_BOUND), Score::CentiSeeds(-WIN_BOUND));
    assert_eq!(Score::from_raw(WIN - 3), Score::Win(3));
    assert_eq!(Score::from_raw(-(WIN - 4)), Score::Loss(4));
}

/// The first six plies of a `variant` game the AI plays against itself at `level` with
/// `seed`, varying its opening for `opening_plies` plies, under a node budget
/// (deterministic).
fn opening(variant: Variant, level: u8, seed: u64, opening_plies: u32) -> Vec<String> {
    let mut ai = Ai::new(SearchConfig {
        level,
        ms_per_move: 0,
        tt_mb: 1,
        seed,
        max_nodes: Some(20_000),
        opening_plies,
    })
    .unwrap();
    let mut game = Game::new(variant);
    let mut out = Vec::new();
    for _ in 0..6 {
        let Some(found) = ai.choose_in_game(&game) else {
            break;
        };
        game.play(found.mv).unwrap();
        out.push(found.mv.to_string());
    }
    out
}

/// Issue 34: at level 5 the AI varies its opening where moves near the best exist
/// (Hoyito's first plies): over 16 games (seeds) it plays more different openings than
/// with its best moves alone (the equal-scored moves a seed picks among anyway), and
/// one game (one seed) always gets the same moves, so a game can be replayed. (Katro
/// 6x6's first plies are forced: its two mirror-image openings stay the only ones.)
#[test]
fn varied_openings_differ_from_game_to_game_and_replay_by_seed() {
    let v = Variant::HOYITO;
    let plain: std::collections::BTreeSet<_> = (0..16).map(|s| opening(v, 5, s, 0)).collect();
    let mut varied = std::collections::BTreeSet::new();
    for seed in 0..16 {
        let moves = opening(v, 5, seed, 6);
        assert_eq!(opening(v, 5, seed, 6), moves, "seed {seed} replays");
        varied.insert(moves);
    }
    assert!(
        varied.len() > plain.len(),
        "{} openings varied, {} plain",
        varied.len(),
        plain.len()
    );
}
