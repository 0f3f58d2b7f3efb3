//! The finder on hand-made positions whose answer is known.

use super::*;
use crate::endgame::{self, Tables};

/// The shared tables of this test process: 8 seeds, built in a second, so that the
/// finder does not build the default 12-seed ones (the positions here hold 8 or 12
/// seeds; 12 lies outside these tables and is searched).
fn small_tables() {
    if endgame::ready().is_none() {
        let _ = endgame::install(Tables::build(8).expect("8-seed tables"));
    }
}

fn finder(variant: Variant) -> Finder {
    Finder::new(FinderConfig {
        nodes: 4_000,
        ..FinderConfig::for_variant(variant)
    })
    .expect("finder")
}

fn mv(text: &str, pos: &Position) -> Move {
    Move::parse(text, pos.variant()).expect("a move")
}

/// H6a, H7: `a1` drops its seed on `b1`'s three, a casa that leaves four seeds in play,
/// which South takes too and wins 28-20; `b1` makes no casa and lets North take the
/// last eight. A one-move puzzle won by the tables' proof, tagged last four and
/// endgame.
#[test]
fn h7_a_one_move_win_is_a_puzzle_with_its_themes() {
    small_tables();
    let pos: Position = "hoyito/1,3,0,0,0,0/0,0,0,3,1,0 s 20 20".parse().unwrap();
    let mut f = finder(pos.variant());
    let found = f.find(&pos, &[]).expect("a puzzle");
    assert_eq!(found.solution, vec![mv("a1", &pos)]);
    assert_eq!(found.goal, Goal::Win);
    assert_eq!(found.themes, vec![Theme::LastFour, Theme::Endgame]);
    assert!(found.judgement.moves[0].wins());
    assert!(!found.judgement.moves[1].wins());
    assert_eq!(found.judgement.found_at(), 1, "the capture shows at once");
    assert!((600..=1000).contains(&found.rating), "{}", found.rating);
    assert_eq!(f.check(&pos, &[], &found.solution, Some(Goal::Win)), Ok(()));
    assert_eq!(
        f.check(&pos, &[], &[mv("b1", &pos)], None),
        Err(CheckError::NotOnly {
            index: 0,
            found: Some(mv("a1", &pos))
        })
    );
}

/// H6a, H7: `a1` and `d1` each make a casa on a three that leaves four seeds in play
/// (and so does `b1`'s last seed on `e1`): several moves win, so no move is the only
/// one and the position is no puzzle.
#[test]
fn h7_two_equally_winning_moves_are_no_puzzle() {
    small_tables();
    let pos: Position = "hoyito/1,3,0,1,3,0/0,0,0,0,0,0 s 20 20".parse().unwrap();
    let mut f = finder(pos.variant());
    let j = f.judge(&pos, &[]);
    assert!(j.moves.iter().filter(|m| m.wins()).count() >= 2, "{j:?}");
    assert_eq!((j.gap, j.only), (0, None));
    assert_eq!(f.find(&pos, &[]), None);
}

/// K4, K5: from the Katro start every move has its mirror image (`c1+` and `d1-`),
/// worth the same: no puzzle. The moves are compared at one depth, reached by all.
#[test]
fn k4_mirror_moves_of_the_katro_start_are_no_puzzle() {
    let pos = Position::new(Variant::katro(4, 4).unwrap());
    let mut f = finder(pos.variant());
    let j = f.judge(&pos, &[]);
    assert_eq!(j.moves.len(), 8);
    assert!(j.depth >= 2, "{j:?}");
    assert!(j.moves.iter().all(|m| m.at(j.depth).is_some()));
    assert_eq!((j.gap, j.only), (0, None));
}

/// H5: `f1` sows its first seed onto North's three in `f2`, a casa taken in passing,
/// and its last into `e2`; the eight seeds left are a proven win for South (the
/// tables), while every other move loses or draws. The puzzle is tagged a casa in
/// passing, and not a last four (no capture leaves four).
#[test]
fn h5_a_casa_in_passing_is_tagged() {
    small_tables();
    let pos: Position = "hoyito/1,1,0,1,0,2/1,1,0,0,2,3 s 18 18".parse().unwrap();
    let mut f = finder(pos.variant());
    let found = f.find(&pos, &[]).expect("a puzzle");
    assert_eq!(found.solution, vec![mv("f1", &pos)]);
    assert_eq!(found.goal, Goal::Win);
    assert_eq!(found.themes, vec![Theme::CasaInPassing, Theme::Endgame]);
    assert_eq!(
        f.check(&pos, &[], &found.solution, Some(found.goal)),
        Ok(())
    );
}

/// K6b, K7 (the review's test position): `a1-` captures 18 seeds from the facing row,
/// every other move nothing: a seeds puzzle by far more than the Katro margin, tagged
/// a capture.
#[test]
fn k7_the_big_capture_is_a_seeds_puzzle() {
    let pos: Position = "katro:4x4/1,0,0,1/1,0,0,0/8,0,0,0/5,5,5,6 s"
        .parse()
        .unwrap();
    let mut f = finder(pos.variant());
    let found = f.find(&pos, &[]).expect("a puzzle");
    assert_eq!(found.solution[0], mv("a1-", &pos));
    assert!(found.themes.contains(&Theme::Capture), "{found:?}");
    match found.goal {
        Goal::Win => {}
        // 18 seeds captured against none: the margin counts them (K6b), at least 3.
        Goal::Seeds { margin } => assert!(
            margin >= 3 && i32::from(margin) * 200 >= margin_for(pos.variant()),
            "{margin}"
        ),
    }
    assert_eq!(found.solution.len() % 2, 1);
}

/// The rating formula's corners: the easiest puzzle is 600-ish, and it is clamped.
#[test]
fn ratings_grow_with_depth_moves_and_length() {
    let m = |v: i32| MoveValue {
        mv: Move::parse("a1", Variant::HOYITO).unwrap(),
        by_depth: vec![v; 3],
        settled: false,
    };
    let j = Judgement {
        moves: vec![m(500), m(0)],
        depth: 3,
        cap: 2400,
        gap: 500,
        only: None,
    };
    assert_eq!(j.found_at(), 1);
    assert_eq!(rating(&j, 1), 600);
    assert_eq!(rating(&j, 5), 1000);
    let mut late = j.clone();
    late.moves[1].by_depth = vec![900, 900, 0];
    assert_eq!(late.found_at(), 3);
    assert_eq!(rating(&late, 1), 1100);
    late.moves.extend(std::iter::repeat_n(m(0), 100));
    assert_eq!(rating(&late, 7), 2600);
}
