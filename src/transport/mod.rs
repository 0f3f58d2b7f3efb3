//! The transports: each translates one platform's events into the core's
//! [`Incoming`](crate::core::api::Incoming) and renders the core's
//! [`Reply`](crate::core::api::Reply) back, nothing more. Discord (serenity + poise),
//! Matrix (matrix-sdk, cargo feature `matrix`) and the console.

pub mod console;
pub mod discord;
pub mod matrix;
