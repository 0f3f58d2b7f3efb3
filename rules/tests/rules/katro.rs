//! Katro rules K1-K11 on small hand-made positions. Each test's comment gives the
//! hand-worked reasoning.

use mancala_rules::{
    Dir, EndReason, Event, Game, Move, Outcome, PlayError, Position, Side, Variant, LAP_CAP,
};

use super::util::{events, h, mv, play, pos};

/// K1: 6x6, two seeds in every hole (72), South moves first; 4x6 and 4x4 boards; 1-4
/// seeds per hole.
#[test]
fn k1_start_positions() {
    let p = Position::new(Variant::KATRO);
    assert_eq!(p.board_total(), 72);
    assert_eq!(p.to_move(), Side::South);
    assert_eq!((p.seeds_of(Side::South), p.seeds_of(Side::North)), (36, 36));
    let small: Variant = "katro:4x6".parse().unwrap();
    assert_eq!(Position::new(small).board_total(), 48);
    assert_eq!(
        Position::with_seeds(Variant::KATRO, 3)
            .unwrap()
            .board_total(),
        108
    );
    assert!(Position::with_seeds(Variant::KATRO, 0).is_err());
    assert!(Position::with_seeds(Variant::KATRO, 5).is_err());
}

/// K2, K4, K5: 18 seeds from a1 with `+` go b1..f1, f2..a2, a3..f3 (17 holes) and the
/// 18th lands in the emptied a1, which is not skipped; a1 was empty, so the move ends
/// there (K6a). Every South hole then holds one seed.
#[test]
fn k2_k4_k5_south_plus_track_and_start_hole_not_skipped() {
    let t = play(
        "katro/18,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 s",
        "a1+",
    );
    let names: Vec<String> = t.events[0].sown.iter().map(|x| x.to_string()).collect();
    assert_eq!(
        names.join(" "),
        "b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2 a3 b3 c3 d3 e3 f3 a1"
    );
    assert_eq!(events(&t), vec![Event::Stop { hole: h("a1") }]);
    assert_eq!(
        t.after.to_string(),
        "katro/1,1,1,1,1,1/1,1,1,1,1,1/1,1,1,1,1,1/3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 n"
    );
}

/// K4: South `-` mirrors `+`: from f1, e1..a1, a2..f2, f3..a3, then f1.
#[test]
fn k4_south_minus_track() {
    let t = play(
        "katro/0,0,0,0,0,18/0,0,0,0,0,0/0,0,0,0,0,0/3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 s",
        "f1-",
    );
    let names: Vec<String> = t.events[0].sown.iter().map(|x| x.to_string()).collect();
    assert_eq!(
        names.join(" "),
        "e1 d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 f3 e3 d3 c3 b3 a3 f1"
    );
}

/// K4: North `+` is South's `+` turned half round: f6..a6, a5..f5, f4..a4, then f6;
/// North `-`: a6..f6, f5..a5, a4..f4, then a6.
#[test]
fn k4_north_tracks() {
    let t = play(
        "katro/3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,18 n",
        "f6+",
    );
    let names: Vec<String> = t.events[0].sown.iter().map(|x| x.to_string()).collect();
    assert_eq!(
        names.join(" "),
        "e6 d6 c6 b6 a6 a5 b5 c5 d5 e5 f5 f4 e4 d4 c4 b4 a4 f6"
    );
    let t = play(
        "katro/3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3/0,0,0,0,0,0/0,0,0,0,0,0/18,0,0,0,0,0 n",
        "a6-",
    );
    let names: Vec<String> = t.events[0].sown.iter().map(|x| x.to_string()).collect();
    assert_eq!(
        names.join(" "),
        "b6 c6 d6 e6 f6 f5 e5 d5 c5 b5 a5 a4 b4 c4 d4 e4 f4 a6"
    );
}

/// K3: South's outer row is empty, so he must start from row 2, where only a2 (one
/// seed: allowed) is occupied; f3 is refused naming row 2. Both directions end at once
/// in an empty hole (a2+ drops into a3, a2- into b2), so both are legal.
#[test]
fn k3_outermost_row_with_seeds_and_single_seed() {
    let p = pos("katro/0,0,0,0,0,0/1,0,0,0,0,0/0,0,0,0,0,1/4,4,4,4,3,3/4,4,4,4,4,4/4,4,4,4,4,4 s");
    let legal: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(legal, ["a2+", "a2-"]);
    assert_eq!(
        p.play(mv(&p, "f3+")),
        Err(PlayError::WrongRow {
            hole: h("f3"),
            must_row: 1
        })
    );
    assert!(p
        .play(mv(&p, "f3+"))
        .unwrap_err()
        .to_string()
        .contains("row 2"));
    assert_eq!(
        p.play(mv(&p, "b2+")),
        Err(PlayError::EmptyHole { hole: h("b2") })
    );
    assert_eq!(
        p.play(mv(&p, "a5+")),
        Err(PlayError::NotYourHole {
            hole: h("a5"),
            mover: Side::South
        })
    );
}

