//! `!tournament ...`: tournaments kept in the store as documents
//! (`tour/COMMUNITY/NAME`, see [`Tournament`]), each pairing's game created in a room
//! of its own (opened through [`crate::core::api::Rooms`]), results fed back when a game
//! ends, and the next round paired when the last game of a round ends.
//!
//! Every step is written to the store before the next one, and the periodic driver
//! ([`Core::tick_tournaments`]) redoes whatever a restart interrupted: rooms not yet
//! opened, games not yet created, results not yet recorded, rounds not yet paired.

use mancala_rules::Side;

use crate::core::api::{Incoming, Reply};
use crate::core::command::{FormatArg, TourneyCommand};
use crate::core::correspondence::restart_clock;
use crate::core::decision::Draft;
use crate::core::dispatch::Needs;
use crate::core::tournament::{decide, views, Pairing, Phase, Res, Tournament};
use crate::core::views::{board_picture, deadline_line, to_move_line};
use crate::core::{players_text, refuse, text, text_reply, Answer, Core, Fail};
use crate::model::{ChannelKey, GameKind, User};
use crate::store::keys::{DocKey, DocPrefix};
use crate::store::{docs, GameResult, Play, Record, Status, TourneyLink, Write};

fn res_of(r: GameResult) -> Option<Res> {
    match r {
        GameResult::Win(Side::South) => Some(Res::South),
        GameResult::Win(Side::North) => Some(Res::North),
        GameResult::Draw => Some(Res::Draw),
        GameResult::NoResult => None,
    }
}

/// A tournament as read, with the bytes to compare against when writing it back.
struct Found {
    /// The tournament.
    t: Tournament,
    /// Its stored bytes (`None`: absent).
    version: Option<Vec<u8>>,
}

impl Core {
    fn organizers_only(&self, msg: &Incoming, what: &str) -> Result<(), Fail> {
        if msg.is_organizer {
            Ok(())
        } else {
            refuse(format!(
                "only organizers ({}) can {what} a tournament",
                text::ORGANIZERS
            ))
        }
    }

