//! The links of tournament announcements to the web pages ("Web companion" issue): with
//! [`Settings::public_url`] set and the community's pages on (`!set web on`), the
//! creation, the start, each round's pairings and the end carry the tournament's page
//! (`/t/PUBLIC_ID`), and the pairings each board's game page (`/g/ID`) while they fit
//! the platforms' limits ([`MAX_BOARD_LINKS`], [`Settings::max_reply_chars`]); the
//! tournament's page links every game in any case.

use crate::core::api::link_token;
use crate::core::{Core, Settings, SiteSettings};
use crate::store::docs;
use crate::store::keys::DocKey;

use super::Tournament;

/// The most boards whose game is linked in one announcement: with the tournament's
/// link, 25, the most link buttons Discord shows under a message (five rows of five).
const MAX_BOARD_LINKS: usize = 24;

impl Settings {
    /// The address of the page of the tournament whose public id is `public_id`, when
    /// the pages are reachable ([`Settings::public_url`]) and `site` has them on;
    /// `None` also for a tournament without a public id yet.
    pub fn tour_url(&self, site: &SiteSettings, public_id: &str) -> Option<String> {
        let base = self.public_url.as_deref().filter(|_| site.web)?;
        (!public_id.is_empty()).then(|| format!("{base}t/{public_id}"))
    }

    /// The line that links the page of the tournament `t` (see [`Settings::tour_url`]).
    pub(crate) fn tour_link(&self, site: &SiteSettings, t: &Tournament) -> Option<String> {
        let url = self.tour_url(site, &t.public_id)?;
        Some(link_token(
            &url,
            &tr!("web-tour-link-label", name = &t.name),
        ))
    }
}

impl Core {
    /// The web settings of `community` as stored (the default, pages off, when absent
    /// or unreadable: no link is better than a wrong one).
    fn site_of(&self, community: &str) -> SiteSettings {
        docs::load::<SiteSettings>(&*self.store, &DocKey::site(community))
            .map(|d| d.value)
            .unwrap_or_default()
    }

    /// `text` (an announcement of `t` in its home channel) with the tournament's link
    /// and, when `boards`, a link to the game of each board of the current round in
    /// play, in the current language. The boards' links are left out when there are
    /// more than [`MAX_BOARD_LINKS`] or when they would take the text past
    /// [`Settings::max_reply_chars`]; nothing is added when the pages are not linked.
    pub(super) fn with_tour_links(&self, t: &Tournament, text: String, boards: bool) -> String {
        let site = self.site_of(&t.home.community);
        let Some(tour) = self.settings.tour_link(&site, t) else {
            return text;
        };
        let mut out = format!("{text}\n{tour}");
        if !boards {
            return out;
        }
        let games: Vec<String> = t
            .current()
            .into_iter()
            .flat_map(|r| &r.pairings)
            .filter(|p| p.is_open())
            .filter_map(|p| {
                let url = self.settings.game_url(&site, p.game_id.as_deref()?)?;
                Some(link_token(
                    &url,
                    &tr!("web-board-link-label", board = p.board),
                ))
            })
            .collect();
        let extra: usize = games.iter().map(|l| l.chars().count() + 1).sum();
        let fits = out.chars().count() + extra <= self.settings.max_reply_chars;
        if !games.is_empty() && games.len() <= MAX_BOARD_LINKS && fits {
            out.push('\n');
            out.push_str(&games.join("\n"));
        }
        out
    }
}
