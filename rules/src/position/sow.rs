//! Playing a move: the sowing engine of both games. Katro laps, relays and captures
//! (K5-K8, K11), Hoyito laps, relays and casas (H4-H7, H9), then the H3 pass or the
//! H10 sweep; checked [`Position::play`] and traced [`Position::play_traced`].

use super::track::Track;
use super::Position;
use crate::trace::{Event, Trace, TraceEvent};
use crate::{Dir, Hole, Move, PlayError, Side, Variant, LAP_CAP};

/// Receives what the sowing engine does. The quiet observer compiles away, so legal-move
/// generation and search pay nothing for traces.
pub(super) trait Observer {
    #[inline]
    fn sown(&mut self, _idx: usize) {}
    #[inline]
    fn event(&mut self, _pos: &Position, _event: Event, _hand: u16) {}
}

pub(super) struct Quiet;
impl Observer for Quiet {}

struct Recorder {
    variant: Variant,
    sown: Vec<Hole>,
    events: Vec<TraceEvent>,
}

impl Observer for Recorder {
    fn sown(&mut self, idx: usize) {
        self.sown.push(self.variant.hole(idx));
    }
    fn event(&mut self, pos: &Position, event: Event, hand: u16) {
        let sown = core::mem::take(&mut self.sown);
        self.events.push(TraceEvent {
            event,
            sown,
            position: *pos,
            hand,
        });
    }
}

/// What a Katro capture check (K7) found at the end of a lap.
enum Captured {
    /// No capture: relay or stop.
    No,
    /// Captured; sow this many seeds on from the hole after h.
    SowOn(u16),
    /// Captured the opponent's last seeds: they were put into h, the move ends (K6b).
    Won,
}

/// The opponent's front row (K7) as the sowing engine knows it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OppFront {
    /// Not looked at yet.
    Unknown,
    /// The row starting at this board index.
    Row(u8),
    /// He has no seed left.
    Empty,
}

/// The sowing ended normally or was cut by the lap cap.
pub(super) struct Endless;

impl Position {
    /// Plays `mv` and returns the new position; `self` is untouched (checked play).
    ///
    /// # Errors
    /// [`PlayError`] saying why the move is illegal: game over, off the board, not the
    /// mover's hole, closed (M2), empty, K3 row rule, wrong kind of move, endless (K8/H9).
    pub fn play(&self, mv: Move) -> Result<Position, PlayError> {
        self.check_shape(mv)?;
        let mut p = *self;
        p.sow(mv, &mut Quiet)
            .map_err(|Endless| PlayError::Endless { mv, laps: LAP_CAP })?;
        p.finish_move(&mut Quiet);
        Ok(p)
    }

    /// Like [`Position::play`], and records every lap, relay, capture, casa and pass.
    ///
    /// # Errors
    /// As [`Position::play`].
    pub fn play_traced(&self, mv: Move) -> Result<Trace, PlayError> {
        self.check_shape(mv)?;
        let mut rec = Recorder {
            variant: self.variant,
            sown: Vec::new(),
            events: Vec::new(),
        };
        let mut p = *self;
        let laps = p
            .sow(mv, &mut rec)
            .map_err(|Endless| PlayError::Endless { mv, laps: LAP_CAP })?;
        p.finish_move(&mut rec);
        Ok(Trace {
            mv,
            before: *self,
            events: rec.events,
            after: p,
            laps,
        })
    }

    /// Plays a move already known to pass `check_shape`; returns the laps sown.
    #[inline]
    pub(super) fn sow<O: Observer>(&mut self, mv: Move, obs: &mut O) -> Result<u32, Endless> {
        match mv {
            Move::Sow { from, dir } => {
                let track = Track::katro(self.variant, self.to_move, dir);
                let i = self.variant.index(from);
                let hand = self.board[i] as u16;
                self.board[i] = 0;
                self.katro_laps(track, track.pos_of[i] as usize, hand, obs)
            }
            Move::Step { from, to } => {
                // K11: the lone seed moves inward; a capture there is sown on along `+`.
                let (fi, ti) = (self.variant.index(from), self.variant.index(to));
                self.board[fi] = 0;
                self.board[ti] = 1;
                let track = Track::katro(self.variant, self.to_move, Dir::Plus);
                match self.katro_capture(track, ti, &mut OppFront::Unknown, obs) {
                    Captured::No => {
                        obs.event(self, Event::Stop { hole: to }, 0);
                        Ok(0)
                    }
                    Captured::Won => Ok(0),
                    Captured::SowOn(hand) => {
                        self.katro_laps(track, track.pos_of[ti] as usize, hand, obs)
                    }
                }
            }
            Move::Hoyito { from } => self.hoyito_laps(from, obs),
        }
    }

