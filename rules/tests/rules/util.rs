//! Helpers shared by the test modules.

use mancala_rules::{Event, Hole, Move, Position, Trace};

/// A hole from its name.
pub fn h(s: &str) -> Hole {
    s.parse().unwrap()
}

/// A position from its N4 string.
pub fn pos(s: &str) -> Position {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A move of `p`'s game from its text.
pub fn mv(p: &Position, s: &str) -> Move {
    Move::parse(s, p.variant()).unwrap()
}

/// The events of a trace, without their boards.
pub fn events(t: &Trace) -> Vec<Event> {
    t.events.iter().map(|e| e.event).collect()
}

/// Plays `m` on the position given as a string and returns the trace.
pub fn play(p: &str, m: &str) -> Trace {
    let p = pos(p);
    p.play_traced(mv(&p, m))
        .unwrap_or_else(|e| panic!("{m}: {e}"))
}
