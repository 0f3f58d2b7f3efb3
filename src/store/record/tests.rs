//! The stored shape and the one checked conversion (issue 35 item 3): records written
//! by earlier builds read back and write the same bytes; every impossible state is
//! refused with its [`StateError`]; transitions refuse the wrong state and change
//! nothing then.

use mancala_rules::{Side, Variant};
use serde::{Deserialize, Serialize};

use super::*;
use crate::model::LiveControl;

/// The record exactly as builds before the state enum declared it: the flat shape,
/// field order and serde attributes copied unchanged.
#[derive(Clone, Serialize, Deserialize)]
struct OldRecord {
    format_version: u32,
    id: String,
    at: ChannelKey,
    kind: GameKind,
    status: Status,
    challenge: Option<Challenge>,
    south: Option<User>,
    north: Option<User>,
    play: Option<Play>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    earlier_games: Vec<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    timing: Option<Timing>,
    #[serde(default)]
    rated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    verdict: Option<Verdict>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    draw_offer: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tournament: Option<TourneyLink>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ai: Option<AiSeat>,
    created_ms: u64,
    updated_ms: u64,
}

const T0: u64 = 1_700_000_000_000;
const HOUR: u64 = 3_600_000;

fn user(id: &str) -> User {
    User {
        id: id.into(),
        name: id.into(),
    }
}

fn challenge() -> Challenge {
    Challenge {
        challenger: user("alice"),
        opponent: Some(user("bob")),
        challenger_side: Some(Side::North),
        expires_ms: T0 + 24 * HOUR,
        move_time_ms: Some(HOUR),
        live: None,
        expiry_announced: false,
    }
}

/// An open challenge as an older build wrote it.
fn old_challenge() -> OldRecord {
    OldRecord {
        format_version: FORMAT_VERSION,
        id: "g1".into(),
        at: ChannelKey {
            community: "c".into(),
            channel: "one".into(),
        },
        kind: GameKind::single(Variant::KATRO),
        status: Status::Challenge,
        challenge: Some(challenge()),
        south: None,
        north: None,
        play: None,
        earlier_games: Vec::new(),
        timing: None,
        rated: true,
        verdict: None,
        draw_offer: None,
        tournament: None,
        ai: None,
        created_ms: T0,
        updated_ms: T0,
    }
}

/// A Hoyito match in play with every optional field of a game set.
fn old_match_in_play() -> OldRecord {
    let kind = GameKind {
        variant: Variant::HOYITO,
        is_match: true,
        length: mancala_rules::MatchLength::Seeds,
    };
    OldRecord {
        kind,
        status: Status::Playing,
        south: Some(user("alice")),
        north: Some(user("bob")),
        play: Some(Play::new(kind).unwrap()),
        earlier_games: vec![vec!["a1".into(), "b2".into()]],
        timing: Some(Timing {
            reminded: vec![HOUR / 2],
            wake_ms: Some(T0 + HOUR),
            ..Timing::started(HOUR, T0)
        }),
        draw_offer: Some(Side::South),
        tournament: Some(TourneyLink {
            key: DocKey::tour("c", "cup"),
            round: 1,
            board: 2,
        }),
        ai: Some(AiSeat {
            side: Side::North,
            level: 3,
        }),
        updated_ms: T0 + 5,
        ..old_challenge()
    }
}

/// A Katro game resigned by North: finished by the rules, no verdict.
fn old_resigned() -> OldRecord {
    let mut play = Play::new(GameKind::single(Variant::KATRO)).unwrap();
    if let Play::Game(g) = &mut play {
        g.resign(Side::North);
    }
    OldRecord {
        status: Status::Finished,
        south: Some(user("alice")),
        north: Some(user("bob")),
        play: Some(play),
        ..old_challenge()
    }
}

