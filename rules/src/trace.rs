//! Sowing traces: what a move did, event by event (RULES.md §6).

use crate::{Hole, Move, Position, Side};

/// One thing that happened during a move, in the order of RULES.md §6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// K6c/H6c: the last seed of a lap fell into the occupied hole `hole`; its `lifted`
    /// seeds are lifted and sown from the next hole.
    Relay {
        /// The hole emptied.
        hole: Hole,
        /// Seeds lifted from it (including the one just dropped).
        lifted: u16,
    },
    /// K6b/K7/K11 (Katro): `taken` seeds of the opponent's `target` are captured at
    /// `hole`. Unless the move ends (the opponent has no seed left: they are put into
    /// `hole`), they are lifted together with `hole`'s seeds and sown on.
    Capture {
        /// The capturing hole h, in the mover's front row.
        hole: Hole,
        /// The opponent's hole t in the same column, in his front row.
        target: Hole,
        /// Seeds taken from `target`.
        taken: u16,
    },
    /// H5/H6a (Hoyito): the hole reached exactly four and its four seeds were captured.
    Casa {
        /// The hole emptied.
        hole: Hole,
    },
    /// H7: a capture left four seeds in play; the capturer took them and the game ended.
    LastFour,
    /// H3: `player` has no legal move and passes; the mover moves again.
    Pass {
        /// The player who passes.
        player: Side,
    },
    /// The move ended with its last seed in `hole` (K6a, K6b's end, H6a, H6b), or a
    /// K11 step ended there without capture.
    Stop {
        /// Where the move ended.
        hole: Hole,
    },
}

impl Event {
    /// The JSON `kind` of RULES.md §6: `relay`, `capture`, `casa`, `last_four`, `pass`,
    /// `stop`.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Relay { .. } => "relay",
            Event::Capture { .. } => "capture",
            Event::Casa { .. } => "casa",
            Event::LastFour => "last_four",
            Event::Pass { .. } => "pass",
            Event::Stop { .. } => "stop",
        }
    }

    /// Whether this event removes seeds from the opponent or the board: a Katro capture
    /// or a Hoyito casa.
    pub fn is_capture(&self) -> bool {
        matches!(self, Event::Capture { .. } | Event::Casa { .. })
    }
}

/// An [`Event`] with the board around it: enough to draw the move step by step and to
/// rebuild the board event by event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceEvent {
    /// What happened.
    pub event: Event,
    /// The holes that received one seed each since the previous event (or the move's
    /// start), in sowing order. Empty for events that sow nothing (a pass, a
    /// `stop` right after a `capture`, a K11 step).
    pub sown: Vec<Hole>,
    /// The position right after the event: lifted seeds are off the board (in the hand),
    /// captured Hoyito seeds are in the mover's store. `to_move` is always the mover;
    /// [`Trace::after`] has the next player.
    pub position: Position,
    /// Seeds in the sowing hand right after the event (0 at the move's end).
    pub hand: u16,
}

/// Everything a move did: the position before, each event, the position after.
///
/// ```
/// use mancala_rules::{Position, Variant, Move};
/// let p = Position::new(Variant::HOYITO);
/// let t = p.play_traced(Move::parse("a1", Variant::HOYITO).unwrap()).unwrap();
/// assert_eq!(t.relays(), 4);
/// assert_eq!(t.after.to_string(), "hoyito/2,7,1,6,1,6/6,6,1,0,6,6 n 0 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The move played.
    pub mv: Move,
    /// The position before the move.
    pub before: Position,
    /// The events in order.
    pub events: Vec<TraceEvent>,
    /// The position after the move (and any automatic pass, H3).
    pub after: Position,
    /// Laps sown (a capture's lap counts, K8).
    pub laps: u32,
}

impl Trace {
    /// Number of relay events.
    pub fn relays(&self) -> usize {
        self.events
            .iter()
            .filter(|e| matches!(e.event, Event::Relay { .. }))
            .count()
    }

    /// Number of capture events (Katro captures and Hoyito casas).
    pub fn captures(&self) -> usize {
        self.events.iter().filter(|e| e.event.is_capture()).count()
    }

    /// Seeds the mover captured with this move: Katro seeds taken from the opponent,
    /// or Hoyito seeds added to the mover's store (casas and the last four).
    pub fn seeds_captured(&self) -> u32 {
        let mover = self.before.to_move();
        if self.before.variant().is_katro() {
            self.events
                .iter()
                .map(|e| match e.event {
                    Event::Capture { taken, .. } => taken as u32,
                    _ => 0,
                })
                .sum()
        } else {
            let last = self.events.last().map_or(self.before, |e| e.position);
            (last.store(mover) - self.before.store(mover)) as u32
        }
    }
}
