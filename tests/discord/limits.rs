//! Discord's documented limits, as the strict fake Discord enforces them (issue 12), and
//! the errors Discord answers with. One checker serves the fake's REST routes
//! (`e2e.rs`) and the tests that feed the real adapter with real renderer output
//! (`strict.rs`), so a limit the adapter stops respecting fails both.
//!
//! Sources: discord.com/developers/docs, "Create Message" (content 2,000 characters,
//! 10 files, attachment description 1,024), "Uploading Files" (10 MiB per request
//! without boosts), "Message Components" (5 action rows of 5 buttons, label 80,
//! custom_id 100), "Start Thread" (name 1-100), "Application Commands" (name 1-32
//! matching `^[-_\p{L}\p{N}]{1,32}$` in lower case, description 1-100, the same for
//! each of their `name_localizations` / `description_localizations`, whose keys are
//! Discord's locales, 25 options, 25 choices of names 1-100), "Interactions"
//! (initial response within 3 s, token valid 15 minutes), "Rate Limits" (429 with
//! `retry_after`; 5 messages per 5 s per channel as observed for bots).

use serde_json::{json, Value};

/// Most characters in a message's content.
pub const CONTENT: usize = 2000;
/// Most files in one message.
pub const FILES: usize = 10;
/// Most bytes of all files of one message (10 MiB).
pub const UPLOAD_BYTES: usize = 10 << 20;
/// Most characters in an attachment's description (alt text).
pub const DESCRIPTION: usize = 1024;
/// Most action rows in a message, and buttons in a row.
pub const ROWS: usize = 5;
/// See [`ROWS`].
pub const BUTTONS_PER_ROW: usize = 5;
/// Most characters of a button label.
pub const LABEL: usize = 80;
/// Most characters of a component's custom id.
pub const CUSTOM_ID: usize = 100;
/// Most characters of a link button's URL ("Message Components": Button, `url`).
pub const BUTTON_URL: usize = 512;
/// The style of a link button: it has a `url` and no `custom_id`; every other style
/// has a `custom_id` and no `url`.
pub const LINK_STYLE: u64 = 5;
/// Characters of a thread or channel name.
pub const CHANNEL_NAME: std::ops::RangeInclusive<usize> = 1..=100;
/// Characters of a command or option name.
pub const COMMAND_NAME: std::ops::RangeInclusive<usize> = 1..=32;
/// Characters of a command or option description.
pub const COMMAND_DESCRIPTION: std::ops::RangeInclusive<usize> = 1..=100;
/// Most options of a command, choices of an option, and autocomplete answers.
pub const OPTIONS: usize = 25;
/// Characters of a choice's name.
pub const CHOICE_NAME: std::ops::RangeInclusive<usize> = 1..=100;
/// Discord's locales ("Reference", Locales): the keys of a localizations map.
pub const LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];
/// Messages per channel per window, and the window in milliseconds.
pub const CHANNEL_RATE: (usize, u64) = (5, 5000);
/// Milliseconds to answer an interaction, and to follow it up.
pub const INTERACTION_MS: (u64, u64) = (3000, 15 * 60 * 1000);

/// One broken limit: the field path (Discord's `errors` keys, dotted) and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// E.g. `content`, `attachments.3.description`, `components.0.components.5`.
    pub path: String,
    /// Discord's error code for the field, e.g. `BASE_TYPE_MAX_LENGTH`.
    pub code: &'static str,
    /// What Discord says.
    pub message: String,
}

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

fn too_long(path: String, max: usize) -> Violation {
    Violation {
        path,
        code: "BASE_TYPE_MAX_LENGTH",
        message: format!("Must be {max} or fewer in length."),
    }
}

fn bad_length(path: String, range: &std::ops::RangeInclusive<usize>) -> Violation {
    Violation {
        path,
        code: "BASE_TYPE_BAD_LENGTH",
        message: format!(
            "Must be between {} and {} in length.",
            range.start(),
            range.end()
        ),
    }
}

