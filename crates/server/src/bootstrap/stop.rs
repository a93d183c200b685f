//! The stop signals of a process: the first SIGTERM (or Ctrl-C) begins a graceful stop (the
//! gateway stops accepting and drains), a second one stops at once. A clone's `first()` is the
//! hook that turns the API's readiness unready before anything else stops
//! (docs/operations.md).

use tokio::sync::watch;

/// How far the process is in stopping: 0 running, 1 draining, 2 stopping at once.
#[derive(Debug, Clone)]
pub(crate) struct StopSignal {
    stage: watch::Receiver<u8>,
}

impl StopSignal {
    /// Counts SIGTERM and SIGINT on a thread of its own, for as long as the process lives.
    pub(crate) fn listen() -> anyhow::Result<StopSignal> {
        let (count, stage) = watch::channel(0u8);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                runtime.block_on(async move {
                    #[cfg(unix)]
                    let mut term = match tokio::signal::unix::signal(
                        tokio::signal::unix::SignalKind::terminate(),
                    ) {
                        Ok(term) => term,
                        Err(e) => {
                            tracing::error!(error = %e, "cannot listen for SIGTERM");
                            return;
                        }
                    };
                    loop {
                        #[cfg(unix)]
                        tokio::select! {
                            _ = term.recv() => {}
                            _ = tokio::signal::ctrl_c() => {}
                        }
                        #[cfg(not(unix))]
                        if tokio::signal::ctrl_c().await.is_err() {
                            return;
                        }
                        count.send_modify(|n| *n = n.saturating_add(1));
                        if *count.borrow() == 1 {
                            tracing::info!("stop signal: stopping gracefully (again: at once)");
                        }
                    }
                });
            })?;
        Ok(StopSignal { stage })
    }

    /// Completes at the first stop signal.
    pub(crate) async fn first(mut self) {
        let _ = self.stage.wait_for(|n| *n >= 1).await;
    }

    /// Completes at the second stop signal.
    pub(crate) async fn second(mut self) {
        let _ = self.stage.wait_for(|n| *n >= 2).await;
    }
}
