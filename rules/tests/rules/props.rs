//! Property tests over random games on every board, and the search-found test data for
//! the rare rules (K8/H9 endless moves, K10/H10 repetitions) with independent checks.

use std::collections::HashSet;

use mancala_rules::{
    Dir, EndReason, Event, Game, Hole, Move, Outcome, Position, Side, Trace, Variant,
};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::util::{mv, pos};

/// K8 test data: South's c1+ here relays for ever: North has no seed, so no capture
/// can break the cycle (K7). Found by a random search over 4x4 positions (no endless
/// Katro move was found in 2,000,000 positions where the opponent has seeds);
/// `endless_moves_really_cycle` shows the cycle.
pub const KATRO_ENDLESS: (&str, &str) = ("katro:4x4/2,3,2,2/1,2,3,1/0,0,0,0/0,0,0,0 s", "c1+");

/// H9 test data: South's d1 here relays for ever (found by a random search).
pub const HOYITO_ENDLESS: (&str, &str) = ("hoyito/0,2,1,2,0,2/1,0,1,2,0,1 s 16 20", "d1");

/// K10 test data: the shortest repetition a random search found on 6x6 with one seed a
/// hole; the position after the 13th move is the third occurrence.
pub const KATRO_REPETITION: (&str, &[&str]) = (
    "katro/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1 s",
    &[
        "d1-", "b6+", "c1-", "d6-", "a1-", "c6+", "d1-", "b6-", "c1+", "c6+", "d1+", "b6-", "e1-",
    ],
);

/// H10 test data: a random Hoyito game from the start that ends by repetition at move 41.
pub const HOYITO_REPETITION: (&str, &[&str]) = (
    "hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0",
    &[
        "d1", "d2", "e1", "a2", "d1", "c2", "f1", "a2", "b1", "b2", "d1", "d2", "a1", "e2", "c1",
        "a2", "d1", "f2", "c1", "c2", "a1", "d2", "c1", "e2", "e1", "c2", "f1", "d2", "b1", "c2",
        "d1", "e2", "c1", "e2", "d1", "c2", "f1", "b2", "d1", "b2", "d1",
    ],
);

/// An independent, naive re-statement of a sowing (explicit track lists, a set of seen
/// lap states) used as an oracle: returns true when the sowing provably never ends
/// because a lap starts twice in the same state (board, hand, track position).
fn naive_sowing_cycles(p: &Position, m: Move) -> bool {
    let v = p.variant();
    let idx = |s: &str| v.index(s.parse::<Hole>().unwrap());
    let (track, hoyito): (Vec<usize>, bool) = match (v, m, p.to_move()) {
        (
            Variant::Katro {
                rows: 4, cols: 4, ..
            },
            Move::Sow { dir: Dir::Plus, .. },
            Side::South,
        ) => {
            // With no North seed there is no capture (K7): the sowing is relays only.
            assert_eq!(
                p.seeds_of(Side::North),
                0,
                "oracle covers capture-free Katro sowing"
            );
            (
                "a1 b1 c1 d1 d2 c2 b2 a2".split(' ').map(idx).collect(),
                false,
            )
        }
        (Variant::Hoyito { cols: 6, .. }, _, _) => (
            "a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2"
                .split(' ')
                .map(idx)
                .collect(),
            true,
        ),
        _ => panic!("oracle covers only the test data's tracks"),
    };
    let mut board: Vec<u32> = (0..v.holes())
        .map(|i| p.seeds(v.hole(i)).unwrap() as u32)
        .collect();
    let mut at = track.iter().position(|&i| i == v.index(m.from())).unwrap();
    let mut hand = std::mem::take(&mut board[track[at]]);
    let mut seen = HashSet::new();
    loop {
        if !seen.insert((board.clone(), hand, at)) {
            return true;
        }
        while hand > 0 {
            at = (at + 1) % track.len();
            board[track[at]] += 1;
            hand -= 1;
            if hoyito && board[track[at]] == 4 {
                return false; // a casa: this oracle only follows capture-free cycles
            }
        }
        let h = track[at];
        if board[h] == 1 {
            return false;
        }
        hand = std::mem::take(&mut board[h]);
    }
}

/// K8/H9: the search-found endless moves really never end.
#[test]
fn endless_moves_really_cycle() {
    for (p, m) in [KATRO_ENDLESS, HOYITO_ENDLESS] {
        let p = pos(p);
        assert!(naive_sowing_cycles(&p, mv(&p, m)), "{p} {m}");
    }
}

