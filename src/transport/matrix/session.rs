//! Logging in, and keeping the session across restarts: `STORE_DIR/session.json` holds
//! the homeserver, user, device and access token (owner-only permissions), and
//! `STORE_DIR/state` the client's SQLite state store with the sync token, and its crypto
//! store with the device's keys.

use std::path::Path;
use std::time::Duration;

use anyhow::Context as _;
use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::config::RequestConfig;
use matrix_sdk::encryption::{BackupDownloadStrategy, EncryptionSettings};
use matrix_sdk::ruma::api::error::ErrorKind;
use matrix_sdk::ruma::{OwnedDeviceId, OwnedUserId};
use matrix_sdk::store::RoomLoadSettings;
use matrix_sdk::{Client, SessionMeta, SessionTokens};
use serde::{Deserialize, Serialize};

use super::MatrixLogin;
use super::MatrixOptions;

/// What `session.json` holds.
#[derive(Serialize, Deserialize)]
struct Saved {
    /// The homeserver the session belongs to.
    homeserver: String,
    /// User, device and tokens.
    session: MatrixSession,
}

/// A client over the state and crypto stores in `state_dir` (one SQLite database each).
/// Requests time out after a minute; a failed one (network error, 429 after its
/// `retry_after`, 5xx) is retried by the SDK up to 6 times with exponential back-off of
/// at most 8 s between attempts. Cross-signing is bootstrapped at the first login (with
/// the login's password when the homeserver asks for one), and room keys are backed up
/// (see [`super::crypto`]); a message that does not decrypt asks the backup for its key.
async fn build(homeserver: &str, state_dir: &Path) -> anyhow::Result<Client> {
    Client::builder()
        .homeserver_url(homeserver)
        .sqlite_store(state_dir, None)
        .with_encryption_settings(EncryptionSettings {
            auto_enable_cross_signing: true,
            auto_enable_backups: true,
            backup_download_strategy: BackupDownloadStrategy::AfterDecryptionFailure,
        })
        .request_config(
            RequestConfig::new()
                .retry_limit(6)
                .max_retry_time(Duration::from_secs(8))
                .timeout(Duration::from_secs(60)),
        )
        .build()
        .await
        .with_context(|| {
            format!(
                "cannot set up the Matrix client for {homeserver} (state store {})",
                state_dir.display()
            )
        })
}

fn read_saved(path: &Path) -> Option<Saved> {
    let text = std::fs::read_to_string(path).ok()?;
    match serde_json::from_str(&text) {
        Ok(s) => Some(s),
        Err(e) => {
            tracing::warn!(path = %path.display(), error = %e, "Matrix: unreadable saved session; logging in again");
            None
        }
    }
}

fn write_saved(path: &Path, saved: &Saved) -> anyhow::Result<()> {
    let text = serde_json::to_string_pretty(saved).expect("a session always serializes");
    crate::files::write_new(path, text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))
}

/// A logged-in client: the saved session restored when it is for the same homeserver
/// (and the same access token, when one is configured) and the homeserver still accepts
/// it; else a new login, whose session is saved.
///
/// # Errors
/// The homeserver's URL is refused by [`crate::transport::base_url`] (`http://` to a
/// host that is not loopback), the store directory cannot be created or written, the
/// homeserver cannot be reached, or it refuses the login.
pub(super) async fn connect(opts: &MatrixOptions) -> anyhow::Result<Client> {
    if let Err(why) = crate::transport::base_url(&opts.homeserver) {
        anyhow::bail!("the Matrix homeserver {why}");
    }
    let dir = &opts.store_dir;
    create_private_dir(dir)?;
    let session_path = dir.join("session.json");
    let state_dir = dir.join("state");
    if let Some(saved) = read_saved(&session_path) {
        if let Some(client) = restore(opts, saved, &state_dir).await? {
            return Ok(client);
        }
    }
    let client = log_in(opts, &state_dir).await?;
    let session = client
        .matrix_auth()
        .session()
        .context("the Matrix client has no session after logging in")?;
    write_saved(
        &session_path,
        &Saved {
            homeserver: opts.homeserver.clone(),
            session,
        },
    )?;
    tracing::info!("Matrix: logged in; session saved");
    Ok(client)
}

