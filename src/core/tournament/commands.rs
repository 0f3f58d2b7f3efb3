//! `!tournament ...`: tournaments kept in the store as documents
//! (`tour/COMMUNITY/NAME`, see [`Tournament`]); each action reads its tournament once,
//! decides (`decide`), and writes it back once with compare-and-swap. The games of a
//! tournament (rooms, results, next rounds, the periodic driver) are in `rounds`.

use mancala_rules::Side;

use crate::core::api::Incoming;
use crate::core::command::{FormatArg, TourneyCommand};
use crate::core::tournament::{decide, views, Phase, Res, Tournament};
use crate::core::{refuse, text, text_reply, Answer, Core, Fail};
use crate::model::{GameKind, User};
use crate::store::keys::{DocKey, DocPrefix};
use crate::store::{docs, GameResult};

pub(super) fn res_of(r: GameResult) -> Option<Res> {
    match r {
        GameResult::Win(Side::South) => Some(Res::South),
        GameResult::Win(Side::North) => Some(Res::North),
        GameResult::Draw => Some(Res::Draw),
        GameResult::NoResult => None,
    }
}

/// What only organizers may do to a tournament (the refusal names it).
#[derive(Clone, Copy)]
enum OrganizerAct {
    /// `!tournament new`.
    Create,
    /// `!tournament start`.
    Start,
    /// `!tournament cancel`.
    Cancel,
}

/// A tournament as read, with the bytes to compare against when writing it back.
struct Found {
    /// The tournament.
    t: Tournament,
    /// Its stored bytes (`None`: absent).
    version: Option<Vec<u8>>,
}

impl Core {
    /// Refuses `msg` unless its author is an organizer; `act` is what he wanted to do
    /// (the refusal names it).
    fn organizers_only(&self, msg: &Incoming, act: OrganizerAct) -> Result<(), Fail> {
        if msg.is_organizer {
            return Ok(());
        }
        let organizers = crate::core::text::organizers();
        refuse(match act {
            OrganizerAct::Create => tr!("tournament-organizers-create", organizers = organizers),
            OrganizerAct::Start => tr!("tournament-organizers-start", organizers = organizers),
            OrganizerAct::Cancel => tr!("tournament-organizers-cancel", organizers = organizers),
        })
    }

