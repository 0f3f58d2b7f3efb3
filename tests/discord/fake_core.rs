//! A fake [`ChatCore`] with the core's conventions, for the transport tests: it records what
//! it receives and answers like the real core would (board PNGs, a refusal for a
//! non-player, challenge buttons only the challenged player may press).

use std::io::Cursor;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use mancala_bot::core::api::{
    channel_token, mention_token, time_token, Attachment, Body, Button, ChatCore, Incoming, Reply,
    Rooms,
};
use mancala_bot::model::{ChannelKey, User};

pub const ALICE: &str = "700000000000000001";
pub const BOB: &str = "700000000000000002";
pub const CAROL: &str = "700000000000000003";
pub const GUILD: &str = "900000000000000001";
/// Where the first tick's reminder goes (the thread of `message_thread.json`).
pub const TICK_CHANNEL: &str = "900000000000000020";
/// The deadline in the first tick's reminder, in ms since the epoch.
pub const TICK_DEADLINE_MS: u64 = 1_714_739_400_000;
/// The room `!tournament start spring` opens.
pub const ROOM_NAME: &str = "tourney-spring-r1-b1";

/// How long `!history` takes: longer than the 3 s Discord gives an interaction, so an
/// adapter that did not defer would be refused by the strict fake (10062).
pub const SLOW: Duration = Duration::from_millis(3500);

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

/// The player a `!sow c2` (Bob) or `!sow c3` (Carol, whose DMs are closed in the
/// test) alerts by direct message.
fn dm_for(text: &str) -> Option<User> {
    let name = match text {
        "!sow c2" => "Bob Smith",
        "!sow c3" => "Carol",
        _ => return None,
    };
    let id = if text == "!sow c2" { BOB } else { CAROL };
    Some(User {
        id: id.into(),
        name: name.into(),
    })
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
    /// The transport's rooms (like `Core::set_rooms`).
    pub rooms: OnceLock<Arc<dyn Rooms>>,
    /// The rooms opened so far.
    pub opened: Mutex<Vec<ChannelKey>>,
    /// How many times `tick` ran.
    pub ticks: AtomicUsize,
}

impl FakeCore {
    pub fn seen(&self) -> Vec<Incoming> {
        self.seen.lock().unwrap().clone()
    }

    pub fn ticks(&self) -> usize {
        self.ticks.load(Ordering::SeqCst)
    }

    /// `!tournament start spring` like the core: organizers only; opens the game's room
    /// through the transport's rooms and announces the game there.
    fn start_tournament(&self, msg: &Incoming) -> Vec<Reply> {
        if !msg.is_organizer {
            return vec![Reply {
                body: "Only organizers (Manage Server) may start a tournament.".into(),
                is_error: true,
                ..Reply::default()
            }];
        }
        let rooms = self.rooms.get().expect("rooms set");
        let spec = mancala_bot::core::api::RoomSpec {
            name: ROOM_NAME.into(),
            invite: vec![msg.author.clone(), bob()],
        };
        match rooms.open(&msg.at, &spec) {
            Ok(room) => {
                self.opened.lock().unwrap().push(room.clone());
                vec![
                    Reply {
                        body: "spring: round 1 started, 1 game.".into(),
                        ..Reply::default()
                    },
                    Reply {
                        body: "spring, round 1, board 1: Alice (South) vs Bob Smith (North)."
                            .into(),
                        mentions: vec![bob()],
                        to: Some(room),
                        ..Reply::default()
                    },
                ]
            }
            Err(e) => vec![Reply {
                body: Body::from(format!("cannot open the room: {e}")),
                is_error: true,
                ..Reply::default()
            }],
        }
    }
}

