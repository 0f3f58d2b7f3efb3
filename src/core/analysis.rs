//! `!analyze` (issue 15 item 2): the last game finished in the channel reviewed by the
//! AI ([`mancala_ai::review`]): every move against the search's best, inaccuracies,
//! mistakes and blunders by the seeds they lost, an accuracy figure per player, and the
//! evaluation chart as a picture. Runs on the analysis pool (`analyses`); stores the
//! review with the game (`review_store`) and changes nothing else.
//!
//! Which game and the reply are pure; only the search is not.

use super::decision::ChannelState;
use mancala_ai::review::{self, GameReview, Mark, PlyReview, Proven};
use mancala_rules::{Game, Move, Position, Side};

use super::analyses::{self, NotNow};
use super::api::{Attachment, Incoming, Reply};
use super::painter::EvalChart;
use super::review_store::StoredReview;
use super::{refuse, text, Answer, Core};
use crate::store::keys::DocKey;
use crate::store::{docs, Record};

/// Marked moves listed in the reply at most (the chart shows them all).
const LISTED: usize = 12;

/// The finished game to review, from the channel's last finished game.
///
/// # Errors
/// No game has finished in this channel, or it has no moves.
pub(super) fn game_to_review<'a>(last: Option<&'a Record>, p: &str) -> Result<&'a Record, String> {
    let Some(r) = last else {
        return Err(tr!("review-no-game", p = p));
    };
    match r.play() {
        Some(play) if !play.game().moves().is_empty() => Ok(r),
        _ => Err(tr!("review-no-moves")),
    }
}

/// Seeds, from centi-seeds, with one decimal in the current language's writing (a
/// number: it picks the noun's plural form).
fn seeds(cs: i32) -> crate::i18n::Arg<'static> {
    crate::i18n::decimal_arg(f64::from(cs) / 100.0, 1)
}

/// `12.N b4-` as in the game record (Russian `12.С b4-`).
fn ply_name(p: &PlyReview) -> String {
    format!("{}.{} {}", p.ply, text::side_letter(p.mover), p.played)
}