/// A game finished by a verdict (timeout), its stale draw offer kept.
fn old_timed_out() -> OldRecord {
    OldRecord {
        status: Status::Finished,
        verdict: Some(Verdict::Timeout {
            winner: Side::South,
        }),
        timing: Some(Timing::started(HOUR, T0)),
        ..old_match_in_play()
    }
}

fn bytes(old: &OldRecord) -> Vec<u8> {
    serde_json::to_vec(old).unwrap()
}

fn convert(old: &OldRecord) -> Result<Record, StateError> {
    let wire: RecordWire = serde_json::from_slice(&bytes(old)).unwrap();
    Record::try_from(wire)
}

/// Records of every state written by older builds decode and encode to the same bytes.
#[test]
fn records_of_older_builds_read_and_write_the_same_bytes() {
    for (name, old) in [
        ("challenge", old_challenge()),
        ("match in play", old_match_in_play()),
        ("resigned", old_resigned()),
        ("timed out", old_timed_out()),
    ] {
        let stored = bytes(&old);
        let r = decode("k", &stored).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            String::from_utf8(encode(&r)).unwrap(),
            String::from_utf8(stored.clone()).unwrap(),
            "{name}"
        );
        assert!(same_record(&stored, &encode(&r)), "{name}");
        assert_eq!(r.status(), old.status, "{name}");
    }
    // Fields an old build left out read as their defaults, and stay out.
    let mut v: serde_json::Value = serde_json::to_value(old_challenge()).unwrap();
    v.as_object_mut().unwrap().remove("rated");
    let r = decode("k", v.to_string().as_bytes()).unwrap();
    assert!(!r.rated);
}

/// Each state holds what it has: the accessors read it, the result is the verdict's or
/// the rules'.
#[test]
fn states_hold_exactly_their_fields() {
    let r = convert(&old_challenge()).unwrap();
    assert!(matches!(r.state, GameState::Challenge(_)));
    assert_eq!(r.open_challenge(), Some(&challenge()));
    assert_eq!(
        (r.play().is_none(), r.south(), r.result()),
        (true, None, None)
    );
    assert_eq!(r.wake_ms(), Some(T0 + 24 * HOUR));
    let r = convert(&old_match_in_play()).unwrap();
    let t = r.playing().expect("in play");
    assert_eq!((t.south.id.as_str(), t.north.id.as_str()), ("alice", "bob"));
    assert_eq!(r.earlier_games().len(), 1);
    assert_eq!(r.draw_offer(), Some(Side::South));
    assert_eq!(r.open_challenge(), None);
    assert_eq!(r.wake_ms(), Some(T0 + HOUR));
    let r = convert(&old_resigned()).unwrap();
    assert_eq!(r.result(), Some(GameResult::Win(Side::South)));
    assert_eq!((r.verdict(), r.wake_ms()), (None, None));
    let r = convert(&old_timed_out()).unwrap();
    assert_eq!(r.result(), Some(GameResult::Win(Side::South)));
    assert_eq!(r.draw_offer(), Some(Side::South));
}

