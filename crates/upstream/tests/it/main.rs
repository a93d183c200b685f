//! The upstream crate's integration tests, one binary so that the workspace is linked once
//! for them (each module was a test binary of its own).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

mod chain_probe;
mod google;
mod google_key_cache;
mod mail_file;
mod mail_smtp;
mod payments_cryptomus;
mod payments_cryptomus_info;
mod payments_local;
mod payments_rates;
mod payments_webhook;
mod payouts_cryptomus;
mod pieces_proxyseller_orders;
mod pieces_proxyseller_prolong;
mod pieces_proxyseller_reference;
mod proxy_checker;
mod residential_iproyal_proxies;
mod residential_local;
mod webhook_sender;
