//! The strict fake Discord's bad days (issue 33), as Discord answers them: a channel or
//! thread deleted (404, 10003 "Unknown Channel"), out of the bot's sight (403, 50001
//! "Missing Access") or a locked thread (403, 160005 "Thread is locked"); 429s on any
//! route with the headers Discord sends (`Retry-After` in whole seconds, `X-RateLimit-*`)
//! and its JSON body (`retry_after` in seconds, `global`); the server's cap on active
//! threads (400, 160006); and the clock that says when an interaction's token is spent
//! (401, 50027, checked by `fake_discord::check`).
//!
//! Sources: discord.com/developers/docs, "Opcodes and Status Codes" (JSON error codes),
//! "Rate Limits" (headers, the 429 body, scopes `user`, `global`, `shared`), "Threads"
//! (active thread limits, locked threads), "Receiving and Responding" (tokens valid for
//! 15 minutes).

use std::collections::{HashMap, HashSet};

use serde_json::{json, Value};

/// Response headers: (name, value).
pub type Headers = Vec<(String, String)>;

/// A refusal: status, JSON body, extra headers.
pub type Refusal = (u16, Value, Headers);

/// 429s the fake gives before it answers a route again.
#[derive(Clone, Debug)]
pub struct Throttle {
    /// `METHOD /path` prefix of the calls it applies to, e.g. `POST /api/v10/webhooks/`.
    pub route: String,
    /// How many calls are refused before the next one passes.
    pub times: u32,
    /// The wait Discord asks for, in ms.
    pub retry_after_ms: u64,
    /// The bot's global limit (`X-RateLimit-Global`, scope `global`), else the route's
    /// (scope `user`).
    pub global: bool,
}

/// The bad days the test turns on.
#[derive(Default)]
pub struct BadDays {
    /// Deleted channels and threads.
    pub gone: HashSet<String>,
    /// Channels the bot cannot see.
    pub no_access: HashSet<String>,
    /// Locked threads.
    pub locked: HashSet<String>,
    /// Scripted 429s, the first matching one applies.
    pub throttles: Vec<Throttle>,
    /// The server's cap on active threads; `None`: no cap.
    pub thread_cap: Option<u64>,
    /// Threads active now (created, not archived).
    pub active_threads: u64,
    /// Added to the fake's clock when it checks an interaction's token: the time the
    /// test pretends has passed (15 minutes for a spent token).
    pub skew_ms: u64,
    /// Calls refused by a throttle, per route prefix.
    pub throttled: HashMap<String, u32>,
}

/// Discord's 429: the body (`retry_after` in seconds, `global`) and the headers of
/// "Rate Limits": `Retry-After` (whole seconds, rounded up), `X-RateLimit-Limit`,
/// `-Remaining` (0), `-Reset` (epoch seconds), `-Reset-After` (seconds), `-Bucket`,
/// `-Scope`, and `X-RateLimit-Global` for the global limit.
pub fn too_many(retry_after_ms: u64, bucket: &str, global: bool) -> Refusal {
    let secs = retry_after_ms as f64 / 1000.0;
    let reset = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64()
        + secs;
    let mut headers: Headers = vec![
        (
            "Retry-After".into(),
            retry_after_ms.div_ceil(1000).to_string(),
        ),
        ("X-RateLimit-Limit".into(), "5".into()),
        ("X-RateLimit-Remaining".into(), "0".into()),
        ("X-RateLimit-Reset".into(), format!("{reset:.3}")),
        ("X-RateLimit-Reset-After".into(), format!("{secs:.3}")),
        ("X-RateLimit-Bucket".into(), bucket.into()),
        (
            "X-RateLimit-Scope".into(),
            if global { "global" } else { "user" }.into(),
        ),
    ];
    if global {
        headers.push(("X-RateLimit-Global".into(), "true".into()));
    }
    let body =
        json!({"message": "You are being rate limited.", "retry_after": secs, "global": global});
    (429, body, headers)
}

fn error(status: u16, code: u32, message: &str) -> Refusal {
    (
        status,
        json!({"message": message, "code": code}),
        Vec::new(),
    )
}

impl BadDays {
    /// The refusal of a bad day for `METHOD path` (`segs`: the path's segments after
    /// `/api/v10/`), if one applies; a throttle is used up by it.
    pub fn refuse(&mut self, method: &str, path: &str, segs: &[&str]) -> Option<Refusal> {
        let call = format!("{method} {path}");
        if let Some(t) = self
            .throttles
            .iter_mut()
            .find(|t| t.times > 0 && call.starts_with(&t.route))
        {
            t.times -= 1;
            *self.throttled.entry(t.route.clone()).or_default() += 1;
            let bucket = format!("fake-{:x}", t.route.len());
            return Some(too_many(t.retry_after_ms, &bucket, t.global));
        }
        let ["channels", ch, rest @ ..] = segs else {
            return None;
        };
        if self.gone.contains(*ch) {
            return Some(error(404, 10003, "Unknown Channel"));
        }
        if self.no_access.contains(*ch) {
            return Some(error(403, 50001, "Missing Access"));
        }
        if self.locked.contains(*ch) && method == "POST" && rest == ["messages"] {
            return Some(error(403, 160005, "Thread is locked"));
        }
        let full = self
            .thread_cap
            .is_some_and(|cap| self.active_threads >= cap);
        if method == "POST" && rest == ["threads"] && full {
            return Some(error(
                400,
                160006,
                "Maximum number of active threads reached",
            ));
        }
        None
    }

    /// A thread was created: one more active.
    pub fn opened_thread(&mut self) {
        self.active_threads += 1;
    }
}
