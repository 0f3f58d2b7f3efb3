//! The organizer tools' acts on one game, in the game's room (see `org_commands`):
//! an adjudication or an extension ([`RoomAct`]) decided again there over the game and
//! its tournament read together, and a game's clock made to follow its tournament's
//! pause or resume ([`Core::sync_clocks`]); each one write of the game and the
//! tournament.

use crate::core::api::{Incoming, Reply};
use crate::core::command::GameRef;
use crate::core::deadlines;
use crate::core::decision::{
    refuse, Change, ChannelState, Ctx, Decision, DocWrite, Draft, Refusal,
};
use crate::core::needs::Needs;
use crate::core::views::{deadline_line, result_text};
use crate::core::{Core, Fail};
use crate::model::{ChannelKey, User};
use crate::store::keys::DocKey;
use crate::store::Record;

use super::commands::{save, tournaments, Found};
use super::log::{score, Act};
use super::organize::{self as org, organizer_only, running};
use super::{Phase, Res, Tournament};

/// What an organizer does to one game, in its room.
#[derive(Clone, Debug)]
pub(in crate::core) enum GameAct {
    /// Ends it with this result, for this reason.
    Adjudicate(Res, String),
    /// Ends it by the round-closing rule ([`org::rule_result`]); the reason logged.
    Rule(String),
    /// Gives the player to move this many more milliseconds.
    Extend(u64),
}

/// An organizer's act on the game `id` of the tournament `key`, in its room.
#[derive(Clone, Debug)]
pub(in crate::core) struct RoomAct {
    /// The tournament.
    pub key: DocKey,
    /// The game's room.
    pub room: ChannelKey,
    /// The game.
    pub id: String,
    /// Who acts.
    pub by: User,
    /// Whether he has the organizer role where he wrote.
    pub role: bool,
    /// What he does.
    pub what: GameAct,
}

/// A reply posted in `at`.
pub(super) fn to(at: &ChannelKey, text: String) -> Draft {
    let mut d = Draft::text(text);
    d.reply.to = Some(at.clone());
    d
}

/// `Org adjudicates cup round 1, board 2: alice 1-0 bob. Reason: ...`.
pub(super) fn announcement(
    t: &Tournament,
    (round, board): (u32, u32),
    res: Res,
    (by, reason): (&User, &str),
) -> String {
    let p = org::pairing(t, round, board);
    let name = |e: usize| t.entrants[e].user.name.clone();
    tr!(
        "tournament-adjudicated",
        by = &by.name,
        name = &t.name,
        round = round,
        board = board,
        south = p.map(|p| name(p.south)).unwrap_or_default(),
        score = score(res),
        north = p.and_then(|p| p.north).map(name).unwrap_or_default(),
        reason = reason
    )
}

/// The act `act` decided in the game's room over the game and its tournament as read
/// there (`state`): checked again (a move or another organizer may have come first),
/// then the game's change and the tournament's log entry, written together.
fn room_decision(state: &ChannelState, ctx: &Ctx<'_>, act: &RoomAct) -> Result<Decision, Refusal> {
    let Some(Found { mut t, version }) = tournaments(state)
        .into_iter()
        .find(|f| f.t.key() == act.key)
    else {
        return refuse(tr!("tournament-gone"));
    };
    organizer_only(ctx.organizer, ctx.author, &t)?;
    running(&t)?;
    let (round, board) = org::open_game(&t, &GameRef::Id(act.id.clone()))?;
    let Some(r) = org::live(state.record(), &act.id) else {
        return refuse(tr!("tournament-game-ended"));
    };
    let at = (round, board);
    let (change, text) = match &act.what {
        GameAct::Adjudicate(res, why) => adjudication(r, &mut t, at, (*res, why), ctx)?,
        GameAct::Rule(why) => adjudication(r, &mut t, at, (org::rule_result(r), why), ctx)?,
        GameAct::Extend(by_ms) => extended(r, &mut t, at, *by_ms, ctx)?,
    };
    let (home_text, room_text) = text;
    let mut replies = vec![to(&act.room, room_text)];
    if t.home != act.room {
        replies.push(to(&t.home, home_text));
    }
    let docs = vec![save(&t, version)];
    Ok(Decision {
        change: Some(change),
        docs,
        replies,
        follow: Vec::new(),
    })
}

/// The game of `r` (round, board of `t`) ended with `res` for `reason`, logged in
/// `t`: its finished record and the announcements (home, room).
///
/// # Errors
/// The game is not in play.
fn adjudication(
    r: &Record,
    t: &mut Tournament,
    (round, board): (u32, u32),
    (res, reason): (Res, &str),
    ctx: &Ctx<'_>,
) -> Result<(Change, (String, String)), Refusal> {
    let next = org::adjudicated(r, res, ctx.now)?;
    let logged = Act::Adjudicated {
        round,
        board,
        result: res,
        reason: reason.to_string(),
    };
    t.log_act(ctx.author, ctx.now, logged);
    let text = announcement(t, (round, board), res, (ctx.author, reason));
    let room_text = format!("{text}\n{}", result_text(&next));
    Ok((Change::Finish(next), (text, room_text)))
}

