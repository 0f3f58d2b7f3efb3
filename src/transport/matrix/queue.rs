//! The commands waiting in each room, bounded (issue 33): a room's commands are decided
//! one after the other by the room's worker, and at most [`ROOM_QUEUE`] wait behind the
//! one being decided. A flood beyond that (a script, or a room the rate limits do not
//! cover yet) is dropped at the door, with one warning per room while it lasts, instead
//! of growing the bot's memory without bound.
//!
//! Generic and free of matrix-sdk types, always built, so its tests run without the
//! `matrix` feature.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;

use tokio::sync::mpsc;

/// Commands that may wait in one room.
pub(super) const ROOM_QUEUE: usize = 32;

/// What became of a pushed command.
#[derive(Debug)]
pub(super) enum Pushed<T> {
    /// It waits for the room's running worker.
    Queued,
    /// The room had no running worker: start one on this receiver (the command is in it).
    Start(mpsc::Receiver<T>),
    /// The room's queue is full: the command is dropped. `first`: the first one dropped
    /// since the queue last had room (to warn once).
    Full {
        /// Whether this is the first dropped since the queue last had room.
        first: bool,
    },
}

/// The queues of every room, keyed by room.
#[derive(Debug)]
pub(super) struct RoomQueues<K, T> {
    senders: Mutex<HashMap<K, (mpsc::Sender<T>, bool)>>,
    capacity: usize,
}

impl<K: Eq + Hash + Clone, T> RoomQueues<K, T> {
    /// Queues of `capacity` commands each (at least 1).
    pub(super) fn new(capacity: usize) -> Self {
        RoomQueues {
            senders: Mutex::new(HashMap::new()),
            capacity: capacity.max(1),
        }
    }

    /// Queues `item` for `room`'s worker (see [`Pushed`]).
    pub(super) fn push(&self, room: &K, item: T) -> Pushed<T> {
        let mut senders = self.senders.lock().unwrap_or_else(|e| e.into_inner());
        let item = match senders.get_mut(room) {
            Some((tx, full)) => match tx.try_send(item) {
                Ok(()) => {
                    *full = false;
                    return Pushed::Queued;
                }
                Err(mpsc::error::TrySendError::Full(_)) => {
                    let first = !*full;
                    *full = true;
                    return Pushed::Full { first };
                }
                // The worker ended (the bot was stopped and started again).
                Err(mpsc::error::TrySendError::Closed(item)) => item,
            },
            None => item,
        };
        let (tx, rx) = mpsc::channel(self.capacity);
        // A new channel has room for one.
        let _ = tx.try_send(item);
        senders.insert(room.clone(), (tx, false));
        Pushed::Start(rx)
    }

    /// Forgets every queue (their workers end when they have drained them).
    pub(super) fn clear(&self) {
        self.senders
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_room_holds_at_most_its_capacity_and_warns_once_per_flood() {
        let q: RoomQueues<&str, u32> = RoomQueues::new(3);
        let Pushed::Start(mut rx) = q.push(&"a", 0) else {
            panic!("the first command starts the worker");
        };
        for i in 1..3 {
            assert!(matches!(q.push(&"a", i), Pushed::Queued));
        }
        assert!(matches!(q.push(&"a", 3), Pushed::Full { first: true }));
        assert!(matches!(q.push(&"a", 4), Pushed::Full { first: false }));
        // Another room is not affected.
        assert!(matches!(q.push(&"b", 9), Pushed::Start(_)));
        // The worker takes one: there is room again, and a later flood warns again.
        assert_eq!(rx.try_recv().unwrap(), 0);
        assert!(matches!(q.push(&"a", 5), Pushed::Queued));
        assert!(matches!(q.push(&"a", 6), Pushed::Full { first: true }));
        let got: Vec<u32> = std::iter::from_fn(|| rx.try_recv().ok()).collect();
        assert_eq!(got, [1, 2, 5], "in order, the dropped ones gone");
    }

    #[test]
    fn a_room_whose_worker_ended_gets_a_new_one() {
        let q: RoomQueues<&str, u32> = RoomQueues::new(2);
        let Pushed::Start(rx) = q.push(&"a", 0) else {
            panic!()
        };
        drop(rx);
        let Pushed::Start(mut rx) = q.push(&"a", 1) else {
            panic!("a closed queue is replaced")
        };
        assert_eq!(rx.try_recv().unwrap(), 1);
    }
}
