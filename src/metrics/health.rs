//! What `/readyz` answers: whether the store is open and every configured transport is
//! connected.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use serde::Serialize;

use super::Metrics;

/// The process's health: the store, and each configured transport with whether it is
/// connected. Made by the command line, which knows what is configured; shared with
/// the web listener and with each transport through [`Health::transport`].
#[derive(Debug)]
pub struct Health {
    metrics: Arc<Metrics>,
    store_open: AtomicBool,
    /// The configured transports, in the order registered, and whether each is up.
    transports: Mutex<Vec<(&'static str, Arc<AtomicBool>)>>,
}

/// Why the process is not ready (`/readyz`'s 503), as JSON:
/// `{"reason":"transport discord is not connected","store_open":true,
/// "transports":{"discord":false}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reason {
    /// What is wrong, in words: the first of the store, then the transports in order.
    pub reason: String,
    /// Whether the store is open.
    pub store_open: bool,
    /// Each configured transport and whether it is connected.
    pub transports: std::collections::BTreeMap<&'static str, bool>,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl Health {
    /// Nothing open, no transport configured; `metrics` gets `mancala_transport_up`.
    pub fn new(metrics: Arc<Metrics>) -> Arc<Health> {
        Arc::new(Health {
            metrics,
            store_open: AtomicBool::new(false),
            transports: Mutex::new(Vec::new()),
        })
    }

    /// The store is open (`true`) or closed.
    pub fn set_store_open(&self, open: bool) {
        self.store_open.store(open, Ordering::SeqCst);
    }

    /// Registers `name` as a configured transport, not connected yet, and returns what
    /// the transport calls when it connects (`true`) or loses its connection (`false`):
    /// for Discord, `DiscordOptions.link`. Registering a name twice gives the same
    /// switch.
    pub fn transport(&self, name: &'static str) -> impl Fn(bool) + Send + Sync + 'static {
        let flag = {
            let mut list = self.transports.lock().unwrap_or_else(|e| e.into_inner());
            match list.iter().find(|(n, _)| *n == name) {
                Some((_, f)) => f.clone(),
                None => {
                    let f = Arc::new(AtomicBool::new(false));
                    list.push((name, f.clone()));
                    f
                }
            }
        };
        self.metrics.transport_up(name, false);
        let metrics = self.metrics.clone();
        move |up: bool| {
            flag.store(up, Ordering::SeqCst);
            metrics.transport_up(name, up);
        }
    }

    /// `Ok` when the store is open and every configured transport is connected.
    ///
    /// # Errors
    /// The [`Reason`] naming the first thing that is not.
    pub fn ready(&self) -> Result<(), Reason> {
        let store_open = self.store_open.load(Ordering::SeqCst);
        let transports: Vec<(&'static str, bool)> = self
            .transports
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(|(n, f)| (*n, f.load(Ordering::SeqCst)))
            .collect();
        let reason = if !store_open {
            "the store is not open".to_string()
        } else if let Some((name, _)) = transports.iter().find(|(_, up)| !up) {
            format!("transport {name} is not connected")
        } else {
            return Ok(());
        };
        Err(Reason {
            reason,
            store_open,
            transports: transports.into_iter().collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ready_once_the_store_is_open_and_every_transport_up() {
        let metrics = Arc::new(Metrics::new());
        let health = Health::new(metrics.clone());
        assert_eq!(health.ready().unwrap_err().reason, "the store is not open");
        health.set_store_open(true);
        assert_eq!(health.ready(), Ok(()));
        let discord = health.transport("discord");
        let console = health.transport("console");
        let err = health.ready().unwrap_err();
        assert_eq!(err.reason, "transport discord is not connected");
        assert_eq!(
            serde_json::to_string(&err).unwrap(),
            r#"{"reason":"transport discord is not connected","store_open":true,"transports":{"console":false,"discord":false}}"#
        );
        discord(true);
        console(true);
        assert_eq!(health.ready(), Ok(()));
        assert!(metrics
            .encode(None)
            .contains("mancala_transport_up{transport=\"discord\"} 1"));
        discord(false);
        assert_eq!(
            health.ready().unwrap_err().reason,
            "transport discord is not connected"
        );
        assert!(metrics
            .encode(None)
            .contains("mancala_transport_up{transport=\"discord\"} 0"));
    }
}
