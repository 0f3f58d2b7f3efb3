//! The organizer tools of `!tournament` as commands (see `organize` for their rules):
//! each is a pure decision over what the dispatcher read for it (the community's
//! tournaments, and in a game's room that game), written in one compare-and-swap.
//!
//! An act on one game (`adjudicate`, `extend`, each game `next-round adjudicate`
//! closes) is decided where the command is typed (who may, which game, which result)
//! and then, as a command of its own in the game's room ([`RoomAct`]), decided again
//! over the game and the tournament read together: the game's change and the
//! tournament's log entry (an adjudication: its result too) are one write there.
//! A pause or a resume is one write of the tournament; each game's clock then follows
//! it in its room ([`Core::sync_clocks`]), and the periodic driver makes any game that
//! missed it follow on its next pass.

use crate::core::api::{Incoming, Reply};
use crate::core::command::{Adjudged, CheckInArg, GameRef, TourneyCommand};
use crate::core::deadlines;
use crate::core::decision::{
    refuse, Change, ChannelState, Ctx, Decision, DocWrite, Draft, FollowUp, Refusal,
};
use crate::core::needs::Needs;
use crate::core::views::{deadline_line, result_text};
use crate::core::{Core, Fail};
use crate::model::{ChannelKey, User};
use crate::store::keys::DocKey;
use crate::store::Record;

use super::commands::{find, save, tournaments, Found};
use super::log::{log_text, score, Act};
use super::organize::{self as org, organizer_only, running};
use super::{decide as rules, Phase, Res, Tournament};

/// Longest `!tournament log` reply, in characters (one message on every transport).
const LOG_CHARS: usize = 1_900;

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

/// Decides the organizer subcommands of `!tournament` (the others are `commands`').
///
/// # Errors
/// The refusal of the subcommand; nothing is written then.
pub(super) fn decide(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    cmd: &TourneyCommand,
) -> Result<Decision, Refusal> {
    match cmd {
        TourneyCommand::Adjudicate {
            game,
            result,
            reason,
        } => adjudicate(state, ctx, game, (result, reason)),
        TourneyCommand::Extend { game, by_ms } => extend(state, ctx, game, *by_ms),
        TourneyCommand::Pause(name) => pause(state, ctx, name.as_deref(), true),
        TourneyCommand::Resume(name) => pause(state, ctx, name.as_deref(), false),
        TourneyCommand::NextRound { adjudicate, name } => {
            next_round(state, ctx, *adjudicate, name.as_deref())
        }
        TourneyCommand::Kick { user, words } => kick(state, ctx, user, words),
        TourneyCommand::CheckIn(arg, name) => checkin(state, ctx, *arg, name.as_deref()),
        TourneyCommand::Log(name) => {
            let phases = [
                Phase::Registration,
                Phase::Running,
                Phase::Finished,
                Phase::Cancelled,
            ];
            let Found { t, .. } = find(state, ctx, name.as_deref(), &phases, "log")?;
            Ok(Decision::look(vec![Draft::text(log_text(&t, LOG_CHARS))]))
        }
        _ => Ok(Decision::default()),
    }
}

/// The running tournament `game` belongs to: by its id among all, else (a board
/// number) the one meant here.
fn tournament_of(state: &ChannelState, ctx: &Ctx<'_>, game: &GameRef) -> Result<Found, Refusal> {
    match game {
        GameRef::Id(id) => tournaments(state)
            .into_iter()
            .find(|f| {
                f.t.rounds
                    .iter()
                    .flat_map(|r| &r.pairings)
                    .any(|p| p.game_id.as_deref() == Some(id))
            })
            .map_or_else(
                || refuse(tr!("tournament-no-game-here", id = id.as_str())),
                Ok,
            ),
        GameRef::Board(b) => find(state, ctx, None, &[Phase::Running], &format!("… {b} …")),
    }
}

/// The room and id of the game of pairing (round, board) of `t`, once opened.
fn room_of(t: &Tournament, round: u32, board: u32) -> Option<(ChannelKey, String)> {
    let p = org::pairing(t, round, board)?;
    Some((p.room.clone()?, p.game_id.clone()?))
}

/// `adjudicate GAME RESULT REASON`: checked here, ended in its room; a game whose room
/// is not open yet gets its result here.
fn adjudicate(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    game: &GameRef,
    (said, reason): (&Adjudged, &str),
) -> Result<Decision, Refusal> {
    let Found { mut t, version } = tournament_of(state, ctx, game)?;
    organizer_only(ctx.organizer, ctx.author, &t)?;
    running(&t)?;
    let (round, board) = org::open_game(&t, game)?;
    let p = org::pairing(&t, round, board).expect("open_game found it");
    let res = org::result_of(&t, p, said)?;
    if let Some((room, id)) = room_of(&t, round, board) {
        let act = RoomAct {
            key: t.key(),
            room,
            id,
            by: ctx.author.clone(),
            role: ctx.organizer,
            what: GameAct::Adjudicate(res, reason.to_string()),
        };
        return Ok(follow(FollowUp::Organize(Box::new(act))));
    }
    let text = set_result(&mut t, (round, board), res, (ctx.author, reason), ctx.now);
    let mut d = Decision::docs(vec![save(&t, version)], vec![to(&t.home, text)]);
    d.follow.push(FollowUp::Clocks(t.key()));
    Ok(d)
}

