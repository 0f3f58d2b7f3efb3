//! Hoyito match play in the bot (RULES.md M1-M4): `!resign game` inside a match, and
//! how a match's end is told: that the match ended, its score, and why (M4, its length,
//! a repetition, a resignation or a verdict). The match itself, with its lengths and
//! its repetition rule, is the rules crate's [`Match`].

use mancala_rules::{Match, MatchEnding, MatchLength, Side};

use super::deadlines::restart_clock;
use super::decision::{Change, Ctx, Decision, Draft, Refusal};
use super::play::next_match_game_line;
use super::prefs::ChannelSettings;
use super::text;
use super::views::{board_picture, names, result_text, state_fault, to_move_with_deadline};
use crate::store::{GameState, Play, Record, Table};

/// `!resign game` in the match of `r` (its table `table`, in play): the author's `side`
/// loses the current game (each keeps the seeds of his row, [`Match::resign_game`]),
/// and the match goes on with the next game (M1-M3), or ends (M4, its length, or the
/// repetition) and says so. The draw offer goes; a live clock starts the next game
/// with both banks full.
pub(super) fn resign_game(
    r: &Record,
    table: &Table,
    (side, shown): (Side, &ChannelSettings),
    ctx: &Ctx<'_>,
) -> Result<Decision, Refusal> {
    let mut t = table.clone();
    let before = table.play.game().clone();
    let Play::Match(m) = &mut t.play else {
        return Err(Refusal(tr!("game-resign-no-match", p = ctx.p())));
    };
    let Some(outcome) = m.resign_game(side) else {
        return Err(Refusal(tr!("game-resign-no-match", p = ctx.p())));
    };
    let number = m.games_played();
    t.earlier_games
        .push(before.moves().iter().map(|m| m.to_string()).collect());
    t.draw_offer = None;
    let mut next = r.clone();
    next.state = GameState::Playing(t);
    next.updated_ms = ctx.now;
    let over = next.play().is_some_and(|p| p.is_over());
    let stores =
        Side::ALL.map(|s| before.position().store(s) as u32 + before.position().seeds_of(s));
    let mut lines = vec![
        tr!(
            "match-resigns-game",
            player = &ctx.author.name,
            side = text::side_name(side),
            game = number
        ),
        tr!(
            "game-match-game-over",
            game = number,
            outcome = text::outcome_text(outcome, names(&next)),
            captured = text::captured_text(stores),
        ),
    ];
    let mut mentions = Vec::new();
    if over {
        next.finish(None, ctx.now).map_err(state_fault)?;
        lines.push(result_text(&next));
        mentions.extend(next.players().into_iter().flatten().cloned());
    } else {
        if let Some(live) = next.timing_mut().and_then(|t| t.live.as_mut()) {
            live.banks_ms = [live.control.bank_ms; 2];
        }
        restart_clock(&mut next, ctx.now, ctx.settings);
        if let Some(Play::Match(m)) = next.play() {
            let game = m.game();
            lines.push(next_match_game_line(&next, m, game));
            let (line, who) = to_move_with_deadline(&next, game, ctx.p());
            lines.push(line);
            mentions.extend(who);
        }
    }
    let game = next.play().map_or(before, |p| p.game().clone());
    let view = super::views::move_view(&next, shown, side);
    let reply = Draft::new(
        lines.join("\n"),
        vec![board_picture(&next, &game, view)],
        mentions,
    );
    let change = if over {
        Change::Finish(next)
    } else {
        Change::Put(next)
    };
    Ok(Decision::write(change, vec![reply]))
}

/// Seeds `side` holds in the match `m` after its last game: his captures, the seeds
/// left on his row (a resigned game), and his reserve (M2, M4).
fn held(m: &Match, side: Side) -> u32 {
    let pos = m.game().position();
    pos.store(side) as u32 + pos.seeds_of(side) + u32::from(m.reserve(side))
}

/// Why the match `m` (over) ended, as a clause: ` (M4): bob holds 3 seeds ...`,
/// ` by resignation`, ` (first to 2 wins)`, ` by repetition: ...`.
fn why(r: &Record, m: &Match) -> String {
    let names = names(r);
    match m.ending() {
        Some(MatchEnding::Resignation) => tr!("result-match-by-resignation"),
        Some(MatchEnding::Length) => match m.length() {
            MatchLength::FirstTo(n) => tr!("result-match-first-to", count = n),
            MatchLength::Games(n) => tr!("result-match-games", count = n),
            MatchLength::Seeds => String::new(),
        },
        Some(MatchEnding::Repetition) => {
            let [south, north] = Side::ALL.map(|s| held(m, s));
            tr!(
                "result-match-repetition",
                game = m.games_played() + 1,
                by_seeds = m.length().is_seeds(),
                south = names[0],
                south_seeds = south,
                north = names[1],
                north_seeds = north
            )
        }
        Some(MatchEnding::Seeds) | None => {
            // M4: the loser holds fewer than four seeds, captures and reserve.
            let l = m.winner().unwrap_or(Side::South).other();
            let pos = m.game().position();
            let captured = pos.store(l) as u32 + pos.seeds_of(l);
            let reserve = u32::from(m.reserve(l));
            tr!(
                "result-match-m4",
                player = names[l.index()],
                count = captured + reserve,
                captured = captured,
                reserve = reserve
            )
        }
    }
}

/// The end of the match `m` of `r` (over by the rules, its length or a repetition):
/// after how many games, who won it (or that it is drawn), why, and the games won.
pub(super) fn match_result_text(r: &Record, m: &Match) -> String {
    let names = names(r);
    let how = why(r, m);
    match m.winner() {
        Some(w) => tr!(
            "result-match-over",
            count = m.games_played(),
            player = names[w.index()],
            side = text::side_name(w),
            how = how,
            south = names[0],
            south_wins = m.wins(Side::South),
            north = names[1],
            north_wins = m.wins(Side::North),
        ),
        None => tr!(
            "result-match-drawn",
            count = m.games_played(),
            how = how,
            south = names[0],
            south_wins = m.wins(Side::South),
            north = names[1],
            north_wins = m.wins(Side::North),
        ),
    }
}

/// The line that follows a verdict (time, agreed draw, abort) in a match: the whole
/// match ends with the game, at this score.
pub(super) fn match_ended_line(r: &Record, m: &Match) -> String {
    let names = names(r);
    tr!(
        "result-match-verdict",
        game = m.games_played() + 1,
        south = names[0],
        south_wins = m.wins(Side::South),
        north = names[1],
        north_wins = m.wins(Side::North),
    )
}