/// K3: an empty hole of the right row is refused as empty; passing does not exist.
#[test]
fn k3_empty_hole_refused() {
    let p = Position::new(Variant::KATRO);
    let after = p.play(mv(&p, "a1+")).unwrap();
    // a1 was lifted: it is South's and empty now, but it is North's turn anyway.
    assert_eq!(
        after.play(mv(&after, "a1+")),
        Err(PlayError::NotYourHole {
            hole: h("a1"),
            mover: Side::North
        })
    );
    let q = pos("katro/0,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,4/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 s");
    assert_eq!(
        q.play(mv(&q, "a1-")),
        Err(PlayError::EmptyHole { hole: h("a1") })
    );
}

/// K6a, K6c: E1's laps are relays (the last seed falls into an occupied hole outside the
/// front row) and the move ends in e2, which was empty.
#[test]
fn k6a_k6c_relay_then_stop_in_empty_hole() {
    let t = Position::new(Variant::KATRO)
        .play_traced(Move::Sow {
            from: h("c1"),
            dir: Dir::Plus,
        })
        .unwrap();
    assert_eq!(
        t.events[0].event,
        Event::Relay {
            hole: h("e1"),
            lifted: 3
        }
    );
    // Relay: e1 is emptied, its 3 seeds are in hand.
    assert_eq!(t.events[0].position.seeds(h("e1")), Some(0));
    assert_eq!(t.events[0].hand, 3);
    assert_eq!(
        t.events.last().unwrap().event,
        Event::Stop { hole: h("e2") }
    );
}

/// K6b, K7 (front rows one row further out): South's inner row 3 is empty, so his front
/// row is row 2; North's row 4 is empty, so his front row is row 5. f1's one seed falls
/// into f2 (1 -> 2), in South's front row; the target f5 holds 5: capture. 5 + 2 = 7
/// seeds are sown from e2 along `+`: e2 d2 c2 b2 a2 a3 b3; b3 was empty: end.
#[test]
fn k6b_k7_capture_from_central_row_into_opponent_central_row() {
    let t = play(
        "katro/0,0,0,0,0,1/0,0,0,0,0,1/0,0,0,0,0,0/0,0,0,0,0,0/5,5,5,5,5,5/7,7,7,7,6,6 s",
        "f1+",
    );
    assert_eq!(
        events(&t),
        vec![
            Event::Capture {
                hole: h("f2"),
                target: h("f5"),
                taken: 5
            },
            Event::Stop { hole: h("b3") },
        ]
    );
    assert_eq!(
        t.events[1].sown,
        ["e2", "d2", "c2", "b2", "a2", "a3", "b3"].map(h)
    );
    assert_eq!(
        t.after.to_string(),
        "katro/0,0,0,0,0,0/1,1,1,1,1,0/1,1,0,0,0,0/0,0,0,0,0,0/5,5,5,5,5,0/7,7,7,7,6,6 n"
    );
}

/// K7: a lap ending in an occupied hole outside the mover's front row relays, even with
/// seeds opposite. Here f2 (row 2) gets the last seed while South's row 3 holds seeds:
/// relay of 2 from f2 into e2 d2; d2 was empty: stop.
#[test]
fn k7_no_capture_outside_front_row() {
    let t = play(
        "katro/0,0,0,0,0,1/0,0,0,0,0,1/1,0,0,0,0,0/4,4,4,4,4,4/4,4,4,4,4,4/4,4,4,3,3,3 s",
        "f1+",
    );
    assert_eq!(
        events(&t),
        vec![
            Event::Relay {
                hole: h("f2"),
                lifted: 2
            },
            Event::Stop { hole: h("d2") }
        ]
    );
}

/// K6b (winning capture) and K9: on 4x4, d1's seed falls into d2 (1 -> 2) in South's
/// front row; North's only seeds are d3's 2. Taking them leaves North with nothing, so
/// they are put into d2 (4) and the move ends; North cannot move and loses.
#[test]
fn k6b_k9_capture_of_last_seeds_wins() {
    let mut g = Game::from_position(pos("katro:4x4/4,4,4,1/0,0,0,1/0,0,0,2/0,0,0,0 s"));
    let t = g.play_text("d1+").unwrap();
    assert_eq!(
        events(&t),
        vec![
            Event::Capture {
                hole: h("d2"),
                target: h("d3"),
                taken: 2
            },
            Event::Stop { hole: h("d2") },
        ]
    );
    assert_eq!(
        g.position().to_string(),
        "katro:4x4/4,4,4,0/0,0,0,4/0,0,0,0/0,0,0,0 n"
    );
    assert_eq!(
        g.outcome(),
        Outcome::Win {
            winner: Side::South,
            reason: EndReason::NoLegalMove
        }
    );
    assert_eq!(g.captured(Side::South), 2);
    assert_eq!(g.play_text("a4+"), Err(PlayError::GameOver));
}