    /// The tournament a command means: by name, else the only one of the community that
    /// is in one of `phases` (the one of this channel first).
    fn find_tournament(
        &self,
        msg: &Incoming,
        name: Option<&str>,
        phases: &[Phase],
    ) -> Result<Found, Fail> {
        let p = self.p();
        if let Some(name) = name {
            let key = Tournament::key_of(&msg.at.community, name);
            let doc = docs::load::<Option<Tournament>>(&*self.store, &key)?;
            return match doc.value {
                Some(t) => Ok(Found {
                    t,
                    version: doc.version,
                }),
                None => refuse(format!(
                    "there is no tournament `{name}` here; `{p}tournament` lists them"
                )),
            };
        }
        let all = self.tournaments(&msg.at.community)?;
        let fits: Vec<&Found> = all.iter().filter(|f| phases.contains(&f.t.phase)).collect();
        let here: Vec<&Found> = fits
            .iter()
            .copied()
            .filter(|Found { t, .. }| {
                t.home == msg.at
                    || t.rounds
                        .iter()
                        .flat_map(|r| &r.pairings)
                        .any(|pp| pp.room.as_ref() == Some(&msg.at))
            })
            .collect();
        match (here.as_slice(), fits.as_slice()) {
            ([f], _) | ([], [f]) => Ok(Found {
                t: f.t.clone(),
                version: f.version.clone(),
            }),
            (_, []) => refuse(format!(
                "there is no tournament for that here; an organizer starts one with \
                 `{p}tournament new NAME GAME roundrobin|swiss ROUNDS|knockout [TIME]`"
            )),
            _ => refuse(format!(
                "several tournaments fit ({}); name one, e.g. `{p}tournament standings {}`",
                fits.iter()
                    .map(|f| f.t.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                fits[0].t.name
            )),
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
        phases: &[Phase],
        change: impl FnOnce(&mut Tournament) -> Result<R, Fail>,
    ) -> Result<(Tournament, R), Fail> {
        let Found { mut t, version } = self.find_tournament(msg, name, phases)?;
        let out = change(&mut t)?;
        self.save_tournament(&t, version.as_deref())?;
        Ok((t, out))
    }

    /// Changes the stored tournament `key` with `f` (compare-and-swap, retried).
    fn update_tournament<R>(
        &self,
        key: &DocKey,
        mut f: impl FnMut(&mut Tournament) -> Result<R, Fail>,
    ) -> Result<R, Fail> {
        docs::update(&*self.store, key, |t: &mut Option<Tournament>| match t {
            Some(t) => f(t),
            None => refuse("the tournament is gone"),
        })
    }

    /// `!tournament ...`: each subcommand reads its tournament once, decides purely
    /// (see the `decide` module), and writes it back once; what follows a write (rooms
    /// and games opened, games forfeited or aborted, the next round) comes after.
    pub(in crate::core) fn tournament(&self, msg: &Incoming, cmd: &TourneyCommand) -> Answer {
        match cmd {
            TourneyCommand::List => {
                let all = self.tournaments(&msg.at.community)?;
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
                let (t, n) =
                    self.change_tournament(msg, name.as_deref(), &[Phase::Registration], |t| {
                        Ok(decide::join(t, &msg.author)?)
                    })?;
                Ok(vec![text_reply(format!(
                    "{} joins {} ({n} player{}).",
                    msg.author.name,
                    t.name,
                    if n == 1 { "" } else { "s" }
                ))])
            }
            TourneyCommand::Leave(name) => {
                let (t, ()) =
                    self.change_tournament(msg, name.as_deref(), &[Phase::Registration], |t| {
                        Ok(decide::leave(t, &msg.author, self.p())?)
                    })?;
                Ok(vec![text_reply(format!(
                    "{} leaves {}.",
                    msg.author.name, t.name
                ))])
            }
            TourneyCommand::Start(name) => self.start_tournament(msg, name.as_deref()),
            TourneyCommand::Pairings(name) => {
                let Found { t, .. } =
                    self.find_tournament(msg, name.as_deref(), &[Phase::Running, Phase::Finished])?;
                if t.rounds.is_empty() {
                    return refuse(format!("{} has not started yet", t.name));
                }
                Ok(vec![text_reply(views::pairings_text(&t))])
            }
            TourneyCommand::Standings(name) => {
                let Found { t, .. } = self.find_tournament(
                    msg,
                    name.as_deref(),
                    &[Phase::Running, Phase::Finished, Phase::Registration],
                )?;
                Ok(vec![text_reply(views::standings_text(&t))])
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
        self.organizers_only(msg, "create")?;
        if let Some(rooms) = self.rooms() {
            rooms.can_open(&msg.at).or_else(refuse)?;
        }
        let key = Tournament::key_of(&msg.at.community, name);
        let old = docs::load::<Option<Tournament>>(&*self.store, &key)?;
        decide::name_is_free(old.value.as_ref())?;
        let move_time_ms = crate::core::games::move_time_ms(&self.settings, move_time);
        let id = format!("t{}", self.store.new_id(now)?);
        let t = decide::created(id, name, kind, format, move_time_ms, msg, now);
        self.save_tournament(&t, old.version.as_deref())?;
        Ok(vec![text_reply(format!(
            "Tournament {name} created: {}, {}, {}. Registration is open: \
             `{p}tournament join {name}`; an organizer starts it with \
             `{p}tournament start {name}`.",
            text::kind_name(kind),
            t.format,
            match move_time_ms {
                Some(ms) => format!("{} per move", text::duration_text(ms)),
                None => "no time limit".to_string(),
            }
        ))])
    }

    /// `!tournament start [NAME]` (organizers): seeds by rating (one read of the rating
    /// table), pairs the first round, writes once; then opens the games.
    fn start_tournament(&self, msg: &Incoming, name: Option<&str>) -> Answer {
        self.organizers_only(msg, "start")?;
        let Found { mut t, version } = self.find_tournament(msg, name, &[Phase::Registration])?;
        let fam = crate::core::ratings::family(t.kind);
        let table = crate::core::ratings::table(&*self.store, &msg.at.community, fam)?;
        decide::start(&mut t, &table)?;
        self.save_tournament(&t, version.as_deref())?;
        let key = t.key();
        let games = self.open_games(&key);
        // Read again for the announcement: opening the games named their rooms.
        let Found { t, .. } = self.find_tournament(msg, Some(&t.name), &[Phase::Running])?;
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
        let found = self.find_tournament(msg, name, &[Phase::Registration, Phase::Running])?;
        if !msg.is_organizer && user.id != msg.author.id {
            return refuse(
                "only organizers can withdraw another player; you can withdraw yourself",
            );
        }
        let Found { mut t, version } = found;
        let game = decide::withdraw(&mut t, user)?;
        self.save_tournament(&t, version.as_deref())?;
        let mut out = vec![text_reply(format!(
            "{} is withdrawn from {}{}.",
            user.name,
            t.name,
            if game.is_some() {
                ": the game in play is resigned on his behalf"
            } else {
                ""
            }
        ))];
        if let Some((room, id)) = game {
            out.extend(self.forfeit_game(&room, &id, user));
        }
        out.extend(self.advance(&t.key()));
        Ok(out)
    }

    /// `!tournament cancel [NAME]` (organizers): cancelled, its games in play aborted.
    fn cancel_tournament(&self, msg: &Incoming, name: Option<&str>) -> Answer {
        self.organizers_only(msg, "cancel")?;
        let (t, ()) =
            self.change_tournament(msg, name, &[Phase::Registration, Phase::Running], |t| {
                Ok(decide::cancel(t)?)
            })?;
        let mut aborted = 0;
        for p in t.rounds.iter().flat_map(|r| &r.pairings) {
            if let (true, Some(room), Some(id)) = (p.is_open(), &p.room, &p.game_id) {
                if self.abort_game(room, id).is_ok() {
                    aborted += 1;
                }
            }
        }
        Ok(vec![text_reply(format!(
            "Tournament {} is cancelled{}.",
            t.name,
            if aborted > 0 {
                format!("; {aborted} game(s) in play were aborted")
            } else {
                String::new()
            }
        ))])
    }

    /// Resigns the tournament game `id` in `room` for `user` (a withdrawal), through
    /// the dispatcher.
    fn forfeit_game(&self, room: &ChannelKey, id: &str, user: &User) -> Vec<Reply> {
        let driver = Incoming {
            at: room.clone(),
            ..Incoming::default()
        };
        self.commit(room, &driver, Needs::default(), &mut |state, ctx| {
            Ok(decide::withdrawal_forfeit(state, id, user, ctx.now))
        })
        .unwrap_or_default()
    }

    /// Aborts the tournament game `id` in `room` (a cancelled tournament), through the
    /// dispatcher; `Ok` also when that game is no longer there.
    fn abort_game(&self, room: &ChannelKey, id: &str) -> Result<(), Fail> {
        let driver = Incoming {
            at: room.clone(),
            ..Incoming::default()
        };
        self.commit(room, &driver, Needs::default(), &mut |state, ctx| {
            Ok(decide::cancelled_game(state, id, ctx.now))
        })
        .map(|_| ())
    }

    /// Opens the rooms and creates the games of the current round's open pairings that
    /// have none yet; the replies announce each game in its room.
    fn open_games(&self, key: &DocKey) -> Vec<Reply> {
        let mut out = Vec::new();
        let Ok(Some(t)) = docs::load::<Option<Tournament>>(&*self.store, key).map(|d| d.value)
        else {
            return out;
        };
        if t.phase != Phase::Running {
            return out;
        }
        let Some(round) = t.current() else {
            return out;
        };
        for p in round
            .pairings
            .iter()
            .filter(|p| p.is_open() && p.game_id.is_none())
        {
            let Some(north) = p.north else { continue };
            let Some(room) = self.pairing_room(&t, round.number, p) else {
                continue;
            };
            let id = format!("{}-r{}-b{}", t.id, round.number, p.board);
            match self.create_game(&t, round.number, p.board, &room, &id, p.south, north) {
                Ok(reply) => {
                    let _ = self.set_pairing(key, round.number, p.board, |pp| {
                        pp.game_id = Some(id.clone());
                    });
                    out.extend(reply);
                }
                Err(e) => {
                    let e = match e {
                        Fail::Refuse(s) => s,
                        Fail::Store(e) => e.to_string(),
                        Fail::Conflict | Fail::Busy => "conflict".into(),
                    };
                    tracing::warn!(tournament = %t.name, room = ?room, "cannot create a game: {e}");
                }
            }
        }
        out
    }

    /// The room of the pairing `p` of round `round`: the one it has, else a new one
    /// (`tourney-NAME-rR-bB`), opened and saved in the tournament; `None` when it cannot
    /// be opened or saved now (a later tick tries again).
    fn pairing_room(&self, t: &Tournament, round: u32, p: &Pairing) -> Option<ChannelKey> {
        if let Some(r) = &p.room {
            return Some(r.clone());
        }
        let name = format!("tourney-{}-r{}-b{}", t.name.to_lowercase(), round, p.board);
        let opened = match self.rooms() {
            Some(rooms) => rooms.open(&t.home, &name),
            None => Ok(ChannelKey {
                community: t.home.community.clone(),
                channel: name,
            }),
        };
        let room = match opened {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(tournament = %t.name, error = %e, "cannot open a room");
                return None;
            }
        };
        self.set_pairing(&t.key(), round, p.board, |pp| {
            pp.room.get_or_insert(room.clone());
        })
        .ok()?;
        Some(room)
    }

    /// Changes the pairing `board` of round `round` of the stored tournament `key` with
    /// `f` (compare-and-swap, retried); nothing when there is no such pairing.
    fn set_pairing(
        &self,
        key: &DocKey,
        round: u32,
        board: u32,
        mut f: impl FnMut(&mut Pairing),
    ) -> Result<(), Fail> {
        self.update_tournament(key, |t| {
            if let Some(pp) = t
                .rounds
                .iter_mut()
                .find(|r| r.number == round)
                .and_then(|r| r.pairings.iter_mut().find(|pp| pp.board == board))
            {
                f(pp);
            }
            Ok(())
        })
    }

    /// Creates the game `id` in `room` (unless it is already there) and returns its
    /// announcement (none when it already existed).
    #[allow(clippy::too_many_arguments)]
    fn create_game(
        &self,
        t: &Tournament,
        round: u32,
        board: u32,
        room: &ChannelKey,
        id: &str,
        south: usize,
        north: usize,
    ) -> Result<Option<Reply>, Fail> {
        let now = self.clock.now_ms();
        let current = self.store.load(room)?;
        if let Some(st) = &current {
            if st.record.id == id {
                return Ok(None);
            }
            if st.record.status == Status::Playing {
                return refuse(format!("the room {} holds another game", room.channel));
            }
        }
        if self.store.finished(id)?.is_some() {
            return Ok(None);
        }
        let play = Play::new(t.kind).map_err(|e| Fail::Refuse(e.to_string()))?;
        let mut r = Record::tournament_game(
            id.to_string(),
            room.clone(),
            t.kind,
            t.entrants[south].user.clone(),
            t.entrants[north].user.clone(),
            play,
            t.move_time_ms,
            TourneyLink {
                key: t.key(),
                round,
                board,
            },
            now,
        );
        restart_clock(&mut r, now, &self.settings);
        if !self
            .store
            .write(room, current.as_ref().map(|s| &s.version), Write::Put(&r))?
        {
            return Err(Fail::Conflict);
        }
        let Some(game) = r.play.as_ref().map(Play::game) else {
            return Ok(None);
        };
        let (line, _) = to_move_line(&r, game, self.p());
        let mut text = format!(
            "Tournament {}, round {round}, board {board}: {}, {}. {line}",
            t.name,
            text::kind_name(t.kind),
            players_text(&r)
        );
        if let Some(d) = deadline_line(&r) {
            text.push(' ');
            text.push_str(&d);
        }
        let mut draft = Draft::new(
            text,
            vec![board_picture(&r, game, Side::South)],
            [r.south.clone(), r.north.clone()]
                .into_iter()
                .flatten()
                .collect(),
        );
        draft.reply.to = Some(room.clone());
        Ok(Some(self.paint(draft)))
    }

    /// A tournament game ended with `res`: record it, announce it, and pair the next
    /// round when it completes the current one.
    pub(in crate::core) fn tourney_game_over(
        &self,
        link: &TourneyLink,
        game_id: &str,
        res: GameResult,
    ) -> Vec<Reply> {
        let Some(res) = res_of(res) else {
            return Vec::new();
        };
        let recorded = self.update_tournament(&link.key, |t| {
            if t.phase != Phase::Running {
                return Ok(None);
            }
            Ok(t.record(link.round, link.board, game_id, res)
                .then(|| t.clone()))
        });
        let Ok(Some(t)) = recorded else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if let Some(p) = t
            .rounds
            .iter()
            .find(|r| r.number == link.round)
            .and_then(|r| r.pairings.iter().find(|p| p.board == link.board))
        {
            let name = |e: usize| t.entrants[e].user.name.clone();
            let score = match res {
                Res::South => "1-0",
                Res::North => "0-1",
                Res::Draw => "½-½",
            };
            out.push(Reply {
                body: body!(
                    "{} round {}, board {}: {} {score} {}.",
                    t.name,
                    link.round,
                    link.board,
                    name(p.south),
                    p.north.map(name).unwrap_or_default()
                ),
                to: Some(t.home.clone()),
                ..Reply::default()
            });
        }
        out.extend(self.advance(&link.key));
        out
    }

    /// When the current round is complete: pairs the next one (or ends the tournament),
    /// announces it in the home channel, and opens its games.
    fn advance(&self, key: &DocKey) -> Vec<Reply> {
        let mut out = Vec::new();
        let stepped = self.update_tournament(key, |t| {
            if t.phase != Phase::Running || !t.current().is_some_and(|r| r.is_complete()) {
                return Ok(None);
            }
            let more = t.next_round();
            Ok(Some((more, t.clone())))
        });
        match stepped {
            Ok(Some((true, t))) => {
                // A round of forfeits only (everyone withdrawn) completes at once.
                out.push(Reply {
                    body: body!(
                        "Round {} of {} begins.\n{}",
                        t.rounds.len(),
                        t.name,
                        views::pairings_text(&t)
                    ),
                    to: Some(t.home.clone()),
                    ..Reply::default()
                });
                out.extend(self.open_games(key));
                if t.current().is_some_and(|r| r.is_complete()) {
                    out.extend(self.advance(key));
                }
            }
            Ok(Some((false, t))) => {
                let winner = t
                    .standings()
                    .first()
                    .map(|s| t.entrants[s.entrant].user.clone());
                out.push(Reply {
                    body: body!(
                        "Tournament {} is over{}.\n{}",
                        t.name,
                        winner
                            .as_ref()
                            .map(|w| format!(": {} wins", w.name))
                            .unwrap_or_default(),
                        views::standings_text(&t)
                    ),
                    mentions: winner.into_iter().collect(),
                    to: Some(t.home.clone()),
                    ..Reply::default()
                });
            }
            _ => {}
        }
        out
    }

    /// The driver's tournament pass: for every running tournament, results of games
    /// that ended without being recorded (a restart in between), rounds to pair, rooms
    /// and games to open.
    pub(in crate::core) fn tick_tournaments(
        &self,
        owns: &(dyn Fn(&str) -> bool + Sync),
    ) -> Vec<(ChannelKey, Reply)> {
        let mut out = Vec::new();
        let all = match self.store.docs(&DocPrefix::AllTours) {
            Ok(all) => all,
            Err(e) => {
                tracing::error!(error = %e, "store failure reading tournaments");
                return out;
            }
        };
        for (key, bytes) in all {
            if !owns(key.community()) {
                continue;
            }
            let Ok(Some(t)) = serde_json::from_slice::<Option<Tournament>>(&bytes) else {
                continue;
            };
            if t.phase != Phase::Running {
                continue;
            }
            let mut replies = Vec::new();
            if let Some(round) = t.current() {
                for p in round.pairings.iter().filter(|p| p.is_open()) {
                    let (Some(room), Some(id)) = (&p.room, &p.game_id) else {
                        continue;
                    };
                    let live = matches!(self.store.load(room), Ok(Some(st)) if st.record.id == *id);
                    if live {
                        continue;
                    }
                    if let Ok(Some(r)) = self.store.finished(id) {
                        // The rating is applied at most once (its table remembers games).
                        let (_, more) = self.after_finish(&r);
                        replies.extend(more);
                    }
                }
            }
            replies.extend(self.advance(&key));
            replies.extend(self.open_games(&key));
            out.extend(crate::core::correspondence::route(&t.home, replies));
        }
        out
    }
}
