//! Every document key the bot writes, built and parsed here and nowhere else.
//!
//! A key is `KIND/PART/PART...`, each part escaped ([`escape`]): `/` becomes `%2F` and `%`
//! becomes `%25`, so that no id a user chooses (a console name `a/b`, a tournament
//! called `x/y`) can make its keys look like another's, and a prefix scan
//! ([`DocPrefix`]) of one community, user or tournament never matches another's keys.
//! Ids without `/` or `%` (Discord snowflakes, Matrix ids, ordinary names) are written
//! as they are, so keys written before escaping are read unchanged.
//!
//! Channel records (games and challenges) are keyed by the backends themselves (a
//! length-prefixed community, then the channel), not here.

use std::fmt;

use crate::model::{ChannelKey, User};

/// `part` escaped for one part of a key: `%` as `%25`, `/` as `%2F`.
pub fn escape(part: &str) -> String {
    if !part.contains(['%', '/']) {
        return part.to_string();
    }
    part.replace('%', "%25").replace('/', "%2F")
}

/// The part `escaped` as it was before [`escape`].
///
/// # Errors
/// A `%` not followed by `25` or `2F` (not a key this module wrote).
pub fn unescape(escaped: &str) -> Result<String, String> {
    let mut out = String::with_capacity(escaped.len());
    let mut rest = escaped;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let code = rest.get(i + 1..i + 3);
        match code {
            Some("25") => out.push('%'),
            Some("2F" | "2f") => out.push('/'),
            _ => return Err(format!("`{escaped}` has a `%` that is not `%25` or `%2F`")),
        }
        rest = &rest[i + 3..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The key of one document the bot keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DocKey {
    /// `rating/COMMUNITY/FAMILY`: the Glicko-2 table of a game family (`katro`,
    /// `hoyito`) in a community.
    Rating {
        /// The community.
        community: String,
        /// The game family.
        family: String,
    },
    /// `ratinglog/COMMUNITY/FAMILY/USER/ENTRY`: one rating change of a player; `ENTRY`
    /// is the time (16 digits, milliseconds) then the game id, so entries sort by time.
    RatingLog {
        /// The community.
        community: String,
        /// The game family.
        family: String,
        /// The player's id.
        user: String,
        /// `TIME-GAMEID`.
        entry: String,
    },
    /// `tour/COMMUNITY/NAME`: a tournament; the name in lower case.
    Tour {
        /// The community.
        community: String,
        /// The tournament's name, lower case.
        name: String,
    },
    /// `chan/COMMUNITY/CHANNEL`: a channel's settings.
    Chan(ChannelKey),
    /// `player/COMMUNITY/USER`: a player's preferences in a community.
    Player {
        /// The community.
        community: String,
        /// The player's id.
        user: String,
    },
    /// `analysis/COMMUNITY/GAME`: the stored `!analyze` review of a finished game (issue
    /// 33: one analysis per game, searched once and reused).
    Analysis {
        /// The community the game was played in.
        community: String,
        /// The game's id.
        game: String,
    },
    /// `vacation/COMMUNITY`: the vacations of a community's players (`!vacation`), one
    /// document so that every command reads them in its one batched read.
    Vacations(String),
    /// `games/COMMUNITY/USER`: the index of a player's games in a community
    /// ([`super::archive::GameList`]): those in play and the last finished.
    Games {
        /// The community.
        community: String,
        /// The player's id.
        user: String,
    },
    /// `chanlog/COMMUNITY/CHANNEL`: the index of the last games finished in a channel
    /// ([`super::archive::GameList`]).
    ChanLog(ChannelKey),
    /// `gameat/COMMUNITY/ID`: the channel the game `ID` was created in
    /// ([`super::archive::GameAt`]), written by the store with the record.
    GameAt {
        /// The community.
        community: String,
        /// The game's id.
        id: String,
    },
    /// `site/COMMUNITY`: the community's web pages, on or off and indexed or not (`!set
    /// web`, [`crate::core::SiteSettings`]), one document read by the pages and the chat
    /// links.
    Site(String),
    /// `puzzle/COMMUNITY/USER`: a player's puzzles in a community (issue 32, `!puzzle`):
    /// his puzzle ratings, the puzzles he solved and failed, his streaks and the puzzle
    /// he has open ([`crate::core::puzzle::Puzzler`]).
    Puzzles {
        /// The community.
        community: String,
        /// The player's id.
        user: String,
    },
}

impl DocKey {
    /// The rating table of `family` in `community`.
    pub fn rating(community: &str, family: &str) -> DocKey {
        DocKey::Rating {
            community: community.into(),
            family: family.into(),
        }
    }

    /// The rating change of `user` after game `game_id`, made at `at_ms`.
    pub fn rating_log(
        community: &str,
        family: &str,
        user: &User,
        at_ms: u64,
        game_id: &str,
    ) -> DocKey {
        DocKey::RatingLog {
            community: community.into(),
            family: family.into(),
            user: user.id.clone(),
            entry: format!("{at_ms:016}-{game_id}"),
        }
    }

    /// The tournament `name` (any case) of `community`.
    pub fn tour(community: &str, name: &str) -> DocKey {
        DocKey::Tour {
            community: community.into(),
            name: name.to_lowercase(),
        }
    }

    /// The settings of the channel `at`.
    pub fn chan(at: &ChannelKey) -> DocKey {
        DocKey::Chan(at.clone())
    }

    /// The preferences of `user` in `community`.
    pub fn player(community: &str, user: &User) -> DocKey {
        DocKey::Player {
            community: community.into(),
            user: user.id.clone(),
        }
    }

    /// Whether a write of this document puts it on the periodic driver's list
    /// ([`crate::store::Store::listed`]): tournaments (`tour/`), whose rounds the driver
    /// runs.
    pub fn listed_on_write(&self) -> bool {
        matches!(self, DocKey::Tour { .. })
    }

    /// The stored analysis of the game `game` of `community`.
    pub fn analysis(community: &str, game: &str) -> DocKey {
        DocKey::Analysis {
            community: community.into(),
            game: game.into(),
        }
    }

    /// The vacations of the players of `community`.
    pub fn vacations(community: &str) -> DocKey {
        DocKey::Vacations(community.into())
    }

    /// The index of the games of `user` in `community`.
    pub fn games(community: &str, user: &User) -> DocKey {
        DocKey::Games {
            community: community.into(),
            user: user.id.clone(),
        }
    }

    /// The index of the games finished in the channel `at`.
    pub fn chan_log(at: &ChannelKey) -> DocKey {
        DocKey::ChanLog(at.clone())
    }

    /// The web settings of `community` (`!set web`).
    pub fn site(community: &str) -> DocKey {
        DocKey::Site(community.into())
    }

    /// The puzzles of `user` in `community` (issue 32).
    pub fn puzzles(community: &str, user: &User) -> DocKey {
        DocKey::Puzzles {
            community: community.into(),
            user: user.id.clone(),
        }
    }

    /// Where the game `id` of `community` was created.
    pub fn game_at(community: &str, id: &str) -> DocKey {
        DocKey::GameAt {
            community: community.into(),
            id: id.into(),
        }
    }

    /// The kind of document: `rating`, `ratinglog`, `tour`, `chan`, `player`,
    /// `analysis`, `vacation`, `games`, `chanlog`, `gameat`, `site` or `puzzle`.
    pub fn kind(&self) -> &'static str {
        match self {
            DocKey::Rating { .. } => "rating",
            DocKey::RatingLog { .. } => "ratinglog",
            DocKey::Tour { .. } => "tour",
            DocKey::Chan(_) => "chan",
            DocKey::Player { .. } => "player",
            DocKey::Analysis { .. } => "analysis",
            DocKey::Vacations(_) => "vacation",
            DocKey::Games { .. } => "games",
            DocKey::ChanLog(_) => "chanlog",
            DocKey::GameAt { .. } => "gameat",
            DocKey::Site(_) => "site",
            DocKey::Puzzles { .. } => "puzzle",
        }
    }

    /// The community the document belongs to.
    pub fn community(&self) -> &str {
        match self {
            DocKey::Rating { community, .. }
            | DocKey::RatingLog { community, .. }
            | DocKey::Tour { community, .. }
            | DocKey::Player { community, .. }
            | DocKey::Analysis { community, .. }
            | DocKey::Vacations(community)
            | DocKey::Site(community)
            | DocKey::Games { community, .. }
            | DocKey::GameAt { community, .. }
            | DocKey::Puzzles { community, .. } => community,
            DocKey::Chan(at) | DocKey::ChanLog(at) => &at.community,
        }
    }

    fn parts(&self) -> Vec<&str> {
        match self {
            DocKey::Rating { community, family } => vec![community, family],
            DocKey::RatingLog {
                community,
                family,
                user,
                entry,
            } => vec![community, family, user, entry],
            DocKey::Tour { community, name } => vec![community, name],
            DocKey::Chan(at) => vec![&at.community, &at.channel],
            DocKey::Player { community, user } => vec![community, user],
            DocKey::Analysis { community, game } => vec![community, game],
            DocKey::Vacations(community) => vec![community],
            DocKey::Games { community, user } => vec![community, user],
            DocKey::ChanLog(at) => vec![&at.community, &at.channel],
            DocKey::GameAt { community, id } => vec![community, id],
            DocKey::Site(community) => vec![community],
            DocKey::Puzzles { community, user } => vec![community, user],
        }
    }

    /// The key of `key` as written by [`DocKey`]'s `Display`.
    ///
    /// # Errors
    /// An unknown kind, the wrong number of parts for the kind, an empty part, or a bad
    /// escape, said in words.
    pub fn parse(key: &str) -> Result<DocKey, String> {
        let raw: Vec<&str> = key.split('/').collect();
        let shape = match raw[0] {
            "rating" => "rating/COMMUNITY/FAMILY",
            "tour" => "tour/COMMUNITY/NAME",
            "chan" => "chan/COMMUNITY/CHANNEL",
            "player" => "player/COMMUNITY/USER",
            "ratinglog" => "ratinglog/COMMUNITY/FAMILY/USER/ENTRY",
            "analysis" => "analysis/COMMUNITY/GAME",
            "vacation" => "vacation/COMMUNITY",
            "games" => "games/COMMUNITY/USER",
            "chanlog" => "chanlog/COMMUNITY/CHANNEL",
            "gameat" => "gameat/COMMUNITY/ID",
            "site" => "site/COMMUNITY",
            "puzzle" => "puzzle/COMMUNITY/USER",
            other => {
                return Err(format!(
                    "`{other}/...` is not a kind of document the bot keeps (rating, \
                     ratinglog, tour, chan, player, analysis, vacation, games, chanlog, gameat, site, puzzle)"
                ))
            }
        };
        let want = shape.split('/').count();
        if raw.len() != want || raw.iter().any(|p| p.is_empty()) {
            let which = if raw.len() < want {
                "too few"
            } else {
                "too many or empty"
            };
            return Err(format!(
                "`{key}` has {which} parts for a {} key ({shape})",
                raw[0]
            ));
        }
        let p: Vec<String> = raw[1..]
            .iter()
            .map(|s| unescape(s))
            .collect::<Result<_, _>>()?;
        if raw[0] == "vacation" {
            return Ok(DocKey::Vacations(p[0].clone()));
        }
        if raw[0] == "site" {
            return Ok(DocKey::Site(p[0].clone()));
        }
        let [a, b] = [p[0].clone(), p[1].clone()];
        Ok(match raw[0] {
            "rating" => DocKey::Rating {
                community: a,
                family: b,
            },
            "ratinglog" => DocKey::RatingLog {
                community: a,
                family: b,
                user: p[2].clone(),
                entry: p[3].clone(),
            },
            "tour" => DocKey::Tour {
                community: a,
                name: b,
            },
            "chan" => DocKey::Chan(ChannelKey {
                community: a,
                channel: b,
            }),
            "analysis" => DocKey::Analysis {
                community: a,
                game: b,
            },
            "games" => DocKey::Games {
                community: a,
                user: b,
            },
            "chanlog" => DocKey::ChanLog(ChannelKey {
                community: a,
                channel: b,
            }),
            "gameat" => DocKey::GameAt {
                community: a,
                id: b,
            },
            "puzzle" => DocKey::Puzzles {
                community: a,
                user: b,
            },
            _ => DocKey::Player {
                community: a,
                user: b,
            },
        })
    }
}

impl fmt::Display for DocKey {
    /// `KIND/PART/...`, each part escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind())?;
        for p in self.parts() {
            write!(f, "/{}", escape(p))?;
        }
        Ok(())
    }
}