// ----- random games -------------------------------------------------------------------

/// Every board of RULES.md: Katro 6x6, 4x6, 4x4 with 1-4 seeds and K11 on or off; Hoyito
/// 2x6 to 2x12.
fn start_position(pick: u8, seeds: u8, steps: bool) -> Position {
    let names = [
        "katro",
        "katro:4x6",
        "katro:4x4",
        "hoyito",
        "hoyito:2x7",
        "hoyito:2x9",
        "hoyito:2x12",
    ];
    let v: Variant = names[pick as usize % names.len()].parse().unwrap();
    if v.is_katro() {
        Position::with_seeds(v.with_lone_steps(steps), seeds).unwrap()
    } else {
        Position::new(v)
    }
}

/// Every well-formed move of the position's game, legal or not.
fn all_moves(v: Variant) -> Vec<Move> {
    let holes: Vec<Hole> = (0..v.holes()).map(|i| v.hole(i)).collect();
    let mut out = Vec::new();
    for &from in &holes {
        if v.is_katro() {
            out.push(Move::Sow {
                from,
                dir: Dir::Plus,
            });
            out.push(Move::Sow {
                from,
                dir: Dir::Minus,
            });
            for &to in &holes {
                out.push(Move::Step { from, to });
            }
        } else {
            out.push(Move::Hoyito { from });
        }
    }
    out
}

/// Seeds in play after an event must equal the start's: Katro board + hand (captures
/// are sown on); Hoyito board + hand + stores = 4 per open hole (H1, H7).
fn check_conservation(t: &Trace, total: u32) {
    for e in &t.events {
        let p = e.position;
        let stores = p.store(Side::South) as u32 + p.store(Side::North) as u32;
        assert_eq!(
            p.board_total() + e.hand as u32 + stores,
            total,
            "{:?} in {}",
            e.event,
            t.mv
        );
    }
    let a = t.after;
    assert_eq!(
        a.board_total() + a.store(Side::South) as u32 + a.store(Side::North) as u32,
        total
    );
}

/// Rebuilds the board event by event from the events' data alone (sown holes, lifted,
/// taken, casas), and checks it against each event's snapshot and the final position.
fn check_replay(t: &Trace) {
    let v = t.before.variant();
    let mut board: Vec<i64> = (0..v.holes())
        .map(|i| t.before.seeds(v.hole(i)).unwrap() as i64)
        .collect();
    match t.mv {
        Move::Sow { from, .. } | Move::Hoyito { from } => board[v.index(from)] = 0,
        Move::Step { from, to } => {
            board[v.index(from)] -= 1;
            board[v.index(to)] += 1;
        }
    }
    for e in &t.events {
        for &h in &e.sown {
            board[v.index(h)] += 1;
        }
        match e.event {
            Event::Relay { hole, lifted } => {
                assert_eq!(board[v.index(hole)], lifted as i64);
                board[v.index(hole)] = 0;
            }
            Event::Capture {
                hole,
                target,
                taken,
            } => {
                assert_eq!(board[v.index(target)], taken as i64);
                board[v.index(target)] = 0;
                if e.hand == 0 {
                    board[v.index(hole)] += taken as i64; // K6b: the winning capture stays in h
                } else {
                    assert_eq!(e.hand as i64, taken as i64 + board[v.index(hole)]);
                    board[v.index(hole)] = 0;
                }
            }
            Event::Casa { hole } => {
                assert_eq!(board[v.index(hole)], 4);
                board[v.index(hole)] = 0;
            }
            Event::LastFour => board.iter_mut().for_each(|s| *s = 0),
            Event::Pass { .. } | Event::Stop { .. } => {}
        }
        let snap: Vec<i64> = (0..v.holes())
            .map(|i| e.position.seeds(v.hole(i)).unwrap() as i64)
            .collect();
        assert_eq!(board, snap, "after {:?} of {}", e.event, t.mv);
    }
    let swept = t.after.board_total() == 0 && board.iter().any(|&s| s > 0);
    if !swept {
        let after: Vec<i64> = (0..v.holes())
            .map(|i| t.after.seeds(v.hole(i)).unwrap() as i64)
            .collect();
        assert_eq!(board, after, "final board of {}", t.mv);
    }
}