    /// K5-K8: sows laps along `track` from the hole after track position `p` with
    /// `hand` seeds until a lap ends in an empty hole or a winning capture.
    fn katro_laps<O: Observer>(
        &mut self,
        track: &Track,
        mut p: usize,
        mut hand: u16,
        obs: &mut O,
    ) -> Result<u32, Endless> {
        // The opponent's front row (K7), found once when first needed: the laps sow
        // only the mover's half, and a capture, the one change to the opponent's,
        // updates it.
        let mut opp_front = OppFront::Unknown;
        let len = track.len();
        let mut laps = 0;
        loop {
            laps += 1;
            if laps > LAP_CAP {
                return Err(Endless);
            }
            // The hand is sown in runs of at most one round along the doubled track.
            while hand > 0 {
                let run = (hand as usize).min(len);
                for &i in &track.holes[p + 1..p + 1 + run] {
                    self.board[i as usize] += 1;
                    obs.sown(i as usize);
                }
                p += run;
                if p >= len {
                    p -= len;
                }
                hand -= run as u16;
            }
            let h = track.holes[p] as usize;
            if self.board[h] == 1 {
                // K6a: h was empty before its last seed.
                obs.event(
                    self,
                    Event::Stop {
                        hole: self.variant.hole(h),
                    },
                    0,
                );
                return Ok(laps);
            }
            match self.katro_capture(track, h, &mut opp_front, obs) {
                Captured::SowOn(n) => hand = n,
                Captured::Won => return Ok(laps),
                Captured::No => {
                    // K6c: relay.
                    hand = self.board[h] as u16;
                    self.board[h] = 0;
                    obs.event(
                        self,
                        Event::Relay {
                            hole: self.variant.hole(h),
                            lifted: hand,
                        },
                        hand,
                    );
                }
            }
        }
    }

    /// K7 and K6b at hole index `h` of the mover's `track`, where his last seed just
    /// fell; `opp_front` is the opponent's front row, found here when first needed and
    /// updated after a capture.
    #[inline]
    fn katro_capture<O: Observer>(
        &mut self,
        track: &Track,
        h: usize,
        opp_front: &mut OppFront,
        obs: &mut O,
    ) -> Captured {
        // h's row holds the seed just sown, so it is the mover's front row unless a row
        // of his further inward holds seeds.
        let (lo, hi) = track.inward[h];
        if self.any_seeds(lo as usize, (hi - lo) as usize) {
            return Captured::No;
        }
        if *opp_front == OppFront::Unknown {
            *opp_front = self.opp_front(track);
        }
        let OppFront::Row(t_start) = *opp_front else {
            return Captured::No;
        };
        let t = t_start as usize + track.col[h] as usize;
        let taken = self.board[t] as u16;
        if taken == 0 {
            return Captured::No;
        }
        self.board[t] = 0;
        *opp_front = self.opp_front(track);
        let hole = self.variant.hole(h);
        let event = Event::Capture {
            hole,
            target: self.variant.hole(t),
            taken,
        };
        if *opp_front == OppFront::Empty {
            // K6b: the opponent has nothing left; the seeds go into h and the move ends.
            self.board[h] += taken as u8;
            obs.event(self, event, 0);
            obs.event(self, Event::Stop { hole }, 0);
            return Captured::Won;
        }
        let hand = taken + self.board[h] as u16;
        self.board[h] = 0;
        obs.event(self, event, hand);
        Captured::SowOn(hand)
    }

