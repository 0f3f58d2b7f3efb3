//! Correspondence play: time per move, deadlines, reminders, timeouts (`!claim`, or
//! automatic forfeits), `!abort`, `!draw`, `!rematch`, `!mute`/`!unmute`, the channel
//! setting `!set autoforfeit`, and the periodic driver [`Core::tick`].
//!
//! Deadlines and reminders live in the game's [`Record`] ([`Timing`]); the store keeps an
//! index of the next time each game must be looked at ([`Store::due`]), so the driver
//! reads only the games that are due, and a deadline that passed while the bot was down
//! is handled at the first tick.

use serde::{Deserialize, Serialize};

use mancala_rules::Side;

use super::{names, players_text, refuse, text, text_reply, Answer, Core, Fail};
use crate::core::api::{time_token, Incoming, Reply};
use crate::model::{ChannelKey, User};
use crate::store::keys::DocKey;
use crate::store::{
    docs, Challenge, GameResult, Play, Record, Status, Stored, Verdict, Write, FORMAT_VERSION,
};

/// Settings of one channel (`!set`), document `chan/COMMUNITY/CHANNEL`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ChannelSettings {
    /// A game whose deadline passes here is forfeited by itself (no `!claim` needed).
    #[serde(default)]
    pub autoforfeit: bool,
}

/// A player's preferences in one community, document `player/COMMUNITY/USER`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PlayerPrefs {
    /// No move reminders.
    #[serde(default)]
    pub muted: bool,
}

impl Core {
    /// Starts the clock of the player to move in `r` (a game just begun, or a move just
    /// made): the deadline is one time per move from `now`; no reminder sent yet.
    pub(super) fn restart_clock(&self, r: &mut Record, now: u64) {
        if let Some(t) = r.timing.as_mut() {
            t.deadline_ms = now + t.move_time_ms;
            t.reminded.clear();
            t.timed_out = false;
        }
        self.set_wake(r);
    }

    /// The reminder points (milliseconds before the deadline) that apply to a time per
    /// move of `move_time_ms`: those that fall after the move began.
    fn points(&self, move_time_ms: u64) -> Vec<u64> {
        self.settings
            .reminders
            .iter()
            .map(|d| d.as_millis() as u64)
            .filter(|&p| p > 0 && p < move_time_ms)
            .collect()
    }

