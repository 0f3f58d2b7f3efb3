//! The life of a channel's game, decided purely over its loaded record: `!new` (a
//! challenge), `!accept`, `!decline`, `!sow` (a human's move or the AI's), `!resign`.
//! See [`super::decision`] for the shape every handler here follows.

use mancala_rules::{Game, Side};

use super::command::{Opponent, Resign};
use super::deadlines::{autoforfeit, move_time_ms, restart_clock, timeout_forfeit};
use super::decision::{refuse, Change, ChannelState, Ctx, Decision, Draft, Refusal};
use super::play::play_move;
use super::views::{
    board_picture, expired, names, players_text, playing, result_text, state_fault, still_view,
    to_move_with_deadline,
};
use super::{text, vs_ai};
use crate::core::api::{mention_token, Button};
use crate::core::limits::{later, millis};
use crate::model::{GameKind, LiveControl, User};
use crate::store::{Challenge, GameState, Play, Record, Status};

/// Refuses `!new` while the channel holds an open challenge or a game (one game per
/// channel); an expired challenge may be replaced.
fn channel_is_free(state: &ChannelState, ctx: &Ctx<'_>) -> Result<(), Refusal> {
    let p = ctx.p();
    let Some(r) = state.record() else {
        return Ok(());
    };
    match r.status() {
        Status::Challenge if !expired(r, ctx.now) => {
            let who = r
                .challenge()
                .map_or_else(|| tr!("game-someone"), |c| c.challenger.name.clone());
            refuse(tr!(
                "game-challenge-open-here",
                who = who,
                kind = text::kind_name(r.kind),
                p = p
            ))
        }
        Status::Challenge => Ok(()),
        _ => refuse(tr!(
            "game-in-play-here",
            kind = text::kind_name(r.kind),
            players = players_text(r),
            p = p
        )),
    }
}

/// `!new GAME [@opponent|ai [level N]] [as south|north] [TIME|LIVE]`: a challenge (or,
/// against the AI, a game started at once). `live`: a live clock instead of a time per
/// move (the parser then gives `move_time` `Some(None)`).
pub(super) fn new_game(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    (kind, opponent, side): (Option<GameKind>, &Opponent, Option<Side>),
    (move_time, live): (Option<Option<u64>>, Option<LiveControl>),
    rated: bool,
) -> Result<Decision, Refusal> {
    let p = ctx.p();
    // A channel that plays each game in a room of its own holds no game between people.
    let in_room = state.channel.threads && !matches!(opponent, Opponent::Ai { .. });
    if !in_room {
        channel_is_free(state, ctx)?;
    }
    let opponent = match opponent {
        Opponent::Ai { level } => {
            let level = level.unwrap_or(ctx.settings.ai_level);
            return vs_ai::start_ai_game(ctx, kind, level, side, move_time);
        }
        Opponent::User(u) if u.id == ctx.author.id => {
            return refuse(tr!("game-challenge-self", p = p))
        }
        Opponent::User(u) => Some(u.clone()),
        Opponent::Anyone => None,
    };
    let kind = kind.unwrap_or(ctx.settings.default_game);
    let expiry = millis(ctx.settings.challenge_expiry);
    let move_time_ms = move_time_ms(ctx.settings, move_time);
    let challenge = Challenge {
        challenger: ctx.author.clone(),
        opponent: opponent.clone(),
        challenger_side: side,
        expires_ms: later(ctx.now, expiry),
        move_time_ms,
        live,
        expiry_announced: false,
    };
    let record = Record::new_challenge(
        String::new(),
        ctx.at.clone(),
        kind,
        challenge,
        rated,
        ctx.now,
    );
    let terms = Terms {
        side,
        move_time_ms,
        live,
        rated,
    };
    let reply = challenge_reply(ctx, kind, opponent.clone(), terms, expiry);
    if in_room {
        return Ok(super::game_rooms::in_own_room(ctx, record, reply, opponent));
    }
    Ok(Decision::write(Change::Create(record), vec![reply]))
}

/// What a challenge offers besides the game: the challenger's side, the time per move,
/// whether it is rated.
struct Terms {
    side: Option<Side>,
    move_time_ms: Option<u64>,
    live: Option<LiveControl>,
    rated: bool,
}

/// The button that types the command `id` (with the prefix `p`), labelled `label`, for
/// `only` or for anyone.
fn command_button(p: &str, id: &str, label: String, only: Option<User>) -> Button {
    Button {
        id: id.into(),
        label,
        command: format!("{p}{id}"),
        only,
    }
}

/// The Accept and Decline buttons of a challenge to `opponent`, for him alone.
pub(super) fn answer_buttons(p: &str, opponent: &User) -> Vec<Button> {
    vec![
        command_button(
            p,
            "accept",
            tr!("game-button-accept"),
            Some(opponent.clone()),
        ),
        command_button(
            p,
            "decline",
            tr!("game-button-decline"),
            Some(opponent.clone()),
        ),
    ]
}

