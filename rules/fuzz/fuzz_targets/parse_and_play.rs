//! Fuzzes the parsers (holes, moves, game names, position strings: RULES.md N1-N4) and
//! `play` from parsed positions. Never panics; and on every parsed position:
//! - Display round-trips (N4);
//! - `legal_moves()` and `is_legal`/`play` agree on every well-formed move;
//! - a played move conserves seeds (Katro board total; Hoyito board + stores).
//!
//! Input: line 1 a position string (or a game name), the other lines move texts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_rules::{Dir, Game, Hole, Move, Position, Side, Variant};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let _ = first.parse::<Hole>();
    let _ = first.parse::<Variant>();
    let start = match first.parse::<Position>() {
        Ok(p) => {
            assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
            p
        }
        Err(e) => {
            let _ = e.to_string();
            match first.parse::<Variant>() {
                Ok(v) => Position::new(v),
                Err(_) => return,
            }
        }
    };
    let v = start.variant();
    // legal_moves and play agree on every well-formed move.
    let legal = start.legal_moves();
    for i in 0..v.holes() {
        let from = v.hole(i);
        let candidates: Vec<Move> = if v.is_katro() {
            vec![Move::Sow { from, dir: Dir::Plus }, Move::Sow { from, dir: Dir::Minus }]
        } else {
            vec![Move::Hoyito { from }]
        };
        for m in candidates {
            let ok = start.play(m).is_ok();
            assert_eq!(ok, legal.contains(&m), "{m} at {start}");
            assert_eq!(start.is_legal(m), ok);
        }
    }
    let total = |p: &Position| p.board_total() + p.store(Side::South) as u32 + p.store(Side::North) as u32;
    let mut game = Game::from_position(start.with_lone_steps(true));
    for line in lines.take(64) {
        let _ = Move::parse(line, v);
        let before = game.position();
        match game.play_text(line) {
            Ok(t) => {
                assert_eq!(total(&t.after), total(&before));
                let _ = game.outcome();
            }
            Err(e) => {
                let _ = e.to_string();
                assert_eq!(game.position(), before);
            }
        }
    }
});
