//! The Matrix transport's login from its settings and their variables: the homeserver,
//! the access token or the user and password, the recovery key (never logged).

use super::{bail, MatrixConfig, Result};
use crate::transport::matrix::MatrixLogin;

/// `value` if set and not blank, else the variable `env` if set and not blank.
fn setting_or_env(value: &Option<String>, env: &str) -> Option<String> {
    value
        .clone()
        .filter(|v| !v.trim().is_empty())
        .or_else(|| std::env::var(env).ok().filter(|v| !v.trim().is_empty()))
}

impl MatrixConfig {
    /// The recovery key from the variable `recovery_key_env`, if set and not empty.
    pub fn recovery_key(&self) -> Option<String> {
        setting_or_env(&None, &self.recovery_key_env)
    }

    /// The homeserver URL: `homeserver` if set and not empty, else the variable
    /// `homeserver_env`. `None`: the Matrix transport is not configured.
    pub fn homeserver_url(&self) -> Option<String> {
        setting_or_env(&self.homeserver, &self.homeserver_env)
    }

    /// How to log in: an access token (setting, then variable) if there is one, else the
    /// user and password (settings, then variables).
    ///
    /// # Errors
    /// Neither an access token nor both a user and a password, naming the settings and
    /// variables looked at.
    pub fn login(&self) -> Result<MatrixLogin> {
        if let Some(t) = setting_or_env(&self.access_token, &self.access_token_env) {
            return Ok(MatrixLogin::AccessToken(t));
        }
        match (
            setting_or_env(&self.user, &self.user_env),
            setting_or_env(&self.password, &self.password_env),
        ) {
            (Some(user), Some(password)) => Ok(MatrixLogin::Password { user, password }),
            _ => bail!(
                "the Matrix transport needs matrix.access_token (or ${}), or matrix.user (or \
                 ${}) and matrix.password (or ${})",
                self.access_token_env,
                self.user_env,
                self.password_env
            ),
        }
    }
}

impl MatrixConfig {
    /// Where the login's secrets come from, for the message of a refused login (never
    /// the secrets): `the access token from matrix.access_token`, or `the user from
    /// $MATRIX_USER and the password from matrix.password`.
    pub fn login_source(&self) -> String {
        let from = |v: &Option<String>, key: &str, env: &str| match v {
            Some(_) => key.to_string(),
            None => format!("${env}"),
        };
        if setting_or_env(&self.access_token, &self.access_token_env).is_some() {
            let t = from(
                &self.access_token,
                "matrix.access_token",
                &self.access_token_env,
            );
            return format!("the access token from {t}");
        }
        let user = from(&self.user, "matrix.user", &self.user_env);
        let password = from(&self.password, "matrix.password", &self.password_env);
        format!("the user from {user} and the password from {password}")
    }
}
