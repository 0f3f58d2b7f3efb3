//! `!tournament ...`: pure decisions over the tournaments of the community read in the
//! command's one batch ([`ChannelState::tournaments`]); each writes its tournament
//! (`tour/COMMUNITY/NAME`, see [`Tournament`]) in the dispatcher's one compare-and-swap.
//! What follows in other channels (games opened, forfeited or aborted, the next round)
//! runs after the write as commands of their own ([`FollowUp`], see `rounds`).

use mancala_rules::Side;

use crate::core::command::{FormatArg, NewOptions, TourneyCommand};
use crate::core::decision::{
    refuse, ChannelState, Ctx, Decision, DocWrite, Draft, FollowUp, Picture, Refusal,
};
use crate::core::ratings::{self, FAMILIES};
use crate::core::text;
use crate::core::tournament::{decide, info, views, Phase, Res, Tournament};
use crate::core::{refuse as fail, Core, Fail};
use crate::model::{ChannelKey, GameKind, User};
use crate::store::keys::DocKey;
use crate::store::{docs, GameResult};

/// The tournament result of a game result (`None`: no result, as an aborted game).
pub(in crate::core) fn res_of(r: GameResult) -> Option<Res> {
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
pub(super) struct Found {
    /// The tournament.
    pub t: Tournament,
    /// Its stored bytes (`None`: absent).
    pub version: Option<Vec<u8>>,
}

/// Refuses unless the author is an organizer; `act` is what he wanted to do.
fn organizers_only(ctx: &Ctx<'_>, act: OrganizerAct) -> Result<(), Refusal> {
    if ctx.organizer {
        return Ok(());
    }
    let organizers = text::organizers();
    refuse(match act {
        OrganizerAct::Create => tr!("tournament-organizers-create", organizers = organizers),
        OrganizerAct::Start => tr!("tournament-organizers-start", organizers = organizers),
        OrganizerAct::Cancel => tr!("tournament-organizers-cancel", organizers = organizers),
    })
}

/// Every tournament read with the command, decoded (an unreadable one is logged and
/// left out).
pub(super) fn tournaments(state: &ChannelState) -> Vec<Found> {
    let mut out = Vec::new();
    for (k, v) in &state.tournaments {
        match serde_json::from_slice::<Option<Tournament>>(v) {
            Ok(Some(t)) => out.push(Found {
                t,
                version: Some(v.clone()),
            }),
            Ok(None) => {}
            Err(e) => tracing::error!(key = %k, error = %e, "unreadable tournament"),
        }
    }
    out
}

/// The tournament a command means: by name, else the only one of the community that
/// is in one of `phases` (the one of this channel first). `usage` is the command
/// without its name (`join`, `withdraw @bob`), for the refusal that asks to name one
/// when several fit. When none fits but one is in another phase, the refusal says
/// where that one stands ([`views::phase_refusal`]).
pub(super) fn find(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    name: Option<&str>,
    phases: &[Phase],
    usage: &str,
) -> Result<Found, Refusal> {
    let p = ctx.p();
    let all = tournaments(state);
    if let Some(name) = name {
        let key = Tournament::key_of(&state.tournament_community, name);
        return match all.into_iter().find(|f| f.t.key() == key) {
            Some(found) => Ok(found),
            None => refuse(tr!("tournament-unknown", name = name, p = p)),
        };
    }
    let is_here = |t: &Tournament| {
        t.home == *ctx.at
            || t.rounds
                .iter()
                .flat_map(|r| &r.pairings)
                .any(|pp| pp.room.as_ref() == Some(ctx.at))
    };
    let fits: Vec<&Found> = all.iter().filter(|f| phases.contains(&f.t.phase)).collect();
    let here: Vec<&Found> = fits.iter().copied().filter(|f| is_here(&f.t)).collect();
    match (here.as_slice(), fits.as_slice()) {
        ([f], _) | ([], [f]) => Ok(Found {
            t: f.t.clone(),
            version: f.version.clone(),
        }),
        (_, []) => refuse(none_fits(&all, &is_here, p)),
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

/// The refusal when no tournament fits: where the one there is stands (this
/// channel's first), or that none is live.
fn none_fits(all: &[Found], is_here: &dyn Fn(&Tournament) -> bool, p: &str) -> String {
    let live: Vec<&Tournament> = all
        .iter()
        .map(|f| &f.t)
        .filter(|t| matches!(t.phase, Phase::Registration | Phase::Running))
        .collect();
    let mine: Vec<&Tournament> = live.iter().copied().filter(|t| is_here(t)).collect();
    match (mine.as_slice(), live.as_slice(), all) {
        ([t], _, _) | ([], [t], _) => views::phase_refusal(t, p),
        ([], [], [f]) => views::phase_refusal(&f.t, p),
        (_, [], _) => tr!("tournament-none-live", p = p),
        _ => tr!(
            "tournament-wrong-stage",
            list = live
                .iter()
                .map(|t| format!("{} {}", t.name, views::phase_word(t)))
                .collect::<Vec<_>>()
                .join(", "),
            p = p
        ),
    }
}

/// The running tournament one of whose games is played (or was, this round or
/// earlier) in the channel `at`, among those read with the command (`state`); also
/// the tournament of the game `state` holds there.
pub(in crate::core) fn room_tournament(
    state: &ChannelState,
    at: &ChannelKey,
) -> Option<Tournament> {
    let linked = state.record().and_then(|r| r.tournament.as_ref());
    tournaments(state).into_iter().map(|f| f.t).find(|t| {
        t.phase == Phase::Running
            && (linked.is_some_and(|l| l.key == t.key())
                || t.rounds
                    .iter()
                    .flat_map(|r| &r.pairings)
                    .any(|p| p.room.as_ref() == Some(at)))
    })
}

/// The write of `t`, read as `version`.
pub(super) fn save(t: &Tournament, version: Option<Vec<u8>>) -> DocWrite {
    DocWrite::of(t.key(), version, &Some(t))
}

/// Decides the tournament subcommand `cmd` over `state`.
///
/// # Errors
/// The refusal of the subcommand (not an organizer, no such tournament, the wrong
/// phase ...); nothing is written then.
pub(in crate::core) fn decide(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    cmd: &TourneyCommand,
) -> Result<Decision, Refusal> {
    match cmd {
        TourneyCommand::List => {
            let all: Vec<Tournament> = tournaments(state).into_iter().map(|f| f.t).collect();
            let text = views::list_text(&all, ctx.p());
            Ok(Decision::look(vec![Draft::text(text)]))
        }
        TourneyCommand::New {
            name,
            kind,
            format,
            move_time,
            options,
        } => new(state, ctx, name, *kind, (*format, *options, *move_time)),
        TourneyCommand::Join(name) => join(state, ctx, name.as_deref()),
        TourneyCommand::Leave(name) => leave(state, ctx, name.as_deref()),
        TourneyCommand::Start(name) => start(state, ctx, name.as_deref()),
        TourneyCommand::Pairings(name) => pairings(state, ctx, name.as_deref()),
        TourneyCommand::Standings(name) => standings(state, ctx, name.as_deref()),
        TourneyCommand::Withdraw(user, name) => withdraw(state, ctx, user, name.as_deref()),
        TourneyCommand::Cancel(name) => cancel(state, ctx, name.as_deref()),
        TourneyCommand::Info(name) => info(state, ctx, name.as_deref()),
        // The organizer tools: `org_commands` (see `super::decide`).
        _ => Ok(Decision::default()),
    }
}

/// `!tournament new NAME GAME FORMAT [TIME]` (organizers): the new tournament, its id
/// made from the time and its key (no two are created under one key in one
/// millisecond: the write compares the key).
fn new(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    name: &str,
    kind: GameKind,
    (format, options, move_time): (FormatArg, NewOptions, Option<Option<u64>>),
) -> Result<Decision, Refusal> {
    organizers_only(ctx, OrganizerAct::Create)?;
    if let Some(why) = ctx.rooms_refused {
        return refuse(why.to_string());
    }
    let key = Tournament::key_of(&ctx.at.community, name);
    let old = tournaments(state).into_iter().find(|f| f.t.key() == key);
    decide::name_is_free(old.as_ref().map(|f| &f.t))?;
    let move_time_ms = crate::core::deadlines::move_time_ms(ctx.settings, move_time);
    let id = tournament_id(&key, ctx.now);
    let t = decide::created(
        id,
        name,
        kind,
        (format, options),
        move_time_ms,
        (ctx.at, ctx.author),
        ctx.now,
    );
    let mut text = tr!(
        "tournament-created",
        name = name,
        kind = text::kind_name(kind),
        format = views::format_text(&t),
        time = views::time_text(move_time_ms),
        p = ctx.p()
    );
    // The rule players must know before they join (a knockout's tie-break).
    if let Some(rule) = info::format_rule(&t) {
        text.push('\n');
        text.push_str(&rule);
    }
    // Its page, where the community's pages are on.
    if let Some(link) = ctx.settings.tour_link(&state.site.value, &t) {
        text.push('\n');
        text.push_str(&link);
    }
    // A tournament removed since (none is today) reads as absent: the write expects
    // what was read under the key.
    let version = old.and_then(|f| f.version);
    Ok(Decision::docs(
        vec![save(&t, version)],
        vec![Draft::text(text)],
    ))
}

/// A tournament's id: `t`, the time in milliseconds, and a hash of its key, so that
/// its games' ids (`ID-rR-bB`) are unique in the store without asking it for one.
fn tournament_id(key: &DocKey, now: u64) -> String {
    // FNV-1a, 64 bits: stable across builds, unlike the standard library's hasher.
    let hash = key
        .to_string()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    format!("t{now}-{hash:016x}")
}

/// `!tournament join [NAME]`.
fn join(state: &ChannelState, ctx: &Ctx<'_>, name: Option<&str>) -> Result<Decision, Refusal> {
    let Found { mut t, version } = find(state, ctx, name, &[Phase::Registration], "join")?;
    let n = decide::join(&mut t, ctx.author)?;
    super::organize::joined(&mut t, ctx.author, ctx.now);
    let text = tr!(
        "tournament-joins",
        player = &ctx.author.name,
        name = &t.name,
        players = views::players_text(n)
    );
    Ok(Decision::docs(
        vec![save(&t, version)],
        vec![Draft::text(text)],
    ))
}

/// `!tournament leave [NAME]`.
fn leave(state: &ChannelState, ctx: &Ctx<'_>, name: Option<&str>) -> Result<Decision, Refusal> {
    let Found { mut t, version } = find(state, ctx, name, &[Phase::Registration], "leave")?;
    decide::leave(&mut t, ctx.author, ctx.p())?;
    let text = tr!(
        "tournament-leaves",
        player = &ctx.author.name,
        name = &t.name
    );
    Ok(Decision::docs(
        vec![save(&t, version)],
        vec![Draft::text(text)],
    ))
}

/// `!tournament start [NAME]` (organizers): seeded by rating (the community's table,
/// read with the command), the first round paired; its games are opened after the
/// write, and the announcement made then (it names their rooms).
fn start(state: &ChannelState, ctx: &Ctx<'_>, name: Option<&str>) -> Result<Decision, Refusal> {
    organizers_only(ctx, OrganizerAct::Start)?;
    let Found { mut t, version } = find(state, ctx, name, &[Phase::Registration], "start")?;
    let fam = ratings::family(t.kind);
    let i = FAMILIES.iter().position(|f| *f == fam).unwrap_or(0);
    // Check-in: who did not check in is out before the seeding (announced first).
    let gone = super::organize::remove_no_shows(&mut t, ctx.author, ctx.now);
    decide::start(&mut t, &state.ratings[i], ctx.now)?;
    t.log_act(ctx.author, ctx.now, super::Act::Started);
    let replies = match gone.len() {
        0 => Vec::new(),
        n => vec![Draft::text(tr!(
            "tournament-no-shows",
            name = &t.name,
            count = n,
            players = gone.join(", ")
        ))],
    };
    let mut decision = Decision::docs(vec![save(&t, version)], replies);
    decision.follow.push(FollowUp::Started(t.key()));
    Ok(decision)
}

/// `!tournament pairings [NAME]`.
fn pairings(state: &ChannelState, ctx: &Ctx<'_>, name: Option<&str>) -> Result<Decision, Refusal> {
    let phases = [Phase::Running, Phase::Finished];
    let Found { t, .. } = find(state, ctx, name, &phases, "pairings")?;
    if t.rounds.is_empty() {
        return refuse(views::phase_refusal(&t, ctx.p()));
    }
    Ok(Decision::look(vec![Draft::text(views::pairings_text(&t))]))
}

/// `!tournament standings [NAME]`: the text, the standings and the crosstable drawn.
fn standings(state: &ChannelState, ctx: &Ctx<'_>, name: Option<&str>) -> Result<Decision, Refusal> {
    let phases = [Phase::Running, Phase::Finished, Phase::Registration];
    let Found { t, .. } = find(state, ctx, name, &phases, "standings")?;
    let pictures = views::standings_tables(&t)
        .into_iter()
        .enumerate()
        .map(|(i, table)| Picture::Table {
            table,
            name: ["standings.png", "crosstable.png"][i.min(1)],
        })
        .collect();
    let text = views::standings_text(&t);
    Ok(Decision::look(vec![Draft::new(text, pictures, Vec::new())]))
}

/// `!tournament info [NAME]`: how it is played (format, time, tie-breaks, rules) and
/// where it stands; any phase.
fn info(state: &ChannelState, ctx: &Ctx<'_>, name: Option<&str>) -> Result<Decision, Refusal> {
    let phases = [Phase::Registration, Phase::Running, Phase::Finished];
    let Found { t, .. } = find(state, ctx, name, &phases, "info")?;
    Ok(Decision::look(vec![Draft::text(info::info_text(
        &t,
        ctx.p(),
    ))]))
}

/// `!tournament withdraw @user [NAME]`: the player leaves (before the start) or is
/// withdrawn (his game in play resigned, his later pairings forfeited, after the
/// write).
fn withdraw(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    user: &User,
    name: Option<&str>,
) -> Result<Decision, Refusal> {
    let phases = [Phase::Registration, Phase::Running];
    let usage = format!("withdraw @{}", user.name);
    let Found { mut t, version } = find(state, ctx, name, &phases, &usage)?;
    if !ctx.organizer && user.id != ctx.author.id {
        return refuse(tr!("tournament-withdraw-others"));
    }
    let game = decide::withdraw(&mut t, user)?;
    let text = match game {
        Some(_) => tr!(
            "tournament-withdrawn-resigned",
            player = &user.name,
            name = &t.name
        ),
        None => tr!("tournament-withdrawn", player = &user.name, name = &t.name),
    };
    let mut decision = Decision::docs(vec![save(&t, version)], vec![Draft::text(text)]);
    decision.follow.push(FollowUp::Withdrawn {
        key: t.key(),
        game,
        user: user.clone(),
    });
    Ok(decision)
}

/// `!tournament cancel [NAME]` (organizers): cancelled; its games in play are aborted
/// after the write, and the reply counts them.
fn cancel(state: &ChannelState, ctx: &Ctx<'_>, name: Option<&str>) -> Result<Decision, Refusal> {
    organizers_only(ctx, OrganizerAct::Cancel)?;
    let phases = [Phase::Registration, Phase::Running];
    let Found { mut t, version } = find(state, ctx, name, &phases, "cancel")?;
    decide::cancel(&mut t)?;
    t.log_act(ctx.author, ctx.now, super::Act::Cancelled);
    // A pause ends with the tournament (its games are aborted).
    t.paused = None;
    let games = t
        .rounds
        .iter()
        .flat_map(|r| &r.pairings)
        .filter_map(|p| match (p.is_open(), &p.room, &p.game_id) {
            (true, Some(room), Some(id)) => Some((room.clone(), id.clone())),
            _ => None,
        })
        .collect();
    let mut decision = Decision::docs(vec![save(&t, version)], Vec::new());
    decision.follow.push(FollowUp::Cancelled {
        name: t.name.clone(),
        games,
    });
    Ok(decision)
}

impl Core {
    /// Changes the stored tournament `key` with `f` (compare-and-swap, retried).
    pub(super) fn update_tournament<R>(
        &self,
        key: &DocKey,
        mut f: impl FnMut(&mut Tournament) -> Result<R, Fail>,
    ) -> Result<R, Fail> {
        docs::update(&*self.store, key, |t: &mut Option<Tournament>| match t {
            Some(t) => f(t),
            None => fail(tr!("tournament-gone")),
        })
    }
}