/// The violations of a message payload (create message, interaction response data,
/// webhook followup) whose files have `file_sizes` bytes.
pub fn check_message(payload: &Value, file_sizes: &[usize]) -> Vec<Violation> {
    let mut out = Vec::new();
    if chars(&payload["content"]) > CONTENT {
        out.push(too_long("content".into(), CONTENT));
    }
    let attachments = payload["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if file_sizes.len() > FILES || attachments.len() > FILES {
        out.push(Violation {
            path: "files".into(),
            code: "BASE_TYPE_MAX_LENGTH",
            message: format!("Must be {FILES} or fewer in length."),
        });
    }
    if file_sizes.iter().sum::<usize>() > UPLOAD_BYTES {
        out.push(Violation {
            path: "files".into(),
            code: "ENTITY_TOO_LARGE",
            message: "Request entity too large".into(),
        });
    }
    for (i, a) in attachments.iter().enumerate() {
        if chars(&a["description"]) > DESCRIPTION {
            out.push(too_long(
                format!("attachments.{i}.description"),
                DESCRIPTION,
            ));
        }
    }
    out.extend(check_components(&payload["components"]));
    out
}

/// The violations of a message's action rows.
fn check_components(components: &Value) -> Vec<Violation> {
    let mut out = Vec::new();
    let rows = components.as_array().cloned().unwrap_or_default();
    if rows.len() > ROWS {
        out.push(too_long("components".into(), ROWS));
    }
    for (r, row) in rows.iter().enumerate() {
        let buttons = row["components"].as_array().cloned().unwrap_or_default();
        if buttons.is_empty() || buttons.len() > BUTTONS_PER_ROW {
            out.push(bad_length(
                format!("components.{r}.components"),
                &(1..=BUTTONS_PER_ROW),
            ));
        }
        for (b, button) in buttons.iter().enumerate() {
            let at = format!("components.{r}.components.{b}");
            if chars(&button["label"]) > LABEL {
                out.push(too_long(format!("{at}.label"), LABEL));
            }
            if button["style"].as_u64() == Some(LINK_STYLE) {
                let url = button["url"].as_str().unwrap_or("");
                let scheme = url.starts_with("https://") || url.starts_with("http://");
                if !scheme || chars(&button["url"]) > BUTTON_URL {
                    out.push(bad_length(format!("{at}.url"), &(1..=BUTTON_URL)));
                }
                if !button["custom_id"].is_null() {
                    out.push(bad_length(format!("{at}.custom_id"), &(0..=0)));
                }
                continue;
            }
            let id = chars(&button["custom_id"]);
            if !(1..=CUSTOM_ID).contains(&id) {
                out.push(bad_length(format!("{at}.custom_id"), &(1..=CUSTOM_ID)));
            }
            if !button["url"].is_null() {
                out.push(bad_length(format!("{at}.url"), &(0..=0)));
            }
        }
    }
    out
}

/// The violations of a thread or channel creation payload.
pub fn check_channel(payload: &Value) -> Vec<Violation> {
    let n = chars(&payload["name"]);
    if CHANNEL_NAME.contains(&n) {
        Vec::new()
    } else {
        vec![bad_length("name".into(), &CHANNEL_NAME)]
    }
}

/// The violations of a bulk overwrite of application commands (a JSON array).
pub fn check_commands(commands: &Value) -> Vec<Violation> {
    let mut out = Vec::new();
    for (i, c) in commands
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        check_named(&format!("{i}"), c, &mut out);
    }
    out
}

/// Whether `name` is a valid command or option name: 1 to 32 letters, digits, `-` or
/// `_`, in lower case where the letter has one (`^[-_\p{L}\p{N}]{1,32}$`).
fn valid_name(name: &str) -> bool {
    COMMAND_NAME.contains(&name.chars().count())
        && name.chars().all(|ch| {
            ch == '-'
                || ch == '_'
                || ch.is_numeric()
                || (ch.is_alphabetic() && ch.to_lowercase().eq(std::iter::once(ch)))
        })
}

fn invalid_name(path: String) -> Violation {
    Violation {
        path,
        code: "APPLICATION_COMMAND_INVALID_NAME",
        message: "Command name is invalid".into(),
    }
}

