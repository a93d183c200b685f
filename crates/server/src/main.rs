//! `proxyshop`: the composition root. Reads configuration, sets up telemetry, and runs the API
//! with the metering gateway, the gateway alone, or an operator command.

mod bootstrap;
mod config;
mod data_dir;
mod fd_limit;

use clap::{Parser, Subcommand};
use config::{Config, Source};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "proxyshop",
    version,
    about = "ProxyShop: a web shop that sells proxies"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Apply migrations, then serve the API, the built front end and the metering gateway.
    Serve {
        /// Serve the API and the front end only (the gateway runs apart: `proxyshop gateway`).
        #[arg(long)]
        no_gateway: bool,
    },
    /// Run the metering gateway alone.
    Gateway,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Create an admin account, or make an existing account admin.
    CreateAdmin {
        #[arg(long)]
        email: String,
        /// The password to set; a strong one is generated and printed when omitted.
        #[arg(long)]
        password: Option<String>,
    },
    /// Write a consistent copy of the SQLite database to FILE (while the shop serves).
    Backup { file: std::path::PathBuf },
    /// Replace the SQLite database with FILE (a backup); every serve and gateway stopped first.
    Restore { file: std::path::PathBuf },
    /// Print the OpenAPI document of every route.
    Openapi,
    /// Payment housekeeping.
    Payments {
        #[command(subcommand)]
        command: PaymentsCommand,
    },
    /// Background jobs, run by hand.
    Jobs {
        #[command(subcommand)]
        command: JobsCommand,
    },
}

#[derive(Subcommand)]
enum JobsCommand {
    /// Run one job now: `sla-credits --month 2026-11` credits that month (the last one by
    /// default); a customer, kind and month is credited once however often it runs.
    /// `usage-purge` purges the usage records and hourly rollups past their retention now (as
    /// the hourly job does; running it beside a server's is harmless).
    Run {
        job: JobName,
        #[arg(long)]
        month: Option<String>,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum JobName {
    SlaCredits,
    UsagePurge,
}

#[derive(Subcommand)]
enum PaymentsCommand {
    /// Ask the gateway about payments still pending after their invoice expired, and settle them.
    Reconcile,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Openapi = cli.command {
        println!("{}", api::api_doc::document());
        return ExitCode::SUCCESS;
    }
    let source = match Source::load() {
        Ok(source) => source,
        Err(err) => {
            eprintln!("proxyshop: {err}");
            return ExitCode::from(2);
        }
    };
    let config = match Config::from_source(&source) {
        Ok(config) => config,
        Err(err) => {
            // The error names the key as it was set; the renames say what to set instead.
            for deprecated in source.deprecated() {
                eprintln!("proxyshop: warning: {deprecated}");
            }
            eprintln!("proxyshop: {err}");
            return ExitCode::from(2);
        }
    };
    init_tracing(config.log_format);
    for deprecated in &config.deprecated {
        tracing::warn!("{deprecated}");
    }
    // A server takes all the descriptors it may (the gateway's share is set from this).
    let fd_limit = match cli.command {
        Command::Serve { .. } | Command::Gateway => fd_limit::raise(),
        _ => None,
    };
    let result = match cli.command {
        Command::Serve { no_gateway } => bootstrap::run_serve(config, !no_gateway, fd_limit),
        Command::Gateway => bootstrap::run_gateway(&config, fd_limit),
        Command::Migrate => {
            bootstrap::migrate(&config).map(|n| println!("applied {n} migration(s)"))
        }
        Command::CreateAdmin { email, password } => {
            block_on(bootstrap::create_admin(&config, &email, password))
        }
        Command::Payments {
            command: PaymentsCommand::Reconcile,
        } => block_on(bootstrap::reconcile_payments(&config)),
        Command::Jobs {
            command:
                JobsCommand::Run {
                    job: JobName::SlaCredits,
                    month,
                },
        } => block_on(bootstrap::credit_sla(&config, month)),
        Command::Jobs {
            command:
                JobsCommand::Run {
                    job: JobName::UsagePurge,
                    month: None,
                },
        } => block_on(bootstrap::purge_usage(&config)),
        Command::Jobs {
            command:
                JobsCommand::Run {
                    job: JobName::UsagePurge,
                    month: Some(_),
                },
        } => Err(anyhow::anyhow!("usage-purge takes no --month")),
        Command::Backup { file } => bootstrap::run_backup(&config, &file),
        Command::Restore { file } => bootstrap::run_restore(&config, &file),
        Command::Openapi => Ok(()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            tracing::error!("{err:#}");
            eprintln!("proxyshop: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs an operator command's work on a tokio runtime of its own (the use cases need no HTTP
/// server around them).
fn block_on(work: impl std::future::Future<Output = anyhow::Result<()>>) -> anyhow::Result<()> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?
        .block_on(work)
}

/// The log filter when `RUST_LOG` is unset.
const DEFAULT_LOG_FILTER: &str = "info,actix_server=warn,actix_web=warn";

/// Human text by default; `PROXYSHOP_LOG_FORMAT=json`: one JSON object per line, with the
/// fields of the current span (a request's `request_id`, method, route and status).
fn init_tracing(format: config::LogFormat) {
    use tracing_subscriber::EnvFilter;
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_LOG_FILTER));
    // Colours only on a terminal: a log file or a log collector gets plain text (and no escape
    // codes written into every request's span fields).
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .with_target(false);
    match format {
        config::LogFormat::Text => builder.init(),
        config::LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .init(),
    }
}
