//! The games of a tournament: each pairing's room opened and its game created, results
//! fed back when a game ends, the next round paired when a round is complete, and the
//! periodic driver (`driver`) redoing whatever a restart interrupted. Every step is
//! written to the store before the next one.

use mancala_rules::Side;

use crate::core::api::{Incoming, Reply, RoomSpec};
use crate::core::deadlines::restart_clock;
use crate::core::decision::{DocWrite, Draft, FollowUp};
use crate::core::needs::Needs;
use crate::core::prefs::ChannelSettings;
use crate::core::tournament::{
    decide, info, views, ArenaStep, Format, Pairing, Phase, Res, Tournament,
};
use crate::core::views::{board_picture, deadline_line, still_view, to_move_line};
use crate::core::{players_text, refuse, text, Core, Fail};
use crate::model::{ChannelKey, User};
use crate::store::archive::GameAt;
use crate::store::keys::DocKey;
use crate::store::{docs, GameOp, Op, Play, Record, Status, TourneyLink};

/// A tournament game to create: its round and board, its (South, North) entrants, its
/// time per move in milliseconds and its number on the board.
pub(super) struct NewGame {
    /// The round, from 1.
    round: u32,
    /// The board, from 1.
    board: u32,
    /// South's and North's entrants (a knockout board's later games swap them).
    sides: (usize, usize),
    /// Time per move (`None`: no time limit).
    move_time_ms: Option<u64>,
    /// Its number on the board, from 1 (a knockout's drawn game is followed by more).
    number: u32,
}

impl Core {
    /// Runs what follows a tournament command's write (see [`FollowUp`]): its replies.
    pub(in crate::core) fn follow_up(&self, f: FollowUp) -> Vec<Reply> {
        match f {
            FollowUp::Started(key) => self.started(&key),
            FollowUp::Withdrawn { key, game, user } => {
                let mut out = Vec::new();
                if let Some((room, id)) = game {
                    out.extend(self.forfeit_game(&room, &id, &user));
                }
                out.extend(self.advance(&key));
                out
            }
            FollowUp::GameRoom(room) => self.open_game_room(*room),
            FollowUp::Organize(act) => self.room_act(&act),
            FollowUp::Clocks(key) => self.sync_clocks(&key),
            FollowUp::Cancelled { name, games } => {
                let aborted = games
                    .iter()
                    .filter(|(room, id)| self.abort_game(room, id).is_ok())
                    .count();
                let text = match aborted {
                    0 => tr!("tournament-cancelled", name = &name),
                    n => tr!("tournament-cancelled-aborted", name = &name, count = n),
                };
                vec![crate::core::text_reply(text)]
            }
        }
    }

    /// The tournament `key` just started: its first games opened, then the
    /// announcement (read again: opening the games named their rooms) and the games'.
    fn started(&self, key: &DocKey) -> Vec<Reply> {
        let games = self.open_games(key);
        let Ok(Some(t)) = docs::load::<Option<Tournament>>(&*self.store, key).map(|d| d.value)
        else {
            return games;
        };
        let text = format!("{}\n{}", views::started_text(&t), views::pairings_text(&t));
        let text = self.with_tour_links(&t, text, true);
        let mut out = vec![crate::core::text_reply(text)];
        out.extend(games);
        out
    }