/// The game of `r` (round, board of `t`) extended by `by_ms`, logged in `t`: its new
/// record and the announcements (home, room).
///
/// # Errors
/// No clock, or the deadline already passed (the game is lost on time).
fn extended(
    r: &Record,
    t: &mut Tournament,
    (round, board): (u32, u32),
    by_ms: u64,
    ctx: &Ctx<'_>,
) -> Result<(Change, (String, String)), Refusal> {
    let Some(clock) = r.timing() else {
        return refuse(tr!("tournament-extend-no-clock", name = &t.name));
    };
    if clock.held_ms.is_none() && ctx.now >= clock.deadline_ms {
        return refuse(tr!("tournament-extend-late", round = round, board = board));
    }
    let mut next = r.clone();
    deadlines::extend(&mut next, by_ms, ctx.settings);
    next.updated_ms = ctx.now;
    let act = Act::Extended {
        round,
        board,
        by_ms,
    };
    t.log_act(ctx.author, ctx.now, act);
    let text = tr!(
        "tournament-extended",
        by = &ctx.author.name,
        name = &t.name,
        round = round,
        board = board,
        duration = crate::core::text::duration_text(by_ms),
        line = deadline_line(&next, None).unwrap_or_default()
    );
    Ok((Change::Put(next), (text.clone(), text)))
}

/// The clock of the game `id` (in the room `state` read) made to follow its
/// tournament `key`: stopped while it is paused, restarted once it is not. The
/// tournament is written back unchanged, so that the write fails (and is decided
/// again) if it changed meanwhile. Nothing when the clock already follows.
fn clock_sync(state: &ChannelState, ctx: &Ctx<'_>, key: &DocKey, id: &str) -> Decision {
    let Some(Found { t, version }) = tournaments(state).into_iter().find(|f| f.t.key() == *key)
    else {
        return Decision::default();
    };
    let (Some(r), Some(bytes)) = (org::live(state.record(), id), version) else {
        return Decision::default();
    };
    let held = r.timing().is_some_and(|c| c.held_ms.is_some());
    let pause = t.paused.as_ref().filter(|_| t.phase == Phase::Running);
    let mut next = r.clone();
    let stopped = match (pause, held) {
        (Some(p), false) if deadlines::hold(&mut next, p.since_ms) => true,
        (None, true) if deadlines::release(&mut next, ctx.now, ctx.settings) => false,
        _ => return Decision::default(),
    };
    next.updated_ms = ctx.now;
    let line = deadline_line(&next, None).unwrap_or_default();
    let text = match stopped {
        true => tr!("tournament-room-paused", name = &t.name, line = line),
        false => tr!("tournament-room-resumed", name = &t.name, line = line),
    };
    let guard = DocWrite {
        key: key.clone(),
        expected: Some(bytes.clone()),
        value: bytes,
    };
    Decision {
        change: Some(Change::Put(next)),
        docs: vec![guard],
        replies: vec![Draft::text(text)],
        follow: Vec::new(),
    }
}

impl Core {
    /// Runs the organizer's act `act` in its game's room, through the dispatcher; its
    /// replies, or its refusal (posted where the command was typed).
    pub(in crate::core) fn room_act(&self, act: &RoomAct) -> Vec<Reply> {
        let msg = Incoming {
            at: act.room.clone(),
            author: act.by.clone(),
            is_organizer: act.role,
            ..Incoming::default()
        };
        let needs = Needs {
            tournaments: true,
            ..Needs::default()
        };
        let done = self.commit(&act.room, &msg, needs, &mut |state, ctx| {
            room_decision(state, ctx, act)
        });
        match done {
            Ok(replies) => replies,
            Err(Fail::Refuse(why)) => vec![crate::core::error_reply(why)],
            Err(e) => {
                let e = match e {
                    Fail::Store(e) => e.to_string(),
                    _ => "too many concurrent writes".to_string(),
                };
                tracing::warn!(game = %act.id, "organizer act not done: {e}");
                vec![crate::core::error_reply(tr!("tournament-act-failed"))]
            }
        }
    }

    /// Makes the clock of every game in play of the tournament `key` follow its pause
    /// or resume (each in its room), then pairs the next round if it is due.
    pub(in crate::core) fn sync_clocks(&self, key: &DocKey) -> Vec<Reply> {
        let mut out = Vec::new();
        let t = crate::store::docs::load::<Option<Tournament>>(&*self.store, key);
        if let Ok(Some(t)) = t.map(|d| d.value) {
            for p in t.current().into_iter().flat_map(|r| &r.pairings) {
                if let (true, Some(room), Some(id)) = (p.is_open(), &p.room, &p.game_id) {
                    out.extend(self.sync_clock(room, id, key));
                }
            }
        }
        out.extend(self.advance(key));
        out
    }

    /// [`clock_sync`] of the game `id` in `room`, through the dispatcher.
    pub(in crate::core) fn sync_clock(
        &self,
        room: &ChannelKey,
        id: &str,
        key: &DocKey,
    ) -> Vec<Reply> {
        let driver = Incoming {
            at: room.clone(),
            ..Incoming::default()
        };
        let needs = Needs {
            tournaments: true,
            ..Needs::default()
        };
        let done = self.commit(room, &driver, needs, &mut |state, ctx| {
            Ok(clock_sync(state, ctx, key, id))
        });
        let mut out = done.unwrap_or_default();
        for r in &mut out {
            r.to.get_or_insert_with(|| room.clone());
        }
        out
    }
}