    /// Sets [`Timing::wake_ms`]: the earliest reminder point not yet handled, else the
    /// deadline while it has not been handled.
    pub(super) fn set_wake(&self, r: &mut Record) {
        let points = r
            .timing
            .as_ref()
            .map(|t| self.points(t.move_time_ms))
            .unwrap_or_default();
        if let Some(t) = r.timing.as_mut() {
            let next_point = points
                .iter()
                .filter(|p| !t.reminded.contains(p))
                .map(|p| t.deadline_ms.saturating_sub(*p))
                .min();
            let deadline = (!t.timed_out).then_some(t.deadline_ms);
            t.wake_ms = match (next_point, deadline) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
    }

    /// `Deadline for @Bob: <t:..:R>.` for a game in play with a clock; none while the
    /// AI is to move (it has no deadline).
    pub(super) fn deadline_line(&self, r: &Record) -> Option<String> {
        let t = r.timing.as_ref()?;
        let side = r.play.as_ref()?.game().position().to_move();
        if r.is_ai(side) {
            return None;
        }
        let who = r.player(side).map_or("?", |u| u.name.as_str());
        Some(format!(
            "Deadline for {who}: {} ({} per move).",
            time_token(t.deadline_ms),
            text::duration_text(t.move_time_ms)
        ))
    }

    /// Whether a passed deadline in `r` forfeits the game by itself: tournament games and
    /// games against the AI always, other games where the channel is set so.
    pub(super) fn autoforfeit(&self, r: &Record) -> Result<bool, Fail> {
        // The AI cannot `!claim`: a human who lets his deadline pass against it loses.
        if r.tournament.is_some() || r.ai.is_some() {
            return Ok(true);
        }
        Ok(
            docs::load::<ChannelSettings>(&*self.store, &DocKey::chan(&r.at))?
                .value
                .autoforfeit,
        )
    }

    fn muted(&self, community: &str, user: &User) -> Result<bool, Fail> {
        Ok(
            docs::load::<PlayerPrefs>(&*self.store, &DocKey::player(community, user))?
                .value
                .muted,
        )
    }

    /// Finishes `st` (a game in play) with `verdict`, and returns the result lines and
    /// the replies of what follows (ratings, tournament).
    fn finish_with(
        &self,
        st: &Stored,
        verdict: Verdict,
        now: u64,
    ) -> Result<(Record, Vec<String>, Vec<Reply>), Fail> {
        let mut next = st.record.clone();
        next.verdict = Some(verdict);
        next.status = Status::Finished;
        next.draw_offer = None;
        if verdict == Verdict::Aborted {
            next.rated = false;
        }
        if let Some(t) = next.timing.as_mut() {
            t.wake_ms = None;
        }
        next.updated_ms = now;
        self.put(&st.record.at, Some(st), Write::Finish(&next))?;
        let mut lines = vec![self.result_text(&next)];
        let (more, replies) = self.after_finish(&next);
        lines.extend(more);
        Ok((next, lines, replies))
    }

    /// A passed deadline in `st`: the forfeit (`claimed_by` the opponent, or by the
    /// driver), as the reply text, mentions and follow-up replies.
    pub(super) fn timeout_forfeit(
        &self,
        st: &Stored,
        now: u64,
    ) -> Result<(Reply, Vec<Reply>), Fail> {
        let r = &st.record;
        let game = r.play.as_ref().expect("in play").game();
        let loser = game.position().to_move();
        let (next, lines, extra) = self.finish_with(
            st,
            Verdict::Timeout {
                winner: loser.other(),
            },
            now,
        )?;
        let deadline = r.timing.as_ref().map_or(0, |t| t.deadline_ms);
        let mut text = format!(
            "{} ({loser}) did not move by the deadline ({}).",
            names(r)[loser.index()],
            time_token(deadline)
        );
        for l in lines {
            text.push('\n');
            text.push_str(&l);
        }
        let reply = Reply {
            body: text.into(),
            attachments: vec![self.position_attachment(&next, game, Side::South)],
            mentions: [next.south.clone(), next.north.clone()]
                .into_iter()
                .flatten()
                .collect(),
            ..Reply::default()
        };
        Ok((reply, extra))
    }

    pub(super) fn claim(&self, msg: &Incoming) -> Answer {
        let p = self.p();
        let now = self.clock.now_ms();
        let st = self.playing(&msg.at)?;
        let r = &st.record;
        let Some(side) = r.side_of(&msg.author) else {
            return refuse(format!(
                "you are not playing this game ({}); only the opponent of the player to move \
                 can claim",
                players_text(r)
            ));
        };
        let Some(t) = &r.timing else {
            return refuse("this game has no time per move, so there is nothing to claim");
        };
        let to_move = r
            .play
            .as_ref()
            .expect("in play")
            .game()
            .position()
            .to_move();
        if r.is_ai(to_move) {
            return refuse(format!(
                "{} never runs out of time: it owes its move and plays it now",
                names(r)[to_move.index()]
            ));
        }
        if to_move == side {
            return refuse(format!(
                "it is your move; only {} could claim, once your deadline ({}) has passed",
                names(r)[side.other().index()],
                time_token(t.deadline_ms)
            ));
        }
        if now < t.deadline_ms {
            return refuse(format!(
                "{}'s deadline has not passed yet: {}; `{p}claim` after it",
                names(r)[to_move.index()],
                time_token(t.deadline_ms)
            ));
        }
        let (reply, mut extra) = self.timeout_forfeit(&st, now)?;
        let mut out = vec![reply];
        out.append(&mut extra);
        Ok(out)
    }

    pub(super) fn abort(&self, msg: &Incoming) -> Answer {
        let p = self.p();
        let now = self.clock.now_ms();
        let st = self.playing(&msg.at)?;
        let r = &st.record;
        if r.side_of(&msg.author).is_none() {
            return refuse(format!(
                "you are not playing this game ({}); only a player can abort it",
                players_text(r)
            ));
        }
        if r.tournament.is_some() {
            return refuse(format!(
                "a tournament game cannot be aborted; `{p}resign`, or an organizer can \
                 `{p}tournament withdraw @user`"
            ));
        }
        if r.play.as_ref().map_or(0, moves_played) >= 2 {
            return refuse(format!(
                "both sides have moved, so the game can no longer be aborted; `{p}resign` or \
                 offer a `{p}draw`"
            ));
        }
        let (_, _, extra) = self.finish_with(&st, Verdict::Aborted, now)?;
        let mut out = vec![text_reply(format!(
            "{} aborts the game ({}): no result, unrated.",
            msg.author.name,
            players_text(r)
        ))];
        out.extend(extra);
        Ok(out)
    }

    pub(super) fn draw(&self, msg: &Incoming) -> Answer {
        let p = self.p();
        let now = self.clock.now_ms();
        let st = self.playing(&msg.at)?;
        let r = &st.record;
        let Some(side) = r.side_of(&msg.author) else {
            return refuse(format!(
                "you are not playing this game ({}); only a player can offer a draw",
                players_text(r)
            ));
        };
        if let Some(seat) = r.ai {
            return self.ai_refuses_draw(r, seat);
        }
        let other = names(r)[side.other().index()].to_string();
        match r.draw_offer {
            Some(s) if s == side => refuse(format!(
                "you have already offered a draw; {other} may accept it with `{p}draw`"
            )),
            Some(_) => {
                let (next, lines, extra) = self.finish_with(&st, Verdict::DrawAgreed, now)?;
                let game = next.play.as_ref().expect("in play").game();
                let mut out = vec![Reply {
                    body: body!(
                        "{} accepts the draw offer.\n{}",
                        msg.author.name,
                        lines.join("\n")
                    ),
                    attachments: vec![self.position_attachment(&next, game, Side::South)],
                    mentions: next.player(side.other()).cloned().into_iter().collect(),
                    ..Reply::default()
                }];
                out.extend(extra);
                Ok(out)
            }
            None => {
                let mut next = r.clone();
                next.draw_offer = Some(side);
                next.updated_ms = now;
                self.put(&msg.at, Some(&st), Write::Put(&next))?;
                Ok(vec![Reply {
                    body: body!(
                        "{} offers a draw. @{other}: `{p}draw` to accept; a move declines it.",
                        msg.author.name
                    ),
                    mentions: next.player(side.other()).cloned().into_iter().collect(),
                    ..Reply::default()
                }])
            }
        }
    }

    pub(super) fn rematch(&self, msg: &Incoming) -> Answer {
        let p = self.p();
        let now = self.clock.now_ms();
        let current = self.store.load(&msg.at)?;
        if let Some(st) = &current {
            if !(st.record.status == Status::Challenge && self.expired(&st.record, now)) {
                return refuse(format!(
                    "there is already a challenge or a game here; one game per channel \
                     (`{p}board` shows it)"
                ));
            }
        }
        let Some(last) = self.store.last_finished(&msg.at)? else {
            return refuse(format!(
                "no game has finished here yet; start one with `{p}new GAME [@opponent]`"
            ));
        };
        let Some(side) = last.side_of(&msg.author) else {
            return refuse(format!(
                "only the players of the last game here ({}) can ask for its rematch",
                players_text(&last)
            ));
        };
        if last.tournament.is_some() {
            return refuse(
                "the last game here was a tournament game; challenge with `!new` instead"
                    .replace('!', p),
            );
        }
        if let Some(seat) = last.ai {
            return self.ai_rematch(msg, current.as_ref(), &last, seat);
        }
        let Some(opponent) = last.player(side.other()).cloned() else {
            return refuse("the last game here has no opponent to ask");
        };
        let expiry = self.settings.challenge_expiry.as_millis() as u64;
        let move_time_ms = last.timing.as_ref().map(|t| t.move_time_ms);
        let record = Record {
            format_version: FORMAT_VERSION,
            id: self.store.new_id(now)?,
            at: msg.at.clone(),
            kind: last.kind,
            status: Status::Challenge,
            challenge: Some(Challenge {
                challenger: msg.author.clone(),
                opponent: Some(opponent.clone()),
                challenger_side: Some(side.other()),
                expires_ms: now + expiry,
                move_time_ms,
            }),
            south: None,
            north: None,
            play: None,
            earlier_games: Vec::new(),
            timing: None,
            rated: last.rated,
            verdict: None,
            draw_offer: None,
            tournament: None,
            ai: None,
            created_ms: now,
            updated_ms: now,
        };
        self.put(&msg.at, current.as_ref(), Write::Put(&record))?;
        Ok(vec![Reply {
            body: body!(
                "{} asks @{} for a rematch of {}, sides swapped: {} plays {}. @{}: `{p}accept` \
                 or `{p}decline` (expires in {}).",
                msg.author.name,
                opponent.name,
                text::kind_name(last.kind),
                msg.author.name,
                side.other(),
                opponent.name,
                text::duration_text(expiry)
            ),
            mentions: vec![opponent],
            ..Reply::default()
        }])
    }

    pub(super) fn mute(&self, msg: &Incoming, muted: bool) -> Answer {
        let key = DocKey::player(&msg.at.community, &msg.author);
        docs::update(&*self.store, &key, |p: &mut PlayerPrefs| {
            p.muted = muted;
            Ok::<(), Fail>(())
        })?;
        Ok(vec![text_reply(if muted {
            format!(
                "{}: move reminders are off for you here (`{}unmute` turns them on).",
                msg.author.name,
                self.p()
            )
        } else {
            format!("{}: move reminders are on for you here.", msg.author.name)
        })])
    }

    pub(super) fn set_autoforfeit(&self, msg: &Incoming, on: bool) -> Answer {
        if !msg.is_organizer {
            return refuse(format!(
                "only organizers ({}) can change channel settings",
                text::ORGANIZERS
            ));
        }
        docs::update(
            &*self.store,
            &DocKey::chan(&msg.at),
            |c: &mut ChannelSettings| {
                c.autoforfeit = on;
                Ok::<(), Fail>(())
            },
        )?;
        Ok(vec![text_reply(if on {
            "Auto-forfeit is on in this channel: a player whose deadline passes loses the \
             game by himself."
                .to_string()
        } else {
            format!(
                "Auto-forfeit is off in this channel: once a deadline passes, the opponent may \
                 `{}claim` the win.",
                self.p()
            )
        })])
    }

    /// What the driver does for the due channel `at`; replies to post there.
    fn tick_channel(&self, at: &ChannelKey, now: u64) -> Result<Vec<Reply>, Fail> {
        let Some(st) = self.store.load(at)? else {
            return Ok(Vec::new());
        };
        let r = &st.record;
        let (Some(t), Some(play)) = (&r.timing, &r.play) else {
            return Ok(Vec::new());
        };
        if r.status != Status::Playing {
            return Ok(Vec::new());
        }
        if super::vs_ai::ai_to_move(r).is_some() {
            // The AI owes a move (a restart interrupted it): it plays, never times out.
            return Ok(self.ai_turns(at));
        }
        let game = play.game();
        let side = game.position().to_move();
        let player = r.player(side).cloned();
        if now >= t.deadline_ms && !t.timed_out {
            if self.autoforfeit(r)? {
                let (reply, mut extra) = self.timeout_forfeit(&st, now)?;
                let mut out = vec![reply];
                out.append(&mut extra);
                return Ok(out);
            }
            let points = self.points(t.move_time_ms);
            let mut next = r.clone();
            if let Some(nt) = next.timing.as_mut() {
                // Reminders missed while the bot was down are not sent any more.
                nt.timed_out = true;
                nt.reminded = points;
            }
            self.set_wake(&mut next);
            self.put(at, Some(&st), Write::Put(&next))?;
            let opp = names(r)[side.other().index()];
            return Ok(vec![Reply {
                body: body!(
                    "@{} ({side}) did not move by the deadline ({}). @{opp} may `{}claim` the \
                     win, or wait for the move.",
                    names(r)[side.index()],
                    time_token(t.deadline_ms),
                    self.p()
                ),
                mentions: [r.south.clone(), r.north.clone()]
                    .into_iter()
                    .flatten()
                    .collect(),
                ..Reply::default()
            }]);
        }
        let due: Vec<u64> = self
            .points(t.move_time_ms)
            .into_iter()
            .filter(|p| !t.reminded.contains(p) && t.deadline_ms.saturating_sub(*p) <= now)
            .collect();
        let mut next = r.clone();
        if let Some(nt) = next.timing.as_mut() {
            nt.reminded.extend(&due);
        }
        self.set_wake(&mut next);
        if next.timing == r.timing {
            return Ok(Vec::new());
        }
        self.put(at, Some(&st), Write::Put(&next))?;
        let Some(player) = player else {
            return Ok(Vec::new());
        };
        if due.is_empty() || now >= t.deadline_ms || self.muted(&at.community, &player)? {
            return Ok(Vec::new());
        }
        Ok(vec![Reply {
            body: body!(
                "@{}, your move ({side}) in {} ({}): the deadline is {}. {}",
                player.name,
                text::kind_name(r.kind),
                players_text(r),
                time_token(t.deadline_ms),
                text::move_form(game.variant(), self.p())
            ),
            mentions: vec![player],
            ..Reply::default()
        }])
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
            for _ in 0..4 {
                match self.tick_channel(&at, now) {
                    Ok(replies) => {
                        out.extend(route(&at, replies));
                        break;
                    }
                    Err(Fail::Conflict) => continue,
                    Err(Fail::Refuse(e)) => {
                        tracing::warn!(channel = ?at, "tick: {e}");
                        break;
                    }
                    Err(Fail::Store(e)) => {
                        tracing::error!(error = %e, channel = ?at, "store failure in tick");
                        break;
                    }
                }
            }
        }
        out.extend(self.tick_tournaments(owns));
        for (_, reply) in &mut out {
            super::vs_ai::drop_ai_mentions(std::slice::from_mut(reply));
        }
        out
    }

