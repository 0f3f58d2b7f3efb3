//! `!set SETTING VALUE` (organizers), `!mute` / `!unmute` and `!notify`: pure decisions that write
//! the channel's settings or the author's preferences ([`super::prefs`]) in the
//! dispatcher's one compare-and-swap, with the reply in the language the channel is
//! answered in (the new one for `!set language`).

use super::decision::{refuse, ChannelState, Ctx, Decision, DocWrite, Draft, Refusal};
use super::show::{BoardView, PictureStyle, Theme};
use super::{text, ChannelSettings, Notify, WebMode};
use crate::i18n::Lang;
use crate::store::keys::DocKey;

/// A change of one channel setting (`!set`).
#[derive(Clone, Copy, Debug)]
pub(super) enum Setting {
    /// `!set autoforfeit on|off`.
    AutoForfeit(bool),
    /// `!set hints on|off`.
    Hints(bool),
    /// `!set pictures frames|sheet|final|gif`.
    Pictures(PictureStyle),
    /// `!set view mover|south|north`.
    View(BoardView),
    /// `!set theme light|dark`.
    Theme(Theme),
    /// `!set language en|fr|es|ru|auto` (`None`: auto).
    Language(Option<Lang>),
    /// `!set threads on|off`.
    Threads(bool),
    /// `!set web on|off|index|noindex`: the community's web pages (a community
    /// setting, document `site/COMMUNITY`, not the channel's).
    Web(WebMode),
}

impl Setting {
    /// Writes the setting into `c`.
    fn apply(self, c: &mut ChannelSettings) {
        match self {
            Setting::AutoForfeit(on) => c.autoforfeit = on,
            Setting::Hints(on) => c.hints = on,
            Setting::Pictures(style) => c.pictures = style,
            Setting::View(view) => c.view = view,
            Setting::Theme(theme) => c.theme = theme,
            Setting::Language(lang) => c.language = lang,
            Setting::Threads(on) => c.threads = on,
            // A community setting: written by `set` into its own document.
            Setting::Web(_) => {}
        }
    }

    /// The reply that confirms the setting, in the language of the answer (the new
    /// one for `!set language`; `auto`: the one chosen without a setting, from the
    /// platform's `locale`).
    fn reply(self, ctx: &Ctx<'_>) -> Draft {
        let p = ctx.p();
        // A reply carries the language it was made in (the console speaks it too).
        let text = match self {
            Setting::AutoForfeit(true) => tr!("clock-autoforfeit-on"),
            Setting::AutoForfeit(false) => tr!("clock-autoforfeit-off", p = p),
            Setting::Hints(true) => tr!("hint-set-on", p = p),
            Setting::Hints(false) => tr!("hint-set-off"),
            Setting::Pictures(PictureStyle::Frames) => tr!("settings-pictures-frames"),
            Setting::Pictures(PictureStyle::Sheet) => tr!("settings-pictures-sheet"),
            Setting::Pictures(PictureStyle::Final) => tr!("settings-pictures-final"),
            Setting::Pictures(PictureStyle::Gif) => tr!("settings-pictures-gif"),
            Setting::View(BoardView::Mover) => tr!("settings-view-mover"),
            Setting::View(BoardView::South) => tr!("settings-view-south"),
            Setting::View(BoardView::North) => tr!("settings-view-north"),
            Setting::Theme(theme) => tr!("settings-theme", theme = theme.word()),
            Setting::Threads(true) => tr!("settings-threads-on", p = p),
            Setting::Threads(false) => tr!("settings-threads-off"),
            Setting::Web(WebMode::On) => tr!("settings-web-on", p = p),
            Setting::Web(WebMode::Off) => tr!("settings-web-off"),
            Setting::Web(WebMode::Index) => tr!("settings-web-index", p = p),
            Setting::Web(WebMode::NoIndex) => tr!("settings-web-noindex"),
            Setting::Language(Some(l)) => {
                return crate::i18n::with_lang(l, || Draft::text(tr!("language-set")));
            }
            Setting::Language(None) => {
                let lang = Lang::choose(None, ctx.locale);
                return crate::i18n::with_lang(lang, || Draft::text(tr!("language-auto")));
            }
        };
        Draft::text(text)
    }
}