    /// The tournament a command means: by name, else the only one of the community that
    /// is in one of `phases` (the one of this channel first). `usage` is the command
    /// without its name (`join`, `withdraw @bob`), for the refusal that asks to name one
    /// when several fit. When none fits but one is in another phase, the refusal says
    /// where that one stands ([`views::phase_refusal`]).
    fn find_tournament(
        &self,
        msg: &Incoming,
        name: Option<&str>,
        phases: &[Phase],
        usage: &str,
    ) -> Result<Found, Fail> {
        let p = self.p();
        let community = self.tournament_community(msg);
        if let Some(name) = name {
            let key = Tournament::key_of(&community, name);
            let doc = docs::load::<Option<Tournament>>(&*self.store, &key)?;
            return match doc.value {
                Some(t) => Ok(Found {
                    t,
                    version: doc.version,
                }),
                None => refuse(tr!("tournament-unknown", name = name, p = p)),
            };
        }
        let all = self.tournaments(&community)?;
        let is_here = |t: &Tournament| {
            t.home == msg.at
                || t.rounds
                    .iter()
                    .flat_map(|r| &r.pairings)
                    .any(|pp| pp.room.as_ref() == Some(&msg.at))
        };
        let fits: Vec<&Found> = all.iter().filter(|f| phases.contains(&f.t.phase)).collect();
        let here: Vec<&Found> = fits.iter().copied().filter(|f| is_here(&f.t)).collect();
        match (here.as_slice(), fits.as_slice()) {
            ([f], _) | ([], [f]) => Ok(Found {
                t: f.t.clone(),
                version: f.version.clone(),
            }),
            (_, []) => {
                // None fits: say where the one there is stands (this channel's first).
                let live: Vec<&Tournament> = all
                    .iter()
                    .map(|f| &f.t)
                    .filter(|t| matches!(t.phase, Phase::Registration | Phase::Running))
                    .collect();
                let mine: Vec<&Tournament> = live.iter().copied().filter(|t| is_here(t)).collect();
                match (mine.as_slice(), live.as_slice(), all.as_slice()) {
                    ([t], _, _) | ([], [t], _) => refuse(views::phase_refusal(t, p)),
                    ([], [], [f]) => refuse(views::phase_refusal(&f.t, p)),
                    (_, [], _) => refuse(tr!("tournament-none-live", p = p)),
                    _ => refuse(tr!(
                        "tournament-wrong-stage",
                        list = live
                            .iter()
                            .map(|t| format!("{} {}", t.name, views::phase_word(t)))
                            .collect::<Vec<_>>()
                            .join(", "),
                        p = p
                    )),
                }
            }
            _ => refuse(tr!(
                "tournament-several",
                list = fits
                    .iter()
                    .map(|f| f.t.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                p = p,
                usage = usage,
                first = &fits[0].t.name
            )),
        }
    }

    /// The community whose tournaments a command in `msg`'s channel means: the
    /// channel's own, except in the room of a tournament game (its game in play or its
    /// last) that lies in another community, as every room the bot opens on Matrix:
    /// there, the tournament's. A store failure reads as "the channel's own".
    fn tournament_community(&self, msg: &Incoming) -> String {
        let linked = self.shown_game(&msg.at).and_then(|r| r.tournament);
        match linked.map(|l| l.key) {
            Some(DocKey::Tour { community, .. }) => community,
            _ => msg.at.community.clone(),
        }
    }

    /// Every tournament of `community`, with its stored bytes.
    fn tournaments(&self, community: &str) -> Result<Vec<Found>, Fail> {
        let mut out = Vec::new();
        for (k, v) in self.store.docs(&DocPrefix::Tours(community.to_string()))? {
            match serde_json::from_slice::<Tournament>(&v) {
                Ok(t) => out.push(Found {
                    t,
                    version: Some(v),
                }),
                Err(e) => tracing::error!(key = %k, error = %e, "unreadable tournament"),
            }
        }
        Ok(out)
    }

    /// Writes `t` back where it was read as `version` (compare-and-swap). When another
    /// write came first: `Fail::Conflict`, and the command is decided again from a new
    /// read.
    fn save_tournament(&self, t: &Tournament, version: Option<&[u8]>) -> Result<(), Fail> {
        let bytes = serde_json::to_vec(&Some(t)).map_err(|e| {
            Fail::Store(crate::store::StoreError::Io {
                what: format!("writing document {}", t.key()),
                reason: e.to_string(),
            })
        })?;
        if self.store.write_doc(&t.key(), version, Some(&bytes))? {
            Ok(())
        } else {
            Err(Fail::Conflict)
        }
    }

    /// Reads the tournament a command means (see `find_tournament`), decides its change
    /// with `change` (pure; a refusal changes nothing), and writes it back once
    /// (compare-and-swap). Returns the tournament as written and what `change` returned.
    fn change_tournament<R>(
        &self,
        msg: &Incoming,
        name: Option<&str>,
        (phases, usage): (&[Phase], &str),
        change: impl FnOnce(&mut Tournament) -> Result<R, Fail>,
    ) -> Result<(Tournament, R), Fail> {
        let Found { mut t, version } = self.find_tournament(msg, name, phases, usage)?;
        let out = change(&mut t)?;
        self.save_tournament(&t, version.as_deref())?;
        Ok((t, out))
    }

    /// Changes the stored tournament `key` with `f` (compare-and-swap, retried).
    pub(super) fn update_tournament<R>(
        &self,
        key: &DocKey,
        mut f: impl FnMut(&mut Tournament) -> Result<R, Fail>,
    ) -> Result<R, Fail> {
        docs::update(&*self.store, key, |t: &mut Option<Tournament>| match t {
            Some(t) => f(t),
            None => refuse(tr!("tournament-gone")),
        })
    }

    /// `!tournament ...`: each subcommand reads its tournament once, decides purely
    /// (see the `decide` module), and writes it back once; what follows a write (rooms
    /// and games opened, games forfeited or aborted, the next round) comes after.
    pub(in crate::core) fn tournament(&self, msg: &Incoming, cmd: &TourneyCommand) -> Answer {
        match cmd {
            TourneyCommand::List => {
                let all = self.tournaments(&self.tournament_community(msg))?;
                let all: Vec<Tournament> = all.into_iter().map(|f| f.t).collect();
                Ok(vec![text_reply(views::list_text(&all, self.p()))])
            }
            TourneyCommand::New {
                name,
                kind,
                format,
                move_time,
            } => self.new_tournament(msg, name, *kind, *format, *move_time),
            TourneyCommand::Join(name) => {
                let (t, n) = self.change_tournament(
                    msg,
                    name.as_deref(),
                    (&[Phase::Registration], "join"),
                    |t| Ok(decide::join(t, &msg.author)?),
                )?;
                Ok(vec![text_reply(tr!(
                    "tournament-joins",
                    player = &msg.author.name,
                    name = &t.name,
                    players = views::players_text(n)
                ))])
            }
            TourneyCommand::Leave(name) => {
                let (t, ()) = self.change_tournament(
                    msg,
                    name.as_deref(),
                    (&[Phase::Registration], "leave"),
                    |t| Ok(decide::leave(t, &msg.author, self.p())?),
                )?;
                Ok(vec![text_reply(tr!(
                    "tournament-leaves",
                    player = &msg.author.name,
                    name = &t.name
                ))])
            }
            TourneyCommand::Start(name) => self.start_tournament(msg, name.as_deref()),
            TourneyCommand::Pairings(name) => {
                let Found { t, .. } = self.find_tournament(
                    msg,
                    name.as_deref(),
                    &[Phase::Running, Phase::Finished],
                    "pairings",
                )?;
                if t.rounds.is_empty() {
                    return refuse(views::phase_refusal(&t, self.p()));
                }
                Ok(vec![text_reply(views::pairings_text(&t))])
            }
            TourneyCommand::Standings(name) => {
                let Found { t, .. } = self.find_tournament(
                    msg,
                    name.as_deref(),
                    &[Phase::Running, Phase::Finished, Phase::Registration],
                    "standings",
                )?;
                let mut reply = text_reply(views::standings_text(&t));
                for (i, table) in views::standings_tables(&t).iter().enumerate() {
                    if let Some(f) = self.painter.table(table) {
                        reply.attachments.push(crate::core::api::Attachment {
                            filename: ["standings.png", "crosstable.png"][i.min(1)].into(),
                            bytes: f.png,
                            alt: f.alt,
                        });
                    }
                }
                Ok(vec![reply])
            }
            TourneyCommand::Withdraw(user, name) => self.withdraw(msg, user, name.as_deref()),
            TourneyCommand::Cancel(name) => self.cancel_tournament(msg, name.as_deref()),
        }
    }

    /// `!tournament new NAME GAME FORMAT [TIME]` (organizers): one read of the name's
    /// document, the new tournament decided, one compare-and-swap write.
    fn new_tournament(
        &self,
        msg: &Incoming,
        name: &str,
        kind: GameKind,
        format: FormatArg,
        move_time: Option<Option<u64>>,
    ) -> Answer {
        let p = self.p();
        let now = self.clock.now_ms();
        self.organizers_only(msg, OrganizerAct::Create)?;
        if let Some(rooms) = self.rooms() {
            rooms.can_open(&msg.at).or_else(refuse)?;
        }
        let key = Tournament::key_of(&msg.at.community, name);
        let old = docs::load::<Option<Tournament>>(&*self.store, &key)?;
        decide::name_is_free(old.value.as_ref())?;
        let move_time_ms = crate::core::deadlines::move_time_ms(&self.settings, move_time);
        let id = format!("t{}", self.store.new_id(now)?);
        let t = decide::created(id, name, kind, format, move_time_ms, msg, now);
        self.save_tournament(&t, old.version.as_deref())?;
        Ok(vec![text_reply(tr!(
            "tournament-created",
            name = name,
            kind = text::kind_name(kind),
            format = t.format.to_string(),
            time = match move_time_ms {
                Some(ms) => tr!("tournament-per-move", duration = text::duration_text(ms)),
                None => tr!("tournament-no-time-limit"),
            },
            p = p
        ))])
    }

    /// `!tournament start [NAME]` (organizers): seeds by rating (one read of the rating
    /// table), pairs the first round, writes once; then opens the games.
    fn start_tournament(&self, msg: &Incoming, name: Option<&str>) -> Answer {
        self.organizers_only(msg, OrganizerAct::Start)?;
        let Found { mut t, version } =
            self.find_tournament(msg, name, &[Phase::Registration], "start")?;
        let fam = crate::core::ratings::family(t.kind);
        let table = crate::core::ratings::table(&*self.store, &t.home.community, fam)?;
        decide::start(&mut t, &table)?;
        self.save_tournament(&t, version.as_deref())?;
        let key = t.key();
        let games = self.open_games(&key);
        // Read again for the announcement (by its key: no second search for it):
        // opening the games named their rooms.
        let t = docs::load::<Option<Tournament>>(&*self.store, &key)?
            .value
            .unwrap_or(t);
        let mut out = vec![text_reply(format!(
            "{}\n{}",
            views::started_text(&t),
            views::pairings_text(&t)
        ))];
        out.extend(games);
        Ok(out)
    }

    /// `!tournament withdraw @user [NAME]`: the player leaves (before the start) or is
    /// withdrawn (his game in play resigned, his later pairings forfeited).
    fn withdraw(&self, msg: &Incoming, user: &User, name: Option<&str>) -> Answer {
        let found = self.find_tournament(
            msg,
            name,
            &[Phase::Registration, Phase::Running],
            &format!("withdraw @{}", user.name),
        )?;
        if !msg.is_organizer && user.id != msg.author.id {
            return refuse(tr!("tournament-withdraw-others"));
        }
        let Found { mut t, version } = found;
        let game = decide::withdraw(&mut t, user)?;
        self.save_tournament(&t, version.as_deref())?;
        let mut out = vec![text_reply(if game.is_some() {
            tr!(
                "tournament-withdrawn-resigned",
                player = &user.name,
                name = &t.name
            )
        } else {
            tr!("tournament-withdrawn", player = &user.name, name = &t.name)
        })];
        if let Some((room, id)) = game {
            out.extend(self.forfeit_game(&room, &id, user));
        }
        out.extend(self.advance(&t.key()));
        Ok(out)
    }

    /// `!tournament cancel [NAME]` (organizers): cancelled, its games in play aborted.
    fn cancel_tournament(&self, msg: &Incoming, name: Option<&str>) -> Answer {
        self.organizers_only(msg, OrganizerAct::Cancel)?;
        let (t, ()) = self.change_tournament(
            msg,
            name,
            (&[Phase::Registration, Phase::Running], "cancel"),
            |t| Ok(decide::cancel(t)?),
        )?;
        let mut aborted = 0usize;
        for p in t.rounds.iter().flat_map(|r| &r.pairings) {
            if let (true, Some(room), Some(id)) = (p.is_open(), &p.room, &p.game_id) {
                if self.abort_game(room, id).is_ok() {
                    aborted += 1;
                }
            }
        }
        Ok(vec![text_reply(if aborted > 0 {
            tr!(
                "tournament-cancelled-aborted",
                name = &t.name,
                count = aborted
            )
        } else {
            tr!("tournament-cancelled", name = &t.name)
        })])
    }
}
