//! Correspondence play: timeouts (`!claim`, or automatic forfeits), `!abort`, `!draw`,
//! `!rematch`, `!mute`/`!unmute`, the channel setting `!set autoforfeit`, and the
//! periodic driver [`Core::tick`]. The clock itself (time per move, deadlines,
//! reminders, the forfeit of a passed deadline) is [`super::deadlines`].
//!
//! Deadlines and reminders live in the game's [`Record`] ([`Timing`]), a challenge's
//! expiry in its [`Challenge`]; the store keeps an index of the next time each record
//! must be looked at ([`Store::due`]), so the driver reads only the records that are
//! due, and a deadline that passed (or a challenge that expired) while the bot was down
//! is handled at the first tick.

use mancala_rules::Side;

use super::deadlines::{
    autoforfeit, finished_with, live_flag, reminder_points, set_wake, timeout_forfeit,
};
use super::decision::{refuse, Change, ChannelState, Ctx, Decision, Draft, Refusal};
use super::needs::Needs;
use super::vacation::{self, Clock};
use super::views::{
    board_picture, expired, names, players_text, playing, result_text, state_fault, still_view,
};
use super::{games, text, vs_ai, Core, Fail};
use crate::core::api::{mention_token, time_token, Incoming, Reply};
use crate::core::limits::{later, millis};
use crate::model::{ChannelKey, User};
use crate::store::{Challenge, GameState, Record, Status, Timing, Verdict};

/// `!claim`: the opponent of the player to move wins on time once the deadline passed.
pub(super) fn claim(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let p = ctx.p();
    let (r, table) = playing(state, p)?;
    let Some(side) = r.side_of(ctx.author) else {
        return refuse(tr!("clock-claim-not-a-player", players = players_text(r)));
    };
    let Some(t) = &table.timing else {
        return refuse(tr!("clock-claim-no-clock"));
    };
    let to_move = table.play.game().position().to_move();
    if r.is_ai(to_move) {
        return refuse(tr!("clock-claim-ai", ai = names(r)[to_move.index()]));
    }
    // A vacation of the player to move pauses his deadline, or pushed it.
    let deadline = match vacation::effective(r, &state.vacations.value, ctx.now) {
        Some(Clock::Paused { until }) if to_move != side => {
            return refuse(tr!(
                "vacation-claim",
                player = names(r)[to_move.index()],
                date = text::date_text(until)
            ))
        }
        Some(Clock::Runs { deadline, .. }) => deadline,
        Some(Clock::Held { left }) => {
            return refuse(tr!(
                "clock-held",
                player = names(r)[to_move.index()],
                left = text::duration_text(left)
            ))
        }
        _ => t.deadline_ms,
    };
    if to_move == side {
        let opponent = names(r)[side.other().index()];
        let time = time_token(deadline);
        return refuse(if ctx.now < deadline {
            tr!("clock-claim-own-move", opponent = opponent, time = time)
        } else {
            tr!(
                "clock-claim-own-move-late",
                opponent = opponent,
                time = time
            )
        });
    }
    if ctx.now < deadline {
        return refuse(tr!(
            "clock-claim-early",
            player = names(r)[to_move.index()],
            time = time_token(deadline),
            p = p
        ));
    }
    Ok(timeout_forfeit(r, table, &state.channel, ctx.now))
}

/// `!abort`: a player ends the game without result before both sides have moved
/// (never a tournament game).
pub(super) fn abort(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let p = ctx.p();
    let (r, _) = playing(state, p)?;
    if r.side_of(ctx.author).is_none() {
        return refuse(tr!("game-abort-not-a-player", players = players_text(r)));
    }
    if r.tournament.is_some() {
        return refuse(tr!("game-abort-tournament", p = p));
    }
    if r.both_sides_moved() {
        // The AI takes no draws, so against it only resigning is left.
        return refuse(if r.ai.is_some() {
            tr!("game-abort-too-late-ai", p = p)
        } else {
            tr!("game-abort-too-late", p = p)
        });
    }
    // Aborted games are unrated: no rating line follows this reply.
    let next = finished_with(r, Verdict::Aborted, ctx.now).map_err(state_fault)?;
    let reply = Draft::text(tr!(
        "game-aborts",
        player = &ctx.author.name,
        players = players_text(r)
    ));
    Ok(Decision::write(Change::Finish(next), vec![reply]))
}

