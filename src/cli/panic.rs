//! The panic hook of the `feedlint` binary: a short bug report on stderr instead of Rust's
//! default message.
//!
//! Responsible for one promise: a panic message never shows an API key. The payload is passed
//! through `account::redact_keys_in`, and nothing else of the process (arguments, environment,
//! backtrace) is printed. It does not catch or recover from the panic (exit code stays 101).

use std::io::Write;
use std::panic::PanicHookInfo;

use crate::account::redact_keys_in;

/// Replaces the process's panic hook with [`panic_report`] written to stderr.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let _ = writeln!(std::io::stderr().lock(), "{}", panic_report(info));
    }));
}

/// The text the hook prints: where feedlint panicked and the redacted panic message.
#[must_use]
pub fn panic_report(info: &PanicHookInfo<'_>) -> String {
    let payload = info
        .payload()
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| info.payload().downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(no message)");
    let location = info
        .location()
        .map(|l| format!(" at {}:{}", l.file(), l.line()))
        .unwrap_or_default();
    format!(
        "feedlint: internal error{location}: {}\n\
         This is a bug in feedlint. Please report it with the command you ran (API keys are \
         never needed in a report).",
        redact_keys_in(payload)
    )
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    #[test]
    fn the_report_names_the_place_and_never_the_key() {
        const KEY: &str = "adb_prod_PanicSecret0123456789";
        let seen: Arc<Mutex<Vec<String>>> = Arc::default();
        let sink = Arc::clone(&seen);
        let me = std::thread::current().id();
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // Other tests may panic on purpose meanwhile; keep only ours.
            if std::thread::current().id() == me {
                sink.lock().unwrap().push(panic_report(info));
            }
        }));
        let owned = std::panic::catch_unwind(|| panic!("state with key {KEY} broke"));
        let literal = std::panic::catch_unwind(|| std::panic::panic_any(KEY));
        std::panic::set_hook(previous);
        assert!(owned.is_err() && literal.is_err());
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 2);
        for report in seen.iter() {
            assert!(!report.contains(KEY), "{report}");
            assert!(report.contains("adb_prod_Pa…89"), "{report}");
            assert!(report.contains("src/cli/panic.rs:"), "{report}");
            assert!(
                report.starts_with("feedlint: internal error at "),
                "{report}"
            );
        }
    }
}
