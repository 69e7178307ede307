//! The panic hook of the `feedlint` binary: a short bug report on stderr instead of Rust's
//! default message.
//!
//! Responsible for two promises: a panic message never shows an API key, and a panic is an
//! internal error like any other (exit 2; `INTERNAL_ERROR` in a JSON error envelope), not Rust's
//! exit 101. The payload is passed through `account::redact_keys_in`, and nothing else of the
//! process (arguments, environment, backtrace) is printed. A run is not resumed after a panic:
//! [`catch`] only turns it into the run's error.

use std::io::Write;
use std::panic::{AssertUnwindSafe, PanicHookInfo};

use crate::account::redact_keys_in;
use crate::error::Error;

/// Replaces the process's panic hook with [`panic_report`] written to stderr.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let _ = writeln!(std::io::stderr().lock(), "{}", panic_report(info));
    }));
}

/// The text the hook prints: where feedlint panicked and the redacted panic message.
#[must_use]
pub fn panic_report(info: &PanicHookInfo<'_>) -> String {
    let payload = payload_text(info.payload());
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

/// Runs a command, turning a panic in it, on this thread or on a worker whose panic rayon or a
/// scoped thread hands back to it, into [`Error::internal`]: the run then ends like any other
/// failed run (exit 2, the envelope in JSON, the partial-report notice). The hook has already
/// printed where it happened.
pub(crate) fn catch<T>(run: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
    std::panic::catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|payload| {
        Err(Error::internal(format!(
            "internal error: feedlint panicked ({}); this is a bug in feedlint",
            redact_keys_in(payload_text(payload.as_ref()))
        )))
    })
}

/// The message a panic was given (`panic!` with a literal or with formatted text).
fn payload_text(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(no message)")
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

    #[test]
    fn a_panic_becomes_an_internal_error_without_the_key() {
        const KEY: &str = "adb_prod_PanicSecret0123456789";
        let e = catch::<()>(|| panic!("state with key {KEY} broke")).unwrap_err();
        assert_eq!(e.code, crate::error::ErrorCode::InternalError);
        assert!(!e.message.contains(KEY), "{}", e.message);
        assert!(e.message.contains("adb_prod_Pa…89 broke"), "{}", e.message);
        assert_eq!(
            e.envelope_a()["error"]["code"],
            serde_json::json!("INTERNAL_ERROR")
        );
    }

    #[test]
    fn a_run_without_a_panic_keeps_its_result() {
        assert_eq!(catch(|| Ok::<_, Error>(7)).unwrap(), 7);
        let e = catch::<()>(|| Err(Error::usage("bad flag"))).unwrap_err();
        assert_eq!(e.code, crate::error::ErrorCode::ValidationError);
    }

    #[test]
    fn a_panic_on_a_pool_thread_is_caught_on_the_calling_thread() {
        use rayon::prelude::*;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let e = catch(|| {
            pool.install(|| {
                (0..1000_u32)
                    .into_par_iter()
                    .map(|i| if i == 777 { panic!("item {i}") } else { i })
                    .sum::<u32>()
            });
            Ok(())
        })
        .unwrap_err();
        assert!(e.message.contains("(item 777)"), "{}", e.message);
    }
}