/// `!draw`: offers a draw, or accepts the opponent's offer (the AI takes none).
pub(super) fn draw(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let p = ctx.p();
    let (r, table) = playing(state, p)?;
    let Some(side) = r.side_of(ctx.author) else {
        return refuse(tr!("game-draw-not-a-player", players = players_text(r)));
    };
    if let Some(seat) = r.ai {
        return vs_ai::ai_refuses_draw(r, seat, p);
    }
    // A live clock's flag that fell decides before any draw offer or agreement.
    if let Some(forfeit) = live_flag(r, table, &state.channel, ctx.now) {
        return Ok(forfeit);
    }
    let other = names(r)[side.other().index()].to_string();
    let opponent: Vec<User> = r.player(side.other()).cloned().into_iter().collect();
    match r.draw_offer() {
        Some(s) if s == side => refuse(tr!("game-draw-offered-already", other = other, p = p)),
        Some(_) => {
            let next = finished_with(r, Verdict::DrawAgreed, ctx.now).map_err(state_fault)?;
            // An agreed draw leaves the game as it stood.
            let game = table.play.game();
            let reply = Draft::new(
                format!(
                    "{}\n{}",
                    tr!("game-draw-accepts", player = &ctx.author.name),
                    result_text(&next)
                ),
                vec![board_picture(
                    &next,
                    game,
                    still_view(&next, &state.channel, Side::South),
                )],
                opponent,
            );
            Ok(Decision::write(Change::Finish(next), vec![reply]))
        }
        None => {
            let mut next = r.clone();
            if let Some(t) = next.playing_mut() {
                t.draw_offer = Some(side);
            }
            next.updated_ms = ctx.now;
            let reply = Draft::new(
                tr!(
                    "game-draw-offer",
                    player = &ctx.author.name,
                    opponent = super::views::at(r, side.other()),
                    p = p
                ),
                Vec::new(),
                opponent,
            );
            Ok(Decision::write(Change::Put(next), vec![reply]))
        }
    }
}

/// `!rematch`: a player of the last game finished here challenges his opponent again,
/// sides swapped (against the AI: a new game at once).
pub(super) fn rematch(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let p = ctx.p();
    if let Some(r) = state.record() {
        let open = r.status() == Status::Challenge && !expired(r, ctx.now);
        let to_author = r
            .challenge()
            .is_some_and(|c| c.opponent.as_ref().is_some_and(|o| o.id == ctx.author.id));
        if open && to_author {
            // Both players asked for the rematch: the second `!rematch` accepts the first.
            return games::accept(state, ctx);
        }
        if !(r.status() == Status::Challenge && expired(r, ctx.now)) {
            return refuse(tr!("game-rematch-busy", p = p));
        }
    }
    let Some(last) = &state.last_finished else {
        return refuse(tr!("game-rematch-none", p = p));
    };
    let Some(side) = last.side_of(ctx.author) else {
        return refuse(tr!(
            "game-rematch-not-a-player",
            players = players_text(last)
        ));
    };
    if last.tournament.is_some() {
        return refuse(tr!("game-rematch-tournament", p = p));
    }
    if let Some(seat) = last.ai {
        return vs_ai::ai_rematch(ctx, last, seat);
    }
    let Some(opponent) = last.player(side.other()).cloned() else {
        return refuse(tr!("game-rematch-no-opponent"));
    };
    Ok(rematch_challenge(ctx, last, side.other(), opponent))
}

/// The challenge of a rematch of `last` by the author, who now plays `side`, to
/// `opponent`: the same game, time per move and rating.
fn rematch_challenge(ctx: &Ctx<'_>, last: &Record, side: Side, opponent: User) -> Decision {
    let p = ctx.p();
    let expiry = millis(ctx.settings.challenge_expiry);
    let challenge = Challenge {
        challenger: ctx.author.clone(),
        opponent: Some(opponent.clone()),
        challenger_side: Some(side),
        expires_ms: later(ctx.now, expiry),
        move_time_ms: last
            .timing()
            .filter(|t| t.live.is_none())
            .map(|t| t.move_time_ms),
        live: last.timing().and_then(|t| t.live).map(|l| l.control),
        expiry_announced: false,
    };
    let record = Record::new_challenge(
        String::new(),
        ctx.at.clone(),
        last.kind,
        challenge,
        last.rated,
        ctx.now,
    );
    let mut reply = Draft::new(
        tr!(
            "game-rematch",
            player = &ctx.author.name,
            opponent = mention_token(&opponent),
            kind = text::kind_name(last.kind),
            rated = last.rated,
            side = text::side_name(side),
            p = p,
            expires = text::duration_text(expiry)
        ),
        Vec::new(),
        vec![opponent.clone()],
    );
    reply.reply.buttons = games::answer_buttons(p, &opponent);
    Decision::write(Change::Create(record), vec![reply])
}

