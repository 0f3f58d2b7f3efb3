//! RULES.md §5 worked examples E1-E3, exactly.

use mancala_rules::{Event, Game, Hole, Position, Variant};

use super::util::h;

/// E1: Katro start, South plays c1+ (K4, K5, K6, K7).
#[test]
fn e1_katro_c1_plus() {
    let mut g = Game::new(Variant::KATRO);
    let t = g.play_text("c1+").unwrap();
    let events: Vec<Event> = t.events.iter().map(|e| e.event).collect();
    assert_eq!(
        events,
        vec![
            Event::Relay {
                hole: h("e1"),
                lifted: 3
            },
            Event::Relay {
                hole: h("e2"),
                lifted: 3
            },
            Event::Relay {
                hole: h("b2"),
                lifted: 3
            },
            Event::Capture {
                hole: h("b3"),
                target: h("b4"),
                taken: 2
            },
            Event::Relay {
                hole: h("a1"),
                lifted: 3
            },
            Event::Relay {
                hole: h("d1"),
                lifted: 4
            },
            Event::Stop { hole: h("e2") },
        ]
    );
    // The capture lap sows 2+3 = 5 seeds: c3 d3 e3 f3 a1.
    assert_eq!(t.events[4].sown, ["c3", "d3", "e3", "f3", "a1"].map(h));
    assert_eq!(t.laps, 7);
    assert_eq!(
        g.position().to_string(),
        "katro/0,3,1,0,1,4/3,0,3,3,1,4/3,0,3,3,3,3/2,0,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 n"
    );
}

/// E2: Katro start, South plays c1- (K4's mirror track).
#[test]
fn e2_katro_c1_minus() {
    let mut g = Game::new(Variant::KATRO);
    let t = g.play_text("c1-").unwrap();
    let events: Vec<Event> = t.events.iter().map(|e| e.event).collect();
    assert_eq!(
        events,
        vec![
            Event::Relay {
                hole: h("a1"),
                lifted: 3
            },
            Event::Relay {
                hole: h("c2"),
                lifted: 3
            },
            Event::Relay {
                hole: h("f2"),
                lifted: 3
            },
            Event::Capture {
                hole: h("d3"),
                target: h("d4"),
                taken: 2
            },
            Event::Relay {
                hole: h("e1"),
                lifted: 3
            },
            Event::Relay {
                hole: h("b1"),
                lifted: 4
            },
            Event::Stop { hole: h("c2") },
        ]
    );
    assert_eq!(
        g.position().to_string(),
        "katro/1,0,1,3,0,3/4,4,1,3,3,0/3,3,3,0,3,3/2,2,2,0,2,2/2,2,2,2,2,2/2,2,2,2,2,2 n"
    );
}

/// E3: Hoyito start, South plays a1 (H2, H4, H6).
#[test]
fn e3_hoyito_a1() {
    let start = Position::new(Variant::HOYITO);
    let t = start
        .play_traced(
            "a1".parse::<Hole>()
                .map(|from| mancala_rules::Move::Hoyito { from })
                .unwrap(),
        )
        .unwrap();
    let events: Vec<Event> = t.events.iter().map(|e| e.event).collect();
    assert_eq!(
        events,
        vec![
            Event::Relay {
                hole: h("e1"),
                lifted: 5
            },
            Event::Relay {
                hole: h("c2"),
                lifted: 5
            },
            Event::Relay {
                hole: h("c1"),
                lifted: 6
            },
            Event::Relay {
                hole: h("d2"),
                lifted: 6
            },
            Event::Stop { hole: h("c1") },
        ]
    );
    assert_eq!(t.after.to_string(), "hoyito/2,7,1,6,1,6/6,6,1,0,6,6 n 0 0");
}