    /// The front row (K7) of the opponent of the mover of `track`.
    #[inline]
    fn opp_front(&self, track: &Track) -> OppFront {
        let c = track.cols as usize;
        track.opp_rows[..track.half_rows as usize]
            .iter()
            .find(|&&start| self.any_seeds(start as usize, c))
            .map_or(OppFront::Empty, |&start| OppFront::Row(start))
    }

    /// H4-H7, H9: sows from `from` along the one track, capturing every casa.
    fn hoyito_laps<O: Observer>(&mut self, from: Hole, obs: &mut O) -> Result<u32, Endless> {
        let mut slot = None;
        let track = Track::hoyito(self.variant, self.closed, &mut slot);
        let me = self.to_move.index();
        let start = self.variant.index(from);
        let mut p = track.pos_of[start] as usize;
        let mut hand = self.board[start] as u16;
        self.board[start] = 0;
        // Seeds in play (board and hand), counted at the first casa and then lowered
        // by four per casa: only casas change it, and most moves make none.
        let mut in_play: Option<u16> = None;
        let mut laps = 0;
        loop {
            laps += 1;
            if laps > LAP_CAP {
                return Err(Endless);
            }
            let mut h;
            loop {
                p = track.next(p);
                h = track.holes[p] as usize;
                self.board[h] += 1;
                hand -= 1;
                obs.sown(h);
                if self.board[h] == 4 {
                    // H5 (in passing) or H6a (last seed): a casa.
                    self.board[h] = 0;
                    let left = match in_play {
                        None => self.board_total() as u16 + hand,
                        Some(n) => n - 4,
                    };
                    in_play = Some(left);
                    self.stores[me] += 4;
                    let hole = self.variant.hole(h);
                    obs.event(self, Event::Casa { hole }, hand);
                    if left == 4 {
                        // H7: the capturer takes the last four, wherever they are.
                        self.board[..].fill(0);
                        self.stores[me] += 4;
                        obs.event(self, Event::LastFour, 0);
                        return Ok(laps);
                    }
                    if hand == 0 {
                        obs.event(self, Event::Stop { hole }, 0);
                        return Ok(laps);
                    }
                }
                if hand == 0 {
                    break;
                }
            }
            let hole = self.variant.hole(h);
            if self.board[h] == 1 {
                // H6b: h was empty.
                obs.event(self, Event::Stop { hole }, 0);
                return Ok(laps);
            }
            // H6c: relay.
            hand = self.board[h] as u16;
            self.board[h] = 0;
            obs.event(self, Event::Relay { hole, lifted: hand }, hand);
        }
    }

    /// After the sowing: hands the turn over, making the H3 pass or the H10 sweep where
    /// due.
    pub(super) fn finish_move<O: Observer>(&mut self, obs: &mut O) {
        self.to_move = self.to_move.other();
        if !self.variant.is_katro() {
            self.settle(obs);
        }
    }

    /// Hoyito H3/H10: if the player to move has no legal move, he passes (the other
    /// moves again); if neither has one, the board is swept into the stores (H10).
    fn settle<O: Observer>(&mut self, obs: &mut O) {
        // The move check first: it reads the board the sowing has just written hole by
        // hole, which a word-wide sum would have to wait for.
        if self.has_legal_move(self.to_move) || self.board_total() == 0 {
            return;
        }
        let stuck = self.to_move;
        if self.has_legal_move(stuck.other()) {
            self.to_move = stuck.other();
            obs.event(self, Event::Pass { player: stuck }, 0);
        } else {
            self.sweep();
        }
    }

    /// Hoyito's H3 pass on a position that was set up (not played into) with a stuck
    /// player to move. Returns the pass event if one was made.
    pub(crate) fn settle_traced(&mut self) -> Option<Event> {
        if self.variant.is_katro() {
            return None;
        }
        let mut rec = Recorder {
            variant: self.variant,
            sown: Vec::new(),
            events: Vec::new(),
        };
        self.settle(&mut rec);
        rec.events.first().map(|e| e.event)
    }

    /// H10: each player adds the seeds on his own row to his captures.
    pub(crate) fn sweep(&mut self) {
        for side in Side::ALL {
            self.stores[side.index()] += self.seeds_of(side) as u16;
        }
        self.board.fill(0);
        self.swept = true;
    }
}
