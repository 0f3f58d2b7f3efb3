//! Hoyito I rules H1-H10 on small hand-made positions, with the hand-worked reasoning.

use mancala_rules::{EndReason, Event, Game, Outcome, PlayError, Position, Side, Variant, LAP_CAP};

use super::util::{events, h, mv, play, pos};

/// H1: 2x6, four seeds a hole (48), South first, no stores on the board; up to 2x12.
#[test]
fn h1_start_positions() {
    let p = Position::new(Variant::HOYITO);
    assert_eq!(p.board_total(), 48);
    assert_eq!(p.to_move(), Side::South);
    assert_eq!((p.store(Side::South), p.store(Side::North)), (0, 0));
    let big: Variant = "hoyito:2x12".parse().unwrap();
    assert_eq!(Position::new(big).board_total(), 96);
    assert!(Position::with_seeds(Variant::HOYITO, 3).is_err());
}

/// H2, H4, H6b, H6c: f1's 2 seeds go f2 e2 (the track runs on into North's row, toward
/// a2); e2 had 1: relay 2 into d2 c2; c2 had 1: relay 2 into b2 a2; a2 had 1: relay 2
/// into a1 b1 (back into South's row); b1 was empty: the move ends.
#[test]
fn h2_h6_anticlockwise_track_relays_and_stop() {
    let t = play("hoyito/0,0,0,0,0,2/1,1,1,1,1,1 s 20 20", "f1");
    assert_eq!(
        events(&t),
        vec![
            Event::Relay {
                hole: h("e2"),
                lifted: 2
            },
            Event::Relay {
                hole: h("c2"),
                lifted: 2
            },
            Event::Relay {
                hole: h("a2"),
                lifted: 2
            },
            Event::Stop { hole: h("b1") },
        ]
    );
    assert_eq!(t.events[3].sown, [h("a1"), h("b1")]);
    assert_eq!(
        t.after.to_string(),
        "hoyito/1,1,0,0,0,0/0,2,0,2,0,2 n 20 20"
    );
}

/// H3: any occupied hole of one's own row; not the opponent's, not an empty one.
#[test]
fn h3_start_hole_rules() {
    let p = Position::new(Variant::HOYITO);
    assert_eq!(p.legal_moves().len(), 6);
    assert_eq!(
        p.play(mv(&p, "a2")),
        Err(PlayError::NotYourHole {
            hole: h("a2"),
            mover: Side::South
        })
    );
    let q = pos("hoyito/0,0,0,0,0,2/1,1,1,1,1,1 s 20 20");
    assert_eq!(
        q.play(mv(&q, "a1")),
        Err(PlayError::EmptyHole { hole: h("a1") })
    );
    assert!(mancala_rules::Move::parse("a1+", Variant::HOYITO).is_err());
}