/// A decision that only runs `f` after (nothing written here).
fn follow(f: FollowUp) -> Decision {
    Decision {
        follow: vec![f],
        ..Decision::default()
    }
}

/// A reply posted in `at`.
fn to(at: &ChannelKey, text: String) -> Draft {
    let mut d = Draft::text(text);
    d.reply.to = Some(at.clone());
    d
}

/// The pairing (round, board) of `t`, whose game was never opened, gets `res` from
/// `by` for `reason` at `now`, logged; the announcement.
fn set_result(
    t: &mut Tournament,
    (round, board): (u32, u32),
    res: Res,
    (by, reason): (&User, &str),
    now: u64,
) -> String {
    if let Some(p) = t
        .rounds
        .iter_mut()
        .find(|r| r.number == round)
        .and_then(|r| r.pairings.iter_mut().find(|p| p.board == board))
    {
        p.result = Some(res);
    }
    let act = Act::Adjudicated {
        round,
        board,
        result: res,
        reason: reason.to_string(),
    };
    t.log_act(by, now, act);
    announcement(t, (round, board), res, (by, reason))
}

/// `Org adjudicates cup round 1, board 2: alice 1-0 bob. Reason: ...`.
fn announcement(
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

/// `extend GAME DURATION`: checked here, done in its room.
fn extend(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    game: &GameRef,
    by_ms: u64,
) -> Result<Decision, Refusal> {
    let Found { t, .. } = tournament_of(state, ctx, game)?;
    organizer_only(ctx.organizer, ctx.author, &t)?;
    running(&t)?;
    let (round, board) = org::open_game(&t, game)?;
    if t.move_time_ms.is_none() {
        return refuse(tr!("tournament-extend-no-clock", name = &t.name));
    }
    let Some((room, id)) = room_of(&t, round, board) else {
        return refuse(tr!(
            "tournament-game-not-open",
            round = round,
            board = board
        ));
    };
    let act = RoomAct {
        key: t.key(),
        room,
        id,
        by: ctx.author.clone(),
        role: ctx.organizer,
        what: GameAct::Extend(by_ms),
    };
    Ok(follow(FollowUp::Organize(Box::new(act))))
}

/// `pause` (`on`) or `resume`: the tournament written, its games' clocks following.
fn pause(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    name: Option<&str>,
    on: bool,
) -> Result<Decision, Refusal> {
    let usage = if on { "pause" } else { "resume" };
    let Found { mut t, version } = find(state, ctx, name, &[Phase::Running], usage)?;
    organizer_only(ctx.organizer, ctx.author, &t)?;
    let text = if on {
        org::pause(&mut t, ctx.author, ctx.now)?;
        tr!(
            "tournament-paused",
            name = &t.name,
            by = &ctx.author.name,
            p = ctx.p()
        )
    } else {
        let lasted = org::resume(&mut t, ctx.author, ctx.now)?;
        tr!(
            "tournament-resumed",
            name = &t.name,
            by = &ctx.author.name,
            duration = crate::core::text::duration_text(lasted)
        )
    };
    let mut d = Decision::docs(vec![save(&t, version)], vec![to(&t.home, text)]);
    d.follow.push(FollowUp::Clocks(t.key()));
    Ok(d)
}

/// `next-round [adjudicate]`: the current round closed; its unfinished games
/// adjudicated by the rule (each in its room), or the refusal that lists them and
/// offers the rule.
fn next_round(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    adjudicate: bool,
    name: Option<&str>,
) -> Result<Decision, Refusal> {
    let p = ctx.p();
    let Found { mut t, version } = find(state, ctx, name, &[Phase::Running], "next-round")?;
    organizer_only(ctx.organizer, ctx.author, &t)?;
    if t.paused.is_some() {
        return refuse(tr!("tournament-next-paused", name = &t.name, p = p));
    }
    let Some(round) = t.current().cloned() else {
        return refuse(tr!("tournament-org-not-started", name = &t.name));
    };
    let open: Vec<u32> = round
        .pairings
        .iter()
        .filter(|q| q.is_open())
        .map(|q| q.board)
        .collect();
    let boards = open
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if !open.is_empty() && !adjudicate {
        return refuse(tr!(
            "tournament-next-unfinished",
            name = &t.name,
            round = round.number,
            count = open.len(),
            boards = boards,
            p = p
        ));
    }
    let rule = tr!("tournament-rule");
    let mut d = Decision::default();
    for &board in &open {
        match room_of(&t, round.number, board) {
            Some((room, id)) => d.follow.push(FollowUp::Organize(Box::new(RoomAct {
                key: t.key(),
                room,
                id,
                by: ctx.author.clone(),
                role: ctx.organizer,
                what: GameAct::Rule(rule.clone()),
            }))),
            None => {
                set_result(
                    &mut t,
                    (round.number, board),
                    Res::Draw,
                    (ctx.author, &rule),
                    ctx.now,
                );
            }
        }
    }
    let act = Act::RoundClosed {
        round: round.number,
        adjudicated: open.len() as u32,
    };
    t.log_act(ctx.author, ctx.now, act);
    let text = match open.len() {
        0 => tr!(
            "tournament-round-closed",
            name = &t.name,
            round = round.number
        ),
        n => tr!(
            "tournament-round-closed-rule",
            name = &t.name,
            round = round.number,
            count = n,
            boards = boards,
            rule = rule.as_str()
        ),
    };
    d.docs.push(save(&t, version));
    d.replies.push(to(&t.home, text));
    d.follow.push(FollowUp::Clocks(t.key()));
    Ok(d)
}

/// `kick @user [NAME] [REASON]`: a withdrawal by the organizer, with its reason.
fn kick(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    user: &User,
    words: &[String],
) -> Result<Decision, Refusal> {
    // The first word is the tournament's name when a tournament has it.
    let named = words.first().filter(|w| {
        let key = Tournament::key_of(&state.tournament_community, w);
        tournaments(state).iter().any(|f| f.t.key() == key)
    });
    let reason = words[usize::from(named.is_some())..].join(" ");
    let reason = (!reason.is_empty()).then_some(reason);
    let phases = [Phase::Registration, Phase::Running];
    let usage = format!("kick @{}", user.name);
    let Found { mut t, version } = find(state, ctx, named.map(String::as_str), &phases, &usage)?;
    organizer_only(ctx.organizer, ctx.author, &t)?;
    let game = rules::withdraw(&mut t, user)?;
    let act = Act::Kicked {
        player: user.name.clone(),
        reason: reason.clone(),
    };
    t.log_act(ctx.author, ctx.now, act);
    let text = match &reason {
        Some(why) => tr!(
            "tournament-kicked-why",
            player = &user.name,
            name = &t.name,
            by = &ctx.author.name,
            reason = why.as_str()
        ),
        None => tr!(
            "tournament-kicked",
            player = &user.name,
            name = &t.name,
            by = &ctx.author.name
        ),
    };
    let mut d = Decision::docs(vec![save(&t, version)], vec![to(&t.home, text)]);
    d.follow.push(FollowUp::Withdrawn {
        key: t.key(),
        game,
        user: user.clone(),
    });
    Ok(d)
}

/// `checkin` (a player) or `checkin open [DURATION]` (the organizer).
fn checkin(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    arg: CheckInArg,
    name: Option<&str>,
) -> Result<Decision, Refusal> {
    let Found { mut t, version } = find(state, ctx, name, &[Phase::Registration], "checkin")?;
    let text = match arg {
        CheckInArg::Me => {
            let (n, of) = org::check_in(&mut t, ctx.author, ctx.now, ctx.p())?;
            tr!(
                "tournament-checked-in",
                player = &ctx.author.name,
                name = &t.name,
                count = n,
                players = of
            )
        }
        CheckInArg::Open(window) => {
            organizer_only(ctx.organizer, ctx.author, &t)?;
            org::open_checkin(&mut t, ctx.author, window, ctx.now)?;
            match t.checkin.as_ref().and_then(|c| c.until_ms) {
                Some(until) => tr!(
                    "tournament-checkin-open-until",
                    name = &t.name,
                    time = crate::core::api::time_token(until),
                    p = ctx.p()
                ),
                None => tr!("tournament-checkin-open", name = &t.name, p = ctx.p()),
            }
        }
    };
    Ok(Decision::docs(
        vec![save(&t, version)],
        vec![Draft::text(text)],
    ))
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
    let (change, text) = match &act.what {
        GameAct::Adjudicate(..) | GameAct::Rule(_) => {
            let (res, reason) = match &act.what {
                GameAct::Adjudicate(res, why) => (*res, why.clone()),
                GameAct::Rule(why) => (org::rule_result(r), why.clone()),
                GameAct::Extend(_) => unreachable!("matched above"),
            };
            let next = org::adjudicated(r, res, ctx.now)?;
            let logged = Act::Adjudicated {
                round,
                board,
                result: res,
                reason: reason.clone(),
            };
            t.log_act(ctx.author, ctx.now, logged);
            let text = announcement(&t, (round, board), res, (ctx.author, &reason));
            let room_text = format!("{text}\n{}", result_text(&next));
            (Change::Finish(next), (text, room_text))
        }
        GameAct::Extend(by_ms) => extended(r, &mut t, (round, board), *by_ms, ctx)?,
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
