//! A fake [`ChatCore`] with the core's conventions, for the transport tests: it records what
//! it receives and answers like the real core would (board PNGs, a refusal for a
//! non-player, challenge buttons only the challenged player may press).

use std::io::Cursor;
use std::sync::Mutex;
use std::time::Duration;

use mancala_bot::chat::{Attachment, Button, ChannelKey, ChatCore, Incoming, Reply, User};

pub const ALICE: &str = "700000000000000001";
pub const BOB: &str = "700000000000000002";
pub const CAROL: &str = "700000000000000003";

/// How long `!history` takes, to exercise the deferral of slow interactions.
pub const SLOW: Duration = Duration::from_millis(2500);

/// A small real PNG made with the `image` crate.
pub fn png() -> Vec<u8> {
    let img = image::RgbImage::from_pixel(4, 3, image::Rgb([200, 150, 60]));
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

fn frame(name: &str) -> Attachment {
    Attachment {
        filename: name.to_string(),
        bytes: png(),
        alt: format!("board after {name}"),
    }
}

pub fn bob() -> User {
    User {
        id: BOB.into(),
        name: "Bob Smith".into(),
    }
}

#[derive(Default)]
pub struct FakeCore {
    pub seen: Mutex<Vec<Incoming>>,
}

impl FakeCore {
    pub fn seen(&self) -> Vec<Incoming> {
        self.seen.lock().unwrap().clone()
    }
}

impl ChatCore for FakeCore {
    fn handle(&self, msg: &Incoming) -> Vec<Reply> {
        self.seen.lock().unwrap().push(msg.clone());
        let text = msg.text.as_str();
        if text.starts_with("!sow") && msg.author.id != ALICE && msg.author.id != BOB {
            return vec![Reply {
                text: format!(
                    "{} may not move: only Alice and Bob Smith play in this channel.",
                    msg.author.name
                ),
                is_error: true,
                ..Reply::default()
            }];
        }
        let reply = if text.starts_with("!sow") {
            Reply {
                text: "South sowed b3+: 2 laps, captured 2 from b4\nNorth (Bob Smith) to move."
                    .into(),
                attachments: vec![frame("frame-01.png"), frame("frame-02.png")],
                mentions: vec![bob()],
                ..Reply::default()
            }
        } else if text == "!board" {
            Reply {
                text: "katro/0,3,1,0,1,4/3,0,3,3,1,4/3,0,3,3,3,3/2,0,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 n\nNorth to move.".into(),
                attachments: vec![frame("board.png")],
                ..Reply::default()
            }
        } else if text.starts_with("!new") {
            let only = msg.mentions.first().cloned();
            Reply {
                text: format!("{} challenges you to a game.", msg.author.name),
                mentions: only.iter().cloned().collect(),
                buttons: vec![
                    Button {
                        id: "accept".into(),
                        label: "Accept".into(),
                        command: "!accept".into(),
                        only: only.clone(),
                    },
                    Button {
                        id: "decline".into(),
                        label: "Decline".into(),
                        command: "!decline".into(),
                        only,
                    },
                ],
                ..Reply::default()
            }
        } else if text == "!accept" {
            Reply {
                text: format!("{} accepted.", msg.author.name),
                ..Reply::default()
            }
        } else if text == "!history" {
            std::thread::sleep(SLOW);
            Reply {
                text: "[Game \"katro\"]\n1. c1+".into(),
                ..Reply::default()
            }
        } else {
            Reply {
                text: format!("unknown command {text}"),
                is_error: true,
                ..Reply::default()
            }
        };
        vec![reply]
    }

    fn legal_moves(&self, _at: &ChannelKey) -> Vec<String> {
        ["a1+", "a1-", "b3+", "b3-"].map(String::from).to_vec()
    }

    fn prefix(&self) -> &str {
        "!"
    }
}