/// What the periodic driver does for a due channel: the forfeit or the timeout notice
/// of a passed deadline, else the reminders that came due (none to a player who muted
/// them: `state.muted`). A game where the AI is to move is left to the AI (`ai_owes`
/// is set): it never times out.
pub(super) fn tick(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    ai_owes: &mut bool,
) -> Result<Decision, Refusal> {
    let (now, p) = (ctx.now, ctx.p());
    let Some(r) = state.record() else {
        return Ok(Decision::default());
    };
    let table = match &r.state {
        GameState::Challenge(ch) => return Ok(challenge_expiry(r, ch, ctx)),
        GameState::Playing(table) => table,
        GameState::Finished(_) => return Ok(Decision::default()),
    };
    if table.timing.is_none() {
        return Ok(Decision::default());
    }
    if table.timing.as_ref().is_some_and(|t| t.held_ms.is_some()) {
        // Stopped while its tournament is paused: nothing passes, nothing is due.
        return Ok(Decision::default());
    }
    if vs_ai::ai_to_move(r).is_some() {
        // The AI owes a move (a restart interrupted it): it plays, never times out.
        *ai_owes = true;
        return Ok(Decision::default());
    }
    // The player to move on vacation: nothing passes before its end; after it, his
    // deadline is pushed by the pause, written with whatever else this tick writes.
    let pushed = match after_vacation(r, state, now) {
        Ok(pushed) => pushed,
        Err(until) => return Ok(paused(r, until)),
    };
    let stored = r;
    let r = pushed.as_ref().unwrap_or(r);
    let (Some(table), Some(t)) = (r.playing(), r.timing()) else {
        return Ok(Decision::default());
    };
    let game = table.play.game();
    let side = game.position().to_move();
    if now >= t.deadline_ms && !t.timed_out {
        if autoforfeit(r, &state.channel) {
            return Ok(timeout_forfeit(r, table, &state.channel, now));
        }
        return Ok(timeout_notice(r, t, side, ctx));
    }
    let due: Vec<u64> = reminder_points(ctx.settings, t)
        .into_iter()
        .filter(|p| !t.reminded.contains(p) && t.deadline_ms.saturating_sub(*p) <= now)
        .collect();
    let mut next = r.clone();
    if let Some(nt) = next.timing_mut() {
        nt.reminded.extend(&due);
    }
    set_wake(&mut next, ctx.settings);
    if next.timing() == stored.timing() {
        return Ok(Decision::default());
    }
    let mut replies = Vec::new();
    if let Some(player) = r.player(side).cloned() {
        if !due.is_empty() && now < t.deadline_ms && !state.muted {
            replies.push(Draft::new(
                tr!(
                    "clock-reminder",
                    player = mention_token(&player),
                    side = text::side_name(side),
                    kind = text::kind_name(r.kind),
                    players = players_text(r),
                    time = time_token(t.deadline_ms),
                    form = text::move_form(game.variant(), p)
                ),
                Vec::new(),
                vec![player],
            ));
        }
    }
    Ok(Decision::write(Change::Put(next), replies))
}

/// The game `r` of `state` as the driver sees it at `now` with the vacations: pushed
/// by an ended vacation of the player to move (`None`: as it is), or the end of the
/// vacation the player to move is on.
fn after_vacation(r: &Record, state: &ChannelState, now: u64) -> Result<Option<Record>, u64> {
    match vacation::effective(r, &state.vacations.value, now) {
        Some(Clock::Paused { until }) => Err(until),
        Some(Clock::Runs {
            push: Some(push), ..
        }) => Ok(Some(vacation::pushed(r, push))),
        _ => Ok(None),
    }
}

/// The game `r` whose player to move is on vacation until `until`: the driver looks
/// again then (nothing is sent meanwhile); no write when it would already.
fn paused(r: &Record, until: u64) -> Decision {
    if r.timing().and_then(|t| t.wake_ms) == Some(until) {
        return Decision::default();
    }
    let mut next = r.clone();
    if let Some(t) = next.timing_mut() {
        t.wake_ms = Some(until);
    }
    Decision::write(Change::Put(next), Vec::new())
}

