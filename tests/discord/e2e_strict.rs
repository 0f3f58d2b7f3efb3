//! The end-to-end scenario's last steps ([`strict_steps`]): Discord's limits over the
//! real client, against the strict fake Discord.

use std::sync::Mutex;

use serde_json::{json, Value};
use tokio::sync::mpsc::UnboundedSender;

use crate::adapter::fixture;
use crate::fake_discord::{Rest, State, CHANNEL};

/// A channel where the bot lacks the Attach Files permission.
const NO_PICTURES: &str = "900000000000000030";
/// A channel where the bot answers a burst of commands.
const BUSY: &str = "900000000000000031";
/// A channel in slow mode (one message every 2 s).
const SLOW_MODE: &str = "900000000000000033";

/// `message_prefix.json` said by Alice in `channel` with `content`.
fn said(channel: &str, content: &str, n: u64) -> Value {
    let mut m = fixture("message_prefix.json");
    m["d"]["channel_id"] = json!(channel);
    m["d"]["content"] = json!(content);
    m["d"]["id"] = json!(format!("{}", 1_240_000_000_000_000_000u64 + n));
    m
}

/// Sends `count` `!board` commands in `channel` at once (message ids from `first_id`)
/// and waits until every answer (a `katro/...` board) has been posted there.
async fn boards_answered(
    rest: &mut Rest,
    ev_tx: &UnboundedSender<Value>,
    channel: &str,
    count: u64,
    first_id: u64,
) {
    for n in 0..count {
        ev_tx.send(said(channel, "!board", first_id + n)).unwrap();
    }
    let path = format!("/api/v10/channels/{channel}/messages");
    let mut posted = 0;
    while posted < count {
        let r = rest.next("POST", &path).await;
        let content = r.payload()["content"].as_str().unwrap_or("").to_string();
        if content.starts_with("katro/") {
            posted += 1;
        }
    }
}

/// Discord's limits, over the real client (issues 12 and 16): an alt text over 1,024
/// characters is cut and kept whole in a text file; files refused for want of Attach
/// Files (50013) leave the move's text with a note naming the permission; a burst of
/// commands in one channel is paced with no 429; a 429 (slow mode) is waited out and
/// the post sent again. Nothing else was refused.
pub(crate) async fn strict_steps(
    rest: &mut Rest,
    ev_tx: &UnboundedSender<Value>,
    state: &Mutex<State>,
) {
    a_long_alt_text_is_cut_and_kept_in_a_file(rest, ev_tx).await;
    a_slow_prefix_command_types_then_notes(rest, ev_tx).await;
    pictures_refused_leave_the_text(rest, ev_tx, state).await;
    bursts_and_slow_mode_are_paced(rest, ev_tx, state).await;
}

/// An alt text over 1,024 characters is cut, and kept whole in a text file.
async fn a_long_alt_text_is_cut_and_kept_in_a_file(
    rest: &mut Rest,
    ev_tx: &UnboundedSender<Value>,
) {
    ev_tx.send(said(CHANNEL, "!sow b1-", 1)).unwrap();
    let post = rest
        .next("POST", &format!("/api/v10/channels/{CHANNEL}/messages"))
        .await;
    let p = post.payload();
    assert!(p["content"]
        .as_str()
        .unwrap()
        .starts_with("South sowed b1-: 27 laps."));
    let described: Vec<(String, usize)> = p["attachments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            let d = a["description"].as_str().unwrap_or("");
            (
                a["filename"].as_str().unwrap().to_string(),
                d.chars().count(),
            )
        })
        .collect();
    let names: Vec<&str> = described.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["sheet.png", "sheet.txt", "board.png"]);
    assert!(described
        .iter()
        .all(|(_, n)| *n <= crate::limits::DESCRIPTION));
    let sheet = p["attachments"][0]["description"].as_str().unwrap();
    assert!(sheet.ends_with("... (whole text in sheet.txt)"), "{sheet}");
    let files = post.files();
    let whole = String::from_utf8(files[1].1.clone()).unwrap();
    assert!(whole.starts_with("Frame 1: relay") && whole.ends_with("27 laps sown."));
    assert!(whole.chars().count() > 1500);
}

/// A slow prefix command: the typing indicator, then a note, then the answer.
async fn a_slow_prefix_command_types_then_notes(rest: &mut Rest, ev_tx: &UnboundedSender<Value>) {
    // A slow prefix command: the typing indicator, then a note, then the answer.
    let slow = "900000000000000032";
    ev_tx.send(said(slow, "!history", 3)).unwrap();
    rest.next("POST", &format!("/api/v10/channels/{slow}/typing"))
        .await;
    let path = format!("/api/v10/channels/{slow}/messages");
    let note = rest.next("POST", &path).await;
    assert_eq!(note.payload()["content"], "Thinking...");
    let answer = rest.next("POST", &path).await;
    assert!(answer.payload()["content"]
        .as_str()
        .unwrap()
        .contains("1. c1+"));
}

/// Files refused for want of Attach Files (50013): the move's text is posted alone,
/// with a note naming the permission.
async fn pictures_refused_leave_the_text(
    rest: &mut Rest,
    ev_tx: &UnboundedSender<Value>,
    state: &Mutex<State>,
) {
    state.lock().unwrap().no_attach.insert(NO_PICTURES.into());
    ev_tx.send(said(NO_PICTURES, "!sow b3+", 2)).unwrap();
    let path = format!("/api/v10/channels/{NO_PICTURES}/messages");
    let refused = rest.next("POST", &path).await;
    assert_eq!(refused.files().len(), 2, "first with its pictures");
    let text_only = rest.next("POST", &path).await;
    assert!(text_only.files().is_empty());
    let content = text_only.payload()["content"].as_str().unwrap().to_string();
    assert!(content.starts_with("South sowed b3+: 2 laps"), "{content}");
    assert!(
        content.contains("the bot needs the Attach Files permission"),
        "{content}"
    );
}

/// A burst in one channel is paced with no 429; a 429 (slow mode) is waited out and
/// the post sent again; nothing else was refused.
async fn bursts_and_slow_mode_are_paced(
    rest: &mut Rest,
    ev_tx: &UnboundedSender<Value>,
    state: &Mutex<State>,
) {
    // A burst in one channel is paced within Discord's 5 messages per 5 s: no 429.
    boards_answered(rest, ev_tx, BUSY, 7, 10).await;
    // A channel in slow mode answers 429: the post is waited out and sent again.
    state.lock().unwrap().slow_mode.insert(SLOW_MODE.into(), 0);
    boards_answered(rest, ev_tx, SLOW_MODE, 2, 20).await;
    let refusals: Vec<(String, u16)> = state
        .lock()
        .unwrap()
        .refusals
        .iter()
        .map(|(c, s, _)| (c.clone(), *s))
        .collect();
    let limited = refusals
        .iter()
        .filter(|(c, s)| *s == 429 && c.contains(SLOW_MODE))
        .count();
    assert!(limited >= 1, "slow mode refused a post: {refusals:?}");
    let others: Vec<&(String, u16)> = refusals
        .iter()
        .filter(|(c, s)| !(*s == 429 && c.contains(SLOW_MODE)))
        .collect();
    assert_eq!(
        others,
        [&(
            format!("POST /api/v10/channels/{NO_PICTURES}/messages"),
            403
        )],
        "nothing else was refused"
    );
}
