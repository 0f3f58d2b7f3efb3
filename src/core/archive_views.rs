//! The archive's commands (issue "Players: an archive of their games"): `!games` (the
//! author's games in the community), `!game ID` (one game from any channel of the
//! community), `!history` (the last games finished in the channel) and `!record [ID]`
//! (a game's moves). Pure: each decides over what its one batched read gave
//! ([`ChannelState::games`], [`ChannelState::by_id`], [`ChannelState::channel_log`]).

use mancala_rules::Side;

use super::api::{channel_token, time_token};
use super::decision::{refuse, ChannelState, Ctx, Decision, Draft, Refusal};
use super::prefs::Vacations;
use super::text;
use super::vacation::{self, Clock};
use super::views::{self, names, players_text};
use crate::model::User;
use crate::store::{GameResult, Record, Status};

/// A game id as code, whole: ids are letters, digits and dashes
/// ([`crate::store::gameid::normalize`]), never cut as typed text is.
pub(super) fn id_code(id: &str) -> String {
    format!("`{id}`")
}

/// The refusal of an id no game of the community has: the id, and where to find ids.
pub(super) fn unknown(id: &str, p: &str) -> String {
    tr!("archive-unknown-id", id = id_code(id), p = p)
}

/// `!games`: the author's games in play (id, game, opponent, channel, whose turn, the
/// clock), then his last finished ones (id, opponent, result, date).
pub(super) fn games(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let (running, finished) = (&state.games.running, &state.games.finished);
    let p = ctx.p();
    if running.is_empty() && finished.is_empty() {
        return Ok(Decision::look(vec![Draft::text(tr!(
            "archive-games-none",
            p = p
        ))]));
    }
    let mut lines = vec![tr!("archive-games-head", player = &ctx.author.name)];
    if !running.is_empty() {
        lines.push(tr!("archive-games-running", count = running.len()));
        let vacs = &state.vacations.value;
        lines.extend(
            running
                .iter()
                .map(|r| running_line(r, ctx.author, vacs, ctx.now)),
        );
    }
    if !finished.is_empty() {
        lines.push(tr!("archive-games-finished", count = finished.len()));
        lines.extend(finished.iter().map(|r| finished_line(r, ctx.author)));
    }
    lines.push(tr!("archive-games-footer", p = p));
    Ok(Decision::look(vec![Draft::text(lines.join("\n"))]))
}

/// The name of the opponent of `me` in `r` (the AI's name too); both players when `me`
/// plays neither side.
fn opponent(r: &Record, me: &User) -> String {
    match r.side_of(me) {
        Some(side) => names(r)[side.other().index()].to_string(),
        None => players_text(r),
    }
}

/// `` `ID` Katro vs Bob in #general: your move, due <time> ``; the deadline as the
/// vacations `vacs` leave it at `now` (paused while the player to move is away,
/// pushed after), as `!board` and the driver see it.
fn running_line(r: &Record, me: &User, vacs: &Vacations, now: u64) -> String {
    let turn = match r.play() {
        None => tr!("archive-turn-challenge"),
        Some(play) => {
            let side = play.game().position().to_move();
            let mine = r.side_of(me) == Some(side);
            let clock = match vacation::effective(r, vacs, now) {
                Some(Clock::Paused { until }) => {
                    tr!("archive-clock-vacation", time = time_token(until))
                }
                Some(Clock::Runs { deadline, .. }) => {
                    tr!("archive-clock", time = time_token(deadline))
                }
                Some(Clock::Held { left }) => tr!(
                    "archive-clock-held",
                    left = crate::core::text::duration_text(left)
                ),
                None => tr!("archive-no-clock"),
            };
            match mine {
                true => tr!("archive-turn-yours", clock = clock),
                false => tr!(
                    "archive-turn-of",
                    player = names(r)[side.index()],
                    clock = clock
                ),
            }
        }
    };
    tr!(
        "archive-running-line",
        id = id_code(&r.id),
        kind = text::kind_name(r.kind),
        opponent = opponent(r, me),
        channel = channel_token(&r.at),
        turn = turn
    )
}