/// The one checked conversion refuses every impossible state, naming it.
#[test]
fn impossible_states_are_refused_by_the_conversion() {
    let game = old_match_in_play();
    let cases: Vec<(OldRecord, StateError)> = vec![
        (
            OldRecord {
                play: game.play.clone(),
                ..old_challenge()
            },
            StateError::ChallengeHoldsGame,
        ),
        (
            OldRecord {
                challenge: None,
                ..old_challenge()
            },
            StateError::NoChallenge,
        ),
        (
            OldRecord {
                north: Some(user("bob")),
                ..old_challenge()
            },
            StateError::ChallengeWith("north"),
        ),
        (
            OldRecord {
                draw_offer: Some(Side::North),
                ..old_challenge()
            },
            StateError::ChallengeWith("draw_offer"),
        ),
        (
            OldRecord {
                ai: game.ai,
                ..old_challenge()
            },
            StateError::ChallengeWith("ai"),
        ),
        (
            OldRecord {
                play: None,
                ..game.clone()
            },
            StateError::NoGame(Status::Playing),
        ),
        (
            OldRecord {
                south: None,
                ..game.clone()
            },
            StateError::NoPlayers(Status::Playing),
        ),
        (
            OldRecord {
                north: None,
                ..old_resigned()
            },
            StateError::NoPlayers(Status::Finished),
        ),
        (
            OldRecord {
                status: Status::Playing,
                ..old_resigned()
            },
            StateError::PlayingButOver,
        ),
        (
            OldRecord {
                verdict: Some(Verdict::DrawAgreed),
                ..game.clone()
            },
            StateError::PlayingButOver,
        ),
        (
            OldRecord {
                status: Status::Finished,
                ..game.clone()
            },
            StateError::FinishedButOngoing,
        ),
    ];
    for (old, want) in cases {
        assert_eq!(convert(&old).err(), Some(want), "{want}");
        let err = decode("chan/c/one", &bytes(&old)).unwrap_err().to_string();
        assert!(err.contains(&want.to_string()), "{err}");
    }
    assert_eq!(
        StateError::ChallengeWith("south").to_string(),
        "an open challenge with a south: only a game in play or finished has one"
    );
    assert_eq!(
        StateError::FinishedButOngoing.to_string(),
        "status finished but the game goes on"
    );
}

/// `accept` seats the players and keeps the challenge; `finish` needs a result; a
/// transition from the wrong state is refused and changes nothing.
#[test]
fn transitions_refuse_the_wrong_state_and_change_nothing() {
    let mut r = convert(&old_challenge()).unwrap();
    let before = encode(&r);
    assert_eq!(
        r.finish(Some(Verdict::Aborted), T0 + 1),
        Err(StateError::Transition {
            from: Status::Playing,
            is: Status::Challenge
        })
    );
    assert_eq!(encode(&r), before);
    let play = Play::new(r.kind).unwrap();
    r.accept(user("bob"), user("alice"), play.clone(), T0 + 2)
        .unwrap();
    let t = r.playing().expect("in play");
    assert_eq!(t.challenge, Some(challenge()));
    assert_eq!(
        t.timing.as_ref().map(|t| t.deadline_ms),
        Some(T0 + 2 + HOUR)
    );
    assert_eq!(r.updated_ms, T0 + 2);
    let before = encode(&r);
    assert!(r.accept(user("x"), user("y"), play, T0 + 3).is_err());
    assert_eq!(r.finish(None, T0 + 3), Err(StateError::FinishedButOngoing));
    assert_eq!(encode(&r), before);
    if let Some(t) = r.timing_mut() {
        t.wake_ms = Some(T0 + HOUR);
    }
    r.finish(Some(Verdict::Aborted), T0 + 4).unwrap();
    assert_eq!(r.status(), Status::Finished);
    assert_eq!(r.result(), Some(GameResult::NoResult));
    assert_eq!((r.rated, r.updated_ms), (false, T0 + 4));
    assert_eq!(r.timing().and_then(|t| t.wake_ms), None);
    assert!(r.timing_mut().is_none() && r.play_mut().is_none());
    assert!(r.finish(None, T0 + 5).is_err());
    // What was written reads back as the same finished record.
    let again = decode("k", &encode(&r)).unwrap();
    assert_eq!(encode(&again), encode(&r));
}

