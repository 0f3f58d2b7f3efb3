//! `!rating [@user]` and `!leaderboard [katro|hoyito]`: pure views over the rating
//! tables and the rating history the dispatcher read with the channel
//! ([`ChannelState::ratings`], [`ChannelState::rating_history`]).

use super::command::RulesTopic;
use super::decision::{ChannelState, Ctx, Decision, Draft, Picture};
use super::ratings::{games_text, rating_series, rating_text, Glicko, PlayerRating, FAMILIES};
use crate::model::User;

/// The display name of a rating family, in the current language's letters.
fn family_name(fam: &str) -> String {
    super::text::game_name(fam == "katro")
}

/// `!rating [@user]`: `who`'s ratings (the author's without one) in each family, with
/// the chart of their history.
pub(super) fn rating(state: &ChannelState, ctx: &Ctx<'_>, who: Option<&User>) -> Decision {
    let user = who.unwrap_or(ctx.author);
    let prov = ctx.settings.provisional_rd;
    let period = Glicko::of(ctx.settings).period_ms;
    let mut parts: [String; 2] = Default::default();
    let mut series = Vec::new();
    for (i, fam) in FAMILIES.iter().enumerate() {
        let name = family_name(fam);
        let Some(p) = state.ratings[i].players.get(&user.id) else {
            parts[i] = tr!("rating-unrated", game = name);
            continue;
        };
        let p = p.at(ctx.now, period);
        let changes = &state.rating_history[i];
        let last = changes
            .last()
            .map(|c| {
                let change = format!("{:+.0}", c.after.0 - c.before.0);
                tr!("rating-last-change", change = change)
            })
            .unwrap_or_default();
        series.extend(rating_series(&name, changes));
        let [won, drawn, lost] = p.won_drawn_lost;
        parts[i] = tr!(
            "rating-line",
            game = name,
            rating = rating_text(&p, prov),
            provisional = p.deviation > prov,
            games = games_text(p.games()),
            won = won,
            drawn = drawn,
            lost = lost,
            last = last
        );
    }
    let [katro, hoyito] = parts;
    let text = tr!(
        "rating-summary",
        player = &user.name,
        katro = katro,
        hoyito = hoyito
    );
    let mut pictures = Vec::new();
    if !series.is_empty() {
        pictures.push(Picture::Rating(crate::core::painter::LineChart {
            title: tr!("rating-chart-title", player = &user.name),
            steps: tr!("rating-chart-steps"),
            band: Some(tr!("rating-chart-band")),
            series,
        }));
    }
    Decision::look(vec![Draft::new(text, pictures, Vec::new())])
}

/// `!leaderboard [katro|hoyito]`: the top 10 of each family; provisional ratings (RD
/// above the configured limit) marked `?` and listed after the established ones.
pub(super) fn leaderboard(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    only: Option<RulesTopic>,
) -> Decision {
    let prov = ctx.settings.provisional_rd;
    let period = Glicko::of(ctx.settings).period_ms;
    let mut out = Vec::new();
    for (i, fam) in FAMILIES.iter().enumerate() {
        let wanted = match only {
            Some(RulesTopic::Katro) => *fam == "katro",
            Some(RulesTopic::Hoyito) => *fam == "hoyito",
            None => true,
        };
        if !wanted {
            continue;
        }
        let name = family_name(fam);
        let mut rows: Vec<PlayerRating> = state.ratings[i]
            .players
            .values()
            .map(|p| p.at(ctx.now, period))
            .collect();
        rows.sort_by(|a, b| {
            (a.deviation > prov)
                .cmp(&(b.deviation > prov))
                .then(b.rating.total_cmp(&a.rating))
        });
        if rows.is_empty() {
            out.push(tr!("leaderboard-empty", game = name));
            continue;
        }
        out.push(tr!("leaderboard-title", game = name));
        for (n, p) in rows.iter().take(10).enumerate() {
            out.push(format!(
                "{}. {} {} ({})",
                n + 1,
                p.user.name,
                rating_text(p, prov),
                games_text(p.games())
            ));
        }
    }
    Decision::look(vec![Draft::text(out.join("\n"))])
}
