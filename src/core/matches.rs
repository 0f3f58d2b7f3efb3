//! Hoyito match play in the bot (RULES.md M1-M4, MATCH-CHOICES.md MX1-MX3): `!resign game` inside a match (MX3). The
//! match itself, with its lengths and its repetition rule, is the rules crate's
//! [`mancala_rules::Match`]; how its end is told is [`super::text::match_result_text`].

use mancala_rules::Side;

use super::deadlines::restart_clock;
use super::decision::{Change, Ctx, Decision, Draft, Refusal};
use super::play::next_match_game_line;
use super::prefs::ChannelSettings;
use super::text;
use super::views::{board_picture, names, result_text, state_fault, to_move_with_deadline};
use crate::store::{GameState, Play, Record, Table};

/// `!resign game` (MATCH-CHOICES.md MX3) in the match of `r` (its table `table`, in play): the author's `side`
/// loses the current game (each keeps the seeds of his row,
/// [`mancala_rules::Match::resign_game`]),
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
        let (more, who) = next_game(&mut next, ctx);
        lines.extend(more);
        mentions.extend(who);
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

/// The next game of the match in `next` begins at once after a resigned game: the
/// clock restarts (a live clock with both banks full); the lines that say so and the
/// player to mention.
fn next_game(next: &mut Record, ctx: &Ctx<'_>) -> (Vec<String>, Option<crate::model::User>) {
    if let Some(live) = next.timing_mut().and_then(|t| t.live.as_mut()) {
        live.banks_ms = [live.control.bank_ms; 2];
    }
    restart_clock(next, ctx.now, ctx.settings);
    let Some(Play::Match(m)) = next.play() else {
        return (Vec::new(), None);
    };
    let game = m.game();
    let (line, who) = to_move_with_deadline(next, game, ctx.p(), None);
    (vec![next_match_game_line(next, m, game), line], who)
}