/// The announcement of a new challenge, with its Accept and Decline (Withdraw) buttons.
fn challenge_reply(
    ctx: &Ctx<'_>,
    kind: GameKind,
    opponent: Option<User>,
    terms: Terms,
    expiry: u64,
) -> Draft {
    let p = ctx.p();
    let author = ctx.author;
    let mut sides = match terms.side {
        Some(s) => tr!(
            "game-terms-plays",
            player = &author.name,
            side = text::side_name(s)
        ),
        None => tr!("game-terms-random-sides"),
    };
    sides.push_str(&match (terms.live, terms.move_time_ms) {
        (Some(c), _) => tr!("game-terms-live", clock = text::live_control_text(c)),
        (None, Some(ms)) => tr!("game-terms-per-move", time = text::duration_text(ms)),
        (None, None) => tr!("game-terms-no-limit"),
    });
    if !terms.rated {
        sides.push_str(&tr!("game-terms-unrated"));
    }
    let expires = text::duration_text(expiry);
    match opponent {
        Some(op) => {
            let mut d = Draft::new(
                tr!(
                    "game-challenge",
                    player = &author.name,
                    opponent = mention_token(&op),
                    kind = text::kind_name(kind),
                    terms = sides,
                    p = p,
                    expires = expires
                ),
                Vec::new(),
                vec![op.clone()],
            );
            d.reply.buttons = answer_buttons(p, &op);
            d
        }
        None => {
            let mut d = Draft::text(tr!(
                "game-open-challenge",
                player = &author.name,
                kind = text::kind_name(kind),
                terms = sides,
                p = p,
                expires = expires
            ));
            d.reply.buttons = vec![
                command_button(p, "accept", tr!("game-button-accept"), None),
                command_button(
                    p,
                    "decline",
                    tr!("game-button-withdraw"),
                    Some(author.clone()),
                ),
            ];
            d
        }
    }
}

/// `!accept`: the challenge becomes a game, sides as asked or by the coin. Accepting an
/// expired challenge is refused, and changes nothing.
pub(super) fn accept(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let p = ctx.p();
    let no_challenge = tr!("game-no-challenge-to-accept", p = p);
    let Some(r) = state.record() else {
        return refuse(no_challenge);
    };
    if let Some(answer) = super::takeback::accept(state, ctx) {
        return answer;
    }
    if r.status() == Status::Playing {
        return refuse(tr!(
            "game-already-started",
            players = players_text(r),
            p = p
        ));
    }
    let Some(ch) = r.open_challenge() else {
        return refuse(no_challenge);
    };
    if expired(r, ctx.now) {
        // Refused, and like every refusal it changes nothing: the expired challenge
        // stays until `!new` replaces it or `!decline` removes it (which say so).
        return refuse(tr!(
            "game-challenge-expired-at",
            player = &ch.challenger.name,
            date = text::date_text(ch.expires_ms),
            p = p
        ));
    }
    if ch.challenger.id == ctx.author.id {
        return refuse(tr!("game-accept-own", p = p));
    }
    if let Some(op) = ch.opponent.as_ref().filter(|op| op.id != ctx.author.id) {
        return refuse(tr!(
            "game-accept-only",
            opponent = &op.name,
            player = &ch.challenger.name,
            p = p
        ));
    }
    let (next, game) = accepted(r, ch, ctx)?;
    let (line, mention) = to_move_with_deadline(&next, &game, p, None);
    let reply = Draft::new(
        tr!(
            "game-accepts",
            player = &ctx.author.name,
            challenger = &ch.challenger.name,
            kind = text::kind_name(r.kind),
            players = players_text(&next),
            line = line
        ),
        vec![board_picture(
            &next,
            &game,
            still_view(&next, &state.channel, Side::South),
        )],
        mention.into_iter().collect(),
    );
    Ok(Decision::write(Change::Put(next), vec![reply]))
}

/// The record of the challenge `ch` (in `r`) accepted by the author: players seated,
/// game set up, clock started; with the game as it starts.
fn accepted(r: &Record, ch: &Challenge, ctx: &Ctx<'_>) -> Result<(Record, Game), Refusal> {
    let side = ch.challenger_side.unwrap_or(ctx.coin);
    let play = Play::new(r.kind).map_err(|e| Refusal(e.to_string()))?;
    let game = play.game().clone();
    let mut next = r.clone();
    let (south, north) = match side {
        Side::South => (ch.challenger.clone(), ctx.author.clone()),
        Side::North => (ctx.author.clone(), ch.challenger.clone()),
    };
    next.accept(south, north, play, ctx.now)
        .map_err(state_fault)?;
    restart_clock(&mut next, ctx.now, ctx.settings);
    Ok((next, game))
}

