//! The match section of a Hoyito match's page (`/g/ID`, [`super::game_page`]): the
//! score, then every game with its result and its moves, each move a link that shows
//! that game's position on the page's board (the replay script,
//! [`super::game::REPLAY_JS`], switches games: `data-game` from 1, `data-ply`).
//! Without the script the section still lists every game's result and moves.

use maud::{html, Markup};

use super::match_view::MatchView;

/// The score and the games of `m`; `names`: South's and North's display names.
pub(crate) fn games(m: &MatchView, names: &[String; 2]) -> Markup {
    html! {
        h2 { (tr!("web-match-title")) }
        p.score #match-score data-south=(m.wins[0]) data-north=(m.wins[1]) data-draws=(m.draws) {
            (tr!(
                "web-match-score",
                south = names[0].as_str(),
                north = names[1].as_str(),
                south_wins = m.wins[0],
                north_wins = m.wins[1],
                draws = m.draws
            ))
        }
        ol.match-games #match-games {
            @for (i, g) in m.games.iter().enumerate() {
                li data-game=(i + 1) data-result=(g.result) {
                    p {
                        strong { (tr!("web-match-game", n = i + 1)) } ": " (g.result)
                        @if !g.plies.is_empty() {
                            " " button type="button" data-game=(i + 1) {
                                (tr!("web-match-show", n = i + 1))
                            }
                        }
                    }
                    @if g.moves.is_empty() {
                        p.muted { (tr!("web-match-no-moves")) }
                    } @else {
                        ol.moves.game-moves {
                            @for (j, mv) in g.moves.iter().enumerate() {
                                li {
                                    @if g.plies.len() > j + 1 {
                                        a href={ "#game-" (i + 1) "-ply-" (j + 1) }
                                            data-game=(i + 1) data-ply=(j + 1) { (mv) }
                                    } @else {
                                        (mv)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Every game's positions and result, for the replay script: `[{plies, result}]`.
pub(crate) fn games_json(m: &MatchView) -> serde_json::Value {
    m.games
        .iter()
        .map(|g| serde_json::json!({ "plies": g.plies, "result": g.result }))
        .collect::<Vec<_>>()
        .into()
}
