//! How a Hoyito match's end is told (RULES.md M1-M4): that the match ended, after how
//! many games, who won it or that it is drawn, why (M4, its length, a repetition, a
//! resignation, or a verdict that ended its game), and the games won.

use mancala_rules::{Match, MatchEnding, MatchLength, Side};

/// Seeds `side` holds in the match `m` after its last game: his captures, the seeds
/// left on his row (a resigned game), and his reserve (M2, M4).
fn held(m: &Match, side: Side) -> u32 {
    let pos = m.game().position();
    pos.store(side) as u32 + pos.seeds_of(side) + u32::from(m.reserve(side))
}

/// Why the match `m` (over) ended, as a clause: ` (M4): bob holds 3 seeds ...`,
/// ` by resignation`, ` (first to 2 wins)`, ` by repetition: ...`.
fn why(m: &Match, names: [&str; 2]) -> String {
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

/// The end of the match `m` (over by the rules, its length or a repetition) between
/// `names` (South's, North's): after how many games, who won it (or that it is
/// drawn), why, and the games won.
pub fn match_result_text(m: &Match, names: [&str; 2]) -> String {
    let how = why(m, names);
    match m.winner() {
        Some(w) => tr!(
            "result-match-over",
            count = m.games_played(),
            player = names[w.index()],
            side = super::side_name(w),
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

/// The line that follows a verdict (time, agreed draw, abort) in the match `m` between
/// `names`: the whole match ends with the game, at this score.
pub fn match_verdict_line(m: &Match, names: [&str; 2]) -> String {
    tr!(
        "result-match-verdict",
        game = m.games_played() + 1,
        south = names[0],
        south_wins = m.wins(Side::South),
        north = names[1],
        north_wins = m.wins(Side::North),
    )
}