impl ChatCore for FakeCore {
    fn handle(&self, msg: &Incoming) -> Vec<Reply> {
        self.seen.lock().unwrap().push(msg.clone());
        let text = msg.text.as_str();
        if text.starts_with("!sow") && msg.author.id != ALICE && msg.author.id != BOB {
            return vec![Reply {
                body: Body::from(format!(
                    "{} may not move: only Alice and Bob Smith play in this channel.",
                    msg.author.name
                )),
                is_error: true,
                ..Reply::default()
            }];
        }
        if text == "!tournament start spring" {
            return self.start_tournament(msg);
        }
        if let Some(to) = dm_for(text) {
            // A move whose player to move asked for turn alerts by DM (`!notify dm`):
            // the channel names him without a ping, a direct message tells him.
            return vec![
                Reply {
                    body: "South sowed c2: 1 lap.\nNorth (Bob Smith) to move.".into(),
                    ..Reply::default()
                },
                Reply {
                    body: Body::from(format!(
                        "{}, your turn: katro against Alice in {} (game `g1`).",
                        mention_token(&to),
                        channel_token(&msg.at)
                    )),
                    to: Some(msg.at.clone()),
                    direct: Some(to),
                    ..Reply::default()
                },
            ];
        }
        let reply = if text == "!sow b1-" {
            // A 27-frame move's contact sheet: its alt text is longer than Discord's 1,024.
            let alt = (1..=27)
                .map(|i| format!("Frame {i}: relay from b1 with 12 seeds, the board now shows {i} laps sown."))
                .collect::<Vec<_>>()
                .join(" ");
            Reply {
                body: "South sowed b1-: 27 laps.\nNorth (Bob Smith) to move.".into(),
                attachments: vec![
                    Attachment {
                        filename: "sheet.png".into(),
                        bytes: png(),
                        alt,
                    },
                    frame("board.png"),
                ],
                ..Reply::default()
            }
        } else if text.starts_with("!sow") {
            Reply {
                body: "South sowed b3+: 2 laps, captured 2 from b4\nNorth (Bob Smith) to move."
                    .into(),
                attachments: vec![frame("frame-01.png"), frame("frame-02.png")],
                mentions: vec![bob()],
                ..Reply::default()
            }
        } else if text == "!board" {
            Reply {
                body: "katro/0,3,1,0,1,4/3,0,3,3,1,4/3,0,3,3,3,3/2,0,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 n\nNorth to move.".into(),
                attachments: vec![frame("board.png")],
                ..Reply::default()
            }
        } else if text.starts_with("!new") {
            let only = msg.mentions.first().cloned();
            Reply {
                body: Body::from(format!("{} challenges you to a game.", msg.author.name)),
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
            // Also a note for another channel, to route an interaction's reply.
            return vec![
                Reply {
                    body: Body::from(format!("{} accepted.", msg.author.name)),
                    ..Reply::default()
                },
                Reply {
                    body: Body::from(format!(
                        "{} accepted a challenge in <#{}>.",
                        msg.author.name, msg.at.channel
                    )),
                    to: Some(ChannelKey {
                        community: GUILD.into(),
                        channel: TICK_CHANNEL.into(),
                    }),
                    ..Reply::default()
                },
            ];
        } else if text == "!history" {
            std::thread::sleep(SLOW);
            Reply {
                body: "[Game \"katro\"]\n1. c1+".into(),
                ..Reply::default()
            }
        } else {
            Reply {
                body: Body::from(format!("unknown command {text}")),
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

    fn command_help(&self, name: &str) -> Vec<String> {
        mancala_bot::core::command::table::find(name).map_or_else(Vec::new, |def| {
            mancala_bot::core::text::command_help(def, self.prefix(), 3, "katro")
        })
    }

    /// The first tick of the guild (which the Discord transport must claim) reminds Bob
    /// in [`TICK_CHANNEL`]; later ones have nothing to say.
    fn tick_where(&self, owns: &(dyn Fn(&str) -> bool + Sync)) -> Vec<(ChannelKey, Reply)> {
        if !owns(GUILD) || self.ticks.fetch_add(1, Ordering::SeqCst) > 0 {
            return Vec::new();
        }
        let at = ChannelKey {
            community: GUILD.into(),
            channel: TICK_CHANNEL.into(),
        };
        vec![(
            at,
            Reply {
                body: Body::from(format!(
                    "Reminder: Bob Smith, your move in katro is due {}.",
                    time_token(TICK_DEADLINE_MS)
                )),
                mentions: vec![bob()],
                ..Reply::default()
            },
        )]
    }
}
