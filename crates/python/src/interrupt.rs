//! Long calls that Ctrl-C can stop: the work runs on a worker thread with the interpreter
//! released, while the calling thread wakes every few milliseconds to let Python run its
//! signal handlers; a `KeyboardInterrupt` (or any exception a handler raises) sets the
//! work's stop flag, waits for it to wind down, and is raised.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the calling thread looks for signals: well inside the second a person waits.
const POLL: Duration = Duration::from_millis(20);

/// Runs `work` on a worker thread, the interpreter released, until it finishes or a signal
/// handler raises; `work` must return soon after its stop flag is set.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    interruptible_shared(py, |stop| work(&stop))
}

/// As [`interruptible`], with the stop flag shared: for work that hands it on to code that
/// cannot borrow it (the searchers and the solver keep it: their `with_stop`).
pub(crate) fn interruptible_shared<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(Arc<AtomicBool>) -> T + Send,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let done = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        let (flag, done) = (Arc::clone(&stop), &done);
        let worker = scope.spawn(move || {
            let output = work(flag);
            *done
                .0
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()) = true;
            done.1.notify_all();
            output
        });
        loop {
            let finished = py.detach(|| {
                let flag = done
                    .0
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                let (flag, _) = done
                    .1
                    .wait_timeout_while(flag, POLL, |finished| !*finished)
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                *flag
            });
            if finished || worker.is_finished() {
                break;
            }
            if let Err(raised) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                // The work winds down within one check of its flag; wait without the lock.
                let _ = py.detach(|| worker.join());
                return Err(raised);
            }
        }
        py.detach(|| worker.join())
            .map_err(|_| PyRuntimeError::new_err("internal error: the worker thread panicked"))
    })
}
