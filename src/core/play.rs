//! Playing one move in a channel's game, for a human (`!sow`) and the AI alike: the new
//! record (put, or finished when the game or match is over) and the move's reply
//! (summary, frames, the player to move or the result). Below both [`super::games`] and
//! [`super::vs_ai`], which play moves through it.

use mancala_rules::{Game, Outcome, PlayError, Side, Trace};

use super::deadlines::{charge_live, restart_clock};
use super::decision::{refuse, Change, Decision, Draft, Picture, Refusal};
use super::painter::MatchInfo;
use super::prefs::ChannelSettings;
use super::views::{
    board_info, match_info, match_standing, move_view, names, result_text, state_fault, still_view,
    to_move_with_deadline,
};
use super::{text, Settings};
use crate::core::input::code;
use crate::store::{GameState, Play, Record, Table};

/// The refusal of an illegal or malformed move, with the legal moves.
fn move_error(e: PlayError, typed: &str, game: &Game) -> String {
    let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
    let legal = tr!("move-legal-list", moves = legal.join(" "));
    match e {
        PlayError::Malformed(pe) => {
            crate::i18n::join_semicolons(&[crate::core::input::parse_error(&pe, typed), legal])
        }
        other => tr!(
            "move-illegal",
            typed = code(typed),
            error = text::play_error(&other),
            legal = legal
        ),
    }
}

/// Plays `typed` for `side` (the player to move) in the game of `r` (its table `t`,
/// in play): the new record (to
/// put, or to finish when the game or match is over) and the move's reply (summary,
/// frames, the player to move or the result), shown as the channel's settings `shown`
/// say. Human moves (`!sow`) and the AI's moves are decided here alike.
pub(super) fn play_move(
    (r, t): (&Record, &Table),
    (side, shown): (Side, &ChannelSettings),
    typed: &str,
    (now, vacs): (u64, Option<&super::prefs::Vacations>),
    settings: &Settings,
) -> Result<Decision, Refusal> {
    let p = &settings.prefix;
    let play = &t.play;
    let mut table = t.clone();
    let (trace, game_over): (Trace, Option<Outcome>) = match &mut table.play {
        Play::Game(g) => match g.play_text(typed) {
            Ok(t) => (t, None),
            Err(e) => return refuse(move_error(e, typed, play.game())),
        },
        Play::Match(m) => match m.play_text(typed) {
            Ok(mm) => (mm.trace, mm.game_over),
            Err(e) => return refuse(move_error(e, typed, play.game())),
        },
    };
    if game_over.is_some() {
        let mut moves: Vec<String> = play.game().moves().iter().map(|m| m.to_string()).collect();
        moves.push(trace.mv.to_string());
        table.earlier_games.push(moves);
    }
    let over = table.play.is_over();
    // A move declines the opponent's draw offer; the mover's own offer stands.
    if table.draw_offer == Some(side.other()) {
        table.draw_offer = None;
    }
    // Any move cancels a pending takeback request (`!takeback`).
    let takeback_cancelled = table.takeback_offer.take().is_some();
    let mut next = r.clone();
    next.state = GameState::Playing(table);
    next.updated_ms = now;
    if over {
        next.finish(None, now).map_err(state_fault)?;
    } else {
        charge_live(&mut next, side, now, game_over.is_some());
        restart_clock(&mut next, now, settings);
    }
    let clock = (p.as_str(), vacs.map(|v| (v, now)));
    let mut reply = move_reply(&next, play, (side, shown), trace, game_over, clock);
    if takeback_cancelled {
        reply.reply.body.push_str("\n");
        reply.reply.body.push_str(&tr!("takeback-cancelled"));
    }
    let change = if over {
        Change::Finish(next)
    } else {
        Change::Put(next)
    };
    Ok(Decision::write(change, vec![reply]))
}

