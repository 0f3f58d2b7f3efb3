//! Hoyito match play M1-M4, resumed from hand-made end-of-game positions.

use mancala_rules::{Game, Match, Outcome, PlayError, Side, Variant};

use super::util::{events, h, pos};

/// M1, M2, M3: South wins 28-20 (H7 example). South refills all six holes (24) and keeps
/// 4 in reserve; North's 20 fill f2, e2, d2, c2, b2 (from his left, the highest column),
/// a2 stays closed. South, the winner, moves first.
#[test]
fn m1_m2_m3_refill_closed_hole_winner_first() {
    let game = Game::from_position(pos("hoyito/3,3,0,0,0,0/1,1,0,0,0,0 s 20 20"));
    let mut m = Match::resume(game, Side::South, [0, 0]).unwrap();
    let r = m.play_text("a1").unwrap();
    assert!(matches!(
        r.game_over,
        Some(Outcome::Win {
            winner: Side::South,
            ..
        })
    ));
    assert_eq!(m.games_played(), 1);
    assert_eq!(m.wins(Side::South), 1);
    assert_eq!((m.reserve(Side::South), m.reserve(Side::North)), (4, 0));
    assert_eq!(
        m.game().position().to_string(),
        "hoyito/4,4,4,4,4,4/x,4,4,4,4,4 s 0 0"
    );
    assert_eq!(m.first(), Side::South);
    assert_eq!(m.winner(), None);
}

/// M2: sowing skips a closed hole, and it cannot be played. North's a2 seed would go to
/// a1, which is closed: it lands in b1 (empty): end.
#[test]
fn m2_closed_hole_skipped_and_unplayable() {
    let p = pos("hoyito/x,0,1,1,1,0/1,0,0,0,0,0 n 20 20");
    let t = p.play_traced(super::util::mv(&p, "a2")).unwrap();
    assert_eq!(
        events(&t),
        vec![mancala_rules::Event::Stop { hole: h("b1") }]
    );
    assert_eq!(
        t.after.to_string(),
        "hoyito/x,1,1,1,1,0/0,0,0,0,0,0 s 20 20"
    );
    let q = t.after;
    assert_eq!(
        q.play(super::util::mv(&q, "a1")),
        Err(PlayError::ClosedHole { hole: h("a1") })
    );
}

/// M3: after a draw (24-24) the player who moved second moves first: South moved first,
/// so North starts the next game. Both refill all six holes.
#[test]
fn m3_after_draw_second_player_starts() {
    let game = Game::from_position(pos("hoyito/3,3,0,0,0,0/1,1,0,0,0,0 s 16 24"));
    let mut m = Match::resume(game, Side::South, [0, 0]).unwrap();
    m.play_text("a1").unwrap();
    assert_eq!(
        m.game().position().to_string(),
        "hoyito/4,4,4,4,4,4/4,4,4,4,4,4 n 0 0"
    );
    assert_eq!(m.first(), Side::North);
}

/// M2: a closed hole reopens as soon as a refill reaches it: North with 16 + 4 reserve =
/// 20 next time fills five holes.
#[test]
fn m2_reserve_counts_at_next_refill() {
    // North captured 16 this game and kept 4 in reserve.
    // 20 + 16 + 8 on the board = 44: f2 was closed this game.
    let game = Game::from_position(pos("hoyito/3,3,0,0,0,0/1,1,0,0,0,x s 20 16"));
    let mut m = Match::resume(game, Side::South, [0, 4]).unwrap();
    m.play_text("a1").unwrap();
    // South 28 -> six holes and 4 over; North 16 + 4 = 20 -> five holes, a2 closed.
    assert_eq!(
        m.game().position().to_string(),
        "hoyito/4,4,4,4,4,4/x,4,4,4,4,4 s 0 0"
    );
    assert_eq!((m.reserve(Side::South), m.reserve(Side::North)), (4, 0));
}

/// M4: North ends a game with 2 seeds in all: fewer than four, South wins the match.
#[test]
fn m4_match_ends_below_four_seeds() {
    let game = Game::from_position(pos("hoyito/3,3,0,0,0,0/1,1,0,0,0,0 s 38 2"));
    let mut m = Match::resume(game, Side::South, [0, 0]).unwrap();
    m.play_text("a1").unwrap();
    assert_eq!(m.winner(), Some(Side::South));
    assert_eq!(m.play_text("a1").unwrap_err(), PlayError::GameOver);
}

/// M1: match play is Hoyito's.
#[test]
fn m1_katro_has_no_match() {
    assert!(Match::new(Variant::KATRO).is_err());
}

/// MX1 match lengths: `FirstTo(n)` ends at the n-th win, not before (M3 still sets the
/// first mover of the next game).
#[test]
fn mx1_length_first_to_ends_at_the_nth_win() {
    use mancala_rules::{MatchEnding, MatchLength};
    let mut m = Match::with_length(Variant::HOYITO, MatchLength::FirstTo(2)).unwrap();
    assert!(m.resign_game(Side::South).is_some());
    assert_eq!((m.wins(Side::North), m.first()), (1, Side::North));
    assert!(!m.is_over());
    assert_eq!(m.starts().len(), 2);
    let mut m = Match::with_length(Variant::HOYITO, MatchLength::FirstTo(1)).unwrap();
    m.resign_game(Side::North);
    assert_eq!(
        (m.winner(), m.ending()),
        (Some(Side::South), Some(MatchEnding::Length))
    );
}

/// MX2 the repetition (with MX3 resigned games): a game that would start from a start the match already had ends
/// the match; a match of M4 alone is decided by the seeds each holds (H10, H8), equal
/// seeds draw.
#[test]
fn mx2_mx3_repetition_of_a_start_ends_the_match() {
    use mancala_rules::MatchEnding;
    let mut m = Match::new(Variant::HOYITO).unwrap();
    m.resign_game(Side::South);
    m.resign_game(Side::North);
    // Game 3 would start as game 1: 24 seeds each, a drawn match.
    assert!(m.is_over());
    assert_eq!(m.winner(), None);
    assert_eq!(m.ending(), Some(MatchEnding::Repetition));
    assert_eq!(m.games_played(), 2);
    assert_eq!(m.play_text("a1").unwrap_err(), PlayError::GameOver);
    assert_eq!(m.resign_game(Side::South), None);
}

/// MX1: `Games(2)` at one win each is a drawn match (equal wins draw, as equal captures
/// draw a game, H8); the length is checked before the repetition.
#[test]
fn mx1_h8_length_games_2_tied_is_drawn() {
    use mancala_rules::{MatchEnding, MatchLength};
    let mut m = Match::with_length(Variant::HOYITO, MatchLength::Games(2)).unwrap();
    m.resign_game(Side::South);
    m.resign_game(Side::North);
    assert_eq!((m.winner(), m.ending()), (None, Some(MatchEnding::Length)));
}
