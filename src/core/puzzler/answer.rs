//! A puzzle answered with `!sow` (issue 32): the move goes to the channel's game when
//! the author plays in it; otherwise, when he has a puzzle open in this channel, to
//! the puzzle ([`takes_move`]).
//!
//! A move that is not legal there (bad notation, not his hole) is refused as in a game
//! and changes nothing. The line's move is right: when the line goes on, the bot plays
//! the reply (its pictures as a game's move is shown) and waits; the last right move
//! solves it. Any other legal move fails it, and the reply shows the solution.

use mancala_rules::{Game, Move, Position, Trace};

use super::give::{family_of, glicko, settled_lines, write};
use crate::core::decision::{refuse, ChannelState, Ctx, Decision, Draft, Picture, Refusal};
use crate::core::puzzle::record::{settle, Open};
use crate::core::puzzle::set::Loaded;
use crate::core::puzzle::words::{board_info, line_text};
use crate::core::text;

/// Whether the author's `!sow` here answers his open puzzle: he plays in no game in
/// this channel, and his open puzzle was given here.
pub(in crate::core) fn takes_move(state: &ChannelState, ctx: &Ctx<'_>) -> bool {
    let plays_here = state
        .record()
        .filter(|r| r.playing().is_some())
        .is_some_and(|r| r.side_of(ctx.author).is_some());
    !plays_here
        && state
            .puzzles
            .value
            .open
            .as_ref()
            .is_some_and(|o| o.channel == ctx.at.channel)
}

/// The position of `l` after its first `ply` plies (a stored ply the line does not
/// have: the start).
fn position_at(l: &Loaded, ply: usize) -> Position {
    let mut pos = l.start;
    for mv in l.line.iter().take(ply) {
        match pos.play(*mv) {
            Ok(next) => pos = next,
            Err(_) => return l.start,
        }
    }
    pos
}

/// `!sow MOVE` answering the author's open puzzle (see [`takes_move`]).
pub(in crate::core) fn answer(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    typed: &str,
) -> Result<Decision, Refusal> {
    let Some(open) = state.puzzles.value.open.clone() else {
        return refuse(tr!("puzzle-none-open", p = ctx.p()));
    };
    let Some(l) = ctx.settings.puzzles.find(&open.id) else {
        return refuse(tr!("puzzle-gone", id = open.id.as_str(), p = ctx.p()));
    };
    let pos = position_at(l, open.ply);
    let trace = match played(pos, typed) {
        Ok(t) => t,
        Err(e) => return refuse(e),
    };
    let Some(&want) = l.line.get(open.ply) else {
        return refuse(tr!("puzzle-gone", id = open.id.as_str(), p = ctx.p()));
    };
    if trace.mv != want {
        return Ok(finish(state, ctx, (l, &open), trace, false));
    }
    if open.ply + 1 >= l.line.len() {
        return Ok(finish(state, ctx, (l, &open), trace, true));
    }
    Ok(reply(state, ctx, (l, &open), trace))
}

/// `typed` played at `pos`: its trace, or the refusal a game gives (with the legal
/// moves).
fn played(pos: Position, typed: &str) -> Result<Trace, String> {
    let mut game = Game::from_position(pos);
    let legal = |g: &Game| {
        let moves: Vec<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
        tr!("move-legal-list", moves = moves.join(" "))
    };
    match Move::parse(typed, pos.variant()) {
        Err(e) => Err(crate::i18n::join_semicolons(&[
            crate::core::input::parse_error(&e, typed),
            legal(&game),
        ])),
        Ok(mv) => game.play(mv).map_err(|e| {
            tr!(
                "move-illegal",
                typed = crate::core::input::code(typed),
                error = text::play_error(&e),
                legal = legal(&Game::from_position(pos))
            )
        }),
    }
}

/// A right move of a line that goes on: the bot plays the reply and waits.
fn reply(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    (l, open): (&Loaded, &Open),
    mine: Trace,
) -> Decision {
    let solver = l.start.to_move();
    let theirs_mv = l.line[open.ply + 1];
    // The line was checked when loaded: its reply is legal after the right move.
    let Ok(theirs) = mine.after.play_traced(theirs_mv) else {
        return Decision::look(vec![Draft::text(tr!(
            "puzzle-gone",
            id = open.id.as_str(),
            p = ctx.p()
        ))]);
    };
    let mut p = state.puzzles.value.clone();
    if let Some(o) = p.open.as_mut() {
        o.ply += 2;
    }
    let opponent = tr!("puzzle-opponent");
    let lines = [
        tr!("puzzle-right", mv = format!("`{}`", mine.mv)),
        text::move_summary(&opponent, &theirs),
        tr!(
            "puzzle-your-move",
            side = text::side_name(solver),
            form = text::move_form(l.variant, ctx.p())
        ),
    ];
    let game = Game::from_position(theirs.after);
    let picture = Picture::Move {
        info: board_info((&ctx.author.name, solver), &game),
        trace: theirs,
        extra: Vec::new(),
        style: state.channel.pictures,
    };
    Decision::docs(
        vec![write(state, ctx, &p)],
        vec![Draft::new(lines.join("\n"), vec![picture], Vec::new())],
    )
}

/// The puzzle ends with the author's move `mine`: solved, or failed.
fn finish(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    (l, open): (&Loaded, &Open),
    mine: Trace,
    solved: bool,
) -> Decision {
    let mut p = state.puzzles.value.clone();
    let done = settle(
        &mut p,
        open,
        (family_of(l.variant), l.puzzle.rating),
        solved,
        (ctx.now, glicko(ctx)),
    );
    let mv = format!("`{}`", mine.mv);
    let mut lines = vec![if solved {
        tr!("puzzle-solved", mv = mv, id = open.id.as_str())
    } else {
        tr!(
            "puzzle-failed",
            mv = mv,
            id = open.id.as_str(),
            line = line_text(l)
        )
    }];
    lines.extend(settled_lines(&done, l));
    let mut pictures = Vec::new();
    if solved {
        // The winning move as a game's move is shown.
        let game = Game::from_position(mine.after);
        pictures.push(Picture::Move {
            info: board_info((&ctx.author.name, l.start.to_move()), &game),
            trace: mine,
            extra: Vec::new(),
            style: state.channel.pictures,
        });
    }
    Decision::docs(
        vec![write(state, ctx, &p)],
        vec![Draft::new(lines.join("\n"), pictures, Vec::new())],
    )
}
