//! Notation N1-N4: holes, moves, game names, position strings; round trips and errors.

use mancala_rules::{Dir, Hole, Move, ParseKind, ParseReason, Position, Variant, VariantError};

/// N1: columns from South's left, rows from South's edge; absolute, lower-case output.
#[test]
fn n1_hole_names() {
    assert_eq!("c1".parse::<Hole>().unwrap(), Hole::new(2, 0));
    assert_eq!("F6".parse::<Hole>().unwrap(), Hole::new(5, 5));
    assert_eq!(" l 2 ".parse::<Hole>().unwrap().to_string(), "l2");
    for bad in ["", "1c", "m1", "a0", "a7", "a10", "aa1", "c-1"] {
        let e = bad.parse::<Hole>().unwrap_err();
        assert_eq!(e.kind(), ParseKind::Hole, "{bad}");
    }
}

/// N2: Katro `c1+`/`c1-`, bare hole means `+`, case and spaces ignored, canonical output;
/// Hoyito a bare hole; errors name the text and the accepted form.
#[test]
fn n2_move_text() {
    let k = Variant::KATRO;
    assert_eq!(
        Move::parse("C1 +", k).unwrap(),
        Move::Sow {
            from: Hole::new(2, 0),
            dir: Dir::Plus
        }
    );
    assert_eq!(Move::parse("c1", k).unwrap().to_string(), "c1+");
    assert_eq!(Move::parse(" e6 - ", k).unwrap().to_string(), "e6-");
    assert_eq!(Move::parse("B1^C2", k).unwrap().to_string(), "b1^c2");
    assert_eq!(
        Move::parse("D1", Variant::HOYITO).unwrap().to_string(),
        "d1"
    );
    let e = Move::parse("g1+", k).unwrap_err();
    assert!(
        e.to_string().contains("g1+") && e.to_string().contains("off the katro board"),
        "{e}"
    );
    assert!(e.to_string().contains("like `c1+`"), "{e}");
    let e = Move::parse("d1-", Variant::HOYITO).unwrap_err();
    assert!(e.to_string().contains("no direction"), "{e}");
    assert!(Move::parse("a3", Variant::HOYITO).is_err());
    assert!(Move::parse("", k).is_err());
    for doubled in ["c1+-", "a1++", "a1 - -"] {
        let e = Move::parse(doubled, k).unwrap_err();
        assert!(e.to_string().contains("one direction only"), "{e}");
    }
}

/// N3: game names and sizes.
#[test]
fn n3_game_names() {
    for (name, rows, cols, canon) in [
        ("katro", 6, 6, "katro"),
        ("KATRO:6x6", 6, 6, "katro"),
        ("katro:4x6", 4, 6, "katro:4x6"),
        ("katro:4x4", 4, 4, "katro:4x4"),
        ("hoyito", 2, 6, "hoyito"),
        ("hoyito:2x6", 2, 6, "hoyito"),
        ("hoyito:2x12", 2, 12, "hoyito:2x12"),
    ] {
        let v: Variant = name.parse().unwrap();
        assert_eq!(
            (v.rows(), v.cols(), v.to_string().as_str()),
            (rows, cols, canon)
        );
    }
    for bad in [
        "kalah",
        "katro:5x5",
        "hoyito:2x5",
        "hoyito:2x13",
        "hoyito:3x6",
        "",
    ] {
        assert_eq!(
            bad.parse::<Variant>().unwrap_err().kind(),
            ParseKind::Variant,
            "{bad}"
        );
    }
}

/// N4: the Katro start string of RULES.md and round trips of every start position.
#[test]
fn n4_position_strings_round_trip() {
    let start = Position::new(Variant::KATRO).to_string();
    assert_eq!(
        start,
        "katro/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 s"
    );
    for name in [
        "katro",
        "katro:4x6",
        "katro:4x4",
        "hoyito",
        "hoyito:2x9",
        "hoyito:2x12",
    ] {
        let p = Position::new(name.parse().unwrap());
        assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
    }
    let closed = "hoyito/4,0,4,x,x,x/4,4,4,4,4,0 n 4 4";
    assert_eq!(closed.parse::<Position>().unwrap().to_string(), closed);
}

/// N4: parsing reports the first fault, naming it.
#[test]
fn n4_position_errors() {
    let cases = [
        ("", "empty"),
        ("chess/1 s", "unknown game"),
        ("hoyito/4,4,4,4,4,4 s 0 0", "1 rows given"),
        ("hoyito/4,4,4,4,4/4,4,4,4,4,4 s 0 0", "row 1 has 5 holes"),
        ("hoyito/4,4,4,4,4,y/4,4,4,4,4,4 s 0 0", "`y` at f1"),
        ("hoyito/4,4,4,4,4,4/4,4,4,4,4,4 w 0 0", "`w`"),
        ("hoyito/4,4,4,4,4,4/4,4,4,4,4,4", "missing the player"),
        (
            "hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0",
            "missing North's store",
        ),
        ("hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 4 0", "must hold 48"),
        ("hoyito/4,4,4,4,4,2/4,4,4,4,4,4 s 2 0", "multiple of four"),
        ("katro:4x4/1,1,1,1/1,1,1,1/1,1,1,1/1,1,1,2 s", "17 seeds"),
        ("katro:4x4/1,1,1,1/1,1,1,1/1,1,1,1/1,1,1,x s", "closed hole"),
        (
            "katro:4x4/1,1,1,1/1,1,1,1/1,1,1,1/1,1,1,1 s 0 0",
            "no stores",
        ),
        ("katro:4x4/1,1,1,1/1,1,1,1/1,1,1,1/1,1,1,300 s", "0 to 255"),
    ];
    for (text, needle) in cases {
        let e = text.parse::<Position>().unwrap_err();
        assert_eq!(e.kind(), ParseKind::Position);
        assert!(e.to_string().contains(needle), "{text}: {e}");
    }
}

/// N1-N3, K1, H1: the faults of moves and game names are typed, so that a program can
/// word them in its user's language; Display keeps the English sentence.
#[test]
fn n2_n3_faults_are_typed() {
    let k = Variant::KATRO;
    let reason = |m: &str, v: Variant| Move::parse(m, v).unwrap_err().reason().clone();
    assert_eq!(reason("", k), ParseReason::Empty);
    assert_eq!(reason("zz+", k), ParseReason::NotAHole("zz".into()));
    assert_eq!(
        reason("g1+", k),
        ParseReason::OffBoard {
            hole: Hole::new(6, 0),
            variant: k
        }
    );
    assert_eq!(reason("a1^b2", Variant::HOYITO), ParseReason::StepInHoyito);
    assert_eq!(reason("a1+-", k), ParseReason::TwoDirections);
    assert_eq!(
        reason("a1+", Variant::HOYITO),
        ParseReason::DirectionInHoyito
    );
    let game = |g: &str| g.parse::<Variant>().unwrap_err().reason().clone();
    assert_eq!(game("chess"), ParseReason::UnknownGame);
    assert_eq!(game("katro:big"), ParseReason::KatroSize);
    assert_eq!(game("hoyito:3x6"), ParseReason::HoyitoSize);
    assert_eq!(
        game("katro:5x5"),
        ParseReason::Board(VariantError::KatroBoard { rows: 5, cols: 5 })
    );
    assert_eq!(
        game("hoyito:2x13"),
        ParseReason::Board(VariantError::HoyitoBoard { cols: 13 })
    );
    let e = Move::parse("g1+", k).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad move `g1+`: g1 is off the katro board (columns a-f, rows 1-6); expected a hole \
         and a direction, like `c1+` or `c1-` (bare `c1` means +)"
    );
}