    /// `after_finish` for a game that ended: rating lines for its result text, and the
    /// replies of the tournament it belongs to.
    pub(super) fn after_finish(&self, r: &Record) -> (Vec<String>, Vec<Reply>) {
        let mut lines = Vec::new();
        if let Some(line) = self.rate(r) {
            lines.push(line);
        }
        let replies = match (&r.tournament, r.result()) {
            (Some(link), Some(res)) => self.tourney_game_over(link, &r.id, res),
            _ => Vec::new(),
        };
        (lines, replies)
    }

    /// Applies a finished rated game to the ratings; the line to show. A game lost on
    /// time before both sides had moved is not rated (as one aborted then would not be).
    fn rate(&self, r: &Record) -> Option<String> {
        let result = r.result()?;
        if !r.rated {
            return None;
        }
        if matches!(r.verdict, Some(Verdict::Timeout { .. }))
            && r.play.as_ref().map_or(0, moves_played) < 2
        {
            return Some("Unrated: the game ended before both sides had moved.".to_string());
        }
        let score = match result {
            GameResult::Win(Side::South) => 1.0,
            GameResult::Win(Side::North) => 0.0,
            GameResult::Draw => 0.5,
            GameResult::NoResult => return None,
        };
        let (south, north) = (r.south.as_ref()?, r.north.as_ref()?);
        let fam = super::ratings::family(r.kind);
        match super::ratings::apply_game(
            &*self.store,
            &r.at.community,
            fam,
            &r.id,
            r.updated_ms,
            south,
            north,
            score,
            self.settings.glicko_tau,
        ) {
            Ok(Some([(bs, as_), (bn, an)])) => Some(format!(
                "Ratings ({fam}): {} {:.0} → {:.0}, {} {:.0} → {:.0}.",
                south.name, bs.rating, as_.rating, north.name, bn.rating, an.rating
            )),
            Ok(None) => None,
            Err(e) => {
                tracing::error!(error = %e, game = %r.id, "rating update failed");
                None
            }
        }
    }
}

/// Moves made so far in a game or a match (a match counts two for each finished game):
/// below two, a side has not moved yet.
fn moves_played(play: &Play) -> usize {
    match play {
        Play::Game(g) => g.moves().len(),
        Play::Match(m) => m.game().moves().len() + 2 * m.games_played(),
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