/// K9: a player to move with no seed has no legal move and loses.
#[test]
fn k9_no_seed_loses() {
    let p = pos("katro:4x4/0,0,0,0/0,0,0,0/4,4,4,4/4,4,4,4 s");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Side::North,
            reason: EndReason::NoLegalMove
        }
    );
}

/// K8: the lap cap. An endless Katro sowing is refused with its reason and not offered.
/// The position was found by a search over random 4x4 positions; that the sowing really
/// never ends is shown independently in `props::endless_moves_really_cycle`.
#[test]
fn k8_endless_move_refused_and_not_offered() {
    let p = pos(super::props::KATRO_ENDLESS.0);
    let m = mv(&p, super::props::KATRO_ENDLESS.1);
    assert_eq!(
        p.play(m),
        Err(PlayError::Endless {
            mv: m,
            laps: LAP_CAP
        })
    );
    assert!(!p.legal_moves().contains(&m));
    assert!(p.play(m).unwrap_err().to_string().contains("endless"));
}

/// K10: the third occurrence of a position (board and player to move) draws.
#[test]
fn k10_third_repetition_draws() {
    let (start, moves) = super::props::KATRO_REPETITION;
    let mut g = Game::from_position(pos(start));
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(g.outcome(), Outcome::Ongoing, "before move {}", i + 1);
        g.play_text(m).unwrap();
    }
    assert_eq!(
        g.outcome(),
        Outcome::Draw {
            reason: EndReason::Repetition
        }
    );
    // The final position occurred three times in the record.
    let mut replay = Game::from_position(pos(start));
    let mut seen = vec![replay.position()];
    for m in moves {
        replay.play_text(m).unwrap();
        seen.push(replay.position());
    }
    let last = *seen.last().unwrap();
    assert_eq!(seen.iter().filter(|&&p| p == last).count(), 3);
}

/// K11: South's lone seed b1 steps to b2 (his front row now); the K7 target b3 holds 3:
/// captured, and 3 + 1 = 4 seeds are sown from the hole after b2 along `+` (4x4 track
/// a1 b1 c1 d1 d2 c2 b2 a2): a2 a1 b1 c1; c1 was empty: end.
#[test]
fn k11_lone_seed_step_with_capture() {
    let p = pos("katro:4x4/0,1,0,0/0,0,0,0/0,3,0,0/3,3,3,3 s").with_lone_steps(true);
    let legal: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(legal, ["b1+", "b1-", "b1^a2", "b1^b2", "b1^c2"]);
    let t = p.play_traced(mv(&p, "b1^b2")).unwrap();
    assert_eq!(
        events(&t),
        vec![
            Event::Capture {
                hole: h("b2"),
                target: h("b3"),
                taken: 3
            },
            Event::Stop { hole: h("c1") },
        ]
    );
    assert_eq!(
        t.after.to_string(),
        "katro:4x4/1,1,1,0/1,0,0,0/0,0,0,0/3,3,3,3 n"
    );
}

/// K11: a step onto a hole whose target is empty just moves the seed; steps are refused
/// when the variant is off, when they are not one row inward, or with more than one seed.
#[test]
fn k11_step_without_capture_and_refusals() {
    let p = pos("katro:4x4/0,1,0,0/0,0,0,0/0,3,0,0/3,3,3,3 s").with_lone_steps(true);
    let t = p.play_traced(mv(&p, "b1^c2")).unwrap();
    assert_eq!(events(&t), vec![Event::Stop { hole: h("c2") }]);
    assert_eq!(
        t.after.to_string(),
        "katro:4x4/0,0,0,0/0,0,1,0/0,3,0,0/3,3,3,3 n"
    );
    let off = p.with_lone_steps(false);
    assert!(matches!(
        off.play(mv(&off, "b1^b2")),
        Err(PlayError::WrongKind { .. })
    ));
    assert!(matches!(
        p.play(mv(&p, "b1^d2")),
        Err(PlayError::WrongKind { .. })
    ));
    let two = pos("katro:4x4/0,1,1,0/0,0,0,0/0,3,0,0/3,3,3,2 s").with_lone_steps(true);
    assert!(matches!(
        two.play(mv(&two, "b1^b2")),
        Err(PlayError::WrongKind { .. })
    ));
}
