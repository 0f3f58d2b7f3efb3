//! Plans of frames, before any drawing: which frames a move or a position gets, what each
//! highlights, its two caption lines and its text alternative.

use mancala_rules::{Event, Hole, Outcome, Position, Side, Trace, TraceEvent, Variant};

use crate::core::painter::{status_text, BoardInfo, Ended, MatchInfo};
use crate::core::text::{self, event_text, side_name};

/// A game's display name: `Katro 6x6`, `Katro 6x6, lone steps` (K11), `Hoyito I 2x8`;
/// in a match (M1-M4) with the game of the match: `Hoyito I 2x6, match game 2`.
fn game_name(v: Variant, m: Option<&MatchInfo>) -> String {
    let name = if v.is_katro() && v.lone_steps() {
        tr!("picture-game-katro-steps", rows = v.rows(), cols = v.cols())
    } else if v.is_katro() {
        format!("{} {}x{}", text::game_name(true), v.rows(), v.cols())
    } else {
        format!("{} I 2x{}", text::game_name(false), v.cols())
    };
    match m {
        Some(m) => format!("{name}, {}", m.game_text()),
        None => name,
    }
}

/// The match as it stood during a move that ends in `after`: a game the move wins is
/// counted only from the final frame on.
fn match_during(m: Option<MatchInfo>, after: &Position) -> Option<MatchInfo> {
    let mut m = m?;
    if let Some(w) = after.outcome().winner() {
        m.wins[w.index()] = m.wins[w.index()].saturating_sub(1);
    }
    Some(m)
}

/// Rows of `side`, as text: `rows 1-3`, `row 2`.
pub(super) fn rows_text(v: Variant, side: Side) -> String {
    let rows: Vec<u8> = v.rows_of(side).map(|r| r + 1).collect();
    match (rows.iter().min(), rows.iter().max()) {
        (Some(a), Some(b)) if a != b => tr!("picture-rows", first = *a, last = *b),
        (Some(a), _) => tr!("picture-row", row = *a),
        _ => String::new(),
    }
}

/// `North: Bob`, or just `North` when the name is empty or the side's own name.
pub(super) fn player_label(side: Side, info: &BoardInfo) -> String {
    let name = match side {
        Side::South => info.south.trim(),
        Side::North => info.north.trim(),
    };
    let side_name = side_name(side);
    if name.is_empty()
        || name.eq_ignore_ascii_case(&side_name)
        || name.eq_ignore_ascii_case(side.name())
    {
        side_name
    } else {
        // Whole: the picture cuts it by width (`draw::fit_text`), the alt text keeps it.
        text::colon(&side_name, name)
    }
}

/// The turn marker of a player band.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Turn {
    /// Nothing to mark.
    None,
    /// This player is sowing (frames inside a move).
    Sowing,
    /// This player moves next.
    ToMove,
    /// This player won the game.
    Won,
    /// The game is drawn.
    Draw,
}

impl Turn {
    pub(super) fn word(self) -> Option<String> {
        match self {
            Turn::None => None,
            Turn::Sowing => Some(tr!("picture-turn-sowing")),
            Turn::ToMove => Some(tr!("picture-turn-to-move")),
            Turn::Won => Some(tr!("picture-turn-wins")),
            Turn::Draw => Some(tr!("picture-turn-draw")),
        }
    }
}