impl serde::Serialize for DocKey {
    /// As its key string (a tournament game's record keeps its tournament's key so).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for DocKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<DocKey, D::Error> {
        let s = String::deserialize(d)?;
        DocKey::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// A prefix scan over documents: the keys of one kind that share their first parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DocPrefix {
    /// Every document (export).
    All,
    /// Every tournament: `tour/`.
    AllTours,
    /// Every player's preferences, in every community: `player/`.
    AllPlayers,
    /// Every community's web settings: `site/` (the pages find a community by its
    /// public id).
    AllSites,
    /// The tournaments of a community: `tour/COMMUNITY/`.
    Tours(String),
    /// The rating history of a player in a family: `ratinglog/COMMUNITY/FAMILY/USER/`.
    RatingLog {
        /// The community.
        community: String,
        /// The game family.
        family: String,
        /// The player's id.
        user: String,
    },
}

impl fmt::Display for DocPrefix {
    /// The prefix, ending in `/` so that it matches whole parts only.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DocPrefix::All => Ok(()),
            DocPrefix::AllTours => f.write_str("tour/"),
            DocPrefix::AllPlayers => f.write_str("player/"),
            DocPrefix::AllSites => f.write_str("site/"),
            DocPrefix::Tours(c) => write!(f, "tour/{}/", escape(c)),
            DocPrefix::RatingLog {
                community,
                family,
                user,
            } => write!(
                f,
                "ratinglog/{}/{}/{}/",
                escape(community),
                escape(family),
                escape(user)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: &str) -> User {
        User {
            id: id.into(),
            name: id.into(),
        }
    }