/// The outcome agrees with the final position (K9, K10, H7, H8, H10).
fn check_outcome(g: &Game, history: &[Position]) {
    let p = g.position();
    match g.outcome() {
        Outcome::Ongoing => panic!("game did not end"),
        Outcome::Win {
            winner,
            reason: EndReason::NoLegalMove,
        } => {
            assert!(p.variant().is_katro());
            assert_eq!(p.to_move(), winner.other());
            assert!(p.legal_moves().is_empty());
        }
        Outcome::Win {
            reason: EndReason::Repetition,
            ..
        }
        | Outcome::Draw {
            reason: EndReason::Repetition,
        } => {
            let last = history.last().unwrap();
            assert_eq!(history.iter().filter(|&q| q == last).count(), 3);
            // H10: the rows were swept into the stores.
            if !p.variant().is_katro() {
                assert_eq!(p.board_total(), 0);
            }
        }
        Outcome::Win {
            winner,
            reason: EndReason::AllCaptured | EndReason::Stalemate,
        } => {
            assert_eq!(p.board_total(), 0);
            assert!(p.store(winner) > p.store(winner.other()));
        }
        Outcome::Draw { .. } => assert_eq!(p.store(Side::South), p.store(Side::North)),
        Outcome::Win {
            reason: EndReason::Resignation,
            ..
        } => unreachable!(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// `Game::advance` plays the same game as `Game::play`, without traces: after every
    /// move of a random game on every board (with K11 steps or not) the positions, the
    /// captures (K6b, counted from the seeds the mover's side gained) and the outcomes
    /// (K9, K10, H7, H8, H10) agree, and an illegal move changes neither.
    #[test]
    fn advance_plays_the_same_game_as_play(pick in 0u8..7, seeds in 1u8..=4, steps: bool, seed: u64) {
        let start = start_position(pick, seeds, steps);
        let (mut traced, mut fast) = (Game::from_position(start), Game::from_position(start));
        let mut rng = SmallRng::seed_from_u64(seed);
        let every = all_moves(start.variant());
        for _ in 0..5_000 {
            if traced.outcome().is_over() {
                break;
            }
            let candidate = every[rng.gen_range(0..every.len())];
            let (a, b) = (traced.play(candidate).is_ok(), fast.advance(candidate).is_ok());
            prop_assert_eq!(a, b, "{}", candidate);
            prop_assert_eq!(traced.position(), fast.position());
            prop_assert_eq!(traced.outcome(), fast.outcome());
            for side in [Side::South, Side::North] {
                prop_assert_eq!(traced.captured(side), fast.captured(side));
            }
        }
        prop_assert_eq!(traced.moves(), fast.moves());
    }

    /// Random games on every board: seeds conserved after every event; the trace replays
    /// to the final board; `legal_moves` and `play` agree on every well-formed move; a
    /// game that ends (within 20,000 plies) ends with an outcome consistent with its last
    /// position.
    #[test]
    fn random_games_keep_every_invariant(pick in 0u8..7, seeds in 1u8..=4, steps: bool, seed: u64) {
        let start = start_position(pick, seeds, steps);
        let total = start.board_total();
        let mut g = Game::from_position(start);
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut history = vec![g.position()];
        let every = all_moves(start.variant());
        for ply in 0..20_000 {
            if g.outcome().is_over() {
                break;
            }
            let p = g.position();
            let legal = g.legal_moves();
            prop_assert!(!legal.is_empty(), "ongoing without legal moves at ply {}", ply);
            if ply % 7 == 0 {
                for &m in &every {
                    let listed = legal.contains(&m);
                    prop_assert_eq!(p.is_legal(m), listed, "{} at {}", m, p);
                    prop_assert_eq!(p.play(m).is_ok(), listed, "{} at {}", m, p);
                }
            }
            let m = legal[rng.gen_range(0..legal.len())];
            // The position the move makes: what repetition counts. (After an H10
            // repetition the game's position is the swept board, which is new.)
            let made = p.play(m).unwrap();
            let t = g.play(m).unwrap();
            check_conservation(&t, total);
            check_replay(&t);
            history.push(made);
        }
        // K10/H10 end every game, but not within any fixed number of plies: with a few
        // seeds spread over a 2x12 board a random game can wander 20,000 plies without a
        // third repetition (seen once in ~1,600 games). Only an ended game is checked.
        if g.outcome().is_over() {
            check_outcome(&g, &history);
        }
    }
}