/// `!decline`: the challenged player declines, the challenger withdraws; anyone removes
/// an expired challenge.
pub(super) fn decline(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let p = ctx.p();
    let none = tr!("game-no-challenge-to-decline");
    let Some(r) = state.record() else {
        return refuse(none);
    };
    if let Some(answer) = super::takeback::decline(state, ctx) {
        return answer;
    }
    let Some(ch) = r.open_challenge() else {
        return refuse(tr!(
            "game-decline-in-play",
            none = none,
            players = players_text(r),
            p = p
        ));
    };
    let author = ctx.author;
    let text = if expired(r, ctx.now) {
        tr!("game-expired-removed", player = &ch.challenger.name)
    } else if ch.challenger.id == author.id {
        tr!("game-withdraws", player = &author.name)
    } else if ch.opponent.as_ref().is_some_and(|o| o.id == author.id) {
        tr!(
            "game-declines",
            player = &author.name,
            challenger = &ch.challenger.name
        )
    } else {
        return refuse(match &ch.opponent {
            Some(op) => tr!(
                "game-decline-only",
                opponent = &op.name,
                challenger = &ch.challenger.name
            ),
            None => tr!(
                "game-withdraw-only",
                challenger = &ch.challenger.name,
                p = p
            ),
        });
    };
    Ok(Decision::write(Change::Remove, vec![Draft::text(text)]))
}

/// `!sow HOLE`: the author's move, on his turn; when his deadline has passed in a
/// game that forfeits by itself, the forfeit instead.
pub(super) fn sow(state: &ChannelState, ctx: &Ctx<'_>, typed: &str) -> Result<Decision, Refusal> {
    let p = ctx.p();
    let (r, table) = playing(state, p)?;
    let Some(side) = r.side_of(ctx.author) else {
        return refuse(tr!("move-not-a-player", players = players_text(r), p = p));
    };
    let mover = table.play.game().position().to_move();
    if side != mover && r.is_ai(mover) {
        return refuse(tr!(
            "move-ai-turn",
            side = text::side_name(mover),
            ai = names(r)[mover.index()]
        ));
    }
    if side != mover {
        let name = r.player(mover).map_or("?", |u| u.name.as_str());
        return refuse(tr!(
            "move-not-your-turn",
            player = name,
            side = text::side_name(mover)
        ));
    }
    // The deadline as vacations left it: paused, or pushed by an ended one.
    if let Some(super::vacation::Clock::Runs { deadline, .. }) =
        super::vacation::effective(r, &state.vacations.value, ctx.now)
    {
        if ctx.now >= deadline && autoforfeit(r, &state.channel) {
            return Ok(timeout_forfeit(r, table, &state.channel, ctx.now));
        }
    }
    play_move(
        (r, table),
        (side, &state.channel),
        typed,
        (ctx.now, Some(&state.vacations.value)),
        ctx.settings,
    )
}

/// `!resign [game|match]`: the author's side loses the game, or in a match the game or
/// the match as he says (a bare `!resign` in a match asks which and changes nothing).
pub(super) fn resign(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    what: Resign,
) -> Result<Decision, Refusal> {
    let p = ctx.p();
    let (r, table) = match playing(state, p) {
        Err(_) if state.record().is_some() => return refuse(tr!("game-resign-challenge", p = p)),
        other => other?,
    };
    let Some(side) = r.side_of(ctx.author) else {
        return refuse(tr!("game-resign-not-a-player", players = players_text(r)));
    };
    match (&table.play, what) {
        (Play::Match(_), Resign::Unsaid) => return refuse(tr!("game-resign-which", p = p)),
        (Play::Match(_), Resign::Game) => {
            return super::matches::resign_game(r, table, (side, &state.channel), ctx)
        }
        (Play::Game(_), Resign::Match) => return refuse(tr!("game-resign-no-match", p = p)),
        _ => {}
    }
    let mut resigned = table.clone();
    resigned.resign(side);
    resigned.draw_offer = None;
    let game = resigned.play.game().clone();
    let mut next = r.clone();
    next.state = GameState::Playing(resigned);
    next.finish(None, ctx.now).map_err(state_fault)?;
    let reply = Draft::new(
        format!(
            "{}\n{}",
            tr!(
                "game-resigns",
                player = &ctx.author.name,
                side = text::side_name(side)
            ),
            result_text(&next)
        ),
        vec![board_picture(
            &next,
            &game,
            still_view(&next, &state.channel, Side::South),
        )],
        next.player(side.other()).cloned().into_iter().collect(),
    );
    Ok(Decision::write(Change::Finish(next), vec![reply]))
}
