//! What a puzzle trains (its themes, read from the rules' traces of its moves and from
//! the position) and how hard it is (its rating).

use mancala_rules::{Event, Move, Position, Side, Trace};

use super::Judgement;
use crate::endgame::HOYITO_SEEDS;

/// The idea a puzzle trains; the same list as the bot's puzzle sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Theme {
    /// A solver move relays (K6c, H6c) at least once before it captures (K6b/K7, H5,
    /// H6a, H7).
    RelayCapture,
    /// Hoyito: a solver move makes a casa in passing (H5): a casa after which seeds
    /// are still in the hand.
    CasaInPassing,
    /// Hoyito: a solver move's capture leaves four seeds in play and takes them too,
    /// ending the game (H7).
    LastFour,
    /// Few seeds left: Hoyito with at most [`HOYITO_SEEDS`] seeds on the board (on 2x6,
    /// inside the endgame tables); Katro with one side holding at most a row's worth
    /// (as many seeds as columns), near K9.
    Endgame,
    /// Katro: the first move captures from the facing row (K6b, K7).
    Capture,
    /// The first move captures nothing and stops the opponent's best capture: he could
    /// take at least a casa (Hoyito, four seeds) or two seeds (Katro) were it his turn,
    /// and after the move his best capture is smaller by at least as much.
    Defence,
    /// The line is longer than one move (three plies or more).
    Deep,
}

/// The themes of the puzzle `line` from `pos` (solver moves at even indices), in the
/// order of [`Theme`]; empty when none applies (such a position is not shipped).
pub fn themes(pos: &Position, line: &[Move]) -> Vec<Theme> {
    let katro = pos.variant().is_katro();
    let mut found = Vec::new();
    let mut at = *pos;
    let mut first: Option<Trace> = None;
    for (i, &mv) in line.iter().enumerate() {
        let Ok(trace) = at.play_traced(mv) else {
            break;
        };
        at = trace.after;
        if i % 2 == 1 {
            continue;
        }
        if relay_then_capture(&trace) {
            found.push(Theme::RelayCapture);
        }
        for e in &trace.events {
            match e.event {
                Event::Casa { .. } if e.hand > 0 => found.push(Theme::CasaInPassing),
                Event::LastFour => found.push(Theme::LastFour),
                _ => {}
            }
        }
        if i == 0 {
            first = Some(trace);
        }
    }
    let endgame = if katro {
        let cols = u32::from(pos.variant().cols());
        pos.seeds_of(Side::South).min(pos.seeds_of(Side::North)) <= cols
    } else {
        pos.board_total() <= u32::from(HOYITO_SEEDS)
    };
    if endgame {
        found.push(Theme::Endgame);
    }
    if let Some(t) = &first {
        if katro && t.captures() > 0 {
            found.push(Theme::Capture);
        }
        if t.captures() == 0 && is_defence(pos, &t.after) {
            found.push(Theme::Defence);
        }
    }
    if line.len() >= 3 {
        found.push(Theme::Deep);
    }
    found.sort();
    found.dedup();
    found
}

/// Whether the move of `trace` relays (K6c, H6c) before a capture of its own.
fn relay_then_capture(trace: &Trace) -> bool {
    let relay = trace
        .events
        .iter()
        .position(|e| matches!(e.event, Event::Relay { .. }));
    relay.is_some_and(|r| {
        trace.events[r..]
            .iter()
            .any(|e| e.event.is_capture() || e.event == Event::LastFour)
    })
}

/// The seeds the player to move of `pos` gains with his best immediate move: Hoyito
/// seeds into his store, Katro seeds onto his half (K6b); 0 without a move.
fn best_gain(pos: &Position) -> i64 {
    let me = pos.to_move();
    let mine = |p: &Position| {
        if p.variant().is_katro() {
            i64::from(p.seeds_of(me))
        } else {
            i64::from(p.store(me))
        }
    };
    let before = mine(pos);
    pos.children()
        .iter()
        .map(|(_, c)| mine(c) - before)
        .max()
        .unwrap_or(0)
        .max(0)
}

/// `pos` with the other player to move (through its N4 string), if that is a position.
fn flipped(pos: &Position) -> Option<Position> {
    let text = pos.to_string();
    let mut parts: Vec<&str> = text.split(' ').collect();
    let side = parts.get_mut(1)?;
    *side = match *side {
        "s" => "n",
        "n" => "s",
        _ => return None,
    };
    parts.join(" ").parse().ok()
}

/// Whether the move from `pos` to `after` stops the opponent's best capture (see
/// [`Theme::Defence`]).
fn is_defence(pos: &Position, after: &Position) -> bool {
    let threshold = if pos.variant().is_katro() { 2 } else { 4 };
    let Some(theirs) = flipped(pos) else {
        return false;
    };
    let before = best_gain(&theirs);
    let left = if after.to_move() == pos.to_move() {
        // He passes (H3): no capture of his follows.
        0
    } else {
        best_gain(after)
    };
    before >= threshold && before - left >= threshold
}

/// The difficulty of a puzzle on the scale of player ratings, 600 to 2600:
///
/// `600 + 250 (f - 1) + 35 (n - 2) + 200 (p - 1) / 2`, clamped to 600..=2600,
///
/// where `f` is the shallowest search depth (plies) from which the solution is the
/// best move at every deeper depth the finder looked ([`Judgement::found_at`]: 1 when
/// the position right after the move shows it, as a capture does), `n` the legal moves
/// of the start position (more to choose from is harder), and `p` the line's plies
/// (each further solver move adds 200). A one-move capture among few moves is about
/// 650; a move that shows only at depth 5, among 10 moves, with a line of five plies,
/// is about 2280.
pub fn rating(judgement: &Judgement, plies: usize) -> u16 {
    let f = judgement.found_at() as i64;
    let n = judgement.moves.len() as i64;
    let p = plies as i64;
    let r = 600 + 250 * (f - 1) + 35 * (n - 2) + 200 * ((p - 1) / 2);
    r.clamp(600, 2600) as u16
}