/// One frame's content, before drawing: the board and what to highlight on it.
#[derive(Clone, Debug)]
pub(super) struct Step {
    /// The board shown.
    pub(super) pos: Position,
    /// The hole the move started from, if a move is shown.
    pub(super) start: Option<Hole>,
    /// The holes the current lap passed through, in order.
    pub(super) lap_sown: Vec<Hole>,
    /// The relay, capture or casa this frame follows (`None`: position or final frame).
    pub(super) event: Option<Event>,
    /// Final frame: the move's closing events (stop, pass, last four).
    pub(super) tail: Vec<Event>,
    /// Final frame of a Hoyito move ended by H7: the holes whose seeds the mover took in
    /// the last-four sweep (marked as captures are).
    pub(super) swept: Vec<Hole>,
    /// Seeds captured so far by South and North (Katro from `BoardInfo` and the move's
    /// captures; Hoyito from the stores).
    pub(super) captured: [u32; 2],
    /// Match play: the match as it stands at this frame (reserves and games won).
    pub(super) match_info: Option<MatchInfo>,
    /// Turn markers of South and North.
    pub(super) turns: [Turn; 2],
    /// The final board with the move's path drawn on it (`!set pictures final`): where
    /// each lap ended and what was captured; `None` on frames.
    pub(super) path: Option<MovePath>,
    /// Line 1 and line 2 of the caption.
    pub(super) caption: (String, String),
    /// The text alternative.
    pub(super) alt: String,
}

/// Turn markers for a position that is not inside a move: the end the game had off the
/// board when `ended` says so, else what the position tells.
fn turns_of(pos: &Position, ended: Option<Ended>) -> [Turn; 2] {
    match ended {
        Some(Ended::Won { winner, .. }) => {
            let mut t = [Turn::None; 2];
            t[winner.index()] = Turn::Won;
            return t;
        }
        Some(Ended::DrawAgreed) => return [Turn::Draw; 2],
        Some(Ended::Aborted) => return [Turn::None; 2],
        None => {}
    }
    match pos.outcome() {
        Outcome::Ongoing => {
            let mut t = [Turn::None; 2];
            t[pos.to_move().index()] = Turn::ToMove;
            t
        }
        Outcome::Win { winner, .. } => {
            let mut t = [Turn::None; 2];
            t[winner.index()] = Turn::Won;
            t
        }
        Outcome::Draw { .. } => [Turn::Draw; 2],
    }
}

fn captured_of(pos: &Position, info: &BoardInfo) -> [u32; 2] {
    if pos.variant().is_katro() {
        info.captured
    } else {
        [pos.store(Side::South) as u32, pos.store(Side::North) as u32]
    }
}

/// The board as text, row by row from the last row down, `x` for a closed hole.
fn board_alt(pos: &Position) -> String {
    let v = pos.variant();
    let rows: Vec<String> = (0..v.rows())
        .rev()
        .map(|r| {
            let cells: Vec<String> = (0..v.cols())
                .map(|c| {
                    let h = Hole::new(c, r);
                    if pos.is_closed(h) {
                        "x".to_string()
                    } else {
                        pos.seeds(h).unwrap_or(0).to_string()
                    }
                })
                .collect();
            tr!("picture-alt-row", row = r + 1, cells = cells.join(" "))
        })
        .collect();
    let last = (b'a' + v.cols() - 1) as char;
    let closed = v.holes() > 0 && (0..v.holes()).any(|i| pos.is_closed(v.hole(i)));
    tr!(
        "picture-alt-board",
        last = last.to_string(),
        closed = closed,
        rows = crate::i18n::join_semicolons(&rows)
    )
}

/// What each player has, as text: `South (Alice), rows 1-3: 20 seeds, took 2`; in a
/// match `South: Alice, row 1: captured 4, reserve 3, 1 game won`.
fn players_alt(
    pos: &Position,
    captured: [u32; 2],
    turns: [Turn; 2],
    info: &BoardInfo,
    m: Option<&MatchInfo>,
) -> String {
    let v = pos.variant();
    let parts: Vec<String> = [Side::North, Side::South]
        .into_iter()
        .map(|s| {
            let stats = side_stats(pos, s, captured, m);
            let turn = turns[s.index()]
                .word()
                .map(|w| format!(", {w}"))
                .unwrap_or_default();
            let who = format!("{}, {}", player_label(s, info), rows_text(v, s));
            text::colon(&who, &format!("{stats}{turn}"))
        })
        .collect();
    format!("{}.", crate::i18n::join_semicolons(&parts))
}