/// Counts of a player's marks: `1 blunder, 2 mistakes, no inaccuracies`.
fn tally(review: &GameReview, side: Side) -> String {
    [Mark::Blunder, Mark::Mistake, Mark::Inaccuracy]
        .iter()
        .map(|&m| {
            let n = review
                .plies
                .iter()
                .filter(|p| p.mover == side && p.mark == m)
                .count();
            match m {
                Mark::Blunder => tr!("review-blunders", count = n),
                Mark::Mistake => tr!("review-mistakes", count = n),
                _ => tr!("review-inaccuracies", count = n),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The review's text: the game, the accuracy and the marks of each player, then the
/// blunders and mistakes in order (at most [`LISTED`]) with the seeds lost and the best
/// move.
pub(crate) fn review_text(r: &Record, review: &GameReview, nodes: u64) -> String {
    let name = |s: Side| r.player(s).map_or("?", |u| u.name.as_str()).to_string();
    let (south, north) = (name(Side::South), name(Side::North));
    let mut out = [
        tr!(
            "review-head",
            id = &r.id,
            kind = text::kind_name(r.kind),
            south = &south,
            north = &north,
            nodes = nodes
        ),
        tr!(
            "review-accuracy",
            south = &south,
            north = &north,
            south_accuracy = crate::i18n::percent(review.accuracy[0]),
            north_accuracy = crate::i18n::percent(review.accuracy[1])
        ),
        format!("{}.", text::colon(&south, &tally(review, Side::South))),
        format!("{}.", text::colon(&north, &tally(review, Side::North))),
    ]
    .join("\n");
    let worst: Vec<&PlyReview> = review
        .plies
        .iter()
        .filter(|p| p.mark >= Mark::Mistake)
        .collect();
    if !worst.is_empty() {
        let before = positions(r);
        let listed: Vec<String> = worst
            .iter()
            .take(LISTED)
            .map(|p| slip_text(p, before.get(p.ply - 1), &name))
            .collect();
        let listed = crate::i18n::join_semicolons(&listed);
        out.push('\n');
        out.push_str(&if worst.len() > LISTED {
            tr!(
                "review-slips-more",
                listed = listed,
                count = worst.len() - LISTED
            )
        } else {
            tr!("review-slips", listed = listed)
        });
    }
    if let Some(perfect) = perfect_text(review, &name) {
        out.push('\n');
        out.push_str(&perfect);
    }
    out
}

/// The positions of `r`'s game before each move, the start first.
fn positions(r: &Record) -> Vec<Position> {
    let Some(game) = r.play().map(|p| p.game()) else {
        return Vec::new();
    };
    let mut replay = Game::from_position(game.start());
    let mut out = vec![replay.position()];
    for &mv in game.moves() {
        if replay.advance(mv).is_err() {
            break;
        }
        out.push(replay.position());
    }
    out
}

/// The seeds `mv` takes in `pos` for its mover ([`super::hint::gain`]: the Katro seeds
/// taken from the opponent's half, K7; the Hoyito captures into his store, H5-H7). 0 for
/// an illegal move.
fn captured(pos: &Position, mv: Move) -> u32 {
    let Ok(next) = pos.play(mv) else { return 0 };
    u32::try_from(super::hint::gain(pos, &next, pos.to_move())).unwrap_or(0)
}

/// The best line as shown: at most its first three moves.
fn line_text(line: &[Move], best: Move) -> String {
    if line.is_empty() {
        return best.to_string();
    }
    line.iter()
        .take(3)
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A marked move in words (issue 32): the seeds it lost and the best line, and why:
/// a proven win thrown away or a proven loss walked into (then no seeds: a proven
/// value is not a count of seeds), the capture it allowed, or the one it missed.
fn slip_text(p: &PlyReview, before: Option<&Position>, name: &dyn Fn(Side) -> String) -> String {
    let best = line_text(&p.best_line, p.best);
    let proven = match (p.proven_before, p.proven_played) {
        (Some(Proven::Win(n)), played) if !matches!(played, Some(Proven::Win(_))) => {
            Some(n.map_or(tr!("review-why-win-thrown"), |n| {
                tr!("review-why-win-thrown-in", count = n)
            }))
        }
        (before, Some(Proven::Loss(n))) if !matches!(before, Some(Proven::Loss(_))) => {
            Some(n.map_or(tr!("review-why-loss"), |n| {
                tr!("review-why-loss-in", count = n)
            }))
        }
        _ => None,
    };
    if let Some(why) = proven {
        return tr!(
            "review-slip-proven",
            ply = ply_name(p),
            mark = p.mark.name(),
            why = why,
            best = best
        );
    }
    let slip = tr!(
        "review-slip",
        ply = ply_name(p),
        mark = p.mark.name(),
        seeds = seeds(p.lost),
        best = best
    );
    match before.and_then(|pos| capture_why(p, pos, name)) {
        Some(why) => tr!("review-slip-why", slip = slip, why = why),
        None => slip,
    }
}

/// The capture a marked move allowed (the opponent's reply takes seeds), else the one
/// it missed (the best move takes more than it did).
fn capture_why(p: &PlyReview, pos: &Position, name: &dyn Fn(Side) -> String) -> Option<String> {
    let after = pos.play(p.played).ok()?;
    if let Some(&reply) = p.reply_line.first() {
        let taken = captured(&after, reply);
        if after.to_move() != p.mover && taken > 0 {
            return Some(tr!(
                "review-why-allows",
                player = name(after.to_move()),
                seeds = taken,
                reply = reply.to_string()
            ));
        }
    }
    let missed = captured(pos, p.best);
    (missed > captured(pos, p.played)).then(|| {
        tr!(
            "review-why-misses",
            best = p.best.to_string(),
            seeds = missed
        )
    })
}

/// What the endgame tables (issue 15 item 4) knew of the game: from which move on its
/// result with perfect play was known, and the moves that changed that result (a won
/// position left drawn or lost). `None` when no position of the game was in them.
fn perfect_text(review: &GameReview, name: &dyn Fn(Side) -> String) -> Option<String> {
    let (first, known) = review
        .plies
        .iter()
        .find_map(|p| Some((p, p.perfect_before?)))?;
    let mut out = tr!(
        "review-perfect",
        ply = ply_name(first),
        player = name(first.mover),
        side = text::side_name(first.mover),
        result = known.name()
    );
    let slips: Vec<String> = review
        .plies
        .iter()
        .filter_map(|p| match (p.perfect_before, p.perfect_after) {
            (Some(before), Some(after)) if before != after => Some(tr!(
                "review-perfect-slip",
                ply = ply_name(p),
                before = before.name(),
                after = after.name()
            )),
            _ => None,
        })
        .collect();
    if slips.is_empty() {
        out.push(' ');
        out.push_str(&tr!("review-perfect-kept"));
    } else {
        out.push(' ');
        out.push_str(&crate::i18n::join_semicolons(&slips));
        out.push('.');
    }
    Some(out)
}

/// The chart of `review`, for the painter.
pub(crate) fn chart(r: &Record, review: &GameReview) -> EvalChart {
    let name = |s: Side| r.player(s).map_or("?", |u| u.name.as_str()).to_string();
    let title = tr!(
        "review-chart-title",
        south = name(Side::South),
        north = name(Side::North),
        kind = text::kind_name(r.kind)
    );
    EvalChart::of_review(title, review)
}

impl Core {
    /// `!analyze [ID]`: reviews the finished game `id` of the community, else the
    /// channel's last finished game (either read with the command),
    /// once (issue 33): a stored review of the game (a second read: its key is the
    /// game's) is shown again without a search; else the game is searched on
    /// the analysis pool ([`super::analyses`]) and its review stored with the game.
    pub(super) fn analyze(&self, msg: &Incoming, state: &ChannelState, id: Option<&str>) -> Answer {
        let p = &self.settings.prefix;
        let chosen = match (id, &state.by_id) {
            (None, _) => game_to_review(state.last_played.as_ref(), p),
            // Any finished game of the community, from any of its channels.
            (Some(_), Some(r)) if r.status() == crate::store::Status::Finished => {
                game_to_review(Some(r), p)
            }
            (Some(id), Some(_)) => Err(tr!(
                "review-not-finished",
                id = super::archive_views::id_code(id),
                p = p
            )),
            (Some(id), None) => Err(super::archive_views::unknown(id, p)),
        };
        let r = match chosen {
            Ok(r) => r.clone(),
            Err(why) => return refuse(why),
        };
        let Some(game) = r.play().map(|p| p.game().clone()) else {
            return refuse(tr!("review-no-moves"));
        };
        let key = DocKey::analysis(&r.at.community, &r.id);
        let doc = docs::load::<Option<StoredReview>>(&*self.store, &key)?;
        if let Some(stored) = doc.value.filter(|s| s.is_of(&game)) {
            return Ok(vec![self.review_reply(&r, &stored.review(), stored.nodes)]);
        }
        let user = format!("{}|{}", msg.at.community, msg.author.id);
        let now = self.clock.now_ms();
        let cooldown = self.settings.analysis_cooldown;
        let slot = match self.analyses.start(&user, &r.id, now, cooldown) {
            Ok(slot) => slot,
            Err(why) => return refuse(not_now_text(why)),
        };
        let nodes = analyses::nodes_per_position(self.settings.ai_max_nodes);
        let config = mancala_ai::SearchConfig {
            level: 5,
            ms_per_move: 0,
            tt_mb: self.settings.ai_tt_mb,
            seed: 0,
            max_nodes: Some(nodes),
            opening_plies: 0,
        };
        let started = std::time::Instant::now();
        let reviewed = self.analyses.pool.search(&slot.ticket, config, move |ai| {
            review::review_with(ai, &game, nodes, &mut |_, _| {})
        });
        let review = match reviewed {
            Ok(review) => review,
            Err(e) => return refuse(tr!("review-failed", error = e.to_string())),
        };
        self.analyses.took(started.elapsed());
        // Stored before the slot is given up, so that a request for the same game that
        // waited for it finds it; one not of this game is replaced. Another write first
        // (a racing import) keeps its own.
        let stored = StoredReview::of(&review, nodes);
        docs::save(&*self.store, &key, doc.version.as_ref(), &stored)?;
        drop(slot);
        Ok(vec![self.review_reply(&r, &review, nodes)])
    }

    /// The reply of `review` (of the game `r`, `nodes` positions per position): the
    /// text and the chart.
    fn review_reply(&self, r: &Record, review: &GameReview, nodes: u64) -> Reply {
        let mut reply: Reply = super::text_reply(review_text(r, review, nodes));
        if let Some(frame) = self.painter.eval_chart(&chart(r, review)) {
            reply.attachments.push(Attachment {
                filename: "review.png".into(),
                bytes: frame.png,
                alt: frame.alt,
            });
        }
        reply
    }
}

/// The refusal of an analysis that cannot start now, with the wait.
fn not_now_text(why: NotNow) -> String {
    match why {
        NotNow::Cooldown(secs) => tr!("review-cooldown", secs = secs),
        NotNow::Running(secs) => tr!("review-running", secs = secs),
        NotNow::Busy { ahead, secs } => tr!("review-busy", count = ahead, secs = secs),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_ai::endgame::Perfect;
    use mancala_rules::{Move, Variant};

    fn ply(n: usize, mover: Side, perfect: Option<(Perfect, Perfect)>) -> PlyReview {
        let mv = Move::parse("a1", Variant::HOYITO).unwrap();
        PlyReview {
            ply: n,
            mover,
            played: mv,
            best: mv,
            best_line: vec![mv],
            reply_line: Vec::new(),
            value_before: 0,
            value_played: 0,
            proven_before: None,
            proven_played: None,
            lost: 0,
            mark: Mark::Good,
            perfect_before: perfect.map(|p| p.0),
            perfect_after: perfect.map(|p| p.1),
        }
    }

    #[test]
    fn perfect_play_is_told_from_the_first_known_position_with_the_slips() {
        let name = |s: Side| if s == Side::South { "ann" } else { "bo" }.to_string();
        let review = |plies| GameReview {
            plies,
            south_values: Vec::new(),
            south_proven: Vec::new(),
            accuracy: [100.0, 100.0],
        };
        assert_eq!(
            perfect_text(&review(vec![ply(1, Side::South, None)]), &name),
            None
        );
        let won = (Perfect::Won, Perfect::Won);
        let slip = (Perfect::Won, Perfect::Drawn);
        let r = review(vec![
            ply(1, Side::South, None),
            ply(2, Side::North, Some(won)),
            ply(3, Side::South, Some((Perfect::Lost, Perfect::Lost))),
            ply(4, Side::North, Some(slip)),
        ]);
        assert_eq!(
            perfect_text(&r, &name).unwrap(),
            "Endgame tables: from 2.N a1 on, bo (North) had a position won with perfect play. \
             4.N a1 left a won position drawn."
        );
    }

    /// Issue 32: each mark says why. K7's position: `d1-` misses `a1-`'s capture, and
    /// lets North take one seed with `c4-`; a proven win thrown away is named as such,
    /// without a count of seeds pinned at the cap.
    #[test]
    fn a_marked_move_says_why_in_words() {
        let pos: Position = "katro:4x4/1,0,0,1/1,0,0,0/8,0,0,0/5,5,5,6 s"
            .parse()
            .unwrap();
        let mv = |t: &str| Move::parse(t, pos.variant()).unwrap();
        let name = |s: Side| if s == Side::South { "ann" } else { "bo" }.to_string();
        let mut p = ply(1, Side::South, None);
        (p.played, p.best, p.best_line) = (mv("d1-"), mv("a1-"), vec![mv("a1-"), mv("a4-")]);
        (p.lost, p.mark) = (650, Mark::Blunder);
        assert_eq!(captured(&pos, mv("a1-")), 18);
        assert_eq!(
            slip_text(&p, Some(&pos), &name),
            "1.S d1- blunder (lost 6.5 seeds; best a1- a4-): misses a1-, which captures 18 seeds"
        );
        p.reply_line = vec![mv("c4-"), mv("a1-")];
        assert_eq!(
            slip_text(&p, Some(&pos), &name),
            "1.S d1- blunder (lost 6.5 seeds; best a1- a4-): lets bo capture 1 seed with c4-"
        );
        p.proven_before = Some(Proven::Win(Some(3)));
        assert_eq!(
            slip_text(&p, Some(&pos), &name),
            "1.S d1- blunder (throws away a win in 3 moves; best a1- a4-)"
        );
        (p.proven_before, p.proven_played) = (None, Some(Proven::Loss(None)));
        assert_eq!(
            slip_text(&p, Some(&pos), &name),
            "1.S d1- blunder (walks into a lost position; best a1- a4-)"
        );
    }
}