    #[test]
    fn keys_round_trip_and_plain_ids_are_unchanged() {
        let at = ChannelKey {
            community: "900".into(),
            channel: "12".into(),
        };
        assert_eq!(DocKey::chan(&at).to_string(), "chan/900/12");
        assert_eq!(
            DocKey::rating_log("900", "katro", &user("@a:m.org"), 5, "g1").to_string(),
            "ratinglog/900/katro/@a:m.org/0000000000000005-g1"
        );
        for k in [
            DocKey::chan(&at),
            DocKey::rating("c/1", "katro"),
            DocKey::rating_log("c", "hoyito", &user("a/b%2F"), 7, "x"),
            DocKey::tour("c", "Spring/Open"),
            DocKey::player("console", &user("a/b")),
            DocKey::analysis("900", "17000-3"),
            DocKey::games("900", &user("a/b")),
            DocKey::chan_log(&at),
            DocKey::game_at("900", "ab12cd34"),
            DocKey::puzzles("900", &user("a/b")),
        ] {
            assert_eq!(DocKey::parse(&k.to_string()), Ok(k.clone()), "{k}");
        }
    }

    /// `/as a/b` on the console: b's keys never fall under a's prefix, nor community
    /// `x/y`'s tournaments under community `x`.
    #[test]
    fn a_slash_in_an_id_never_makes_one_key_a_prefix_of_another() {
        let a = DocPrefix::RatingLog {
            community: "console".into(),
            family: "katro".into(),
            user: "a".into(),
        }
        .to_string();
        let ab = DocKey::rating_log("console", "katro", &user("a/b"), 1, "g").to_string();
        assert!(!ab.starts_with(&a), "{ab} under {a}");
        let x = DocPrefix::Tours("x".into()).to_string();
        let xy = DocKey::tour("x/y", "cup").to_string();
        assert!(!xy.starts_with(&x), "{xy} under {x}");
        assert!(DocKey::tour("x", "cup").to_string().starts_with(&x));
    }

    #[test]
    fn bad_keys_are_refused_in_words() {
        assert!(DocKey::parse("game/x/y")
            .unwrap_err()
            .contains("not a kind"));
        assert!(DocKey::parse("rating/x")
            .unwrap_err()
            .contains("too few parts"));
        assert!(DocKey::parse("rating/x//").is_err());
        assert!(DocKey::parse("chan/x/%zz").unwrap_err().contains("%25"));
    }
}
