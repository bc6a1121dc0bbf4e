//! A progress bar on stderr for long `check` (bytes) and `generate` (puzzles) runs at a terminal.
//!
//! Workers add the bytes (or puzzles) they finish to an atomic counter; a ticker thread redraws one line
//! every 100 ms once the run has taken more than a second, and wipes it at the end, so short
//! runs never show it and the findings printed on stdout are never interleaved with it.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Wait this long before showing anything: most runs are over by then.
const DELAY: Duration = Duration::from_secs(1);
const TICK: Duration = Duration::from_millis(100);
const WIDTH: usize = 30;

pub struct Progress {
    shared: Arc<Shared>,
    ticker: Option<JoinHandle<()>>,
}

struct Shared {
    done: AtomicU64,
    total: u64,
    stop: AtomicBool,
    /// What is counted: `None` for bytes (shown as MB/s), else the verb and the items' name.
    items: Option<(&'static str, &'static str)>,
}

impl Progress {
    /// Starts the ticker when `enabled`; otherwise counting costs one atomic add per piece.
    pub fn start(total: u64, enabled: bool) -> Progress {
        Progress::with_items(total, enabled, None)
    }

    /// A bar counting items (`generating [###...]  31%  12/40 puzzles`) instead of bytes.
    pub fn counting(total: u64, enabled: bool, verb: &'static str, name: &'static str) -> Progress {
        Progress::with_items(total, enabled, Some((verb, name)))
    }

    fn with_items(
        total: u64,
        enabled: bool,
        items: Option<(&'static str, &'static str)>,
    ) -> Progress {
        let shared = Arc::new(Shared {
            done: AtomicU64::new(0),
            total,
            stop: AtomicBool::new(false),
            items,
        });
        let ticker = enabled.then(|| {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || tick(&shared))
        });
        Progress { shared, ticker }
    }

    pub fn advance(&self, bytes: u64) {
        self.shared.done.fetch_add(bytes, Ordering::Relaxed);
    }

    /// Stops the ticker and wipes its line.
    pub fn finish(mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.ticker.take() {
            let _ = t.join();
        }
    }
}

fn tick(shared: &Shared) {
    let started = Instant::now();
    let mut shown = false;
    while !shared.stop.load(Ordering::Relaxed) {
        std::thread::sleep(TICK);
        let elapsed = started.elapsed();
        if elapsed < DELAY {
            continue;
        }
        let done = shared.done.load(Ordering::Relaxed).min(shared.total);
        let line = match shared.items {
            None => bar(done, shared.total, elapsed),
            Some((verb, name)) => item_bar(verb, name, done, shared.total),
        };
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K{line}");
        let _ = err.flush();
        shown = true;
    }
    if shown {
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K");
        let _ = err.flush();
    }
}

/// `checking [#########.....................]  31%  12.4 MB/s`
fn bar(done: u64, total: u64, elapsed: Duration) -> String {
    let rate = done as f64 / elapsed.as_secs_f64().max(1e-3) / 1e6;
    format!("{}  {rate:.1} MB/s", filled("checking", done, total))
}

/// `generating [#########.....................]  31%  12/40 puzzles`
fn item_bar(verb: &str, name: &str, done: u64, total: u64) -> String {
    format!("{}  {done}/{total} {name}", filled(verb, done, total))
}

/// `verb [####....]  31%`
fn filled(verb: &str, done: u64, total: u64) -> String {
    let fraction = if total == 0 {
        0.0
    } else {
        done as f64 / total as f64
    };
    let filled = ((fraction * WIDTH as f64) as usize).min(WIDTH);
    format!(
        "{verb} [{}{}] {:>3}%",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled),
        (fraction * 100.0) as u32
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_fills_with_the_work_done() {
        let line = bar(50, 200, Duration::from_secs(1));
        assert!(line.starts_with("checking [#######........"), "{line}");
        assert!(line.contains(" 25%"), "{line}");
        assert!(bar(0, 0, Duration::ZERO).contains("  0%"));
        assert!(bar(9, 9, Duration::from_secs(2)).contains("100%"));
        assert_eq!(
            item_bar("generating", "puzzles", 3, 4),
            "generating [######################........]  75%  3/4 puzzles"
        );
    }
}