/// `20 seeds, took 2` (Katro) or `captured 12` (Hoyito); in a match (M1-M4)
/// `captured 12, reserve 3, 1 game won`.
pub(super) fn side_stats(
    pos: &Position,
    side: Side,
    captured: [u32; 2],
    m: Option<&MatchInfo>,
) -> String {
    let mut stats = if pos.variant().is_katro() {
        tr!(
            "picture-stats-katro",
            count = pos.seeds_of(side),
            took = captured[side.index()]
        )
    } else {
        tr!("picture-stats-hoyito", captured = captured[side.index()])
    };
    if let Some(m) = m {
        stats.push_str(", ");
        stats.push_str(&m.side_text(side));
    }
    stats
}

/// `1 seed`, `3 seeds`.
fn seeds_text(n: u32) -> String {
    tr!("picture-seeds", count = n)
}

fn holes_text(holes: &[Hole]) -> String {
    holes
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
/// The frames of a move, before drawing (one per relay and capture, then the final
/// board).
pub(super) fn plan_move(trace: &Trace, info: &BoardInfo) -> Vec<Step> {
    let mut plan = MovePlan::new(trace, info);
    for te in &trace.events {
        plan.follow(te);
    }
    plan.finish()
}

/// Where a move went, for drawing it on its final board: the lap numbers that ended in
/// each relay hole, in order of the holes' first relay, each Katro capture as (target,
/// capturing hole, lap), and each Hoyito casa (H5) with its lap.
#[derive(Clone, Debug, Default)]
pub(super) struct MovePath {
    pub(super) relays: Vec<(Hole, Vec<u32>)>,
    pub(super) captures: Vec<(Hole, Hole, u32)>,
    pub(super) casas: Vec<(Hole, u32)>,
}

impl MovePath {
    /// Whether a lap ended with a relay in `hole`.
    pub(super) fn relayed_in(&self, hole: Hole) -> bool {
        self.relays.iter().any(|(h, _)| *h == hole)
    }
}

/// The final frame of `trace` with the whole move drawn on it (`!set pictures final`):
/// every hole the move sowed tinted, where each lap ended numbered, the captures
/// arrowed, as [`plan_move`]'s last frame otherwise.
pub(super) fn plan_path(trace: &Trace, info: &BoardInfo) -> Step {
    let mut path = MovePath::default();
    let mut lap = 1;
    let mut sown: Vec<Hole> = Vec::new();
    for te in &trace.events {
        for h in &te.sown {
            if !sown.contains(h) {
                sown.push(*h);
            }
        }
        match te.event {
            Event::Relay { hole, .. } => {
                match path.relays.iter_mut().find(|(h, _)| *h == hole) {
                    Some((_, laps)) => laps.push(lap),
                    None => path.relays.push((hole, vec![lap])),
                }
                lap += 1;
            }
            Event::Capture { hole, target, .. } => {
                path.captures.push((target, hole, lap));
                lap += 1;
            }
            // A casa is taken in passing: the lap goes on (H5).
            Event::Casa { hole } => path.casas.push((hole, lap)),
            _ => {}
        }
    }
    // The plan always ends with the final frame; the position after is its stand-in.
    let mut last = plan_move(trace, info)
        .pop()
        .unwrap_or_else(|| plan_position(&trace.after, info));
    let laps = tr!("move-laps", count = trace.laps);
    last.caption.0 = format!("{laps}  {}", closing_text(&last.tail));
    last.lap_sown = sown;
    last.path = Some(path);
    last
}

/// Katro: the seeds each side had taken before the move (`info.captured` counts the
/// move's captures already).
fn katro_taken_before(trace: &Trace, info: &BoardInfo) -> [u32; 2] {
    let mover = trace.before.to_move();
    let mut taken = info.captured;
    taken[mover.index()] = taken[mover.index()].saturating_sub(trace.seeds_captured());
    taken
}

/// A move's frames while they are planned, event by event, with what the frames so far
/// hand on to the next: the lap, the holes it sowed, the seeds taken, the events that
/// make no frame of their own.
struct MovePlan<'a> {
    trace: &'a Trace,
    info: &'a BoardInfo,
    mover: Side,
    /// Frames in all: `relays + captures + 1`.
    frames: usize,
    /// `South plays c1+`.
    headline: String,
    /// The headline of the captions: in a match `South plays d1 (match game 2)`.
    caption_head: String,
    /// Match play: the match during the move, before its final frame.
    match_during: Option<MatchInfo>,
    /// Katro: seeds taken by South and North so far, counted from before the move.
    katro_taken: [u32; 2],
    /// The current lap, from 1.
    lap: u32,
    /// The holes the current lap has sown so far, in order.
    lap_sown: Vec<Hole>,
    /// The events that make no frame (stop, pass, last four): the final frame's.
    tail: Vec<Event>,
    /// The board before the event being followed (the last event's position).
    board_before: Position,
    /// H7: the holes the last-four sweep emptied.
    swept: Vec<Hole>,
    /// The frames planned so far.
    steps: Vec<Step>,
}