    /// Resigns the tournament game `id` in `room` for `user` (a withdrawal), through
    /// the dispatcher.
    pub(super) fn forfeit_game(&self, room: &ChannelKey, id: &str, user: &User) -> Vec<Reply> {
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
    pub(super) fn abort_game(&self, room: &ChannelKey, id: &str) -> Result<(), Fail> {
        let driver = Incoming {
            at: room.clone(),
            ..Incoming::default()
        };
        self.commit(room, &driver, Needs::default(), &mut |state, ctx| {
            Ok(decide::cancelled_game(state, id, ctx.now))
        })
        .map(|_| ())
    }

    /// Opens the rooms and creates the games of the open pairings that have none yet
    /// (the current round's; an arena's of every round; a knockout board's next game
    /// after a draw); the replies announce each game in its room.
    pub(in crate::core) fn open_games(&self, key: &DocKey) -> Vec<Reply> {
        // One opener at a time; the tournament is read after the wait, so a pairing
        // whose room another opener just saved is not opened again.
        let _opening = self.opening.lock().unwrap_or_else(|e| e.into_inner());
        let mut out = Vec::new();
        let Ok(Some(t)) = docs::load::<Option<Tournament>>(&*self.store, key).map(|d| d.value)
        else {
            return out;
        };
        if t.phase != Phase::Running {
            return out;
        }
        // The rooms are new: their announcements speak the home channel's language.
        let lang = self.channel_lang(&t.home, None);
        // Every round's: only the current one has open boards, but in an arena, where
        // each pairing of free players is a round, several have.
        let open = t.rounds.iter().flat_map(|r| {
            r.pairings
                .iter()
                .filter(|p| p.is_open() && p.game_id.is_none())
                .map(move |p| (r, p))
        });
        for (round, p) in open {
            // The board's next game: a knockout's drawn game is followed by another,
            // sides swapped (`Tournament::record`).
            let n = p.next_game();
            let Some(sides) = p.game_sides(n) else {
                continue;
            };
            let Some(room) = self.pairing_room(&t, round.number, p) else {
                continue;
            };
            let Some(id) = self.drawn_game_id(&t, round.number, p) else {
                continue;
            };
            let game = NewGame {
                round: round.number,
                board: p.board,
                sides,
                move_time_ms: t.game_move_time(n),
                number: n,
            };
            let created = crate::i18n::with_lang(lang, || self.create_game(&t, &game, &room, &id));
            match created {
                Ok(reply) => {
                    let _ = self.set_pairing(key, round.number, p.board, |pp| {
                        pp.game_id = Some(id.clone());
                        pp.next_id = None;
                    });
                    let mut replies: Vec<Reply> = reply.into_iter().collect();
                    // The first mover's turn alert (`!notify`), as after any move.
                    if let Ok(Some(st)) = self.store.load(&room) {
                        let before = crate::core::alerts::Turn::of(None);
                        let nobody = crate::model::User::default();
                        self.alert_turn(&nobody, &before, Some(&st.record), &mut replies);
                    }
                    out.extend(replies);
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
    /// be opened or saved now (a later tick tries again). Without [`Rooms`], the room
    /// is the channel of that name in the home community, or, when someone already
    /// plays or challenges there, the first free one of `tourney-NAME-rR-bB-2`, `-3`,
    /// ...: a game or challenge of others is never replaced.
    ///
    /// [`Rooms`]: crate::core::api::Rooms
    pub(super) fn pairing_room(
        &self,
        t: &Tournament,
        round: u32,
        p: &Pairing,
    ) -> Option<ChannelKey> {
        if let Some(r) = &p.room {
            return Some(r.clone());
        }
        let name = format!("tourney-{}-r{}-b{}", t.name.to_lowercase(), round, p.board);
        let invite = [Some(p.south), p.north]
            .into_iter()
            .flatten()
            .map(|e| t.entrants[e].user.clone())
            .chain([t.organizer.clone()])
            .collect();
        let opened = self.open_room(&t.home, &RoomSpec { name, invite });
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

    /// The channel `name` of `community` if it holds no record, else the first of
    /// `name-2`, `name-3`, ... that holds none (see [`Core::pairing_room`]).
    ///
    /// # Errors
    /// The store failed, or a hundred channels of those names are taken.
    pub(in crate::core) fn free_channel(
        &self,
        community: &str,
        name: &str,
    ) -> Result<ChannelKey, String> {
        for n in 1..=100 {
            let at = ChannelKey {
                community: community.to_string(),
                channel: if n == 1 {
                    name.to_string()
                } else {
                    format!("{name}-{n}")
                },
            };
            match self.store.load(&at) {
                Ok(None) => return Ok(at),
                Ok(Some(_)) => continue,
                Err(e) => return Err(e.to_string()),
            }
        }
        Err(format!("the channels {name} to {name}-100 are all taken"))
    }

    /// Changes the pairing `board` of round `round` of the stored tournament `key` with
    /// `f` (compare-and-swap, retried); nothing when there is no such pairing.
    pub(super) fn set_pairing(
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

    /// Creates the game `id` of `t` described by `game` in `room` (unless it is
    /// already there) and returns its announcement (none when it already existed).
    pub(super) fn create_game(
        &self,
        t: &Tournament,
        game: &NewGame,
        room: &ChannelKey,
        id: &str,
    ) -> Result<Option<Reply>, Fail> {
        let NewGame {
            round,
            board,
            sides: (south, north),
            move_time_ms,
            number: _,
        } = *game;
        let now = self.clock.now_ms();
        let current = self.store.load(room)?;
        if let Some(st) = &current {
            if st.record.id == id {
                return Ok(None);
            }
            // Nor a challenge still open there (an expired one may be replaced).
            let open = st.record.status() == Status::Challenge
                && !crate::core::views::expired(&st.record, now);
            if st.record.status() == Status::Playing || open {
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
            move_time_ms,
            TourneyLink {
                key: t.key(),
                round,
                board,
            },
            now,
        );
        restart_clock(&mut r, now, &self.settings);
        // Opened while its tournament is paused: its clock waits for the resume.
        if t.paused.is_some() {
            crate::core::deadlines::hold(&mut r, now);
        }
        // The game, its players' indexes of games and where its id lives (`!game ID`),
        // in one commit.
        let mut ops = vec![Op::Game {
            at: room.clone(),
            expected: current.as_ref().map(|s| s.version.clone()),
            change: GameOp::Put(r.clone()),
        }];
        let home = GameAt {
            channel: room.channel.clone(),
        };
        let home = DocWrite::of(DocKey::game_at(&room.community, &r.id), None, &home);
        ops.extend(
            self.archive_start(&r, &[])?
                .into_iter()
                .chain(std::iter::once(home))
                .map(DocWrite::into_op),
        );
        if !self.store.commit(&mut ops)? {
            return Err(Fail::Conflict);
        }
        let shown = self.inherit_settings(&t.home, room);
        Ok(self.game_opened(t, game, (room, &shown), &r))
    }

    /// The announcement in `room` of the tournament game `r` of `t` (`game`: round,
    /// board, number): who plays, who is to move, the deadline, which game of a
    /// knockout board it is after a draw, and the board (drawn as the room's settings
    /// `shown` say); `None` without a game.
    fn game_opened(
        &self,
        t: &Tournament,
        game_of: &NewGame,
        (room, shown): (&ChannelKey, &ChannelSettings),
        r: &Record,
    ) -> Option<Reply> {
        let (round, board) = (game_of.round, game_of.board);
        let game = r.play().map(Play::game)?;
        let (line, _) = to_move_line(r, game, self.p());
        let mut text = tr!(
            "tournament-game-opened",
            name = &t.name,
            round = round,
            board = board,
            kind = text::kind_name(t.kind),
            players = players_text(r),
            line = line
        );
        if let Some(d) = deadline_line(r, None) {
            text.push(' ');
            text.push_str(&d);
        }
        // A knockout board's game after a draw says so (the sides are swapped).
        match game_of.number {
            1 => {}
            2 => text.push_str(&format!("\n{}", tr!("tournament-game-second"))),
            n => text.push_str(&format!(
                "\n{}",
                tr!(
                    "tournament-game-decider",
                    n = n - 2,
                    time = views::time_text(game_of.move_time_ms)
                )
            )),
        }
        let players = [r.south().cloned(), r.north().cloned()];
        let mut draft = Draft::new(
            text,
            vec![board_picture(r, game, still_view(r, shown, Side::South))],
            players.into_iter().flatten().collect(),
        );
        draft.reply.to = Some(room.clone());
        Some(self.paint(draft, shown.theme, room))
    }

    /// A game's room looks and speaks like its home channel: the home's settings
    /// (`!set`: language, pictures, view, theme, hints, auto-forfeit) are copied to the
    /// room where the room set none of its own ([`ChannelSettings::inherit`]), once,
    /// when its game opens: a later `!set` in the home leaves open rooms as they are.
    /// The room's settings, as written. Best effort: a store failure leaves the room
    /// as it was (logged).
    pub(in crate::core) fn inherit_settings(
        &self,
        home: &ChannelKey,
        room: &ChannelKey,
    ) -> ChannelSettings {
        let home = docs::load::<ChannelSettings>(&*self.store, &DocKey::chan(home))
            .map(|d| d.value)
            .unwrap_or_default();
        let key = DocKey::chan(room);
        // Nothing to copy (the home set nothing the room lacks): no write.
        if let Ok(own) = docs::load::<ChannelSettings>(&*self.store, &key) {
            let mut shown = own.value.clone();
            shown.inherit(&home);
            if shown == own.value {
                return shown;
            }
        }
        let copied = docs::update(&*self.store, &key, |c: &mut ChannelSettings| {
            c.inherit(&home);
            Ok::<ChannelSettings, Fail>(c.clone())
        });
        match copied {
            Ok(shown) => shown,
            Err(e) => {
                if let Fail::Store(e) = e {
                    tracing::warn!(room = %room.channel, error = %e, "cannot copy the home's settings");
                }
                docs::load::<ChannelSettings>(&*self.store, &key)
                    .map(|d| d.value)
                    .unwrap_or_default()
            }
        }
    }

    /// The announcement, in the home channel of `t` and its language, of the result
    /// `res` recorded for the pairing `link`.
    pub(in crate::core) fn result_reply(
        &self,
        t: &Tournament,
        link: &TourneyLink,
        res: Res,
    ) -> Reply {
        let pairing = t
            .rounds
            .iter()
            .find(|r| r.number == link.round)
            .and_then(|r| r.pairings.iter().find(|p| p.board == link.board));
        let name = |e: usize| t.entrants[e].user.name.clone();
        // The sides of the game just recorded (a knockout's second game swaps them).
        let sides = pairing.and_then(|p| p.game_sides(p.last_game()));
        let score = match res {
            Res::South => "1-0",
            Res::North => "0-1",
            Res::Draw => "½-½",
        };
        let text = crate::i18n::with_lang(self.channel_lang(&t.home, None), || {
            let result = tr!(
                "tournament-result",
                name = &t.name,
                round = link.round,
                board = link.board,
                south = sides.map(|s| name(s.0)).unwrap_or_default(),
                score = score,
                north = sides.map(|s| name(s.1)).unwrap_or_default()
            );
            // What the knockout's tie-break rule did, said with the result.
            match info::tie_text(t, link.round, link.board) {
                Some(tie) => format!("{result}\n{tie}"),
                None => result,
            }
        });
        Reply {
            body: text.into(),
            to: Some(t.home.clone()),
            ..Reply::default()
        }
    }

    /// When the current round is complete: pairs the next one (or ends the tournament),
    /// announces it in the home channel, and opens its games.
    pub(in crate::core) fn advance(&self, key: &DocKey) -> Vec<Reply> {
        let now = self.clock.now_ms();
        let stepped = self.update_tournament(key, |t| {
            // A paused tournament pairs nothing (`!tournament resume` does then).
            if t.paused.is_some() {
                return Ok(None);
            }
            if matches!(t.format, Format::Arena { .. }) {
                // An arena pairs whoever is free, and ends after its window.
                return Ok(match t.arena_step(now) {
                    ArenaStep::Idle => None,
                    ArenaStep::Paired => Some((true, t.clone())),
                    ArenaStep::Over => Some((false, t.clone())),
                });
            }
            if t.phase != Phase::Running || !t.current().is_some_and(|r| r.is_complete()) {
                return Ok(None);
            }
            let more = t.next_round();
            Ok(Some((more, t.clone())))
        });
        match stepped {
            Ok(Some((true, t))) => self.round_begins(key, t),
            Ok(Some((false, t))) => vec![self.tournament_over(&t)],
            _ => Vec::new(),
        }
    }

    /// The next round of the tournament `key` (paired as `t`) begins: its games
    /// opened, announced in the home channel (read again: opening the games named
    /// their rooms), and the round after when this one is complete at once (a round of
    /// forfeits only, everyone withdrawn).
    fn round_begins(&self, key: &DocKey, t: Tournament) -> Vec<Reply> {
        let games = self.open_games(key);
        let t = docs::load::<Option<Tournament>>(&*self.store, key)
            .ok()
            .and_then(|d| d.value)
            .unwrap_or(t);
        let text = crate::i18n::with_lang(self.channel_lang(&t.home, None), || {
            let begins = match t.format {
                Format::Arena { .. } => tr!("tournament-arena-paired", name = &t.name),
                _ => tr!(
                    "tournament-round-begins",
                    round = t.rounds.len(),
                    name = &t.name
                ),
            };
            let text = format!("{begins}\n{}", views::pairings_text(&t));
            self.with_tour_links(&t, text, true)
        });
        let mut out = vec![Reply {
            body: text.into(),
            to: Some(t.home.clone()),
            ..Reply::default()
        }];
        out.extend(games);
        if t.current().is_some_and(|r| r.is_complete()) {
            out.extend(self.advance(key));
        }
        out
    }

    /// The announcement, in its home channel, that `t` is over, with its winner and
    /// standings.
    fn tournament_over(&self, t: &Tournament) -> Reply {
        // Everyone ranked first: one winner, or several sharing first place (equal on
        // points and every tie-break; none is named the winner over the others).
        let top: Vec<crate::model::User> = t
            .standings()
            .iter()
            .take_while(|s| s.rank == 1 && !t.entrants[s.entrant].withdrawn)
            .map(|s| t.entrants[s.entrant].user.clone())
            .collect();
        let text = crate::i18n::with_lang(self.channel_lang(&t.home, None), || {
            let over = match top.as_slice() {
                [w] => tr!(
                    "tournament-over-winner",
                    name = &t.name,
                    winner = views::winner_text(t, w)
                ),
                [] => tr!("tournament-over", name = &t.name),
                several => tr!(
                    "tournament-over-shared",
                    name = &t.name,
                    count = several.len(),
                    players = several
                        .iter()
                        .map(|u| u.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            let text = format!("{over}\n{}", views::standings_text(t));
            self.with_tour_links(t, text, false)
        });
        Reply {
            body: text.into(),
            mentions: top,
            to: Some(t.home.clone()),
            ..Reply::default()
        }
    }
}
