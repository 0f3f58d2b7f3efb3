//! How the Matrix transport logs in (also read by the config without the `matrix`
//! feature, which refuses a Matrix config then).

use std::fmt;

/// How the Matrix transport logs in.
#[derive(Clone, PartialEq, Eq)]
pub enum MatrixLogin {
    /// With a user (id or localpart) and a password.
    Password {
        /// The user id or localpart.
        user: String,
        /// The password.
        password: String,
    },
    /// With an access token (the user and device are asked from the homeserver).
    AccessToken(String),
}

impl fmt::Debug for MatrixLogin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatrixLogin::Password { user, .. } => f
                .debug_struct("Password")
                .field("user", user)
                .field("password", &"<redacted>")
                .finish(),
            MatrixLogin::AccessToken(_) => f.write_str("AccessToken(<redacted>)"),
        }
    }
}

/// The recovery key (or passphrase) of the bot's secret storage, when the operator gives
/// one (see the `crypto` module). Never printed: its `Debug` is redacted.
#[derive(Clone, PartialEq, Eq)]
pub struct RecoveryKey(pub String);

impl fmt::Debug for RecoveryKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RecoveryKey(<redacted>)")
    }
}