impl<'a> MovePlan<'a> {
    fn new(trace: &'a Trace, info: &'a BoardInfo) -> MovePlan<'a> {
        let mover = trace.before.to_move();
        let frames = trace.relays() + trace.captures() + 1;
        MovePlan {
            trace,
            info,
            mover,
            frames,
            headline: tr!(
                "picture-plays",
                side = side_name(mover),
                mv = trace.mv.to_string()
            ),
            caption_head: match &info.match_info {
                Some(m) => format!(
                    "{} ({})",
                    tr!(
                        "picture-plays",
                        side = side_name(mover),
                        mv = trace.mv.to_string()
                    ),
                    m.game_text()
                ),
                None => tr!(
                    "picture-plays",
                    side = side_name(mover),
                    mv = trace.mv.to_string()
                ),
            },
            match_during: match_during(info.match_info, &trace.after),
            katro_taken: katro_taken_before(trace, info),
            lap: 1,
            lap_sown: Vec::new(),
            tail: Vec::new(),
            board_before: trace.before,
            swept: Vec::new(),
            steps: Vec::with_capacity(frames),
        }
    }

    /// Takes in the next event: a relay or a capture (or casa) makes a frame; any other
    /// event waits for the final frame. A relay or Katro capture ends the lap.
    fn follow(&mut self, te: &TraceEvent) {
        self.lap_sown.extend_from_slice(&te.sown);
        if let Event::Capture { taken, .. } = te.event {
            self.katro_taken[self.mover.index()] += taken as u32;
        }
        let before = std::mem::replace(&mut self.board_before, te.position);
        if te.event == Event::LastFour {
            // H7: the last four were wherever seeds lay after the capture before it.
            let v = before.variant();
            self.swept = (0..v.holes())
                .map(|i| v.hole(i))
                .filter(|h| before.seeds(*h).unwrap_or(0) > 0)
                .collect();
        }
        let is_frame = matches!(te.event, Event::Relay { .. }) || te.event.is_capture();
        if !is_frame {
            self.tail.push(te.event);
            return;
        }
        let step = self.event_step(te);
        self.steps.push(step);
        if !matches!(te.event, Event::Casa { .. }) {
            self.lap += 1;
            self.lap_sown.clear();
        }
    }

    /// Seeds captured by South and North as `pos` shows them: Katro from the move's
    /// captures so far, Hoyito from the stores.
    fn captured_at(&self, pos: &Position) -> [u32; 2] {
        if self.trace.before.variant().is_katro() {
            self.katro_taken
        } else {
            captured_of(pos, self.info)
        }
    }

    /// The frame after the relay, capture or casa `te`.
    fn event_step(&self, te: &TraceEvent) -> Step {
        let (n, frames, lap, mover) = (self.steps.len() + 1, self.frames, self.lap, self.mover);
        let (headline, head) = (&self.headline, &self.caption_head);
        let captured = self.captured_at(&te.position);
        let mut turns = [Turn::None; 2];
        turns[mover.index()] = Turn::Sowing;
        let what = match te.event {
            Event::Casa { hole } => tr!(
                "picture-casa-captures",
                hole = hole.to_string(),
                side = side_name(mover)
            ),
            e => event_text(&e),
        };
        let line1 = format!(
            "{n}/{frames}  {}",
            tr!("picture-lap", lap = lap, what = &what)
        );
        let line2 = if te.hand > 0 {
            format!("{head} · {}", tr!("picture-in-hand", count = te.hand))
        } else {
            head.clone()
        };
        let alt = tr!(
            "picture-alt-frame",
            n = n,
            frames = frames,
            headline = headline,
            game = game_name(te.position.variant(), self.info.match_info.as_ref()),
            view = side_name(self.info.view),
            lap = lap,
            what = what,
            sown = holes_text(&self.lap_sown),
            hand = seeds_text(te.hand as u32),
            board = board_alt(&te.position),
            players = players_alt(
                &te.position,
                captured,
                turns,
                self.info,
                self.match_during.as_ref()
            ),
        );
        Step {
            pos: te.position,
            start: Some(self.trace.mv.from()),
            lap_sown: self.lap_sown.clone(),
            event: Some(te.event),
            tail: Vec::new(),
            swept: Vec::new(),
            captured,
            match_info: self.match_during,
            turns,
            path: None,
            caption: (line1, line2),
            alt,
        }
    }

    /// Adds the final board's frame and returns every frame.
    fn finish(mut self) -> Vec<Step> {
        let last = self.final_step();
        self.steps.push(last);
        self.steps
    }

    /// The final board: the move's closing events, the game's status, and in the text
    /// alternative the whole move.
    fn final_step(&mut self) -> Step {
        let (trace, info, frames) = (self.trace, self.info, self.frames);
        let (headline, head) = (&self.headline, &self.caption_head);
        let after = trace.after;
        let captured = self.captured_at(&after);
        let turns = turns_of(&after, info.ended);
        let closing = closing_text(&self.tail);
        let status = status_text(&after, info.ended);
        let line1 = format!("{frames}/{frames}  {closing}");
        let line2 = format!("{head} · {status}");
        let all: Vec<String> = trace.events.iter().map(|e| event_text(&e.event)).collect();
        let alt = tr!(
            "picture-alt-final",
            frames = frames,
            headline = headline,
            game = game_name(after.variant(), info.match_info.as_ref()),
            view = side_name(info.view),
            closing = &closing,
            all = all.join(", "),
            board = board_alt(&after),
            players = players_alt(&after, captured, turns, info, info.match_info.as_ref()),
            status = &status,
        );
        Step {
            pos: after,
            start: Some(trace.mv.from()),
            lap_sown: std::mem::take(&mut self.lap_sown),
            event: None,
            tail: std::mem::take(&mut self.tail),
            swept: std::mem::take(&mut self.swept),
            captured,
            match_info: info.match_info,
            turns,
            path: None,
            caption: (line1, line2),
            alt,
        }
    }
}

