//! The bot's integration tests, one module per topic under `tests/bot/`.

#[path = "bot/ai.rs"]
mod ai_games;
#[path = "bot/analysis.rs"]
mod analysis;
#[path = "bot/archive.rs"]
mod archive;
#[path = "bot/backup.rs"]
mod backup;
#[path = "../benches/common/mod.rs"]
mod bench_common;
#[path = "bot/commands.rs"]
mod commands;
#[path = "bot/console.rs"]
mod console;
#[path = "bot/contract.rs"]
mod contract;
#[path = "bot/contract_batch.rs"]
mod contract_batch;
#[path = "bot/core.rs"]
mod core_chat;
#[path = "bot/correspondence.rs"]
mod correspondence;
#[path = "bot/crash.rs"]
mod crash;
#[path = "bot/docs.rs"]
mod docs;
#[path = "bot/engine.rs"]
mod engine;
#[path = "bot/fresh_store.rs"]
mod fresh_store;
#[path = "bot/full_disk.rs"]
mod full_disk;
#[path = "bot/fuzzfound.rs"]
mod fuzzfound;
#[path = "bot/hint.rs"]
mod hint;
#[path = "bot/hostile.rs"]
mod hostile;
#[path = "bot/hosting.rs"]
mod hosting;
#[path = "bot/invite.rs"]
mod invite;
#[path = "bot/kill.rs"]
mod kill;
#[path = "bot/language.rs"]
mod language;
#[path = "bot/language_events.rs"]
mod language_events;
#[path = "bot/language_play.rs"]
mod language_play;
#[path = "bot/limits.rs"]
mod limits;
#[path = "bot/listed.rs"]
mod listed;
#[path = "bot/live_clock.rs"]
mod live_clock;
#[path = "bot/lone.rs"]
mod lone;
#[path = "bot/matches.rs"]
mod matches;
#[path = "bot/matrix.rs"]
mod matrix;
#[path = "bot/metrics.rs"]
mod metrics;
#[path = "bot/notify.rs"]
mod notify;
#[path = "bot/organize.rs"]
mod organize;
#[path = "bot/organize_pause.rs"]
mod organize_pause;
#[path = "bot/pairing.rs"]
mod pairing;
#[cfg(feature = "postgres")]
#[path = "common/postgres.rs"]
mod pg_common;
#[path = "bot/piped.rs"]
mod piped;
#[cfg(feature = "postgres")]
#[path = "bot/postgres.rs"]
mod postgres;
#[cfg(feature = "postgres")]
#[path = "bot/postgres_tls.rs"]
mod postgres_tls;
#[path = "bot/private_files.rs"]
mod private_files;
#[path = "bot/puzzle.rs"]
mod puzzle;
#[path = "bot/puzzle_sets.rs"]
mod puzzle_sets;
#[path = "bot/ratings.rs"]
mod ratings;
#[path = "bot/render.rs"]
mod render;
#[path = "bot/restore.rs"]
mod restore;
#[path = "bot/restore_prop.rs"]
mod restore_prop;
#[path = "bot/settings_everywhere.rs"]
mod settings_everywhere;
#[path = "bot/show.rs"]
mod show;
#[path = "bot/signals.rs"]
mod signals;
#[path = "bot/snapshots.rs"]
mod snapshots;
#[path = "bot/startup.rs"]
mod startup;
#[path = "bot/store.rs"]
mod store;
#[path = "bot/takeback.rs"]
mod takeback;
#[path = "bot/threads.rs"]
mod threads;
#[path = "bot/throttle.rs"]
mod throttle;
#[path = "bot/tournament.rs"]
mod tournament;
#[path = "bot/tournament_prop.rs"]
mod tournament_prop;
#[path = "bot/tournament_rules.rs"]
mod tournament_rules;
#[path = "bot/vacation.rs"]
mod vacation;
#[path = "bot/web.rs"]
mod web;
#[path = "bot/web_browser.rs"]
mod web_browser;
#[path = "bot/web_game.rs"]
mod web_game;
#[path = "bot/web_match.rs"]
mod web_match;
#[path = "bot/web_tour.rs"]
mod web_tour;
