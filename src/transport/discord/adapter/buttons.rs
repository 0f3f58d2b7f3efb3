//! Buttons: the custom id of a reply's button (`mb|ID|ONLY|COMMAND`) and what a press
//! of one means.

use super::{CUSTOM_ID_TAG, MAX_CUSTOM_ID};
use crate::core::api::Button;

/// The custom id of a button: `mb|ID|ONLY|COMMAND` (ONLY empty when anyone may press), so
/// that a press is understood without any state, even after a restart. `None` when it
/// would exceed Discord's 100 characters or the id holds a `|`.
pub fn button_custom_id(button: &Button) -> Option<String> {
    if button.id.contains('|') {
        return None;
    }
    let only = button.only.as_ref().map_or("", |u| u.id.as_str());
    if only.contains('|') {
        return None;
    }
    let id = format!("{CUSTOM_ID_TAG}|{}|{only}|{}", button.id, button.command);
    (id.chars().count() <= MAX_CUSTOM_ID).then_some(id)
}

/// What a button press means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Press {
    /// Not one of this bot's buttons: ignore it.
    NotOurs,
    /// Someone other than the button's only allowed user pressed it: answer the text to
    /// the presser alone (ephemeral); the core is not called.
    Refused(String),
    /// A valid press: the text command to hand to the core, from the presser.
    Command(String),
}

/// Decides what a press of the button with `custom_id` by `presser` (a Discord user id)
/// means.
pub fn press(custom_id: &str, presser: &str) -> Press {
    let mut parts = custom_id.splitn(4, '|');
    let (Some(CUSTOM_ID_TAG), Some(_id), Some(only), Some(command)) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Press::NotOurs;
    };
    if !only.is_empty() && only != presser {
        let who = if only.bytes().all(|b| b.is_ascii_digit()) {
            format!("<@{only}>")
        } else {
            only.to_string()
        };
        return Press::Refused(format!("Only {who} can press this button."));
    }
    Press::Command(command.to_string())
}