/// `` `ID` vs Bob: won, 2026-12-03 11:00 UTC ``.
fn finished_line(r: &Record, me: &User) -> String {
    let result = match (r.result(), r.side_of(me)) {
        (Some(GameResult::Win(w)), Some(mine)) if w == mine => tr!("archive-result-won"),
        (Some(GameResult::Win(_)), Some(_)) => tr!("archive-result-lost"),
        (Some(GameResult::Draw), _) => tr!("archive-result-draw"),
        (Some(GameResult::Win(w)), None) => {
            tr!("archive-result-won-by", player = names(r)[w.index()])
        }
        _ => tr!("archive-result-none"),
    };
    tr!(
        "archive-finished-line",
        id = id_code(&r.id),
        kind = text::kind_name(r.kind),
        opponent = opponent(r, me),
        result = result,
        date = text::date_text(r.updated_ms)
    )
}

/// `!game ID`: where the game is played, its record (players, start, whose move or the
/// result, the moves), its clock and its board, from any channel of the community.
pub(super) fn game(state: &ChannelState, ctx: &Ctx<'_>, id: &str) -> Result<Decision, Refusal> {
    let Some(r) = &state.by_id else {
        return refuse(unknown(id, ctx.p()));
    };
    let mut lines = vec![tr!(
        "archive-game-where",
        id = id_code(&r.id),
        channel = channel_token(&r.at)
    )];
    match r.play() {
        None => lines.push(tr!(
            "archive-game-challenge",
            kind = text::kind_name(r.kind)
        )),
        Some(play) => {
            lines.push(views::record_text(r));
            if r.status() == Status::Finished {
                lines.push(tr!(
                    "archive-game-ended-at",
                    date = text::date_text(r.updated_ms)
                ));
            }
            lines.extend(views::deadline_line(r, None));
            let view = r.side_of(ctx.author).unwrap_or(Side::South);
            let picture = views::board_picture(r, play.game(), view);
            return Ok(Decision::look(vec![Draft::new(
                lines.join("\n"),
                vec![picture],
                Vec::new(),
            )]));
        }
    }
    Ok(Decision::look(vec![Draft::text(lines.join("\n"))]))
}

/// `!history`: the last games finished in this channel (id, players, result, date),
/// newest first; the channel's last game too when it finished before the channel's
/// index existed.
pub(super) fn history(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let mut done: Vec<&Record> = state.channel_log.finished.iter().collect();
    if let Some(last) = &state.last_played {
        if done.iter().all(|r| r.id != last.id) {
            done.insert(0, last);
        }
    }
    done.truncate(crate::store::archive::FINISHED_KEPT);
    let p = ctx.p();
    if done.is_empty() {
        return Ok(Decision::look(vec![Draft::text(tr!(
            "archive-history-none",
            p = p
        ))]));
    }
    let mut lines = vec![tr!("archive-history-head", count = done.len())];
    lines.extend(done.iter().map(|r| {
        let result = match r.result() {
            Some(GameResult::Win(w)) => {
                tr!("archive-result-won-by", player = names(r)[w.index()])
            }
            Some(GameResult::Draw) => tr!("archive-result-draw"),
            _ => tr!("archive-result-none"),
        };
        tr!(
            "archive-history-line",
            id = id_code(&r.id),
            players = players_text(r),
            result = result,
            date = text::date_text(r.updated_ms)
        )
    }));
    lines.push(tr!("archive-history-footer", p = p));
    Ok(Decision::look(vec![Draft::text(lines.join("\n"))]))
}

/// `!record [ID]`: the move record of the game here (in play, else the last finished),
/// or of the game `id` of the community.
pub(super) fn record(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    id: Option<&str>,
) -> Result<Decision, Refusal> {
    let Some(id) = id else {
        return views::history(state, ctx);
    };
    match &state.by_id {
        Some(r) if r.play().is_some() => {
            Ok(Decision::look(vec![Draft::text(views::record_text(r))]))
        }
        Some(r) => refuse(tr!(
            "archive-game-challenge",
            kind = text::kind_name(r.kind)
        )),
        None => refuse(unknown(id, ctx.p())),
    }
}
