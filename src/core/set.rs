//! The channel's display settings set by organizers: `!set theme`, `!set language`,
//! `!set pictures` and `!set view` (their types are in [`super::show`]), stored with
//! the channel's settings.

use super::show::{BoardView, PictureStyle, Theme};
use super::{text_reply, Answer, Core};
use crate::core::api::Incoming;
use crate::i18n::Lang;

impl Core {
    /// `!set theme light|dark` (organizers).
    pub(super) fn set_theme(&self, msg: &Incoming, theme: Theme) -> Answer {
        self.set_channel(msg, |c| c.theme = theme)?;
        Ok(vec![text_reply(tr!(
            "settings-theme",
            theme = theme.word()
        ))])
    }

    /// `!set language en|fr|es|ru|auto` (organizers): the reply says so in the new
    /// language (`auto`: in the language this message is answered in without a choice).
    pub(super) fn set_language(&self, msg: &Incoming, lang: Option<Lang>) -> Answer {
        self.set_channel(msg, |c| c.language = lang)?;
        // The reply is made in the new language, so that it is also rendered in it
        // (the console's own words, dates).
        let reply = match lang {
            Some(l) => crate::i18n::with_lang(l, || text_reply(tr!("language-set"))),
            None => crate::i18n::with_lang(Lang::choose(None, msg.locale.as_deref()), || {
                text_reply(tr!("language-auto"))
            }),
        };
        Ok(vec![reply])
    }

    /// `!set pictures frames|sheet|final|gif` (organizers).
    pub(super) fn set_pictures(&self, msg: &Incoming, style: PictureStyle) -> Answer {
        self.set_channel(msg, |c| c.pictures = style)?;
        Ok(vec![text_reply(match style {
            PictureStyle::Frames => tr!("settings-pictures-frames"),
            PictureStyle::Sheet => tr!("settings-pictures-sheet"),
            PictureStyle::Final => tr!("settings-pictures-final"),
            PictureStyle::Gif => tr!("settings-pictures-gif"),
        })])
    }

    /// `!set view mover|south|north` (organizers).
    pub(super) fn set_view(&self, msg: &Incoming, view: BoardView) -> Answer {
        self.set_channel(msg, |c| c.view = view)?;
        Ok(vec![text_reply(match view {
            BoardView::Mover => tr!("settings-view-mover"),
            BoardView::South => tr!("settings-view-south"),
            BoardView::North => tr!("settings-view-north"),
        })])
    }
}
