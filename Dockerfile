# mancala-bot's container image.
#
#   docker build -t mancala-bot .                       # builds from source (official Rust image)
#   docker build -t mancala-bot --build-arg CJK_FONTS=1 .   # + Chinese/Japanese/Korean font
#   docker build -t mancala-bot --build-arg FEATURES=matrix .  # + the Matrix transport
#   docker build -t mancala-bot --target prebuilt .     # a binary built beforehand, copied from
#                                                       # target/container-check/mancala-bot
#                                                       # (what scripts/container-check does)
#
# The stages are ordered so that `--target prebuilt` never needs the Rust image: the
# legacy builder (no BuildKit) builds every stage before the target, in order.

ARG BASE=debian:bookworm-slim
ARG RUST_IMAGE=rust:1.95-slim-bookworm

# ---- runtime-base: everything of the final image but the binary -------------------------
FROM ${BASE} AS runtime-base
# 1: also install fonts-noto-cjk (about 90 MB), which the bot's pictures use for Chinese,
# Japanese and Korean names and replies (it bundles its other fonts).
ARG CJK_FONTS=0
# tini is PID 1: it hands SIGTERM/SIGINT to the bot (which shuts down gracefully) and
# reaps zombies. ca-certificates: the TLS roots of the Matrix transport's client.
# No documentation, manual pages or translations of the packages are installed.
RUN set -eux; \
    printf '%s\n' 'path-exclude=/usr/share/doc/*' 'path-include=/usr/share/doc/*/copyright' \
        'path-exclude=/usr/share/man/*' 'path-exclude=/usr/share/info/*' \
        'path-exclude=/usr/share/locale/*' 'path-exclude=/usr/share/lintian/*' \
        > /etc/dpkg/dpkg.cfg.d/01-mancala-nodoc; \
    apt-get update; \
    pkgs="tini ca-certificates"; \
    if [ "$CJK_FONTS" = 1 ]; then pkgs="$pkgs fonts-noto-cjk fontconfig-config"; fi; \
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $pkgs; \
    apt-get clean; rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt/* /var/log/dpkg.log; \
    useradd --system --uid 10001 --user-group --home-dir /data --no-create-home \
        --shell /usr/sbin/nologin mancala; \
    install -d -o mancala -g mancala -m 0750 /data
COPY packaging/docker-healthcheck /usr/local/bin/mancala-healthcheck
# The data directory (store, snapshots, endgame tables, console images); the HTTP
# listener (/healthz) on every interface of the container, port 8080.
ENV MANCALA_DATA_DIR=/data \
    MANCALA_WEB_LISTEN=0.0.0.0:8080 \
    RUST_LOG=info
VOLUME ["/data"]
WORKDIR /data
EXPOSE 8080
USER mancala:mancala
# The endgame tables are built at the first start (about 20 s): hence the start period.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["/usr/local/bin/mancala-healthcheck"]
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/local/bin/mancala-bot"]
CMD ["run"]

# ---- prebuilt: a binary built on the host (same or older glibc than the base's 2.36) ----
FROM runtime-base AS prebuilt
COPY target/container-check/mancala-bot /usr/local/bin/mancala-bot
RUN ["/usr/local/bin/mancala-bot", "--version"]

# ---- builder: the release binary from source --------------------------------------------
FROM ${RUST_IMAGE} AS builder
# Cargo features beside the default ones (e.g. `matrix`; it doubles the build time).
ARG FEATURES=""
WORKDIR /src
COPY Cargo.toml Cargo.lock config.example.toml ./
COPY rules rules
COPY ai ai
COPY src src
COPY benches benches
COPY fonts fonts
COPY locales locales
COPY migrations migrations
# No symbols in the binary: half the size.
ENV CARGO_PROFILE_RELEASE_STRIP=symbols
RUN cargo build --release --locked --features "$FEATURES" --bin mancala-bot \
    && target/release/mancala-bot --version

# ---- runtime: the default target ----------------------------------------------------------
FROM runtime-base AS runtime
COPY --from=builder /src/target/release/mancala-bot /usr/local/bin/mancala-bot