/// `end`, or `end: stop at e2; ...` with the move's closing events.
fn closing_text(tail: &[Event]) -> String {
    let closing: Vec<String> = tail.iter().map(event_text).collect();
    if closing.is_empty() {
        tr!("picture-end")
    } else {
        tr!(
            "picture-end-with",
            events = crate::i18n::join_semicolons(&closing)
        )
    }
}

/// The one frame of a position without a move.
pub(super) fn plan_position(pos: &Position, info: &BoardInfo) -> Step {
    let captured = captured_of(pos, info);
    let turns = turns_of(pos, info.ended);
    let status = status_text(pos, info.ended);
    let m = info.match_info.as_ref();
    let line1 = text::colon(&game_name(pos.variant(), m), &status);
    let line2 = pos.to_string();
    let alt = tr!(
        "picture-alt-position",
        game = game_name(pos.variant(), m),
        view = side_name(info.view),
        status = &status,
        board = board_alt(pos),
        players = players_alt(pos, captured, turns, info, m),
    );
    Step {
        pos: *pos,
        start: None,
        lap_sown: Vec::new(),
        event: None,
        tail: Vec::new(),
        swept: Vec::new(),
        captured,
        match_info: info.match_info,
        turns,
        path: None,
        caption: (line1, line2),
        alt,
    }
}