/// The reply to a move in the game of `r` (the record after it; `before` is the game or
/// match before the move): the summary, a match game's end and the next game's start,
/// the player to move or the result, and the move's frames.
fn move_reply(
    r: &Record,
    before: &Play,
    (mover, shown): (Side, &ChannelSettings),
    trace: Trace,
    game_over: Option<Outcome>,
    (p, vacs): (&str, super::views::OnVacation<'_>),
) -> Draft {
    let Some(play) = r.play() else {
        return Draft::text(text::move_summary(names(r)[mover.index()], &trace));
    };
    let game = play.game();
    let mut info = board_info(r, game, move_view(r, shown, mover));
    if !trace.before.variant().is_katro() || game_over.is_some() {
        info.captured = Side::ALL.map(|s| trace.after.store(s) as u32);
    }
    if let (Some(_), Play::Match(m), Play::Match(was)) = (game_over, play, before) {
        // The frames show the game the move ended, with the reserves kept during it
        // (the refill for the next game comes after, M1-M2) and its result counted.
        info.match_info = Some(MatchInfo {
            game: m.games_played(),
            reserves: Side::ALL.map(|s| was.reserve(s)),
            ..match_info(m)
        });
    }
    let mut lines = vec![text::move_summary(names(r)[mover.index()], &trace)];
    let mut extra = Vec::new();
    if let (Some(outcome), Play::Match(m)) = (game_over, play) {
        lines.push(tr!(
            "game-match-game-over",
            game = m.games_played(),
            outcome = text::outcome_text(outcome, names(r)),
            captured = text::captured_text(Side::ALL.map(|s| trace.after.store(s) as u32)),
        ));
        if !m.is_over() {
            lines.push(next_match_game_line(r, m, game));
            extra.push((
                "next-game.png".to_string(),
                game.position(),
                board_info(r, game, still_view(r, shown, Side::South)),
            ));
        }
    }
    let mut mentions = Vec::new();
    let style = shown.pictures;
    let mut pictures = vec![Picture::Move {
        trace,
        info,
        extra,
        style,
    }];
    if play.is_over() {
        lines.push(result_text(r));
        mentions.extend(r.players().into_iter().flatten().cloned());
        pictures.push(Picture::Summary(summary_chart(r, game)));
    } else {
        let (line, who) = to_move_with_deadline(r, game, p, vacs);
        lines.push(line);
        mentions.extend(who);
    }
    Draft::new(lines.join("\n"), pictures, mentions)
}

/// The summary chart of the finished `game` of `r` (issue 14 item 4): each side's seeds
/// after every ply, on his side of the board for Katro (captures move seeds across,
/// K6b), in his store for Hoyito (captures, H5-H8).
pub(crate) fn summary_chart(r: &Record, game: &Game) -> crate::core::painter::LineChart {
    let katro = game.variant().is_katro();
    let count = |pos: &mancala_rules::Position, s: Side| {
        if katro {
            pos.seeds_of(s) as f32
        } else {
            f32::from(pos.store(s))
        }
    };
    let mut replay = Game::from_position(game.start());
    let mut points = vec![Side::ALL.map(|s| count(&replay.position(), s))];
    for &mv in game.moves() {
        if replay.advance(mv).is_err() {
            break;
        }
        points.push(Side::ALL.map(|s| count(&replay.position(), s)));
    }
    let names = names(r);
    let series = Side::ALL
        .iter()
        .map(|&s| crate::core::painter::Series {
            name: tr!(
                "picture-series-side",
                side = text::side_name(s),
                player = names[s.index()]
            ),
            points: points.iter().map(|p| (p[s.index()], 0.0)).collect(),
        })
        .collect();
    crate::core::painter::LineChart {
        title: if katro {
            tr!("picture-chart-katro", south = names[0], north = names[1])
        } else {
            tr!("picture-chart-hoyito", south = names[0], north = names[1])
        },
        steps: tr!("picture-chart-plies"),
        band: None,
        series,
    }
}

/// `Game 2 starts (M1-M3): games won ...; reserves ...; closed holes: ...`.
pub(super) fn next_match_game_line(r: &Record, m: &mancala_rules::Match, game: &Game) -> String {
    let closed: Vec<String> = (0..game.variant().holes())
        .map(|i| game.variant().hole(i))
        .filter(|&h| game.position().is_closed(h))
        .map(|h| h.to_string())
        .collect();
    let standing = match_standing(r, &match_info(m));
    let game = m.games_played() + 1;
    if closed.is_empty() {
        tr!("game-match-next-open", game = game, standing = standing)
    } else {
        tr!(
            "game-match-next",
            game = game,
            standing = standing,
            closed = closed.join(" ")
        )
    }
}