/// The violations of a localizations map at `at` (`name_localizations`,
/// `description_localizations`): each key a Discord locale, each value passing `ok`.
fn check_localizations(
    at: &str,
    map: &Value,
    ok: impl Fn(&str) -> bool,
    bad: impl Fn(String) -> Violation,
    out: &mut Vec<Violation>,
) {
    let Some(map) = map.as_object() else {
        return;
    };
    for (locale, value) in map {
        let path = format!("{at}.{locale}");
        if !LOCALES.contains(&locale.as_str()) {
            out.push(Violation {
                path,
                code: "ENUM_TYPE_COERCE",
                message: format!("Value \"{locale}\" is not a valid enum value."),
            });
        } else if !ok(value.as_str().unwrap_or_default()) {
            out.push(bad(path));
        }
    }
}

/// A command or option at `at`: its name, description, their localizations, options
/// and choices.
fn check_named(at: &str, c: &Value, out: &mut Vec<Violation>) {
    if !valid_name(c["name"].as_str().unwrap_or("")) {
        out.push(invalid_name(format!("{at}.name")));
    }
    check_localizations(
        &format!("{at}.name_localizations"),
        &c["name_localizations"],
        valid_name,
        invalid_name,
        out,
    );
    // Context-menu commands (types 2, 3) have no description; slash commands and options do.
    let has_description = c["type"].as_u64().unwrap_or(1) == 1 || c.get("description").is_some();
    if has_description && !COMMAND_DESCRIPTION.contains(&chars(&c["description"])) {
        out.push(bad_length(
            format!("{at}.description"),
            &COMMAND_DESCRIPTION,
        ));
    }
    check_localizations(
        &format!("{at}.description_localizations"),
        &c["description_localizations"],
        |d| COMMAND_DESCRIPTION.contains(&d.chars().count()),
        |path| bad_length(path, &COMMAND_DESCRIPTION),
        out,
    );
    let options = c["options"].as_array().cloned().unwrap_or_default();
    if options.len() > OPTIONS {
        out.push(too_long(format!("{at}.options"), OPTIONS));
    }
    for (j, o) in options.iter().enumerate() {
        check_named(&format!("{at}.options.{j}"), o, out);
    }
    out.extend(check_choices(&format!("{at}.choices"), &c["choices"]));
}

/// The violations of a list of choices (an option's, or an autocomplete answer's).
pub fn check_choices(at: &str, choices: &Value) -> Vec<Violation> {
    let mut out = Vec::new();
    let choices = choices.as_array().cloned().unwrap_or_default();
    if choices.len() > OPTIONS {
        out.push(too_long(at.to_string(), OPTIONS));
    }
    for (k, ch) in choices.iter().enumerate() {
        if !CHOICE_NAME.contains(&chars(&ch["name"])) {
            out.push(bad_length(format!("{at}.{k}.name"), &CHOICE_NAME));
        }
        check_localizations(
            &format!("{at}.{k}.name_localizations"),
            &ch["name_localizations"],
            |n| CHOICE_NAME.contains(&n.chars().count()),
            |path| bad_length(path, &CHOICE_NAME),
            &mut out,
        );
    }
    out
}

/// Discord's answer to a request with `violations`: HTTP 413 for files too large,
/// else 400 with the "Invalid Form Body" error (code 50035) listing each field.
pub fn error_response(violations: &[Violation]) -> (u16, Value) {
    if violations.iter().any(|v| v.code == "ENTITY_TOO_LARGE") {
        return (
            413,
            json!({"message": "Request entity too large", "code": 40005}),
        );
    }
    let mut errors = json!({});
    for v in violations {
        let mut at = &mut errors;
        for key in v.path.split('.') {
            at = &mut at[key];
        }
        at["_errors"] = json!([{"code": v.code, "message": v.message}]);
    }
    (
        400,
        json!({"message": "Invalid Form Body", "code": 50035, "errors": errors}),
    )
}