/// Creates the store directory `dir`, readable by its owner only.
fn create_private_dir(dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create the Matrix store directory {}", dir.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700));
    }
    Ok(())
}

/// The client of the `saved` session, if it is for the configured homeserver (and
/// access token) and the homeserver still accepts it. `None`: log in again.
///
/// # Errors
/// The state store cannot be opened, the session cannot be restored, or the homeserver
/// cannot be reached.
async fn restore(
    opts: &MatrixOptions,
    saved: Saved,
    state_dir: &Path,
) -> anyhow::Result<Option<Client>> {
    let same_token = match &opts.login {
        MatrixLogin::AccessToken(t) => *t == saved.session.tokens.access_token,
        MatrixLogin::Password { .. } => true,
    };
    if saved.homeserver != opts.homeserver || !same_token {
        return Ok(None);
    }
    let client = build(&opts.homeserver, state_dir).await?;
    client
        .matrix_auth()
        .restore_session(saved.session, RoomLoadSettings::default())
        .await
        .context("cannot restore the saved Matrix session")?;
    match client.whoami().await {
        Ok(_) => {
            tracing::info!("Matrix: restored the saved session");
            Ok(Some(client))
        }
        Err(e) if matches!(e.client_api_error_kind(), Some(ErrorKind::UnknownToken(_))) => {
            tracing::warn!("Matrix: the saved session was logged out; logging in again");
            Ok(None)
        }
        Err(e) => Err(e)
            .with_context(|| format!("cannot reach the Matrix homeserver {}", opts.homeserver)),
    }
}

/// A new session, by password or access token, over a new state store (the old one
/// belongs to another device).
///
/// # Errors
/// The old state store cannot be removed, or the homeserver refuses the login.
async fn log_in(opts: &MatrixOptions, state_dir: &Path) -> anyhow::Result<Client> {
    if state_dir.exists() {
        std::fs::remove_dir_all(state_dir)
            .with_context(|| format!("cannot clear {}", state_dir.display()))?;
    }
    let client = build(&opts.homeserver, state_dir).await?;
    match &opts.login {
        MatrixLogin::Password { user, password } => {
            client
                .matrix_auth()
                .login_username(user, password)
                .initial_device_display_name(&opts.device_name)
                .send()
                .await
                .with_context(|| format!("cannot log in to {} as {user}", opts.homeserver))?;
        }
        MatrixLogin::AccessToken(token) => {
            let (user_id, device_id) = whoami(&opts.homeserver, token).await?;
            client
                .matrix_auth()
                .restore_session(
                    MatrixSession {
                        meta: SessionMeta { user_id, device_id },
                        tokens: SessionTokens {
                            access_token: token.clone(),
                            refresh_token: None,
                        },
                    },
                    RoomLoadSettings::default(),
                )
                .await
                .context("cannot use the Matrix access token")?;
        }
    }
    Ok(client)
}

/// The user and device of an access token (`GET /account/whoami`).
async fn whoami(homeserver: &str, token: &str) -> anyhow::Result<(OwnedUserId, OwnedDeviceId)> {
    #[derive(Deserialize)]
    struct WhoAmI {
        user_id: OwnedUserId,
        device_id: Option<OwnedDeviceId>,
    }
    let url = format!(
        "{}/_matrix/client/v3/account/whoami",
        homeserver.trim_end_matches('/')
    );
    let resp = matrix_sdk::reqwest::Client::new()
        .get(&url)
        .bearer_auth(token)
        .timeout(Duration::from_secs(60))
        .send()
        .await
        .with_context(|| format!("cannot reach the Matrix homeserver {homeserver}"))?;
    let status = resp.status();
    let body = resp.bytes().await.context("reading the whoami answer")?;
    if !status.is_success() {
        anyhow::bail!(
            "the Matrix homeserver refused the access token ({status}): {}",
            String::from_utf8_lossy(&body)
                .chars()
                .take(200)
                .collect::<String>()
        );
    }
    let who: WhoAmI = serde_json::from_slice(&body).context("a bad whoami answer")?;
    let device = who.device_id.with_context(|| {
        format!(
            "the access token of {} is not bound to a device; log in with a password instead",
            who.user_id
        )
    })?;
    Ok((who.user_id, device))
}