/// An open challenge whose time ran out unanswered: the driver marks it announced
/// (written with the channel's one compare-and-swap, so that a restart or a concurrent
/// tick never announces it again) and tells the channel, pinging the challenger, as a
/// passed deadline is told ([`timeout_notice`]). The challenge stays in the channel,
/// expired (`!board` shows it), until a new `!new` replaces it.
fn challenge_expiry(r: &Record, ch: &Challenge, ctx: &Ctx<'_>) -> Decision {
    if ch.expiry_announced || ctx.now < ch.expires_ms {
        return Decision::default();
    }
    let mut next = r.clone();
    if let GameState::Challenge(c) = &mut next.state {
        c.expiry_announced = true;
    }
    next.updated_ms = ctx.now;
    let player = mention_token(&ch.challenger);
    let kind = text::kind_name(r.kind);
    let time = time_token(ch.expires_ms);
    let p = ctx.p();
    let reply = Draft::new(
        match &ch.opponent {
            Some(op) => tr!(
                "clock-challenge-expired",
                player = player,
                opponent = &op.name,
                kind = kind,
                time = time,
                p = p
            ),
            None => tr!(
                "clock-open-challenge-expired",
                player = player,
                kind = kind,
                time = time,
                p = p
            ),
        },
        Vec::new(),
        vec![ch.challenger.clone()],
    );
    Decision::write(Change::Put(next), vec![reply])
}

/// A deadline passed where the opponent must `!claim`: the game marks it (reminders
/// missed while the bot was down are not sent any more) and tells both players.
fn timeout_notice(r: &Record, t: &Timing, side: Side, ctx: &Ctx<'_>) -> Decision {
    let points = reminder_points(ctx.settings, t);
    let mut next = r.clone();
    if let Some(nt) = next.timing_mut() {
        nt.timed_out = true;
        nt.reminded = points;
    }
    set_wake(&mut next, ctx.settings);
    let reply = Draft::new(
        tr!(
            "clock-timeout-notice",
            player = super::views::at(r, side),
            side = text::side_name(side),
            time = time_token(t.deadline_ms),
            opponent = super::views::at(r, side.other()),
            p = ctx.p()
        ),
        Vec::new(),
        r.players().into_iter().flatten().cloned().collect(),
    );
    Decision::write(Change::Put(next), vec![reply])
}

impl Core {
    /// What the driver does for the due channel `at` (see [`tick`]), through the
    /// dispatcher; then the AI's owed moves. Replies to post there.
    fn tick_channel(&self, at: &ChannelKey) -> Result<Vec<Reply>, Fail> {
        let driver = Incoming {
            at: at.clone(),
            ..Incoming::default()
        };
        let mut ai_owes = false;
        let out = self.commit(at, &driver, Needs::tick(), &mut |state, ctx| {
            tick(state, ctx, &mut ai_owes)
        })?;
        if ai_owes {
            return Ok(self.ai_turns(at, None));
        }
        Ok(out)
    }

    /// The periodic driver (see [`crate::core::api::ChatCore::tick`]): reminders, deadlines
    /// and tournaments, from the store.
    pub fn run_tick(&self, owns: &(dyn Fn(&str) -> bool + Sync)) -> Vec<(ChannelKey, Reply)> {
        let now = self.clock.now_ms();
        let mut out = Vec::new();
        let due = match self.store.due(now) {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(error = %e, "store failure reading the due games");
                Vec::new()
            }
        };
        for at in due.into_iter().filter(|at| owns(&at.community)) {
            let lang = self.channel_lang(&at, None);
            match crate::i18n::with_lang(lang, || self.tick_channel(&at)) {
                Ok(replies) => out.extend(route(&at, replies)),
                Err(Fail::Refuse(e)) => tracing::warn!(channel = ?at, "tick: {e}"),
                Err(Fail::Conflict | Fail::Busy) => {
                    tracing::warn!(channel = ?at, "tick: too many concurrent writes")
                }
                Err(Fail::Store(e)) => {
                    tracing::error!(error = %e, channel = ?at, "store failure in tick")
                }
            }
        }
        // Games finished before a crash whose rating or tournament result is not
        // applied yet, before the tournaments look at their rounds.
        out.extend(self.settle_unsettled(owns));
        out.extend(self.tick_tournaments(owns));
        out.extend(self.send_digests(owns, now));
        for (_, reply) in &mut out {
            super::vs_ai::drop_ai_mentions(std::slice::from_mut(reply));
        }
        // The one rule for long replies (see `Core::split_long`), at the limits of the
        // channel each reply goes to.
        out.into_iter()
            .flat_map(|(at, reply)| {
                let max = self.limits_at(&at).chars_per_message;
                reply.split(max).into_iter().map(move |r| (at.clone(), r))
            })
            .collect()
    }
}

/// Replies with their channel: `to` if set, else `at`.
pub(super) fn route(at: &ChannelKey, replies: Vec<Reply>) -> Vec<(ChannelKey, Reply)> {
    replies
        .into_iter()
        .map(|mut r| {
            let k = r.to.take().unwrap_or_else(|| at.clone());
            (k, r)
        })
        .collect()
}