/// H3: a1's seed falls into the empty b1: the move ends. North's row is empty, so he has
/// no legal move and passes (made by the engine); South moves again.
#[test]
fn h3_automatic_pass() {
    let mut g = Game::from_position(pos("hoyito/1,0,1,1,1,0/0,0,0,0,0,0 s 22 22"));
    let t = g.play_text("a1").unwrap();
    assert_eq!(
        events(&t),
        vec![
            Event::Stop { hole: h("b1") },
            Event::Pass {
                player: Side::North
            }
        ]
    );
    assert_eq!(
        g.position().to_string(),
        "hoyito/0,1,1,1,1,0/0,0,0,0,0,0 s 22 22"
    );
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

/// H3 on a set-up position: North to move with an empty row passes at once.
#[test]
fn h3_pass_on_set_up_position() {
    let g = Game::from_position(pos("hoyito/1,0,1,1,1,0/0,0,0,0,0,0 n 22 22"));
    assert_eq!(
        g.opening_event(),
        Some(Event::Pass {
            player: Side::North
        })
    );
    assert_eq!(g.position().to_move(), Side::South);
}

/// H5: a1's 3 seeds: b1 (3 -> 4) is a casa in passing, captured at once; the lap goes
/// on into c1, d1; d1 was empty: end. South's store 16 -> 20.
#[test]
fn h5_casa_in_passing() {
    let t = play("hoyito/3,3,0,0,0,0/2,2,2,2,1,1 s 16 16", "a1");
    assert_eq!(
        events(&t),
        vec![Event::Casa { hole: h("b1") }, Event::Stop { hole: h("d1") }]
    );
    assert_eq!(t.events[0].sown, [h("b1")]);
    assert_eq!(t.events[0].hand, 2);
    assert_eq!(t.events[1].sown, [h("c1"), h("d1")]);
    assert_eq!(
        t.after.to_string(),
        "hoyito/0,0,1,1,0,0/2,2,2,2,1,1 n 20 16"
    );
}

/// H5: a casa is the mover's whoever owns the hole: f1's 2 seeds make f2, in North's
/// row, 3 -> 4 (a casa, South takes it), then e2 (0 -> 1, was empty): end.
#[test]
fn h5_casa_in_opponents_row() {
    let t = play("hoyito/2,2,0,0,0,2/2,2,2,1,0,3 s 16 16", "f1");
    assert_eq!(
        events(&t),
        vec![Event::Casa { hole: h("f2") }, Event::Stop { hole: h("e2") }]
    );
    assert_eq!(t.after.store(Side::South), 20);
}

/// H6a: a1's single seed makes b1 exactly four: captured, and the move ends there.
#[test]
fn h6a_last_seed_casa_ends_move() {
    let t = play("hoyito/1,3,0,0,0,0/2,2,2,2,2,2 s 16 16", "a1");
    assert_eq!(
        events(&t),
        vec![Event::Casa { hole: h("b1") }, Event::Stop { hole: h("b1") }]
    );
    assert_eq!(
        t.after.to_string(),
        "hoyito/0,0,0,0,0,0/2,2,2,2,2,2 n 20 16"
    );
}

/// H7, H8: a1's 3 seeds make b1 a casa (South 20 -> 24); in play are then a2 and b2 (1
/// each) and the 2 in hand: exactly four, so South takes them too (28) and the game ends
/// in mid-lap. 28 > 20: South wins.
#[test]
fn h7_h8_last_four_and_result() {
    let mut g = Game::from_position(pos("hoyito/3,3,0,0,0,0/1,1,0,0,0,0 s 20 20"));
    let t = g.play_text("a1").unwrap();
    assert_eq!(
        events(&t),
        vec![Event::Casa { hole: h("b1") }, Event::LastFour]
    );
    assert_eq!(
        g.position().to_string(),
        "hoyito/0,0,0,0,0,0/0,0,0,0,0,0 n 28 20"
    );
    assert_eq!(
        g.outcome(),
        Outcome::Win {
            winner: Side::South,
            reason: EndReason::AllCaptured
        }
    );
}

/// H8: equal captures draw: as above from 16 to 24 against North's 24.
#[test]
fn h8_equal_captures_draw() {
    let mut g = Game::from_position(pos("hoyito/3,3,0,0,0,0/1,1,0,0,0,0 s 16 24"));
    g.play_text("a1").unwrap();
    assert_eq!(
        g.outcome(),
        Outcome::Draw {
            reason: EndReason::AllCaptured
        }
    );
}

/// H9: an endless Hoyito sowing is refused and not offered (found by search; shown to
/// cycle in `props::endless_moves_really_cycle`).
#[test]
fn h9_endless_move_refused() {
    let p = pos(super::props::HOYITO_ENDLESS.0);
    let m = mv(&p, super::props::HOYITO_ENDLESS.1);
    assert_eq!(
        p.play(m),
        Err(PlayError::Endless {
            mv: m,
            laps: LAP_CAP
        })
    );
    assert!(!p.legal_moves().contains(&m));
    assert!(!p.legal_moves().is_empty());
}

/// H10: the third occurrence of a position ends the game; each player adds the seeds of
/// his own row to his captures, then H8 decides.
#[test]
fn h10_repetition_adds_rows_to_captures() {
    let (start, moves) = super::props::HOYITO_REPETITION;
    let mut g = Game::from_position(pos(start));
    let (last, rest) = moves.split_last().unwrap();
    for m in rest {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.outcome(), Outcome::Ongoing);
    let before = g.position().play(mv(&g.position(), last)).unwrap();
    let rows = [before.seeds_of(Side::South), before.seeds_of(Side::North)];
    let stores = [
        before.store(Side::South) as u32,
        before.store(Side::North) as u32,
    ];
    g.play_text(last).unwrap();
    let end = g.position();
    assert_eq!(end.board_total(), 0);
    assert_eq!(end.store(Side::South) as u32, stores[0] + rows[0]);
    assert_eq!(end.store(Side::North) as u32, stores[1] + rows[1]);
    let expect = match (stores[0] + rows[0]).cmp(&(stores[1] + rows[1])) {
        std::cmp::Ordering::Greater => Outcome::Win {
            winner: Side::South,
            reason: EndReason::Repetition,
        },
        std::cmp::Ordering::Less => Outcome::Win {
            winner: Side::North,
            reason: EndReason::Repetition,
        },
        std::cmp::Ordering::Equal => Outcome::Draw {
            reason: EndReason::Repetition,
        },
    };
    assert_eq!(g.outcome(), expect);
}