/// Records written before live clocks and match lengths (no `live` in the timing or
/// the challenge, no `length` in the kind, a match without `length`, `ending` or
/// `starts`) read as before: no live clock, a match of M4 alone that goes on, its
/// repetition watch starting at its next game.
#[test]
fn records_before_live_clocks_and_match_lengths_read() {
    let mut v: serde_json::Value = serde_json::to_value(old_match_in_play()).unwrap();
    let m = v["play"]["match"].as_object_mut().unwrap();
    assert!(m.remove("starts").is_some(), "{m:?}");
    assert!(
        !m.contains_key("length") && !m.contains_key("ending"),
        "{m:?}"
    );
    assert!(v["timing"].get("live").is_none() && v["kind"].get("length").is_none());
    let r = decode("k", v.to_string().as_bytes()).unwrap();
    assert_eq!(r.kind.length, mancala_rules::MatchLength::Seeds);
    assert!(r.timing().is_some_and(|t| t.live.is_none()));
    let Some(Play::Match(m)) = r.play() else {
        panic!("a match")
    };
    assert!(!m.is_over() && m.starts().is_empty() && m.ending().is_none());
    assert!(m.length().is_seeds());
    let c: Challenge = serde_json::from_str(
        r#"{"challenger":{"id":"a","name":"a"},"opponent":null,"challenger_side":null,
            "expires_ms":5,"move_time_ms":3600000}"#,
    )
    .unwrap();
    assert_eq!((c.live, c.move_time_ms), (None, Some(HOUR)));
}

/// A live clock and a match length are written, and read back to the same record and
/// bytes: the challenge's control, the clock's banks and turn, the kind's length.
#[test]
fn live_clocks_and_match_lengths_round_trip() {
    let control = LiveControl {
        bank_ms: 5 * 60_000,
        increment_ms: 3000,
    };
    let kind = GameKind {
        variant: Variant::HOYITO,
        is_match: true,
        length: mancala_rules::MatchLength::FirstTo(2),
    };
    let mut ch = challenge();
    (ch.move_time_ms, ch.live) = (None, Some(control));
    let mut r = Record::new_challenge("id".into(), ChannelKey::default(), kind, ch, true, T0);
    r.accept(user("alice"), user("bob"), Play::new(kind).unwrap(), T0 + 5)
        .unwrap();
    let t = r.timing_mut().unwrap();
    let live = t.live.as_mut().unwrap();
    live.moved(Side::South, T0 + 10_005);
    assert_eq!(live.banks_ms, [293_000, 300_000]);
    assert_eq!(
        t.deadline_ms,
        T0 + 5 + 300_000,
        "the deadline is the core's to move"
    );
    let bytes = encode(&r);
    let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(v["kind"]["length"]["first_to"], 2);
    assert_eq!(v["challenge"]["live"]["increment_ms"], 3000);
    assert_eq!(v["timing"]["live"]["banks_ms"][0], 293_000);
    assert_eq!(v["timing"]["live"]["turn_ms"], T0 + 10_005);
    assert_eq!(v["play"]["match"]["length"]["first_to"], 2);
    let back = decode("k", &bytes).unwrap();
    assert_eq!(encode(&back), bytes);
    assert_eq!(back.timing(), r.timing());
    assert_eq!(back.kind, kind);
}

/// `decode_at` reads where a record was played without replaying its moves: a record
/// whose moves no longer replay still gives its channel, where `decode` refuses it; a
/// newer format version and bytes that are not a record are refused alike.
#[test]
fn the_home_of_a_record_is_read_without_its_moves() {
    let old = old_resigned();
    let stored = bytes(&old);
    assert_eq!(decode_at("k", &stored).unwrap(), old.at);
    let mut v: serde_json::Value = serde_json::from_slice(&stored).unwrap();
    v["play"] = serde_json::json!({ "Game": { "moves": ["not a move"] } });
    let broken = v.to_string();
    assert!(decode("k", broken.as_bytes()).is_err());
    assert_eq!(decode_at("k", broken.as_bytes()).unwrap(), old.at);
    v["format_version"] = serde_json::json!(FORMAT_VERSION + 1);
    let newer = decode_at("k", v.to_string().as_bytes()).unwrap_err();
    assert!(
        newer.to_string().contains("newer than this build"),
        "{newer}"
    );
    assert!(decode_at("k", b"{\"at\": 3}").is_err());
}
