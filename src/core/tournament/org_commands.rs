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
//! it in its room (`Core::sync_clocks`), and the periodic driver makes any game that
//! missed it follow on its next pass.

use crate::core::command::{Adjudged, CheckInArg, GameRef, TourneyCommand};
use crate::core::decision::{refuse, ChannelState, Ctx, Decision, Draft, FollowUp, Refusal};
use crate::model::{ChannelKey, User};

use super::commands::{find, save, tournaments, Found};
use super::log::{log_text, Act};
use super::org_rooms::{announcement, to, GameAct, RoomAct};
use super::organize::{self as org, organizer_only, running};
use super::{decide as rules, Phase, Res, Tournament};

/// Longest `!tournament log` reply, in characters (one message on every transport).
const LOG_CHARS: usize = 1_900;

/// Whether `cmd` is one of the organizer tools decided here.
pub(super) fn handles(cmd: &TourneyCommand) -> bool {
    matches!(
        cmd,
        TourneyCommand::Adjudicate { .. }
            | TourneyCommand::Extend { .. }
            | TourneyCommand::Pause(_)
            | TourneyCommand::Resume(_)
            | TourneyCommand::NextRound { .. }
            | TourneyCommand::Kick { .. }
            | TourneyCommand::CheckIn(..)
            | TourneyCommand::Log(_)
    )
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
        GameRef::Board(b) => find(state, ctx, None, &[Phase::Running], "").map_err(|e| {
            // A board number names no game when several tournaments run.
            let running: Vec<String> = tournaments(state)
                .into_iter()
                .filter(|f| f.t.phase == Phase::Running)
                .map(|f| f.t.name)
                .collect();
            match running.len() {
                0 | 1 => e,
                _ => Refusal(tr!(
                    "tournament-board-which",
                    list = running.join(", "),
                    board = *b
                )),
            }
        }),
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
    let Some(p) = org::pairing(&t, round, board) else {
        return refuse(tr!("tournament-no-board", name = &t.name, board = board));
    };
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
        // Decided without a game on the board, as a forfeit is.
        p.forfeit = true;
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