/// A per-channel rate limiter as Discord applies it to bots: at most
/// [`CHANNEL_RATE`] messages per channel in any window.
#[derive(Default)]
pub struct ChannelRate {
    sent: std::collections::HashMap<String, Vec<u64>>,
}

impl ChannelRate {
    /// Records a message to `channel` at `now_ms`; `Err(retry_after_ms)` when it is
    /// over the limit (then it is not recorded).
    pub fn take(&mut self, channel: &str, now_ms: u64) -> Result<(), u64> {
        let (max, window) = CHANNEL_RATE;
        let times = self.sent.entry(channel.to_string()).or_default();
        times.retain(|&t| now_ms < t + window);
        if times.len() >= max {
            return Err(times[0] + window - now_ms);
        }
        times.push(now_ms);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checker itself catches every limit (so that passing tests mean something).
    #[test]
    fn the_checker_catches_each_limit() {
        let long = |n: usize| "x".repeat(n);
        let ok = json!({"content": long(CONTENT), "attachments": [{"id": 0, "description": long(DESCRIPTION)}]});
        assert_eq!(check_message(&ok, &[UPLOAD_BYTES]), vec![]);
        let bad = json!({"content": long(CONTENT + 1),
            "attachments": [{"id": 0, "description": long(DESCRIPTION + 1)}],
            "components": [{"type": 1, "components": [{"type": 2, "label": long(LABEL + 1), "custom_id": long(CUSTOM_ID + 1)}]}]});
        let paths: Vec<String> = check_message(&bad, &[UPLOAD_BYTES + 1])
            .into_iter()
            .map(|v| v.path)
            .collect();
        assert_eq!(
            paths,
            [
                "content",
                "files",
                "attachments.0.description",
                "components.0.components.0.label",
                "components.0.components.0.custom_id"
            ]
        );
        assert_eq!(check_message(&json!({}), &[1; FILES + 1]).len(), 1);
        let rows = json!({"components": vec![json!({"type": 1, "components": vec![json!({"custom_id": "a"}); 6]}); 6]});
        assert_eq!(check_message(&rows, &[]).len(), 7);
        assert_eq!(check_channel(&json!({"name": long(101)})).len(), 1);
        assert_eq!(check_channel(&json!({"name": ""})).len(), 1);
        let cmd = json!([{"name": "Sow", "description": long(101), "options": vec![json!({"name": "m", "description": "d"}); 26]}]);
        assert_eq!(check_commands(&cmd).len(), 3);
        // Localized names and descriptions: Discord's locales only, within the limits.
        let cmd = json!([{"name": "играть", "description": "d",
            "name_localizations": {"fr": "Jouer", "ru": "ход", "xx": "a"},
            "description_localizations": {"fr": long(101), "es-419": "ok", "ja": ""},
            "options": [{"name": "n", "description": "d", "type": 4,
                "choices": [{"name": "1", "value": 0,
                    "name_localizations": {"fr": long(101), "es-ES": "1 principiante"}}]}]}]);
        let paths: Vec<String> = check_commands(&cmd).into_iter().map(|v| v.path).collect();
        assert_eq!(
            paths,
            [
                "0.name_localizations.fr",
                "0.name_localizations.xx",
                "0.description_localizations.fr",
                "0.description_localizations.ja",
                "0.options.0.choices.0.name_localizations.fr",
            ]
        );
        assert_eq!(
            check_choices("choices", &json!(vec![json!({"name": "a"}); 26])).len(),
            1
        );
        let (status, body) = error_response(&check_message(&bad, &[]));
        assert_eq!(status, 400);
        assert_eq!(body["code"], 50035);
        assert_eq!(
            body["errors"]["content"]["_errors"][0]["code"],
            "BASE_TYPE_MAX_LENGTH"
        );
        let mut rate = ChannelRate::default();
        for t in 0..5 {
            assert_eq!(rate.take("c", t * 100), Ok(()));
        }
        assert_eq!(rate.take("c", 1000), Err(4000));
        assert_eq!(rate.take("d", 1000), Ok(()));
        assert_eq!(rate.take("c", 5000), Ok(()));
    }
}