/// `!set`: the channel's settings changed by `setting`, if the author is an organizer.
///
/// # Errors
/// A refusal naming who may change settings, for anyone else.
pub(super) fn set(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    setting: Setting,
) -> Result<Decision, Refusal> {
    if !ctx.organizer {
        return refuse(tr!(
            "game-settings-organizers-only",
            who = text::organizers()
        ));
    }
    if let Some(why) = tournament_refusal(state, ctx, setting) {
        return refuse(why);
    }
    let write = match setting {
        Setting::Web(mode) => {
            let next = mode.applied(state.site.value.clone());
            let key = DocKey::site(&ctx.at.community);
            DocWrite::of(key, state.site.version.clone(), &next)
        }
        _ => {
            let mut next = state.channel.clone();
            setting.apply(&mut next);
            let key = DocKey::chan(ctx.at);
            DocWrite::of(key, state.channel_version.clone(), &next)
        }
    };
    Ok(Decision::docs(vec![write], vec![setting.reply(ctx)]))
}

/// Why `setting` cannot be changed here, if this channel is a room of a running
/// tournament and the tournament's rules decide it: forfeits (a passed deadline
/// always loses a tournament game, at the tournament's time per move) and hints (never
/// in tournament games). The other settings only change how the room looks and
/// speaks, or where new challenges made there are played, and are honoured.
fn tournament_refusal(state: &ChannelState, ctx: &Ctx<'_>, setting: Setting) -> Option<String> {
    if !matches!(setting, Setting::AutoForfeit(_) | Setting::Hints(_)) {
        return None;
    }
    let t = super::tournament::commands::room_tournament(state, ctx.at)?;
    Some(match setting {
        Setting::AutoForfeit(_) => tr!(
            "settings-tournament-clock",
            name = &t.name,
            time = super::tournament::time_words(t.move_time_ms),
            p = ctx.p()
        ),
        _ => tr!("settings-tournament-hints", name = &t.name, p = ctx.p()),
    })
}

/// `!mute` / `!unmute`: the author's reminders in this community off or on.
pub(super) fn mute(state: &ChannelState, ctx: &Ctx<'_>, muted: bool) -> Decision {
    let mut next = state.author.value.clone();
    next.muted = muted;
    let key = DocKey::player(&ctx.at.community, ctx.author);
    let write = DocWrite::of(key, state.author.version.clone(), &next);
    let name = &ctx.author.name;
    let text = match muted {
        true => tr!("clock-muted", player = name, p = ctx.p()),
        false => tr!("clock-unmuted", player = name),
    };
    Decision::docs(vec![write], vec![Draft::text(text)])
}

/// `!notify [MODE]`: how the author is told that it is his turn in this community;
/// without a mode, the current one and the others.
pub(super) fn notify(state: &ChannelState, ctx: &Ctx<'_>, mode: Option<Notify>) -> Decision {
    let name = &ctx.author.name;
    let Some(mode) = mode else {
        let now = state.author.value.notify.word();
        let text = tr!("notify-shown", player = name, mode = now, p = ctx.p());
        return Decision::look(vec![Draft::text(text)]);
    };
    let mut next = state.author.value.clone();
    next.notify = mode;
    // The first digest at the driver's next look; none pending for the other modes.
    next.digest_ms = None;
    let key = DocKey::player(&ctx.at.community, ctx.author);
    let write = DocWrite::of(key, state.author.version.clone(), &next);
    let text = match mode {
        Notify::Dm => tr!("notify-set-dm", player = name),
        Notify::Mention => tr!("notify-set-mention", player = name),
        Notify::Off => tr!("notify-set-off", player = name),
        Notify::Digest => tr!("notify-set-digest", player = name),
    };
    Decision::docs(vec![write], vec![Draft::text(text)])
}
